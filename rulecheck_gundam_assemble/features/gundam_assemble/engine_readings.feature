Feature: Choices the engine used to make without naming them (issue 30)
  Each scenario shows one option of a reading the chapter leaves open: which dice an unscripted
  reroll picks up, whether a gained Shield is a deactivated one turned over, whether the attack of
  an attacker defeated outside its own activation ends, which target a defending card's "this
  unit" is, and what counts as "this attack defeated a target". The cards are hypothetical ones
  from the scenario files the Background names.

  Background:
    Given the scenario "hypothetical_card_flow.yaml"

  @clause:GA-ROLL-1 @clause:GA-SEQ-6 @ruling:interpretation @interpretation:unscripted_reroll_pick
  Scenario: By default (lowest) a defender's unscripted reroll picks up the attacker's lowest die
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player B will use "Jam Targeting"
    And the rerolled dice will show 1
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 9, 5, 5, 2
    Then the dice are 9, 5, 5, 1
    And the ruling names the interpretation unscripted_reroll_pick

  @clause:GA-ROLL-1 @clause:GA-SEQ-6 @ruling:interpretation @interpretation:unscripted_reroll_pick
  Scenario: Under rerolling_player_best a defender's unscripted reroll picks up the attacker's highest die
    Given the interpretation unscripted_reroll_pick is rerolling_player_best
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player B will use "Jam Targeting"
    And the rerolled dice will show 1
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 9, 5, 5, 2
    Then the dice are 5, 5, 2, 1
    And the ruling names the interpretation unscripted_reroll_pick

  @clause:GA-ROLL-1 @clause:GA-SEQ-6 @ruling:derived
  Scenario: An attacker's own unscripted reroll picks up its lowest die, under either reading
    Given the interpretation unscripted_reroll_pick is rerolling_player_best
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player A will use "Recalibrate"
    And the rerolled dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 9, 5, 5, 2
    Then the dice are 9, 5, 5, 10

  @clause:GA-ROLL-1 @clause:GA-SEQ-6 @ruling:derived
  Scenario: A defender's scripted reroll picks up the die it names, under either reading
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player B will use "Jam Targeting" rerolling 5
    And the rerolled dice will show 1
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 9, 5, 5, 2
    Then the dice are 9, 5, 2, 1

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:gained_shield_token
  Scenario: Under new_token a gained Shield is a new token and the deactivated one stays deactivated
    Given the interpretation gained_shield_token is new_token
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | shields | deactivated_shields |
      | QZ-82 Sentinel | 0       | 1                   |
    And "QZ-82 Sentinel" will use "Emergency Shield"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 1 active Shields
    And "QZ-82 Sentinel" has 1 deactivated Shields

  @clause:GA-DEF-2 @clause:GA-DEF-7 @ruling:derived
  Scenario: An attacker defeated by its own card during its own activation ends its activation and its attack
    Given the pieces:
      | name                            | side | at     |
      | Hypothetical Holdout (attacked) | A    | [0, 0] |
      | QZ-82 Sentinel                  | B    | [2, 0] |
    And the unit states:
      | name                            | hp | activating |
      | Hypothetical Holdout (attacked) | 2  | yes        |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (attacked)" attacks "QZ-82 Sentinel" with Rifle
    Then the attack ends early
    And the trace says "was defeated during its own activation: its attack ends"

  @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_attacker_outside_activation
  Scenario: By default (attack_ends) an attacker defeated outside its own activation is in Reserve and its attack ends
    Given the pieces:
      | name                            | side | at     |
      | Hypothetical Holdout (attacked) | A    | [0, 0] |
      | QZ-82 Sentinel                  | B    | [2, 0] |
    And the unit states:
      | name                            | hp |
      | Hypothetical Holdout (attacked) | 2  |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (attacked)" attacks "QZ-82 Sentinel" with Rifle
    Then the attack ends early

  @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_attacker_outside_activation
  Scenario: Under attack_continues an attacker defeated outside its own activation still finishes its attack
    Given the interpretation defeated_attacker_outside_activation is attack_continues
    And the pieces:
      | name                            | side | at     |
      | Hypothetical Holdout (attacked) | A    | [0, 0] |
      | QZ-82 Sentinel                  | B    | [2, 0] |
    And the unit states:
      | name                            | hp |
      | Hypothetical Holdout (attacked) | 2  |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (attacked)" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1, 1, 1
    Then the attack runs to its end

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:interpretation @interpretation:attack_defeated_target @interpretation:target_defeated_mid_attack
  Scenario: Under damage_step_only "if the attack defeated a target" is not met by a target that non-combat damage defeated before the roll
    Given the interpretation attack_defeated_target is damage_step_only
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp |
      | Strider: Minelayer | 1  |
    And player A will use "Collision Course" on "Strider: Minelayer"
    And player A will use "Hypothetical: Victory Rush"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Strider: Minelayer" is defeated
    And "QX-40 Bastion" has 0 Energy

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q102 @interpretation:shields_after_use
  Scenario: Under shields_apply an active Shield stops collision damage dealt during the attack, as damage from an attack
    Given the interpretation non_combat_damage_mitigation is shields_apply
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 1       |
    And player A will use "Collision Course" on "QZ-82 Sentinel"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 0 active Shields
    And "QZ-82 Sentinel" has 5 hit points
