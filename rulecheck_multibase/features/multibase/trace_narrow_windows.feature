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
  Scenario: A wall across the whole gap leaves no line; by default the column of round bases beside it is named as obstructing too
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

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_attacker_part
  Scenario: By default (any_point) a round target straddling the arc line is seen between a ruin and another unit's base
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape      | x       | y      | facing |
      | Alpha   | a1   | round 0.5  | 0       | 0      | 117.9  |
      | Bravo   | b1   | round 0.5  | -8.81   | -4.63  | 169.6  |
      | Charlie | c1   | round 0.75 | -5.3287 | -2.053 | 270    |
    And blocking terrain "ruin" with corners (-6.1437,-4.0207) (-2.6922,-4.5942) (-2.5552,-3.77) (-6.0067,-3.1965)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_attacker_part @interpretation:trace_blockers
  Scenario: Under front_half a line from behind the attacker's centre line does not count, so the ruin and the other base leave no Trace
    Given the interpretation trace_attacker_part is front_half
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape      | x       | y      | facing |
      | Alpha   | a1   | round 0.5  | 0       | 0      | 117.9  |
      | Bravo   | b1   | round 0.5  | -8.81   | -4.63  | 169.6  |
      | Charlie | c1   | round 0.75 | -5.3287 | -2.053 | 270    |
    And blocking terrain "ruin" with corners (-6.1437,-4.0207) (-2.6922,-4.5942) (-2.5552,-3.77) (-6.0067,-3.1965)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace

  @clause:MB-1.1 @ruling:derived
  Scenario: Two ruins leave no line to the target, and both obstruct the Trace
    Given the multibase bases:
      | unit  | base | shape    | x     | y    | facing |
      | Alpha | a1   | round 1  | 0     | 0    | 54.4   |
      | Bravo | b1   | rect 1x1 | -1.47 | 5.73 | 12.8   |
    And blocking terrain "north ruin" with corners (-0.0704,2.764) (-0.0962,3.4114) (-3.5858,3.2727) (-3.5601,2.6253)
    And blocking terrain "south ruin" with corners (1.74,2.836) (1.7142,3.4834) (0.078,3.4183) (0.1038,2.7709)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by north ruin and south ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Under a 240-degree arc a ruin and another unit's base obstruct every line to a target beside the attacker
    Given the parameter front_arc_degrees is 240
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape      | x      | y     | facing |
      | Alpha   | a1   | round 0.3  | 0      | 0     | 79.4   |
      | Bravo   | b1   | round 0.5  | -4.46  | 3.72  | 270    |
      | Charlie | c1   | round 0.68 | -3.307 | 1.546 | 270    |
    And blocking terrain "ruin" with corners (-2.5426,4.4228) (-2.7641,1.8872) (-1.3472,1.7635) (-1.1257,4.299)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1 and ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers @interpretation:trace_attacker_part
  Scenario: Two ruins leave no line to a long target; by default another unit's base between them is named as obstructing too
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape          | x      | y       | facing |
      | Alpha   | a1   | round 0.3      | 0      | 0       | 209.1  |
      | Bravo   | b1   | rect 2.79x0.59 | 5.22   | -6.6    | 325.5  |
      | Charlie | c1   | round 0.5      | 1.7171 | -1.6934 | 270    |
    And blocking terrain "north ruin" with corners (-1.4897,-3.9996) (1.6265,-2.3528) (1.1214,-1.3968) (-1.9949,-3.0437)
    And blocking terrain "south ruin" with corners (2.0919,-4.0354) (3.8004,-4.7789) (4.1284,-4.0252) (2.4199,-3.2817)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1, north ruin and south ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_attacker_part
  Scenario: A sliver of a round target inside the arc, seen through a slot between two ruins
    Given the multibase bases:
      | unit  | base | shape     | x     | y     | facing |
      | Alpha | a1   | round 1   | 0     | 0     | 314.7  |
      | Bravo | b1   | round 0.5 | -4.39 | -3.65 | 36.5   |
    And blocking terrain "north ruin" with corners (-1.6769,-3.3438) (-0.6282,-1.3174) (-1.7071,-0.7591) (-2.7558,-2.7855)
    And blocking terrain "south ruin" with corners (-5.7388,-1.9087) (-3.7165,-3.342) (-3.1005,-2.4728) (-5.1227,-1.0395)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin @interpretation:trace_attacker_part
  Scenario: Rubble in the way of the only lines to a sliver of the target inside the arc obstructs the Trace with the two ruins
    Given the multibase bases:
      | unit  | base | shape     | x     | y     | facing |
      | Alpha | a1   | rect 2x1  | 0     | 0     | 124.8  |
      | Bravo | b1   | round 1.5 | -5.92 | -5.82 | 270    |
    And blocking terrain "long ruin" with corners (-4.8463,-3.2672) (-1.8553,-8.0808) (-1.2526,-7.7063) (-4.2436,-2.8927)
    And blocking terrain "broken ruin" with corners (-6.5463,-1.0892) (-5.0584,-3.4838) (-3.9555,-2.7984) (-5.4434,-0.4039)
    And blocking terrain "rubble" with corners (-3.3242,-3.1155) (-1.8634,-3.5668) (-1.6783,-2.9678) (-3.1391,-2.5165)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by broken ruin, long ruin and rubble

  @clause:MB-1.1 @ruling:interpretation @interpretation:arc_origin @interpretation:trace_attacker_part
  Scenario: Rubble in the way of the only lines to a sliver of the target inside the arc, mirrored, obstructs the Trace with the two ruins
    Given the multibase bases:
      | unit  | base | shape     | x     | y    | facing |
      | Alpha | a1   | rect 2x1  | 0     | 0    | 235.2  |
      | Bravo | b1   | round 1.5 | -5.92 | 5.82 | 90     |
    And blocking terrain "long ruin" with corners (-4.2436,2.8927) (-1.2526,7.7063) (-1.8553,8.0808) (-4.8463,3.2672)
    And blocking terrain "broken ruin" with corners (-5.4434,0.4039) (-3.9555,2.7984) (-5.0584,3.4838) (-6.5463,1.0892)
    And blocking terrain "rubble" with corners (-3.1391,2.5165) (-1.6783,2.9678) (-1.8634,3.5668) (-3.3242,3.1155)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by broken ruin, long ruin and rubble

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_attacker_part
  Scenario: Under a 240-degree arc rubble near the corner of a target's part inside the arc obstructs the Trace with two ruins
    Given the parameter front_arc_degrees is 240
    And the multibase bases:
      | unit  | base | shape    | x   | y     | facing |
      | Alpha | a1   | round 1  | 0   | 0     | 79.5   |
      | Bravo | b1   | rect 1x1 | 5.9 | -5.31 | 250.2  |
    And blocking terrain "long ruin" with corners (3.041,-2.214) (4.9891,-3.3769) (5.9222,-1.8138) (3.9741,-0.6509)
    And blocking terrain "broken ruin" with corners (1.248,-5.2176) (3.1961,-6.3806) (4.8533,-3.6044) (2.9052,-2.4415)
    And blocking terrain "rubble" with corners (-0.2095,-4.4656) (1.2492,-2.022) (0.2925,-1.4509) (-1.1662,-3.8945)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by broken ruin, long ruin and rubble

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers @interpretation:trace_attacker_part
  Scenario: Under the front-edge reading a ruin leaves no line from a wide base to a small target; by default another unit's base is named as obstructing too
    Given the interpretation arc_origin is front_edge
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape      | x       | y       | facing |
      | Alpha   | a1   | rect 3x1.5 | 0       | 0       | 349.4  |
      | Bravo   | b1   | round 0.5  | -1.36   | -9.69   | 270    |
      | Charlie | c1   | round 1    | -1.9691 | -5.2999 | 270    |
    And blocking terrain "ruin" with corners (-1.246,-7.1621) (0.4209,-7.1569) (0.4168,-5.8669) (-1.25,-5.8721)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1 and ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: A ruin across the attacker's front leaves no line; by default two bases standing beyond it are named as obstructing too
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y   | facing |
      | Alpha   | a1   | round 0.5 | 0    | 0   | 90     |
      | Bravo   | b1   | rect 2x1  | -1.6 | 8   | 270    |
      | Charlie | c1   | round 0.2 | -1.3 | 5.3 | 270    |
      | Charlie | c2   | round 0.2 | -0.9 | 2.8 | 270    |
    And blocking terrain "ruin" with corners (-1.6,1.9) (1.4,1.9) (1.4,2.5) (-1.6,2.5)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1, Charlie/c2 and ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Under a 120-degree arc the ruin leaves no line; by default a base just in front of the attacker is named as obstructing too
    Given the parameter front_arc_degrees is 120
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x   | y   | facing |
      | Alpha   | a1   | rect 2x1  | 5   | 1   | 90     |
      | Bravo   | b1   | round 0.5 | 5.9 | 8   | 270    |
      | Charlie | c1   | round 0.3 | 5.1 | 2.3 | 270    |
    And blocking terrain "ruin" with corners (4.2,4.2) (6.4,4.2) (6.4,5.2) (4.2,5.2)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1 and ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Under a 90-degree arc the ruin leaves no line; by default a base just in front of the attacker is named as obstructing too
    Given the parameter front_arc_degrees is 90
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x    | y    | facing |
      | Alpha   | a1   | rect 2x1  | -3   | -2   | 90     |
      | Bravo   | b1   | round 0.5 | -2.1 | 5    | 270    |
      | Charlie | c1   | round 0.3 | -2.9 | -0.7 | 270    |
    And blocking terrain "ruin" with corners (-3.8,1.2) (-1.6,1.2) (-1.6,2.2) (-3.8,2.2)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1 and ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers
  Scenario: Under a 120-degree arc two ruins leave no line; by default a base half hidden behind them is named as obstructing too
    Given the parameter front_arc_degrees is 120
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x     | y     | facing |
      | Alpha   | a1   | round 0.5 | -1.2  | -5.8  | 70.1   |
      | Bravo   | b1   | round 1   | 0.4   | -0.97 | 270    |
      | Charlie | c1   | round 0.2 | -0.38 | -4.16 | 270    |
    And blocking terrain "west ruin" with corners (-1.471,-3.482) (0.356,-4.143) (0.504,-3.734) (-1.323,-3.073)
    And blocking terrain "east ruin" with corners (-0.983,-3.458) (0.839,-4.118) (1.001,-3.668) (-0.82,-3.009)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1, east ruin and west ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_blockers @interpretation:trace_attacker_part
  Scenario: Under a 60-degree arc two ruins leave no line to a large target close in front, across both arc lines; by default a base is named as obstructing too
    Given the parameter front_arc_degrees is 60
    And the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Green   | 1      | 1     | 24    | 5       | 7    | 1      |
    And the multibase bases:
      | unit    | base | shape     | x     | y    | facing |
      | Alpha   | a1   | round 0.5 | -0.3  | 3.8  | 49.3   |
      | Bravo   | b1   | round 1   | 0.88  | 5.19 | 270    |
      | Charlie | c1   | round 0.4 | -0.67 | 4.81 | 270    |
    And blocking terrain "west ruin" with corners (-0.648,4.744) (0.423,3.823) (0.664,4.103) (-0.407,5.024)
    And blocking terrain "east ruin" with corners (0.113,4.398) (1.108,3.543) (1.228,3.681) (0.233,4.537)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by Charlie/c1, east ruin and west ruin

  @clause:MB-1.1 @ruling:derived
  Scenario: An attacker whose base straddles a low wall traces straight up past the target's edge from the part of its base beyond the wall
    Given the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | round 1  | 0 | 0 | 90     |
      | Bravo | b1   | rect 1x1 | 0 | 3 | 270    |
    And blocking terrain "wall" with corners (-1,0.5) (2,0.5) (2,0.75) (-1,0.75)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1
