# args: check --root proj
# expect: unexpected end of file, expected: #DocStringSeparator
# setup: feature-root multibase
Feature: x
  Scenario: y
    Given the board:
      """
      . .
