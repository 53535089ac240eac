# args: check --root proj
# expect: features/multibase/feature_undefined_step.feature:6: no step definition matches given 'the muiltbase units:'; the closest step is 'the multibase units:'
# setup: feature-root multibase
Feature: a broken feature
  Scenario: a multibase volley
    Given the muiltbase units:
      | name  | faction | ranged_attack | melee_attack | range | courage | save | wounds |
      | Alpha | Red     | 2             | 1            | 30    | 3       | 5    | 1      |
