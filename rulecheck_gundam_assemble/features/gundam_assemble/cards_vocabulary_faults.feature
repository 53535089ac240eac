Feature: Card vocabulary - what a card counts as its own, and who picks the dice
  Invented cards (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_conditions.yaml). "If this attack
  defeated a target" counts the targets this attack defeated: a target that another attack, made
  by a Response during this one, defeated was defeated by that attack. The Relay Frame's Crossfire
  makes such an attack After Combat Damage; Claim the Kill gives the attacker 1 Energy if this
  attack defeated a target.

  Background:
    Given the scenario "vocabulary_conditions.yaml"
    And the pieces:
      | name           | side | at     |
      | Vanguard Frame | A    | [0, 0] |
      | Relay Frame    | A    | [0, 1] |
      | Warden Frame   | B    | [2, 0] |
    And the unit states:
      | name         | hp |
      | Warden Frame | 1  |

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:derived
  Scenario: A target defeated by a Response's own attack during this attack is not one this attack defeated
    Given "Relay Frame" will use "Crossfire"
    And player A will use "Claim the Kill"
    And the nested attack dice will show 6, 6, 6
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 1, 1, 1, 1
    Then "Warden Frame" is defeated
    And "Relay Frame" attacks "Warden Frame" back with Support Rifle
    And "Vanguard Frame" has 0 Energy
    And the trace says "target_defeated is False"

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:derived
  Scenario: Under damage_step_only the Response's attack does not count either
    Given the interpretation attack_defeated_target is damage_step_only
    And "Relay Frame" will use "Crossfire"
    And player A will use "Claim the Kill"
    And the nested attack dice will show 6, 6, 6
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 1, 1, 1, 1
    Then "Warden Frame" is defeated
    And "Vanguard Frame" has 0 Energy

  @clause:GA-SEQ-11 @clause:GA-SEQ-12 @ruling:derived
  Scenario: A target the attack's own damage defeated counts
    Given player A will use "Claim the Kill"
    When "Vanguard Frame" attacks "Warden Frame" with Carbine and rolls 6, 1, 1, 1
    Then "Warden Frame" is defeated
    And "Vanguard Frame" has 1 Energy
