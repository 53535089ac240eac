Feature: Rule overlays applied to one scenario
  A scenario can run under one of the bundled example overlays (rulecheck_gundam_assemble/engine/overlays/),
  the way an OpenFisca test applies a reform. The book's ruling stays pinned down by its own
  scenario; these show what the overlay overturns. The overlays are examples, not official errata.

  Background:
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |

  @clause:GA-HIT-3 @clause:GA-HIT-2 @ruling:derived
  Scenario: Under the natural-one errata a 1 with +5 Accuracy hits
    Given the house rule "natural_one_can_hit"
    And player A will use "Deadeye"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then "Cara's Strider" takes 4 hits

  @clause:GA-HIT-3 @ruling:derived
  Scenario: Under the natural-one errata a 1 without Accuracy still misses on the threshold
    Given the house rule "natural_one_can_hit"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 1, 1, 1, 1
    Then "Cara's Strider" takes 0 hits

  @clause:GA-HIT-4 @clause:GA-CRIT-2 @ruling:derived
  Scenario: Under the crits-on-ten house rule a natural 9 is an ordinary hit
    Given the house rule "crits_on_ten_only"
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 9, 1, 1, 1
    Then "Cara's Strider" takes 1 hit
    And the critical hit effect does not trigger
    And "Cara's Strider" takes 1 damage
