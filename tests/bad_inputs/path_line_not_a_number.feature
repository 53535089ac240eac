# args: check {case}:abc
# expect: path_line_not_a_number.feature: line: expected a line number after ':', got 'abc'
# not read
Feature: a feature outside any project
  Scenario: one scenario
    Given "Alpha" rolls 4 4 3 3 to hit
