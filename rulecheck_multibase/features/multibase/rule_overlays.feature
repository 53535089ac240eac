Feature: Rule overlays applied to one scenario
  A scenario can run under one of the bundled example overlays (rulecheck_multibase/engine/overlays/). The
  book's clamp (2+..6+) stays pinned down in attack_roll.feature; this shows what the example
  house rule "clamp 3+ to 6+" overturns. The overlay is an example, not an official rule.

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 3     | 24    | 9       | 7    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 4.5 | 270    |

  @clause:MB-3.3 @ruling:derived
  Scenario: Under the 3+ clamp house rule a threshold pulled to 1+ stops at 3+, so twos miss
    Given the house rule "clamp_3_to_6"
    And "Alpha" has a threshold modifier of -3 from Marksman and Aimed Volley
    And "Alpha" rolls 1, 2, 3, 6 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 3+ to hit
    And the threshold was clamped from 1+
    And "Alpha" scores 2 hits
