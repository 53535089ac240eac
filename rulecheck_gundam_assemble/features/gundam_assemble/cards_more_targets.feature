Feature: Card vocabulary - a weapon that allows additional targets
  The chapter speaks of "another weapon that allows additional targets": one roll for the whole
  attack (GA-ROLL-3), hits counted per target with that target's Accuracy (GA-ROLL-4), damage to
  all at once (GA-ROLL-6). The Lash's Finger Vulcans (invented test card) attack up to 2 enemies
  within range 2, each of which must be in range and Line of Sight.

  Background:
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
      | Cara's Strider | B    | [2, -2] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And the hexes:
      | at     | terrain |
      | [0, 2] | water   |

  @clause:GA-ROLL-3 @clause:GA-ROLL-4 @clause:GA-ROLL-6 @ruling:derived
  Scenario: Two targets, one roll, hits counted per target
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Finger Vulcans and rolls 4, 5, 1, 1
    Then the targets are "QZ-82 Sentinel"; "PK-5 Kite"
    And "QZ-82 Sentinel" takes 2 hits
    And "PK-5 Kite" takes 1 hit
    And the attack rolls 4 dice

  @clause:GA-ROLL-3 @clause:GA-TGT-1 @ruling:derived
  Scenario: A third target is more than the weapon allows
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite"; "Cara's Strider" with Finger Vulcans
    Then the attack is not allowed under GA-ROLL-3

  @clause:GA-TGT-1 @clause:GA-RNG-2 @ruling:derived
  Scenario: Every target must be in range: one out of range and the attack cannot be made
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [3, 0] |
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Finger Vulcans
    Then the attack is not allowed under GA-TGT-1

  @clause:GA-ROLL-6 @clause:GA-DMG-3 @ruling:derived @faq:Q93
  Scenario: A Garrison named first takes no hit points, and the enemy named after it still takes its hits
    Given the pieces:
      | name          | side | at     | kind     |
      | MT-05B Lash   | A    | [0, 0] | unit     |
      | Zeon Garrison | B    | [2, 0] | garrison |
      | PK-5 Kite     | B    | [0, 2] | unit     |
    When "MT-05B Lash" attacks "Zeon Garrison"; "PK-5 Kite" with Finger Vulcans and rolls 5, 5, 1, 1
    Then the targets are "Zeon Garrison"; "PK-5 Kite"
    And "PK-5 Kite" takes 2 hits
    And the trace says "Zeon Garrison has no hit points in this chapter"

  @clause:GA-ROLL-3 @ruling:derived
  Scenario: A weapon without additional targets attacks one enemy
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Shield Gun
    Then the attack is not allowed under GA-ROLL-3
