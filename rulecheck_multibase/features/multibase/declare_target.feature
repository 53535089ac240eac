Feature: Step 1 - declaring the target: enemy, Trace, front arc and range
  Positions are in inches; facing is in degrees counter-clockwise from +x (90 faces up the table),
  or a direction written (x, y), such as (3, 4).
  Shapes: "rect WxD" (width along the front edge, depth), "round R" (radius).

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 1      | 1     | 9     | 5       | 7    | 1      |
      | Bravo | Blue    | 1      | 1     | 9     | 5       | 7    | 1      |

  @clause:MB-1 @ruling:derived
  Scenario: A unit of the attacker's own faction cannot be the target
    Given the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds |
      | Alpha2 | Red     | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit   | base | shape    | x | y  | facing |
      | Alpha  | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo  | b1   | rect 2x1 | 9 | 9  | 270    |
      | Alpha2 | x1   | rect 2x1 | 0 | 5  | 270    |
    When "Alpha" shoots "Alpha2"
    Then the attack is refused: not an enemy

  @clause:MB-1.1 @ruling:derived
  Scenario: A wall across every line between the two units obstructs the Trace
    Given the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo | b1   | round 0.5 | 0 | 8 | 270    |
    And blocking terrain "wall" with corners (-5,4) (5,4) (5,5) (-5,5)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by wall

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Another unit's base standing between the units obstructs the Trace by default
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x | y | facing |
      | Alpha   | a1   | rect 2x1  | 0 | 0 | 90     |
      | Bravo   | b1   | round 0.5 | 0 | 8 | 270    |
      | Charlie | c1   | rect 4x1  | 0 | 4 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Under the terrain-only reading another unit's base does not obstruct the Trace
    Given the house rule "bases never block" sets the interpretation trace_blockers to terrain
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x | y | facing |
      | Alpha   | a1   | rect 2x1  | 0 | 0 | 90     |
      | Bravo   | b1   | round 0.5 | 0 | 8 | 270    |
      | Charlie | c1   | rect 4x1  | 0 | 4 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace cites MB-1.1 with trace_blockers=terrain

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: By default a line running exactly along the seam between two walls grazes both and stays clear
    Given the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 2 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 2 | 8  | 270    |
    And blocking terrain "west wall" with corners (-10,3) (2,3) (2,5) (-10,5)
    And blocking terrain "east wall" with corners (2,3) (12,3) (12,5) (2,5)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1
    And the trace cites MB-1.1 with trace_grazing=clear

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: Under blocks the line along the seam touches both walls, so no Trace is clear
    Given the interpretation trace_grazing is blocks
    And the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 2 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 2 | 8  | 270    |
    And blocking terrain "west wall" with corners (-10,3) (2,3) (2,5) (-10,5)
    And blocking terrain "east wall" with corners (2,3) (12,3) (12,5) (2,5)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing @interpretation:trace_blockers
  Scenario: Under blocks the one line between two touching round bases of a third unit touches both, so no Trace is clear
    Given the interpretation trace_grazing is blocks
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x  | y  | facing |
      | Alpha   | a1   | round 0.5 | 0  | 0  | 90     |
      | Bravo   | b1   | round 0.5 | 0  | 10 | 270    |
      | Charlie | c1   | round 1   | -1 | 5  | 90     |
      | Charlie | c2   | round 1   | 1  | 5  | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace

  @clause:MB-1.1 @ruling:derived
  Scenario: A unit of several bases needs only one of them to trace to the target
    Given the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0 | 90     |
      | Alpha | a2   | rect 2x1 | 6 | 0 | 90     |
      | Bravo | b1   | rect 2x1 | 6 | 8 | 270    |
    And blocking terrain "tower" with corners (-3,2) (3,2) (3,6) (-3,6)
    And "Alpha" rolls 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a2 to b1

  @clause:MB-1.1 @ruling:derived
  Scenario: A target a tenth of an inch behind the attacker's centre line is outside the front arc
    Given the multibase bases:
      | unit  | base | shape    | x  | y    | facing |
      | Alpha | a1   | rect 2x1 | 0  | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 5  | -0.6 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_boundary @interpretation:arc_origin
  Scenario: A target whose edge lies on the arc's boundary line is inside the arc
    Given the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 5 | -0.5 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:interpretation @assumed:geometry_tolerance
  Scenario: A target whose edge stops 1.5 billionths of an inch short of the arc's boundary line is outside the arc
    The one tolerance of every geometric verdict is a billionth of an inch (geometry_tolerance):
    a base within it of the arc line touches the line, and this one is further off.
    Given the multibase bases:
      | unit  | base | shape    | x | y             | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0             | 90     |
      | Bravo | b1   | rect 2x1 | 5 | -0.5000000015 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: From the front edge of a deep base facing along x, a target short of that edge is out of arc
    Given the house rule "arcs from the front edge" sets the interpretation arc_origin to front_edge
    And the multibase bases:
      | unit  | base | shape    | x   | y   | facing |
      | Alpha | a1   | rect 2x2 | 0   | 0   | 0      |
      | Bravo | b1   | rect 2x1 | 0.2 | 5   | 0      |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: From the front edge of a deep base facing along x, a target reaching past that edge is in arc
    Given the house rule "arcs from the front edge" sets the interpretation arc_origin to front_edge
    And the multibase bases:
      | unit  | base | shape    | x   | y   | facing |
      | Alpha | a1   | rect 2x2 | 0   | 0   | 0      |
      | Bravo | b1   | rect 2x1 | 0.6 | 5   | 0      |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: From the front edge of a deep base facing up the table, a target short of that edge is out of arc
    Given the house rule "arcs from the front edge" sets the interpretation arc_origin to front_edge
    And the multibase bases:
      | unit  | base | shape    | x   | y   | facing |
      | Alpha | a1   | rect 2x2 | 0   | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 5   | 0.2 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: From the front edge of a deep base facing up the table, a target reaching past that edge is in arc
    Given the house rule "arcs from the front edge" sets the interpretation arc_origin to front_edge
    And the multibase bases:
      | unit  | base | shape    | x   | y   | facing |
      | Alpha | a1   | rect 2x2 | 0   | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 5   | 0.6 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 360 degrees a target behind the attacker is inside it
    Given the parameter front_arc_degrees is 360
    And the multibase bases:
      | unit  | base | shape     | x | y  | facing |
      | Alpha | a1   | round 0.5 | 0 | 0  | 90     |
      | Bravo | b1   | round 0.5 | 0 | -6 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_boundary
  Scenario: Under the strict boundary reading a target touching the arc line is outside
    Given the house rule "strict arcs" sets the interpretation arc_boundary to outside
    And the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 5 | -0.5 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: A target level with the attacker's centre is in arc from the centre line
    Given the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 5 | -0.1 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: The same target is out of arc when the arc is drawn from the front edge
    Given the house rule "arcs from the front edge" sets the interpretation arc_origin to front_edge
    And the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 5 | -0.1 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.2 @ruling:derived
  Scenario: A target exactly at maximum range can be shot
    Given the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 10 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the range measured is 9 inches from a1 to b1

  @clause:MB-1.2 @ruling:derived
  Scenario: A target half an inch beyond maximum range cannot be shot
    Given the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 10.5 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: out of range
    And the range measured is 9.5 inches from a1 to b1

  @clause:MB-1.2 @ruling:derived
  Scenario: Range runs between the closest points of the closest pair of bases, round bases exactly
    Given the multibase bases:
      | unit  | base | shape     | x  | y  | facing |
      | Alpha | a1   | round 0.5 | 0  | 0  | 45     |
      | Alpha | a2   | round 0.5 | -6 | 0  | 45     |
      | Bravo | b1   | round 0.5 | 6  | 8  | 225    |
      | Bravo | b2   | round 0.5 | 3  | 4  | 225    |
    And "Alpha" rolls 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the range measured is 4 inches from a1 to b2

  @clause:MB-1.1 @ruling:derived
  Scenario: A target in contact with the attacker's front edge is traced to, however close a third unit's base stands
    Where the two bases touch, no obstacle fits between them, and a Trace across the contact is
    clear even with Charlie's round base a tenth of an inch from both of them.
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y   | facing |
      | Alpha   | a1   | rect 2x1  | 0   | 0    | 90     |
      | Bravo   | b1   | rect 4x1  | 0   | 1    | 270    |
      | Charlie | c1   | round 0.5 | 1.6 | -0.1 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.2 @clause:MB-3.2 @ruling:derived
  Scenario: A unit of no range may shoot a target its base touches, which is not at long range
    Given the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds |
      | Sapper | Red     | 1      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit   | base | shape    | x | y | facing |
      | Sapper | s1   | rect 2x1 | 0 | 0 | 90     |
      | Alpha  | a1   | rect 2x1 | 9 | 9 | 90     |
      | Bravo  | b1   | rect 2x1 | 0 | 1 | 270    |
    And "Sapper" rolls 4 to hit
    And "Bravo" rolls 1 to save
    When "Sapper" shoots "Bravo"
    Then the attack may proceed
    And the range measured is 0 inches from s1 to b1
    And "Sapper" needs 4+ to hit
    And "Sapper" scores 1 hits

  @clause:MB-1.2 @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin
  Scenario: Range to a target low on the attacker's left runs from the attacker's left edge
    Given the multibase bases:
      | unit  | base | shape    | x  | y    | facing |
      | Alpha | a1   | rect 2x1 | 0  | 0    | 90     |
      | Bravo | b1   | rect 2x1 | -5 | -0.3 | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the range measured is 3 inches from a1 to b1

  @clause:MB-1.1 @ruling:derived
  Scenario: An attacker facing 45 degrees has a target up the table and to its left inside its arc
    Given the multibase bases:
      | unit  | base | shape     | x  | y | facing |
      | Alpha | a1   | rect 2x1  | 0  | 0 | 45     |
      | Bravo | b1   | round 0.5 | -3 | 5 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.2 @ruling:derived
  Scenario: An attacker facing down the x axis the other way measures range from its front edge
    Given the multibase bases:
      | unit  | base | shape    | x  | y | facing |
      | Alpha | a1   | rect 2x1 | 0  | 0 | 180    |
      | Bravo | b1   | rect 2x1 | -6 | 0 | 0      |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the range measured is 5 inches from a1 to b1

  @clause:MB-1.2 @clause:MB-0 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: By default (unchecked) close combat checks the Trace but neither the range nor base contact
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y   | facing |
      | Brawler | r1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha   | a1   | rect 2x1 | 9 | 9   | 90     |
      | Bravo   | b1   | rect 2x1 | 0 | 1.5 | 270    |
    And "Brawler" rolls 1 to hit
    And "Bravo" rolls 1 to hit
    When "Brawler" fights "Bravo" in close combat
    Then the attack may proceed
    And the trace runs from r1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_boundary @interpretation:arc_origin
  Scenario: Facing the 3-4-5 direction, a target whose edge lies on the arc line is inside the arc
    Given the multibase bases:
      | unit  | base | shape    | x    | y   | facing |
      | Alpha | a1   | rect 2x1 | 0    | 0   | (3, 4) |
      | Bravo | b1   | rect 2x1 | -4.3 | 2.6 | (3, 4) |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_boundary @interpretation:arc_origin
  Scenario: Facing the 3-4-5 direction, a round target tangent to the arc line is inside the arc
    Given the multibase bases:
      | unit  | base | shape     | x    | y   | facing |
      | Alpha | a1   | rect 2x1  | 0    | 0   | (3, 4) |
      | Bravo | b1   | round 0.5 | -4.3 | 2.6 | 0      |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_boundary
  Scenario: Under the strict boundary reading the same tangent round target is outside
    Given the house rule "strict arcs" sets the interpretation arc_boundary to outside
    And the multibase bases:
      | unit  | base | shape     | x    | y   | facing |
      | Alpha | a1   | rect 2x1  | 0    | 0   | (3, 4) |
      | Bravo | b1   | round 0.5 | -4.3 | 2.6 | 0      |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc
  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_target_part
  Scenario: By default the Trace must reach the part of a target base inside the front arc
    Given the multibase bases:
      | unit  | base | shape     | x | y | facing |
      | Alpha | a1   | rect 2x1  | 0 | 0 | 90     |
      | Bravo | b1   | round 0.5 | 6 | 0 | 270    |
    And blocking terrain "post" with corners (3,-0.45) (4,-0.45) (4,3) (3,3)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by post

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_target_part @interpretation:trace_attacker_part
  Scenario: Under whole_base a base partly inside the arc may be traced to its part outside it
    Given the interpretation trace_target_part is whole_base
    And the multibase bases:
      | unit  | base | shape     | x | y | facing |
      | Alpha | a1   | rect 2x1  | 0 | 0 | 90     |
      | Bravo | b1   | round 0.5 | 6 | 0 | 270    |
    And blocking terrain "post" with corners (3,-0.45) (4,-0.45) (4,3) (3,3)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace cites MB-1.1 with trace_target_part=whole_base

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_target_part @interpretation:trace_attacker_part
  Scenario: Under whole_base a round attacker may trace to the half of a round target behind its centre line
    Given the interpretation trace_target_part is whole_base
    And the multibase bases:
      | unit  | base | shape     | x | y | facing |
      | Alpha | a1   | round 0.5 | 0 | 2 | 90     |
      | Bravo | b1   | round 0.5 | 6 | 2 | 270    |
    And blocking terrain "post" with corners (3,1.55) (4,1.55) (4,5) (3,5)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace cites MB-1.1 with trace_target_part=whole_base

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_target_part @interpretation:trace_attacker_part
  Scenario: Under whole_base a round attacker may trace to the half of a rectangular target behind its centre line
    Given the interpretation trace_target_part is whole_base
    And the multibase bases:
      | unit  | base | shape     | x | y | facing |
      | Alpha | a1   | round 0.5 | 0 | 2 | 90     |
      | Bravo | b1   | rect 1x1  | 6 | 2 | 270    |
    And blocking terrain "post" with corners (3,1.55) (4,1.55) (4,5) (3,5)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace cites MB-1.1 with trace_target_part=whole_base

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_target_part @interpretation:trace_attacker_part
  Scenario: Under whole_base and a 120-degree arc a round target across the arc's edge may be traced to its part outside
    Given the interpretation trace_target_part is whole_base
    And the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x | y | facing |
      | Alpha | a1   | round 0.5 | 0 | 0 | 60     |
      | Bravo | b1   | round 0.5 | 6 | 0 | 270    |
    And blocking terrain "post" with corners (3,-0.45) (4,-0.45) (4,3) (3,3)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace cites MB-1.1 with trace_target_part=whole_base

  @clause:MB-1.2 @ruling:interpretation @interpretation:range_from
  Scenario: By default range runs from the attacker's nearest base, even one without a Trace
    Given the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Alpha | a2   | rect 2x1 | 6 | -4 | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 8  | 270    |
    And blocking terrain "tower" with corners (-3,2) (1.5,2) (1.5,4) (-3,4)
    And "Alpha" rolls 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a2 to b1
    And the range measured is 7 inches from a1 to b1

  @clause:MB-1.2 @ruling:interpretation @interpretation:range_from
  Scenario: Under tracing_base range runs from a base that has the Trace, and the target is out of range
    Given the interpretation range_from is tracing_base
    And the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Alpha | a2   | rect 2x1 | 6 | -4 | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 8  | 270    |
    And blocking terrain "tower" with corners (-3,2) (1.5,2) (1.5,4) (-3,4)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: out of range

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, a target 50 degrees right of the facing is inside it
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x    | y    | facing |
      | Alpha | a1   | round 0.5 | 0    | 0    | 90     |
      | Bravo | b1   | round 0.5 | 6.13 | 5.14 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, a target 70 degrees left of the facing is still outside it
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x     | y    | facing |
      | Alpha | a1   | round 0.5 | 0     | 0    | 90     |
      | Bravo | b1   | round 0.5 | -7.52 | 2.74 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, a target 70 degrees right of the facing is outside it
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x    | y    | facing |
      | Alpha | a1   | round 0.5 | 0    | 0    | 90     |
      | Bravo | b1   | round 0.5 | 7.52 | 2.74 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, a target 62 degrees left of the facing reaches over the 60-degree line
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x     | y    | facing |
      | Alpha | a1   | round 0.5 | 0     | 0    | 90     |
      | Bravo | b1   | round 0.5 | -7.06 | 3.76 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, a target 64 degrees left of the facing stops short of the 60-degree line
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x    | y    | facing |
      | Alpha | a1   | round 0.5 | 0    | 0    | 90     |
      | Bravo | b1   | round 0.5 | -7.2 | 3.49 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 120 degrees, an attacker facing along the x axis has a target 50 degrees to its left inside it
    Given the parameter front_arc_degrees is 120
    And the multibase bases:
      | unit  | base | shape     | x    | y    | facing |
      | Alpha | a1   | round 0.5 | 0    | 0    | 0      |
      | Bravo | b1   | round 0.5 | 5.14 | 6.13 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc narrowed to 178 degrees, a target level with the attacker on its right stops short of the 89-degree line
    Given the parameter front_arc_degrees is 178
    And the multibase bases:
      | unit  | base | shape     | x | y     | facing |
      | Alpha | a1   | round 0.5 | 0 | 0     | 90     |
      | Bravo | b1   | round 0.5 | 8 | -0.45 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And no target base is inside the front arc

  @clause:MB-1.1 @ruling:derived
  Scenario: With the front arc widened to 181 degrees, a target just behind the centre line on the right reaches into the extra half degree
    Given the parameter front_arc_degrees is 181
    And the multibase bases:
      | unit  | base | shape     | x | y     | facing |
      | Alpha | a1   | round 0.5 | 0 | 0     | 90     |
      | Bravo | b1   | round 0.5 | 8 | -0.55 | 270    |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And some target base is inside the front arc

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: By default the one line between two touching round bases of a third unit grazes both and stays clear
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x  | y  | facing |
      | Alpha   | a1   | round 0.5 | 0  | 0  | 90     |
      | Bravo   | b1   | round 0.5 | 0  | 10 | 270    |
      | Charlie | c1   | round 1   | -1 | 5  | 90     |
      | Charlie | c2   | round 1   | 1  | 5  | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:derived
  Scenario: Two round bases of a third unit leave a gap a fifth of an inch wide beside the centre line, and the Trace threads it
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y  | facing |
      | Alpha   | a1   | round 0.5 | 0    | 0  | 90     |
      | Bravo   | b1   | round 0.5 | 0    | 10 | 270    |
      | Charlie | c1   | round 1   | -1.4 | 5  | 90     |
      | Charlie | c2   | round 1   | 0.8  | 5  | 90     |
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Two staggered round bases of a third unit obstruct every line together, though either alone leaves one clear
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 9     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x     | y   | facing |
      | Alpha   | a1   | round 0.5 | 0     | 0   | 90     |
      | Bravo   | b1   | round 0.5 | 0     | 10  | 270    |
      | Charlie | c1   | round 0.7 | -0.55 | 4.4 | 90     |
      | Charlie | c2   | round 0.7 | 0.55  | 5.6 | 90     |
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1 and Charlie/c2

  @clause:MB-1.1 @ruling:derived
  Scenario: Two staggered walls obstruct every line together, though either alone leaves one clear
    Given the multibase bases:
      | unit  | base | shape     | x | y  | facing |
      | Alpha | a1   | round 0.5 | 0 | 0  | 90     |
      | Bravo | b1   | round 0.5 | 0 | 10 | 270    |
    And blocking terrain "near wall" with corners (-5,4) (0.2,4) (0.2,5) (-5,5)
    And blocking terrain "far wall" with corners (0,6) (5,6) (5,7) (0,7)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by near wall and far wall

  @clause:MB-0 @clause:MB-4.4 @ruling:interpretation @interpretation:close_combat_return @interpretation:close_combat_reach
  Scenario: By default the target of a close combat strikes back though the attacker is behind its front arc
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y   | facing |
      | Brawler | r1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha   | a1   | rect 2x1 | 9 | 9   | 90     |
      | Bravo   | b1   | rect 2x1 | 0 | 1.5 | 90     |
    And "Brawler" rolls 1 to hit
    And "Bravo" rolls 1 to hit
    When "Brawler" fights "Bravo" in close combat
    Then "Bravo" rolls 1 dice
    And the trace cites MB-4.4 with close_combat_return=unchecked

  @clause:MB-0 @clause:MB-1.1 @ruling:interpretation @interpretation:close_combat_return @interpretation:close_combat_reach
  Scenario: Under trace_and_arc a target facing away from its attacker does not strike back
    Given the interpretation close_combat_return is trace_and_arc
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y   | facing |
      | Brawler | r1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha   | a1   | rect 2x1 | 9 | 9   | 90     |
      | Bravo   | b1   | rect 2x1 | 0 | 1.5 | 90     |
    And "Brawler" rolls 1 to hit
    When "Brawler" fights "Bravo" in close combat
    Then "Brawler" rolls 1 dice
    And "Bravo" makes no attack

  @clause:MB-0 @clause:MB-4.4 @clause:MB-1.1 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: Under trace_and_arc a target facing its attacker strikes back
    Given the interpretation close_combat_return is trace_and_arc
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y   | facing |
      | Brawler | r1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha   | a1   | rect 2x1 | 9 | 9   | 90     |
      | Bravo   | b1   | rect 2x1 | 0 | 1.5 | 270    |
    And "Brawler" rolls 1 to hit
    And "Bravo" rolls 1 to hit
    When "Brawler" fights "Bravo" in close combat
    Then "Brawler" rolls 1 dice
    And "Bravo" rolls 1 dice

  @clause:MB-1.1 @clause:MB-0 @ruling:derived
  Scenario: Close combat needs the Trace too, so an enemy behind the front arc cannot be fought
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Brawler | Red     | 0      | 1     | 0     | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape    | x | y    | facing |
      | Brawler | r1   | rect 2x1 | 0 | 0    | 90     |
      | Alpha   | a1   | rect 2x1 | 9 | 9    | 90     |
      | Bravo   | b1   | rect 2x1 | 0 | -1.5 | 90     |
    When "Brawler" fights "Bravo" in close combat
    Then the attack is refused: no trace
    And no target base is inside the front arc
