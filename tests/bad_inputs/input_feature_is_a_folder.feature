# args: check --root proj
# expect: features/multibase/a_folder.feature: is a folder; expected a feature file
# setup: feature-root multibase
# setup: mkdir proj/features/multibase/a_folder.feature
Feature: a feature beside a folder named like one

  Scenario: nothing
    Given nothing
