Feature: Explored attacks: where fracture_effect=one_extra_damage_persistent and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 1, 68
  positions compared). Each scenario asserts the ruling under fracture_effect=one_extra_damage_persistent; its description
  says what the other version rules.

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_effect
  Scenario: Explored 1: Fracture (statuses Cara's Strider) under fracture_effect=one_extra_damage_persistent, not none under gundam_assemble as the book has it
    Found by rulecheck explore (seed 1); the traces first differ at event 34.
    Here: damage was dealt to the Fractured Cara's Strider: 1 more damage, hit points 2 -> 1.
    Under gundam_assemble as the book has it instead: damage was dealt to the Fractured Cara's Strider: 1 more damage, hit points 2 -> 1; Fracture is removed; so statuses Cara's Strider: none.

    Given the board:
      """
      .  H
        Z  .
      """
    And the pieces:
      | mark | name                       | side | kind      | at     |
      | H    | Hypothetical (Q.43) Closer | A    | unit      |        |
      | Z    | Cara's Strider             | B    | unit      |        |
      |      | Enemy Base 1               | B    | structure | [0, 1] |
    And the unit states:
      | name           | status   |
      | Cara's Strider | Fracture |
    And the interpretation fracture_effect is one_extra_damage_persistent
    When "Hypothetical (Q.43) Closer" attacks "Cara's Strider" with "Beam Magnum" and rolls 1, 1, 1
    And player A will use "Deadeye"
    And "Hypothetical (Q.43) Closer" attacks "Cara's Strider" with "Beam Magnum" and rolls 10, 10, 9
    Then "Cara's Strider" has the status Fracture
