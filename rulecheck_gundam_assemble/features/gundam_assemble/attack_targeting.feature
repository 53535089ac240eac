Feature: Choosing targets - enemies, range, Line of Sight, Engagement and areas of effect
  Positions are axial [q, r]; unlisted hexes are open ground at elevation 0. Weapons are test data:
  Beam Rifle range 4, Beam Saber range 1, Zaku Machine Gun range 3.

  @clause:GA-TGT-1 @ruling:derived
  Scenario: An allied unit cannot be attacked
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | PK-5 Kite      | A    | [2, 0] |
    When "QZ-82 Sentinel" attacks "PK-5 Kite" with "Beam Rifle"
    Then the attack is not allowed under GA-TGT-1

  @clause:GA-RNG-2 @ruling:derived @faq:Q108
  Scenario: A target exactly at the weapon's maximum range can be attacked
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [4, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then the attack is allowed

  @clause:GA-RNG-2 @ruling:derived @faq:Q108
  Scenario: A target one hex beyond the maximum range cannot be attacked
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [5, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-RNG-2

  @clause:GA-RNG-1 @ruling:derived
  Scenario: A range 1 weapon reaches an adjacent enemy
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [1, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber" and rolls 1, 1, 1, 1, 1
    Then the attack is allowed

  @clause:GA-RNG-1 @ruling:derived
  Scenario: A range 1 weapon cannot reach an enemy two hexes away
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber"
    Then the attack is not allowed under GA-RNG-1

  @clause:GA-RNG-4 @ruling:derived @faq:Q108
  Scenario: A target on high ground is no farther away
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [4, 0] |
    And the hexes:
      | at     | elevation |
      | [4, 0] | 3         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the ruling cites GA-RNG-4

  @clause:GA-RNG-3 @clause:GA-TGT-1 @ruling:derived @faq:Q98
  Scenario: A target in range but behind a hill higher than both units cannot be attacked
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 2         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-RNG-3

  @clause:GA-LOS-5 @ruling:derived
  Scenario: An enemy Base on the line at the units' elevation stops the attack
    Given the pieces:
      | name           | side | at     | kind      |
      | QZ-82 Sentinel | A    | [0, 0] | unit      |
      | Zeon Base      | B    | [1, 0] | structure |
      | Cara's Strider | B    | [2, 0] | unit      |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-LOS-5

  @clause:GA-LOS-4 @ruling:interpretation @interpretation:los_garrison_blocks @faq:Q93
  Scenario: An enemy Garrison on the line blocks a normal attack by default
    Given the pieces:
      | name           | side | at     | kind     |
      | QZ-82 Sentinel | A    | [0, 0] | unit     |
      | Zeon Garrison  | B    | [2, 0] | garrison |
      | Cara's Strider | B    | [3, 0] | unit     |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-LOS-4

  @clause:GA-ENG-1 @clause:GA-ENG-2 @ruling:derived
  Scenario: An Engaged unit cannot attack an enemy it is not Engaged with
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | PK-5 Kite      | B    | [0, 1] |
      | Cara's Strider | B    | [3, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-ENG-2

  @clause:GA-ENG-2 @ruling:derived
  Scenario: An Engaged unit may attack the enemy it is Engaged with
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [1, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber" and rolls 1, 1, 1, 1, 1
    Then the attack is allowed

  @clause:GA-ENG-1 @ruling:derived
  Scenario: An adjacent enemy on a different elevation does not Engage
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | PK-5 Kite      | B    | [0, 1] |
      | Cara's Strider | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [0, 1] | 1         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then the attack is allowed

  @clause:GA-ENG-1 @clause:GA-ENG-2 @ruling:derived
  Scenario: Two adjacent enemies on the same raised hill are Engaged with each other
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | PK-5 Kite      | B    | [0, 1] |
      | Cara's Strider | B    | [3, 0] |
    And the hexes:
      | at     | elevation |
      | [0, 0] | 1         |
      | [0, 1] | 1         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-ENG-2

  @clause:GA-ENG-1 @ruling:derived @faq:Q93
  Scenario: An adjacent enemy Garrison Engages the unit
    Given the pieces:
      | name           | side | at     | kind     |
      | QZ-82 Sentinel | A    | [0, 0] | unit     |
      | Zeon Garrison  | B    | [0, 1] | garrison |
      | Cara's Strider | B    | [3, 0] | unit     |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle"
    Then the attack is not allowed under GA-ENG-2

  @clause:GA-ENG-3 @ruling:derived
  Scenario: An Engaged unit's area attack is allowed when it includes the Engaged enemy
    Given the pieces:
      | name               | side | at     |
      | Strider: Minelayer | B    | [0, 0] |
      | QZ-82 Sentinel     | A    | [1, 0] |
      | PK-5 Kite          | A    | [2, 0] |
    When "Strider: Minelayer" fires "Scatter Mines" at the area [1, 0], [2, 0], [2, -1] and rolls 1, 1, 1
    Then the attack is allowed
    And the targets are "QZ-82 Sentinel"; "PK-5 Kite"

  @clause:GA-ENG-3 @clause:GA-ENG-2 @ruling:derived
  Scenario: An Engaged unit's area attack that leaves out the Engaged enemy is not allowed
    Given the pieces:
      | name               | side | at      |
      | Strider: Minelayer | B    | [0, 0]  |
      | QZ-82 Sentinel     | A    | [-1, 0] |
      | PK-5 Kite          | A    | [2, 0]  |
    When "Strider: Minelayer" fires "Scatter Mines" at the area [1, 0], [2, 0], [2, -1]
    Then the attack is not allowed under GA-ENG-2

  @clause:GA-AOE-5 @clause:GA-AOE-1 @ruling:derived @faq:Q18
  Scenario: An ally inside the area is not targeted and takes no damage
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | PK-5 Kite          | A    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 5, 5
    Then the targets are "Strider: Minelayer"
    And "PK-5 Kite" is not a target
    And "PK-5 Kite" has 4 hit points

  @clause:GA-AOE-4 @clause:GA-AOE-5 @ruling:derived @faq:Q69
  Scenario: An enemy behind another enemy in the area is still targeted
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Strider: Minelayer | B    | [2, -1] |
      | Cara's Strider     | B    | [3, -1] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then the targets are "Strider: Minelayer"; "Cara's Strider"

  @clause:GA-AOE-3 @ruling:derived @faq:Q69
  Scenario: An enemy in the area but behind a hill is not targeted
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Strider: Minelayer | B    | [2, -1] |
      | Cara's Strider     | B    | [3, -1] |
    And the hexes:
      | at     | elevation |
      | [1, 0] | 2         |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then the targets are "Strider: Minelayer"
    And "Cara's Strider" is not a target

  @clause:GA-AOE-2 @ruling:derived
  Scenario: Hexes that do not match the diagram cannot be chosen
    Given the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, 0], [3, 0], [4, 0]
    Then the attack is not allowed under GA-AOE-2

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: By default a diagram may be turned but not flipped, so its mirror image cannot be chosen
    Given the pieces:
      | name           | side | at      |
      | QX-40 Bastion  | A    | [0, 0]  |
      | Cara's Strider | B    | [2, -1] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, -2], [3, -2]
    Then the attack is not allowed under GA-AOE-2
    And "Quad Bop Missile Launcher" of "QX-40 Bastion" has 6 legal placements
    And the ruling names the interpretation aoe_diagram_orientation

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: By default a diagram turned a sixth of a circle around the attacker can be chosen
    Given the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [1, 1] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [1, 1], [0, 2], [1, 2] and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the targets are "Cara's Strider"

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: Under as_printed a turned diagram cannot be chosen
    Given the interpretation aoe_diagram_orientation is as_printed
    And the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [1, 1] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [1, 1], [0, 2], [1, 2]
    Then the attack is not allowed under GA-AOE-2
    And "Quad Bop Missile Launcher" of "QX-40 Bastion" has 1 legal placements

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: Under rotate_or_mirror any diagram may also be placed as its mirror image
    Given the interpretation aoe_diagram_orientation is rotate_or_mirror
    And the pieces:
      | name           | side | at      |
      | QX-40 Bastion  | A    | [0, 0]  |
      | Cara's Strider | B    | [2, -1] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, -2], [3, -2] and rolls 1, 1, 1, 1
    Then the attack is allowed
    And "Quad Bop Missile Launcher" of "QX-40 Bastion" has 12 legal placements
    And the trace says "(one of 12 legal placements, mirrored)"

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: A diagram whose card allows a flip can be turned and flipped
    Given the pieces:
      | name               | side | at      |
      | Strider: Minelayer | B    | [0, 0]  |
      | QZ-82 Sentinel     | A    | [2, -2] |
    When "Strider: Minelayer" fires "Scatter Mines" at the area [1, -1], [2, -2], [2, -1] and rolls 1, 1, 1
    Then the attack is allowed
    And "Scatter Mines" of "Strider: Minelayer" has 12 legal placements

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: Under as_printed a diagram whose card allows a flip can be flipped but not turned
    Given the interpretation aoe_diagram_orientation is as_printed
    And the pieces:
      | name               | side | at      |
      | Strider: Minelayer | B    | [0, 0]  |
      | QZ-82 Sentinel     | A    | [2, -2] |
    When "Strider: Minelayer" fires "Scatter Mines" at the area [1, -1], [2, -2], [2, -1] and rolls 1, 1, 1
    Then the attack is allowed
    And the targets are "QZ-82 Sentinel"
    And "Scatter Mines" of "Strider: Minelayer" has 2 legal placements
    And the trace says "(one of 2 legal placements, mirrored)"

  @clause:GA-AOE-5 @clause:GA-AOE-4 @ruling:interpretation @interpretation:aoe_garrison_targets
  Scenario: By default an enemy Garrison in the area is targeted with the enemy units
    Given the pieces:
      | name           | side | at      | kind     |
      | QX-40 Bastion  | A    | [0, 0]  | unit     |
      | Cara's Strider | B    | [2, -1] | unit     |
      | Zeon Garrison  | B    | [2, 0]  | garrison |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 1, 1, 1
    Then the targets are "Cara's Strider"; "Zeon Garrison"
    And the ruling names the interpretation aoe_garrison_targets

  @clause:GA-AOE-5 @ruling:interpretation @interpretation:aoe_garrison_targets
  Scenario: Under units_only an enemy Garrison in the area is not a target
    Given the interpretation aoe_garrison_targets is units_only
    And the pieces:
      | name           | side | at      | kind     |
      | QX-40 Bastion  | A    | [0, 0]  | unit     |
      | Zeon Garrison  | B    | [2, -1] | garrison |
      | Cara's Strider | B    | [2, 0]  | unit     |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 1, 1, 1
    Then the targets are "Cara's Strider"
    And "Zeon Garrison" is not a target
    And the ruling reads the interpretation aoe_garrison_targets as units_only

  @clause:GA-AOE-5 @clause:GA-AOE-1 @ruling:derived
  Scenario: An ally in the area is spared and the enemy beside it is still targeted
    Given the pieces:
      | name           | side | at      |
      | QX-40 Bastion  | A    | [0, 0]  |
      | PK-5 Kite      | A    | [2, -1] |
      | Cara's Strider | B    | [2, 0]  |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the targets are "Cara's Strider"
    And "PK-5 Kite" is not a target

  @clause:GA-AOE-4 @clause:GA-LOS-5 @ruling:derived
  Scenario: An area of effect attack sees past its own side's Base
    Given the pieces:
      | name           | side | at     | kind      |
      | QX-40 Bastion  | A    | [0, 0] | unit      |
      | Player A Base  | A    | [1, 0] | structure |
      | Cara's Strider | B    | [2, 0] | unit      |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then the attack is allowed
    And the targets are "Cara's Strider"

  @clause:GA-AOE-5 @ruling:derived
  Scenario: The enemies in an area are its targets row by row, each row in order along it
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [1, 0]  |
      | Cara's Strider     | B    | [3, -1] |
      | QZ-82 Sentinel     | B    | [4, -1] |
      | Strider: Minelayer | B    | [3, 0]  |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [3, -1], [4, -1], [3, 0] and rolls 1, 1, 1, 1
    Then the targets are "Cara's Strider"; "QZ-82 Sentinel"; "Strider: Minelayer"

  @clause:GA-AOE-3 @ruling:derived
  Scenario: An area with no enemy in sight cannot be attacked
    Given the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | PK-5 Kite      | A    | [2, 0] |
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1]
    Then the attack is not allowed under GA-AOE-3
