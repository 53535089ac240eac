Feature: Explored attacks: where overlay "clamp 3+ to 6+" and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 0, 3
  positions compared). Each scenario asserts the ruling under overlay "clamp 3+ to 6+"; its description
  says what the other version rules.

  @clause:MB-3.1 @clause:MB-3.2 @clause:MB-3.3 @ruling:derived
  Scenario: Explored 1: 3 (attacks Bravo threshold) under overlay "clamp 3+ to 6+", not 2 under multibase as the book has it
    Found by rulecheck explore (seed 0); the traces part at event 12.
    Here: 2+ is clamped to 3+.
    Under multibase as the book has it instead: Bravo rolls [1] needing 2+: 0 hits; so attacks Bravo threshold: 2.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 2       | 2    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 1x1 | 0 | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0 | 1 | 270    |
    And "Bravo" has a threshold modifier of -2 from a special rule
    And "Alpha" rolls 1 to hit
    And "Bravo" rolls 1 to hit
    And the house rule "clamp_3_to_6"
    When "Alpha" fights "Bravo" in close combat
    Then "Bravo" needs 3+ to hit
