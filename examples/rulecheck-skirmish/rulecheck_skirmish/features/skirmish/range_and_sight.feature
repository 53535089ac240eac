Feature: Range and line of sight (SK-1, SK-2)
  A model shoots an enemy model within its range, counted in squares with a diagonal step
  counting as one, when the line between the centres of the two squares passes through no wall.

  Background:
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Ash  | red  | 4     | 7    | 1      | 3     | 1     |
      | Bo   | blue | 4     | 7    | 1      | 3     | 1     |

  @clause:SK-1.2 @clause:SK-2.1 @ruling:derived
  Scenario: A target three diagonal steps away is within a range of 3
    Given the skirmish map:
      """
      A . . .
      . . . .
      . . . .
      . . . B
      """
    And the to-hit dice show 2
    When "Ash" fires at "Bo"
    Then the shot is allowed

  @clause:SK-1.2 @clause:SK-2.1 @ruling:derived
  Scenario: A target four squares away is out of a range of 3
    Given the skirmish map:
      """
      A . . . B
      """
    When "Ash" fires at "Bo"
    Then the shot is refused: out of range

  @clause:SK-2.2 @ruling:derived
  Scenario: A wall square on the line blocks the shot
    Given the skirmish map:
      """
      A # B
      """
    When "Ash" fires at "Bo"
    Then the shot is refused: no line of sight
    And the shot's trace cites SK-2.2

  @clause:SK-2.2 @ruling:derived
  Scenario: A line that only touches a wall's corner is clear
    Given the skirmish map:
      """
      A # .
      . . .
      . . B
      """
    And the to-hit dice show 2
    When "Ash" fires at "Bo"
    Then the shot is allowed

  @clause:SK-2.2 @ruling:derived
  Scenario: Another model on the line does not block it
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Cy   | red  | 4     | 7    | 1      | 3     | 1     |
    And the skirmish map:
      """
      A C B
      """
    And the to-hit dice show 2
    When "Ash" fires at "Bo"
    Then the shot is allowed

  @clause:SK-2.1 @ruling:derived
  Scenario: A model does not shoot a model of its own side
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Cy   | red  | 4     | 7    | 1      | 3     | 1     |
    And the skirmish map:
      """
      A C B
      """
    When "Ash" fires at "Cy"
    Then the shot is refused: same side
