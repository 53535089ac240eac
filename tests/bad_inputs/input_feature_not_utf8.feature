# args: check --root proj
# expect: features/multibase/input_feature_not_utf8.feature:6: not UTF-8 text
# setup: feature-root multibase
Feature: a feature in Latin-1

  Scenario: café
    Given nothing
