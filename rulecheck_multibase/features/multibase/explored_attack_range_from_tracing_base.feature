Feature: Explored attacks: where range_from=tracing_base and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 1, 50
  positions compared). Each scenario asserts the ruling under range_from=tracing_base; its description
  says what the other version rules.

  @clause:MB-1.2 @ruling:interpretation @interpretation:range_from
  Scenario: Explored 1: no (target valid) under range_from=tracing_base, not yes under multibase as the book has it
    Found by rulecheck explore (seed 1); the traces part at event 3.
    Here: Bravo is 2.29289" away (Alpha/a2 to Bravo/b1), beyond the maximum range of 2.125".
    Under multibase as the book has it instead: Bravo is 0.792893" away (Alpha/a1 to Bravo/b1), within the maximum range of 2.125"; so target valid: yes; attacks Alpha: target: Bravo, pool: 2, threshold: 4, hits: 0, saves: 0, wounds: 0; Bravo: shaken: no, bases removed: none, bases left: 2, residual wounds: 0, destroyed: no, coherency possible: yes, awaiting choice: no, removal options: none, pushed: none, push options: none, awaiting push: no.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 1      | 1     | 2.125 | 2       | 4    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 2.125 | 2       | 4    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x   | y | facing |
      | Alpha | a1   | rect 1x1 | 0   | 0 | 90     |
      | Alpha | a2   | rect 1x1 | 1.5 | 0 | 90     |
      | Bravo | b1   | rect 1x1 | -2  | 0 | 225    |
      | Bravo | b2   | rect 1x1 | -3  | 1 | 225    |
    And blocking terrain "Wall" with corners (-0.875, 1) (-0.875, -1) (-1.125, -1) (-1.125, 1)
    And the interpretation range_from is tracing_base
    When "Alpha" shoots "Bravo"
    Then the attack is refused: out of range
