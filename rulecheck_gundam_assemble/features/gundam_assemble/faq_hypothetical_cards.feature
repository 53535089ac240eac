Feature: FAQ entries decided by hypothetical cards
  These FAQ questions turn on a card the chapter does not print. Each scenario uses a hypothetical
  card (its name starts with "Hypothetical") written from the question alone, with exactly the
  property the question asks about and nothing else; the ruling is only as good as that reading
  of the real card. Given the hypothetical card, the label is what the computed dependencies say:
  derived where the chapter then decides, interpretation where a named reading does. The ledger
  in rulebook.yaml names the card property each entry turns on (`card_property`).

  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | PK-5 Kite      | B    | [0, 2] |
    And the unit states:
      | name           | activating |
      | Cara's Strider | yes        |

  @clause:GA-ROLL-1 @clause:GA-DECL-2 @ruling:interpretation @faq:Q12 @interpretation:strength_bonus_duration
  Scenario: Q.12 - a Strength increase for one attack does not carry over to the next attack of the activation
    Given player A will use "Hypothetical (Q.12): Surge for One Attack"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then the attack rolls 4 dice

  @clause:GA-ROLL-1 @clause:GA-DECL-2 @clause:GA-DEF-7 @ruling:derived @faq:Q12
  Scenario: Q.12 - a Strength increase "until the end of the activation" carries over to each attack of it
    Given player A will use "Hypothetical (Q.12): Surge for the Activation"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1, 1
    Then the attack rolls 5 dice

  @clause:GA-DEF-1 @clause:GA-DEF-7 @clause:GA-DMG-2 @ruling:derived @faq:Q39
  Scenario: Q.39 - a card whose damage defeats its own attacking unit ends the attack and the activation
    Given the unit states:
      | name           | hp |
      | Cara's Strider | 2  |
    And player A will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun
    Then "Cara's Strider" is defeated
    And player B has 3 victory points
    And the attack ends early
    And the activation ends
    And "QZ-82 Sentinel" has 6 hit points

  @clause:GA-DMG-2 @clause:GA-DMG-4 @ruling:interpretation @faq:Q52 @faq:Q102 @interpretation:non_combat_damage_mitigation
  Scenario: Q.52 - by default (unmitigated) Shields do not prevent a card's non-combat damage
    Given player A will use "Hypothetical (Q.52): Edge Dealing Non-Combat Damage"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "QZ-82 Sentinel" has 4 hit points
    And "QZ-82 Sentinel" has 1 active Shields

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q52 @faq:Q102
  Scenario: Q.52 - by default a damage reduction does not lessen it either
    Given player A will use "Hypothetical (Q.52): Edge Dealing Non-Combat Damage"
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 2 hit points

  @clause:GA-DMG-4 @ruling:interpretation @interpretation:non_combat_damage_mitigation @faq:Q52 @faq:Q102
  Scenario: Q.52 - where reductions apply to non-combat damage, the Kite's reduction lessens it
    Given the interpretation non_combat_damage_mitigation is reductions_apply
    And player A will use "Hypothetical (Q.52): Edge Dealing Non-Combat Damage"
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "PK-5 Kite" has 3 hit points

  @clause:GA-DECL-2 @clause:GA-DEF-7 @ruling:derived @faq:Q9
  Scenario: Q.9 - an ability limited to once per activation is refused the second time, and allowed again next activation
    Given the pieces:
      | name                     | side | at     |
      | Hypothetical (Q.9) Gunner | A    | [0, 0] |
      | QZ-82 Sentinel           | B    | [2, 0] |
    And "Hypothetical (Q.9) Gunner" will use "Hypothetical (Q.9): Aim Once per Activation"
    When "Hypothetical (Q.9) Gunner" attacks "QZ-82 Sentinel" with Rifle and rolls 3, 1, 1
    Then the Accuracy against "QZ-82 Sentinel" is 1
    When "Hypothetical (Q.9) Gunner" will use "Hypothetical (Q.9): Aim Once per Activation"
    And "Hypothetical (Q.9) Gunner" attacks "QZ-82 Sentinel" with Rifle and rolls 3, 1, 1
    Then "Hypothetical (Q.9) Gunner" cannot use "Hypothetical (Q.9): Aim Once per Activation"
    And the Accuracy against "QZ-82 Sentinel" is 0
    When the activation ends
    And "Hypothetical (Q.9) Gunner" will use "Hypothetical (Q.9): Aim Once per Activation"
    And "Hypothetical (Q.9) Gunner" attacks "QZ-82 Sentinel" with Rifle and rolls 3, 1, 1
    Then the Accuracy against "QZ-82 Sentinel" is 1

  @clause:GA-DECL-2 @ruling:derived @faq:Q9
  Scenario: Q.9 - an ability that prints no limit may be used in each attack of the activation
    Given the pieces:
      | name                     | side | at     |
      | Hypothetical (Q.9) Gunner | A    | [0, 0] |
      | QZ-82 Sentinel           | B    | [2, 0] |
    And "Hypothetical (Q.9) Gunner" will use "Hypothetical (Q.9): Aim Without Limit"
    When "Hypothetical (Q.9) Gunner" attacks "QZ-82 Sentinel" with Rifle and rolls 3, 1, 1
    And "Hypothetical (Q.9) Gunner" will use "Hypothetical (Q.9): Aim Without Limit"
    And "Hypothetical (Q.9) Gunner" attacks "QZ-82 Sentinel" with Rifle and rolls 3, 1, 1
    Then the Accuracy against "QZ-82 Sentinel" is 1

  @clause:GA-SEQ-12 @ruling:derived @faq:Q43
  Scenario: Q.43 - a unit that closes After Combat Damage: no such Response when it attacks
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical (Q.43) Closer | A    | [0, 0] |
      | Cara's Strider            | B    | [2, 0] |
    And "Cara's Strider" will use "Last Stand"
    When "Hypothetical (Q.43) Closer" attacks "Cara's Strider" with Beam Magnum and rolls 5, 1, 1
    Then "Cara's Strider" cannot use "Last Stand"
    And "Hypothetical (Q.43) Closer" has 6 hit points

  @clause:GA-SEQ-12 @clause:GA-SEQ-4 @ruling:derived @faq:Q43
  Scenario: Q.43 - nor when it is attacked; Responses in the other windows stay open
    Given the pieces:
      | name                      | side | at     |
      | Cara's Strider            | A    | [0, 0] |
      | Hypothetical (Q.43) Closer | B    | [2, 0] |
    And player A will use "Marked for Ruin" on "Hypothetical (Q.43) Closer"
    And player A will use "Steady Aim"
    When "Cara's Strider" attacks "Hypothetical (Q.43) Closer" with Zaku Machine Gun and rolls 3, 1, 1, 1
    Then player A cannot use "Marked for Ruin"
    And "Hypothetical (Q.43) Closer" does not have the status Fracture
    And "Hypothetical (Q.43) Closer" takes 1 hit

  @clause:GA-SEQ-12 @clause:GA-WPN-4 @ruling:derived @faq:Q50
  Scenario: Q.50 - an attack with a weapon that closes After Combat Damage allows no such Response
    Given the pieces:
      | name                     | side | at     |
      | Hypothetical (Q.9) Gunner | A    | [0, 0] |
      | Cara's Strider           | B    | [1, 0] |
    And "Cara's Strider" will use "Last Stand"
    When "Hypothetical (Q.9) Gunner" attacks "Cara's Strider" with Hypothetical (Q.50): Scythe Closing After Combat Damage and rolls 5, 1, 1
    Then "Cara's Strider" cannot use "Last Stand"
    And "Hypothetical (Q.9) Gunner" has 5 hit points

  @clause:GA-SEQ-12 @ruling:derived @faq:Q50
  Scenario: Q.50 - the same unit's other weapon leaves the window open
    Given the pieces:
      | name                     | side | at     |
      | Hypothetical (Q.9) Gunner | A    | [0, 0] |
      | Cara's Strider           | B    | [1, 0] |
    And "Cara's Strider" will use "Last Stand"
    When "Hypothetical (Q.9) Gunner" attacks "Cara's Strider" with Rifle and rolls 5, 1, 1
    Then "Hypothetical (Q.9) Gunner" has 4 hit points

  @clause:GA-AOE-5 @clause:GA-TGT-1 @ruling:derived @faq:Q59
  Scenario: Q.59 - while a card keeps a unit from area of effect attacks, the area attack goes on without it
    Given the scenario "attack_guntank_quad_bop.yaml"
    And player B will use "Hypothetical (Q.59): Going Dark"
    When "Strider: Minelayer" attacks "QX-40 Bastion" with Zaku Machine Gun and rolls 1, 1, 1
    And "QX-40 Bastion" fires Quad Bop Missile Launcher at the area [2, -1], [2, 0], [3, -1] and rolls 9, 4, 6, 3
    Then the targets are "Cara's Strider"
    And the trace says "Strider: Minelayer is in the area but cannot be targeted by it"
    When the turn ends
    Given the attacking player chooses "Cara's Strider" for the critical hit effect
    When "QX-40 Bastion" fires Quad Bop Missile Launcher at the area [2, -1], [2, 0], [3, -1] and rolls 9, 4, 6, 3
    Then the targets are "Cara's Strider"; "Strider: Minelayer"

  @clause:GA-TGT-1 @ruling:derived @faq:Q59
  Scenario: Q.59 - a card that keeps it from area attacks only still lets a single-target attack in
    Given the scenario "attack_guntank_quad_bop.yaml"
    And player B will use "Hypothetical (Q.59): Going Dark"
    When "Strider: Minelayer" attacks "QX-40 Bastion" with Zaku Machine Gun and rolls 1, 1, 1
    And "QX-40 Bastion" attacks "Strider: Minelayer" with 180mm Cannon and rolls 5, 1, 1
    Then the attack is allowed
    And "Strider: Minelayer" takes 1 hit

  @clause:GA-SEQ-14 @clause:GA-SEQ-4 @ruling:derived @faq:Q44
  Scenario: Q.44 - against a unit whose card closes Responses to units outside the attack, only the target responds
    Given the pieces:
      | name                      | side | at     |
      | Hypothetical (Q.44) Loner | A    | [0, 0] |
      | QZ-82 Sentinel            | B    | [2, 0] |
      | ML-07C Crab               | B    | [2, 1] |
    And "QZ-82 Sentinel" will use "Emergency Shield"
    And "ML-07C Crab" will use "Covering Fire"
    When "Hypothetical (Q.44) Loner" attacks "QZ-82 Sentinel" with Beam Magnum and rolls 1, 1, 1
    Then "ML-07C Crab" cannot use "Covering Fire"
    And "Hypothetical (Q.44) Loner" has 6 hit points
    And "QZ-82 Sentinel" has 2 active Shields

  @clause:GA-SEQ-14 @clause:GA-LOS-9 @ruling:derived @faq:Q44
  Scenario: Q.44 - without that property a unit outside the attack may respond
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |
      | ML-07C Crab    | B    | [2, 1] |
    And "ML-07C Crab" will use "Covering Fire"
    When "Cara's Strider" attacks "QZ-82 Sentinel" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Cara's Strider" has 4 hit points

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:interpretation @faq:Q40 @interpretation:defeat_prevented_victory_points
  Scenario: Q.40 - a card keeps its unit on the board at 0 hit points; by default the opponent still scores its points
    Given the scenario "faq_q40_holdout.yaml"
    And the unit states:
      | name                        | hp | timeline |
      | Hypothetical (Q.40) Holdout | 2  | 3        |
    When "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Hypothetical (Q.40) Holdout" is not defeated
    And "Hypothetical (Q.40) Holdout" has 1 hit points
    And "Hypothetical (Q.40) Holdout"'s Timeline token is on space 3
    And player A has 3 victory points

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:interpretation @faq:Q40 @interpretation:defeat_prevented_victory_points
  Scenario: Q.40 - where the card undoes the defeat, the opponent scores nothing for it
    Given the interpretation defeat_prevented_victory_points is not_scored
    And the scenario "faq_q40_holdout.yaml"
    And the unit states:
      | name                        | hp | timeline |
      | Hypothetical (Q.40) Holdout | 2  | 3        |
    When "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Hypothetical (Q.40) Holdout" is not defeated
    And "Hypothetical (Q.40) Holdout" has 1 hit points
    And player A has 0 victory points

  @clause:GA-DEF-1 @clause:GA-SEQ-11 @ruling:interpretation @faq:Q40 @interpretation:defeat_prevented_victory_points
  Scenario: Q.40 - the points for the unit the card keeps are added to what the attacking side already has
    Given the scenario "faq_q40_holdout.yaml"
    And the pieces:
      | name                        | side | at     |
      | Cara's Strider              | B    | [0, 0] |
      | Hypothetical (Q.40) Holdout | A    | [2, 0] |
      | Strider: Minelayer          | A    | [0, 2] |
    And the unit states:
      | name                        | hp |
      | Hypothetical (Q.40) Holdout | 2  |
      | Strider: Minelayer          | 1  |
    When "Cara's Strider" attacks "Strider: Minelayer" with Zaku Machine Gun and rolls 5, 1, 1, 1
    And "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Strider: Minelayer" is in Reserve and must be redeployed
    And "Hypothetical (Q.40) Holdout" is not defeated
    And player B has 5 victory points
    And player A has 0 victory points

  @clause:GA-DEF-1 @clause:GA-DEF-2 @clause:GA-DEF-3 @ruling:derived @faq:Q40
  Scenario: Q.40 - a card that steps in once per turn does not save its unit a second time that turn
    Given the scenario "faq_q40_holdout.yaml"
    And the unit states:
      | name                        | hp | timeline |
      | Hypothetical (Q.40) Holdout | 2  | 3        |
    When "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 5, 5, 1, 1
    And "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 5, 1, 1, 1
    Then "Hypothetical (Q.40) Holdout" cannot use "Hypothetical (Q.40): Refuses to Fall"
    And "Hypothetical (Q.40) Holdout" is in Reserve and must be redeployed
    And "Hypothetical (Q.40) Holdout"'s Timeline token is on space 5
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

  @clause:GA-DEF-1 @clause:GA-DMG-3 @ruling:derived @faq:Q40
  Scenario: Q.40 - the card steps in whatever takes its unit to 0 hit points, non-combat damage too
    Given the scenario "faq_q40_holdout.yaml"
    And the unit states:
      | name                        | hp |
      | Hypothetical (Q.40) Holdout | 2  |
    And player A will use "Hypothetical (Q.52): Edge Dealing Non-Combat Damage"
    When "Cara's Strider" attacks "Hypothetical (Q.40) Holdout" with Zaku Machine Gun and rolls 1, 1, 1, 1
    Then "Hypothetical (Q.40) Holdout" is not defeated
    And "Hypothetical (Q.40) Holdout" has 1 hit points
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

  @clause:GA-DEF-1 @clause:GA-DEF-7 @ruling:derived @faq:Q40
  Scenario: Q.40 - a card that keeps the attacking unit on the board lets its attack and its activation go on
    Given the scenario "faq_q40_holdout.yaml"
    And the unit states:
      | name                        | hp | activating |
      | Hypothetical (Q.40) Holdout | 2  | yes        |
    And player B will use "Hypothetical (Q.39): Overload Harming Its Own Unit"
    When "Hypothetical (Q.40) Holdout" attacks "Cara's Strider" with Rifle and rolls 5, 5, 1, 1, 1
    Then "Hypothetical (Q.40) Holdout" has 1 hit points
    And "Cara's Strider" takes 2 damage
    And the activation does not end
