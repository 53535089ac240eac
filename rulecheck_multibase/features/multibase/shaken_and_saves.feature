Feature: Steps 4 and 5 - the Shaken check straight after the to-hit roll, then saves
  Alpha (two 2x1 bases, Ranged Attack 2) shoots Bravo (three round bases, Courage 3, Save 4+).

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 2     | 24    | 3       | 4    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 3       | 4    | 9      |
    And the multibase bases:
      | unit  | base | shape     | x   | y | facing |
      | Alpha | a1   | rect 2x1  | 0   | 0 | 90     |
      | Alpha | a2   | rect 2x1  | 2   | 0 | 90     |
      | Bravo | b1   | round 0.5 | 0   | 6 | 270    |
      | Bravo | b2   | round 0.5 | 1.5 | 6 | 270    |
      | Bravo | b3   | round 0.5 | 3   | 6 | 270    |

  @clause:MB-4.1 @clause:MB-4.2 @ruling:derived
  Scenario: Hits exactly equal to Courage give a Shaken token
    Given "Alpha" rolls 6, 5, 4, 1 to hit
    And "Bravo" rolls 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" scores 3 hits
    And "Bravo" has a Shaken token

  @clause:MB-4.1 @clause:MB-4.2 @ruling:derived
  Scenario: Hits one below Courage give no Shaken token
    Given "Alpha" rolls 6, 5, 1, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" scores 2 hits
    And "Bravo" has no Shaken token

  @clause:MB-4 @ruling:derived
  Scenario: Saving every hit does not undo a Shaken token the hits already gave
    Given "Alpha" rolls 6, 6, 6, 6 to hit
    And "Bravo" rolls 6, 6, 6, 6 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" suffers 0 wounds
    And "Bravo" has a Shaken token

  @clause:MB-4.3 @ruling:derived
  Scenario: A Shaken unit that meets its Courage again gets no second token
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Charlie | Blue    | 1      | 1     | 24    | 3       | 4    | 9      | yes    |
    And the multibase bases:
      | unit    | base | shape    | x | y | facing |
      | Charlie | c1   | rect 2x1 | 6 | 6 | 270    |
    And "Alpha" rolls 6, 6, 6, 6 to hit
    And "Charlie" rolls 1, 1, 1, 1 to save
    When "Alpha" shoots "Charlie"
    Then "Charlie" was refused a second Shaken token

  @clause:MB-4.4 @clause:MB-0 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: In close combat both units check Courage before either rolls a save
    Given "Alpha" rolls 6, 6, 6, 1 to hit
    And "Bravo" rolls 6, 6, 6 to hit
    And "Bravo" rolls 6, 6, 6 to save
    And "Alpha" rolls 6, 6, 6 to save
    When "Alpha" fights "Bravo" in close combat
    Then both Shaken checks come before the first save roll
    And "Alpha" has a Shaken token
    And "Bravo" has a Shaken token

  @clause:MB-5.1 @clause:MB-5.3 @ruling:derived
  Scenario: One save die is rolled per hit and each failed save is a wound
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 1, 2 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" makes 0 saves
    And "Bravo" suffers 2 wounds

  @clause:MB-5.2 @ruling:derived
  Scenario: A save die equal to the Save stat cancels a hit and one below does not
    Given "Alpha" rolls 6, 6, 1, 1 to hit
    And "Bravo" rolls 4, 3 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" makes 1 saves
    And "Bravo" suffers 1 wounds
