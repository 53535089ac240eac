Feature: Choices the engine used to make without naming them (issue 30)
  Each scenario shows one option of a reading the text leaves open: between which points of two
  bases Coherency is measured, whether another unit's base stops a push (and then whose push
  comes first after a Close Combat), whether Close Combat needs base contact (the Trace's attacker end is in trace_narrow_windows.feature).
  Positions are in inches; facing is in degrees counter-clockwise from +x (90 faces up the table).

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

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency_measure @interpretation:coherency @assumed:coherency_distance
  Scenario: By default (nearest_points) round bases half an inch apart edge to edge are in coherency, and only an end may go
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then the legal removals for "Bravo" are b1; b4

  @clause:MB-6.4 @ruling:interpretation @interpretation:coherency_measure @interpretation:push_anchor @assumed:coherency_distance
  Scenario: Under centres the same bases, an inch and a half apart centre to centre, are never in coherency
    Given the interpretation coherency_measure is centres
    And "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    And the defending player removes b4 from "Bravo"
    When "Alpha" shoots "Bravo"
    Then no removal keeps "Bravo" in coherency

  @clause:MB-6.5 @ruling:interpretation @interpretation:push_path @interpretation:coherency @interpretation:split_before_attack @interpretation:coherency_measure @assumed:coherency_distance
  Scenario: By default (straight) a stranded base is pushed straight through another unit's base in its way
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
      | Delta   | Green   | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
      | Delta   | d1   | round 0.5 | 4   | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then base c3 of "Charlie" was pushed 2.5 inches

  @clause:MB-6.5 @ruling:interpretation @interpretation:push_path @assumed:coherency_distance
  Scenario: Under other_bases_block no push crosses another unit's base, so none is legal
    Given the interpretation push_path is other_bases_block
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
      | Delta   | Green   | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y  | facing |
      | Charlie | c1   | round 0.5 | 0   | 10 | 270    |
      | Charlie | c2   | round 0.5 | 1.5 | 10 | 270    |
      | Charlie | c3   | round 0.5 | 6   | 10 | 270    |
      | Charlie | c4   | round 0.5 | 7.5 | 10 | 270    |
      | Delta   | d1   | round 0.5 | 4   | 10 | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    When "Alpha" shoots "Charlie"
    Then no base of "Charlie" was pushed

  @clause:MB-6.5 @ruling:interpretation @interpretation:coherency @interpretation:coherency_measure @interpretation:split_before_attack @assumed:coherency_distance
  Scenario: Under two_neighbours a lone base may be pushed twice to gain two neighbours, and with no other unit's base in the way either push_path allows it
    Given the interpretation push_path is other_bases_block
    And the interpretation coherency is two_neighbours
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Charlie | c1   | round 0.5 | 0    | 10   | 270    |
      | Charlie | c2   | round 0.5 | 1.5  | 10   | 270    |
      | Charlie | c3   | round 0.5 | 0.2  | 16   | 270    |
      | Charlie | c4   | round 0.5 | 12   | 16   | 270    |
    And "Alpha" rolls 6, 1, 1, 1 to hit
    And "Charlie" rolls 1 to save
    And the defending player removes c4 from "Charlie"
    And the owning player pushes c3 of "Charlie"
    When "Alpha" shoots "Charlie"
    Then the legal pushes for "Charlie" are c3; c1+c3
    And only base c3 of "Charlie" was pushed

  @clause:MB-0 @clause:MB-1 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: Under base_contact a unit six inches away cannot be attacked in close combat
    Given the interpretation close_combat_reach is base_contact
    When "Alpha" fights "Bravo" in close combat
    Then the attack is refused

  @clause:MB-0 @clause:MB-1 @ruling:derived
  Scenario: A unit in base contact may be attacked in close combat under either reading of close_combat_reach
    Given the interpretation close_combat_reach is base_contact
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 9       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y  | facing |
      | Brawler | r1   | rect 2x1 | 0 | 5  | 90     |
    And "Brawler" rolls 1 to hit
    And "Bravo" rolls 1, 1, 1, 1 to hit
    When "Brawler" fights "Bravo" in close combat
    Then the attack may proceed

  @clause:MB-6.5 @ruling:interpretation @interpretation:close_combat_push_order @interpretation:push_path @interpretation:coherency @interpretation:coherency_measure @interpretation:impossible_coherency_removal @interpretation:split_before_attack @interpretation:close_combat_reach @assumed:coherency_distance
  Scenario: By default (target_first) after a Close Combat the target is pushed first, and both units can be pushed together
    Given the interpretation push_path is other_bases_block
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Echo    | Red     | 1      | 1     | 24    | 9       | 6    | 1      |
      | Foxtrot | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y  | facing |
      | Echo    | e1   | round 0.5 | 19   | 0  | 90     |
      | Echo    | e2   | round 0.5 | 20.5 | 0  | 90     |
      | Echo    | e6   | round 0.5 | 17.5 | 0  | 90     |
      | Echo    | e4   | round 0.5 | 16   | 0  | 90     |
      | Echo    | e3   | round 0.5 | 28   | 1  | 90     |
      | Echo    | e5   | round 0.5 | 29.5 | 1  | 90     |
      | Foxtrot | f1   | round 0.5 | 20   | 6  | 270    |
      | Foxtrot | f2   | round 0.5 | 21.5 | 6  | 270    |
      | Foxtrot | f6   | round 0.5 | 18.5 | 6  | 270    |
      | Foxtrot | f4   | round 0.5 | 17   | 6  | 270    |
      | Foxtrot | f3   | round 0.5 | 23.5 | -4 | 270    |
      | Foxtrot | f5   | round 0.5 | 25   | -4 | 270    |
    And "Echo" rolls 6, 1, 1, 1, 1, 1 to hit
    And "Foxtrot" rolls 6, 1, 1, 1, 1, 1 to hit
    And "Foxtrot" rolls 1 to save
    And "Echo" rolls 1 to save
    And the defending player removes f4 from "Foxtrot"
    And the defending player removes e4 from "Echo"
    When "Echo" fights "Foxtrot" in close combat
    Then the legal pushes for "Foxtrot" are f3+f5
    And the legal pushes for "Echo" are e3+e5
    And the trace cites MB-6.5 with close_combat_push_order=target_first

  @clause:MB-6.5 @ruling:interpretation @interpretation:close_combat_push_order @interpretation:push_path @interpretation:coherency @interpretation:coherency_measure @interpretation:impossible_coherency_removal @interpretation:split_before_attack @interpretation:close_combat_reach @assumed:coherency_distance
  Scenario: Under attacking_unit_first the attacking unit's pushed bases stand in the target's way, and the target has no push
    Given the interpretation push_path is other_bases_block
    And the interpretation close_combat_push_order is attacking_unit_first
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Echo    | Red     | 1      | 1     | 24    | 9       | 6    | 1      |
      | Foxtrot | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y  | facing |
      | Echo    | e1   | round 0.5 | 19   | 0  | 90     |
      | Echo    | e2   | round 0.5 | 20.5 | 0  | 90     |
      | Echo    | e6   | round 0.5 | 17.5 | 0  | 90     |
      | Echo    | e4   | round 0.5 | 16   | 0  | 90     |
      | Echo    | e3   | round 0.5 | 28   | 1  | 90     |
      | Echo    | e5   | round 0.5 | 29.5 | 1  | 90     |
      | Foxtrot | f1   | round 0.5 | 20   | 6  | 270    |
      | Foxtrot | f2   | round 0.5 | 21.5 | 6  | 270    |
      | Foxtrot | f6   | round 0.5 | 18.5 | 6  | 270    |
      | Foxtrot | f4   | round 0.5 | 17   | 6  | 270    |
      | Foxtrot | f3   | round 0.5 | 23.5 | -4 | 270    |
      | Foxtrot | f5   | round 0.5 | 25   | -4 | 270    |
    And "Echo" rolls 6, 1, 1, 1, 1, 1 to hit
    And "Foxtrot" rolls 6, 1, 1, 1, 1, 1 to hit
    And "Foxtrot" rolls 1 to save
    And "Echo" rolls 1 to save
    And the defending player removes f4 from "Foxtrot"
    And the defending player removes e4 from "Echo"
    When "Echo" fights "Foxtrot" in close combat
    Then the legal pushes for "Echo" are e3+e5
    And the legal pushes for "Foxtrot" are none
