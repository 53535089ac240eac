Feature: Attack dice - hits, misses, critical hits and Accuracy
  The QZ-82 Sentinel's Beam Rifle rolls 4 dice (Strength 4, test data) at Cara's Strider two hexes
  away; faces are scripted. A 1 on the other dice keeps them out of the way (it always misses).

  Background:
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |

  @clause:GA-HIT-1 @ruling:derived @faq:Q71
  Scenario: A 4 hits with no Accuracy modifier
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 1, 1, 1
    Then "Cara's Strider" takes 1 hit

  @clause:GA-HIT-1 @ruling:derived
  Scenario: A 3 misses with no Accuracy modifier
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 3, 1, 1, 1
    Then "Cara's Strider" takes 0 hits

  @clause:GA-HIT-2 @ruling:derived
  Scenario: A 3 with +1 Accuracy hits
    Given player A will use "Steady Aim"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 3, 1, 1, 1
    Then "Cara's Strider" takes 1 hit

  @clause:GA-HIT-2 @ruling:derived
  Scenario: A 4 with -1 Accuracy misses
    Given player B will use "Shaky Footing"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 1, 1, 1
    Then "Cara's Strider" takes 0 hits

  @clause:GA-HIT-3 @ruling:derived
  Scenario: A 1 misses even with +5 Accuracy
    Given player A will use "Deadeye"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then "Cara's Strider" takes 0 hits

  @clause:GA-HIT-5 @clause:GA-CRIT-4 @ruling:derived @faq:Q81
  Scenario: An 8 with +1 Accuracy is a hit but not a critical hit
    Given player A will use "Steady Aim"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 8, 1, 1, 1
    Then "Cara's Strider" takes 1 hit
    And the critical hit effect does not trigger

  @clause:GA-HIT-4 @clause:GA-CRIT-2 @ruling:derived @faq:Q81
  Scenario: A natural 9 is a critical hit and triggers the weapon's critical hit effect
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 9, 1, 1, 1
    Then "Cara's Strider" takes 1 hit
    And the critical hit effect triggers once
    And "Cara's Strider" takes 2 damage

  @clause:GA-CRIT-2 @clause:GA-SEQ-7 @ruling:interpretation @interpretation:disarm_effect @faq:Q86
  Scenario: With one target the critical effect reaches it: the ruling rests on the Disarm reading alone, not on which of several targets a critical effect reaches
    Given the unit states:
      | name           | status |
      | QZ-82 Sentinel | Disarm |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 9, 9, 1, 1
    Then the dice are 9, 1, 1
    And the critical hit effect triggers once
    And the ruling names exactly the interpretations disarm_effect

  @clause:GA-CRIT-1 @ruling:derived
  Scenario: A 10 hits a higher target even at -2 Accuracy
    Given the hexes:
      | at     | elevation |
      | [2, 0] | 1         |
    And player B will use "Shaky Footing"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 10, 4, 5, 1
    Then the Accuracy against "Cara's Strider" is -2
    And "Cara's Strider" takes 1 hit

  @clause:GA-ELEV-1 @ruling:derived
  Scenario: Attacking a lower target gives +1 Accuracy
    Given the hexes:
      | at     | elevation |
      | [0, 0] | 1         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 3, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is 1
    And "Cara's Strider" takes 1 hit

  @clause:GA-ELEV-1 @ruling:derived
  Scenario: Attacking a higher target gives -1 Accuracy
    Given the hexes:
      | at     | elevation |
      | [2, 0] | 1         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is -1
    And "Cara's Strider" takes 0 hits

  @clause:GA-ELEV-1 @ruling:derived
  Scenario: Targets at the same elevation give no elevation modifier
    Given the hexes:
      | at     | elevation |
      | [0, 0] | 2         |
      | [1, 0] | 2         |
      | [2, 0] | 2         |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is 0

  @clause:GA-ELEV-2 @ruling:derived
  Scenario: A target in water gives -1 Accuracy
    Given the hexes:
      | at     | terrain |
      | [2, 0] | water   |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 4, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is -1
    And "Cara's Strider" takes 0 hits

  @clause:GA-ELEV-3 @ruling:derived
  Scenario: Elevation, water and a card's Accuracy add together
    Given the hexes:
      | at     | elevation | terrain |
      | [2, 0] | 1         | water   |
    And player B will use "Shaky Footing"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 7, 6, 1, 1
    Then the Accuracy against "Cara's Strider" is -3
    And "Cara's Strider" takes 1 hit

  @clause:GA-WPN-3 @clause:GA-ROLL-1 @ruling:derived @faq:Q124 @faq:Q71
  Scenario: A weapon's Strength is the number of attack dice rolled
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 5, 5, 5
    Then the attack rolls 4 dice
    And "Cara's Strider" takes 4 hits

  @clause:GA-ROLL-1 @ruling:derived @faq:Q124
  Scenario: An ability's +2 Strength adds two dice to the roll
    Given the hexes:
      | at     | elevation |
      | [2, 0] | 1         |
    And player A will use "Uphill Barrage"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 5, 5, 5, 5, 5
    Then the attack rolls 6 dice

  @clause:GA-ROLL-1 @clause:GA-ROLL-5 @ruling:derived
  Scenario: "+2 Strength against a higher enemy" compares the two units' own elevations, both raised
    Given the hexes:
      | at     | elevation |
      | [0, 0] | 2         |
      | [2, 0] | 1         |
    And player A will use "Uphill Barrage"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 5, 5, 5
    Then the attack rolls 4 dice

  @clause:GA-CRIT-2 @clause:GA-CRIT-3 @ruling:derived
  Scenario: With the rulebook number set to 2 triggers an attack, three critical hits make one full set for a two-crit effect
    Given the parameter crit_effect_triggers_per_attack is 2
    And the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [3, 0] |
    When "QX-40 Bastion" attacks "Cara's Strider" with "180mm Cannon" and rolls 9, 9, 9
    Then the critical hit effect triggers once

  @clause:GA-WPN-4 @ruling:derived
  Scenario: A weapon effect applies to every attack made with the weapon
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [1, 0] |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Saber" and rolls 3, 3, 1, 1, 1
    Then the Accuracy against "Cara's Strider" is 1
    And "Cara's Strider" takes 2 hits

  @clause:GA-CRIT-3 @ruling:derived @faq:Q81
  Scenario: Two critical hits trigger the critical hit effect only once
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 9, 10, 1, 1
    Then the critical hit effect triggers once
    And "Cara's Strider" takes 3 damage

  @clause:GA-CRIT-3 @ruling:derived
  Scenario: An effect that says it repeats triggers for every critical hit
    Given the pieces:
      | name           | side | at     |
      | PK-5 Kite      | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    When "PK-5 Kite" attacks "Cara's Strider" with "Beam Spray Gun" and rolls 9, 10, 1
    Then the critical hit effect triggers 2 times
    And "Cara's Strider" takes 4 damage

  @clause:GA-CRIT-2 @ruling:derived
  Scenario: An effect that needs two critical hits does not trigger on one
    Given the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [3, 0] |
    When "QX-40 Bastion" attacks "Cara's Strider" with "180mm Cannon" and rolls 9, 5, 1
    Then the critical hit effect does not trigger
    And "Cara's Strider" takes 2 damage

  @clause:GA-CRIT-2 @ruling:derived
  Scenario: An effect that needs two critical hits triggers on two
    Given the pieces:
      | name           | side | at     |
      | QX-40 Bastion  | A    | [0, 0] |
      | Cara's Strider | B    | [3, 0] |
    When "QX-40 Bastion" attacks "Cara's Strider" with "180mm Cannon" and rolls 9, 10, 1
    Then the critical hit effect triggers once
    And "Cara's Strider" takes 4 damage

  @clause:GA-CRIT-3 @ruling:derived @faq:Q13
  Scenario: A critical hit on an additional die rolled after the roll does not trigger the effect again
    Given player A will use "Second Salvo"
    And the additional dice will show 10
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 9, 1, 1, 1
    Then the dice are 9, 1, 1, 1, 10
    And the critical hit effect triggers once
    And "Cara's Strider" takes 3 damage

  @clause:GA-CRIT-3 @ruling:derived @faq:Q13
  Scenario: Additional dice from a critical hit effect cannot retrigger that effect
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [3, 0] |
    And the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    And the additional dice will show 10
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Bazooka" and rolls 9, 1, 1
    Then the critical hit effect triggers once
    And "QZ-82 Sentinel" takes 2 hits

  @clause:GA-ROLL-1 @clause:GA-SEQ-6 @ruling:derived
  Scenario: A reroll after the roll replaces the lowest die before hits are counted
    Given player A will use "Recalibrate"
    And the rerolled dice will show 6
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 2, 5, 5, 5
    Then the dice are 6, 5, 5, 5
    And "Cara's Strider" takes 4 hits

  @clause:GA-ROLL-1 @ruling:derived
  Scenario: Attack dice are ten-sided, so a scripted 11 is no face of one
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 11, 4, 1, 1
    Then resolving fails because "scripted face 11 is not on a d10"
