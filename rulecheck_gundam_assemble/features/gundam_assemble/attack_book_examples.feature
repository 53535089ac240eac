Feature: Attacks, the rulebook's worked examples
  Each scenario rebuilds one attack example of the chapter "Attacking" from a scenario file under
  rulecheck_gundam_assemble/scenarios/gundam_assemble/ (the same file `rulecheck explain` prints). Unit numbers are test data.

  @clause:GA-ROLL-3 @clause:GA-ROLL-4 @clause:GA-ELEV-1 @clause:GA-AOE-5 @ruling:derived @example:guntank-quad-bop
  Scenario: The Quad Bop attack is one roll whose hits are counted separately for each target
    Given the scenario "attack_guntank_quad_bop.yaml"
    And the attacking player chooses "Cara's Strider" for the critical hit effect
    When the attack in the scenario file is resolved
    Then the targets are "Cara's Strider"; "Strider: Minelayer"
    And the attack rolls 4 dice
    And the Accuracy against "Cara's Strider" is -1
    And the Accuracy against "Strider: Minelayer" is 0
    And "Cara's Strider" takes 2 hits
    And "Strider: Minelayer" takes 3 hits

  @clause:GA-ROLL-6 @clause:GA-SEQ-9 @ruling:interpretation @example:guntank-quad-bop @interpretation:aoe_crit_effect_scope
  Scenario: The Quad Bop attack deals each target its own damage at the same time
    Given the scenario "attack_guntank_quad_bop.yaml"
    When the attack in the scenario file is resolved
    Then "Cara's Strider" takes 3 damage
    And "Strider: Minelayer" takes 4 damage
    And "Strider: Minelayer" is defeated
    And "Cara's Strider" has 2 hit points
    And the ruling cites GA-ROLL-6

  @clause:GA-ROLL-5 @ruling:derived @example:guntank-tactics-strength
  Scenario: A +2 Strength card that only one target qualifies for adds two dice against every target
    Given the scenario "attack_guntank_uphill_barrage.yaml"
    And the attacking player chooses "Cara's Strider" for the critical hit effect
    When the attack in the scenario file is resolved
    Then the attack rolls 6 dice
    And "Cara's Strider" takes 3 hits
    And "Strider: Minelayer" takes 4 hits
    And the ruling cites GA-ROLL-5

  @clause:GA-ROLL-5 @ruling:derived @example:guntank-tactics-strength
  Scenario: The +2 Strength card adds nothing when no target stands higher
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Strider: Minelayer | B    | [2, 0]  |
    And player A will use "Uphill Barrage"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 5, 5
    Then the attack rolls 4 dice

  @clause:GA-ELEV-1 @clause:GA-ELEV-2 @clause:GA-ELEV-3 @ruling:derived @example:char-elevation-water
  Scenario: High ground and a target in water cancel out, so a 3 still misses and a 4 still hits
    Given the scenario "attack_char_elevation_water.yaml"
    When the attack in the scenario file is resolved
    Then the Accuracy against "QX-40 Bastion" is 0
    And "QX-40 Bastion" takes 2 hits
    And the ruling cites GA-ELEV-2

  @clause:GA-LOS-9 @clause:GA-WR-1 @ruling:interpretation @example:oggo-artillery-support @interpretation:non_combat_damage_mitigation
  Scenario: Artillery Support damages the attacked Gundam because the Crab sees the Sentinel, though not its ally
    Given the scenario "attack_oggo_artillery_support.yaml"
    When the attack in the scenario file is resolved
    Then the ruling cites GA-LOS-9
    And "QZ-82 Sentinel" takes 1 damage
    And "QZ-82 Sentinel" has 4 hit points

  @clause:GA-LOS-9 @clause:GA-WR-1 @ruling:derived @example:oggo-artillery-support
  Scenario: Artillery Support cannot reach an attacked enemy the Crab cannot see
    Given the board:
      """
      .  .  .  .  .  .
        O  .  .  .  .  .
      .  3  .  .  .  .
        .  .  G  .  .  .
      .  .  Z  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | O    | ML-07C Crab    | A    |
      | Z    | Cara's Strider | A    |
      | G    | QZ-82 Sentinel | B    |
    And "ML-07C Crab" will use "Artillery Support"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 2, 2, 2, 2
    Then "ML-07C Crab" cannot use "Artillery Support"
    And "QZ-82 Sentinel" has 6 hit points

  @clause:GA-WR-2 @ruling:interpretation @example:oggo-artillery-support @interpretation:non_combat_damage_mitigation
  Scenario: An ability "within x hexes" reaches the attacked enemy without Line of Sight
    Given the board:
      """
      .  .  .  .  .  .
        O  .  .  .  .  .
      .  3  .  .  .  .
        .  .  G  .  .  .
      .  .  Z  .  .  .
      """
    And the pieces:
      | mark | name           | side |
      | O    | ML-07C Crab    | A    |
      | Z    | Cara's Strider | A    |
      | G    | QZ-82 Sentinel | B    |
    And "ML-07C Crab" will use "Spotter Link"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 2, 2, 2, 2
    Then "QZ-82 Sentinel" has 5 hit points
    And the ruling cites GA-WR-2

  @clause:GA-AOE-1 @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation
  Scenario: A diagram of two hexes beside the attacker is a legal area, turned six ways
    Given an area weapon whose diagram covers [1, 0], [0, 1]
    Then the diagram can be placed 6 ways around the attacker

  @clause:GA-AOE-1 @ruling:derived
  Scenario: A diagram that covers the attacker's own hex is refused: the pattern lists the hexes it affects around the attacker
    Given an area weapon whose diagram covers [0, 0], [2, -1]
    Then the diagram is refused: an area pattern lists the affected hexes; the attacker's own hex (0, 0) is not one

  @clause:GA-AOE-2 @ruling:interpretation @interpretation:aoe_diagram_orientation @example:guntank-quad-bop-diagram
  Scenario: By default the Quad Bop diagram can be turned six ways but not flipped
    Given the pieces:
      | name          | side | at     |
      | QX-40 Bastion | A    | [0, 0] |
    Then "Quad Bop Missile Launcher" of "QX-40 Bastion" has 6 legal placements
