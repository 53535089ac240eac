Feature: Rolling to hit, and cover (SK-3)
  One d6 per shot; a die scoring the shooter's skill or more hits, a 1 always misses, and cover
  adds 1 to the score needed.

  Background:
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Ash  | red  | 4     | 7    | 3      | 6     | 2     |
      | Bo   | blue | 4     | 7    | 3      | 6     | 1     |

  @clause:SK-3.1 @ruling:derived
  Scenario: At skill 4 a 4 hits and a 3 misses
    Given the skirmish map:
      """
      A . . B
      """
    And the to-hit dice show 4, 3
    When "Ash" fires at "Bo"
    Then each to-hit die needs 4+
    And the shot lands 1 hit
    And "Bo" loses 1 wound
    And "Bo" stays on the battlefield

  @clause:SK-3.2 @ruling:derived
  Scenario: A 1 misses even for a shooter whose skill is 1
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Eve  | red  | 1     | 7    | 1      | 6     | 2     |
    And the skirmish map:
      """
      . E . B
      """
    And the to-hit dice show 1, 2
    When "Eve" fires at "Bo"
    Then the shot lands 1 hit

  @clause:SK-3.1 @clause:SK-3.2 @ruling:derived
  Scenario: A 2 hits for a shooter whose skill is 2
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Eve  | red  | 2     | 7    | 1      | 6     | 2     |
    And the skirmish map:
      """
      . E . B
      """
    And the to-hit dice show 2, 2
    When "Eve" fires at "Bo"
    Then the shot lands 2 hits

  @clause:SK-1.1 @clause:SK-3.3 @ruling:derived
  Scenario: A target standing in cover needs one more to hit
    Given the skirmish map:
      """
      A . . b
      """
    And the to-hit dice show 4, 5
    When "Ash" fires at "Bo"
    Then "Bo" counts as in cover
    And each to-hit die needs 5+
    And the shot lands 1 hit

  @clause:SK-3.3 @ruling:derived
  Scenario: A cover square the line passes through puts the target in cover
    Given the skirmish map:
      """
      A . + B
      """
    And the to-hit dice show 4, 5
    When "Ash" fires at "Bo"
    Then "Bo" counts as in cover
    And the shot lands 1 hit

  @clause:SK-3.3 @clause:SK-2.2 @ruling:derived
  Scenario: Cover the line only touches at a corner gives no cover
    Given the skirmish map:
      """
      A + .
      . . .
      . . B
      """
    And the to-hit dice show 4, 3
    When "Ash" fires at "Bo"
    Then "Bo" does not count as in cover
    And each to-hit die needs 4+

  @clause:SK-3.3 @ruling:derived
  Scenario: Under the hard cover house rule, cover adds 2
    Given the house rule "hard_cover"
    And the skirmish map:
      """
      A . . b
      """
    And the to-hit dice show 5, 6
    When "Ash" fires at "Bo"
    Then each to-hit die needs 6+
    And the shot lands 1 hit

  @clause:SK-3.1 @clause:SK-3.3 @faq:Q1 @interpretation:needed_above_top @ruling:interpretation
  Scenario: A skill-6 shooter cannot hit a target in cover, since no die scores 7
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Sol  | red  | 6     | 7    | 1      | 6     | 2     |
    And the skirmish map:
      """
      S . . b
      """
    And the to-hit dice show 6, 6
    When "Sol" fires at "Bo"
    Then each to-hit die needs 7+
    And the shot lands 0 hits
    And the shot's ruling rests on needed_above_top=no_hit

  @clause:SK-3.1 @clause:SK-3.3 @faq:Q1 @interpretation:needed_above_top @ruling:interpretation
  Scenario: Where a 6 always hits, a skill-6 shooter hits a target in cover on a 6
    Given the interpretation needed_above_top is top_face_hits
    And the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Sol  | red  | 6     | 7    | 1      | 6     | 2     |
    And the skirmish map:
      """
      S . . b
      """
    And the to-hit dice show 6, 5
    When "Sol" fires at "Bo"
    Then the shot lands 1 hit
