Feature: Card vocabulary - who may respond, whom a Response reaches, and what it counts
  A Response is used only where its card puts it in play: on its own side's attack, by the
  defending player, when an ally attacks, or by a unit the attack targets. An effect on "the enemy
  attacked" needs no choice when the attack has one target; an effect on every target reaches each
  target in its range separately. The hypothetical units and cards (names start with
  "Hypothetical") are in rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/response_rules.yaml; the others are
  test data from rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml. Cara's Strider's Zaku Machine Gun costs 3
  Timeline and rolls 4 dice.

  Background:
    Given the scenario "response_rules.yaml"

  @clause:GA-SEQ-4 @clause:GA-SEQ-14 @ruling:derived @faq:Q114
  Scenario: A card for one's own attack and a card for the defender are refused to the other player
    Given player B will use "Steady Aim"
    And player A will use "Shaky Footing"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 4, 3, 1, 1
    Then player B cannot use "Steady Aim"
    And player A cannot use "Shaky Footing"
    And the trace says "player B cannot use Steady Aim: it is used only on its own side's attack"
    And the trace says "player A cannot use Shaky Footing: it is used only by the defending player"
    And "QZ-82 Sentinel" takes 1 hit

  @clause:GA-SEQ-4 @clause:GA-SEQ-14 @ruling:derived @faq:Q114
  Scenario: A unit's ability for when an ally attacks is refused while its side defends
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | ML-07C Crab    | B    | [2, 1] |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "ML-07C Crab" cannot use "Artillery Support"
    And the trace says "ML-07C Crab cannot use Artillery Support: it is used only when an ally attacks"
    And "QZ-82 Sentinel" has 6 hit points

  @clause:GA-SEQ-4 @clause:GA-SEQ-14 @ruling:derived @faq:Q114
  Scenario: An ally of the attacker cannot use its abilities for its own attacks or for when it is attacked
    Given the pieces:
      | name           | side | at     |
      | ML-07C Crab    | A    | [0, 0] |
      | QZ-82 Sentinel | A    | [0, 1] |
      | Cara's Strider | B    | [2, 0] |
    And "QZ-82 Sentinel" will use "Shield Bash"
    And "QZ-82 Sentinel" will use "Emergency Shield"
    When "ML-07C Crab" attacks "Cara's Strider" with Oggo Bazooka and rolls 1, 1
    Then "QZ-82 Sentinel" cannot use "Shield Bash"
    And "QZ-82 Sentinel" cannot use "Emergency Shield"
    And the trace says "QZ-82 Sentinel cannot use Shield Bash: it is used only on its own side's attack"
    And the trace says "QZ-82 Sentinel cannot use Emergency Shield: its unit is not a target of this attack"
    And "QZ-82 Sentinel" has 1 active Shields

  @clause:GA-SEQ-12 @ruling:derived @faq:Q25
  Scenario: A card for "the enemy attacked" needs no choice when the attack has one target
    Given player A will use "Marked for Ruin"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has the status Fracture
    And the trace does not say "both players respond"

  @clause:GA-ROLL-5 @ruling:interpretation @interpretation:single_target_ability_with_aoe @faq:Q25
  Scenario: After an area attack on two enemies a card for "the enemy attacked" must name which one
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Marked for Ruin"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then resolving fails because Marked for Ruin: choose which target it affects ('target')

  @clause:GA-LOS-9 @clause:GA-AOE-5 @ruling:derived
  Scenario: An ally's ranged Response to an area attack reaches only the targets in its own range
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
      | ML-07C Crab        | A    | [6, 0]  |
    And "ML-07C Crab" will use "Artillery Support"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then the targets are "Cara's Strider"; "Strider: Minelayer"
    And the trace says "Artillery Support cannot affect Cara's Strider"
    And "Cara's Strider" has 5 hit points
    And "Strider: Minelayer" has 3 hit points

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:derived
  Scenario: A card that makes the attack ignore a Shield lets every hit through
    Given player A will use "Hypothetical: Piercing Round"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage

  @clause:GA-DMG-2 @clause:GA-DMG-4 @clause:GA-ROLL-6 @ruling:derived
  Scenario: Against an area attack the Shield-piercing card ignores one Shield of each target, not one per target of each
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | shields |
      | Cara's Strider     | 2       |
      | Strider: Minelayer | 2       |
    And player A will use "Hypothetical: Piercing Round"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then "Cara's Strider" takes 1 damage
    And "Strider: Minelayer" takes 1 damage

  @clause:GA-DMG-4 @clause:GA-WPN-1 @ruling:derived
  Scenario: A damage reduction that lasts the turn protects its unit from every attack on it this turn, not its own attacks
    Given the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And player B will use "Hypothetical: Braced for the Turn"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 1 damage
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 1 damage
    And the trace says "player B's Hypothetical: Braced for the Turn still applies to QZ-82 Sentinel"
    When player B will use "Rapid Deployment"
    And "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 5, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "QZ-82 Sentinel"'s Timeline token is on space 2
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 1 damage
    And "QZ-82 Sentinel"'s Timeline token is on space 4
    When the turn ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage

  @clause:GA-SEQ-12 @clause:GA-DMG-3 @ruling:derived
  Scenario: A target's card that counts Upgrades counts the target's own, not the attacker's
    Given the pieces:
      | name                          | side | at     |
      | Cara's Strider                | A    | [0, 0] |
      | Hypothetical Upgraded Brawler | B    | [2, 0] |
    And the unit states:
      | name                          | upgrades          |
      | Hypothetical Upgraded Brawler | Strength, Strength |
    And "Hypothetical Upgraded Brawler" will use "Hypothetical: Spiked Recoil"
    When "Cara's Strider" attacks "Hypothetical Upgraded Brawler" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 3 hit points
    And the trace says "Spiked Recoil: Hypothetical Upgraded Brawler has 2 Strength Upgrades, so the effect's amount is 1 x 2 = 2"

  @clause:GA-SEQ-6 @clause:GA-ROLL-1 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Every effect of a card that counts Upgrades is multiplied by their number
    Given the pieces:
      | name                          | side | at     |
      | Hypothetical Upgraded Brawler | A    | [0, 0] |
      | QZ-82 Sentinel                | B    | [2, 0] |
    And the unit states:
      | name                          | upgrades           | energy |
      | Hypothetical Upgraded Brawler | Strength, Strength | 0      |
    And "Hypothetical Upgraded Brawler" will use "Hypothetical: Overcharged Frame"
    And the additional dice will show 1, 1
    When "Hypothetical Upgraded Brawler" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    Then the dice are 1, 1, 1, 1, 1
    And "Hypothetical Upgraded Brawler" has 2 Energy
    And "Hypothetical Upgraded Brawler" has 2 Shield Upgrades
    And the trace says "Overcharged Frame: Hypothetical Upgraded Brawler gains 2 Shield Upgrades"
    And the trace says "Overcharged Frame: Hypothetical Upgraded Brawler Energy 0 -> 2"
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |
    And "QZ-82 Sentinel" has 4 hit points
    And the trace does not say "needs Line of Sight"
    And the trace does not say "Hypothetical Upgraded Brawler is 0 hexes away"

  @clause:GA-TGT-1 @ruling:derived
  Scenario: A unit whose card keeps every attack off it cannot be the target of a single-target attack
    Given the pieces:
      | name                 | side | at     |
      | Cara's Strider       | A    | [0, 0] |
      | Hypothetical Phantom | B    | [2, 0] |
    When "Cara's Strider" attacks "Hypothetical Phantom" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then the attack is not allowed

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:derived
  Scenario: Of a unit's cards that keep it on the board, the owner chooses among those that serve this attack; a used once-per-turn card leaves the other
    Given the pieces:
      | name                      | side | at     |
      | Cara's Strider            | A    | [0, 0] |
      | Hypothetical Twin Holdout | B    | [2, 0] |
    And the unit states:
      | name                      | hp |
      | Hypothetical Twin Holdout | 1  |
    And the owner of "Hypothetical Twin Holdout" keeps it from defeat with "Hypothetical: Holds On Once per Turn"
    When "Cara's Strider" attacks "Hypothetical Twin Holdout" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Twin Holdout" is not defeated
    And "Hypothetical Twin Holdout" has 2 hit points
    When "Cara's Strider" attacks "Hypothetical Twin Holdout" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Hypothetical Twin Holdout" is not defeated
    And "Hypothetical Twin Holdout" has 1 hit points
    And the trace says "Hypothetical Twin Holdout has already used Hypothetical: Holds On Once per Turn this turn"

  @clause:GA-SEQ-6 @clause:GA-SEQ-7 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:disarm_timing @interpretation:disarm_effect @faq:Q86
  Scenario: Under before_defender_responses a Disarmed attacker's After Attack Roll cards resolve once, before Disarm and the defender's card
    Given the interpretation disarm_timing is before_defender_responses
    And the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    And player A will use "Second Salvo"
    And player A will use "Recalibrate"
    And player B will use "Jam Targeting" rerolling 5
    And the additional dice will show 6
    And the rerolled dice will show 7, 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 9, 5, 5, 2
    Then the dice are 5, 6, 7, 10
    And the trace says "After Attack Roll: 2 responses"
    And the trace does not say "After Attack Roll: 1 response"
    And the trace says "player A's Second Salvo: 1 additional attack dice roll [6]"

  @clause:GA-DEF-2 @clause:GA-SEQ-12 @clause:GA-LOS-9 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: Under may_respond a defeated unit's ranged Response has no hex to reach from
    Given the interpretation defeated_unit_responses is may_respond
    And the pieces:
      | name                         | side | at     |
      | Cara's Strider               | A    | [0, 0] |
      | Hypothetical Parting Shooter | B    | [2, 0] |
    And the unit states:
      | name                         | hp |
      | Hypothetical Parting Shooter | 1  |
    And "Hypothetical Parting Shooter" will use "Hypothetical: Parting Shot"
    When "Cara's Strider" attacks "Hypothetical Parting Shooter" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Parting Shooter" is defeated
    And "Hypothetical Parting Shooter" can use "Hypothetical: Parting Shot"
    And "Cara's Strider" has 5 hit points

  @clause:GA-ROLL-1 @clause:GA-DECL-2 @ruling:derived @faq:Q12
  Scenario: Even under whole_activation a card's "+1 Strength until the end of the activation" counts once per attack
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Adrenaline Surge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice

  @clause:GA-SEQ-4 @clause:GA-AOE-5 @ruling:interpretation @interpretation:defending_card_unit
  Scenario: By default (single_target_only) a defender's card for "this unit" helps no unit when an area attack targets two of its units
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player B will use "Hypothetical: Brace Yourself"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 0 active Shields
    And "Strider: Minelayer" has 0 active Shields
    And player B cannot use "Hypothetical: Brace Yourself"
    And the ruling reads the interpretation defending_card_unit as single_target_only

  @clause:GA-WPN-2 @clause:GA-ILOS-1 @clause:GA-WPN-1 @ruling:derived
  Scenario: Range and Line of Sight cards that last the turn count where targets are checked, and other lasting cards still apply
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [4, 0] |
    And player A will use "Hypothetical: Long Watch"
    And player A will use "Rapid Deployment"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack is allowed
    And "Cara's Strider"'s Timeline token is on space 2
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack is allowed
    And "Cara's Strider"'s Timeline token is on space 4
    And the trace does not say "Long Watch still applies"

  @clause:GA-TGT-1 @ruling:derived @faq:Q59
  Scenario: A card that keeps area attacks off its unit plays no part in that unit's own later attacks
    Given player A will use "Hypothetical (Q.59): Going Dark"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the trace does not say "Going Dark still applies"

  @clause:GA-DMG-4 @clause:GA-ROLL-6 @ruling:derived
  Scenario: A damage reduction that lasts the turn protects only its own unit from a later area attack
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | shields |
      | Cara's Strider     | 0       |
      | Strider: Minelayer | 0       |
    And player B will use "Hypothetical: Braced for the Turn"
    When "QX-40 Bastion" attacks "Strider: Minelayer" with 180mm Cannon and rolls 1, 1, 1
    And "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "Strider: Minelayer" takes 1 damage

  @clause:GA-DEF-2 @clause:GA-SEQ-12 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: By default a unit the attack defeated cannot use its Response
    Given the pieces:
      | name                         | side | at     |
      | Cara's Strider               | A    | [0, 0] |
      | Hypothetical Parting Shooter | B    | [2, 0] |
    And the unit states:
      | name                         | hp |
      | Hypothetical Parting Shooter | 1  |
    And "Hypothetical Parting Shooter" will use "Hypothetical: Parting Shot"
    When "Cara's Strider" attacks "Hypothetical Parting Shooter" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Parting Shooter" cannot use "Hypothetical: Parting Shot"
    And the ruling names the interpretation defeated_unit_responses
    And "Cara's Strider" has 5 hit points

  @clause:GA-SEQ-12 @clause:GA-DMG-3 @ruling:derived
  Scenario: An attacker defeated by its target's Response counts as an enemy that target defeated this turn
    Given the pieces:
      | name                          | side | at     |
      | Cara's Strider                | A    | [0, 0] |
      | Hypothetical Upgraded Brawler | B    | [2, 0] |
      | QZ-82 Sentinel                | A    | [2, 2] |
    And the unit states:
      | name                          | hp | upgrades |
      | Cara's Strider                | 1  |          |
      | Hypothetical Upgraded Brawler |    | Strength |
    And "Hypothetical Upgraded Brawler" will use "Hypothetical: Spiked Recoil"
    When "Cara's Strider" attacks "Hypothetical Upgraded Brawler" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" is defeated
    When player B will use "Momentum"
    And "Hypothetical Upgraded Brawler" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice

  @clause:GA-SEQ-12 @clause:GA-SEQ-4 @clause:GA-WPN-4 @ruling:derived @faq:Q50
  Scenario: Q.50 - a weapon that closes After Combat Damage leaves Before Attack Roll open
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical (Q.9) Gunner | A    | [0, 0] |
      | Cara's Strider            | B    | [1, 0] |
    And player A will use "Steady Aim"
    When "Hypothetical (Q.9) Gunner" attacks "Cara's Strider" with Hypothetical (Q.50): Scythe Closing After Combat Damage and rolls 3, 1, 1
    Then player A can use "Steady Aim"
    And the Accuracy against "Cara's Strider" is 1

  @clause:GA-CRIT-4 @clause:GA-ROLL-5 @ruling:derived
  Scenario: Cards that make 8s critical hits or add Strength only against a higher target do nothing against a level one
    Given player A will use "Hypothetical: Uphill Focus"
    And player A will use "Uphill Barrage"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 8, 1, 1, 1
    Then the critical hit effect does not trigger
    And the attack rolls 4 dice
    And the trace says "player A's Uphill Barrage: its condition holds against no target; it does not apply"

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:derived @faq:Q23
  Scenario: A target pushed to another hex still in range and Line of Sight stays the target
    Given the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [3, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then the trace says "player A's Shoulder Charge: QZ-82 Sentinel moves from [2, 0] to [3, 0]"
    And "QZ-82 Sentinel" now stands at [3, 0]
    And "QZ-82 Sentinel" takes 1 damage
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |

  @clause:GA-DECL-2 @ruling:derived
  Scenario: An attacker whose own card allows no Responses before its attacks cannot use a card there either
    Given the pieces:
      | name                       | side | at     |
      | Hypothetical Silent Hunter | A    | [0, 0] |
      | QZ-82 Sentinel             | B    | [2, 0] |
    And player A will use "Rapid Deployment"
    When "Hypothetical Silent Hunter" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    Then player A cannot use "Rapid Deployment"
    And the trace says "Hypothetical Silent Hunter's Hypothetical: Silent Approach allows no Responses"
    And "Hypothetical Silent Hunter"'s Timeline token is on space 2

  @clause:GA-DMG-3 @clause:GA-DEF-1 @clause:GA-ROLL-1 @ruling:derived
  Scenario: A unit whose card defeats its own ally has not defeated an enemy this turn
    Given the pieces:
      | name                          | side | at     |
      | Cara's Strider                | A    | [0, 0] |
      | Hypothetical Reckless Spotter | A    | [0, 1] |
      | QZ-82 Sentinel                | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Cara's Strider | 1  |
    And "Hypothetical Reckless Spotter" will use "Hypothetical: Overheated Link"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" is defeated
    When player A will use "Momentum"
    And "Hypothetical Reckless Spotter" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    Then the attack rolls 3 dice
    And the trace says "defeated_enemy_this_turn is False"

  @clause:GA-SEQ-12 @clause:GA-ROLL-3 @ruling:interpretation @interpretation:defending_card_unit
  Scenario: By default (single_target_only) a defender's card that attacks back is not used when the attack has two targets
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And player B will use "Hypothetical: Counter-Salvo"
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Finger Vulcans and rolls 1, 1, 1, 1
    Then player B cannot use "Hypothetical: Counter-Salvo"
    And no attack is made back
    And the ruling reads the interpretation defending_card_unit as single_target_only
    And the attack runs to its end

  @clause:GA-SEQ-12 @ruling:derived @faq:Q25
  Scenario: A card for "the enemy attacked" aimed at a unit the attack does not target is refused
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And player A will use "Marked for Ruin" on "PK-5 Kite"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then resolving fails because is not a target of this attack still on the board

  @clause:GA-DEF-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: A defeated unit whose Response would damage itself takes no damage in Reserve and is not defeated twice
    Given the pieces:
      | name                          | side | at     |
      | Cara's Strider                | A    | [0, 0] |
      | Hypothetical Volatile Reactor | B    | [2, 0] |
    And the interpretation defeated_unit_responses is may_respond
    And "Hypothetical Volatile Reactor" will use "Hypothetical: Reactor Burst"
    When "Cara's Strider" attacks "Hypothetical Volatile Reactor" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Hypothetical Volatile Reactor" is defeated
    And player A has 2 victory points
    And "Hypothetical Volatile Reactor" has 2 hit points
    And the trace says "Hypothetical Volatile Reactor is in Reserve, off the board: it takes no damage"

  @clause:GA-ILOS-1 @clause:GA-WPN-4 @clause:GA-LOS-3 @ruling:derived
  Scenario: A weapon whose own effect ignores Line of Sight shoots over high terrain its other weapon cannot
    Given the pieces:
      | name                       | side | at     |
      | Hypothetical Mortar Carrier | A    | [0, 0] |
      | QZ-82 Sentinel             | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 3         |
    When "Hypothetical Mortar Carrier" attacks "QZ-82 Sentinel" with Rifle
    Then the attack is not allowed under GA-LOS-3
    When "Hypothetical Mortar Carrier" attacks "QZ-82 Sentinel" with Lobbed Shell and rolls 1, 1, 1
    Then the attack is allowed
    And the ruling cites GA-ILOS-1

  @clause:GA-SEQ-4 @clause:GA-AOE-5 @ruling:interpretation @interpretation:defending_card_unit
  Scenario: Under defender_chooses a defender's card for "this unit" serves the target its player names
    Given the interpretation defending_card_unit is defender_chooses
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player B will use "Hypothetical: Brace Yourself" on "Cara's Strider"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 1 active Shields
    And "Strider: Minelayer" has 0 active Shields

  @clause:GA-SEQ-12 @clause:GA-ROLL-3 @ruling:interpretation @interpretation:defending_card_unit
  Scenario: Under defender_chooses a defender's card that attacks back attacks with the target its player names
    Given the interpretation defending_card_unit is defender_chooses
    And the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And player B will use "Hypothetical: Counter-Salvo" on "QZ-82 Sentinel"
    And "Hypothetical: Counter-Salvo" chooses weapon "Beam Rifle"
    And the nested attack dice will show 1, 1, 1, 1
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Finger Vulcans and rolls 1, 1, 1, 1
    Then an attack is made back
    And the trace says "QZ-82 Sentinel attacks MT-05B Lash"
