# args: check --root proj
# expect: feature_table_missing_column.feature:10: no column 'name' in the table (expected columns: name, side, and mark or at; optional: kind, elevation)
# setup: feature-root gundam_assemble
Feature: a pieces table whose columns are not the ones the step reads
  Scenario: a unit with hit points but no name
    Given the board:
      """
      .  .  .
      """
    And the pieces:
      | unit | hp |
      | Zaku | 3  |
    When "Zaku" checks Line of Sight to "Zaku"
    Then Line of Sight is clear
