Feature: Range, "within range" against "within hexes", and weapons that ignore Line of Sight
  Along the middle row Cara's Strider stands three hexes from the Sentinel and the Minelayer four;
  the scenarios that need a tall hill between them raise the hex [2, 1].

  Background:
    Given the board:
      """
      .  .  .  .  .  .
        G  .  .  Z  M  .
      .  .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | Z    | Cara's Strider     | B    |
      | M    | Strider: Minelayer | B    |

  @clause:GA-WR-2 @ruling:derived
  Scenario: An effect within 3 hexes reaches a target it cannot see
    Given the hex [2, 1] is raised to elevation 4
    When "QZ-82 Sentinel" checks whether "Cara's Strider" is within 3 hexes
    Then "Cara's Strider" can be affected
    And the reach check cites GA-WR-2

  @clause:GA-WR-1 @clause:GA-RNG-3 @clause:GA-TGT-1 @ruling:derived
  Scenario: An effect within range 3 does not reach a target behind a hill
    Given the hex [2, 1] is raised to elevation 4
    When "QZ-82 Sentinel" checks whether "Cara's Strider" is within range 3
    Then "Cara's Strider" cannot be affected
    And the reach check cites GA-WR-1

  @clause:GA-WR-2 @ruling:derived
  Scenario: An effect within 3 hexes does not reach a target 4 hexes away
    When "QZ-82 Sentinel" checks whether "Strider: Minelayer" is within 3 hexes
    Then "Strider: Minelayer" cannot be affected

  @clause:GA-RNG-2 @clause:GA-WPN-2 @ruling:derived
  Scenario: A range 3 weapon reaches a visible target exactly 3 hexes away
    When "QZ-82 Sentinel" checks whether "Cara's Strider" is within range 3
    Then "Cara's Strider" can be affected
    And the reach check cites GA-RNG-2

  @clause:GA-RNG-2 @clause:GA-TGT-1 @ruling:derived
  Scenario: A range 3 weapon does not reach a visible target 4 hexes away
    When "QZ-82 Sentinel" checks whether "Strider: Minelayer" is within range 3
    Then "Strider: Minelayer" cannot be affected
    And the reach check cites GA-TGT-1

  @clause:GA-RNG-4 @ruling:derived
  Scenario: Elevation does not lengthen the range to a target on a hill
    Given the hex [3, 1] is raised to elevation 3
    When "QZ-82 Sentinel" checks whether "Cara's Strider" is within range 3
    Then "Cara's Strider" can be affected
    And the reach check cites GA-RNG-4

  @clause:GA-ILOS-1 @ruling:derived
  Scenario: A weapon that ignores Line of Sight reaches a target behind a hill
    Given the hex [2, 1] is raised to elevation 4
    When "QZ-82 Sentinel" checks whether "Cara's Strider" is within range 3 with a weapon that ignores Line of Sight
    Then "Cara's Strider" can be affected
    And the reach check cites GA-ILOS-1

  @clause:GA-ILOS-1 @clause:GA-RNG-2 @ruling:derived
  Scenario: A weapon that ignores Line of Sight still has to be in range
    When "QZ-82 Sentinel" checks whether "Strider: Minelayer" is within range 3 with a weapon that ignores Line of Sight
    Then "Strider: Minelayer" cannot be affected

  @clause:GA-RNG-1 @ruling:derived
  Scenario: A range 1 weapon reaches an adjacent target only
    When "Cara's Strider" checks whether "Strider: Minelayer" is within range 1
    Then "Strider: Minelayer" can be affected
    And the reach check cites GA-RNG-1
    When "Cara's Strider" checks whether "QZ-82 Sentinel" is within range 1
    Then "QZ-82 Sentinel" cannot be affected
