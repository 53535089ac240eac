Feature: Card vocabulary - a card used before the attack moves a unit or names an enemy
  Before the attack starts (GA-DECL-2) no unit is a target yet. A card used then may move the
  attacking unit (a Dash) or act on an enemy its player names: the scenario names the enemy
  (target) and the hex (to), and both are checked before the attack resolves. Range, Line of
  Sight and Engagement are then checked from where the units stand after the move. The cards are
  invented test data (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_ram_shield_push.yaml"

  @clause:GA-DECL-2 @clause:GA-RNG-1 @ruling:derived
  Scenario: Without a move before the attack an enemy three hexes away is out of reach of a range 1 weapon
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [3, 0] |
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then the attack is not allowed

  @clause:GA-DECL-2 @clause:GA-RNG-1 @ruling:derived
  Scenario: A Tactics card Dashes the attacker before the attack, and the target is checked from where it ends
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [3, 0] |
    And player A will use "Hypothetical Charge Order" moving it to [2, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then the attack is allowed
    And "Hypothetical Rammer" now stands at [2, 0]
    And "Hypothetical Drone" takes 2 damage

  @clause:GA-ENG-2 @ruling:derived
  Scenario: Engaged with one enemy, the attacker may not fire at another
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [1, 0] |
      | Far Drone           | B    | [0, 3] |
    And the unit states:
      | name      | profile            |
      | Far Drone | Hypothetical Drone |
    When "Hypothetical Rammer" attacks "Far Drone" with Long Rifle and rolls 5, 5, 1
    Then the attack is not allowed under GA-ENG-2

  @clause:GA-DECL-2 @clause:GA-ENG-1 @clause:GA-ENG-2 @ruling:derived
  Scenario: A Push before the attack of the enemy it names ends the Engagement, and the attacker fires at another
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [1, 0] |
      | Far Drone           | B    | [0, 3] |
    And the unit states:
      | name      | profile            |
      | Far Drone | Hypothetical Drone |
    And player A will use "Hypothetical Repulse Order" on "Hypothetical Drone" moving it to [2, -1]
    When "Hypothetical Rammer" attacks "Far Drone" with Long Rifle and rolls 5, 5, 1
    Then the attack is allowed
    And "Hypothetical Drone" now stands at [2, -1]
    And the trace says "the player names Hypothetical Drone, an enemy on the board"
    And "Far Drone" takes 2 damage

  @clause:GA-DECL-2 @ruling:derived
  Scenario: A card used before the attack on one enemy must name it
    Given player A will use "Hypothetical Repulse Order" moving it to [3, 0]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then resolving fails because "acts on an enemy the player chooses before the attack: name it"

  @clause:GA-DECL-2 @ruling:derived
  Scenario: The unit a card names before the attack must be an enemy
    Given player A will use "Hypothetical Marking Order" on "Hypothetical Rammer"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then resolving fails because "Hypothetical Rammer is not an enemy on the board"

  @clause:GA-DECL-2 @clause:GA-WR-1 @clause:GA-SEQ-10 @ruling:derived
  Scenario: An enemy named before the attack gains Fracture, and the attack that follows sets it off
    Given player A will use "Hypothetical Marking Order" on "Hypothetical Drone"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then "Hypothetical Drone" takes 3 damage

  @clause:GA-DECL-2 @clause:GA-WR-2 @ruling:derived
  Scenario: An enemy named before the attack beyond the card's reach is not affected
    Given the pieces:
      | name                | side | at     |
      | Hypothetical Rammer | A    | [0, 0] |
      | Hypothetical Drone  | B    | [1, 0] |
      | Far Drone           | B    | [0, 3] |
    And the unit states:
      | name      | profile            |
      | Far Drone | Hypothetical Drone |
    And player A will use "Hypothetical Repulse Order" on "Far Drone" moving it to [0, 4]
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Ram Shield and rolls 5, 5, 1
    Then "Far Drone" now stands at [0, 3]
    And the trace says "Hypothetical Repulse Order cannot affect Far Drone"
