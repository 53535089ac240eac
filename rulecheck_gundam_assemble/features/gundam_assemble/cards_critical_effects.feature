Feature: Card vocabulary - critical hit effects with their own timing, and changed critical faces
  A weapon's critical hit effect resolves at the critical step (GA-SEQ-8) unless its card gives it
  a window of its own; an effect may make more faces count as critical hits (GA-CRIT-4: "unless
  otherwise specified"). The cards are invented test data (rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml):
  the Lash's Heat Rod inflicts Fracture After Combat Damage, the Sentinel's Beam Saber at the
  critical step.

  Background:
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | A    | [0, 1] |
      | Cara's Strider | B    | [1, 0] |

  @clause:GA-SEQ-12 @clause:GA-CRIT-2 @clause:GA-SEQ-10 @ruling:derived
  Scenario: A critical effect that resolves After Combat Damage inflicts Fracture too late to add damage
    When "MT-05B Lash" attacks "Cara's Strider" with Heat Rod and rolls 9, 5, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "Cara's Strider" has 3 hit points
    And "Cara's Strider" has the status Fracture
    And the trace says "resolves After Combat Damage, as its card says"

  @clause:GA-SEQ-8 @clause:GA-CRIT-2 @clause:GA-SEQ-10 @ruling:derived
  Scenario: Resolved at the critical step, the same Fracture would add a damage in the same attack
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Saber and rolls 9, 5, 1, 1, 1
    Then "Cara's Strider" takes 3 damage
    And "Cara's Strider" has 2 hit points

  @clause:GA-SEQ-12 @clause:GA-SEQ-10 @ruling:derived
  Scenario: The late Fracture counts on the next attack that deals damage
    When "MT-05B Lash" attacks "Cara's Strider" with Heat Rod and rolls 9, 5, 1, 1
    And "MT-05B Lash" attacks "Cara's Strider" with Heat Rod and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "Cara's Strider" has 1 hit points

  @clause:GA-SEQ-12 @clause:GA-CRIT-2 @ruling:derived
  Scenario: A late critical effect does nothing when no critical hit was rolled
    When "MT-05B Lash" attacks "Cara's Strider" with Heat Rod and rolls 7, 5, 1, 1
    Then "Cara's Strider" does not have the status Fracture
    And the critical hit effect does not trigger

  @clause:GA-CRIT-4 @clause:GA-CRIT-1 @clause:GA-HIT-5 @ruling:derived
  Scenario: "7s and 8s also count as critical hits" makes a natural 7 a critical hit, not a 6 raised by Accuracy
    Given player A will use "Newtype Focus"
    And player A will use "Steady Aim"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 6, 1, 1
    Then the critical hit effect triggers once
    And "Cara's Strider" takes 2 hits
    And "Cara's Strider" takes 3 damage
    And the ruling cites GA-CRIT-4

  @clause:GA-CRIT-4 @clause:GA-HIT-4 @ruling:derived
  Scenario: Without the card a natural 7 is an ordinary hit
    Given player A will use "Steady Aim"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 6, 1, 1
    Then the critical hit effect does not trigger
    And "Cara's Strider" takes 2 damage

  @clause:GA-CRIT-4 @clause:GA-CRIT-1 @ruling:derived
  Scenario: A critical face added by a card hits whatever the Accuracy
    Given player A will use "Newtype Focus"
    And player B will use "Shaky Footing"
    And the hexes:
      | at     | elevation | terrain |
      | [1, 0] | 1         | water   |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 8, 6, 1, 1
    Then "Cara's Strider" takes 1 hit
    And the critical hit effect triggers once

  @clause:GA-CRIT-4 @clause:GA-CRIT-2 @ruling:derived
  Scenario: A unit's ongoing ability makes 8s critical on its own attacks; its critical effect destroys an Upgrade
    Given the unit states:
      | name           | upgrades       |
      | Cara's Strider | Shield, Shield |
    When "MT-05B Lash" attacks "Cara's Strider" with Shield Gun and rolls 8, 1, 1
    Then the critical hit effect triggers once
    And "Cara's Strider" has 1 Shield Upgrades
    And the trace says "1 Shield Upgrade of Cara's Strider destroyed"

  @clause:GA-CRIT-4 @ruling:derived
  Scenario: Critical faces changed for one turn apply to each attack of that turn, and not after it
    Given player A will use "Lock-On Protocol"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 1, 1, 1
    Then the critical hit effect triggers once
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 1, 1, 1
    Then the critical hit effect triggers once
    And the trace says "Lock-On Protocol still applies to QZ-82 Sentinel"
    When the turn ends
    And "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 1, 1, 1
    Then the critical hit effect does not trigger

  @clause:GA-CRIT-4 @ruling:derived
  Scenario: Critical faces a card gives a unit for the turn stay its own when an enemy attacks it
    Given player A will use "Lock-On Protocol"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 7, 1, 1, 1
    Then the critical hit effect triggers once
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 7, 1, 1, 1
    Then the critical hit effect does not trigger
