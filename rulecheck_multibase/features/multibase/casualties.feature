Feature: Step 6 - wounds, casualty removal, coherency and the push
  Alpha (two 2x1 bases, Ranged Attack 2) shoots Bravo: four round bases in a row, half an inch
  apart edge to edge, Wound stat 2, Save 6+, Courage 9 (so hits never make Bravo Shaken here).
  Coherency by default: one connected group, each base within 1 inch of another.

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 2     | 24    | 9       | 6    | 2      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 6    | 2      |
    And the multibase bases:
      | unit  | base | shape     | x   | y | facing |
      | Alpha | a1   | rect 2x1  | 0   | 0 | 90     |
      | Alpha | a2   | rect 2x1  | 2   | 0 | 90     |
      | Bravo | b1   | round 0.5 | 0   | 6 | 270    |
      | Bravo | b2   | round 0.5 | 1.5 | 6 | 270    |
      | Bravo | b3   | round 0.5 | 3   | 6 | 270    |
      | Bravo | b4   | round 0.5 | 4.5 | 6 | 270    |

  @clause:MB-6.1 @ruling:interpretation @interpretation:coherency
  Scenario: Exactly one Wound stat's worth of wounds removes one base
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    And the defending player removes b1 from "Bravo"
    When "Alpha" shoots "Bravo"
    Then "Bravo" lost b1
    And "Bravo" has 3 bases left
    And "Bravo" carries 0 residual wounds

  @clause:MB-6.2 @ruling:derived
  Scenario: One wound short of the Wound stat removes nothing and stays on the unit
    Given "Alpha" rolls 6, 1, 1, 1 to hit
    And "Bravo" rolls 1 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" lost no bases
    And "Bravo" carries 1 residual wounds

  @clause:MB-6.2 @clause:MB-7.3 @ruling:interpretation @interpretation:coherency
  Scenario: A wound left over from one attack completes a base removal in the next
    Given "Alpha" rolls 6, 1, 1, 1 to hit
    And "Bravo" rolls 1 to save
    When "Alpha" shoots "Bravo"
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Bravo" rolls 1 to save
    And the defending player removes b4 from "Bravo"
    And "Alpha" shoots "Bravo"
    Then "Bravo" lost b4
    And "Bravo" carries 0 residual wounds

  @clause:MB-6.2 @ruling:interpretation @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Five wounds on a Wound stat of 2 remove two bases at once and leave one wound
    Given "Alpha" gets 1 bonus dice from Volley Fire
    And "Alpha" rolls 6, 6, 6, 6, 6 to hit
    And "Bravo" rolls 1, 1, 1, 1, 1 to save
    And the defending player removes b3, b4 from "Bravo"
    When "Alpha" shoots "Bravo"
    Then "Bravo" lost b3, b4
    And "Bravo" has 2 bases left
    And "Bravo" carries 1 residual wounds

  @clause:MB-6.3 @ruling:derived
  Scenario: With several legal removals and no pick the engine waits for the defending player
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then the defending player still has to choose for "Bravo"
    And "Bravo" has 4 bases left

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Only an end of the line may be removed, since a middle base would split the unit
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1; b4

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Two removals at once may take both ends, judged on the bases that remain
    Given "Alpha" rolls 6, 6, 6, 6 to hit
    And "Bravo" rolls 1, 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1+b2; b3+b4; b1+b4

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under the one-at-a-time reading two removals from a chain may still take both ends
    Given the house rule "one at a time" sets the interpretation multi_removal_coherency to each_step
    And "Alpha" rolls 6, 6, 6, 6 to hit
    And "Bravo" rolls 1, 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1+b2; b3+b4; b1+b4

  @clause:MB-6.4 @ruling:interpretation @interpretation:multi_removal_coherency @interpretation:coherency
  Scenario: Under the one-at-a-time reading a far pair cannot go, as whichever goes first strands the other
    Given the house rule "loose coherency" sets the interpretation coherency to each_within
    And the house rule "one at a time" sets the interpretation multi_removal_coherency to each_step
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 2      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 3   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7   | 10 | 270    |
      | Charlie | c5   | round 0.5 | 8.5 | 10 | 270    |
    And "Alpha" rolls 6, 6, 1, 1 to hit
    And "Charlie" rolls 1, 1 to save
    And the defending player removes c4 and c5 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under the each-base-near-another reading a middle pair may go, leaving two far pairs
    Given the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
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
    Then the legal removals for "Charlie" are c1+c2; c1+c4; c1+c6; c3+c4; c3+c6; c5+c6

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: A pick that would split the unit is refused
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    And the defending player removes b2 from "Bravo"
    Then shooting "Bravo" with "Alpha" is refused because "Bravo cannot remove b2"

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: A unit already split in two cannot keep coherency, is Shaken, and its lone base is pushed back
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And "Charlie" could have lost any 1 of its bases
    And "Charlie" has a Shaken token
    And base c3 of "Charlie" was pushed 2.5 inches
    And no other base of "Charlie" was pushed
    And the push is not a Move action
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under the loose reading two pairs are coherent until a loss strands one base, which is pushed
    Given the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c1 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And "Charlie" has a Shaken token
    And base c2 of "Charlie" was pushed 2.5 inches
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:impossible_coherency_removal @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: A stranded pair is pushed as one group, straight towards the nearest base of the pair that stays
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 4.5 | 14 | 270    |
      | Charlie | c4   | round 0.5 | 6   | 14 | 270    |
      | Charlie | c5   | round 0.5 | 7.5 | 14 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c5 from "Charlie"
    And the owning player pushes c3, c4 of "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And base c3 of "Charlie" now stands at (2.7, 11.6)
    And base c4 of "Charlie" now stands at (4.2, 11.6)
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under the loose reading two lone bases on either side are each pushed to their nearest base, one move after the other
    The unit starts out of coherency: MB-6.5 reaches it only under split_before_attack=applies.
    No single move restores coherency, so the push takes a second move.

    Given the interpretation split_before_attack is applies
    And the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | -4  | 10 | 270    |
      | Charlie | c4   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c5   | round 0.5 | 3   | 20 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c5 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And base c3 of "Charlie" was pushed 2 inches
    And base c3 of "Charlie" now stands at (-2, 10)
    And base c4 of "Charlie" was pushed 2.5 inches
    And base c4 of "Charlie" now stands at (3.5, 10)
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under the loose reading a lone base as near to two bases goes to the first listed
    Given the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 4.5 | 10 | 270    |
      | Charlie | c4   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c5   | round 0.5 | 3   | 12 | 270    |
      | Charlie | c6   | round 0.5 | 3   | 20 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c6 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And base c5 of "Charlie" was pushed 0.5 inches
    And base c5 of "Charlie" now stands at (2.7, 11.6)
    And no other base of "Charlie" was pushed
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: A stranded base as near to two bases of the group that stays is pushed towards the first listed
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Charlie | c1   | round 0.5 | 0    | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5  | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0.75 | 12.1875 | 270  |
      | Charlie | c4   | round 0.5 | 0.75 | 20   | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And base c3 of "Charlie" was pushed 0.3125 inches
    And no other base of "Charlie" was pushed
    And "Charlie" is in coherency

  @clause:MB-6.4 @ruling:derived
  Scenario: Under the loose reading a unit down to its last base is in coherency
    Given the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c2 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then "Charlie" has 1 bases left
    And "Charlie" is in coherency

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: A chain of bases is one group whatever order its bases are listed in
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 3   | 10 | 270    |
      | Charlie | c3   | round 0.5 | 1.5 | 10 | 270    |
    And "Alpha" rolls 1, 1, 1, 1 to hit
    When "Alpha" shoots "Charlie"
    Then "Charlie" is in coherency

  @clause:MB-6.5 @clause:MB-4.3 @ruling:interpretation @interpretation:split_before_attack
  Scenario: A unit already Shaken that cannot keep coherency gets no second token
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      | yes    |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then "Charlie" was refused a second Shaken token

  @clause:MB-6.5 @ruling:interpretation @interpretation:split_before_attack @interpretation:coherency
  Scenario: Under not_caused a unit split before the attack is neither Shaken nor pushed by its losses
    Given the interpretation split_before_attack is not_caused
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then "Charlie" lost c4
    And "Charlie" has no Shaken token
    And no base of "Charlie" was pushed

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under not_caused a unit coherent before the attack whose losses strand a base is Shaken and pushed all the same
    Given the interpretation split_before_attack is not_caused
    And the house rule "loose coherency" sets the interpretation coherency to each_within
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c1 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And "Charlie" has a Shaken token
    And base c2 of "Charlie" was pushed 2.5 inches

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:impossible_coherency_removal @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under fewest_stray a unit that cannot stay coherent must still lose the bases that strand the fewest
    Given the interpretation impossible_coherency_removal is fewest_stray
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 3   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7   | 10 | 270    |
      | Charlie | c5   | round 0.5 | 11  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal removals for "Charlie" are c4; c5

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:impossible_coherency_removal
  Scenario: By default a unit that cannot stay coherent may lose any base
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 3   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7   | 10 | 270    |
      | Charlie | c5   | round 0.5 | 11  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal removals for "Charlie" are c1; c2; c3; c4; c5

  @clause:MB-6.4 @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under two_neighbours a coherent square that loses a corner cannot stay coherent, and its owner picks the push
    Given the interpretation coherency is two_neighbours
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y    | facing |
      | Charlie | c1   | round 0.5 | 0   | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0   | 11.5 | 270    |
      | Charlie | c4   | round 0.5 | 1.5 | 11.5 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    And the owning player pushes c3 of "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And "Charlie" has a Shaken token
    And the legal pushes for "Charlie" are c2; c3
    And only base c3 of "Charlie" was pushed
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: When two pushes are legal the scenario must say which the owning player makes
    Given the interpretation coherency is two_neighbours
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y    | facing |
      | Charlie | c1   | round 0.5 | 0   | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0   | 11.5 | 270    |
      | Charlie | c4   | round 0.5 | 1.5 | 11.5 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    Then shooting "Charlie" with "Alpha" is refused because "the owning player must choose how to push Charlie"

  @clause:MB-6.5 @ruling:derived
  Scenario: A push scripted for a unit that never needs one is refused, as an unused die is
    Given "Alpha" rolls 1, 1, 1, 1 to hit
    And the owning player pushes b2 of "Bravo"
    Then shooting "Bravo" with "Alpha" is refused because "a push is scripted for Bravo, but it has no push to make"

  @clause:MB-6.5 @ruling:interpretation @interpretation:push_anchor @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: By default the owner may keep the pair or the middle base in place, as both pushes move the least in total
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 5   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 8.5 | 10 | 270    |
      | Charlie | c5   | round 0.5 | 12  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c5 from "Charlie"
    And the owning player pushes c1, c2, c4 of "Charlie"
    When "Alpha" shoots "Charlie"
    Then the legal pushes for "Charlie" are c3+c4; c1+c2+c4
    And base c1 of "Charlie" now stands at (1.5, 10)
    And base c2 of "Charlie" now stands at (3, 10)
    And base c4 of "Charlie" was pushed 1.5 inches
    And "Charlie" is in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:push_anchor @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under largest_group the pair stays where it is and only the lone bases are pushed
    Given the interpretation push_anchor is largest_group
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 5   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 8.5 | 10 | 270    |
      | Charlie | c5   | round 0.5 | 12  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c5 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then the legal pushes for "Charlie" are c3+c4
    And base c3 of "Charlie" was pushed 1.5 inches
    And base c4 of "Charlie" was pushed 3 inches
    And "Charlie" is in coherency

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: By default (nearest_points) a unit mixing a rectangular base and round bases keeps coherency edge to edge, not centre to edge
    The round bases stand 0.7 inches from the long edges of the 2x1 base in the middle (1.7 inches
    from its centre) and 3.4 inches from each other: only the middle base links them.
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y  | facing |
      | Charlie | c1   | round 0.5 | -2.2 | 10 | 270    |
      | Charlie | c2   | rect 2x1  | 0    | 10 | 270    |
      | Charlie | c3   | round 0.5 | 2.2  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then the legal removals for "Charlie" are c1; c3
    And "Charlie" is in coherency

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency_measure
  Scenario: Under a house rule of half-inch coherency bases a quarter inch apart still count as together
    Given the house rule "tight ranks" sets the parameter coherency_distance to 0.5
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y  | facing |
      | Charlie | c1   | round 0.5 | 0    | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.25 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 2.5  | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    When "Alpha" shoots "Charlie"
    Then the legal removals for "Charlie" are c1; c3

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: Under two_neighbours a square and a triangle each content but apart: the smaller group is pushed to the larger
    Every base has two neighbours, but the unit is in two groups 1.2 inches apart (and a third base
    stands alone, which the defending player removes). The triangle's nearest base moves 0.2 inches
    to the square and keeps its own two neighbours; the square stays where it is.
    Given the interpretation coherency is two_neighbours
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Charlie | c1   | round 0.5 | 0    | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5  | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0    | 11.5 | 270    |
      | Charlie | c4   | round 0.5 | 1.5  | 11.5 | 270    |
      | Charlie | c5   | round 0.5 | 3.7  | 10   | 270    |
      | Charlie | c6   | round 0.5 | 5.2  | 10   | 270    |
      | Charlie | c7   | round 0.5 | 4.45 | 11.3 | 270    |
      | Charlie | c8   | round 0.5 | 12   | 10   | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c8 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no removal keeps "Charlie" in coherency
    And the legal pushes for "Charlie" are c5
    And base c5 of "Charlie" was pushed 0.2 inches
    And no other base of "Charlie" was pushed
    And "Charlie" is in coherency
