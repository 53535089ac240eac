Feature: How far from coherent a unit is, by each reading of Unit Coherency
  When no removal can keep a unit in coherency, the fewest_stray reading lets the defending
  player remove only the bases that leave the unit nearest to coherent. What "nearest" counts
  depends on the coherency reading: the bases outside the largest group (connected), the bases
  with no neighbour (each_within), or both the bases outside the largest group and the bases
  short of two neighbours (two_neighbours). A unit left with two bases apart may push either.
  Alpha (two 2x1 bases) shoots Charlie, whose round bases stand 10 inches away.

  Background:
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Alpha   | Red     | 2      | 2     | 24    | 9       | 6    | 2      |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0 | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0 | 90     |

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:coherency
  Scenario: Under fewest_stray and connected coherency a triangle and a chain of three leave two bases outside whichever base goes
    Given the interpretation impossible_coherency_removal is fewest_stray
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Charlie | c1   | round 0.5 | 0    | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5  | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0.75 | 11.3 | 270    |
      | Charlie | c4   | round 0.5 | 10   | 10   | 270    |
      | Charlie | c5   | round 0.5 | 11.5 | 10   | 270    |
      | Charlie | c6   | round 0.5 | 13   | 10   | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal removals for "Charlie" are c1; c2; c3; c4; c5; c6

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:impossible_coherency_removal @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under fewest_stray and two_neighbours the same unit must lose a base of the chain, which leaves the triangle whole
    Given the interpretation impossible_coherency_removal is fewest_stray
    And the interpretation coherency is two_neighbours
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Charlie | c1   | round 0.5 | 0    | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5  | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0.75 | 11.3 | 270    |
      | Charlie | c4   | round 0.5 | 10   | 10   | 270    |
      | Charlie | c5   | round 0.5 | 11.5 | 10   | 270    |
      | Charlie | c6   | round 0.5 | 13   | 10   | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal removals for "Charlie" are c4; c5; c6

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:impossible_coherency_removal @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under fewest_stray and each_within two pairs and two lone bases must lose a lone base
    Given the interpretation impossible_coherency_removal is fewest_stray
    And the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 5   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 6.5 | 10 | 270    |
      | Charlie | c5   | round 0.5 | 10  | 10 | 270    |
      | Charlie | c6   | round 0.5 | 14  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal removals for "Charlie" are c5; c6

  @clause:MB-6.5 @ruling:interpretation @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under two_neighbours a unit left with two bases apart may push either of them to the other
    Given the interpretation coherency is two_neighbours
    And the multibase bases:
      | unit    | base | shape     | x  | y  | facing |
      | Charlie | c1   | round 0.5 | 0  | 10 | 270    |
      | Charlie | c2   | round 0.5 | 5  | 10 | 270    |
      | Charlie | c3   | round 0.5 | 10 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c3 from "Charlie"
    And the owning player pushes c1 of "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal pushes for "Charlie" are c1; c2
    And base c1 of "Charlie" now stands at (3, 10)
    And no other base of "Charlie" was pushed
    And "Charlie" is in coherency
