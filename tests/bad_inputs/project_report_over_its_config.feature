# args: check --cucumber-json rulecheck.toml
# expect: rulecheck.toml: --cucumber-json: is the project's configuration
# setup: text rulecheck.toml rulesets = ["multibase"]
# setup: mkdir features
# setup: mkdir features/multibase
# setup: body features/multibase/ours.feature
Feature: A project whose report would land on its own configuration

  @clause:MB-3.1 @ruling:derived
  Scenario: Unmodified, a 4 hits
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 3     | 24    | 9       | 7    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 4.5 | 270    |
    Given "Alpha" rolls 4, 1 to hit
    When "Alpha" shoots "Bravo"
    Then "Alpha" scores 1 hit
