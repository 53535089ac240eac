Feature: Card vocabulary - Timeline cost changes, durations and conditions on the result
  Effects may last beyond the attack they were used in: "this turn" or "until the end of the
  activation". Conditions may look at the result: "if it defeated an enemy this turn". The cards
  are invented test data (rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml). Cara's Strider's Zaku Machine
  Gun costs 3 Timeline and rolls 4 dice; the Kite reduces combat damage by 1.

  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name           | shields | activating |
      | QZ-82 Sentinel | 0       |            |
      | Cara's Strider |         | yes        |

  @clause:GA-WPN-1 @clause:GA-SEQ-3 @ruling:derived
  Scenario: "This turn its attacks cost 1 less" lowers every attack of the turn, and not the next turn's
    Given player A will use "Rapid Deployment"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 2
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 4
    When the turn ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 7

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: By default a "this turn" effect outlasts the end of an activation
    Given player A will use "Rapid Deployment"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    And the activation ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 4
    And the ruling names the interpretation card_turn_duration
    And the trace says "1 lasting effect stay"

  @clause:GA-WPN-1 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: Under activation_end a "this turn" effect ends with the activation
    Given the interpretation card_turn_duration is activation_end
    And player A will use "Rapid Deployment"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    And the activation ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 5

  @clause:GA-WPN-1 @clause:GA-SEQ-3 @ruling:interpretation @interpretation:tl_cost_floor @faq:Q17
  Scenario: A lasting cost cut below zero stops at zero by default
    Given player A will use "Total Overclock"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 0
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 0
    And the ruling names the interpretation tl_cost_floor

  @clause:GA-WPN-1 @clause:GA-SEQ-3 @ruling:interpretation @interpretation:tl_cost_floor @faq:Q17
  Scenario: Under the "one" floor the same lasting cut leaves each attack costing 1
    Given the interpretation tl_cost_floor is one
    And player A will use "Total Overclock"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider"'s Timeline token is on space 2

  @clause:GA-ROLL-1 @clause:GA-DEF-1 @ruling:derived
  Scenario: "If it defeated an enemy this turn" holds on the attack after a defeat
    Given the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "PK-5 Kite" is defeated
    When player A will use "Momentum"
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 5, 1, 1, 1
    Then the attack rolls 6 dice

  @clause:GA-ROLL-1 @ruling:derived
  Scenario: Without a defeat this turn the condition fails and the card is not used
    Given player A will use "Momentum"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then the attack rolls 4 dice
    And the trace says "defeated_enemy_this_turn is False"

  @clause:GA-ROLL-1 @ruling:derived
  Scenario: A defeat from an earlier turn does not count
    Given the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    And the turn ends
    And player A will use "Momentum"
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-ROLL-1 @clause:GA-DEF-7 @ruling:derived
  Scenario: "+1 Strength until the end of the activation" applies to each attack of the activation only
    Given player A will use "Adrenaline Surge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
    When the activation ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice
    And the trace says "the activation ends: player A's Adrenaline Surge on Cara's Strider expires"
    And the trace does not say "lasting effects stay"

  @clause:GA-ROLL-1 @clause:GA-DEF-7 @ruling:derived
  Scenario: "+1 Strength until the end of the activation" ends at the latest with the turn
    Given player A will use "Adrenaline Surge"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    And the turn ends
    And "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-WPN-1 @clause:GA-SEQ-3 @ruling:derived
  Scenario: The same card in a scenario file: attacks one after another, then the turn ends
    Given the scenario "attacks_rapid_deployment_turn.yaml"
    When the attacks in the scenario file are resolved one after another
    Then "Cara's Strider"'s Timeline token is on space 7
    And "QZ-82 Sentinel" has 3 hit points
    And the trace says "the turn ends: player A's Rapid Deployment on Cara's Strider expires"
