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
      | G    | RX-78-2 Gundam | A    |
      | Z    | Char's Zaku II | B    |
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
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
      | G    | RX-78-2 Gundam | A    |
      | Z    | Char's Zaku II | B    |
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is clear
    And the trace cites GA-LOS-7
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
    Then Line of Sight is clear

  @clause:GA-LOS-6 @clause:GA-LOS-3 @ruling:derived @example:los-hill-at-chars-elevation
  Scenario: A hill higher than the Gundam and level with Char's Zaku II blocks both units
    Given the board:
      """
      .  .  .  .  .
        G  .  1  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | RX-78-2 Gundam | A    |
      | Z    | Char's Zaku II | B    |
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-6
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-6

  @clause:GA-LOS-4 @ruling:derived @example:los-minelayer-asymmetry
  Scenario: Char's Zaku II shoots past its own Minelayer but the Gundam cannot
    Given the board:
      """
      .  .  .  .  .
        G  .  M  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | RX-78-2 Gundam     | A    |
      | M    | Zaku II: Minelayer | B    |
      | Z    | Char's Zaku II     | B    |
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
    Then Line of Sight is clear
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-4

  @clause:GA-LOS-5 @ruling:derived @example:los-allied-base-asymmetry
  Scenario: The Gundam shoots past its own Base but Char's Zaku II cannot
    Given the board:
      """
      .  .  .  .  .
        G  .  H  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind      |
      | G    | RX-78-2 Gundam | A    | unit      |
      | H    | Player A Base  | A    | structure |
      | Z    | Char's Zaku II | B    | unit      |
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is clear
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-5

  @clause:GA-LOS-6 @ruling:derived @example:los-gm-shot-over-from-high-ground
  Scenario: From higher ground Char's Zaku II shoots over the GM standing at ground level
    Given the board:
      """
      .  .  .  .  .
        G  .  R  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | RX-78-2 Gundam | A    |
      | R    | RGM-79 GM      | A    |
      | Z    | Char's Zaku II | B    |
    When "Char's Zaku II" checks Line of Sight to "RX-78-2 Gundam"
    Then Line of Sight is clear
    And nothing blocks the line

  @clause:GA-LOS-4 @ruling:derived @example:los-gundam-over-lower-ally
  Scenario: The Gundam shoots over Char's ally standing on lower ground between two hills
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
      | G    | RX-78-2 Gundam     | A    |
      | M    | Zaku II: Minelayer | B    |
      | Z    | Char's Zaku II     | B    |
    When "RX-78-2 Gundam" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is clear
    And the line passes through [1, 1], [2, 1], [3, 1]

  @clause:GA-LOS-9 @clause:GA-RNG-3 @clause:GA-TGT-1 @ruling:derived @example:oggo-artillery-support
  Scenario: Artillery Support needs the Oggo's sight of the attacked enemy, not of its ally
    Given the scenario "los_oggo_artillery_support.yaml"
    When "MP-02A Oggo" checks whether "RX-78-2 Gundam" is within range 4
    Then "RX-78-2 Gundam" can be affected
    And the reach check cites GA-RNG-3
    When "MP-02A Oggo" checks Line of Sight to "Char's Zaku II"
    Then Line of Sight is blocked
