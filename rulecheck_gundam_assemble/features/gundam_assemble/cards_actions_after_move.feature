Feature: Card vocabulary - Responses after a move: "after this unit Dashes", "after an enemy moves within N"
  A unit's ability with the window after_dash is used right after its own unit Dashes; one with
  after_enemy_move right after an enemy is moved to a hex within its reach of the unit. Either is
  used in the window the move was made in, before that step goes on, and each is used once; one
  scripted for a move that never comes is an error, like an unused die. The cards are invented
  test data (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_scatter_charges.yaml"

  @clause:GA-SEQ-6 @clause:GA-SEQ-13 @clause:GA-DMG-2 @ruling:derived
  Scenario: After its unit Dashes out of the way the card gives it a Shield before damage
    Given "Hypothetical Drone" will use "Sidestep" moving it to [3, -1]
    And "Hypothetical Drone" will use "Evasive Reflex"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" now stands at [3, -1]
    And the trace says "Hypothetical Drone Dashed: Hypothetical Drone's Evasive Reflex (after dash) is used now"
    And "Hypothetical Drone" takes 1 damage

  @clause:GA-SEQ-13 @ruling:derived
  Scenario: A card waiting for a Dash that never comes is an error
    Given "Hypothetical Drone" will use "Evasive Reflex"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "Evasive Reflex waits for a move (its unit Dashes), but no such move was made in this attack"

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @clause:GA-WR-2 @ruling:derived
  Scenario: An enemy Dashing next to the unit sets off its card before the roll
    Given "Hypothetical Rammer" will use "Hilltop Leap" moving it to [1, 0]
    And "Hypothetical Drone" will use "Proximity Alarm"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" takes 1 damage
    And the trace says "Hypothetical Rammer Dashed: Hypothetical Drone's Proximity Alarm (after enemy move) is used now"

  @clause:GA-SEQ-13 @clause:GA-WR-2 @ruling:derived
  Scenario: An enemy that stops two hexes away is not within 1: the card is not set off
    Given "Hypothetical Rammer" will use "Hilltop Leap" moving it to [0, 1]
    And "Hypothetical Drone" will use "Proximity Alarm"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "Proximity Alarm waits for a move (an enemy moves near its unit), but no such move was made"

  @clause:GA-SEQ-13 @clause:GA-WR-2 @ruling:derived
  Scenario: When two moves fit a waiting card, which one it answers is its player's choice: unscripted, it is refused
    Given "Hypothetical Rammer" will use "Hilltop Leap" moving it to [1, 0]
    And "Hypothetical Rammer" will use "Boost Away" moving it to [2, -1]
    And "Hypothetical Drone" will use "Proximity Alarm"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "Proximity Alarm: 2 moves fit it (Hypothetical Rammer moved again); its player names which it answers (choice 'move': 1 for the first)"

  @clause:GA-SEQ-13 @clause:GA-WR-2 @clause:GA-DMG-2 @ruling:derived
  Scenario: A waiting card scripted to answer the first of two moves gives its Shield before the roll
    Given "Hypothetical Rammer" will use "Hilltop Leap" moving it to [1, 0]
    And "Hypothetical Rammer" will use "Boost Away" moving it to [2, -1]
    And "Hypothetical Drone" will use "Proximity Alarm"
    And "Proximity Alarm" chooses move "1"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" takes 1 damage

  @clause:GA-SEQ-13 @clause:GA-WR-2 @clause:GA-DMG-2 @ruling:derived
  Scenario: A waiting card scripted to answer the second of two moves gives its Shield only after the damage
    Given "Hypothetical Rammer" will use "Hilltop Leap" moving it to [1, 0]
    And "Hypothetical Rammer" will use "Boost Away" moving it to [2, -1]
    And "Hypothetical Drone" will use "Proximity Alarm"
    And "Proximity Alarm" chooses move "2"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" takes 2 damage
    And the trace says "Hypothetical Rammer Dashed: Hypothetical Drone's Proximity Alarm (after enemy move) is used now"
