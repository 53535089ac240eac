Feature: Explored attacks: where status_modifier=none and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 9
  positions compared). Each scenario asserts the ruling under status_modifier=none; its description
  says what the other version rules.

  @clause:MB-3.2 @clause:MB-3.1 @ruling:interpretation @interpretation:status_modifier
  Scenario: Explored 1: 4 (attacks Alpha threshold) under status_modifier=none, not 5 under multibase as the book has it
    Found by rulecheck explore (seed 0); the traces part at event 7.
    Here: Alpha rolls [1] needing 4+: 0 hits.
    Under multibase as the book has it instead: attacker Shaken: threshold +1 (the die is not modified), now 5+; so attacks Alpha threshold: 5.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 1      | 1     | 12    | 2       | 2    | 1      | yes    | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 1x1 | 0 | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0 | 1 | 270    |
    And "Alpha" rolls 1 to hit
    And the interpretation status_modifier is none
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
