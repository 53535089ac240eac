# args: check --root proj
# expect: feature_mb_table_missing_column.feature:6: no column 'courage' in the table (expected columns: unit, faction, courage, save, wounds; optional: ranged, melee, range, shaken, activated, dash, wounds taken)
# setup: feature-root multibase
Feature: a multibase units table without the Courage column
  Scenario: a multibase volley
    Given the multibase units:
      | unit  | faction | ranged | melee | range | save | wounds |
      | Alpha | Red     | 2      | 1     | 30    | 5    | 1      |
      | Bravo | Blue    | 1      | 1     | 12    | 4    | 2      |
    And the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 10 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
