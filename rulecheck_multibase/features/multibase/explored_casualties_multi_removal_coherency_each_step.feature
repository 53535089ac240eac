Feature: Explored casualties: where multi_removal_coherency=each_step and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 3
  positions compared). Each scenario asserts the ruling under multi_removal_coherency=each_step; its description
  says what the other version rules.

  @clause:MB-6.3 @clause:MB-6.4 @assumed:coherency_distance @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @interpretation:multi_removal_coherency
  Scenario: Explored 1: b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5 (Bravo removal options) under multi_removal_coherency=each_step, not b1+b2+b3+b4; b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5 under multibase as the book has it
    Found by rulecheck explore (seed 0); the traces part at event 14.
    Here: Bravo may remove: b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5.
    Under multibase as the book has it instead: Bravo may remove: b1+b2+b3+b4; b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5; so Bravo removal options: b1+b2+b3+b4; b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 3      | 1     | 24    | 2       | 2    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x   | y | facing |
      | Alpha | a1   | rect 1x1 | 0   | 0 | 90     |
      | Alpha | a2   | rect 1x1 | 1.5 | 0 | 90     |
      | Alpha | a3   | rect 1x1 | 3   | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0   | 1 | 270    |
      | Bravo | b2   | rect 1x1 | 1.5 | 1 | 270    |
      | Bravo | b3   | rect 1x1 | 3   | 1 | 270    |
      | Bravo | b4   | rect 1x1 | 4.5 | 1 | 270    |
      | Bravo | b5   | rect 1x1 | 7   | 1 | 270    |
    And "Alpha" rolls 3, 5, 3, 3, 3, 3, 4, 4, 4 to hit
    And "Bravo" rolls 1, 1, 1, 1 to save
    And the interpretation multi_removal_coherency is each_step
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1+b2+b3+b5; b1+b2+b4+b5; b1+b3+b4+b5; b2+b3+b4+b5
