Feature: Explored attacks: where trace_target_part=whole_base and multibase as the book has it disagree
  Minimal positions found by `rulecheck explore` (seed 3, 120
  positions compared). Each scenario asserts the ruling under trace_target_part=whole_base; its description
  says what the other version rules.

  @clause:MB-1.1 @assumed:long_range_fraction @ruling:interpretation @interpretation:trace_attacker_part @interpretation:trace_grazing @interpretation:trace_target_part
  Scenario: Explored 1: yes (target valid) under trace_target_part=whole_base, not no under multibase as the book has it
    Found by rulecheck explore (seed 3); the traces part at event 2.
    Here: clear Trace from Alpha/a1 to Bravo/b1, inside the front arc.
    Under multibase as the book has it instead: no clear Trace from Alpha to Bravo: every line is obstructed (by Wall); so target valid: no; attacks Alpha: none; Bravo: none.

    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | wounds taken |
      | Alpha | Red     | 1      | 1     | 4.5   | 2       | 4    | 1      | no     | 0            |
      | Bravo | Blue    | 1      | 1     | 4.5   | 2       | 4    | 1      | no     | 0            |
    And the multibase bases:
      | unit  | base | shape    | x  | y | facing |
      | Alpha | a1   | rect 1x1 | 0  | 0 | 90     |
      | Bravo | b1   | rect 1x1 | -3 | 0 | 270    |
    And blocking terrain "Wall" with corners (-1.375, 1) (-1.375, -0.5) (-1.625, -0.5) (-1.625, 1)
    And "Alpha" rolls 1 to hit
    And the interpretation trace_target_part is whole_base
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And "Alpha" rolls 1 dice
    And "Alpha" needs 4+ to hit
    And "Alpha" scores 0 hits
    And "Bravo" suffers 0 wounds
    And "Bravo" has no Shaken token
    And "Bravo" lost no bases
    And "Bravo" carries 0 residual wounds
    And "Bravo" is not destroyed
