Feature: Explored attacks: where overlay "crits on ten only" and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 59
  positions compared). Each scenario asserts the ruling under overlay "crits on ten only"; its description
  says what the other version rules.

  @clause:GA-SEQ-8 @clause:GA-CRIT-2 @clause:GA-CRIT-3 @ruling:derived
  Scenario: Explored 1: none (statuses ML-07C Crab) under overlay "crits on ten only", not Disarm under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 12.
    Here: 0 critical hits rolled; the critical effect needs 1.
    Under gundam_assemble as the book has it instead: 1 critical hit: Heat Hawk's critical effect (inflict Disarm) triggers once for this attack; so statuses ML-07C Crab: Disarm.

    Given the board:
      """
      Z  M
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Cara's Strider | A    |
      | M    | ML-07C Crab    | B    |
    And the house rule "crits_on_ten_only"
    When "Cara's Strider" attacks "ML-07C Crab" with "Heat Hawk" and rolls 1, 1, 1, 9
    Then "ML-07C Crab" does not have the status Disarm
