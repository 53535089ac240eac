Feature: Card vocabulary - range and Line of Sight changed for an attack, and conditions on the target
  "+2 range for this attack" and "this attack ignores Line of Sight" change what the attack can
  reach, so they are used before the attack (GA-DECL-2) and apply when the targets are checked
  (GA-SEQ-2). Conditions may ask about the target: its status, its hit points, whether it is
  Engaged, whether it stands in water. The cards are invented test data. The Sentinel's Beam Rifle has range 4.

  Background:
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [6, 0] |

  @clause:GA-WPN-2 @clause:GA-DECL-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: Out of range by 2, the attack is refused; with +2 range it is made
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle
    Then the attack is not allowed under GA-TGT-1
    When player A will use "Long Shot"
    And "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 1, 1, 1
    Then the attack is allowed
    And "Cara's Strider" takes 1 hit

  @clause:GA-ILOS-1 @clause:GA-LOS-3 @ruling:derived
  Scenario: A card that makes the attack ignore Line of Sight lets it shoot over high terrain
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 3         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle
    Then the attack is not allowed under GA-LOS-3
    When player A will use "Indirect Fire"
    And "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 1, 1, 1
    Then the attack is allowed
    And the ruling cites GA-ILOS-1

  @clause:GA-DMG-6 @ruling:derived
  Scenario: "Against a Fractured target with 3 or fewer hit points" holds only when both hold
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name           | hp | status   |
      | Cara's Strider | 3  | Fracture |
    And player A will use "Finishing Blow"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 3 damage
    When player A will use "Finishing Blow"
    And "QZ-82 Sentinel" attacks "PK-5 Kite" with Beam Rifle and rolls 5, 5, 1, 1
    Then "PK-5 Kite" takes 1 damage

  @clause:GA-DMG-6 @ruling:derived
  Scenario: "Against a Fractured target with 3 or fewer hit points" fails when only one of the two holds
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name           | hp | status   |
      | Cara's Strider | 5  | Fracture |
      | PK-5 Kite      | 3  |          |
    And player A will use "Finishing Blow"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 2 damage
    When player A will use "Finishing Blow"
    And "QZ-82 Sentinel" attacks "PK-5 Kite" with Beam Rifle and rolls 5, 5, 1, 1
    Then "PK-5 Kite" takes 1 damage

  @clause:GA-ENG-1 @clause:GA-HIT-2 @ruling:derived
  Scenario: "+1 Accuracy against an Engaged target" counts the target's own Engagement
    Given the pieces:
      | name               | side | at     |
      | QZ-82 Sentinel     | A    | [0, 0] |
      | Cara's Strider     | B    | [2, 0] |
      | Strider: Minelayer | B    | [0, 2] |
      | PK-5 Kite          | A    | [3, 0] |
    And player A will use "Close-Quarters Drill"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 3, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is 1
    And the trace says "its condition holds against Cara's Strider, so it applies to the whole attack"
    When player A will use "Close-Quarters Drill"
    And "QZ-82 Sentinel" attacks "Strider: Minelayer" with Beam Rifle and rolls 3, 1, 1, 1
    Then the Accuracy against "Strider: Minelayer" is 0

  @clause:GA-ELEV-2 @clause:GA-HIT-2 @ruling:derived
  Scenario: "+1 Accuracy against a target in water" cancels the water's -1 there and gives nothing on open ground
    Given the scenario "attack_sonar_lock_water.yaml"
    And player A will use "Sonar Lock"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 4, 4, 1, 1
    Then the Accuracy against "Cara's Strider" is 0
    And "Cara's Strider" takes 2 hits
    When player A will use "Sonar Lock"
    And "QZ-82 Sentinel" attacks "Strider: Minelayer" with Beam Rifle and rolls 4, 3, 1, 1
    Then the Accuracy against "Strider: Minelayer" is 0
    And "Strider: Minelayer" takes 1 hit
