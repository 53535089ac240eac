Feature: The named scenario files resolve as their descriptions say

  @clause:MB-2.2 @clause:MB-3.2 @clause:MB-6.2 @ruling:interpretation @interpretation:unstated_modifier_sizes @interpretation:coherency_measure @assumed:coherency_distance @assumed:cover_modifier
  Scenario: The volley at the screen in cover removes two bases with the wound already on it
    Given the multibase scenario "ranged_volley"
    When the scenario's attack is resolved
    Then "Alpha" rolls 7 dice
    And "Alpha" needs 5+ to hit
    And "Bravo" has a Shaken token
    And "Bravo" lost b3, b4
    And "Bravo" carries 0 residual wounds

  @clause:MB-0 @clause:MB-4.4 @ruling:derived
  Scenario: The charge leaves both units Shaken and the charger carrying a wound
    Given the multibase scenario "close_combat_charge"
    When the scenario's attack is resolved
    Then both Shaken checks come before the first save roll
    And "Hammer" has a Shaken token
    And "Anvil" has a Shaken token
    And "Anvil" lost n2, n3
    And "Hammer" carries 1 residual wounds
