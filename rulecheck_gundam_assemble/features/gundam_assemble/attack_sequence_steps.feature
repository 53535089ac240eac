Feature: The declared attack, its roll and its critical hit effect, step by step
  The Sentinel's Beam Rifle (Strength 4, critical effect Damage+1) and the Bastion's Quad Bop
  Missile Launcher (an area of effect, critical effect Damage+1); the numbers are test data.

  Background:
    Given the pieces:
      | name               | side | at      |
      | QZ-82 Sentinel     | A    | [0, 0]  |
      | QX-40 Bastion      | A    | [0, 1]  |
      | Cara's Strider     | B    | [2, 0]  |
      | Strider: Minelayer | B    | [2, 1]  |

  @clause:GA-DECL-1 @clause:GA-SEQ-1 @ruling:derived
  Scenario: An attack must name its target: a single-target weapon aimed at hexes is no attack
    When "QZ-82 Sentinel" fires "Beam Rifle" at the area [2, 0] and rolls 4, 1, 1, 1
    Then resolving fails because "a weapon with a numeric range needs a 'target'"

  @clause:GA-DECL-1 @clause:GA-WPN-1 @ruling:derived
  Scenario: An attack must name a weapon the attacker carries
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Heat Hawk" and rolls 4, 1, 1, 1
    Then resolving fails because "QZ-82 Sentinel has no weapon 'Heat Hawk'"

  @clause:GA-SEQ-5 @clause:GA-ROLL-2 @ruling:derived
  Scenario: All the attack dice are rolled at once, after the Before Attack Roll window
    Given player A will use "Steady Aim"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 3, 3, 3, 1
    Then the attack rolls 4 dice
    And the dice are 3, 3, 3, 1
    And "Cara's Strider" takes 3 hits

  @clause:GA-ROLL-1 @clause:GA-ROLL-2 @ruling:derived
  Scenario: A Before Attack Roll Strength bonus joins the one roll of every attack die
    Given player A will use "Tempo Strike"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 4, 4, 4, 1
    Then the attack rolls 5 dice
    And the dice are 4, 4, 4, 4, 1
    And "Cara's Strider" takes 4 hits

  @clause:GA-WPN-5 @clause:GA-SEQ-8 @ruling:derived
  Scenario: The weapon's critical hit effect resolves after the roll and before damage
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 10, 1, 1, 1
    Then the critical hit effect triggers once
    And the ruling cites GA-SEQ-8
    And "Cara's Strider" takes 2 damage

  @clause:GA-WPN-5 @clause:GA-CRIT-2 @ruling:derived
  Scenario: Without a 9 or 10 the weapon's critical hit effect never resolves
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 8, 8, 8, 8
    Then the critical hit effect does not trigger
    And "Cara's Strider" takes 4 damage

  @clause:GA-CRIT-2 @clause:GA-ROLL-3 @ruling:interpretation @interpretation:aoe_crit_effect_scope
  Scenario: In an area attack the critical hit's Damage+1 reaches every target by default
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, 0], [2, 1], [3, 0] and rolls 9, 1, 1, 1
    Then "Cara's Strider" takes 2 damage
    And "Strider: Minelayer" takes 2 damage
    And the ruling names the interpretation aoe_crit_effect_scope

  @clause:GA-CRIT-2 @clause:GA-ROLL-3 @ruling:interpretation @interpretation:aoe_crit_effect_scope
  Scenario: In an area attack the critical hit's Damage+1 reaches only the chosen target under that reading
    Given the interpretation aoe_crit_effect_scope is chosen_target
    And the attacking player chooses "Strider: Minelayer" for the critical hit effect
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, 0], [2, 1], [3, 0] and rolls 9, 1, 1, 1
    Then "Cara's Strider" takes 1 damage
    And "Strider: Minelayer" takes 2 damage
