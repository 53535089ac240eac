Feature: Hypothetical cards - who a card serves, how often, and what it counts
  Each scenario uses a hypothetical card (its name starts with "Hypothetical"), written in
  rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/hypothetical_card_flow.yaml with exactly the property the
  scenario asks about. A card that keeps its unit on the board when it would be defeated serves
  only where its trigger puts it in play: in its unit's own attack, when its unit is a target, when
  its side defends, or when an ally attacks. An ability limited to once per attack may be used
  again in the next attack. Energy is spent only as far as the unit has it.

  Background:
    Given the scenario "hypothetical_card_flow.yaml"

  @clause:GA-DEF-1 @clause:GA-DMG-3 @ruling:derived
  Scenario: A card that serves its unit's own attack keeps the attacker on the board after its own card hurts it
    Given the pieces:
      | name                              | side | at     |
      | Hypothetical Holdout (own attack) | A    | [0, 0] |
      | QZ-82 Sentinel                    | B    | [2, 0] |
    And the unit states:
      | name                              | hp |
      | Hypothetical Holdout (own attack) | 2  |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (own attack)" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1, 1, 1
    Then "Hypothetical Holdout (own attack)" is not defeated
    And "Hypothetical Holdout (own attack)" has 1 hit points

  @clause:GA-DEF-1 @clause:GA-DEF-2 @ruling:derived
  Scenario: A card that serves its unit's own attack does not step in when the unit is attacked
    Given the pieces:
      | name                              | side | at     |
      | Cara's Strider                    | A    | [0, 0] |
      | Hypothetical Holdout (own attack) | B    | [2, 0] |
    And the unit states:
      | name                              | hp |
      | Hypothetical Holdout (own attack) | 1  |
    When "Cara's Strider" attacks "Hypothetical Holdout (own attack)" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Holdout (own attack)" is defeated

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:derived
  Scenario: A card that serves its unit when attacked keeps the target on the board
    Given the pieces:
      | name                            | side | at     |
      | Cara's Strider                  | A    | [0, 0] |
      | Hypothetical Holdout (attacked) | B    | [2, 0] |
    And the unit states:
      | name                            | hp |
      | Hypothetical Holdout (attacked) | 1  |
    When "Cara's Strider" attacks "Hypothetical Holdout (attacked)" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Holdout (attacked)" is not defeated
    And "Hypothetical Holdout (attacked)" has 1 hit points

  @clause:GA-DEF-1 @clause:GA-DEF-7 @ruling:derived
  Scenario: A card that serves its unit when attacked does not step in when its own card hurts the attacker
    Given the pieces:
      | name                            | side | at     |
      | Hypothetical Holdout (attacked) | A    | [0, 0] |
      | QZ-82 Sentinel                  | B    | [2, 0] |
    And the unit states:
      | name                            | hp | activating |
      | Hypothetical Holdout (attacked) | 2  | yes        |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (attacked)" attacks "QZ-82 Sentinel" with Rifle
    Then "Hypothetical Holdout (attacked)" is defeated
    And the attack ends early
    And the trace says "its attack ends"
    And the attack resolves in the order:
      | before_attack      |
      | declare            |
      | check              |
      | pay                |
      | before_attack_roll |
      | end                |

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:derived
  Scenario: A card that serves its unit when its side defends keeps the target on the board
    Given the pieces:
      | name                             | side | at     |
      | Cara's Strider                   | A    | [0, 0] |
      | Hypothetical Holdout (defending) | B    | [2, 0] |
    And the unit states:
      | name                             | hp |
      | Hypothetical Holdout (defending) | 1  |
    When "Cara's Strider" attacks "Hypothetical Holdout (defending)" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Holdout (defending)" is not defeated

  @clause:GA-DEF-1 @clause:GA-DEF-7 @ruling:derived
  Scenario: A card that serves its unit when its side defends does not step in while its side attacks
    Given the pieces:
      | name                             | side | at     |
      | Hypothetical Holdout (defending) | A    | [0, 0] |
      | QZ-82 Sentinel                   | B    | [2, 0] |
    And the unit states:
      | name                             | hp | activating |
      | Hypothetical Holdout (defending) | 2  | yes        |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (defending)" attacks "QZ-82 Sentinel" with Rifle
    Then "Hypothetical Holdout (defending)" is defeated

  @clause:GA-DEF-1 @clause:GA-DEF-7 @ruling:derived
  Scenario: A card that serves its unit when an ally attacks does not step in when the unit itself attacks
    Given the pieces:
      | name                               | side | at     |
      | Hypothetical Holdout (ally attacks) | A    | [0, 0] |
      | QZ-82 Sentinel                     | B    | [2, 0] |
    And the unit states:
      | name                               | hp | activating |
      | Hypothetical Holdout (ally attacks) | 2  | yes        |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical Holdout (ally attacks)" attacks "QZ-82 Sentinel" with Rifle
    Then "Hypothetical Holdout (ally attacks)" is defeated

  @clause:GA-HIT-2 @ruling:derived
  Scenario: An ability limited to once per attack is refused a second use in the same attack
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
    And "Hypothetical Sharpshooter" will use "Hypothetical: Aim Once per Attack"
    And "Hypothetical Sharpshooter" will use "Hypothetical: Aim Once per Attack"
    When "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    Then the Accuracy against "QZ-82 Sentinel" is 1
    And "Hypothetical Sharpshooter" cannot use "Hypothetical: Aim Once per Attack"
    And the attack resolves in the order:
      | before_attack      |
      | declare            |
      | check              |
      | pay                |
      | before_attack_roll |
      | roll               |
      | after_attack_roll  |
      | critical           |
      | damage             |
      | defeat             |
      | after_combat_damage |
      | end                |

  @clause:GA-HIT-2 @ruling:derived
  Scenario: An ability limited to once per attack may be used again in the unit's next attack
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
    And "Hypothetical Sharpshooter" will use "Hypothetical: Aim Once per Attack"
    When "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    And "Hypothetical Sharpshooter" will use "Hypothetical: Aim Once per Attack"
    And "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Rifle and rolls 1, 1, 1
    Then the Accuracy against "QZ-82 Sentinel" is 1
    And "Hypothetical Sharpshooter" can use "Hypothetical: Aim Once per Attack"

  @clause:GA-DMG-4 @ruling:derived
  Scenario: Two units with the same once-per-turn card each use their own in one attack
    Given the pieces:
      | name                | side | at     |
      | MT-05B Lash         | A    | [0, 0] |
      | Bulwark One         | B    | [2, 0] |
      | Bulwark Two         | B    | [2, -1] |
    And the unit states:
      | name        | profile              |
      | Bulwark One | Hypothetical Bulwark |
      | Bulwark Two | Hypothetical Bulwark |
    And "Bulwark One" will use "Hypothetical: Brace Once per Turn"
    And "Bulwark Two" will use "Hypothetical: Brace Once per Turn"
    When "MT-05B Lash" attacks "Bulwark One"; "Bulwark Two" with Finger Vulcans and rolls 6, 6, 6, 6
    Then "Bulwark One" has 2 hit points
    And "Bulwark Two" has 2 hit points

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card that gives Energy adds it to what the unit has
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | energy |
      | Cara's Strider | 2      |
    And player A will use "Energy Siphon"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 3 Energy

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card that spends Energy takes it from what the unit has
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | energy |
      | Cara's Strider | 3      |
    And player A will use "Hypothetical: Burn Energy"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 1 Energy

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card cannot spend more Energy than the unit has
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | energy |
      | Cara's Strider | 1      |
    And player A will use "Hypothetical: Burn Energy"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 0 Energy

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: A card that destroys two Upgrades of a type leaves the rest
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | upgrades               |
      | QZ-82 Sentinel | Shield, Shield, Shield |
    And player A will use "Hypothetical: Strip Two Shield Upgrades"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 1 Shield Upgrades

  @clause:GA-SEQ-12 @clause:GA-DEF-2 @ruling:derived
  Scenario: "If the attack defeated a target": met when the target is defeated
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 1  | 0       |
    And player A will use "Hypothetical: Victory Rush"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 6, 1, 1, 1
    Then "QZ-82 Sentinel" is defeated
    And "Cara's Strider" has 1 Energy

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:interpretation @interpretation:target_defeated_mid_attack @interpretation:attack_defeated_target @faq:Q24
  Scenario: By default (any_cause) "if the attack defeated a target" is met by a target that non-combat damage defeated before the roll
    Given the pieces:
      | name               | side | at      |
      | QX-40 Bastion      | A    | [0, 0]  |
      | Cara's Strider     | B    | [2, -1] |
      | Strider: Minelayer | B    | [2, 0]  |
    And the unit states:
      | name               | hp |
      | Strider: Minelayer | 1  |
    And player A will use "Collision Course" on "Strider: Minelayer"
    And player A will use "Hypothetical: Victory Rush"
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1] and rolls 1, 1, 1, 1
    Then "Strider: Minelayer" is defeated
    And "Cara's Strider" is not defeated
    And "QX-40 Bastion" has 1 Energy

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: "If the attack defeated a target": not met when the target survives
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And player A will use "Hypothetical: Victory Rush"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 6, 1, 1, 1
    Then "QZ-82 Sentinel" is not defeated
    And "Cara's Strider" has 0 Energy

  @clause:GA-SEQ-6 @clause:GA-SEQ-13 @clause:GA-DEF-2 @ruling:derived
  Scenario: An ally's attack made After Attack Roll that defeats the only target ends the attack before damage
    Given the pieces:
      | name                      | side | at     |
      | Cara's Strider            | A    | [0, 0] |
      | Hypothetical Sharpshooter | A    | [0, 1] |
      | QZ-82 Sentinel            | B    | [2, 0] |
    And the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 1  | 0       |
    And "Hypothetical Sharpshooter" will use "Hypothetical: Support Fire" on "QZ-82 Sentinel"
    And the nested attack dice will show 6, 1, 1
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 6, 6, 6, 6
    Then "QZ-82 Sentinel" is defeated
    And the attack ends early
    And the trace says "no target is left"

  @clause:GA-CRIT-2 @clause:GA-DMG-3 @ruling:derived
  Scenario: A critical hit effect that damages every enemy reaches enemies far from the target
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
      | PK-5 Kite                 | B    | [0, 6] |
    When "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Scatter Charge and rolls 10, 1, 1
    Then "PK-5 Kite" has 3 hit points
    And "QZ-82 Sentinel" has 5 hit points
    And the trace says "every enemy unit and Garrison on the board takes 1 non-combat damage"

  @clause:GA-SEQ-12 @clause:GA-SEQ-10 @ruling:derived
  Scenario: "If the attack dealt damage" counts the damage Fracture adds
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | shields | status   |
      | QZ-82 Sentinel | 0       | Fracture |
    And player A will use "Field Refit"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage
    And "Cara's Strider" has 1 Strength Upgrades

  @clause:GA-SEQ-12 @clause:GA-DEF-2 @clause:GA-WR-2 @ruling:derived @faq:Q19
  Scenario: Where defeated units may respond, a defeated unit's damage to every enemy near it reaches nobody
    Given the interpretation defeated_unit_responses is may_respond
    And the pieces:
      | name                      | side | at     |
      | Cara's Strider            | A    | [0, 0] |
      | Hypothetical Sharpshooter | B    | [2, 0] |
    And the unit states:
      | name                      | hp |
      | Hypothetical Sharpshooter | 1  |
    And "Hypothetical Sharpshooter" will use "Hypothetical: Parting Blast"
    When "Cara's Strider" attacks "Hypothetical Sharpshooter" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical Sharpshooter" is defeated
    And "Hypothetical Sharpshooter" cannot use "Hypothetical: Parting Blast"
    And "Cara's Strider" has 5 hit points

  @clause:GA-SEQ-12 @clause:GA-WR-2 @clause:GA-DMG-3 @ruling:derived
  Scenario: Damage to every enemy after combat damage that defeats the target leaves the attack to run to its end
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 2  | 0       |
    And player A will use "Hypothetical: Aftershock"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "QZ-82 Sentinel" is defeated
    And the attack runs to its end

  @clause:GA-DMG-4 @clause:GA-DEF-7 @ruling:interpretation @interpretation:card_turn_duration
  Scenario: Under activation_end a card usable once per turn may be used again after the activation ends
    Given the interpretation card_turn_duration is activation_end
    And the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | Bulwark        | B    | [2, 0] |
    And the unit states:
      | name           | profile              | activating |
      | Bulwark        | Hypothetical Bulwark |            |
      | Cara's Strider |                      | yes        |
    And "Bulwark" will use "Hypothetical: Brace Once per Turn"
    When "Cara's Strider" attacks "Bulwark" with Zaku Machine Gun and rolls 5, 5, 1, 1
    And the activation ends
    And "Bulwark" will use "Hypothetical: Brace Once per Turn"
    And "Cara's Strider" attacks "Bulwark" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Bulwark" can use "Hypothetical: Brace Once per Turn"
    And "Bulwark" has 3 hit points
    And the trace says "the activation ends:"

  @clause:GA-SEQ-6 @clause:GA-SEQ-13 @clause:GA-DEF-2 @clause:GA-SEQ-12 @ruling:interpretation @interpretation:target_defeated_mid_attack @interpretation:single_target_ability_with_aoe
  Scenario: By default an ally's attack After Attack Roll that defeats one of two targets lets the attack go on, and the defeat is that attack's, not this one's
    Given the pieces:
      | name                      | side | at      |
      | MT-05B Lash               | A    | [0, 0]  |
      | Hypothetical Sharpshooter | A    | [0, 1]  |
      | QZ-82 Sentinel            | B    | [2, 0]  |
      | PK-5 Kite                 | B    | [2, -1] |
    And the unit states:
      | name           | hp | shields |
      | QZ-82 Sentinel | 1  | 0       |
    And "Hypothetical Sharpshooter" will use "Hypothetical: Support Fire" on "QZ-82 Sentinel"
    And the nested attack dice will show 6, 1, 1
    And player A will use "Hypothetical: Victory Rush"
    When "MT-05B Lash" attacks "QZ-82 Sentinel"; "PK-5 Kite" with Finger Vulcans and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" is defeated
    And the attack runs to its end
    And "MT-05B Lash" has 0 Energy
    And the trace says "drops out of the attack"
    And the attack resolves in the order:
      | before_attack |
      | declare |
      | check |
      | pay |
      | before_attack_roll |
      | roll |
      | after_attack_roll |
      | critical |
      | damage |
      | defeat |
      | after_combat_damage |
      | end |

  @clause:GA-DMG-2 @ruling:interpretation @interpretation:gained_shield_token
  Scenario: By default (turn_over_deactivated) Shields a card turns active come from the deactivated ones
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
    And the unit states:
      | name           | shields | deactivated_shields |
      | QZ-82 Sentinel | 0       | 1                   |
    And "QZ-82 Sentinel" will use "Emergency Shield"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 1 active Shields
    And "QZ-82 Sentinel" has 0 deactivated Shields

  @clause:GA-SEQ-2 @clause:GA-ILOS-1 @ruling:derived @faq:Q23
  Scenario: Under attack_ends a target of a weapon that ignores Line of Sight, pushed behind high ground, stays a target
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
    And the hex [0, 1] is raised to elevation 3
    And player A will use "Shoulder Charge" on "QZ-82 Sentinel" moving it to [0, 2]
    When "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Arcing Rifle and rolls 5, 5, 1
    Then the attack runs to its end
    And "QZ-82 Sentinel" now stands at [0, 2]

  @clause:GA-SEQ-2 @clause:GA-AOE-4 @clause:GA-ILOS-1 @ruling:derived @faq:Q21 @faq:Q23
  Scenario: Under attack_ends a target of an area weapon that ignores Line of Sight, moved behind high ground inside the placed area, stays a target
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name                      | side | at      |
      | Hypothetical Sharpshooter | A    | [0, 0]  |
      | Cara's Strider            | B    | [2, -1] |
    And the hex [1, 0] is raised to elevation 3
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [2, 0]
    When "Hypothetical Sharpshooter" fires "Arcing Mortar" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then the attack runs to its end
    And "Cara's Strider" now stands at [2, 0]

  @clause:GA-AOE-3 @clause:GA-AOE-4 @clause:GA-ILOS-1 @ruling:derived
  Scenario: An area weapon that ignores Line of Sight targets an enemy in the placed area behind high ground
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | Cara's Strider            | B    | [2, 0] |
    And the hex [1, 0] is raised to elevation 3
    When "Hypothetical Sharpshooter" fires "Arcing Mortar" at the area [2, -1], [2, 0], [3, -1] and rolls 5, 5, 1, 1
    Then the attack is allowed
    And the targets are "Cara's Strider"

  @clause:GA-SEQ-2 @clause:GA-AOE-4 @ruling:interpretation @interpretation:target_leaves_range_mid_attack @faq:Q21 @faq:Q23
  Scenario: Under attack_ends a target of an area attack moved behind high ground inside the placed area ends the attack
    Given the interpretation target_leaves_range_mid_attack is attack_ends
    And the pieces:
      | name           | side | at      |
      | QX-40 Bastion  | A    | [0, 0]  |
      | Cara's Strider | B    | [2, -1] |
    And the hex [1, 0] is raised to elevation 3
    And player A will use "Shoulder Charge" on "Cara's Strider" moving it to [2, 0]
    When "QX-40 Bastion" fires "Quad Bop Missile Launcher" at the area [2, -1], [2, 0], [3, -1]
    Then the attack ends early
    And "Cara's Strider" now stands at [2, 0]
    And the trace says "2 hexes away, out of Line of Sight: the attack ends"

  @clause:GA-CRIT-2 @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: A critical hit effect that attacks again After Combat Damage makes a full attack of its own
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical Sharpshooter | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
    And the nested attack dice will show 5, 1, 1
    When "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" with Pursuit Rifle and rolls 10, 1, 1
    Then "Hypothetical Sharpshooter" attacks "QZ-82 Sentinel" back with Rifle
    And the attack runs to its end
