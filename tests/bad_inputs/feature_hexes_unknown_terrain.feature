# args: check --root proj
# expect: features/gundam_assemble/feature_hexes_unknown_terrain.feature:14: terrain: unknown terrain 'lava'
# setup: feature-root gundam_assemble
Feature: a hexes table naming a terrain the game lacks, reported at its own row
  Scenario: the third hex is lava
    Given the board:
      """
      A  .  B
      """
    And the hexes:
      | at     | elevation | terrain |
      | [1, 0] | 0         | open    |
      | [0, 0] | 0         | water   |
      | [2, 0] | 1         | lava    |
    When "A" checks Line of Sight to "B"
    Then Line of Sight is clear
