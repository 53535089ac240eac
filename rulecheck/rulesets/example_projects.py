"""The example files ``rulecheck init`` writes for the bundled rulesets (their ``example_project``
hook): a feature file that passes under the book, and for Gundam Assemble a scenario file of the
project's own that the feature names, so a new project shows both ways of stating a position.
Made-up piece names only: an example must not depend on the bundled test cards."""

from __future__ import annotations

GUNDAM_ASSEMBLE_FEATURE = '''\
Feature: Our own Line of Sight rulings (an example written by rulecheck init: edit or replace it)
  Each scenario states a position and what the rules say of it; `rulecheck check` runs every
  scenario under the book, and under a house rule with `--rules`.

  @clause:GA-LOS-3 @clause:GA-LOS-7 @ruling:derived
  Scenario: Open ground between two units on the ground does not block
    Given the board:
      """
      .  .  .  .  .
        S  .  .  .  W
      .  .  .  .  .
      """
    And the pieces:
      | mark | name   | side |
      | S    | Scout  | A    |
      | W    | Warden | B    |
    When "Scout" checks Line of Sight to "Warden"
    Then Line of Sight is clear
    And nothing blocks the line

  @clause:GA-LOS-3 @ruling:derived
  Scenario: A hill between two units on the ground blocks the line
    Given the scenario "example_hill.yaml"
    When "Scout" checks Line of Sight to "Warden"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3
'''

GUNDAM_ASSEMBLE_SCENARIO = """\
# A scenario file of the project's own: a feature names it ("Given the scenario ..."), and
# `rulecheck explain`, `draw` and `los` read it. This folder is searched before the bundled one.
ruleset: gundam_assemble
title: A hill between two units on the ground
map: |
  .  .  .  .  .
    S  .  1  .  W
  .  .  .  .  .
units:
  - {name: Scout, side: A, mark: S}
  - {name: Warden, side: B, mark: W}
"""

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


def gundam_assemble() -> dict[str, str]:
    return {
        "features/gundam_assemble/example.feature": GUNDAM_ASSEMBLE_FEATURE,
        "scenarios/example_hill.yaml": GUNDAM_ASSEMBLE_SCENARIO,
    }


def multibase() -> dict[str, str]:
    return {"features/multibase/example.feature": MULTIBASE_FEATURE}
