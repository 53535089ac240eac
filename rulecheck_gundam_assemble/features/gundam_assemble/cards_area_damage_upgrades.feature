Feature: Card vocabulary - non-combat damage to every enemy in reach, and typed Upgrade tokens
  The Lash's "Discharge Pulse" (invented test card) deals 1 non-combat damage to every enemy unit
  and Garrison within 2 hexes (no Line of Sight needed, GA-WR-2); its "Flare Burst" does the same
  at range 2 (each enemy must be in Line of Sight, GA-WR-1). Upgrade tokens are typed (Strength,
  Shield, Speed); cards grant them, destroy them or count them.

  @clause:GA-WR-2 @clause:GA-DMG-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Area damage within 2 hexes hits every enemy unit and Garrison there, not allies or farther enemies
    Given the pieces:
      | name               | side | at     | kind     |
      | MT-05B Lash        | A    | [0, 0] | unit     |
      | Strider: Minelayer | A    | [1, 0] | unit     |
      | QZ-82 Sentinel     | B    | [2, 0] | unit     |
      | PK-5 Kite          | B    | [0, 3] | unit     |
      | Federation Post    | B    | [0, 2] | garrison |
    And "MT-05B Lash" will use "Discharge Pulse"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1
    Then "QZ-82 Sentinel" has 5 hit points
    And "QZ-82 Sentinel" has 1 active Shields
    And "PK-5 Kite" has 4 hit points
    And "Strider: Minelayer" has 4 hit points
    And the Garrison "Federation Post" has taken 1 damage

  @clause:GA-WR-1 @clause:GA-LOS-3 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: At range 2 an enemy out of Line of Sight is spared; within 2 hexes it is not
    Given the board:
      """
      G  3  Z
        .  .  .
      .  M  .
      """
    And the pieces:
      | mark | name           | side |
      | G    | MT-05B Lash    | A    |
      | Z    | QZ-82 Sentinel | B    |
      | M    | PK-5 Kite      | B    |
    And "MT-05B Lash" will use "Flare Burst"
    When "MT-05B Lash" attacks "PK-5 Kite" with Shield Gun and rolls 1, 1, 1
    Then "PK-5 Kite" has 3 hit points
    And "QZ-82 Sentinel" has 6 hit points
    And "MT-05B Lash" cannot use "Flare Burst"
    And the attack resolves in the order:
      | before_attack |
      | declare |
      | check |
      | pay |
      | before_attack_roll |
      | roll |
      | after_attack_roll |
      | critical |
      | damage |
      | defeat |
      | after_combat_damage |
      | end |

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card grants a Strength Upgrade when the attack dealt damage, and another counts them
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | shields | upgrades |
      | QZ-82 Sentinel | 0       |          |
      | Cara's Strider |         | Strength |
    And player A will use "Field Refit"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Cara's Strider" has 2 Strength Upgrades
    When player A will use "Overdrive"
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1, 1
    Then the attack rolls 6 dice

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: No damage dealt, no Upgrade granted
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player A will use "Field Refit"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 0 Strength Upgrades
    And the trace says "damage_dealt is False"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: "If it has a Shield Upgrade" reduces the damage; other Upgrades do not count
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [2, 1] |
    And the unit states:
      | name           | shields | upgrades        |
      | QZ-82 Sentinel | 0       | Shield          |
      | PK-5 Kite      |         | Strength, Speed |
    And player B will use "Shield Protocol"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 1 damage
    When player B will use "Shield Protocol"
    And "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 5, 1
    Then "PK-5 Kite" takes 2 damage

  @clause:GA-DMG-2 @clause:GA-DMG-4 @clause:GA-WPN-4 @ruling:interpretation @interpretation:shields_after_use
  Scenario: A weapon that ignores 1 Shield: the other Shields still prevent damage, the ignored one stays active
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [1, 0] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 2       |
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Piercing Lance and rolls 5, 5, 5
    Then Shields prevent 1 damage to "QZ-82 Sentinel"
    And "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" has 1 active Shields

  @clause:GA-SEQ-12 @clause:GA-SEQ-4 @clause:GA-SEQ-10 @ruling:derived
  Scenario: Energy, a removed status and repaired hit points, each in its card's window
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [1, 0] |
    And the unit states:
      | name           | shields | status   | hp |
      | QZ-82 Sentinel | 0       | Fracture | 5  |
    And player B will use "Purge Fracture"
    And player B will use "Emergency Repairs"
    And player A will use "Energy Siphon"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Piercing Lance and rolls 5, 5, 1
    Then "QZ-82 Sentinel" takes 2 damage
    And "QZ-82 Sentinel" does not have the status Fracture
    And "QZ-82 Sentinel" has 5 hit points
    And "Energy Siphon" resolves before "Emergency Repairs"
    And the trace says "MT-05B Lash Energy 0 -> 1"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: Repairs never raise hit points above the card's maximum
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [1, 0] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And player B will use "Emergency Repairs"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Piercing Lance and rolls 5, 1, 1
    Then "QZ-82 Sentinel" has 6 hit points

  @clause:GA-WR-2 @clause:GA-DMG-3 @ruling:derived
  Scenario: Area damage to a Garrison adds to the damage it has already taken
    Given the pieces:
      | name            | side | at     | kind     |
      | MT-05B Lash     | A    | [0, 0] | unit     |
      | QZ-82 Sentinel  | B    | [3, 0] | unit     |
      | Federation Post | B    | [0, 2] | garrison |
    And "MT-05B Lash" will use "Discharge Pulse"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1
    And "MT-05B Lash" will use "Discharge Pulse"
    And "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1
    Then the Garrison "Federation Post" has taken 2 damage

  @clause:GA-WR-2 @clause:GA-DMG-3 @clause:GA-DEF-2 @ruling:derived
  Scenario: An enemy defeated by area damage counts as defeated by the unit whose card dealt it
    Given the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [3, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    And "MT-05B Lash" will use "Discharge Pulse"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1
    And player A will use "Momentum"
    And "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1, 1, 1
    Then "PK-5 Kite" is defeated
    And the attack rolls 5 dice

  @clause:GA-WR-2 @clause:GA-DMG-3 @clause:GA-SEQ-13 @ruling:derived
  Scenario: An enemy outside the attack defeated by area damage does not end the attack, even where a defeated target would
    Given the interpretation target_defeated_mid_attack is attack_ends
    And the pieces:
      | name           | side | at     |
      | MT-05B Lash    | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [3, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    And "MT-05B Lash" will use "Discharge Pulse"
    When "MT-05B Lash" attacks "QZ-82 Sentinel" with Shield Gun and rolls 1, 1, 1
    Then "PK-5 Kite" is defeated
    And the attack runs to its end
