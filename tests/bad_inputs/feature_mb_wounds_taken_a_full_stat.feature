# args: check --root proj
# expect: feature_mb_wounds_taken_a_full_stat.feature:14: units[1].wounds_taken: 3 wounds left on the unit: a Wound stat of 3 would already have removed a base
# setup: feature-root multibase
Feature: a unit stated with a full Wound stat of wounds still on it
  Scenario: a multibase volley
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | wounds taken |
      | Alpha | Red     | 2      | 1     | 30    | 3       | 5    | 1      | 0            |
      | Bravo | Blue    | 1      | 1     | 12    | 3       | 4    | 3      | 3            |
    And the multibase bases:
      | unit  | base | shape    | x | y  | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0  | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 10 | 270    |
    When "Alpha" shoots "Bravo"
    Then the attack may proceed
