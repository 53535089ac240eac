Feature: Card vocabulary - a delayed trigger that waits for the end of the turn
  An at_end_of_turn effect records what its card does and to whom when the card is used, and it
  happens when the turn ends. The chapter never defines a turn, so when "the end of the turn"
  comes is the reading card_turn_duration, as for a card's "this turn". The cards are invented
  test data (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_salvage_crew.yaml"

  @clause:GA-SEQ-12 @clause:GA-SEQ-11 @ruling:derived
  Scenario: After an attack that defeats an enemy the card's repair waits for the end of the turn
    When the attack in the scenario file is resolved
    Then "Hypothetical Drone" is defeated
    And "Hypothetical Rammer" has 2 hit points
    And the trace says "at the end of the turn, repair 2 hit points (Hypothetical Rammer); nothing happens yet"

  @clause:GA-SEQ-12 @clause:GA-DEF-7 @ruling:derived
  Scenario: When the turn ends the waiting repair and Energy are given
    When the attack in the scenario file is resolved
    And the turn ends
    Then "Hypothetical Rammer" has 4 hit points
    And "Hypothetical Rammer" has 1 Energy
    And the trace says "Hypothetical Rammer's Salvage Crew, at the end of the turn: Hypothetical Rammer hit points 2 -> 4"

  @clause:GA-SEQ-12 @clause:GA-DEF-7 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: By default the end of an activation is not the end of the turn: the repair still waits
    When the attack in the scenario file is resolved
    And the activation ends
    Then "Hypothetical Rammer" has 2 hit points
    And the trace says "the activation ends: no lasting effect to expire"

  @clause:GA-SEQ-12 @clause:GA-DEF-7 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: Under activation_end the repair comes when the activation ends
    Given the interpretation card_turn_duration is activation_end
    When the attack in the scenario file is resolved
    And the activation ends
    Then "Hypothetical Rammer" has 4 hit points

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: When the attack defeats no enemy the card is not used and nothing waits
    Given the unit states:
      | name               | hp |
      | Hypothetical Drone | 6  |
    When the attack in the scenario file is resolved
    And the turn ends
    Then "Hypothetical Drone" is not defeated
    And "Hypothetical Rammer" has 2 hit points
    And "Hypothetical Rammer" has 0 Energy

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A repair that waited gives no hit points beyond the card's maximum
    Given the unit states:
      | name                | hp |
      | Hypothetical Rammer | 4  |
    When the attack in the scenario file is resolved
    And the turn ends
    Then "Hypothetical Rammer" has 5 hit points

  @clause:GA-SEQ-12 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:end_of_turn_order
  Scenario: By default a defender's waiting repair set before the attacker's waiting damage resolves first, and is lost at full hit points
    Given the unit states:
      | name               | hp |
      | Hypothetical Drone | 6  |
    And "Hypothetical Drone" will use "Patch Kit"
    And "Hypothetical Rammer" will use "Slow Fuse"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 1, 1, 1
    And the turn ends
    Then "Hypothetical Drone" has 4 hit points
    And the trace says "they resolve in the order their cards set them"

  @clause:GA-SEQ-12 @clause:GA-SEQ-14 @ruling:interpretation @interpretation:end_of_turn_order
  Scenario: Under attacker_first the attacker's waiting damage comes first and the defender's repair makes it good
    Given the interpretation end_of_turn_order is attacker_first
    And the unit states:
      | name               | hp |
      | Hypothetical Drone | 6  |
    And "Hypothetical Drone" will use "Patch Kit"
    And "Hypothetical Rammer" will use "Slow Fuse"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 1, 1, 1
    And the turn ends
    Then "Hypothetical Drone" has 6 hit points
