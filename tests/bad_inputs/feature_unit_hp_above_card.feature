# args: check --root proj
# expect: features/gundam_assemble/feature_unit_hp_above_card.feature:10: RX-78-2 Gundam.hp: 8 hit points: more than the 6 of RX-78-2 Gundam's card
# setup: feature-root gundam_assemble
Feature: a unit stated with more hit points than its card
  Scenario: a Gundam at 8 of its 6 hit points
    Given the pieces:
      | name           | side | at     |
      | Char's Zaku II | A    | [0, 0] |
      | RX-78-2 Gundam | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | RX-78-2 Gundam | 8  |
    When "Char's Zaku II" attacks "RX-78-2 Gundam" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "RX-78-2 Gundam" takes 2 damage
