Feature: Saves and wounds (SK-4)
  Each hit is saved on a d6 scoring the target's save or more; each hit not saved takes a wound,
  and a model with no wounds left is removed.

  Background:
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Ash  | red  | 3     | 5    | 2      | 6     | 3     |
      | Bo   | blue | 3     | 5    | 2      | 6     | 1     |
    And the skirmish map:
      """
      A . . B
      """

  @clause:SK-4.1 @clause:SK-4.2 @ruling:derived
  Scenario: Each hit gets a save; a 5+ save stops the hits on a 5 and a 6
    Given the to-hit dice show 3, 4, 6
    And the save dice show 5, 4, 6
    When "Ash" fires at "Bo"
    Then the shot lands 3 hits
    And "Bo" saves 2
    And "Bo" loses 1 wound
    And "Bo" stays on the battlefield

  @clause:SK-4.2 @ruling:derived
  Scenario: A model with no wounds left is removed
    Given the to-hit dice show 3, 4, 1
    And the save dice show 2, 1
    When "Ash" fires at "Bo"
    Then "Bo" loses 2 wounds
    And "Bo" is removed

  @clause:SK-4.1 @ruling:derived
  Scenario: A save above 6 is never rolled
    Given the skirmish scenario "no_save.yaml"
    When "Ash" fires at "Bo"
    Then the shot lands 2 hits
    And "Bo" saves 0
    And "Bo" is removed
    And the shot's trace cites SK-4.1
