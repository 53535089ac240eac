# args: check --root proj
# expect: features/gundam_assemble/feature_pieces_unknown_kind.feature:13: kind: unknown kind 'tank'
# setup: feature-root gundam_assemble
Feature: a pieces table naming a kind of piece the game lacks, reported at its own row
  Scenario: the second piece is of no known kind
    Given the board:
      """
      .  .  .
      """
    And the pieces:
      | name | side | at     | kind |
      | Zaku | A    | [0, 0] | unit |
      | Tank | B    | [2, 0] | tank |
    When "Zaku" checks Line of Sight to "Tank"
    Then Line of Sight is clear
