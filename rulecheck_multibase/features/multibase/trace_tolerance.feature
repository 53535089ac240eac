Feature: The Trace at the scale of the declared geometry tolerance
  The rulebook declares one tolerance for every geometric verdict (the parameter
  geometry_tolerance, 1e-9 inch by default): a line that passes within it of an obstacle grazes
  the obstacle and is not obstructed by it, and a line that passes within it of a base touches
  the base. These scenarios raise the tolerance to a thousandth of an inch, so that a position
  stated to four decimals can sit inside it, and pin down the Trace where the only clear lines
  graze two ruins that overlap along a seam: each ruin reaches past the seam by less than the
  tolerance, so a line along the seam grazes both and the Trace is clear; once they overlap by
  more than twice the tolerance, every line passes more than the tolerance into one of them.
  Positions are in inches; facing is in degrees counter-clockwise from +x (90 faces up the table).
  Shapes: "rect WxD" (width along the front edge, depth).

  Background:
    Given the parameter geometry_tolerance is 0.001
    And the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 1      | 1     | 24    | 5       | 7    | 1      |
      | Bravo | Blue    | 1      | 1     | 24    | 5       | 7    | 1      |

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: Two ruins overlapping by 0.0014 inch leave a seam the Trace grazes along
    Each ruin reaches 0.0007 inch past the seam, less than the tolerance, so a line along the
    seam grazes both. No line through the corners of the two bases runs along it: the Trace
    finds it by pivoting on the ruins' own corners.
    Given the multibase bases:
      | unit  | base | shape    | x    | y | facing |
      | Alpha | a1   | rect 2x1 | 0    | 0 | 0      |
      | Bravo | b1   | rect 2x1 | 13.5 | 0 | 90     |
    And blocking terrain "north ruin" with corners (2,-0.0007) (12,-0.0007) (12,3) (2,3)
    And blocking terrain "south ruin" with corners (2,-3) (12,-3) (12,0.0007) (2,0.0007)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: Along the same seam the Trace reaches a target whose edge stands 0.0006 inch off it
    The target's long front edge lies below the seam by less than the tolerance, so a line
    along the seam touches the target.
    Given the multibase bases:
      | unit  | base | shape    | x    | y       | facing |
      | Alpha | a1   | rect 2x1 | 0    | 0       | 0      |
      | Bravo | b1   | rect 2x1 | 13.5 | -0.5006 | 90     |
    And blocking terrain "north ruin" with corners (2,-0.0007) (12,-0.0007) (12,3) (2,3)
    And blocking terrain "south ruin" with corners (2,-3) (12,-3) (12,0.0007) (2,0.0007)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1

  @clause:MB-1.1 @ruling:derived
  Scenario: Ruins overlapping by more than twice the tolerance close the seam
    Each ruin now reaches 0.0011 inch past the seam: every line from Alpha to Bravo passes more
    than the tolerance into one of them.
    Given the multibase bases:
      | unit  | base | shape    | x    | y | facing |
      | Alpha | a1   | rect 2x1 | 0    | 0 | 0      |
      | Bravo | b1   | rect 2x1 | 13.5 | 0 | 90     |
    And blocking terrain "north ruin" with corners (2,-0.0011) (12,-0.0011) (12,3) (2,3)
    And blocking terrain "south ruin" with corners (2,-3) (12,-3) (12,0.0011) (2,0.0011)
    When "Alpha" shoots "Bravo"
    Then the attack is refused: no trace
    And the trace is obstructed by north ruin and south ruin

  @clause:MB-1.1 @ruling:interpretation @interpretation:trace_grazing
  Scenario: A seam level with the attacker's front edge, parallel to its front arc's edge, still gives a Trace
    The only line through both ruins runs along Alpha's front edge, exactly parallel to the edge
    of its front arc and half an inch inside the arc: the Trace does not set such a line aside.
    Given the multibase bases:
      | unit  | base | shape    | x | y    | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0    | 90     |
      | Bravo | b1   | rect 1x1 | 6 | 0.25 | 90     |
    And blocking terrain "low ruin" with corners (2.5,-3) (4,-3) (4,0.5009) (2.5,0.5009)
    And blocking terrain "high ruin" with corners (2.5,0.4991) (4,0.4991) (4,3) (2.5,3)
    And "Alpha" rolls 1 to hit
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
    And the trace runs from a1 to b1
