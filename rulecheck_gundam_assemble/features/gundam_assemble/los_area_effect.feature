Feature: Area of effect attacks check Line of Sight ignoring units and Garrisons (GA-AOE-4)

  @clause:GA-AOE-4 @clause:GA-LOS-4 @ruling:derived
  Scenario: An enemy unit in the way blocks a normal attack but not an area of effect attack
    Given the board:
      """
      .  .  .  .  .
        T  .  M  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name               | side |
      | T    | QX-40 Bastion      | A    |
      | M    | Strider: Minelayer | B    |
      | Z    | Cara's Strider     | B    |
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider" for an area of effect attack
    Then Line of Sight is clear
    And the trace cites GA-AOE-4

  @clause:GA-AOE-4 @ruling:interpretation @interpretation:los_garrison_blocks
  Scenario: An enemy Garrison in the way blocks a normal attack by default
    Given the board:
      """
      .  .  .  .  .
        T  .  X  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind     |
      | T    | QX-40 Bastion  | A    | unit     |
      | X    | Zeon Garrison  | B    | garrison |
      | Z    | Cara's Strider | B    | unit     |
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is blocked
    And [2, 1] blocks the line as garrison
    And "Zeon Garrison" blocks the line
    And the Line of Sight trace says "[2, 1]: enemy Garrison Zeon Garrison at the same elevation as both units"
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider" for an area of effect attack
    Then Line of Sight is clear

  @clause:GA-LOS-4 @ruling:interpretation @interpretation:los_garrison_blocks
  Scenario: An enemy Garrison never blocks when Garrisons are read as no obstacle
    Given the board:
      """
      .  .  .  .  .
        T  .  X  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind     |
      | T    | QX-40 Bastion  | A    | unit     |
      | X    | Zeon Garrison  | B    | garrison |
      | Z    | Cara's Strider | B    | unit     |
    And the interpretation los_garrison_blocks is never
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider"
    Then Line of Sight is clear
    And the trace names the interpretation los_garrison_blocks

  @clause:GA-AOE-4 @clause:GA-LOS-3 @ruling:derived
  Scenario: An area of effect attack still cannot see through a hill
    Given the board:
      """
      .  .  .  .  .
        T  .  2  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | T    | QX-40 Bastion  | A    |
      | Z    | Cara's Strider | B    |
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider" for an area of effect attack
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-3

  @clause:GA-AOE-4 @clause:GA-LOS-5 @ruling:derived
  Scenario: An area of effect attack still cannot see through an enemy Base
    Given the board:
      """
      .  .  .  .  .
        T  .  H  .  Z
      .  .  .  .  .
      """
    And the pieces:
      | mark | name           | side | kind      |
      | T    | QX-40 Bastion  | A    | unit      |
      | H    | Player B Base  | B    | structure |
      | Z    | Cara's Strider | B    | unit      |
    When "QX-40 Bastion" checks Line of Sight to "Cara's Strider" for an area of effect attack
    Then Line of Sight is blocked
    And [2, 1] blocks the line under GA-LOS-5
