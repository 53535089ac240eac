# args: check --root proj
# expect: features/multibase/feature_gherkin_syntax_error.feature:9: Unexpected token found: 'This line is not a step'
# setup: feature-root multibase
Feature: a broken feature
  Scenario: a multibase volley
    Given the multibase units:
      | name  | faction | ranged_attack | melee_attack | range | courage | save | wounds |
      | Alpha | Red     | 2             | 1            | 30    | 3       | 5    | 1      |
    This line is not a step
