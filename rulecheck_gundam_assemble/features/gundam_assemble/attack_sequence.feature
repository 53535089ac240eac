Feature: The attack sequence, Responses, Disarm and Fracture
  Cara's Strider (player A) fires its Zaku Machine Gun (TL 3, Strength 4) at the QZ-82 Sentinel
  (player B, 6 hit points, 1 Shield) two hexes away. Cards and abilities are test data.

  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |

  @clause:GA-SEQ-1 @clause:GA-SEQ-7 @clause:GA-SEQ-10 @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:interpretation @faq:Q35 @interpretation:disarm_effect
  Scenario: With a Response in every window the attack resolves in the book's order
    Given the unit states:
      | name           | status   |
      | Cara's Strider | Disarm   |
      | QZ-82 Sentinel | Fracture |
    And player A will use "Quick Strike"
    And player B will use "Shaky Footing"
    And player A will use "Recalibrate"
    And the rerolled dice will show 7
    And player A will use "Marked for Ruin" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 9, 6, 5, 2
    Then the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | disarm              |
      | critical            |
      | damage              |
      | fracture            |
      | defeat              |
      | after_combat_damage |
      | end                 |
    And "QZ-82 Sentinel" takes 3 damage

  @clause:GA-SEQ-14 @ruling:derived @faq:Q114
  Scenario: When both players respond in one window the attacker's card resolves first
    Given player B will use "Shaky Footing"
    And player A will use "Steady Aim"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 4, 1, 1, 1
    Then "Steady Aim" resolves before "Shaky Footing"
    And the ruling cites GA-SEQ-14

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:derived
  Scenario: Paying the TL cost moves the attacker's Timeline token that many spaces
    Given the unit states:
      | name           | timeline |
      | Cara's Strider | 2        |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 5

  @clause:GA-SEQ-3 @clause:GA-DECL-2 @ruling:derived
  Scenario: A card used before the attack starts lowers the TL cost paid
    Given player A will use "Quick Strike"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 2

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:tl_cost_floor @faq:Q17
  Scenario: A TL cost reduced below 0 stops at 0 and the token does not move
    Given player A will use "Overclocked Thrusters"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 0
    And the ruling names the interpretation tl_cost_floor

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:tl_cost_floor @faq:Q17
  Scenario: Under the option one a reduced TL cost stops at 1
    Given the interpretation tl_cost_floor is one
    And player A will use "Overclocked Thrusters"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 1

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:reduced_tl_cost_identity @faq:Q26
  Scenario: An attack whose TL cost was cut from 4 to 3 counts as a TL 3 attack
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [3, 0] |
    And player A will use "Quick Strike"
    And player A will use "Tempo Strike"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Bazooka" and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:reduced_tl_cost_identity @faq:Q26
  Scenario: Under printed_cost the cut attack is still a TL 4 attack
    Given the interpretation reduced_tl_cost_identity is printed_cost
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [3, 0] |
    And player A will use "Quick Strike"
    And player A will use "Tempo Strike"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Bazooka" and rolls 1, 1, 1
    Then the attack rolls 3 dice

  @clause:GA-SEQ-7 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: Disarm removes the Disarmed attacker's highest die after the roll and is then removed
    Given the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 10, 5, 5, 1
    Then the dice are 5, 5, 1
    And the critical hit effect does not trigger
    And "Cara's Strider" does not have the status Disarm

  @clause:GA-SEQ-7 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: Under minus_one_accuracy Disarm costs the attack 1 Accuracy instead
    Given the interpretation disarm_effect is minus_one_accuracy
    And the unit states:
      | name           | status | shields |
      | Cara's Strider | Disarm | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 hits

  @clause:GA-SEQ-7 @clause:GA-HIT-1 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: Under minus_one_accuracy a Disarmed attacker's 4 no longer hits
    Given the interpretation disarm_effect is minus_one_accuracy
    And the unit states:
      | name           | status | shields |
      | Cara's Strider | Disarm | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 4, 4, 1, 1
    Then "QZ-82 Sentinel" takes 0 hits

  @clause:GA-SEQ-7 @clause:GA-HIT-1 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: By default Disarm takes away the highest die and leaves the Accuracy of the others alone
    Given the unit states:
      | name           | status | shields |
      | Cara's Strider | Disarm | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 10, 3, 3, 1
    Then the dice are 3, 3, 1
    And "QZ-82 Sentinel" takes 0 hits

  @clause:GA-SEQ-6 @clause:GA-SEQ-7 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:disarm_timing @faq:Q86 @interpretation:disarm_effect
  Scenario: Under before_defender_responses Disarm closes the attacker's After Attack Roll responses, before the defender's reroll
    Given the interpretation disarm_timing is before_defender_responses
    And the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    And player B will use "Jam Targeting" rerolling 2
    And the rerolled dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 9, 5, 5, 2
    Then the dice are 10, 5, 5
    And the ruling names the interpretation disarm_timing
    And the ruling reads the interpretation disarm_effect as cancel_highest_die
    And the ruling reads the interpretation disarm_timing as before_defender_responses

  @clause:GA-SEQ-6 @clause:GA-SEQ-7 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:disarm_timing @faq:Q86 @interpretation:disarm_effect
  Scenario: Under before_defender_responses a Disarmed attacker's own After Attack Roll die comes before Disarm, the defender's reroll after it, each once
    Given the interpretation disarm_timing is before_defender_responses
    And the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    And player A will use "Second Salvo"
    And the additional dice will show 6
    And player B will use "Jam Targeting" rerolling 2
    And the rerolled dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 9, 5, 5, 2
    Then the dice are 5, 5, 6, 10

  @clause:GA-SEQ-6 @clause:GA-SEQ-7 @ruling:interpretation @interpretation:disarm_timing @faq:Q86 @interpretation:disarm_effect
  Scenario: By default (after_all_responses) Disarm waits for the defender's After Attack Roll reroll
    Given the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    And player B will use "Jam Targeting" rerolling 2
    And the rerolled dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 9, 5, 5, 2
    Then the dice are 9, 5, 5

  @clause:GA-SEQ-6 @clause:GA-SEQ-7 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:disarm_timing @faq:Q86 @interpretation:disarm_effect
  Scenario: By default (after_all_responses) a Disarmed attacker's own After Attack Roll die and the defender's reroll both come before Disarm, each once
    Given the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    And player A will use "Second Salvo"
    And the additional dice will show 6
    And player B will use "Jam Targeting" rerolling 2
    And the rerolled dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 9, 5, 5, 2
    Then the dice are 9, 5, 5, 6
    And the ruling reads the interpretation disarm_timing as after_all_responses

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_effect @faq:Q91
  Scenario: Fracture adds one damage when damage is dealt and is then removed
    Given the unit states:
      | name           | status   | shields |
      | QZ-82 Sentinel | Fracture | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 1, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" does not have the status Fracture

  @clause:GA-SEQ-10 @ruling:derived @faq:Q91
  Scenario: Fracture does not trigger when Shields stop all the damage
    Given the unit states:
      | name           | status   |
      | QZ-82 Sentinel | Fracture |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 1, 1, 1
    Then "QZ-82 Sentinel" takes 0 damage
    And "QZ-82 Sentinel" has the status Fracture

  @clause:GA-SEQ-4 @clause:GA-DECL-2 @ruling:interpretation @interpretation:shields_after_use
  Scenario: The target's own Before Attack Roll ability raises its Shields for this attack
    Given "QZ-82 Sentinel" will use "Emergency Shield"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then Shields prevent 2 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" takes 0 damage
    And "QZ-82 Sentinel" has 2 deactivated Shields

  @clause:GA-DMG-2 @ruling:derived
  Scenario: An ability can spend the attacker's Shield for Damage+1
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And "QZ-82 Sentinel" will use "Shield Bash"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "QZ-82 Sentinel" has 0 active Shields
    And "QZ-82 Sentinel" has 1 deactivated Shields

  @clause:GA-DEF-7 @ruling:derived @faq:Q4 @faq:Q39
  Scenario: An attacker defeated by a counterattack during its own activation ends that activation
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | PK-5 Kite      | B    | [2, 0] |
    And the unit states:
      | name           | hp | activating |
      | Cara's Strider | 2  | yes        |
    And "PK-5 Kite" will use "Counterattack"
    When "Cara's Strider" attacks "PK-5 Kite" with "Zaku Machine Gun" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And the activation ends
    And player B has 3 victory points

  @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: A unit defeated by the attack cannot use its After Combat Damage ability
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Cara's Strider | 1  |
    And "Cara's Strider" will use "Last Stand"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" cannot use "Last Stand"
    And "QZ-82 Sentinel" has 6 hit points

  @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19 @interpretation:non_combat_damage_mitigation
  Scenario: Under may_respond the defeated unit still uses its After Combat Damage ability
    Given the interpretation defeated_unit_responses is may_respond
    And the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Cara's Strider | 1  |
    And "Cara's Strider" will use "Last Stand"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "QZ-82 Sentinel" has 5 hit points

  @clause:GA-SEQ-13 @ruling:interpretation @faq:Q24 @interpretation:non_combat_damage_mitigation
  Scenario: A target defeated by Artillery Support before the roll ends the attack with no dice rolled
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | ML-07C Crab    | A    | [0, 2] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | QZ-82 Sentinel | 1  |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun"
    Then "QZ-82 Sentinel" is defeated
    And the attack ends early
    And player A has 3 victory points

  @clause:GA-SEQ-13 @ruling:interpretation @interpretation:target_defeated_mid_attack @faq:Q24
  Scenario: An area attack goes on against the targets left when one is defeated before the roll
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp |
      | Strider: Minelayer | 1  |
    And player A will use "Collision Course" on "Strider: Minelayer"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then "Strider: Minelayer" is defeated
    And the targets are "Cara's Strider"
    And "Cara's Strider" takes 2 damage
    And player A has 2 victory points

  @clause:GA-SEQ-2 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q23
  Scenario: A target pushed out of range during the attack is still hit
    Given player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [6, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-SEQ-2 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q23
  Scenario: Under attack_ends pushing the target out of range ends the attack
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [6, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun"
    Then the attack ends early
    And "QZ-82 Sentinel" has 6 hit points
    And the trace says "6 hexes away, beyond range 3"
    And the ruling names the interpretation target_leaves_range_mid_attack

  @clause:GA-SEQ-2 @ruling:derived @faq:Q23
  Scenario: Under attack_ends a target pushed to exactly the weapon's range is still in range, so the attack goes on
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [3, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" now stands at [3, 0]
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-SEQ-2 @clause:GA-LOS-1 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q23
  Scenario: Under attack_ends a target pushed behind high ground, still in range, ends the attack
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the hex [0, 1] is raised to elevation 3
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [0, 2]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun"
    Then the attack ends early
    And "QZ-82 Sentinel" now stands at [0, 2]
    And "QZ-82 Sentinel" has 6 hit points
    And the trace says "2 hexes away, out of Line of Sight"

  @clause:GA-SEQ-2 @clause:GA-WPN-2 @ruling:derived @faq:Q23
  Scenario: Under attack_ends a target pushed within the range a card added is still in range, so the attack goes on
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And player A will use "Long Shot"
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [5, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" now stands at [5, 0]
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-SEQ-2 @clause:GA-ILOS-1 @clause:GA-LOS-1 @ruling:derived @faq:Q23
  Scenario: Under attack_ends a target pushed behind high ground stays a target of an attack that ignores Line of Sight
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the hex [0, 1] is raised to elevation 3
    And player A will use "Indirect Fire"
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [0, 2]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" now stands at [0, 2]
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-ROLL-5 @ruling:interpretation @interpretation:single_target_ability_with_aoe @faq:Q25
  Scenario: After an area attack an ability for "the enemy attacked" affects the one enemy its player picks
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Marked for Ruin" on "Strider: Minelayer"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Strider: Minelayer" has the status Fracture
    And "Cara's Strider" does not have the status Fracture

  @clause:GA-ROLL-5 @ruling:interpretation @interpretation:single_target_ability_with_aoe @faq:Q25
  Scenario: Under each_target the ability affects every enemy the area attack hit
    Given the interpretation single_target_ability_with_aoe is each_target
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Marked for Ruin" on "Strider: Minelayer"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Strider: Minelayer" has the status Fracture
    And "Cara's Strider" has the status Fracture

  @clause:GA-SEQ-4 @clause:GA-SEQ-14 @ruling:derived @faq:Q44
  Scenario: A defending unit that is not the target may use its own Response ability
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [3, 0] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And "PK-5 Kite" will use "Covering Guard"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 1 damage

  @clause:GA-SEQ-2 @clause:GA-AOE-5 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q21 @faq:Q23 @interpretation:single_target_ability_with_aoe
  Scenario: A target of an area attack moved out of the area during the attack is still a target
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [5, -1]
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And the targets are "Cara's Strider"; "Strider: Minelayer"
    And "Cara's Strider" takes 2 hits

  @clause:GA-SEQ-2 @clause:GA-AOE-5 @ruling:interpretation @faq:Q21 @faq:Q23 @interpretation:single_target_ability_with_aoe
  Scenario: Under attack_ends a target of an area attack moved to another hex of the placed area stays a target
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [3, -1]
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "Cara's Strider" now stands at [3, -1]
    And "Cara's Strider" takes 2 hits

  @clause:GA-SEQ-2 @clause:GA-AOE-5 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q21 @faq:Q23
  Scenario: Under attack_ends a target of an area attack moved out of the placed area ends the attack
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [5, -1]
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1]
    Then the attack ends early
    And the trace says "5 hexes away, outside the placed area: the attack ends"

  @clause:GA-SEQ-2 @clause:GA-AOE-4 @ruling:interpretation @faq:Q21 @faq:Q23 @interpretation:single_target_ability_with_aoe
  Scenario: Under attack_ends an area target moved behind another enemy inside the placed area stays a target: area attacks ignore units
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, 0]  |
      | Strider: Minelayer | B    | [2, -1] |
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [3, -1]
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "Cara's Strider" now stands at [3, -1]
    And "Cara's Strider" takes 2 hits

  @clause:GA-SEQ-2 @clause:GA-LOS-4 @ruling:derived @faq:Q23
  Scenario: Under attack_ends a target pushed to a hex behind the attacker's own unit is still in Line of Sight
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name               | side | at     |
      | Cara's Strider     | A    | [0, 0] |
      | Strider: Minelayer | A    | [1, 0] |
      | QZ-82 Sentinel     | B    | [2, 0] |
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [3, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" takes 1 damage

  @clause:GA-SEQ-2 @ruling:derived @faq:Q23
  Scenario: A Push cannot put the target on a hex where another unit stands
    Given player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [0, 0]
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then resolving fails because "QZ-82 Sentinel cannot move to [0, 0], where Cara's Strider stands"

  @clause:GA-SEQ-2 @ruling:derived @faq:Q23
  Scenario: A Push names the hex it moves the target to
    Given player A will use "Shoulder Charge" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then resolving fails because a move effect needs the hex it moves to

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:interpretation @interpretation:strength_bonus_duration @faq:Q12
  Scenario: By default a Strength bonus used before an attack applies to that attack only
    Given the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Full Burst"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And "Cara's Strider" makes a second attack on "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice
    And the ruling names the interpretation strength_bonus_duration

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:interpretation @interpretation:strength_bonus_duration @faq:Q12
  Scenario: Under whole_activation the Strength bonus also applies to the unit's next attack in the activation
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Full Burst"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And "Cara's Strider" makes a second attack on "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:derived @faq:Q12
  Scenario: Under whole_activation the activating unit's Strength bonus does not pass to an enemy attacking during that activation
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Full Burst"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @ruling:derived @faq:Q12
  Scenario: Under whole_activation an enemy's Strength bonus used during the activation does not pass to the activating unit
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player B will use "Full Burst"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1, 1
    And "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @clause:GA-DEF-7 @ruling:derived @faq:Q12
  Scenario: Under whole_activation the Strength bonus ends with the activation it was used in
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Full Burst"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And the activation ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-DECL-2 @clause:GA-ROLL-1 @clause:GA-DEF-7 @ruling:interpretation @interpretation:strength_bonus_duration @faq:Q12
  Scenario: Under whole_activation a bonus used in the unit's next activation carries over within that activation only
    Given the interpretation strength_bonus_duration is whole_activation
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    And player A will use "Full Burst"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And the activation ends
    And player A will use "Full Burst"
    And "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    And "Cara's Strider" makes a second attack on "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
