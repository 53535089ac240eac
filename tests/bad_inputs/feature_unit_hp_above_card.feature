# args: check --root proj
# expect: features/gundam_assemble/feature_unit_hp_above_card.feature:10: QZ-82 Sentinel.hp: 8 hit points: more than the 6 of QZ-82 Sentinel's card
# setup: feature-root gundam_assemble
Feature: a unit stated with more hit points than its card
  Scenario: a Gundam at 8 of its 6 hit points
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | QZ-82 Sentinel | 8  |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage
