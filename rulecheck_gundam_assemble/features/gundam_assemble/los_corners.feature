Feature: Line of Sight through a corner
  From [0, 0] to [1, 4] the line passes through [0, 1], [0, 2], [1, 2] and [1, 3] and touches
  [1, 1] and [0, 3] only at a corner. Whether such a hex counts is the interpretation
  los_corner_touch (default: it does not, the line never enters it).

  @clause:GA-LOS-2 @ruling:interpretation @interpretation:los_corner_touch
  Scenario: A hill touched only at its corner does not block by default
    Given the board:
      """
      G  .  .  .
        .  3  .  .
      .  .  .  .
        .  .  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the line touches [1, 1] only at a corner
    And the line passes through [0, 1], [0, 2], [1, 2], [1, 3]
    And the trace names the interpretation los_corner_touch

  @clause:GA-LOS-2 @clause:GA-LOS-3 @ruling:interpretation @interpretation:los_corner_touch
  Scenario: A hill touched only at its corner blocks when corner touches count
    Given the board:
      """
      G  .  .  .
        .  3  .  .
      .  .  .  .
        .  .  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    And the interpretation los_corner_touch is counts
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [1, 1] blocks the line under GA-LOS-3
    And the trace names the interpretation los_corner_touch
    And the Line of Sight trace says "[1, 1] is touched at a corner and counts: terrain at elevation 3 is higher than both units (0, 0)"

  @clause:GA-LOS-2 @clause:GA-LOS-4 @ruling:interpretation @interpretation:los_corner_touch
  Scenario: An enemy in a hex touched only at a corner does not block by default
    Given the board:
      """
      G  .  .  .
        .  .  .  .
      .  .  .  .
        .  M  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the line touches [0, 3] only at a corner
