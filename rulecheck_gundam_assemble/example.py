"""The example files ``rulecheck init`` writes for Gundam Assemble (its ``example_project`` hook): a
feature file that passes under the book and a scenario file of the project's own that the feature
names, so a new project shows both ways of stating a position. Made-up piece names only: an
example must not depend on the bundled test cards."""

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


def example_project() -> dict[str, str]:
    return {
        "features/gundam_assemble/example.feature": GUNDAM_ASSEMBLE_FEATURE,
        "scenarios/example_hill.yaml": GUNDAM_ASSEMBLE_SCENARIO,
    }
