Feature: Steps 2 and 3 - the attack pool and the to-hit threshold
  Alpha (two 2x1 bases) shoots Bravo 4 inches away, well inside half of its 24-inch range.
  Bravo's save of 7 can never be made, so only the to-hit roll matters here.

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 3     | 24    | 9       | 7    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 4.5 | 270    |

  @clause:MB-2.1 @clause:MB-2.3 @ruling:derived
  Scenario: A ranged pool is the Ranged Attack stat times the bases left, in d6
    Given "Alpha" rolls 1, 1, 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then "Alpha" rolls 4 dice

  @clause:MB-2.1 @ruling:interpretation @interpretation:close_combat_reach
  Scenario: A close combat pool uses the Melee Attack stat
    Given "Alpha" rolls 1, 1, 1, 1, 1, 1 to hit
    And "Bravo" rolls 1 to hit
    When "Alpha" fights "Bravo" in close combat
    Then "Alpha" rolls 6 dice
    And "Bravo" rolls 1 dice

  @clause:MB-2.2 @ruling:derived
  Scenario: Charge and Volley Fire bonuses add their dice to the pool
    Given "Alpha" gets 2 bonus dice from Volley Fire
    And "Alpha" gets 1 bonus dice from Charge
    And "Alpha" rolls 1, 1, 1, 1, 1, 1, 1 to hit
    When "Alpha" shoots "Bravo"
    Then "Alpha" rolls 7 dice

  @clause:MB-3.1 @ruling:derived
  Scenario: Unmodified, a 4 hits and a 3 misses
    Given "Alpha" rolls 3, 4, 5, 6 to hit
    And "Bravo" rolls 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
    And "Alpha" scores 3 hits

  @clause:MB-3.2 @ruling:interpretation @interpretation:unstated_modifier_sizes @assumed:cover_modifier
  Scenario: Cover raises the threshold by one, so a 4 no longer hits
    Given "Bravo" is in cover
    And "Alpha" rolls 4, 4, 5, 5 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 5+ to hit
    And "Alpha" scores 2 hits

  @clause:MB-3.2 @ruling:interpretation @interpretation:long_range @interpretation:unstated_modifier_sizes @assumed:long_range_fraction @assumed:long_range_modifier
  Scenario: Half an inch beyond half range the threshold rises by one
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit    | base | shape    | x | y    | facing |
      | Charlie | c1   | rect 2x1 | 3 | 13.5 | 270    |
    And "Alpha" rolls 4, 4, 5, 5 to hit
    And "Charlie" rolls 1, 1 to save
    When "Alpha" shoots "Charlie"
    Then the range measured is 12.5 inches from a2 to c1
    And "Alpha" needs 5+ to hit

  @clause:MB-3.2 @ruling:interpretation @assumed:long_range_fraction
  Scenario: At exactly half range there is no range modifier
    Given the multibase units:
      | unit    | faction | ranged | melee | range | courage | save | wounds |
      | Charlie | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit    | base | shape    | x | y    | facing |
      | Charlie | c1   | rect 2x1 | 3 | 13   | 270    |
    And "Alpha" rolls 4, 4, 5, 5 to hit
    And "Charlie" rolls 1, 1, 1, 1 to save
    When "Alpha" shoots "Charlie"
    Then the range measured is 12 inches from a2 to c1
    And "Alpha" needs 4+ to hit

  @clause:MB-3.2 @ruling:interpretation @interpretation:status_modifier @interpretation:unstated_modifier_sizes @assumed:shaken_attacker_modifier
  Scenario: A Shaken attacker needs one more to hit
    Given the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Jumpy  | Red     | 1      | 1     | 24    | 9       | 7    | 9      | yes    |
    And the multibase bases:
      | unit  | base | shape    | x  | y | facing |
      | Jumpy | j1   | rect 2x1 | -2 | 0 | 90     |
    And "Jumpy" rolls 4 to hit
    When "Jumpy" shoots "Bravo"
    Then "Jumpy" needs 5+ to hit
    And "Jumpy" scores 0 hits

  @clause:MB-3.2 @ruling:interpretation @interpretation:status_modifier
  Scenario: As the book is read, a Shaken target is hit on the plain 4+
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Dazed | Blue    | 1      | 1     | 24    | 9       | 7    | 9      | yes    |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Dazed | d1   | rect 2x1 | 3 | 4.5 | 270    |
    And "Alpha" rolls 3, 3, 4, 2 to hit
    And "Dazed" rolls 1 to save
    When "Alpha" shoots "Dazed"
    Then "Alpha" needs 4+ to hit
    And "Alpha" scores 1 hits

  @clause:MB-3.2 @ruling:interpretation @interpretation:status_modifier @interpretation:unstated_modifier_sizes @assumed:shaken_target_modifier
  Scenario: When the target's status counts, a Shaken target is hit on 3+
    Given the interpretation status_modifier is target_shaken
    And the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Dazed | Blue    | 1      | 1     | 24    | 9       | 7    | 9      | yes    |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Dazed | d1   | rect 2x1 | 3 | 4.5 | 270    |
    And "Alpha" rolls 3, 3, 4, 2 to hit
    And "Dazed" rolls 1, 1, 1 to save
    When "Alpha" shoots "Dazed"
    Then "Alpha" needs 3+ to hit
    And "Alpha" scores 3 hits

  @clause:MB-3.2 @ruling:interpretation @interpretation:status_modifier
  Scenario: When the target's status counts, a Shaken attacker still needs only 4+
    Given the interpretation status_modifier is target_shaken
    And the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds | shaken |
      | Jumpy  | Red     | 1      | 1     | 24    | 9       | 7    | 9      | yes    |
    And the multibase bases:
      | unit  | base | shape    | x  | y | facing |
      | Jumpy | j1   | rect 2x1 | -2 | 0 | 90     |
    And "Jumpy" rolls 4 to hit
    And "Bravo" rolls 1 to save
    When "Jumpy" shoots "Bravo"
    Then "Jumpy" needs 4+ to hit
    And "Jumpy" scores 1 hits

  @clause:MB-3.2 @ruling:derived
  Scenario: A -1 modifier moves the threshold to 3+, so threes hit
    Given "Alpha" has a threshold modifier of -1 from Marksman
    And "Alpha" rolls 2, 3, 3, 6 to hit
    And "Bravo" rolls 1, 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 3+ to hit
    And the threshold modifier from Marksman is -1
    And "Alpha" scores 3 hits

  @clause:MB-3.3 @ruling:derived
  Scenario: A threshold pushed to 7+ stops at 6+, so sixes still hit
    Given "Alpha" has a threshold modifier of 3 from Smoke
    And "Alpha" rolls 5, 6, 6, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 6+ to hit
    And the threshold was clamped from 7+
    And "Alpha" scores 2 hits

  @clause:MB-3.3 @ruling:derived
  Scenario: A threshold of exactly 6+ is left alone
    Given "Alpha" has a threshold modifier of 2 from Smoke
    And "Alpha" rolls 5, 6, 6, 1 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 6+ to hit
    And the threshold was not clamped

  @clause:MB-3.3 @ruling:derived
  Scenario: A threshold pulled to 1+ stops at 2+, so ones still miss
    Given "Alpha" has a threshold modifier of -3 from Marksman and Aimed Volley
    And "Alpha" rolls 1, 2, 1, 6 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 2+ to hit
    And the threshold was clamped from 1+
    And "Alpha" scores 2 hits

  @clause:MB-3.3 @ruling:derived
  Scenario: A threshold of exactly 2+ is left alone
    Given "Alpha" has a threshold modifier of -2 from Marksman
    And "Alpha" rolls 1, 2, 1, 6 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 2+ to hit
    And the threshold was not clamped

  @clause:MB-3.2 @clause:MB-1.2 @ruling:interpretation @interpretation:long_range @interpretation:unstated_modifier_sizes @assumed:long_range_modifier
  Scenario: A unit with a one-inch range shooting three quarters of an inch away is at long range
    Given the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds |
      | Pistol | Red     | 1      | 1     | 1     | 9       | 7    | 9      |
    And the multibase bases:
      | unit   | base | shape    | x | y    | facing |
      | Pistol | p1   | rect 2x1 | 0 | 2.75 | 90     |
    And "Pistol" rolls 5 to hit
    And "Bravo" rolls 1 to save
    When "Pistol" shoots "Bravo"
    Then the range measured is 0.75 inches from p1 to b1
    And "Pistol" needs 5+ to hit

  @clause:MB-3.2 @clause:MB-1.2 @ruling:interpretation @assumed:long_range_fraction
  Scenario: A target exactly half range away on a slant is not at long range, whatever the last digit of the measurement
    The centres are 3 inches apart along a 3-4-5 slant, so the bases are 2 inches apart: exactly half
    of the 4-inch range. Floating point puts the measurement a hair past 2 inches; a hair is no
    distance, so there is no long-range modifier.
    Given the multibase units:
      | unit   | faction | ranged | melee | range | courage | save | wounds |
      | Lancer | Red     | 1      | 1     | 4     | 9       | 7    | 9      |
      | Dart   | Blue    | 1      | 1     | 4     | 9       | 7    | 9      |
    And the multibase bases:
      | unit   | base | shape      | x    | y   | facing |
      | Lancer | l1   | round 0.5  | 7    | 2   | 90     |
      | Dart   | d1   | round 0.5  | 8.8  | 4.4 | 270    |
    And "Lancer" rolls 4 to hit
    And "Dart" rolls 1 to save
    When "Lancer" shoots "Dart"
    Then the range measured is 2 inches from l1 to d1
    And "Lancer" needs 4+ to hit
    And "Lancer" scores 1 hits
