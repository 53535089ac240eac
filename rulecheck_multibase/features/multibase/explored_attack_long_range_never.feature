Feature: Explored attacks: where long_range=never and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 4
  positions compared). Each scenario asserts the ruling under long_range=never; its description
  says what the other version rules.

  @clause:MB-3.2 @clause:MB-3.1 @ruling:interpretation @interpretation:long_range
  Scenario: Explored 1: 4 (attacks Alpha threshold) under long_range=never, not 5 under multibase as the book has it
    Found by rulecheck explore (seed 0); the traces part at event 7.
    Here: Alpha rolls [1] needing 4+: 0 hits.
    Under multibase as the book has it instead: long range: threshold +1 (the die is not modified), now 5+; so attacks Alpha threshold: 5.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 1x1 | 0 | 0   | 90     |
      | Bravo | b1   | rect 1x1 | 0 | 7.5 | 270    |
    And "Alpha" rolls 1 to hit
    And the interpretation long_range is never
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
