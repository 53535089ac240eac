Feature: Defeated units
  The QZ-82 Sentinel (player A) fires its Beam Rifle at Cara's Strider (player B, 3 victory points
  on its test-data card), which has 1 hit point left, 2 Energy, an Upgrade, the Fracture status and
  its Timeline token on space 4. One hit defeats it.

  Background:
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the unit states:
      | name           | hp | energy | upgrades      | status   | timeline |
      | Cara's Strider | 1  | 2      | Custom Thrust | Fracture | 4        |

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:derived
  Scenario: The opponent scores the defeated unit's victory points
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And player A has 3 victory points
    And the trace does not say "defeated at once"

  @clause:GA-DEF-7 @ruling:derived
  Scenario: Defeating an enemy during the attacker's own activation does not end that activation
    Given the unit states:
      | name           | activating |
      | QZ-82 Sentinel | yes        |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And the activation does not end

  @clause:GA-DEF-7 @ruling:derived
  Scenario: A unit whose activation ended with the turn is defeated later without ending any activation
    Given the unit states:
      | name           | activating |
      | Cara's Strider | yes        |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 1, 1, 1, 1
    And the turn ends
    And "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And the activation does not end

  @clause:GA-DEF-6 @ruling:derived @faq:Q30
  Scenario: A defeated unit in Reserve cannot attack before it is redeployed
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    And "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun"
    Then the attack is not allowed under GA-DEF-6

  @clause:GA-DEF-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: A defeated unit is off the board and cannot be attacked again
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    And "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-DEF-2
    And the trace says "Cara's Strider is not on the board"

  @clause:GA-DEF-2 @clause:GA-DEF-6 @ruling:derived @faq:Q30
  Scenario: A defeated unit leaves the board for Reserve and must be redeployed
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is in Reserve and must be redeployed

  @clause:GA-DEF-3 @ruling:derived @faq:Q128
  Scenario: A defeated unit's Timeline token moves two spaces forward
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 6

  @clause:GA-DEF-4 @ruling:derived @faq:Q94
  Scenario: A defeated unit's hit points reset and its status effects are removed
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" has 5 hit points
    And "Cara's Strider" does not have the status Fracture

  @clause:GA-DEF-4 @ruling:derived
  Scenario: A defeated unit also loses a status effect the attack did not use up
    Given the unit states:
      | name           | status |
      | Cara's Strider | Disarm |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And "Cara's Strider" does not have the status Disarm

  @clause:GA-DEF-5 @ruling:derived
  Scenario: A defeated unit keeps its Energy and Upgrades
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" keeps 2 Energy and the Upgrades Custom Thrust

  @clause:GA-DEF-1 @ruling:derived
  Scenario: A unit that survives with hit points left is not defeated
    Given the unit states:
      | name           | hp |
      | Cara's Strider | 5  |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is not defeated
    And player A has 0 victory points

  @clause:GA-DEF-1 @ruling:derived
  Scenario: A unit defeated before the attack's damage scores its victory points only once
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | Cara's Strider | 2  |
    And player A will use "Collision Course" on "Cara's Strider"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then "Cara's Strider" is defeated
    And player A has 3 victory points

  @clause:GA-DEF-3 @clause:GA-ROLL-6 @ruling:interpretation @interpretation:simultaneous_defeat_order @faq:Q22
  Scenario: Under target_order two units defeated at once each take the Timeline penalty, in the order the attack lists them
    Given the interpretation simultaneous_defeat_order is target_order
    And the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp | timeline |
      | Cara's Strider     | 1  | 3        |
      | Strider: Minelayer | 1  | 3        |
    And the defending player orders the defeated units "Strider: Minelayer"; "Cara's Strider"
    And the attacking player chooses "Cara's Strider" for the critical hit effect
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 9, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 5
    And "Strider: Minelayer"'s Timeline token is on space 5
    And player A has 5 victory points
    And the penalties apply in the order "Cara's Strider"; "Strider: Minelayer"
    And the ruling names the interpretation simultaneous_defeat_order

  @clause:GA-DEF-3 @ruling:interpretation @interpretation:simultaneous_defeat_order @faq:Q22
  Scenario: By default (owner_chooses) the defending player orders the Timeline penalties
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp |
      | Cara's Strider     | 1  |
      | Strider: Minelayer | 1  |
    And the defending player orders the defeated units "Strider: Minelayer"; "Cara's Strider"
    And the attacking player chooses "Cara's Strider" for the critical hit effect
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 9, 1, 1, 1
    Then the penalties apply in the order "Strider: Minelayer"; "Cara's Strider"

  @clause:GA-DEF-3 @ruling:interpretation @interpretation:simultaneous_defeat_order @faq:Q22
  Scenario: By default (owner_chooses) a unit the owner leaves out of the order is defeated all the same, last
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp |
      | Cara's Strider     | 1  |
      | Strider: Minelayer | 1  |
    And the defending player orders the defeated units "Strider: Minelayer"
    And the attacking player chooses "Cara's Strider" for the critical hit effect
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 9, 1, 1, 1
    Then "Cara's Strider" is defeated
    And "Strider: Minelayer" is defeated
    And the penalties apply in the order "Strider: Minelayer"; "Cara's Strider"

  @clause:GA-DEF-4 @clause:GA-DEF-5 @ruling:interpretation @interpretation:defeated_unit_shields
  Scenario: By default a defeated unit's deactivated Shields stay deactivated
    Given the unit states:
      | name           | shields | deactivated_shields |
      | Cara's Strider | 0       | 1                   |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And "Cara's Strider" has 0 active Shields
    And "Cara's Strider" has 1 deactivated Shields
    And the ruling names the interpretation defeated_unit_shields

  @clause:GA-DEF-4 @ruling:interpretation @interpretation:defeated_unit_shields
  Scenario: Under restored a defeated unit's deactivated Shields become active again
    Given the interpretation defeated_unit_shields is restored
    And the unit states:
      | name           | shields | deactivated_shields |
      | Cara's Strider | 0       | 1                   |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" is defeated
    And "Cara's Strider" has 1 active Shields
    And "Cara's Strider" has 0 deactivated Shields
