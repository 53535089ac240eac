# args: check --dry-run {case}:0
# expect: path_line_zero.feature: line: expected a line number after ':', got '0'
# lines count from 1
Feature: a feature outside any project
  Scenario: one scenario
    Given "Alpha" rolls 4 4 3 3 to hit
