Feature: Explored attacks: where tl_cost_floor=one and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 30
  positions compared). Each scenario asserts the ruling under tl_cost_floor=one; its description
  says what the other version rules.

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:tl_cost_floor
  Scenario: Explored 1: 1 (timeline Cara's Strider) under tl_cost_floor=one, not 0 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 10.
    Here: Cara's Strider pays 1 Timeline: its token moves 0 -> 1 (modified from 2, stopped at 1).
    Under gundam_assemble as the book has it instead: Cara's Strider pays 0 Timeline: its token moves 0 -> 0 (modified from 2, stopped at 0); so timeline Cara's Strider: 0.

    Given the board:
      """
      Z  M
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Cara's Strider | A    |
      | M    | ML-07C Crab    | B    |
    And the interpretation tl_cost_floor is one
    And player A will use "Overclocked Thrusters"
    And "ML-07C Crab" will use "Spotter Link"
    When "Cara's Strider" attacks "ML-07C Crab" with "Heat Hawk" and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 1
