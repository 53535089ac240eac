Feature: Card vocabulary - a weapon that allows additional targets
  The chapter speaks of "another weapon that allows additional targets": one roll for the whole
  attack (GA-ROLL-3), hits counted per target with that target's Accuracy (GA-ROLL-4), damage to
  all at once (GA-ROLL-6). The Gouf's Finger Vulcans (invented test card) attack up to 2 enemies
  within range 2, each of which must be in range and Line of Sight.

  Background:
    Given the pieces:
      | name           | side | at     |
      | MS-07B Gouf    | A    | [0, 0] |
      | RX-78-2 Gundam | B    | [2, 0] |
      | RGM-79 GM      | B    | [0, 2] |
      | Char's Zaku II | B    | [2, -2] |
    And the unit states:
      | name           | shields |
      | RX-78-2 Gundam | 0       |
    And the hexes:
      | at     | terrain |
      | [0, 2] | water   |

  @clause:GA-ROLL-3 @clause:GA-ROLL-4 @clause:GA-ROLL-6 @ruling:derived
  Scenario: Two targets, one roll, hits counted per target
    When "MS-07B Gouf" attacks "RX-78-2 Gundam"; "RGM-79 GM" with Finger Vulcans and rolls 4, 5, 1, 1
    Then the targets are "RX-78-2 Gundam"; "RGM-79 GM"
    And "RX-78-2 Gundam" takes 2 hits
    And "RGM-79 GM" takes 1 hit
    And the attack rolls 4 dice

  @clause:GA-ROLL-3 @clause:GA-TGT-1 @ruling:derived
  Scenario: A third target is more than the weapon allows
    When "MS-07B Gouf" attacks "RX-78-2 Gundam"; "RGM-79 GM"; "Char's Zaku II" with Finger Vulcans
    Then the attack is not allowed under GA-ROLL-3

  @clause:GA-TGT-1 @clause:GA-RNG-2 @ruling:derived
  Scenario: Every target must be in range: one out of range and the attack cannot be made
    Given the pieces:
      | name           | side | at     |
      | MS-07B Gouf    | A    | [0, 0] |
      | RX-78-2 Gundam | B    | [2, 0] |
      | RGM-79 GM      | B    | [3, 0] |
    When "MS-07B Gouf" attacks "RX-78-2 Gundam"; "RGM-79 GM" with Finger Vulcans
    Then the attack is not allowed under GA-TGT-1

  @clause:GA-ROLL-6 @clause:GA-DMG-3 @ruling:derived @faq:Q93
  Scenario: A Garrison named first takes no hit points, and the enemy named after it still takes its hits
    Given the pieces:
      | name          | side | at     | kind     |
      | MS-07B Gouf   | A    | [0, 0] | unit     |
      | Zeon Garrison | B    | [2, 0] | garrison |
      | RGM-79 GM     | B    | [0, 2] | unit     |
    When "MS-07B Gouf" attacks "Zeon Garrison"; "RGM-79 GM" with Finger Vulcans and rolls 5, 5, 1, 1
    Then the targets are "Zeon Garrison"; "RGM-79 GM"
    And "RGM-79 GM" takes 2 hits
    And the trace says "Zeon Garrison has no hit points in this chapter"

  @clause:GA-ROLL-3 @ruling:derived
  Scenario: A weapon without additional targets attacks one enemy
    When "MS-07B Gouf" attacks "RX-78-2 Gundam"; "RGM-79 GM" with Shield Gun
    Then the attack is not allowed under GA-ROLL-3
