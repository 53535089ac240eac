Feature: Explored casualties: where coherency=each_within and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 27
  positions compared). Each scenario asserts the ruling under coherency=each_within; its description
  says what the other version rules.

  @clause:MB-6.3 @clause:MB-6.4 @assumed:coherency_distance @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure
  Scenario: Explored 1: b1; b3; b5 (Bravo removal options) under coherency=each_within, not b1; b5 under multibase as the book has it
    Found by rulecheck explore (seed 0); the traces part at event 14.
    Here: Bravo may remove: b1; b3; b5.
    Under multibase as the book has it instead: Bravo may remove: b1; b5; so Bravo removal options: b1; b5.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 3      | 1     | 24    | 2       | 2    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x   | y | facing |
      | Alpha | a1   | rect 1x1 | 0   | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0   | 1 | 270    |
      | Bravo | b2   | rect 1x1 | 1.5 | 1 | 270    |
      | Bravo | b3   | rect 1x1 | 3   | 1 | 270    |
      | Bravo | b4   | rect 1x1 | 4.5 | 1 | 270    |
      | Bravo | b5   | rect 1x1 | 6   | 1 | 270    |
    And "Alpha" rolls 3, 3, 4 to hit
    And "Bravo" rolls 1 to save
    And the interpretation coherency is each_within
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1; b3; b5
