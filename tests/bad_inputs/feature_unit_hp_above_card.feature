# args: check --root proj
# expect: features/gundam_assemble/feature_unit_hp_above_card.feature:10: AX-12 Sentinel.hp: 8 hit points: more than the 6 of AX-12 Sentinel's card
# setup: feature-root gundam_assemble
Feature: a unit stated with more hit points than its card
  Scenario: a Gundam at 8 of its 6 hit points
    Given the pieces:
      | name           | side | at     |
      | Mara's Strider | A    | [0, 0] |
      | AX-12 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | hp |
      | AX-12 Sentinel | 8  |
    When "Mara's Strider" attacks "AX-12 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "AX-12 Sentinel" takes 2 damage
