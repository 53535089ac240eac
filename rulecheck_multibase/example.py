"""The example files ``rulecheck init`` writes for multibase (its ``example_project`` hook): a
feature file that passes under the book, its position stated in tables."""

from __future__ import annotations

MULTIBASE_FEATURE = """\
Feature: Our own rulings on the attack roll (an example written by rulecheck init: edit or replace it)
  Alpha (two 2x1 bases) shoots Bravo 4 inches away; Bravo's save of 7 is never made.

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

  @clause:MB-3.1 @ruling:derived
  Scenario: Unmodified, a 4 hits and a 3 misses
    Given "Alpha" rolls 3, 4, 5, 6 to hit
    And "Bravo" rolls 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
    And "Alpha" scores 3 hits
"""


def example_project() -> dict[str, str]:
    return {"features/multibase/example.feature": MULTIBASE_FEATURE}
