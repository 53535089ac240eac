Feature: A player-made card library, written from the card guide alone and resolved against results computed by hand
  Seventeen cards a player-made library might print, in every window of an attack, written in the
  card format from docs/cards.md alone (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/community_library.yaml,
  each card's printed text beside it). Each scenario's numbers were worked out by hand from the
  chapter before the engine ran: a hit is a 4 or more after Accuracy, 9 and 10 are critical hits
  whatever the Accuracy, 1 always misses, each active Shield stops one damage. The Sable Warden's
  Jamming Field gives every attack on it -1 Accuracy, so it is in every sum against the Warden.

  Background:
    Given the scenario "community_harpoon_pull.yaml"

  @clause:GA-CRIT-2 @clause:GA-DMG-2 @ruling:derived
  Scenario: Harpoon Cannon - a critical hit Pulls the target two hexes towards the attacker
    When the attack in the scenario file is resolved
    Then "Sable Warden" now stands at [1, 0]
    And "Sable Warden" takes 2 hits
    And "Sable Warden" takes 1 damage
    And the trace says "Sable Warden is Pulled 2 hexes towards Korvath Lancer"

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_direction @interpretation:push_distance
  Scenario: Harpoon Cannon - by default a Pull cannot take the target farther off
    Given the critical hit effect will move "Sable Warden" to [4, 0]
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 10, 5, 1
    Then resolving fails because "is not straight towards the pulling unit at [0, 0]"

  @clause:GA-CRIT-2 @ruling:interpretation @interpretation:push_direction
  Scenario: Harpoon Cannon - under any_direction the Pull may end on any free hex within two
    Given the interpretation push_direction is any_direction
    And the critical hit effect will move "Sable Warden" to [3, -2]
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 10, 5, 1
    Then "Sable Warden" now stands at [3, -2]

  @clause:GA-WPN-4 @clause:GA-DMG-2 @ruling:derived
  Scenario: Breach Drill - against a shielded target the weapon ignores its Shield
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [1, 0] |
    When "Korvath Lancer" attacks "Sable Warden" with "Breach Drill" and rolls 5, 5, 1, 1
    Then "Sable Warden" takes 2 damage
    And "Sable Warden" has 1 active Shields

  @clause:GA-WPN-4 @clause:GA-SEQ-12 @ruling:derived
  Scenario: Siphon Beam - after combat damage its unit gains 1 Energy, hit or miss
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    When "Korvath Lancer" attacks "Sable Warden" with "Siphon Beam" and rolls 1, 1
    Then "Korvath Lancer" has 1 Energy

  @clause:GA-DECL-2 @clause:GA-RNG-3 @ruling:derived
  Scenario: Afterburn Lunge - a Dash before the attack brings an enemy five hexes off into range 3
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [5, 0] |
    And "Korvath Lancer" will use "Afterburn Lunge" moving it to [2, 0]
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 1, 1
    Then "Korvath Lancer" now stands at [2, 0]
    And "Sable Warden" takes 1 hit
    And Shields prevent 1 damage to "Sable Warden"
    And "Sable Warden" takes 0 damage

  @clause:GA-SEQ-4 @clause:GA-HIT-2 @ruling:derived
  Scenario: Painted Target - +1 Accuracy against a Fractured target cancels the Jamming Field
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    And the unit states:
      | name         | status   |
      | Sable Warden | Fracture |
    And "Korvath Lancer" will use "Painted Target"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 4, 4, 1
    Then the Accuracy against "Sable Warden" is 0
    And "Sable Warden" takes 2 hits

  @clause:GA-SEQ-4 @clause:GA-HIT-2 @ruling:derived
  Scenario: Painted Target - not used against a target without Fracture
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    And "Korvath Lancer" will use "Painted Target"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 4, 4, 1
    Then the Accuracy against "Sable Warden" is -1
    And "Sable Warden" takes 0 hits

  @clause:GA-SEQ-6 @clause:GA-ROLL-1 @ruling:derived
  Scenario: Second Volley - one additional die after the roll
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    And "Korvath Lancer" will use "Second Volley"
    And the additional dice will show 6
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 1, 1
    Then "Sable Warden" takes 2 hits
    And "Sable Warden" takes 1 damage

  @clause:GA-SEQ-12 @clause:GA-SEQ-11 @ruling:derived
  Scenario: Spoils of War - an attack that defeats its target gains the Upgrade type its player picks
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Picket   | B    | [1, 0] |
    And "Korvath Lancer" will use "Spoils of War"
    And "Spoils of War" chooses gained_upgrade "Strength"
    When "Korvath Lancer" attacks "Sable Picket" with "Breach Drill" and rolls 5, 5, 5, 1
    Then "Sable Picket" is defeated
    And player A has 1 victory points
    And "Korvath Lancer" has 1 Strength Upgrades

  @clause:GA-SEQ-12 @clause:GA-WR-2 @clause:GA-DMG-2 @ruling:interpretation @interpretation:non_combat_damage_mitigation
  Scenario: Chain Detonation - the enemy next to the target takes 1 damage, which its Shield does not stop
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Picket   | B    | [2, 0] |
      | Sable Warden   | B    | [3, 0] |
    And "Korvath Lancer" will use "Chain Detonation"
    When "Korvath Lancer" attacks "Sable Picket" with "Harpoon Cannon" and rolls 1, 1, 1
    Then "Sable Warden" has 4 hit points
    And "Sable Warden" has 1 active Shields
    And "Sable Picket" has 3 hit points

  @clause:GA-DECL-2 @clause:GA-SEQ-13 @ruling:derived
  Scenario: Momentum Vent - after its Dash the Lancer repairs 1
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [5, 0] |
    And the unit states:
      | name           | hp |
      | Korvath Lancer | 4  |
    And "Korvath Lancer" will use "Afterburn Lunge" moving it to [2, 0]
    And "Korvath Lancer" will use "Momentum Vent"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 1, 1, 1
    Then "Korvath Lancer" has 5 hit points

  @clause:GA-SEQ-12 @clause:GA-DMG-3 @ruling:derived
  Scenario: Slow Fuse - its damage comes when the turn ends
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Picket   | B    | [2, 0] |
    And "Korvath Lancer" will use "Slow Fuse"
    When "Korvath Lancer" attacks "Sable Picket" with "Harpoon Cannon" and rolls 1, 1, 1
    Then "Sable Picket" has 3 hit points
    When the turn ends
    Then "Sable Picket" has 2 hit points

  @clause:GA-HIT-2 @ruling:derived
  Scenario: Jamming Field - three 4s against the Warden are three misses
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 4, 4, 4
    Then the Accuracy against "Sable Warden" is -1
    And "Sable Warden" takes 0 hits

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: Vengeful Return - the surviving Warden attacks back at one Timeline less
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    And "Sable Warden" will use "Vengeful Return"
    And "Vengeful Return" chooses weapon "Sable Rifle"
    And the nested attack dice will show 5, 5, 1
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 5, 1
    Then "Sable Warden" has 4 hit points
    And "Korvath Lancer" has 4 hit points
    And "Sable Warden"'s Timeline token is on space 1

  @clause:GA-DECL-2 @clause:GA-DMG-2 @ruling:derived
  Scenario: Tripwire - the Lancer Dashing next to the Warden gives it a second Shield before the roll
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [3, 0] |
    And "Korvath Lancer" will use "Afterburn Lunge" moving it to [2, 0]
    And "Sable Warden" will use "Tripwire"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 5, 5
    Then "Sable Warden" takes 3 hits
    And Shields prevent 2 damage to "Sable Warden"
    And "Sable Warden" takes 1 damage

  @clause:GA-DECL-2 @ruling:derived
  Scenario: Korvath Slipstream - the attacking unit's Dash gives it 1 Energy
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [5, 0] |
    And "Korvath Lancer" will use "Afterburn Lunge" moving it to [2, 0]
    And player A will use "Korvath Slipstream"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 1, 1, 1
    Then "Korvath Lancer" has 1 Energy

  @clause:GA-SEQ-4 @clause:GA-DMG-2 @ruling:derived
  Scenario: Sable Ambush Doctrine - the defending player's card answers a Dash next to its unit Before Attack Roll
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [2, 0] |
    And "Korvath Lancer" will use "Close In" moving it to [1, 0]
    And player B will use "Sable Ambush Doctrine"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 5, 5
    Then Shields prevent 2 damage to "Sable Warden"
    And "Sable Warden" takes 1 damage

  @clause:GA-DECL-2 @ruling:interpretation @interpretation:tactics_move_window_unit @interpretation:defending_card_unit
  Scenario: Sable Ambush Doctrine - before the attack the defending player has no unit in it yet, so the card waits in vain
    Given the pieces:
      | name           | side | at     |
      | Korvath Lancer | A    | [0, 0] |
      | Sable Warden   | B    | [3, 0] |
    And "Korvath Lancer" will use "Afterburn Lunge" moving it to [2, 0]
    And player B will use "Sable Ambush Doctrine"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 5, 5, 5
    Then resolving fails because "Sable Ambush Doctrine waits for a move (an enemy moves near its unit)"

  @clause:GA-DECL-2 @clause:GA-WPN-1 @ruling:derived
  Scenario: Korvath Quickstrike - the attack costs one Timeline less
    Given player A will use "Korvath Quickstrike"
    When "Korvath Lancer" attacks "Sable Warden" with "Harpoon Cannon" and rolls 1, 1, 1
    Then "Korvath Lancer"'s Timeline token is on space 1
