Feature: Explored attacks: where target_defeated_mid_attack=attack_ends and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 1, 325
  positions compared). Each scenario asserts the ruling under target_defeated_mid_attack=attack_ends; its description
  says what the other version rules.

  @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:interpretation @interpretation:aoe_diagram_orientation @interpretation:target_defeated_mid_attack
  Scenario: Explored 1: yes (ended early) under target_defeated_mid_attack=attack_ends, not no under gundam_assemble as the book has it
    Found by rulecheck explore (seed 1); the traces first differ at event 18.
    Here: Hypothetical (Q.43) Closer was defeated before the attack dealt damage: the attack ends.
    Under gundam_assemble as the book has it instead: Hypothetical (Q.43) Closer drops out of the attack; it goes on against Enemy Garrison 1; so ended early: no; dice rolled: 3.

    Given the board:
      """
      M  .
        H  E
      N  Z
      """
    And the pieces:
      | mark | name                       | side | kind      | at     |
      | M    | Strider: Minelayer         | A    | unit      |        |
      | H    | Hypothetical (Q.43) Closer | B    | unit      |        |
      | Z    | Cara's Strider             | A    | unit      |        |
      | N    | Hypothetical (Q.44) Loner  | B    | unit      |        |
      | E    | Enemy Garrison 1           | B    | garrison  |        |
      |      | Enemy Base 2               | B    | structure | [0, 1] |
    And the unit states:
      | name                       | hp |
      | Hypothetical (Q.43) Closer | 1  |
    And the interpretation target_defeated_mid_attack is attack_ends
    And player A will use "Collision Course" on "Hypothetical (Q.43) Closer"
    When "Strider: Minelayer" fires "Scatter Mines" at the area [0, 1], [0, 2], [1, 1]
    Then the attack ends early
    And the attack rolls 0 dice
