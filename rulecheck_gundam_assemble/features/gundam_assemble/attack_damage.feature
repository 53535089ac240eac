Feature: Damage and Shields
  Cara's Strider (player A) fires its Zaku Machine Gun (Strength 4) at a unit two hexes away. The
  Gundam has 6 hit points and 1 Shield; the Kite has 4 hit points and an ongoing ability that
  reduces combat damage by 1 (test data).

  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |

  @clause:GA-DMG-1 @clause:GA-DMG-3 @ruling:derived @faq:Q78 @faq:Q94
  Scenario: Each hit deals one damage, which comes off the target's hit points
    Given the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" has 4 hit points

  @clause:GA-DMG-2 @ruling:derived @faq:Q118
  Scenario: Each active Shield prevents one damage
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" takes 1 damage
    And the trace does not say "the critical hit effect still applied"

  @clause:GA-DMG-1 @clause:GA-DMG-2 @ruling:derived
  Scenario: With the rulebook number set to 2 damage a hit, two hits deal 4 damage and the Shield stops 1 of it
    Given the parameter damage_per_hit is 2
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" takes 3 damage
    And "QZ-82 Sentinel" has 3 hit points

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use
  Scenario: With the rulebook number set to 2 damage a Shield, 3 damage use up both Shields, the second only in part
    Given the parameter damage_per_shield is 2
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 2       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then Shields prevent 3 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" has 6 hit points
    And "QZ-82 Sentinel" has 0 active Shields

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use @faq:Q83
  Scenario: A Shield that prevented damage is deactivated by default
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" has 0 active Shields
    And "QZ-82 Sentinel" has 1 deactivated Shields
    And the ruling names the interpretation shields_after_use

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:shields_after_use @faq:Q83
  Scenario: Under stay_active a Shield stays active after preventing damage
    Given the interpretation shields_after_use is stay_active
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" has 1 active Shields
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-DMG-2 @ruling:derived
  Scenario: A Shield that prevents nothing stays active
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "QZ-82 Sentinel" has 1 active Shields

  @clause:GA-DMG-5 @ruling:derived @faq:Q118
  Scenario: The critical hit effect applies even when Shields stop all the damage
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [1, 0] |
    And the unit states:
      | name           | shields |
      | Cara's Strider | 3       |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber" and rolls 9, 1, 1, 1, 1
    Then "Cara's Strider" takes 0 damage
    And "Cara's Strider" has the status Fracture
    And the ruling cites GA-DMG-5

  @clause:GA-DMG-5 @clause:GA-CRIT-2 @ruling:derived
  Scenario: A critical hit whose attack deals damage needs no word about Shields stopping it all
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [1, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber" and rolls 9, 5, 1, 1, 1
    Then the critical hit effect triggers once
    And "Cara's Strider" takes 3 damage
    And the trace does not say "the critical hit effect still applied"

  @clause:GA-SEQ-9 @clause:GA-DMG-3 @clause:GA-DEF-1 @ruling:interpretation @interpretation:excess_damage_dealt @faq:Q36 @faq:Q94
  Scenario: By default an attack deals all its damage even beyond the target's remaining hit points, which defeats it
    Given the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 2  | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 5, 5
    Then "QZ-82 Sentinel" takes 4 damage
    And "QZ-82 Sentinel" is defeated
    And the ruling names the interpretation excess_damage_dealt

  @clause:GA-DMG-6 @clause:GA-DMG-4 @ruling:derived @faq:Q78
  Scenario: Damage+X is added before Shields apply
    Given player A will use "Overcharge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 1 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" takes 3 damage
    And the trace says "QZ-82 Sentinel: 2 hits, Damage+2, 1 prevented by 1 of 1 active Shields"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: A damage reduction applies before Shields
    Given the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then Shields prevent 1 damage to "PK-5 Kite"
    And "PK-5 Kite" takes 1 damage
    And the trace says "PK-5 Kite: 3 hits, reduced by 1, 1 prevented by 1 of 1 active Shields"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: When a reduction already cancels the damage, no Shield is used
    Given the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 5, 1, 1, 1
    Then "PK-5 Kite" takes 0 damage
    And "PK-5 Kite" has 1 active Shields

  @clause:GA-DMG-4 @ruling:derived
  Scenario: A defending player's card reduces the damage to its targeted unit before Shields
    Given player B will use "Reinforced Plating"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 5, 1
    Then "QZ-82 Sentinel" takes 1 damage

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q37 @faq:Q102 @faq:Q52
  Scenario: Collision damage is non-combat damage; Shields and attack damage reductions do not stop it
    Given the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    And player A will use "Collision Course" on "PK-5 Kite"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 2 hit points
    And "PK-5 Kite" has 1 active Shields
    And the ruling names the interpretation non_combat_damage_mitigation

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q37 @faq:Q102 @faq:Q52
  Scenario: Under reductions_apply an attack damage reduction also cuts collision damage
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And player A will use "Collision Course" on "PK-5 Kite"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 3 hit points

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under reductions_apply an active Shield stays unused by collision damage
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    And player A will use "Collision Course" on "PK-5 Kite"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 3 hit points
    And "PK-5 Kite" has 1 active Shields

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @interpretation:shields_after_use
  Scenario: Under shields_apply an active Shield stops collision damage as it stops combat damage
    Given the interpretation non_combat_damage_mitigation is shields_apply
    And player A will use "Collision Course" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 5 hit points
    And "QZ-82 Sentinel" has 0 active Shields

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @interpretation:shields_after_use
  Scenario: Under shields_apply with 2 damage a Shield, the reduction comes first and one Shield stops the rest
    Given the interpretation non_combat_damage_mitigation is shields_apply
    And the parameter damage_per_shield is 2
    And the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    And player A will use "Collision Course" on "PK-5 Kite"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 4 hit points
    And "PK-5 Kite" has 0 active Shields

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under shields_apply no Shield is used when a reduction already leaves no non-combat damage
    Given the interpretation non_combat_damage_mitigation is shields_apply
    And the pieces:
      | name           | side | at      |
      | Cara's Strider | A    | [0, 0]  |
      | PK-5 Kite      | B    | [0, 2]  |
      | ML-07C Crab    | A    | [-1, 0] |
    And the unit states:
      | name      | shields |
      | PK-5 Kite | 1       |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 4 hit points
    And "PK-5 Kite" has 1 active Shields

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under reductions_apply a reduction as large as the non-combat damage leaves none of it
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And the pieces:
      | name           | side | at      |
      | Cara's Strider | A    | [0, 0]  |
      | PK-5 Kite      | B    | [0, 2]  |
      | ML-07C Crab    | A    | [-1, 0] |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 4 hit points

  @clause:GA-DMG-4 @clause:GA-SEQ-10 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Under reductions_apply and any_damage non-combat damage cut to nothing does not set off Fracture
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And the interpretation fracture_trigger is any_damage
    And the pieces:
      | name           | side | at      |
      | Cara's Strider | A    | [0, 0]  |
      | PK-5 Kite      | B    | [0, 2]  |
      | ML-07C Crab    | A    | [-1, 0] |
    And the unit states:
      | name      | status   |
      | PK-5 Kite | Fracture |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 4 hit points
    And "PK-5 Kite" has the status Fracture

  @clause:GA-DMG-6 @clause:GA-DMG-1 @ruling:interpretation @interpretation:damage_plus_without_hits
  Scenario: By default Damage+X adds its damage even when no die hits
    Given the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And player A will use "Overcharge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "QZ-82 Sentinel" takes 0 hits
    And "QZ-82 Sentinel" takes 2 damage
    And the ruling names the interpretation damage_plus_without_hits

  @clause:GA-DMG-6 @ruling:interpretation @interpretation:damage_plus_without_hits
  Scenario: Under needs_a_hit an attack that scores no hit deals no damage for Damage+X to raise
    Given the interpretation damage_plus_without_hits is needs_a_hit
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And player A will use "Overcharge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 2, 2, 1, 1
    Then "QZ-82 Sentinel" takes 0 damage
    And "QZ-82 Sentinel" has 6 hit points

  @clause:GA-SEQ-9 @clause:GA-DMG-3 @ruling:interpretation @interpretation:excess_damage_dealt @faq:Q36
  Scenario: Under up_to_hit_points only the hit points left count as damage dealt, and the target is still defeated
    Given the interpretation excess_damage_dealt is up_to_hit_points
    And the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 2  | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 5, 5
    Then "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" is defeated

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger @faq:Q91 @interpretation:non_combat_damage_mitigation
  Scenario: By default collision damage does not set off Fracture; only the attack's damage does
    Given the unit states:
      | name           | status   |
      | QZ-82 Sentinel | Fracture |
    And player A will use "Collision Course" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 4 hit points
    And "QZ-82 Sentinel" has the status Fracture
    And the ruling names the interpretation fracture_trigger

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger @interpretation:fracture_effect @faq:Q91 @interpretation:non_combat_damage_mitigation
  Scenario: Under any_damage collision damage sets off Fracture, which adds one damage and goes
    Given the interpretation fracture_trigger is any_damage
    And the unit states:
      | name           | status   |
      | QZ-82 Sentinel | Fracture |
    And player A will use "Collision Course" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 3 hit points
    And "QZ-82 Sentinel" does not have the status Fracture
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
