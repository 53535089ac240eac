Feature: Card vocabulary - a Response that makes another attack
  "Return Fire" (invented test card): After Combat Damage, if the attacked unit survives, it
  attacks the attacker back with a weapon of its choice at 1 less Timeline cost. The attack it
  makes is a full attack with its own sequence, resolved inside the After Combat Damage window
  (GA-SEQ-12, GA-SEQ-13). The Kite's Beam Spray Gun costs 2 and rolls 3 dice; its ongoing Shield
  Bracing reduces combat damage by 1.

  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | PK-5 Kite      | B    | [2, 0] |

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-WPN-1 @ruling:derived
  Scenario: The surviving defender attacks back at a lower cost, as a full nested attack
    Given "PK-5 Kite" will use "Return Fire"
    And "Return Fire" chooses weapon "Beam Spray Gun"
    And the nested attack dice will show 6, 6, 1
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "PK-5 Kite" has 3 hit points
    And "PK-5 Kite" attacks "Cara's Strider" back with Beam Spray Gun
    And "Cara's Strider" has 3 hit points
    And "PK-5 Kite"'s Timeline token is on space 1
    And the trace says "that attack runs its whole sequence before this one goes on"
    And the trace says "PK-5 Kite's Return Fire: this attack's Timeline cost changes by -1"
    And the attack runs to its end

  @clause:GA-SEQ-12 @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: A defender that did not survive cannot attack back: by default it cannot respond at all
    Given the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    And "PK-5 Kite" will use "Return Fire"
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "PK-5 Kite" is defeated
    And "PK-5 Kite" cannot use "Return Fire"
    And no attack is made back

  @clause:GA-SEQ-12 @clause:GA-DEF-2 @ruling:interpretation @interpretation:defeated_unit_responses @faq:Q19
  Scenario: Even where defeated units may respond, "if it survives" stops the attack back
    Given the interpretation defeated_unit_responses is may_respond
    And the unit states:
      | name      | hp |
      | PK-5 Kite | 1  |
    And "PK-5 Kite" will use "Return Fire"
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "PK-5 Kite" is defeated
    And no attack is made back
    And the trace says "self_survived is False"

  @clause:GA-SEQ-12 @clause:GA-TGT-1 @clause:GA-LOS-4 @ruling:derived
  Scenario: The attack back must itself be legal: without Line of Sight it is not made
    Given the pieces:
      | name               | side | at     |
      | Cara's Strider     | A    | [0, 0] |
      | Strider: Minelayer | A    | [1, 0] |
      | PK-5 Kite          | B    | [2, 0] |
    And "PK-5 Kite" will use "Return Fire"
    And "Return Fire" chooses weapon "Beam Spray Gun"
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "PK-5 Kite" has 3 hit points
    And "Cara's Strider" has 5 hit points

  @clause:GA-SEQ-12 @ruling:derived
  Scenario: The weapon of the attack back is the player's choice, and an unscripted choice is an error
    Given "PK-5 Kite" will use "Return Fire"
    And the nested attack dice will show 6, 6, 1
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then resolving fails because the choice 'weapon' is not scripted

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: The same Response from a scenario file, with the attack back's dice scripted as nested
    Given the scenario "attack_gm_return_fire.yaml"
    When the attack in the scenario file is resolved
    Then "PK-5 Kite" attacks "Cara's Strider" back with Beam Spray Gun
    And "Cara's Strider" has 3 hit points

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-DEF-2 @clause:GA-DEF-7 @ruling:derived
  Scenario: An attack back that defeats the attacker ends the attacker's attack
    Given the unit states:
      | name           | hp | activating |
      | Cara's Strider | 2  | yes        |
    And "PK-5 Kite" will use "Return Fire"
    And "Return Fire" chooses weapon "Beam Spray Gun"
    And the nested attack dice will show 6, 6, 1
    When "Cara's Strider" attacks "PK-5 Kite" with Zaku Machine Gun and rolls 5, 5, 1, 1
    Then "Cara's Strider" is defeated
    And the attack ends early
    And the activation ends

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @clause:GA-CRIT-3 @ruling:derived
  Scenario: The attack back rolls its own dice, and its critical hit's additional die is an additional die
    Given the pieces:
      | name           | side | at     |
      | PK-5 Kite      | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And "Cara's Strider" will use "Return Fire"
    And "Return Fire" chooses weapon "Zaku Bazooka"
    And the nested attack dice will show 10, 1, 1
    And the additional dice will show 6
    When "PK-5 Kite" attacks "Cara's Strider" with Beam Spray Gun and rolls 1, 1, 1
    Then "Cara's Strider" attacks "PK-5 Kite" back with Zaku Bazooka
    And the attack runs to its end

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: An attack back may itself be answered by an attack back, eight attacks deep
    Given the scenario "attack_return_fire_chain_eight.yaml"
    When the attack in the scenario file is resolved
    Then "PK-5 Kite" attacks "Cara's Strider" back with Beam Spray Gun
    And the attack runs to its end
    And "Cara's Strider"'s Timeline token is on space 11

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: A ninth attack made inside attacks made by effects is refused as a card that loops
    Given the scenario "nested_return_fire_nine_deep.yaml"
    When the attack in the scenario file is resolved
    Then resolving fails because attacks made by effects nest more than 8 deep

  @clause:GA-SEQ-12 @clause:GA-SEQ-13 @ruling:derived
  Scenario: In an attack back, an attack back's weapon is the player's choice too, and an unscripted one is an error
    Given the scenario "nested_return_fire_unscripted.yaml"
    When the attack in the scenario file is resolved
    Then resolving fails because the choice 'weapon' is not scripted
