Feature: Explored attacks: where defeated_unit_responses=may_respond and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 1324
  positions compared). Each scenario asserts the ruling under defeated_unit_responses=may_respond; its description
  says what the other version rules.

  @clause:GA-DEF-2 @clause:GA-SEQ-12 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:aoe_diagram_orientation @interpretation:defeated_unit_responses
  Scenario: Explored 1: 3 (hp Strider: Minelayer) under defeated_unit_responses=may_respond, not 4 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 24.
    Here: Cara's Strider (defender) uses the ability Last Stand: 1 non-combat damage.
    Under gundam_assemble as the book has it instead: Cara's Strider has been defeated and is in Reserve: it cannot use Last Stand; so hp Strider: Minelayer: 4.

    Given the board:
      """
      M
        Z
      R
        N
      """
    And the pieces:
      | mark | name               | side |
      | M    | Strider: Minelayer | A    |
      | N    | ML-07C Crab        | B    |
      | R    | PK-5 Kite          | B    |
      | Z    | Cara's Strider     | B    |
    And the unit states:
      | name           | hp |
      | Cara's Strider | 2  |
    And the interpretation defeated_unit_responses is may_respond
    And player A will use "Deadeye"
    And "Cara's Strider" will use "Last Stand"
    When "Strider: Minelayer" fires "Scatter Mines" at the area [0, 1], [0, 2], [1, 1] and rolls 1, 1, 9
    Then "Strider: Minelayer" has 3 hit points
