Feature: Line of Sight along an edge: the acting player's choice (GA-LOS-8, FAQ Q.3)
  From [0, 0] to [2, 2] the line passes through [1, 1] and runs exactly between two hexes twice:
  between [1, 0] (left) and [0, 1] (right), then between [2, 1] (left) and [1, 2] (right).
  Map cells: row 0 holds [0, 0] and [1, 0]; row 1 holds [0, 1], [1, 1], [2, 1]; row 2 holds [1, 2]
  and [2, 2].

  @clause:GA-LOS-8 @faq:Q3 @ruling:derived
  Scenario: When only one hex of a pair blocks, the acting player picks the other and sees
    Given the board:
      """
      G  3  .  .
        .  .  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the line runs exactly between [1, 0] and [0, 1]
    And at the choice between [1, 0] and [0, 1] only [1, 0] blocks
    And the trace names the interpretation los_choice_points

  @clause:GA-LOS-8 @clause:GA-LOS-3 @ruling:derived
  Scenario: When both hexes of a pair block, the line is blocked whatever the choice
    Given the board:
      """
      G  3  .  .
        3  .  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And at the choice between [1, 0] and [0, 1] both hexes block

  @clause:GA-LOS-8 @clause:GA-LOS-4 @ruling:derived
  Scenario: An enemy in one hex of a pair blocks that hex only, so the line stays clear
    Given the board:
      """
      G  M  .  .
        .  .  .  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name               | side |
      | G    | QZ-82 Sentinel     | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And at the choice between [1, 0] and [0, 1] only [1, 0] blocks

  @clause:GA-LOS-8 @faq:Q3 @ruling:interpretation @interpretation:los_choice_points
  Scenario: Blockers on opposite sides at two places: clear when each place is chosen on its own
    Given the board:
      """
      G  3  .  .
        .  .  .  .
      .  .  3  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    And the interpretation los_choice_points is independent
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the acting player has 2 choice points

  @clause:GA-LOS-8 @faq:Q3 @ruling:interpretation @interpretation:los_choice_points
  Scenario: Blockers on opposite sides at two places: blocked when one side serves the whole line
    Given the board:
      """
      G  3  .  .
        .  .  .  .
      .  .  3  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    And the interpretation los_choice_points is one_side
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And the trace names the interpretation los_choice_points

  @clause:GA-LOS-8 @faq:Q3 @ruling:derived
  Scenario: Blockers on the same side at two places: one side for the whole line still sees
    Given the board:
      """
      G  3  .  .
        .  .  3  .
      .  .  .  Z
      """
    And the pieces:
      | mark | name           | side |
      | G    | QZ-82 Sentinel | A    |
      | Z    | Cara's Strider | B    |
    And the interpretation los_choice_points is one_side
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And at the choice between [2, 1] and [1, 2] only [2, 1] blocks
