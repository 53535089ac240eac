# args: check --root proj
# expect: features/multibase/feature_table_cell_count.feature:8: inconsistent cell count within the table: '| Alpha | Red |'
# setup: feature-root multibase
Feature: a broken feature
  Scenario: a multibase volley
    Given the multibase units:
      | name  | faction | ranged_attack | melee_attack | range | courage | save | wounds |
      | Alpha | Red |
