Feature: Card vocabulary - an attack a card makes, and an absolute Timeline cost
  A card used before any attack may make one ("one of your units attacks"): the scenario's attack
  names it (made_by) and the attack runs its whole sequence, its cost changed as the card says.
  A card may also set the cost outright ("this attack costs 0"); the chapter knows only costs
  changed by so much (GA-WPN-1), so how such a cost meets the other changes is the placeholder
  absolute_tl_cost. The cards are invented test data
  (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_scatter_charges.yaml"

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:tl_cost_floor
  Scenario: An attack a Tactics card makes costs what the card says
    Given the attack is made by player A's "Hypothetical Free Shot"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 0
    And the trace says "declares an attack with Long Rifle on Hypothetical Drone, made by player A's Hypothetical Free Shot"
    And "Hypothetical Drone" takes 2 damage

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:derived
  Scenario: An ordinary attack with the same weapon pays its printed cost
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 2

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:absolute_tl_cost
  Scenario: By default a change of cost applies to the cost a card set
    Given player A will use "Hypothetical Zero Hour"
    And player A will use "Hypothetical Heavy Going"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 1
    And the ruling reads the interpretation absolute_tl_cost as changes_after

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:absolute_tl_cost @interpretation:tl_cost_floor
  Scenario: Under absolute_wins the cost a card set is paid whatever else changes it
    Given the interpretation absolute_tl_cost is absolute_wins
    And player A will use "Hypothetical Zero Hour"
    And player A will use "Hypothetical Heavy Going"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 0

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:several_absolute_tl_costs
  Scenario: By default, of two costs cards set, the one set last is paid
    Given the attack is made by player A's "Hypothetical Free Shot"
    And player A will use "Hypothetical Set Piece"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 3
    And the trace says "2 cards set the cost (player A's Hypothetical Free Shot 0, player A's Hypothetical Set Piece 3): player A's Hypothetical Set Piece's 3 is the one paid"
    And the ruling reads the interpretation several_absolute_tl_costs as last_set

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:several_absolute_tl_costs @interpretation:tl_cost_floor
  Scenario: Under lowest, of two costs cards set, the lower is paid
    Given the interpretation several_absolute_tl_costs is lowest
    And the attack is made by player A's "Hypothetical Free Shot"
    And player A will use "Hypothetical Set Piece"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 0

  @clause:GA-SEQ-3 @clause:GA-WPN-1 @ruling:interpretation @interpretation:tl_cost_floor
  Scenario: A cost set with nothing else changing it asks no reading
    Given player A will use "Hypothetical Zero Hour"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Rammer"'s Timeline token is on space 0
    And the trace says "Hypothetical Zero Hour sets the cost to 0 instead of the printed 2"

  @clause:GA-DECL-2 @ruling:derived
  Scenario: A card that makes an attack is named as the attack's maker, not used as a Response
    Given player A will use "Hypothetical Free Shot"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "makes an attack of its own before any other: name it in the attack's made_by"

  @clause:GA-DECL-2 @ruling:derived
  Scenario: A card that makes no attack cannot be named as an attack's maker
    Given the attack is made by player A's "Hypothetical Zero Hour"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "Hypothetical Zero Hour does not make an attack"
