# args: check --root proj
# expect: features/multibase/a_pipe.feature: exists and is not a regular file (a named pipe); expected a feature file
# setup: feature-root multibase
# setup: fifo proj/features/multibase/a_pipe.feature
# pytest-bdd's own reader would wait on the pipe for ever
Feature: a feature beside a pipe named like one

  Scenario: nothing
    Given nothing
