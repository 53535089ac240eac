Feature: Scripted dice are strict
  A scenario states every face the attack needs. Faces left over, or a roll the script does not
  cover, fail the scenario with a message naming the roll. These test the tool, not a ruling, so
  they are not part of the corpus (no clause, no @ruling) and run only with the test suite.

  Background:
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |

  Scenario: Scripting more faces than the Strength fails the scenario
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 5, 5, 5, 5
    Then resolving fails because "scripted dice left unused (attack: [5])"

  Scenario: Scripting fewer faces than the Strength fails the scenario
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 5
    Then resolving fails because "the attack roll needs 4 d10 but the script has 2 faces left"

  Scenario: An additional die the script does not give fails the scenario
    Given player A will use "Second Salvo"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 5, 5, 5
    Then resolving fails because "the additional roll needs 1 d10"

  Scenario: A rerolled face the attack never asks for fails the scenario
    Given the rerolled dice will show 6
    When "QZ-82 Sentinel" attacks "Cara's Strider" with Beam Rifle and rolls 5, 5, 5, 5
    Then resolving fails because "scripted dice left unused (reroll: [6])"
