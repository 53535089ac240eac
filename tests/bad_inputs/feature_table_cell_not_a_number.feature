# args: check --root proj
# expect: features/multibase/feature_table_cell_not_a_number.feature:6: a cell is not what the step expects: invalid literal for int() with base 10: 'many'
# setup: feature-root multibase
Feature: a table with a word where a number goes
  Scenario: a multibase volley
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 1     | 30    | many    | 5    | 1      |
      | Bravo | Blue    | 1      | 1     | 12    | 3       | 4    | 2      |
    And the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 10 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
