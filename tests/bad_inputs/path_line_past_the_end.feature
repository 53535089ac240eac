# args: report {case}:99
# expect: path_line_past_the_end.feature:99: past the end of the file (6 lines)
# not read
Feature: a feature outside any project
  Scenario: one scenario
    Given "Alpha" rolls 4 4 3 3 to hit
