Feature: Card vocabulary - the last gaps: any Upgrade gained, damage around one target, moves by critical hits, damage at the end of the turn, Tactics after a move
  Five things printed cards say that the vocabulary could not: "gain an Upgrade of any type" (the
  type is its player's scripted choice), "each enemy adjacent to one target" (the target its
  player names), a Response after a unit is moved by a critical hit effect, damage that waits for
  the end of the turn, and a Tactics card that answers a move. Where the chapter is silent the
  trace names the reading. The cards are invented test data
  (rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_gaps.yaml).

  Background:
    Given the scenario "gaps_blast_relay.yaml"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A gained Upgrade of any type is of the type its player scripts
    Given "Gap Striker" will use "Scrap Refit"
    And "Scrap Refit" chooses gained_upgrade "Shield"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then "Gap Striker" has 1 Shield Upgrades
    And "Gap Striker" has 0 Strength Upgrades
    And the trace says "an Upgrade of any type for Gap Striker; its player chooses Shield"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: An Upgrade of any type whose type is not scripted is refused, like any unscripted choice
    Given "Gap Striker" will use "Scrap Refit"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then resolving fails because "the choice 'gained_upgrade' is not scripted (options: Strength, Shield, Speed)"

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: The gained type must be one of the Upgrade types
    Given "Gap Striker" will use "Scrap Refit"
    And "Scrap Refit" chooses gained_upgrade "Armor"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then resolving fails because "choice 'gained_upgrade' is 'Armor', not one of"

  @clause:GA-SEQ-12 @clause:GA-SEQ-14 @ruling:derived
  Scenario: A Tactics card's Upgrade of any type goes to its side's attacking unit
    Given player A will use "Gap Refit Order"
    And "Gap Refit Order" chooses gained_upgrade "Speed"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then "Gap Striker" has 1 Speed Upgrades

  @clause:GA-SEQ-12 @clause:GA-WR-2 @ruling:interpretation @interpretation:area_around_one_target @interpretation:single_target_ability_with_aoe
  Scenario: By default each enemy next to the named target takes the damage, the attack's other target included
    When the attack in the scenario file is resolved
    Then "Far Sentry" has 3 hit points
    And "Side Sentry" has 3 hit points
    And "Near Sentry" has 4 hit points
    And the ruling reads the interpretation area_around_one_target as other_targets_hit

  @clause:GA-SEQ-12 @clause:GA-WR-2 @ruling:interpretation @interpretation:area_around_one_target
  Scenario: Under targets_spared the attack's other target next to the named one is spared
    Given the interpretation area_around_one_target is targets_spared
    When the attack in the scenario file is resolved
    Then "Far Sentry" has 4 hit points
    And "Side Sentry" has 3 hit points

  @clause:GA-SEQ-12 @clause:GA-WR-2 @ruling:interpretation @interpretation:single_target_ability_with_aoe
  Scenario: The one target is the player's to name when the attack has two
    Given "Gap Striker" will use "Blast Relay"
    When "Gap Striker" attacks "Near Sentry"; "Far Sentry" with "Gap Carbine" and rolls 1, 1, 1, 1
    Then resolving fails because "choose which target it affects ('target')"

  @clause:GA-SEQ-12 @clause:GA-WR-2 @ruling:derived
  Scenario: With one target the area reaches out from it without naming it, to enemies the attack did not target
    Given "Gap Striker" will use "Blast Relay"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Far Sentry" has 3 hit points
    And "Side Sentry" has 3 hit points
    And "Near Sentry" has 4 hit points

  @clause:GA-SEQ-8 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:critical_move_responses
  Scenario: By default a Dash made by a critical hit effect sets off the unit's "after this unit Dashes" card
    Given "Gap Striker" will use "Afterburner Guard"
    And the critical hit effect will move "Gap Striker" to [0, 1]
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 10, 5, 1
    Then "Gap Striker" has 1 active Shields
    And the trace says "Gap Striker Dashed: Gap Striker's Afterburner Guard (after dash) is used now, before the critical hit effect step goes on"
    And the ruling reads the interpretation critical_move_responses as open

  @clause:GA-SEQ-8 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:critical_move_responses
  Scenario: Under closed the critical step opens no Response window: the card is not used
    Given the interpretation critical_move_responses is closed
    And "Gap Striker" will use "Afterburner Guard"
    And the critical hit effect will move "Gap Striker" to [0, 1]
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 10, 5, 1
    Then "Gap Striker" has 0 active Shields
    And the trace says "the critical step is no Response window, so it is not used"

  @clause:GA-SEQ-8 @clause:GA-SEQ-9 @clause:GA-DMG-2 @ruling:interpretation @interpretation:critical_move_responses
  Scenario: A critical Dash next to the target sets off its "after an enemy moves near" card before damage
    Given "Near Sentry" will use "Sentry Alarm"
    And the critical hit effect will move "Gap Striker" to [1, 0]
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 10, 5, 1
    Then "Near Sentry" takes 1 damage
    And Shields prevent 1 damage to "Near Sentry"

  @clause:GA-SEQ-8 @clause:GA-SEQ-9 @ruling:interpretation @interpretation:critical_move_responses
  Scenario: Under closed the same card is not used and the target takes both hits
    Given the interpretation critical_move_responses is closed
    And "Near Sentry" will use "Sentry Alarm"
    And the critical hit effect will move "Gap Striker" to [1, 0]
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 10, 5, 1
    Then "Near Sentry" takes 2 damage

  @clause:GA-SEQ-12 @clause:GA-DMG-3 @ruling:derived
  Scenario: Damage that waits for the end of the turn is dealt when the turn ends
    Given "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then "Near Sentry" has 3 hit points
    And the trace says "at the end of the turn, 2 non-combat damage (Near Sentry); nothing happens yet"
    When the turn ends
    Then "Near Sentry" has 1 hit points

  @clause:GA-DMG-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:delayed_damage_shields
  Scenario: By default active Shields do not stop damage dealt at the end of the turn
    Given the unit states:
      | name        | shields |
      | Near Sentry | 1       |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 2 hit points
    And "Near Sentry" has 1 active Shields
    And the ruling reads the interpretation delayed_damage_shields as not_stopped

  @clause:GA-DMG-2 @clause:GA-DMG-3 @ruling:interpretation @interpretation:delayed_damage_shields @interpretation:shields_after_use
  Scenario: Under shields_stop an active Shield stops one point of it
    Given the interpretation delayed_damage_shields is shields_stop
    And the unit states:
      | name        | shields |
      | Near Sentry | 1       |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 3 hit points
    And "Near Sentry" has 0 active Shields
    And "Near Sentry" has 1 deactivated Shields

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger
  Scenario: By default Fracture does not add to damage dealt at the end of the turn
    Given the unit states:
      | name        | status   |
      | Near Sentry | Fracture |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 2 hit points
    And the trace says "damage at the end of the turn is not an attack's: Fracture does not trigger"

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_trigger @interpretation:fracture_effect
  Scenario: Under any_damage a Fractured unit takes one more at the end of the turn
    Given the interpretation fracture_trigger is any_damage
    And the unit states:
      | name        | status   |
      | Near Sentry | Fracture |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 1 hit points
    And "Near Sentry" does not have the status Fracture

  @clause:GA-SEQ-10 @ruling:interpretation @interpretation:fracture_effect @interpretation:fracture_trigger
  Scenario: Under any_damage and a lasting Fracture the unit stays Fractured after the damage at the end of the turn
    Given the interpretation fracture_trigger is any_damage
    And the interpretation fracture_effect is one_extra_damage_persistent
    And the unit states:
      | name        | status   |
      | Near Sentry | Fracture |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 1 hit points
    And "Near Sentry" has the status Fracture

  @clause:GA-SEQ-12 @clause:GA-CRIT-2 @ruling:derived
  Scenario: Statuses and Upgrades that wait for the end of the turn change then, and no more Upgrades go than the unit has
    Given the unit states:
      | name        | status   | upgrades      |
      | Gap Striker | Fracture | Speed         |
      | Near Sentry |          | Speed, Shield |
    And "Gap Striker" will use "Slow Sabotage"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Near Sentry" does not have the status Fracture
    And "Gap Striker" has the status Fracture
    When the turn ends
    Then "Near Sentry" has the status Fracture
    And "Near Sentry" has 0 Speed Upgrades
    And "Near Sentry" has 1 Shield Upgrades
    And "Gap Striker" does not have the status Fracture
    And "Gap Striker" has 1 Shield Upgrades
    And "Gap Striker" has 1 Speed Upgrades

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: Energy spent at the end of the turn is taken then, never below none
    Given the unit states:
      | name        | energy |
      | Near Sentry | 1      |
    And "Gap Striker" will use "Power Sap"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Near Sentry" has 1 Energy
    When the turn ends
    Then "Near Sentry" has 0 Energy
    And the trace says "Near Sentry Energy 1 -> 0"

  @clause:GA-DEF-1 @clause:GA-DEF-2 @ruling:derived
  Scenario: Damage at the end of the turn that leaves no hit points defeats the unit, and its opponent scores it
    Given the unit states:
      | name        | hp |
      | Near Sentry | 2  |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Near Sentry" is not defeated
    When the turn ends
    Then "Near Sentry" is defeated
    And player A has 1 victory points

  @clause:GA-DEF-1 @ruling:derived
  Scenario: A card that keeps its unit on the board at any time steps in at the end of the turn too
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Bulwark | 2  |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" is not defeated
    And "Near Sentry" has 1 hit points

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:derived
  Scenario: A Tactics card waiting for its unit's Dash is used when the attacking unit Dashes
    Given "Gap Striker" will use "Hop" moving it to [0, 1]
    And player A will use "Gap Slipstream Order"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then "Gap Striker" has 1 active Shields
    And the trace says "Gap Striker Dashed: player A's Gap Slipstream Order (after dash) is used now"

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:tactics_move_window_unit
  Scenario: By default an ally's Dash is not the Tactics card's unit's: the card waits in vain
    Given the pieces:
      | name        | side | at      |
      | Gap Striker | A    | [0, 0]  |
      | Gap Wingman | A    | [-2, 0] |
      | Near Sentry | B    | [2, 0]  |
    And the unit states:
      | name        | profile    |
      | Near Sentry | Gap Sentry |
    And "Gap Wingman" will use "Wingman Hop" moving it to [-3, 0]
    And player A will use "Gap Slipstream Order"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then resolving fails because "Gap Slipstream Order waits for a move (its unit Dashes), but no such move was made"

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:tactics_move_window_unit
  Scenario: Under any_own_unit an ally's Dash sets the card off, and the ally is its unit
    Given the interpretation tactics_move_window_unit is any_own_unit
    And the pieces:
      | name        | side | at      |
      | Gap Striker | A    | [0, 0]  |
      | Gap Wingman | A    | [-2, 0] |
      | Near Sentry | B    | [2, 0]  |
    And the unit states:
      | name        | profile    |
      | Near Sentry | Gap Sentry |
    And "Gap Wingman" will use "Wingman Hop" moving it to [-3, 0]
    And player A will use "Gap Slipstream Order"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 1, 1
    Then "Gap Wingman" has 1 active Shields
    And "Gap Striker" has 0 active Shields

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @clause:GA-DMG-2 @ruling:derived
  Scenario: A defending Tactics card answers an enemy that Dashes next to its unit, before the roll
    Given "Gap Striker" will use "Hop" moving it to [1, 0]
    And player B will use "Gap Tripwire Order" on "Near Sentry"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 1
    Then "Near Sentry" takes 1 damage
    And Shields prevent 1 damage to "Near Sentry"

  @clause:GA-SEQ-14 @clause:GA-SEQ-4 @ruling:derived
  Scenario: Both players answer the same Dash: the attacker's card resolves first, though listed last
    Given "Gap Striker" will use "Hop" moving it to [1, 0]
    And player B will use "Gap Tripwire Order" on "Near Sentry"
    And player A will use "Gap Slipstream Order"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 1
    Then "Gap Slipstream Order" resolves before "Gap Tripwire Order"
    And "Gap Striker" has 1 active Shields
    And "Near Sentry" takes 1 damage

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:tactics_move_window_unit
  Scenario: Under any_own_unit, when two of the player's units see the enemy move, the player names the card's unit
    Given the interpretation tactics_move_window_unit is any_own_unit
    And "Gap Striker" will use "Hop" moving it to [1, 0]
    And player B will use "Gap Tripwire Order" on "Far Sentry"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 1
    Then "Far Sentry" has 1 active Shields
    And "Near Sentry" takes 2 damage
    And the trace says "Near Sentry, Far Sentry saw Gap Striker move; its player names Far Sentry as the card's unit"

  @clause:GA-SEQ-4 @clause:GA-SEQ-13 @ruling:interpretation @interpretation:tactics_move_window_unit
  Scenario: Under any_own_unit, two units that saw the move and no unit named: the choice is refused
    Given the interpretation tactics_move_window_unit is any_own_unit
    And "Gap Striker" will use "Hop" moving it to [1, 0]
    And player B will use "Gap Tripwire Order"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 1
    Then resolving fails because "Gap Tripwire Order: Near Sentry, Far Sentry all saw Gap Striker move; its player names which is the card's unit ('target')"

  @clause:GA-DECL-2 @clause:GA-DEF-2 @ruling:derived
  Scenario: An enemy named before the attack that an earlier card has defeated is left alone
    Given the unit states:
      | name        | hp |
      | Side Sentry | 2  |
    And player A will use "Gap Opening Salvo" on "Side Sentry"
    And player A will use "Gap Marking Shot" on "Side Sentry"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Side Sentry" is defeated
    And "Side Sentry" does not have the status Fracture
    And the trace says "Side Sentry is no longer on the board, so the card does nothing to it"

  @clause:GA-SEQ-12 @clause:GA-ROLL-1 @clause:GA-WR-2 @ruling:derived
  Scenario: A card's own roll that counts "if any" applies its effects once however many dice count, with its card's reach
    Given the pieces:
      | name        | side | at     |
      | Gap Striker | A    | [0, 0] |
      | Near Sentry | B    | [1, 0] |
      | Side Sentry | B    | [0, 1] |
      | Far Sentry  | B    | [3, 0] |
    And the unit states:
      | name        | profile    |
      | Near Sentry | Gap Sentry |
      | Side Sentry | Gap Sentry |
      | Far Sentry  | Gap Sentry |
    And "Gap Striker" will use "Rattle Charges"
    And the card dice will show 8, 7
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    Then "Side Sentry" has 3 hit points
    And "Near Sentry" has 3 hit points
    And "Far Sentry" has 4 hit points
    And the attack resolves in the order:
      | before_attack       |
      | declare             |
      | check               |
      | pay                 |
      | before_attack_roll  |
      | roll                |
      | after_attack_roll   |
      | critical            |
      | damage              |
      | defeat              |
      | after_combat_damage |
      | end                 |

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:delayed_damage_shields @interpretation:shields_after_use
  Scenario: Under shields_stop each Shield stops as much of the damage at the end of the turn as the rulebook's damage per Shield
    Given the interpretation delayed_damage_shields is shields_stop
    And the parameter damage_per_shield is 2
    And the unit states:
      | name        | shields |
      | Near Sentry | 1       |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 4 hit points
    And "Near Sentry" has 0 active Shields

  @clause:GA-SEQ-10 @clause:GA-DMG-2 @ruling:interpretation @interpretation:delayed_damage_shields
  Scenario: Damage at the end of the turn that Shields stop entirely sets off no Fracture
    Given the interpretation delayed_damage_shields is shields_stop
    And the interpretation fracture_trigger is any_damage
    And the unit states:
      | name        | shields | status   |
      | Near Sentry | 2       | Fracture |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" has 4 hit points
    And "Near Sentry" has the status Fracture

  @clause:GA-DEF-1 @ruling:derived
  Scenario: A card that steps in only when its unit is attacked does not step in at the end of the turn
    Given the unit states:
      | name        | profile    | hp |
      | Near Sentry | Gap Bracer | 2  |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" is defeated

  @clause:GA-DEF-1 @ruling:derived
  Scenario: Of two cards that keep a unit on the board, the one in play at the end of the turn steps in, once per turn
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And "Gap Striker" will use "Double Fuse"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" is defeated
    And the trace says "Near Sentry's Last Stand"

  @clause:GA-DEF-1 @ruling:derived
  Scenario: The card in play at the end of the turn keeps its unit on the board after the first damage
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the turn ends
    Then "Near Sentry" is not defeated
    And "Near Sentry" has 1 hit points

  @clause:GA-DEF-1 @clause:GA-DEF-7 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: Under activation_end an enemy defeated by waiting damage counts as defeated this turn by the card's unit
    Given the interpretation card_turn_duration is activation_end
    And the unit states:
      | name        | hp |
      | Near Sentry | 2  |
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 1, 1, 1
    And the activation ends
    And "Gap Striker" will use "Killer Instinct"
    And "Gap Striker" attacks "Far Sentry" with "Gap Lance" and rolls 1, 1, 1, 1
    Then "Near Sentry" is defeated
    And the attack rolls 4 dice

  @clause:GA-DEF-1 @ruling:derived
  Scenario: Of two cards that could keep an attacked unit on the board, the one its owner chooses steps in
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And the owner of "Near Sentry" keeps it from defeat with "Last Stand"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 5
    Then "Near Sentry" is not defeated
    And "Near Sentry" has 1 hit points
    And the trace says "Near Sentry's Last Stand steps in"

  @clause:GA-DEF-1 @ruling:derived
  Scenario: The owner who keeps the once-per-turn card for later has it at the end of the turn
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And the owner of "Near Sentry" keeps it from defeat with "Brace"
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 5
    And the turn ends
    Then "Near Sentry" is not defeated
    And "Near Sentry" has 1 hit points
    And the trace says "Near Sentry's Brace steps in"
    And the trace says "Near Sentry's Last Stand steps in"

  @clause:GA-DEF-1 @ruling:derived
  Scenario: The owner who uses the once-per-turn card in the attack has nothing left at the end of the turn
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And the owner of "Near Sentry" keeps it from defeat with "Last Stand"
    And "Gap Striker" will use "Time Bomb"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 5
    And the turn ends
    Then "Near Sentry" is defeated

  @clause:GA-DEF-1 @ruling:derived
  Scenario: Which of two cards keeps a unit on the board is not left to the order of its card
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 5
    Then resolving fails because "its owner chooses one; name it as defeat_prevented_by (cards: Brace, Last Stand)"

  @clause:GA-DEF-1 @ruling:derived
  Scenario: The owner's choice must be one of the cards that can step in
    Given the unit states:
      | name        | profile     | hp |
      | Near Sentry | Gap Holdout | 2  |
    And the owner of "Near Sentry" keeps it from defeat with "Holdout Gun"
    When "Gap Striker" attacks "Near Sentry" with "Gap Lance" and rolls 5, 5, 5
    Then resolving fails because "'Holdout Gun' cannot keep Near Sentry from defeat here (the cards that can: Brace, Last Stand)"
