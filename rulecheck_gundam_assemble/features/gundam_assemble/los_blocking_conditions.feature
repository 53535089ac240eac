Feature: Line of Sight, each blocking condition shown blocking and not blocking
  The line runs along the middle row of each map, from the piece in the first column to the
  piece in the last, through the hexes [1, 1], [2, 1] and [3, 1], unless a scenario says otherwise.

  @clause:GA-LOS-3 @clause:GA-LOS-7 @ruling:derived
  Scenario: Terrain level with both units does not block
    Given the board:
      """
      .  .  .  .  .
        1G  1  1  1  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And nothing blocks the line

  @clause:GA-LOS-2 @clause:GA-LOS-3 @ruling:derived
  Scenario: A line is drawn from the unit's own hex, wherever it stands: a hill past the middle blocks it
    The Sentinel stands in the second hex of the row, not the first: the line runs through [2, 0]
    and [3, 0], and the hill at [3, 0] is higher than both units.

    Given the board:
      """
      .  G  .  3  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And the line passes through [2, 0], [3, 0]
    And [3, 0] blocks the line under GA-LOS-3

  @clause:GA-LOS-3 @clause:GA-LOS-6 @clause:GA-LOS-7 @ruling:interpretation @interpretation:los_intermediate_terrain
  Scenario: By default terrain higher than the lower unit but below the higher unit does not block
    Given the board:
      """
      .  .  .  .  .
        G  .  1  .  2Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the trace names the interpretation los_intermediate_terrain
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is clear

  @clause:GA-LOS-6 @ruling:interpretation @interpretation:los_intermediate_terrain
  Scenario: Under blocks a hill higher than the lower unit blocks both units, as the captions word it
    Given the interpretation los_intermediate_terrain is blocks
    And the board:
      """
      .  .  .  .  .
        G  .  1  .  2Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line as terrain
    And the trace names the interpretation los_intermediate_terrain
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is blocked

  @clause:GA-LOS-3 @ruling:derived
  Scenario: Terrain one level above two elevated units blocks them
    Given the board:
      """
      .  .  .  .  .
        1G  1  2  1  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3

  @clause:GA-LOS-4 @ruling:derived
  Scenario: An ally at the same elevation as both units does not block
    Given the board:
      """
      .  .  .  .  .
        G  .  R  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | R    | PK-5 Kite      | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear

  @clause:GA-LOS-4 @ruling:derived
  Scenario: An enemy at the same elevation as both units blocks even when both stand on a hill
    Given the board:
      """
      .  .  .  .  .
        1G  1  1M  1  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-4
    And [2, 1] blocks the line as enemy
    And "Strider: Minelayer" blocks the line
    And the Line of Sight trace says "[2, 1]: enemy Strider: Minelayer at the same elevation as both units"

  @clause:GA-LOS-5 @ruling:derived
  Scenario: An enemy Base below two elevated units does not block
    Given the board:
      """
      .  .  .  .  .
        1G  .  H  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name          | side | kind      |
      | G    | QZ-82 Sentinel | A   | unit      |
      | H    | Player B Base | B    | structure |
      | Z    | Cara's Strider | B   | unit      |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear

  @clause:GA-LOS-5 @ruling:derived
  Scenario: An enemy Base on a hill as high as both units blocks, its height being its hex's
    Given the board:
      """
      .  .  .  .  .
        1G  .  1H  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind      |
      | G    | QZ-82 Sentinel | A    | unit      |
      | H    | Player B Base  | B    | structure |
      | Z    | Cara's Strider | B    | unit      |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-5
    And [2, 1] blocks the line as structure
    And the Line of Sight trace says "[2, 1]: enemy structure Player B Base at the same elevation as both units"

  @clause:GA-LOS-5 @clause:GA-LOS-6 @ruling:derived
  Scenario: An enemy Base at the higher unit's stated elevation blocks the line down to the lower unit
    Given the board:
      """
      .  .  .  .  .
        G  .  H  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind      | elevation |
      | G    | QZ-82 Sentinel | A    | unit      |           |
      | H    | Player B Base  | B    | structure | 1         |
      | Z    | Cara's Strider | B    | unit      |           |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-6
    And [2, 1] blocks the line as structure
    And "Player B Base" blocks the line
    And the Line of Sight trace says "[2, 1]: enemy structure Player B Base at the higher unit's elevation"
    When "Cara's Strider" checks Line of Sight to "QZ-82 Sentinel"
    Then Line of Sight is clear

  @clause:GA-LOS-6 @ruling:derived
  Scenario: An enemy on the hill at the higher unit's elevation is a second reason the line is blocked
    Given the board:
      """
      .  .  .  .  .
        G  .  1M  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line as terrain
    And [2, 1] blocks the line as enemy
    And the line is blocked under GA-LOS-6
    And at [2, 1] the enemy blocks under GA-LOS-6
    And at [2, 1] the terrain blocks under GA-LOS-6
    And the Line of Sight trace says "[2, 1]: enemy Strider: Minelayer at the higher unit's elevation"
    And the Line of Sight trace says "[2, 1]: terrain at elevation 1, the higher unit's elevation"

  @clause:GA-LOS-6 @ruling:derived
  Scenario: An enemy standing at the lower unit's elevation does not block when the elevations differ
    Given the board:
      """
      .  .  .  .  .
        G  .  M  .  1Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear

  @clause:GA-LOS-1 @ruling:derived
  Scenario: An adjacent target needs no Line of Sight, even up a cliff
    Given the board:
      """
      .  .  .  .  .
        G  3Z  .  .  .
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is not required
    And the trace cites GA-LOS-1

  @clause:GA-LOS-1 @clause:GA-LOS-3 @ruling:derived
  Scenario: Two hexes away Line of Sight is required and a hill between blocks it
    Given the board:
      """
      .  .  .  .  .
        G  3  Z  .  .
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is required
    And Line of Sight is blocked
    And [1, 1] blocks the line under GA-LOS-3
