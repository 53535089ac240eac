# args: docs proj/features --root proj --force
# expect: proj/features: is the corpus's features folder
# setup: feature-root multibase
Feature: Steps 2 and 3 - the attack pool and the to-hit threshold
  Alpha (two 2x1 bases) shoots Bravo 4 inches away, well inside half of its 24-inch range.
  Bravo's save of 7 can never be made, so only the to-hit roll matters here.

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

  @clause:MB-2.1 @clause:MB-2.3 @ruling:derived
  Scenario: A ranged pool is the Ranged Attack stat times the bases left, in d6
    Given "Alpha" rolls 1, 1, 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then "Alpha" rolls 4 dice
