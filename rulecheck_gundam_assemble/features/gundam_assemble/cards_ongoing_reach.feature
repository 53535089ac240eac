Feature: Ongoing abilities that change an attack's reach, and conditions checked per target
  An ongoing ability of the attacker that adds range or ignores Line of Sight counts when the
  targets are checked (GA-WPN-2, GA-ILOS-1), together with the range cards used before the attack
  and those lasting this turn; a Response the unit does not use adds nothing. A damage modifier
  with a condition on the target applies to the targets that meet it, and a reduction a unit has
  for itself protects that unit only (GA-ROLL-6). The cards are hypothetical test data
  (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/ongoing_reach_and_conditions.yaml); the Long Rifle has range 3.

  Background:
    Given the scenario "ongoing_reach_and_conditions.yaml"

  @clause:GA-WPN-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: An ongoing +2 range reaches two hexes further, and an unused +1 range Response adds nothing
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [5, 0] |
      | Strider: Minelayer          | B    | [6, 0] |
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 5, 1
    Then the attack is allowed
    And "Cara's Strider" takes 1 hit
    When "Hypothetical Long Barrel GM" attacks "Strider: Minelayer" with Long Rifle
    Then the attack is not allowed under GA-TGT-1

  @clause:GA-WPN-2 @clause:GA-DECL-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: A +1 range Response used before the attack adds to the ongoing +2 range
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Strider: Minelayer          | B    | [6, 0] |
    And "Hypothetical Long Barrel GM" will use "Spare Scope"
    When "Hypothetical Long Barrel GM" attacks "Strider: Minelayer" with Long Rifle and rolls 5, 1
    Then the attack is allowed

  @clause:GA-ILOS-1 @clause:GA-LOS-3 @ruling:derived
  Scenario: An ongoing ability that ignores Line of Sight shoots over high terrain
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 3         |
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 5, 1
    Then the attack is allowed
    And the ruling cites GA-ILOS-1

  @clause:GA-WPN-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: "This turn its attacks have +1 range" still reaches the farther enemy in the unit's next attack, and only that unit's
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | QZ-82 Sentinel              | A    | [1, 1] |
      | Strider: Minelayer          | B    | [6, 0] |
    And player A will use "Ranging Beacon"
    When "Hypothetical Long Barrel GM" attacks "Strider: Minelayer" with Long Rifle and rolls 1, 1
    Then the attack is allowed
    When "Hypothetical Long Barrel GM" attacks "Strider: Minelayer" with Long Rifle and rolls 1, 1
    Then the attack is allowed
    When "QZ-82 Sentinel" attacks "Strider: Minelayer" with Beam Rifle
    Then the attack is not allowed under GA-TGT-1

  @clause:GA-ILOS-1 @clause:GA-LOS-3 @ruling:derived
  Scenario: "This turn its attacks ignore Line of Sight" still shoots over high terrain in the unit's next attack
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 3         |
    And player A will use "Overwatch Uplink"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 1, 1, 1, 1
    Then the attack is allowed
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 1, 1, 1, 1
    Then the attack is allowed

  @clause:GA-DMG-6 @clause:GA-DMG-4 @clause:GA-ROLL-6 @clause:GA-SEQ-10 @ruling:derived
  Scenario: An ongoing Damage+1 against a Fractured target and a unit's own damage reduction each reach their own target only
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Hypothetical Braced Zaku    | B    | [2, 0] |
      | Cara's Strider              | B    | [0, 2] |
    And the unit states:
      | name                     | status   |
      | Hypothetical Braced Zaku | Fracture |
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider"; "Hypothetical Braced Zaku" with Twin Rifle and rolls 5, 5
    Then "Hypothetical Braced Zaku" takes 3 damage
    And "Cara's Strider" takes 2 damage

  @clause:GA-ROLL-1 @clause:GA-ROLL-5 @ruling:derived
  Scenario: "+1 Strength against a target in water" reads the kind of terrain the target stands in
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [2, 0] |
    And the hexes:
      | at     | terrain |
      | [2, 0] | water   |
    And player A will use "Tidal Strike"
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 5, 5, 1
    Then the attack rolls 3 dice

  @clause:GA-TGT-1 @ruling:derived
  Scenario: An enemy whose ongoing ability forbids every attack to target it cannot be the target of a single attack
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Hypothetical Phantom        | B    | [2, 0] |
    When "Hypothetical Long Barrel GM" attacks "Hypothetical Phantom" with Long Rifle
    Then the attack is not allowed under GA-TGT-1
    And the trace says "Hypothetical Phantom cannot be targeted (Hypothetical Phantom's Cloak)"

  @clause:GA-ROLL-1 @clause:GA-SEQ-7 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: A Strength cut to 0 rolls no die, and Disarm then has no die to take and no Accuracy to change
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [2, 0] |
    And the unit states:
      | name                        | status |
      | Hypothetical Long Barrel GM | Disarm |
    And player B will use "Jamming Field"
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle
    Then the attack rolls 0 dice
    And the Accuracy against "Cara's Strider" is 0
    And "Hypothetical Long Barrel GM" does not have the status Disarm

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:derived
  Scenario: A card used before the attack that asks whether its unit defeated an enemy this turn adds nothing before any defeat
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [2, 0] |
    And player A will use "Early Momentum"
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 5, 1
    Then the attack rolls 2 dice

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:derived @faq:Q12
  Scenario: Under whole_activation only a Strength bonus carries to the unit's next attack, not a range card used before the first
    Given the interpretation strength_bonus_duration is whole_activation
    And the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [2, 0] |
    And the unit states:
      | name                        | activating |
      | Hypothetical Long Barrel GM | yes        |
    And "Hypothetical Long Barrel GM" will use "Spare Scope"
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 1, 1
    And "Hypothetical Long Barrel GM" attacks "Cara's Strider" with Long Rifle and rolls 1, 1
    Then the attack rolls 2 dice

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:derived
  Scenario: A card that makes the attack ignore one active Shield of each target lets all the damage through
    Given the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | QZ-82 Sentinel              | B    | [2, 0] |
    And player A will use "Armor Piercer"
    When "Hypothetical Long Barrel GM" attacks "QZ-82 Sentinel" with Long Rifle and rolls 5, 5
    Then "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" has 1 active Shields

  @clause:GA-CRIT-2 @clause:GA-SEQ-12 @ruling:interpretation @interpretation:aoe_crit_effect_scope
  Scenario: Under chosen_target a critical effect that resolves After Combat Damage reaches only the chosen one of two targets
    Given the interpretation aoe_crit_effect_scope is chosen_target
    And the pieces:
      | name                        | side | at     |
      | Hypothetical Long Barrel GM | A    | [0, 0] |
      | Cara's Strider              | B    | [2, 0] |
      | Strider: Minelayer          | B    | [0, 2] |
    And the attacking player chooses "Strider: Minelayer" for the critical hit effect
    When "Hypothetical Long Barrel GM" attacks "Cara's Strider"; "Strider: Minelayer" with Twin Rod and rolls 9, 1
    Then "Strider: Minelayer" has the status Fracture
    And "Cara's Strider" does not have the status Fracture
