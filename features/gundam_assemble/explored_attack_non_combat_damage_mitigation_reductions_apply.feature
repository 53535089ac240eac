Feature: Explored attacks: where non_combat_damage_mitigation=reductions_apply and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 958
  positions compared). Each scenario asserts the ruling under non_combat_damage_mitigation=reductions_apply; its description
  says what the other version rules.

  @clause:GA-DMG-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Explored 1: 3 (hp RGM-79 GM) under non_combat_damage_mitigation=reductions_apply, not 2 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 12.
    Here: player A's Collision Course: 1 non-combat damage to RGM-79 GM (Shields do not stop it), hit points 4 -> 3.
    Under gundam_assemble as the book has it instead: player A's Collision Course: 2 non-combat damage to RGM-79 GM (Shields do not stop it), hit points 4 -> 2; so hp RGM-79 GM: 2.

    Given the board:
      """
      Z  R
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Char's Zaku II | A    |
      | R    | RGM-79 GM      | B    |
    And the interpretation non_combat_damage_mitigation is reductions_apply
    And player A will use "Collision Course" on "RGM-79 GM"
    When "Char's Zaku II" attacks "RGM-79 GM" with "Heat Hawk" and rolls 1, 1, 1, 1
    Then "RGM-79 GM" has 3 hit points
