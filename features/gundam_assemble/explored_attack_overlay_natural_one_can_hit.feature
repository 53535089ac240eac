Feature: Explored attacks: where overlay "natural one can hit" and gundam_assemble as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 900
  positions compared). Each scenario asserts the ruling under overlay "natural one can hit"; its description
  says what the other version rules.

  @clause:GA-ROLL-4 @clause:GA-HIT-1 @clause:GA-HIT-2 @clause:GA-HIT-3 @clause:GA-HIT-4 @clause:GA-CRIT-1 @ruling:interpretation @interpretation:excess_damage_dealt
  Scenario: Explored 1: 4 (hits MP-02A Oggo) under overlay "natural one can hit", not 0 under gundam_assemble as the book has it
    Found by rulecheck explore (seed 0); the traces first differ at event 15.
    Here: against MP-02A Oggo at +5 Accuracy the dice [1, 1, 1, 1] score 4 hits (0 critical).
    Under gundam_assemble as the book has it instead: against MP-02A Oggo at +5 Accuracy the dice [1, 1, 1, 1] score 0 hits (0 critical); so hits MP-02A Oggo: 0; damage MP-02A Oggo: 0; defeated MP-02A Oggo: no; timeline MP-02A Oggo: 0; victory points.A: 0.

    Given the board:
      """
      Z  M
      """
    And the pieces:
      | mark | name           | side |
      | Z    | Char's Zaku II | A    |
      | M    | MP-02A Oggo    | B    |
    And the house rule "natural_one_can_hit"
    And player A will use "Deadeye"
    When "Char's Zaku II" attacks "MP-02A Oggo" with "Heat Hawk" and rolls 1, 1, 1, 1
    Then "MP-02A Oggo" takes 4 hits
    And "MP-02A Oggo" takes 4 damage
    And "MP-02A Oggo" is defeated
    And "MP-02A Oggo"'s Timeline token is on space 2
    And player A has 1 victory points
