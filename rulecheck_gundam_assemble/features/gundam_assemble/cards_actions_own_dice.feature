Feature: Card vocabulary - an ability that rolls dice of its own
  A roll_dice effect rolls its own attack dice (the ten-sided die of GA-ROLL-1) and applies its
  effects once for each die at or above a face, or once if any is. Its faces are scripted like the
  attack's, as the card dice, in the order the cards roll. The cards are invented test data
  (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml).

  Background:
    Given the scenario "actions_scatter_charges.yaml"

  @clause:GA-SEQ-12 @clause:GA-ROLL-1 @clause:GA-DMG-3 @ruling:derived
  Scenario: Each of the card's own dice at 7 or more deals one damage
    When the attack in the scenario file is resolved
    Then "Hypothetical Drone" has 3 hit points
    And the trace says "rolls 2 dice of its own: [8, 3]; 1 die at 7 or more, so its effects apply once"

  @clause:GA-SEQ-12 @clause:GA-ROLL-1 @ruling:derived
  Scenario: Two dice of 7 or more deal two damage
    Given "Hypothetical Rammer" will use "Scatter Charges"
    And the card dice will show 7, 10
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" has 2 hit points

  @clause:GA-SEQ-12 @clause:GA-ROLL-1 @ruling:derived
  Scenario: A die one short of the face does not count
    Given "Hypothetical Rammer" will use "Scatter Charges"
    And the card dice will show 6, 6
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then "Hypothetical Drone" has 4 hit points
    And the trace says "so its effects apply not at all"

  @clause:GA-SEQ-4 @clause:GA-ROLL-1 @ruling:derived
  Scenario: A card's own roll before the attack roll can add a die to the attack
    Given "Hypothetical Rammer" will use "Lucky Break"
    And the card dice will show 6
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-SEQ-4 @clause:GA-ROLL-1 @ruling:derived
  Scenario: Once if any die counts: the card adds one Strength however its die falls above the face
    Given "Hypothetical Rammer" will use "Lucky Break"
    And the card dice will show 5
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then the attack rolls 3 dice

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card's roll with no die scripted for it fails naming the card dice
    Given "Hypothetical Rammer" will use "Scatter Charges"
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "the card roll needs 2 d10"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card die no card rolled fails, as an unused attack die does
    Given the card dice will show 8
    When "Hypothetical Rammer" attacks "Hypothetical Drone" with Long Rifle and rolls 5, 5, 1
    Then resolving fails because "scripted dice left unused (card: [8])"
