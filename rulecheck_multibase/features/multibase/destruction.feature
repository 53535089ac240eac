Feature: Step 7 - destruction, its markers and the Faction Initiative token
  Alpha (Red) shoots a one-base Blue unit whose Save of 6+ and Wound stat of 1 let one hit kill it.

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 2     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0 | 90     |

  @clause:MB-7 @clause:MB-7.1 @clause:MB-7.2 @ruling:derived
  Scenario: A unit destroyed before it activated takes its token out of the initiative pool
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken | dash |
      | Bravo | Blue    | 1      | 1     | 24    | 1       | 6    | 1      | no     | yes  |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Bravo | b1   | rect 2x1 | 0 | 6 | 270    |
    And the initiative pool holds Red, Blue, Blue
    And "Alpha" rolls 6, 1 to hit
    And "Bravo" rolls 1 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" is destroyed
    And the markers removed with it are Shaken, Dash
    And the initiative pool now holds Red, Blue
    And the discarded initiative tokens are none

  @clause:MB-7 @clause:MB-7.1 @clause:MB-7.2 @ruling:derived
  Scenario: A unit destroyed after it activated has its token discarded, the pool untouched
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | activated |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 6    | 1      | yes       |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Bravo | b1   | rect 2x1 | 0 | 6 | 270    |
    And the initiative pool holds Red
    And "Alpha" rolls 6, 1 to hit
    And "Bravo" rolls 1 to save
    When "Alpha" shoots "Bravo"
    Then "Bravo" is destroyed
    And the markers removed with it are Activated
    And the initiative pool now holds Red
    And the discarded initiative tokens are Blue

  @clause:MB-7 @ruling:derived
  Scenario: A unit with a base left is not destroyed
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Bravo | b1   | rect 2x1 | 0 | 6 | 270    |
      | Bravo | b2   | rect 2x1 | 2 | 6 | 270    |
    And "Alpha" rolls 6, 1 to hit
    And "Bravo" rolls 1 to save
    And the defending player removes b2 from "Bravo"
    When "Alpha" shoots "Bravo"
    Then "Bravo" is not destroyed
    And "Bravo" has 1 bases left

  @clause:MB-4.4 @clause:MB-7 @clause:MB-7.2 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: Two units that destroy each other in a close combat both leave play, and both their tokens leave the pool
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 6    | 1      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Bravo | b1   | rect 2x1 | 0 | 1.5 | 270    |
    And the initiative pool holds Red, Blue, Blue
    And "Alpha" rolls 6, 1 to hit
    And "Bravo" rolls 6 to hit
    And "Bravo" rolls 1 to save
    And "Alpha" rolls 1 to save
    When "Alpha" fights "Bravo" in close combat
    Then "Alpha" is destroyed
    And "Bravo" is destroyed
    And the initiative pool now holds Blue

  @clause:MB-7.3 @ruling:derived
  Scenario: Residual wounds on a surviving unit are still there two attacks later
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | wounds taken |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 6    | 3      | 1            |
    And the multibase bases:
      | unit  | base | shape    | x | y | facing |
      | Bravo | b1   | rect 2x1 | 0 | 6 | 270    |
      | Bravo | b2   | rect 2x1 | 2 | 6 | 270    |
    And "Alpha" rolls 1, 1 to hit
    When "Alpha" shoots "Bravo"
    And "Alpha" rolls 6, 1 to hit
    And "Bravo" rolls 6 to save
    And "Alpha" shoots "Bravo"
    Then "Bravo" carries 1 residual wounds
    And "Bravo" has 2 bases left
