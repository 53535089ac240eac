# args: check --root proj
# expect: features/multibase/feature_without_feature_line.feature:4:
# setup: feature-root multibase
  Scenario: no Feature line above
    Given the multibase units:
