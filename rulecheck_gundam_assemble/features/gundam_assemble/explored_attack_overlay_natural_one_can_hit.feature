Feature: Explored attacks: where overlay "natural one can hit" and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 900
  positions compared). Each scenario asserts the ruling under overlay "natural one can hit"; its description
  says what the other version rules.

  @clause:GA-ROLL-4 @clause:GA-HIT-1 @clause:GA-HIT-2 @clause:GA-HIT-3 @clause:GA-HIT-4 @clause:GA-CRIT-1 @ruling:interpretation @interpretation:excess_damage_dealt
  Scenario: Explored 1: 4 (hits ML-07C Crab) under overlay "natural one can hit", not 0 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 15.
    Here: against ML-07C Crab at +5 Accuracy the dice [1, 1, 1, 1] score 4 hits (0 critical).
    Under gundam_assemble as the book has it instead: against ML-07C Crab at +5 Accuracy the dice [1, 1, 1, 1] score 0 hits (0 critical); so hits ML-07C Crab: 0; damage ML-07C Crab: 0; defeated ML-07C Crab: no; timeline ML-07C Crab: 0; victory points.A: 0.

    Given the board:
      """
      Z  M
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Cara's Strider | A    |
      | M    | ML-07C Crab    | B    |
    And the house rule "natural_one_can_hit"
    And player A will use "Deadeye"
    When "Cara's Strider" attacks "ML-07C Crab" with "Heat Hawk" and rolls 1, 1, 1, 1
    Then "ML-07C Crab" takes 4 hits
    And "ML-07C Crab" takes 4 damage
    And "ML-07C Crab" is defeated
    And "ML-07C Crab"'s Timeline token is on space 2
    And player A has 1 victory points
