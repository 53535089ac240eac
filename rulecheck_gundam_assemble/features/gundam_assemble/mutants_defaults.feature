Feature: The book's default readings, pinned down where other features state them
  Scenarios elsewhere name the interpretation they run under, which leaves the default itself
  unchecked; these run under the defaults, so changing one is caught (`rulecheck mutate`).

  @clause:GA-LOS-8 @faq:Q3 @ruling:interpretation @interpretation:los_choice_points
  Scenario: By default blockers on opposite sides at two places leave the line clear
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
    When "QZ-82 Sentinel" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the acting player has 2 choice points

  @clause:GA-DEF-3 @clause:GA-ROLL-6 @ruling:interpretation @interpretation:simultaneous_defeat_order @faq:Q22
  Scenario: By default the owner's order sets the Timeline penalties, not the order the attack lists its targets
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
