Feature: Damage and Shields
  Char's Zaku II (player A) fires its Zaku Machine Gun (Strength 4) at a unit two hexes away. The
  Gundam has 6 hit points and 1 Shield; the GM has 4 hit points and an ongoing ability that
  reduces combat damage by 1 (test data).

  Background:
    Given the pieces:
      | name           | side | at     |
      | Char's Zaku II | A    | [0, 0] |
      | RX-78-2 Gundam | B    | [2, 0] |
      | RGM-79 GM      | B    | [0, 2] |

  @clause:GA-DMG-1 @clause:GA-DMG-3 @ruling:derived @faq:Q78 @faq:Q94
  Scenario: Each hit deals one damage, which comes off the target's hit points
    Given the unit states:
      | name           | shields |
      | RX-78-2 Gundam | 0       |
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "RX-78-2 Gundam" takes 2 damage
    And "RX-78-2 Gundam" has 4 hit points

  @clause:GA-DMG-2 @ruling:derived @faq:Q118
  Scenario: Each active Shield prevents one damage
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "RX-78-2 Gundam"
    And "RX-78-2 Gundam" takes 1 damage
    And the trace does not say "the critical hit effect still applied"

  @clause:GA-DMG-1 @clause:GA-DMG-2 @ruling:derived
  Scenario: With the rulebook number set to 2 damage a hit, two hits deal 4 damage and the Shield stops 1 of it
    Given the parameter damage_per_hit is 2
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "RX-78-2 Gundam"
    And "RX-78-2 Gundam" takes 3 damage
    And "RX-78-2 Gundam" has 3 hit points

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use
  Scenario: With the rulebook number set to 2 damage a Shield, 3 damage use up both Shields, the second only in part
    Given the parameter damage_per_shield is 2
    And the unit states:
      | name           | shields |
      | RX-78-2 Gundam | 2       |
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then Shields prevent 3 damage to "RX-78-2 Gundam"
    And "RX-78-2 Gundam" has 6 hit points
    And "RX-78-2 Gundam" has 0 active Shields

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use @faq:Q83
  Scenario: A Shield that prevented damage is deactivated by default
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "RX-78-2 Gundam" has 0 active Shields
    And "RX-78-2 Gundam" has 1 deactivated Shields
    And the ruling names the interpretation shields_after_use

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use @faq:Q83
  Scenario: Under stay_active a Shield stays active after preventing damage
    Given the interpretation shields_after_use is stay_active
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "RX-78-2 Gundam" has 1 active Shields
    And "RX-78-2 Gundam" takes 1 damage

  @clause:GA-DMG-2 @ruling:derived
  Scenario: A Shield that prevents nothing stays active
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "RX-78-2 Gundam" has 1 active Shields

  @clause:GA-DMG-5 @ruling:derived @faq:Q118
  Scenario: The critical hit effect applies even when Shields stop all the damage
    Given the pieces:
      | name           | side | at     |
      | RX-78-2 Gundam | A    | [0, 0] |
      | Char's Zaku II | B    | [1, 0] |
    And the unit states:
      | name           | shields |
      | Char's Zaku II | 3       |
    When "RX-78-2 Gundam" attacks "Char's Zaku II" with "Beam Saber" and rolls 9, 1, 1, 1, 1
    Then "Char's Zaku II" takes 0 damage
    And "Char's Zaku II" has the status Fracture
    And the ruling cites GA-DMG-5

  @clause:GA-DMG-5 @clause:GA-CRIT-2 @ruling:derived
  Scenario: A critical hit whose attack deals damage needs no word about Shields stopping it all
    Given the pieces:
      | name           | side | at     |
      | RX-78-2 Gundam | A    | [0, 0] |
      | Char's Zaku II | B    | [1, 0] |
    When "RX-78-2 Gundam" attacks "Char's Zaku II" with "Beam Saber" and rolls 9, 5, 1, 1, 1
    Then the critical hit effect triggers once
    And "Char's Zaku II" takes 3 damage
    And the trace does not say "the critical hit effect still applied"

  @clause:GA-SEQ-9 @clause:GA-DMG-3 @clause:GA-DEF-1 @ruling:interpretation @interpretation:excess_damage_dealt @faq:Q36 @faq:Q94
  Scenario: By default an attack deals all its damage even beyond the target's remaining hit points, which defeats it
    Given the unit states:
      | name           | hp | shields |
      | RX-78-2 Gundam | 2  | 0       |
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 5, 5
    Then "RX-78-2 Gundam" takes 4 damage
    And "RX-78-2 Gundam" is defeated
    And the ruling names the interpretation excess_damage_dealt

  @clause:GA-DMG-6 @clause:GA-DMG-4 @ruling:derived @faq:Q78
  Scenario: Damage+X is added before Shields apply
    Given player A will use "Overcharge"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "RX-78-2 Gundam"
    And "RX-78-2 Gundam" takes 3 damage
    And the trace says "RX-78-2 Gundam: 2 hits, Damage+2, 1 prevented by 1 of 1 active Shields"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: A damage reduction applies before Shields
    Given the unit states:
      | name      | shields |
      | RGM-79 GM | 1       |
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then Shields prevent 1 damage to "RGM-79 GM"
    And "RGM-79 GM" takes 1 damage
    And the trace says "RGM-79 GM: 3 hits, reduced by 1, 1 prevented by 1 of 1 active Shields"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: When a reduction already cancels the damage, no Shield is used
    Given the unit states:
      | name      | shields |
      | RGM-79 GM | 1       |
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 5, 1, 1, 1
    Then "RGM-79 GM" takes 0 damage
    And "RGM-79 GM" has 1 active Shields

  @clause:GA-DMG-4 @ruling:derived
  Scenario: A defending player's card reduces the damage to its targeted unit before Shields
    Given player B will use "Reinforced Plating"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then "RX-78-2 Gundam" takes 1 damage

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q37 @faq:Q102 @faq:Q52
  Scenario: Collision damage is non-combat damage; Shields and attack damage reductions do not stop it
    Given the unit states:
      | name      | shields |
      | RGM-79 GM | 1       |
    And player A will use "Collision Course" on "RGM-79 GM"
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RGM-79 GM" has 2 hit points
    And "RGM-79 GM" has 1 active Shields
    And the ruling names the interpretation non_combat_damage_mitigation

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q37 @faq:Q102 @faq:Q52
  Scenario: Under reductions_apply an attack damage reduction also cuts collision damage
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And player A will use "Collision Course" on "RGM-79 GM"
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RGM-79 GM" has 3 hit points

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under reductions_apply a reduction as large as the non-combat damage leaves none of it
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And the pieces:
      | name           | side | at      |
      | Char's Zaku II | A    | [0, 0]  |
      | RGM-79 GM      | B    | [0, 2]  |
      | MP-02A Oggo    | A    | [-1, 0] |
    And "MP-02A Oggo" will use "Artillery Support"
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RGM-79 GM" has 4 hit points

  @clause:GA-DMG-4 @clause:GA-SEQ-10 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under reductions_apply and any_damage non-combat damage cut to nothing does not set off Fracture
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And the interpretation fracture_trigger is any_damage
    And the pieces:
      | name           | side | at      |
      | Char's Zaku II | A    | [0, 0]  |
      | RGM-79 GM      | B    | [0, 2]  |
      | MP-02A Oggo    | A    | [-1, 0] |
    And the unit states:
      | name      | status   |
      | RGM-79 GM | Fracture |
    And "MP-02A Oggo" will use "Artillery Support"
    When "Char's Zaku II" attacks "RGM-79 GM" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RGM-79 GM" has 4 hit points
    And "RGM-79 GM" has the status Fracture

  @clause:GA-DMG-6 @clause:GA-DMG-1 @ruling:interpretation @interpretation:damage_plus_without_hits
  Scenario: By default Damage+X adds its damage even when no die hits
    Given the unit states:
      | name           | shields |
      | RX-78-2 Gundam | 0       |
    And player A will use "Overcharge"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "RX-78-2 Gundam" takes 0 hits
    And "RX-78-2 Gundam" takes 2 damage
    And the ruling names the interpretation damage_plus_without_hits

  @clause:GA-DMG-6 @ruling:interpretation @interpretation:damage_plus_without_hits
  Scenario: Under needs_a_hit an attack that scores no hit deals no damage for Damage+X to raise
    Given the interpretation damage_plus_without_hits is needs_a_hit
    And the unit states:
      | name           | shields |
      | RX-78-2 Gundam | 0       |
    And player A will use "Overcharge"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "RX-78-2 Gundam" takes 0 damage
    And "RX-78-2 Gundam" has 6 hit points

  @clause:GA-SEQ-9 @clause:GA-DMG-3 @ruling:interpretation @interpretation:excess_damage_dealt @faq:Q36
  Scenario: Under up_to_hit_points only the hit points left count as damage dealt, and the target is still defeated
    Given the interpretation excess_damage_dealt is up_to_hit_points
    And the unit states:
      | name           | hp | shields |
      | RX-78-2 Gundam | 2  | 0       |
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 5, 5
    Then "RX-78-2 Gundam" takes 2 damage
    And "RX-78-2 Gundam" is defeated

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger @faq:Q91 @interpretation:non_combat_damage_mitigation
  Scenario: By default collision damage does not set off Fracture; only the attack's damage does
    Given the unit states:
      | name           | status   |
      | RX-78-2 Gundam | Fracture |
    And player A will use "Collision Course" on "RX-78-2 Gundam"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RX-78-2 Gundam" has 4 hit points
    And "RX-78-2 Gundam" has the status Fracture
    And the ruling names the interpretation fracture_trigger

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger @interpretation:fracture_effect @faq:Q91 @interpretation:non_combat_damage_mitigation
  Scenario: Under any_damage collision damage sets off Fracture, which adds one damage and goes
    Given the interpretation fracture_trigger is any_damage
    And the unit states:
      | name           | status   |
      | RX-78-2 Gundam | Fracture |
    And player A will use "Collision Course" on "RX-78-2 Gundam"
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "RX-78-2 Gundam" has 3 hit points
    And "RX-78-2 Gundam" does not have the status Fracture
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
