Feature: The book's default readings and dice, pinned down where other features state them
  Scenarios elsewhere often name the interpretation they run under; these run under the
  defaults, so a change to a default (or to the die) is caught (`rulecheck mutate`).
  Alpha (two 2x1 bases) shoots Charlie, whose round bases stand in a row 10 inches away.

  Background:
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Alpha   | Red     | 2      | 2     | 24    | 9       | 6    | 2      |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0 | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0 | 90     |

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: By default the bases left must stay one chain, so no middle pair of six may go
    Given the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 3   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 4.5 | 10 | 270    |
      | Charlie | c5   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c6   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 6, 1, 1 to hit
    And "Charlie" rolls 1, 1 to save
    When "Alpha" shoots "Charlie"
    Then the legal removals for "Charlie" are c1+c2; c1+c6; c5+c6

  @clause:MB-6.2 @clause:MB-6.4 @ruling:interpretation @interpretation:multi_removal_coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: By default a unit split in two may lose a whole pair at once, judged on what remains
    Given the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 6, 1, 1 to hit
    And "Charlie" rolls 1, 1 to save
    When "Alpha" shoots "Charlie"
    Then the legal removals for "Charlie" are c1+c2; c3+c4

  @clause:MB-2.3 @ruling:derived
  Scenario: A scripted 7 is not a face of the attack pool's d6
    Given the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
    And "Alpha" rolls 7, 6, 1, 1 to hit
    And "Charlie" rolls 1 to save
    Then shooting "Charlie" with "Alpha" stops on the dice: "scripted face 7 is not on a d6"
