Feature: Terrain kinds declared by the ruleset or the scenario
  The chapter has two kinds of terrain: open ground, and water, which makes a target in it harder
  to hit (GA-ELEV-2); both are declared in rulebook.yaml. A scenario may declare more, each with
  its map symbol and what it does to Line of Sight and Accuracy (a map editor's desert, space or
  fire). The kinds here are invented for the scenarios.

  @clause:GA-ELEV-3 @clause:GA-LOS-7 @ruling:derived
  Scenario: A desert declared with -1 Accuracy lowers the Accuracy against a target standing in it
    Given the scenario "attack_desert_and_fire.yaml"
    When the attack in the scenario file is resolved
    Then the Accuracy against "Cara's Strider" is -1
    And "Cara's Strider" takes 2 hits
    And the trace says "stands in desert (a declared terrain kind): -1 Accuracy"

  @clause:GA-LOS-3 @ruling:derived
  Scenario: A fire declared as blocking blocks a line passing through it whatever its elevation
    Given the scenario "attack_desert_and_fire.yaml"
    When "QZ-82 Sentinel" checks Line of Sight to "PK-5 Kite"
    Then Line of Sight is blocked
    And [0, 1] blocks the line under GA-LOS-3

  @clause:GA-LOS-3 @clause:GA-LOS-7 @ruling:derived
  Scenario: A unit standing in the fire can still be seen: the end hexes of the line never block
    Given the terrain kinds:
      | kind | symbol | line_of_sight |
      | fire | ^      | blocks        |
    And the board:
      """
      G  .  ^Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear

  @clause:GA-LOS-5 @ruling:derived
  Scenario: A blocking kind declared with its own clause is cited under that clause
    Given the terrain kinds:
      | kind   | symbol | line_of_sight | clause   |
      | ruins  | #      | blocks        | GA-LOS-5 |
    And the board:
      """
      G  #  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [1, 0] blocks the line under GA-LOS-5

  @clause:GA-LOS-7 @clause:GA-ELEV-3 @ruling:derived
  Scenario: A kind declared with no effect changes neither Line of Sight nor Accuracy
    Given the terrain kinds:
      | kind  | symbol |
      | space | *      |
    And the board:
      """
      G  *  *Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 4, 4, 1, 1
    Then the Accuracy against "Cara's Strider" is 0

  @clause:GA-ELEV-2 @clause:GA-ELEV-3 @ruling:derived
  Scenario: The chapter's water, declared by the ruleset, still gives -1 Accuracy through the same code
    Given the hexes:
      | at     | terrain |
      | [2, 0] | water   |
    And the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the hexes:
      | at     | terrain |
      | [2, 0] | water   |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 4, 4, 1, 1
    Then the Accuracy against "Cara's Strider" is -1
    And the ruling cites GA-ELEV-2

  @clause:GA-CRIT-4 @clause:GA-CRIT-1 @clause:GA-ELEV-3 @ruling:derived
  Scenario: A face a card makes critical still hits a target whose terrain takes that face below a hit
    Given the terrain kinds:
      | kind       | symbol | accuracy |
      | dust storm | %      | -4       |
    And the board:
      """
      G  %Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    And player A will use "Newtype Focus"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 8, 7, 7, 6
    Then the Accuracy against "Cara's Strider" is -4
    And "Cara's Strider" takes 3 hits
    And the critical hit effect triggers once
