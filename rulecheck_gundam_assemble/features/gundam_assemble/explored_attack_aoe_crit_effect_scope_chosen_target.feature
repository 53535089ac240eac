Feature: Explored attacks: where aoe_crit_effect_scope=chosen_target and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 1324
  positions compared). Each scenario asserts the ruling under aoe_crit_effect_scope=chosen_target; its description
  says what the other version rules.

  @clause:GA-SEQ-8 @clause:GA-CRIT-2 @clause:GA-CRIT-3 @ruling:interpretation @interpretation:aoe_crit_effect_scope @interpretation:aoe_diagram_orientation
  Scenario: Explored 1: 1 (damage Cara's Strider) under aoe_crit_effect_scope=chosen_target, not 2 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 12.
    Here: 1 critical hit: Scatter Mines's critical effect (inflict Fracture) triggers once for this attack.
    Under gundam_assemble as the book has it instead: 1 critical hit: Scatter Mines's critical effect (inflict Fracture) triggers once for this attack; so damage Cara's Strider: 2; hp Cara's Strider: 3.

    Given the board:
      """
      .
        M
      N
        Z
      """
    And the pieces:
      | mark | name               | side |
      | M    | Strider: Minelayer | A    |
      | Z    | Cara's Strider     | B    |
      | N    | ML-07C Crab        | B    |
    And the interpretation aoe_crit_effect_scope is chosen_target
    And the attacking player chooses "ML-07C Crab" for the critical hit effect
    When "Strider: Minelayer" fires "Scatter Mines" at the area [-2, 3], [-1, 2], [-1, 3] and rolls 1, 1, 9
    Then "Cara's Strider" takes 1 damage
    And "Cara's Strider" has 4 hit points
