Feature: Card vocabulary - a Dash or a Push of N hexes during an attack
  A card may move a unit a number of hexes: a Dash moves the card's own unit, a Push moves a target
  away from the card's unit. Where the unit ends is the player's choice, scripted in the scenario
  (a Response's hex, the attack's critical_moves) and checked against the board before the attack
  resolves. The chapter never defines a Push or a Dash (it names Push only in FAQ Q.23 and Q.37),
  so how far and which way are the placeholders push_direction, push_distance and
  dash_through_units, and whether such a move may climb onto higher ground is card_move_terrain. The cards are invented test data
  (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_ram_shield_push.yaml"

  @clause:GA-CRIT-2 @clause:GA-SEQ-8 @ruling:interpretation @interpretation:push_direction @interpretation:target_leaves_range_mid_attack
  Scenario: A critical hit Pushes the target two hexes straight away, to the hex the scenario scripts
    When the attack in the scenario file is resolved
    Then "Hypothetical Drone" now stands at [3, 0]
    And the trace says "Hypothetical Drone is Pushed 2 hexes away from Hypothetical Rammer"
    And the ruling reads the interpretation push_direction as away_from_pusher
    And "Hypothetical Drone" takes 2 damage

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_direction
  Scenario: By default a Push may not end on a hex that is not straight away from the pushing unit
    Given the critical hit effect will move "Hypothetical Drone" to [2, -2]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then resolving fails because "not straight away from the pushing unit at [0, 0]"

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_direction
  Scenario: Under any_direction the same Push may end on any free hex within two hexes
    Given the interpretation push_direction is any_direction
    And the critical hit effect will move "Hypothetical Drone" to [2, -2]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then "Hypothetical Drone" now stands at [2, -2]

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_distance
  Scenario: By default a Push of two hexes may stop after one
    Given the critical hit effect will move "Hypothetical Drone" to [2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then "Hypothetical Drone" now stands at [2, 0]
    And the ruling reads the interpretation push_distance as up_to

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_distance
  Scenario: Under exactly a Push of two hexes must go both hexes
    Given the interpretation push_distance is exactly
    And the critical hit effect will move "Hypothetical Drone" to [2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then resolving fails because "the Push moves it exactly 2"

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_distance
  Scenario: A Push goes no farther than its card says
    Given the critical hit effect will move "Hypothetical Drone" to [4, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then resolving fails because "is 3 hexes from [1, 0], beyond the Push's 2"

  @clause:GA-CRIT-2 @ruling:derived
  Scenario: A Push cannot end where another unit stands
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [1, 0] |
      | Other Drone         | B    | [3, 0] |
    And the unit states:
      | name        | profile            |
      | Other Drone | Hypothetical Drone |
    And the critical hit effect will move "Hypothetical Drone" to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then resolving fails because "Other Drone stands on [3, 0]"

  @clause:GA-CRIT-2 @clause:GA-SEQ-8 @ruling:derived
  Scenario: A hex scripted for a critical Push that does not trigger is an error, like an unused die
    Given the critical hit effect will move "Hypothetical Drone" to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then resolving fails because "scripted for Hypothetical Drone but the critical effect made no such move"

  @clause:GA-CRIT-2 @clause:GA-SEQ-8 @ruling:derived
  Scenario: A critical Push that triggers needs its hex scripted
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then resolving fails because "script the hex it moves to"

  @clause:GA-SEQ-2 @clause:GA-CRIT-2 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q23
  Scenario: Under attack_ends a critical Push beyond the weapon's range ends the attack before damage
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the critical hit effect will move "Hypothetical Drone" to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 10, 5, 1
    Then the attack ends early
    And "Hypothetical Drone" has 6 hit points

  @clause:GA-SEQ-4 @clause:GA-ELEV-1 @ruling:interpretation @interpretation:card_move_terrain
  Scenario: By default a Push before the roll may end on higher ground, which changes the Accuracy of the attack
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [2, 0] |
    And the hex [3, 0] is raised to elevation 1
    And "Hypothetical Rammer" will use "Shove" moving it to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 4, 4, 4
    Then "Hypothetical Drone" now stands at [3, 0]
    And the Accuracy against "Hypothetical Drone" is -1
    And "Hypothetical Drone" takes 0 hits
    And the ruling reads the interpretation card_move_terrain as ignores_terrain

  @clause:GA-SEQ-4 @ruling:interpretation @interpretation:card_move_terrain
  Scenario: Under no_climbing a Push may not end on higher ground
    Given the interpretation card_move_terrain is no_climbing
    And the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [2, 0] |
    And the hex [3, 0] is raised to elevation 1
    And "Hypothetical Rammer" will use "Shove" moving it to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 4, 4, 4
    Then resolving fails because "[3, 0] is at elevation 1, above [2, 0] at 0: a push made by a card does not climb"

  @clause:GA-SEQ-4 @ruling:derived
  Scenario: A Push used as a Response names the hex it moves the target to
    Given "Hypothetical Rammer" will use "Shove"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then resolving fails because "a move effect needs the hex it moves to"

  @clause:GA-SEQ-12 @clause:GA-RNG-3 @ruling:derived
  Scenario: A Dash After Combat Damage carries the attacker out of range of its next attack
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [2, 0] |
    And "Hypothetical Rammer" will use "Boost Away" moving it to [-2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    And "Hypothetical Rammer" makes a second attack on "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then the attack is not allowed
    And "Hypothetical Rammer" now stands at [-2, 0]

  @clause:GA-SEQ-12 @ruling:interpretation @interpretation:dash_through_units
  Scenario: By default a Dash cannot pass the hex another unit stands on
    Given "Hypothetical Rammer" will use "Boost Away" moving it to [2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then resolving fails because "every way of at most 2 hexes from [0, 0] to [2, 0] passes another unit"

  @clause:GA-SEQ-12 @ruling:interpretation @interpretation:dash_through_units
  Scenario: Under passes_units the Dash passes the unit and ends beyond it
    Given the interpretation dash_through_units is passes_units
    And "Hypothetical Rammer" will use "Boost Away" moving it to [2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then "Hypothetical Rammer" now stands at [2, 0]
    And the ruling reads the interpretation dash_through_units as passes_units

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A Dash may go round another unit when its hexes allow
    Given "Hypothetical Rammer" will use "Boost Away" moving it to [2, -1]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then "Hypothetical Rammer" now stands at [2, -1]

  @clause:GA-CRIT-2 @clause:GA-SEQ-2 @ruling:interpretation @interpretation:target_leaves_range_mid_attack
  Scenario: A critical Dash of the attacker moves it before damage; the attack goes on by default
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [2, 0] |
    And the critical hit effect will move "Hypothetical Rammer" to [-1, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Thruster Lance and rolls 10, 5, 1
    Then "Hypothetical Rammer" now stands at [-1, 0]
    And the trace says "Hypothetical Drone is now 3 hexes away, beyond range 2"
    And "Hypothetical Drone" takes 2 damage

  @clause:GA-CRIT-2 @ruling:derived
  Scenario: A critical Dash moves the attacker, not a target
    Given the critical hit effect will move "Hypothetical Drone" to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Thruster Lance and rolls 10, 5, 1
    Then resolving fails because "Thruster Lance's critical effect Dashes the attacker only"
