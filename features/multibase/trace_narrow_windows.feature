Feature: The Trace through narrow windows and to slivers of a target inside the front arc
  The Trace needs one unobstructed line from an attacker base to the part of a target base inside
  the front arc. Where walls, ruins and other bases leave only a narrow window, or only a sliver
  of the target lies inside the arc, one line may be all there is: these scenarios pin down that
  the engine still finds it, and still refuses when none exists.
  Positions are in inches; facing is in degrees counter-clockwise from +x (90 faces up the table).
  Shapes: "rect WxD" (width along the front edge, depth), "round R" (radius).

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 1      | 1     | 24    | 5       | 7    | 1      |
      | Bravo | Blue    | 1      | 1     | 24    | 5       | 7    | 1      |

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: A large round target mostly behind the arc line still offers a sliver to trace to
    Given the multibase bases:
      | unit  | base | shape     | x | y    | facing |
      | Alpha | a1   | rect 2x1  | 0 | 0    | 90     |
      | Bravo | b1   | round 1.5 | 6 | -1.2 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: A wall across the whole gap obstructs the Trace, even beside a column of round bases
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x  | y | facing |
      | Alpha   | a1   | round 0.5 | 0  | 0 | 90     |
      | Bravo   | b1   | round 0.5 | 0  | 8 | 270    |
      | Charlie | c1   | round 0.75 | -1 | 4 | 0      |
      | Charlie | c2   | round 0.75 | -1 | 2 | 0      |
    And blocking terrain "wall" with corners (-3,5) (3,5) (3,5.5) (-3,5.5)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1, Charlie/c2 and wall
