# args: check {case}:3
# expect: path_line_outside_every_scenario.feature:3: no scenario at this line
# line 3 is this comment, above the Feature
Feature: a feature outside any project
  Scenario: one scenario
    Given "Alpha" rolls 4 4 3 3 to hit
