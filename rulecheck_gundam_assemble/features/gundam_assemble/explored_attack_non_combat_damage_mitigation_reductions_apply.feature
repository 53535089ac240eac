Feature: Explored attacks: where non_combat_damage_mitigation=reductions_apply and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 958
  positions compared). Each scenario asserts the ruling under non_combat_damage_mitigation=reductions_apply; its description
  says what the other version rules.

  @clause:GA-DMG-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Explored 1: 3 (hp PK-5 Kite) under non_combat_damage_mitigation=reductions_apply, not 2 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 12.
    Here: player A's Collision Course: 1 non-combat damage to PK-5 Kite (Shields do not stop it), hit points 4 -> 3.
    Under gundam_assemble as the book has it instead: player A's Collision Course: 2 non-combat damage to PK-5 Kite (Shields do not stop it), hit points 4 -> 2; so hp PK-5 Kite: 2.

    Given the board:
      """
      Z  R
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Cara's Strider | A    |
      | R    | PK-5 Kite      | B    |
    And the interpretation non_combat_damage_mitigation is reductions_apply
    And player A will use "Collision Course" on "PK-5 Kite"
    When "Cara's Strider" attacks "PK-5 Kite" with "Heat Hawk" and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 3 hit points
