Feature: Line of Sight, the rulebook's illustrations
  Each scenario rebuilds one Line of Sight illustration of the chapter "Attacking" as a board that
  matches its description. Maps are odd-r offset rows: '.' is open ground at elevation 0, a digit
  is the elevation, '~' is water and a letter places the piece with that mark.

  @clause:GA-LOS-3 @clause:GA-LOS-2 @ruling:derived @example:los-terrain-higher-than-both
  Scenario: Terrain higher than both units blocks the line for both of them
    Given the board:
      """
      .  .  .  .  .
        G  .  2  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3

  @clause:GA-LOS-6 @clause:GA-LOS-7 @ruling:derived @example:los-char-on-high-ground-clear
  Scenario: From elevated terrain over open ground the line is clear for both units
    Given the board:
      """
      .  .  .  .  .
        G  .  .  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the trace cites GA-LOS-7
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is clear

  @clause:GA-LOS-6 @clause:GA-LOS-3 @ruling:derived @example:los-hill-at-chars-elevation
  Scenario: A hill higher than the Sentinel and level with Cara's Strider blocks both units
    Given the board:
      """
      .  .  .  .  .
        G  .  1  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-6
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-6

  @clause:GA-LOS-4 @ruling:derived @example:los-minelayer-asymmetry
  Scenario: Cara's Strider shoots past its own Minelayer but the Sentinel cannot
    Given the board:
      """
      .  .  .  .  .
        G  .  M  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is clear
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-4

  @clause:GA-LOS-5 @ruling:derived @example:los-allied-base-asymmetry
  Scenario: The Sentinel shoots past its own Base but Cara's Strider cannot
    Given the board:
      """
      .  .  .  .  .
        G  .  H  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind      |
      | G    | QZ-82 Sentinel | A    | unit      |
      | H    | Player A Base  | A    | structure |
      | Z    | Cara's Strider | B    | unit      |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-5

  @clause:GA-LOS-6 @ruling:derived @example:los-gm-shot-over-from-high-ground
  Scenario: From higher ground Cara's Strider shoots over the Kite standing at ground level
    Given the board:
      """
      .  .  .  .  .
        G  .  R  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | R    | PK-5 Kite      | A    |
      | Z    | Cara's Strider | B    |
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is clear
    And nothing blocks the line

  @clause:GA-LOS-4 @ruling:derived @example:los-gundam-over-lower-ally
  Scenario: The Sentinel shoots over Cara's ally standing on lower ground between two hills
    Given the board:
      """
      .  .  .  .  .
        2G  .  M  .  2Z
      .  .  .  .  .
      """
    And the hexes:
      | at     | elevation |
      | [1, 1] | 2         |
      | [3, 1] | 2         |
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the line passes through [1, 1], [2, 1], [3, 1]

  @clause:GA-LOS-9 @clause:GA-RNG-3 @clause:GA-TGT-1 @ruling:derived @example:oggo-artillery-support
  Scenario: Artillery Support needs the Crab's sight of the attacked enemy, not of its ally
    Given the scenario "los_oggo_artillery_support.yaml"
    When "ML-07C Crab" checks whether "QZ-82 Sentinel" is within range 4
    Then "QZ-82 Sentinel" can be affected
    And the reach check cites GA-RNG-3
    When "ML-07C Crab" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
