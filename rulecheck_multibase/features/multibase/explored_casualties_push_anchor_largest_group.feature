Feature: Explored casualties: where push_anchor=largest_group and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 1, 27
  positions compared). Each scenario asserts the ruling under push_anchor=largest_group; its description
  says what the other version rules.

  @clause:MB-6.5 @assumed:coherency_distance @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @interpretation:impossible_coherency_removal @interpretation:push_anchor @interpretation:split_before_attack
  Scenario: Explored 1: 1.25 (Bravo pushed b6) under push_anchor=largest_group, not 1 under multibase as the book has it
    Found by rulecheck explore (seed 1); the traces part at event 19.
    Here: Bravo must be pushed back into coherency; the legal pushes move b3+b4+b6 (1.75"); b1+b2+b6 (1.5").
    Under multibase as the book has it instead: Bravo must be pushed back into coherency; the legal pushes move b1+b2+b6 (1.5"); so Bravo pushed b1: 0.25; Bravo pushed b2: 0.25; Bravo pushed b6: 1; Bravo pushed b3: none; Bravo pushed b4: none; Bravo push options: b1+b2+b6.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 6      | 1     | 24    | 2       | 4    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 24    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x     | y | facing |
      | Alpha | a1   | rect 1x1 | 0     | 0 | 90     |
      | Alpha | a2   | rect 1x1 | 1.5   | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0     | 3 | 270    |
      | Bravo | b2   | rect 1x1 | -1.5  | 3 | 270    |
      | Bravo | b3   | rect 1x1 | -3.75 | 3 | 270    |
      | Bravo | b4   | rect 1x1 | -5.25 | 3 | 270    |
      | Bravo | b5   | rect 1x1 | -6.75 | 3 | 270    |
      | Bravo | b6   | rect 1x1 | -8.25 | 3 | 270    |
    And "Alpha" gets 2 bonus dice from a special rule
    And "Alpha" rolls 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 6 to hit
    And "Bravo" rolls 1 to save
    And the defending player removes b5 from "Bravo"
    And the owning player pushes b3, b4, b6 of "Bravo"
    And the interpretation push_anchor is largest_group
    When "Alpha" shoots "Bravo"
    Then base b6 of "Bravo" was pushed 1.25 inches
    And the legal pushes for "Bravo" are b1+b2+b6; b3+b4+b6
