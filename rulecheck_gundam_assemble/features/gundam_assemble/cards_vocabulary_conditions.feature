Feature: Card vocabulary - conditions, counting and recipients
  Invented cards (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_conditions.yaml) with the words real
  cards print: a weapon effect with a window of its own ("After Attack Roll: destroy one Upgrade of
  the target"), a condition on one effect of a card or on a weapon effect, counting ("2 or more
  Upgrades of any type", "for each target"), the target's state ("if the target is damaged", "has
  Shields"), and recipients ("another allied unit", "each enemy adjacent to the target"). The
  Vanguard Frame (6 hit points) attacks; its weapons roll 4 dice; the Warden Frame has 4 hit points
  and no Shield, the Bulwark Frame 5 hit points and 1 Shield.

  Background:
    Given the scenario "vocabulary_conditions.yaml"

  @clause:GA-WPN-4 @clause:GA-SEQ-6 @ruling:derived
  Scenario: A weapon effect with its own window resolves After Attack Roll, before damage
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | upgrades |
      | Warden Frame | Shield   |
    When "Vanguard Frame" attacks "Warden Frame" with Breaker Lance and rolls 5, 1, 1, 1
    Then "Warden Frame" has 0 Shield Upgrades
    And "Warden Frame" has 3 hit points
    And the ruling cites GA-WPN-4
    And the trace says "weapon effect of Breaker Lance in this window: destroy 1 Upgrade of any type"

  @clause:GA-WPN-4 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:weapon_window_effect_order
  Scenario: By default a weapon's own effect resolves before the attacking player's Responses in its window
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Bulwark Frame  | B    | [2, 0] |
    And "Vanguard Frame" will use "Shield Skimmer"
    When "Vanguard Frame" attacks "Bulwark Frame" with Shield Splitter and rolls 1, 1, 1, 1
    Then "Bulwark Frame" has 0 active Shields
    And "Vanguard Frame" has 0 Energy
    And the trace says "Shield Splitter's own effect in this window resolves before the attacking player's Responses"

  @clause:GA-WPN-4 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:weapon_window_effect_order
  Scenario: Under after_attacker_responses the attacking player's Responses come before the weapon's own effect
    Given the interpretation weapon_window_effect_order is after_attacker_responses
    And the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Bulwark Frame  | B    | [2, 0] |
    And "Vanguard Frame" will use "Shield Skimmer"
    When "Vanguard Frame" attacks "Bulwark Frame" with Shield Splitter and rolls 1, 1, 1, 1
    Then "Bulwark Frame" has 0 active Shields
    And "Vanguard Frame" has 1 Energy

  @clause:GA-WPN-4 @clause:GA-SEQ-6 @ruling:derived
  Scenario: A weapon effect with its own window is not an ongoing effect: the target without an Upgrade loses none
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    When "Vanguard Frame" attacks "Warden Frame" with Breaker Lance and rolls 5, 1, 1, 1
    Then "Warden Frame" has 0 Shield Upgrades
    And the trace says "Warden Frame has no Upgrade to destroy"

  @clause:GA-WPN-4 @clause:GA-CRIT-2 @ruling:interpretation @interpretation:any_upgrade_destroyed
  Scenario: By default (most_held) "an Upgrade of any type" takes one of the type the target has most of
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | upgrades             |
      | Warden Frame | Speed, Speed, Shield |
    When "Vanguard Frame" attacks "Warden Frame" with Breaker Lance and rolls 1, 1, 1, 1
    Then "Warden Frame" has 1 Speed Upgrades
    And "Warden Frame" has 1 Shield Upgrades
    And the ruling reads the interpretation any_upgrade_destroyed as most_held

  @clause:GA-WPN-4 @clause:GA-CRIT-2 @ruling:interpretation @interpretation:any_upgrade_destroyed
  Scenario: Under last_gained "an Upgrade of any type" takes the Upgrade gained last
    Given the interpretation any_upgrade_destroyed is last_gained
    And the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | upgrades              |
      | Warden Frame | Speed, Speed, Shield  |
    When "Vanguard Frame" attacks "Warden Frame" with Breaker Lance and rolls 1, 1, 1, 1
    Then "Warden Frame" has 2 Speed Upgrades
    And "Warden Frame" has 0 Shield Upgrades

  @clause:GA-SEQ-6 @clause:GA-CRIT-2 @ruling:derived
  Scenario: A card's "an Upgrade of any type" is the player's pick when it is scripted, and no reading is asked
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | upgrades             |
      | Warden Frame | Speed, Speed, Shield |
    And player A will use "Strip the Kit"
    And "Strip the Kit" chooses upgrade "Shield"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 1, 1, 1, 1
    Then "Warden Frame" has 0 Shield Upgrades
    And "Warden Frame" has 2 Speed Upgrades
    And the trace does not say "the pick is not scripted"

  @clause:GA-SEQ-12 @clause:GA-SEQ-11 @ruling:derived
  Scenario: A condition on one effect of a card: the repair happens, the Energy only if the attack defeated a target
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Vanguard Frame | 4  |
    And "Vanguard Frame" will use "Salvage Protocol"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then "Warden Frame" is not defeated
    And "Vanguard Frame" has 5 hit points
    And "Vanguard Frame" has 0 Energy
    And the trace says "so that effect does not happen"

  @clause:GA-SEQ-12 @clause:GA-SEQ-11 @ruling:derived
  Scenario: A condition on one effect of a card: when the attack defeats its target both effects happen
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Vanguard Frame | 4  |
    And "Vanguard Frame" will use "Salvage Protocol"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 5, 5, 5
    Then "Warden Frame" is defeated
    And "Vanguard Frame" has 5 hit points
    And "Vanguard Frame" has 1 Energy

  @clause:GA-WPN-4 @clause:GA-DMG-6 @ruling:interpretation @interpretation:damaged_unit
  Scenario: By default (below_printed_hp) a weapon effect's "if the target is damaged" holds for a target below its card's hit points
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | hp |
      | Warden Frame | 3  |
    When "Vanguard Frame" attacks "Warden Frame" with Shock Blade and rolls 5, 1, 1, 1
    Then "Warden Frame" takes 2 damage
    And the ruling reads the interpretation damaged_unit as below_printed_hp

  @clause:GA-WPN-4 @clause:GA-DMG-6 @ruling:derived
  Scenario: The weapon effect's condition does not hold for an undamaged target
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    When "Vanguard Frame" attacks "Warden Frame" with Shock Blade and rolls 5, 1, 1, 1
    Then "Warden Frame" takes 1 damage

  @clause:GA-WPN-4 @clause:GA-DMG-6 @ruling:interpretation @interpretation:damaged_unit
  Scenario: Under damaged_this_attack a target hurt before this attack is not damaged when the damage is worked out
    Given the interpretation damaged_unit is damaged_this_attack
    And the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | hp |
      | Warden Frame | 3  |
    When "Vanguard Frame" attacks "Warden Frame" with Shock Blade and rolls 5, 1, 1, 1
    Then "Warden Frame" takes 1 damage

  @clause:GA-ROLL-1 @clause:GA-SEQ-4 @ruling:derived
  Scenario: "If this unit has 2 or more Upgrades (of any type)" counts Upgrades of every type
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name           | upgrades        |
      | Vanguard Frame | Strength, Speed |
    And "Vanguard Frame" will use "Upgrade Surge"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 1, 1, 1, 1, 1, 1
    Then the attack rolls 6 dice

  @clause:GA-ROLL-1 @clause:GA-SEQ-4 @ruling:derived
  Scenario: With one Upgrade the count of 2 or more is not met and the card is not used
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name           | upgrades |
      | Vanguard Frame | Speed    |
    And "Vanguard Frame" will use "Upgrade Surge"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice
    And the trace says "it has 1 Upgrade, fewer than 2"

  @clause:GA-HIT-2 @clause:GA-SEQ-4 @ruling:derived
  Scenario: "+1 Accuracy for each Upgrade of any type" counts every typed Upgrade, and plain labels not
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name           | upgrades                      |
      | Vanguard Frame | Strength, Shield, Trophy      |
    And "Vanguard Frame" will use "Kit Tuning"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 3, 3, 1, 1
    Then "Warden Frame" takes 2 hits
    And the trace says "Vanguard Frame has 2 Upgrades"

  @clause:GA-DMG-6 @clause:GA-ROLL-3 @ruling:derived
  Scenario: "For each target" counts the targets of the attack: Damage+2 against each of two
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
      | Bulwark Frame  | B    | [0, 2] |
    And the unit states:
      | name          | shields |
      | Bulwark Frame | 0       |
    And "Vanguard Frame" will use "Spread Volley"
    When "Vanguard Frame" attacks "Warden Frame"; "Bulwark Frame" with Splash Launcher and rolls 5, 1, 1, 1
    Then "Warden Frame" takes 3 damage
    And "Bulwark Frame" takes 3 damage

  @clause:GA-DMG-6 @clause:GA-ROLL-3 @ruling:derived
  Scenario: "For each target" with one target is Damage+1
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And "Vanguard Frame" will use "Spread Volley"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then "Warden Frame" takes 2 damage

  @clause:GA-DMG-6 @clause:GA-DMG-2 @ruling:derived
  Scenario: "Damage+1 against a target that has Shields" holds against a shielded target only
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
      | Bulwark Frame  | B    | [0, 2] |
    And "Vanguard Frame" will use "Spread Volley"
    And "Vanguard Frame" will use "Shield Breaker"
    When "Vanguard Frame" attacks "Warden Frame"; "Bulwark Frame" with Splash Launcher and rolls 5, 5, 1, 1
    Then "Warden Frame" takes 4 damage
    And "Bulwark Frame" takes 4 damage
    And the trace says "its effect on Warden Frame asks for target_has_shields=True (of Warden Frame): not met"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: "Another allied unit" is the ally the player names
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Relay Frame    | A    | [0, 1] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name        | hp |
      | Relay Frame | 1  |
    And "Vanguard Frame" will use "Rally Link"
    And "Rally Link" chooses ally "Relay Frame"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then "Relay Frame" has 3 hit points

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: "Another allied unit" cannot be an enemy
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And "Vanguard Frame" will use "Rally Link"
    And "Rally Link" chooses ally "Warden Frame"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then resolving fails because is not an ally of

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: "Another allied unit" cannot be the card's own unit
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And "Vanguard Frame" will use "Rally Link"
    And "Rally Link" chooses ally "Vanguard Frame"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then resolving fails because not another allied unit

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: "Another allied unit" must be named
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [2, 0] |
    And "Vanguard Frame" will use "Rally Link"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 5, 1, 1, 1
    Then resolving fails because Rally Link acts on another allied unit; name it

  @clause:GA-WR-2 @clause:GA-DMG-3 @clause:GA-SEQ-12 @ruling:derived
  Scenario: "Each enemy adjacent to the target" reaches out from the target: enemies next to it, not allies, not the far ones
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [3, 0] |
      | Bulwark Frame  | B    | [4, 0] |
      | Relay Frame    | A    | [3, 1] |
    And the unit states:
      | name          | shields |
      | Bulwark Frame | 0       |
    When "Vanguard Frame" attacks "Warden Frame" with Splash Launcher and rolls 1, 1, 1, 1
    Then "Bulwark Frame" has 4 hit points
    And "Relay Frame" has 4 hit points
    And "Warden Frame" has 4 hit points
    And the ruling cites GA-WR-2

  @clause:GA-WR-2 @clause:GA-SEQ-12 @ruling:derived
  Scenario: An enemy two hexes from the target is not adjacent to it
    Given the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Warden Frame   | B    | [3, 0] |
      | Bulwark Frame  | B    | [5, 0] |
    When "Vanguard Frame" attacks "Warden Frame" with Splash Launcher and rolls 1, 1, 1, 1
    Then "Bulwark Frame" has 5 hit points
