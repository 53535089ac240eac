"""Every scenario of rulecheck_gundam_assemble/features/gundam_assemble/ as a pytest item; and the Python card-ability API
(``rulecheck_gundam_assemble.engine.python_abilities``), which a scenario file can name only through an
installed package's entry point: here its cards are classes of this file, handed to the card
loader in process, and each test plays a whole attack with one and checks the ruling, the trace
and the one-line error a badly written card gets. Last, the card loader itself, fed one small
card at a time: the whole one-line refusal of each card outside the vocabulary and each field it
reads, which a scenario (run only on cards that load) cannot show; and the battle it builds."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pytest_bdd import scenarios

from rulecheck_gundam_assemble.card_plugins import bundled_catalogue, catalogue_with
from rulecheck_gundam_assemble.engine.abilities import (
    ABILITY_KEYS,
    CRITICAL_WINDOWS,
    EFFECT_KEYS,
    EFFECTS,
    RECIPIENTS,
    RESPONSE_WINDOWS,
    TRIGGERS,
    WEAPON_EFFECT_WINDOWS,
    WINDOWS,
    AbilityError,
    Effect,
    refuse_other_chapters,
)
from rulecheck_gundam_assemble.engine.area_effect import AreaPattern, Placement, find_placement, placements
from rulecheck_gundam_assemble.engine.attack import resolve_attack
from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece, hexagon
from rulecheck_gundam_assemble.engine.card_delayed import resolve_delayed
from rulecheck_gundam_assemble.engine.card_moves import check_scripted_moves, parse_critical_moves
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError, Response
from rulecheck_gundam_assemble.engine.python_abilities import CardAbility
from rulecheck_gundam_assemble.engine.setup import declaration_from_data
from rulecheck_gundam_assemble.engine.targeting import check_reach
from rulecheck_gundam_assemble.engine.units import (
    UNIT_KEYS,
    WEAPON_KEYS,
    CriticalEffect,
    Delayed,
    UnitProfile,
    UnitState,
    Weapon,
    battle_from_entries,
    parse_catalogue,
    parse_weapon,
)
from rulecheck_gundam_assemble.layout import LAYOUT
from rules.dice import ScriptedDice
from rules.rulebook import load, observing_reads

scenarios(str(LAYOUT.features))

RULES = load("gundam_assemble")
ZAKU = "Cara's Strider"  # 5 hit points, no Shields (bundled cards)
MISSES = (1, 1)  # the Tester's Gun rolls 2 dice; 1s miss (GA-HIT-1)


class PickATarget(CardAbility):
    """The player picks a unit, the target first among the options; it takes 1 non-combat damage
    if it is a target of the attack (the API's effects reach only the attack's targets)."""

    window = "before_attack_roll"
    trigger = "own_attack"
    text = "1 non-combat damage to a picked unit"

    def resolve(self, play):
        who = play.choose("victim", [*play.targets, play.attacker])
        hp = play.unit(who).hp
        play.emit("picked", ("GA-SEQ-4",), f"{who} is picked", {"victim": who, "hp": hp})
        play.effect({"kind": "non_combat_damage", "amount": 1}, recipients=[who])


class ShieldUp(CardAbility):
    """No text: its trace names the class. Its unit (or, for a Tactics card, its side's unit in
    the attack) gains a Shield; the amount is a free choice of its player (no options)."""

    window = "before_attack_roll"
    trigger = "own_attack"

    def resolve(self, play):
        amount = play.choose("amount")
        play.emit(
            "seen",
            ("GA-SEQ-4",),
            "what the card sees",
            {
                "window": play.window,
                "side": play.side,
                "user": play.user,
                "attacker": play.attacker,
                "weapon": play.weapon,
                "targets": play.targets,
                "units": sorted(play.battle.units),
            },
        )
        play.effect({"kind": "gain_shields", "amount": amount})


class DamageAll(CardAbility):
    """Damage+1 against every target, with no recipients given (the effect's own default)."""

    window = "before_attack_roll"

    def resolve(self, play):
        play.effect({"kind": "damage_plus", "amount": 1})


class Reroller(CardAbility):
    """After Attack Roll: reroll the die the player picks; the trace shows the new face."""

    window = "after_attack_roll"

    def resolve(self, play):
        face = play.choose("die", sorted(set(play.faces)))
        new = play.reroll([face])
        play.emit("rerolled", ("GA-ROLL-1",), f"{face} became {new}", {"faces": list(play.faces), "new": new})


class EarlyReroller(CardAbility):
    window = "before_attack_roll"

    def resolve(self, play):
        play.reroll([1])


class CitesNothing(CardAbility):
    window = "before_attack_roll"

    def resolve(self, play):
        play.emit("oops", ("NOT-A-CLAUSE",), "an event without a real clause")


class CitesNoClause(CardAbility):
    window = "before_attack_roll"

    def resolve(self, play):
        play.emit("oops", (), "an event citing no clause")


class UnknownEffect(CardAbility):
    window = "before_attack_roll"

    def resolve(self, play):
        play.effect({"kind": "damage_plus_plus", "amount": 1})


class Buggy(CardAbility):
    window = "before_attack_roll"

    def resolve(self, play):
        return 1 / 0


PYTHON_CARDS = {
    "pick": PickATarget,
    "shield_up": ShieldUp,
    "damage_all": DamageAll,
    "reroller": Reroller,
    "early_reroller": EarlyReroller,
    "bad_cite": CitesNothing,
    "no_cite": CitesNoClause,
    "unknown_effect": UnknownEffect,
    "buggy": Buggy,
}

CARDS = {
    "units": [
        {
            "name": "Tester",
            "hp": 4,
            "vp": 1,
            "weapons": [{"name": "Gun", "tl_cost": 2, "range": 3, "strength": 2}],
            "abilities": [
                {"name": "Pick", "python": "pick"},
                {"name": "Short Pick", "python": "pick", "within": 1},  # the Zaku is 2 hexes away
                {"name": "Shield Up", "python": "shield_up"},
                {"name": "Damage All", "python": "damage_all"},
                {"name": "Reroll", "python": "reroller"},
                {"name": "Early Reroll", "python": "early_reroller"},
                {"name": "Bad Cite", "python": "bad_cite"},
                {"name": "No Cite", "python": "no_cite"},
                {"name": "Unknown Effect", "python": "unknown_effect"},
                {"name": "Buggy", "python": "buggy"},
            ],
        }
    ],
    "tactics": [{"name": "Shield Drill", "python": "shield_up"}],
}


def _catalogue(python_cards=None):
    return parse_catalogue(CARDS, PYTHON_CARDS if python_cards is None else python_cards, bundled_catalogue())


def _tester_and_zaku(cat, tester=None, zaku=None):
    """The Tester (side A) and the Zaku two hexes away (side B), from these cards; ``tester`` and
    ``zaku`` add to their unit entries."""
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    entries = {"Tester": {"side": "A", **(tester or {})}, ZAKU: {"side": "B", **(zaku or {})}}
    return battle_from_entries(board, entries, cat)


def _attack(ability: str | None, choices=None, dice=None, strict=True, python_cards=None):
    """The Tester (side A) attacks the Zaku two hexes away with its Gun, using this ability (or
    this Tactics card of player A) in the ability's own window; None: no Response."""
    dice = dice or ScriptedDice.of(attack=list(MISSES))
    cat = _catalogue(python_cards)
    battle = _tester_and_zaku(cat)
    if ability is None:
        return resolve_attack(battle, AttackDeclaration("Tester", "Gun", ZAKU), dice, RULES, strict=strict)
    if ability in cat.tactics:
        card = cat.tactics[ability]
        r = Response(card.window, card, side="A", choices=choices or {})
    else:
        card = battle.unit("Tester").profile.abilities[ability]
        r = Response(card.window, card, unit="Tester", choices=choices or {})
    decl = AttackDeclaration("Tester", "Gun", ZAKU, responses=(r,))
    return resolve_attack(battle, decl, dice, RULES, strict=strict)


def _steps(result, prefix: str):
    return [e for e in result.events if e.step.startswith(prefix)]


def test_python_card_scripted_choice_damages_the_picked_target_and_cites_its_clause():
    result = _attack("Pick", {"victim": ZAKU})
    assert result.battle.unit(ZAKU).hp == 4
    (used,) = _steps(result, "before_attack_roll.response")
    assert used.text.endswith("uses the ability Pick: 1 non-combat damage to a picked unit")
    (picked,) = _steps(result, "before_attack_roll.card.")
    assert picked.step == "before_attack_roll.card.picked"
    assert picked.clauses == ("GA-SEQ-4",)
    assert picked.text == f"Tester's Pick: {ZAKU} is picked"
    assert picked.data == {"victim": ZAKU, "hp": 5}
    damage = [e for e in result.events if e.step.startswith("before_attack_roll.") and ZAKU in e.text]
    assert any(e.text.startswith("Tester's Pick") for e in damage if e is not picked)


def test_python_card_effect_reaches_only_the_targets_it_names():
    """Picking the attacker: the card names it as the only recipient, so nobody takes damage
    (not the target either)."""
    result = _attack("Pick", {"victim": "Tester"})
    assert (result.battle.unit(ZAKU).hp, result.battle.unit("Tester").hp) == (5, 4)


def test_python_card_effect_keeps_the_reach_of_its_card():
    """The same card with 'within: 1': the Zaku, 2 hexes away, is out of its reach (GA-WR-2)."""
    result = _attack("Short Pick", {"victim": ZAKU})
    assert result.battle.unit(ZAKU).hp == 5
    assert _steps(result, "before_attack_roll.out_of_reach")


def test_python_card_effect_without_recipients_uses_the_effects_default():
    """Damage+1 against the attack's targets: one more damage than the same hits without it."""
    plain = _attack(None, dice=ScriptedDice.of(attack=[6, 6]))
    boosted = _attack("Damage All", dice=ScriptedDice.of(attack=[6, 6]))
    assert boosted.battle.unit(ZAKU).hp == plain.battle.unit(ZAKU).hp - 1
    (mod,) = _steps(boosted, "before_attack_roll.modifier")
    assert mod.data == {"target": ZAKU} and mod.text.startswith("Tester's Damage All: ")


def test_python_card_free_choice_and_self_effect_on_its_unit():
    result = _attack("Shield Up", {"amount": 2})
    assert result.battle.unit("Tester").shields == 2
    (used,) = _steps(result, "before_attack_roll.response")
    assert used.text.endswith("uses the ability Shield Up: ShieldUp")
    (seen,) = _steps(result, "before_attack_roll.card.seen")
    assert seen.data == {
        "window": "before_attack_roll",
        "side": "A",
        "user": "Tester",
        "attacker": "Tester",
        "weapon": "Gun",
        "targets": [ZAKU],
        "units": sorted(["Tester", ZAKU]),
    }
    (shields,) = _steps(result, "before_attack_roll.shields")
    assert shields.text.startswith("Tester's Shield Up")


def test_python_tactics_card_belongs_to_its_player_and_helps_its_sides_unit():
    result = _attack("Shield Drill", {"amount": 1})
    assert result.battle.unit("Tester").shields == 1
    (seen,) = _steps(result, "before_attack_roll.card.seen")
    assert (seen.data["side"], seen.data["user"]) == ("A", None)
    assert seen.text.startswith("player A's Shield Drill: ")


def test_python_card_reroll_replaces_the_picked_die():
    """The Gun rolls 1 and 3; the player rerolls the 3 (not the lowest die) into a 9."""
    dice = ScriptedDice.of(attack=[1, 3], reroll=[9])
    result = _attack("Reroll", {"die": 3}, dice=dice)
    assert sorted(result.faces) == [1, 9]
    (reroll,) = _steps(result, "after_attack_roll.reroll")
    assert reroll.data["picked"] == [3] and reroll.text.startswith("Tester's Reroll: ")
    (card,) = _steps(result, "after_attack_roll.card.")
    assert card.data == {"faces": [1, 9], "new": (9,)}


def test_python_card_rerolls_only_after_the_attack_roll():
    with pytest.raises(
        AttackError, match="^Tester's Early Reroll: dice can be rerolled only After Attack Roll$"
    ):
        _attack("Early Reroll")


def test_python_card_unscripted_choice_is_an_error_in_strict_mode_and_the_first_option_otherwise():
    with pytest.raises(AttackError) as err:
        _attack("Pick")
    assert str(err.value) == f"Tester's Pick: the choice 'victim' is not scripted (options: {ZAKU}, Tester)"
    assert err.value.field == "responses[0].choices"
    with pytest.raises(AttackError) as err:
        _attack("Shield Up")
    assert str(err.value) == "Tester's Shield Up: the choice 'amount' is not scripted"
    assert err.value.field == "responses[0].choices"
    result = _attack("Pick", strict=False)
    (default,) = _steps(result, "before_attack_roll.default_choice")
    assert default.data == {"choice": "victim", "value": ZAKU}
    assert result.battle.unit(ZAKU).hp == 4
    # a choice with no options has no first option: an error even when lenient
    with pytest.raises(AttackError, match="the choice 'amount' is not scripted"):
        _attack("Shield Up", strict=False)


def test_python_card_scripted_choice_never_asked_for_is_an_error():
    with pytest.raises(AttackError, match="the scripted choice 'colour' was never asked for"):
        _attack("Pick", {"victim": ZAKU, "colour": "red"})


def test_python_card_choice_outside_its_options_is_an_error():
    with pytest.raises(AttackError, match="not one of") as err:
        _attack("Pick", {"victim": "QZ-82 Sentinel"})
    assert err.value.field == "responses[0].choices"


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        (
            "Bad Cite",
            "Tester's Bad Cite: an event must cite clause ids of the rulebook (unknown: NOT-A-CLAUSE)",
        ),
        ("No Cite", "Tester's No Cite: an event must cite clause ids of the rulebook (none given)"),
        ("Unknown Effect", "Tester's Unknown Effect effect.kind: "),
        ("Buggy", "Tester's Buggy: the Python ability failed: ZeroDivisionError: division by zero"),
    ],
)
def test_python_card_written_badly_is_one_line_naming_the_card(ability, message):
    with pytest.raises(AttackError) as err:
        _attack(ability)
    assert str(err.value).startswith(message) and "\n" not in str(err.value), err.value


class NoTrigger:
    """A card class not derived from CardAbility: no trigger, so its own attacks (the default)."""

    window = "before_attack_roll"

    def resolve(self, play):
        play.effect({"kind": "gain_shields", "amount": 1})


class NoWindow:
    def resolve(self, play):
        pass


class NoResolve:
    window = "before_attack_roll"
    trigger = "own_attack"


class WrongWindow(CardAbility):
    window = "before_the_roll"


class WrongTrigger(CardAbility):
    window = "before_attack_roll"
    trigger = "sometimes"


class BrokenPackage(dict):
    """An installed entry point whose module does not import (as ``card_plugins`` reports it)."""

    def __getitem__(self, name):
        raise AbilityError(f"the entry point {name} = broken:Card cannot be loaded: ImportError")


ONE_CARD = {"units": [{"name": "U", "hp": 3, "vp": 1, "abilities": [{"name": "A", "python": "x"}]}]}


def test_python_card_loader_takes_a_class_or_an_instance_and_defaults_the_trigger():
    for card in (NoTrigger, NoTrigger()):
        cat = parse_catalogue(ONE_CARD, {"x": card})
        ability = cat.units["U"].abilities["A"]
        assert (ability.window, ability.trigger, type(ability.card)) == (
            "before_attack_roll",
            "own_attack",
            NoTrigger,
        )


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({}, "no Python ability 'x' in the entry point group rulecheck.abilities (found: none installed)"),
        ({"y": NoTrigger}, "no Python ability 'x' in the entry point group rulecheck.abilities (found: y)"),
        (BrokenPackage(x=None), "the entry point x = broken:Card cannot be loaded: ImportError"),
        ({"x": NoWindow}, "the Python ability 'x' needs a window"),
        ({"x": NoResolve}, "the Python ability 'x' needs a window"),
        ({"x": WrongWindow}, "the Python ability 'x' needs a window"),
        ({"x": WrongTrigger}, "the Python ability 'x' needs a window"),
    ],
)
def test_python_card_loader_refuses_a_card_it_cannot_play_in_one_line_at_the_python_key(cards, message):
    with pytest.raises(AbilityError) as err:
        parse_catalogue(ONE_CARD, cards)
    assert str(err.value).startswith(f"units[0].abilities[0].python: {message}"), err.value


# --- Refusals of a malformed Response that no scenario file can write (the step and the loader
# always give a Tactics card its player) or whose whole message and field a scenario cannot show.


def _respond_with_tactics(card_name: str, side: str | None, dice: tuple[int, ...] = (), rolled=MISSES):
    """The Tester (side A) attacks the Zaku with its Gun (it rolls ``rolled``) and this bundled
    Tactics card is played in its own window, by ``side`` (None: no player named), picking ``dice``."""
    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    card = cat.tactics[card_name]
    decl = AttackDeclaration(
        "Tester", "Gun", ZAKU, responses=(Response(card.window, card, side=side, dice=dice),)
    )
    return resolve_attack(
        battle, decl, ScriptedDice.of(attack=list(rolled), reroll=[5] if dice else []), RULES
    )


@pytest.mark.parametrize(
    ("card_name", "side", "dice", "message"),
    [
        ("Steady Aim", None, (), "Tactics card Steady Aim: say which player plays it ('side')"),
        ("Recalibrate", "A", (1, 1), "player A's Recalibrate: rerolls 1 dice, 2 were picked"),
        ("Recalibrate", "A", (6,), "player A's Recalibrate: no die shows 6 to reroll (dice: (1, 1))"),
    ],
)
def test_malformed_tactics_response_is_one_line_naming_the_card_and_no_field(card_name, side, dice, message):
    with pytest.raises(AttackError) as err:
        _respond_with_tactics(card_name, side, dice)
    assert (str(err.value), err.value.field) == (message, None)


def test_reroll_of_the_picked_die_rerolls_that_die_not_the_lowest():
    result = _respond_with_tactics("Recalibrate", "A", (3,), rolled=(1, 3))
    (reroll,) = _steps(result, "after_attack_roll.reroll")
    assert reroll.data == {"picked": [3], "new": [5], "faces": [1, 5]}


def test_lasting_card_that_keeps_area_attacks_off_its_unit_shows_no_amount_in_the_outcome():
    result = _respond_with_tactics("Hypothetical (Q.59): Going Dark", "A")
    assert result.outcome()["lasting"] == [
        {
            "unit": "Tester",
            "source": "player A's Hypothetical (Q.59): Going Dark",
            "effect": "cannot_be_targeted",
            "amount": 0,
            "until": "end of turn",
        }
    ]


def test_critical_attack_effect_without_a_weapon_is_one_line_naming_the_unit_s_weapons():
    """A critical hit effect has no player's Response to script a weapon choice in: an ``attack``
    effect there must name its weapon, and a card that does not is refused in one line."""
    pursuer = {
        "name": "Pursuer",
        "hp": 4,
        "vp": 1,
        "weapons": [
            {
                "name": "Chaser",
                "tl_cost": 2,
                "range": 3,
                "strength": 2,
                "critical": {
                    "window": "after_combat_damage",
                    "effects": [{"kind": "attack", "to": "targets"}],
                },
            }
        ],
    }
    cat = parse_catalogue({"units": [pursuer]}, {}, bundled_catalogue())
    board = Board(pieces=(Piece("Pursuer", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Pursuer": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    with pytest.raises(AttackError) as err:
        resolve_attack(
            battle, AttackDeclaration("Pursuer", "Chaser", ZAKU), ScriptedDice.of(attack=[9, 1]), RULES
        )
    assert (str(err.value), err.value.field) == (
        "critical effect of Chaser: Pursuer has no weapon None (weapons: Chaser)",
        None,
    )


# The card loader (``units.parse_catalogue`` and the ability and weapon parsers under it), fed one
# small card at a time. A refusal reaches the user as one line, "file:line: FIELD: MESSAGE", the
# field being the part of the error before the first ": " (``rulecheck_gundam_assemble.card_plugins``): each case
# checks the whole text. An accepted card is checked field by field against the parsed value.


def _unit_card(**fields):
    return {"units": [{"name": "U", "hp": 3, "vp": 1, **fields}]}


def _ability_card(**fields):
    return _unit_card(abilities=[{"name": "A", **fields}])


def _effect_card(effect, window="before_attack_roll", **fields):
    return _ability_card(window=window, effects=[effect], **fields)


def _timed(effect, window="after_combat_damage"):  # a weapon effect with a window of its own
    return {**effect, "window": window}


def _weapon_card(**fields):
    return _unit_card(weapons=[{"name": "W", "tl_cost": 2, "strength": 2, "range": 3, **fields}])


class AttackedTrigger(CardAbility):
    window = "before_attack_roll"
    trigger = "attacked"

    def resolve(self, play):
        pass


EFFECT = "units[0].abilities[0].effects[0]"
WEAPON = "units[0].weapons[0]"
NO_CHOICE = "a weapon effect has no player's choice to script"
ANY_TYPE = (
    "a weapon's gained Upgrade of any type is its player's choice, and a weapon effect has no Response to "
    "script it on: name the type (Strength, Shield, Speed)"
)
ANOTHER_CHAPTER = "a mechanic of another chapter of the rules; rulecheck models the attack chapter only"
CARD_REFUSALS = {
    "effect kind": (
        _effect_card({"kind": "zap"}),
        f"{EFFECT}.kind: 'zap' is not an effect (expected one of {', '.join(EFFECTS)})",
    ),
    "effect key": (
        _effect_card({"kind": "strength", "amount": 1, "on": "self"}),
        f"{EFFECT}.on: unknown key (expected one of {', '.join(EFFECT_KEYS)})",
    ),
    "recipient": (
        _effect_card({"kind": "strength", "to": "everyone"}),
        f"{EFFECT}.to: 'everyone' is not a recipient (expected one of {', '.join(RECIPIENTS)})",
    ),
    "inflicted status": (
        _effect_card({"kind": "inflict_status"}),
        f"{EFFECT}.status: an inflict_status effect names its status",
    ),
    "removed status": (
        _effect_card({"kind": "remove_status"}),
        f"{EFFECT}.status: an remove_status effect names its status",
    ),
    "no faces": (
        _effect_card({"kind": "critical_faces", "faces": []}),
        f"{EFFECT}.faces: a critical_faces effect lists the faces, e.g. [7, 8]",
    ),
    "face 0": (
        _effect_card({"kind": "critical_faces", "faces": [7, 0]}),
        f"{EFFECT}.faces: a critical_faces effect lists the faces, e.g. [7, 8]",
    ),
    "face word": (
        _effect_card({"kind": "critical_faces", "faces": ["seven"]}),
        f"{EFFECT}.faces: a critical_faces effect lists the faces, e.g. [7, 8]",
    ),
    "granted upgrade": (
        _effect_card({"kind": "grant_upgrade"}),
        f"{EFFECT}.upgrade: name the Upgrade type (Strength, Shield, Speed)",
    ),
    "destroyed upgrade": (
        _effect_card({"kind": "destroy_upgrade"}),
        f"{EFFECT}.upgrade: name the Upgrade type (Strength, Shield, Speed)",
    ),
    "upgrade type": (
        _effect_card({"kind": "grant_upgrade", "upgrade": "Armour"}),
        f"{EFFECT}.upgrade: 'Armour' is not an Upgrade type (expected one of Strength, Shield, Speed, any)",
    ),
    "per upgrade type": (
        _effect_card({"kind": "strength", "amount": 1, "per_upgrade": "Armour"}),
        f"{EFFECT}.per_upgrade: 'Armour' is not an Upgrade type (expected one of Strength, Shield, Speed, any)",
    ),
    "duration": (
        _effect_card({"kind": "strength", "amount": 1, "duration": "forever"}),
        f"{EFFECT}.duration: 'forever' is not a duration (expected one of attack, activation, turn)",
    ),
    "untargetable for the attack": (
        _effect_card({"kind": "cannot_be_targeted"}),
        f"{EFFECT}.duration: say how long its unit cannot be targeted (activation or turn)",
    ),
    "attack on itself": (
        _effect_card({"kind": "attack", "to": "self"}, window="after_combat_damage"),
        f"{EFFECT}.to: 'self': an attack effect attacks the attacker or a target (to: attacker, one_target, targets)",
    ),
    "closed window": (
        _effect_card({"kind": "forbid_responses", "windows": ["critical"]}, window="ongoing"),
        f"{EFFECT}.windows: list the Response windows it closes ({', '.join(RESPONSE_WINDOWS)})",
    ),
    "no closed window": (
        _effect_card({"kind": "forbid_responses", "windows": []}, window="ongoing"),
        f"{EFFECT}.windows: list the Response windows it closes ({', '.join(RESPONSE_WINDOWS)})",
    ),
    "by": (
        _effect_card({"kind": "strength", "amount": 1, "by": "area"}),
        f"{EFFECT}.by: 'area' is not one of any",
    ),
    "amount": (
        _effect_card({"kind": "strength", "amount": "2"}),
        f"{EFFECT}.amount: '2' is not a whole number",
    ),
    "hit points of another effect": (
        _effect_card({"kind": "strength", "amount": 1, "hit_points": 1}),
        f"{EFFECT}.hit_points: only a prevent_defeat effect leaves its unit hit points",
    ),
    "defeat prevented for a target": (
        _effect_card({"kind": "prevent_defeat", "to": "targets", "hit_points": 1}, window="ongoing"),
        f"{EFFECT}.to: 'targets': a prevent_defeat effect keeps its own unit on the board (to: self)",
    ),
    # Recipients the engine would not act on: refused, not silently ignored (abilities.recipients_for).
    "damage on the attack as a whole": (
        _effect_card({"kind": "damage_plus", "amount": 1, "to": "attack"}),
        f"{EFFECT}.to: 'attack': a damage_plus effect acts on units, not on the attack "
        "(to: targets, one_target, self, attacker, another_ally)",
    ),
    "non-combat damage to the attack": (
        _effect_card(
            {"kind": "non_combat_damage", "amount": 1, "to": "attack"}, window="after_combat_damage"
        ),
        f"{EFFECT}.to: 'attack': a non_combat_damage effect acts on units, not on the attack "
        "(to: targets, one_target, self, attacker, another_ally)",
    ),
    "Strength given to one target": (
        _effect_card({"kind": "strength", "amount": 1, "to": "one_target"}),
        f"{EFFECT}.to: 'one_target': a strength effect changes the attack as a whole (to: attack)",
    ),
    "ongoing Strength for its own unit": (
        _effect_card({"kind": "strength", "amount": 1, "to": "self"}, window="ongoing"),
        f"{EFFECT}.to: 'self': a strength effect changes the attack as a whole (to: attack)",
    ),
    "area damage aimed at the targets": (
        _effect_card(
            {"kind": "area_damage", "amount": 1, "to": "targets"}, window="after_combat_damage", within=2
        ),
        f"{EFFECT}.to: 'targets': an area_damage effect reaches out from its own unit (to: self)",
    ),
    "ongoing damage for one target": (
        _effect_card({"kind": "damage_plus", "amount": 1, "to": "one_target"}, window="ongoing"),
        f"{EFFECT}.to: 'one_target': a damage_plus effect of an ongoing ability or weapon acts on its own "
        "unit or on every target (to: self, targets)",
    ),
    "ongoing damage reduction for the attacker": (
        _effect_card({"kind": "damage_reduction", "amount": 1, "to": "attacker"}, window="ongoing"),
        f"{EFFECT}.to: 'attacker': a damage_reduction effect of an ongoing ability or weapon acts on its "
        "own unit or on every target (to: self, targets)",
    ),
    "lasting damage bonus kept by the target": (
        _effect_card({"kind": "damage_plus", "amount": 1, "duration": "turn"}),
        f"{EFFECT}.to: 'targets': a lasting damage_plus effect adds to the later attacks of the unit "
        "that keeps it (to: self, attacker)",
    ),
    "a defending side's ongoing ability closing the window before the attack": (
        _effect_card(
            {"kind": "forbid_responses", "windows": ["before_attack"]}, window="ongoing", trigger="defending"
        ),
        f"{EFFECT}.windows: an ability used when its unit is attacked or defending is not in play "
        "before the attack starts, so it cannot close before_attack",
    ),
    "ongoing ability for an ally's attack": (
        _effect_card({"kind": "accuracy", "amount": 1}, window="ongoing", trigger="ally_attacks"),
        "units[0].abilities[0].trigger: an ongoing accuracy effect applies to its own unit's attacks or "
        "to attacks on it, so 'ally_attacks' never puts it in play",
    ),
    "a target's ongoing ability closing the window before the attack": (
        _effect_card(
            {"kind": "forbid_responses", "windows": ["before_attack", "after_attack_roll"]},
            window="ongoing",
            trigger="attacked",
        ),
        f"{EFFECT}.windows: an ability used when its unit is attacked or defending is not in play "
        "before the attack starts, so it cannot close before_attack",
    ),
    "defeat prevented with an amount": (
        _effect_card({"kind": "prevent_defeat", "amount": 1, "hit_points": 1}, window="ongoing"),
        f"{EFFECT}.amount: a prevent_defeat effect takes hit_points, not amount",
    ),
    "defeat prevented per upgrade": (
        _effect_card({"kind": "prevent_defeat", "per_upgrade": "Shield", "hit_points": 1}, window="ongoing"),
        f"{EFFECT}.per_upgrade: a prevent_defeat effect takes hit_points, not per_upgrade",
    ),
    "defeat prevented at 0 hit points": (
        _effect_card({"kind": "prevent_defeat", "hit_points": 0}, window="ongoing"),
        f"{EFFECT}.hit_points: 0 is not a number of hit points to stay with (a whole number, 1 or more)",
    ),
    "defeat prevented at true hit points": (
        _effect_card({"kind": "prevent_defeat", "hit_points": True}, window="ongoing"),
        f"{EFFECT}.hit_points: True is not a number of hit points to stay with (a whole number, 1 or more)",
    ),
    "defeat prevented at a word of hit points": (
        _effect_card({"kind": "prevent_defeat", "hit_points": "one"}, window="ongoing"),
        f"{EFFECT}.hit_points: 'one' is not a number of hit points to stay with (a whole number, 1 or more)",
    ),
    "Tactics card as text": (
        {"tactics": ["Shield Up"]},
        "tactics[0]: an ability is a mapping with a name, a window and effects",
    ),
    "ability key": (
        _ability_card(window="ongoing", effects=[{"kind": "strength"}], timing="later"),
        f"units[0].abilities[0].timing: unknown key (expected one of {', '.join(ABILITY_KEYS)})",
    ),
    "ability name": (
        _unit_card(abilities=[{"window": "ongoing", "effects": [{"kind": "strength"}]}]),
        "units[0].abilities[0].name: an ability has a name",
    ),
    "window": (
        _ability_card(window="later", effects=[{"kind": "strength"}]),
        f"units[0].abilities[0].window: 'later' is not a window (expected one of {', '.join(WINDOWS)})",
    ),
    "window of a Python ability": (
        _ability_card(python="attacked", window="ongoing"),
        "units[0].abilities[0].window: the Python ability attacked is a before_attack_roll ability",
    ),
    "trigger": (
        _ability_card(window="ongoing", trigger="sometimes", effects=[{"kind": "strength"}]),
        f"units[0].abilities[0].trigger: 'sometimes' is not a trigger (expected one of {', '.join(TRIGGERS)})",
    ),
    "upgrade condition": (
        _ability_card(window="ongoing", when={"has_upgrade": "Armour"}, effects=[{"kind": "strength"}]),
        "units[0].abilities[0].when.has_upgrade: 'Armour' is not an Upgrade type (expected one of Strength, Shield, Speed, any)",
    ),
    "no effects": (
        _ability_card(window="ongoing", effects=[]),
        "units[0].abilities[0].effects: an ability has at least one effect",
    ),
    "defeat prevented by a Tactics card": (
        {
            "tactics": [
                {
                    "name": "T",
                    "window": "ongoing",
                    "effects": [{"kind": "prevent_defeat", "hit_points": 1}],
                }
            ]
        },
        "tactics[0]: a prevent_defeat effect is an ongoing ability of the unit it keeps on the board",
    ),
    "Tactics card effect": (
        {"tactics": [{"name": "T", "window": "ongoing", "effects": [{"kind": "zap"}]}]},
        f"tactics[0].effects[0].kind: 'zap' is not an effect (expected one of {', '.join(EFFECTS)})",
    ),
    "area damage without reach": (
        _effect_card({"kind": "area_damage", "amount": 1}),
        "units[0].abilities[0]: an area_damage ability says how far it reaches ('within' or 'range')",
    ),
    "once per": (
        _effect_card({"kind": "strength", "amount": 1}, once_per="game"),
        "units[0].abilities[0].once_per: 'game' is not one of attack, activation, turn",
    ),
    "card file as a list": ([], "(document): a card file is a mapping with 'units' and/or 'tactics'"),
    "card file key": ({"unit": []}, "unit: unknown key (expected units, tactics)"),
    "unit key": (
        _unit_card(shield=1),
        f"units[0].shield: unknown key (expected one of {', '.join(UNIT_KEYS)})",
    ),
    "unit hit points": ({"units": [{"name": "U", "vp": 1}]}, "units[0].hp: a unit card gives its hp"),
    "unit already in the catalogue": (
        {"units": [{"name": ZAKU, "hp": 3, "vp": 1}]},
        f"units[0].name: a unit card {ZAKU!r} is already in the catalogue",
    ),
    "weapon strength": (
        _unit_card(weapons=[{"name": "W", "tl_cost": 2, "range": 3}]),
        f"{WEAPON}.strength: a weapon gives its strength",
    ),
    "weapon key": (
        _weapon_card(reach=3),
        f"{WEAPON}.reach: unknown key (expected one of {', '.join(WEAPON_KEYS)})",
    ),
    "weapon with range and area": (
        _weapon_card(area={"hexes": [[1, 0]]}),
        f"{WEAPON}: a weapon has either a numeric range or an area pattern",
    ),
    "area on the attacker": (
        _weapon_card(range=None, area={"hexes": [[1, 0], [0, 0]]}),
        f"{WEAPON}.area: an area pattern lists the affected hexes; the attacker's own hex (0, 0) is not one",
    ),
    "area of no hexes": (
        _weapon_card(range=None, area={"hexes": []}),
        f"{WEAPON}.area: an area pattern affects at least one hex",
    ),
    "weapon effect": (
        _weapon_card(effects=[{"kind": "zap"}]),
        f"{WEAPON}.effects[0].kind: 'zap' is not an effect (expected one of {', '.join(EFFECTS)})",
    ),
    "weapon that prevents defeat": (
        _weapon_card(effects=[{"kind": "prevent_defeat", "hit_points": 1}]),
        f"{WEAPON}.effects: a prevent_defeat effect is an ability of a unit, not of a weapon",
    ),
    "critical key": (
        _weapon_card(critical={"effects": [], "crits": 2}),
        f"{WEAPON}.critical.crits: unknown key (expected effects, crits_needed, per_crit, window)",
    ),
    "critical window": (
        _weapon_card(critical={"effects": [], "window": "after_attack_roll"}),
        f"{WEAPON}.critical.window: 'after_attack_roll' is not a critical hit effect window "
        f"(expected one of {', '.join(CRITICAL_WINDOWS)})",
    ),
    "critical effect": (
        _weapon_card(critical={"effects": [{"kind": "tl_cost", "amount": 1}]}),
        f"{WEAPON}.critical.effects[0]: a tl_cost effect cannot be used in the before_attack_roll window "
        "(allowed: before_attack, ongoing)",
    ),
    "weapon effect on its own range": (
        _weapon_card(effects=[{"kind": "range", "amount": 1}]),
        f"{WEAPON}.effects[0].kind: a weapon's range is written as its own range, not as a weapon effect",
    ),
    "weapon effect on its own cost": (
        _weapon_card(effects=[{"kind": "tl_cost", "amount": -1}]),
        f"{WEAPON}.effects[0].kind: a weapon's tl_cost is written as its own tl_cost, not as a weapon effect",
    ),
    "weapon effect on its own unit": (
        _weapon_card(effects=[{"kind": "damage_reduction", "amount": 1, "to": "self"}]),
        f"{WEAPON}.effects[0]: a weapon effect acts on the attack or its targets, not on its own unit "
        "(that is an ongoing ability of the unit)",
    ),
    "weapon that cannot be targeted": (
        _weapon_card(effects=[{"kind": "cannot_be_targeted"}]),
        f"{WEAPON}.effects[0]: a weapon effect acts on the attack or its targets, not on its own unit "
        "(that is an ongoing ability of the unit)",
    ),
    "no targets": (_weapon_card(targets=0), f"{WEAPON}.targets: 0 is not a number of targets (1 or more)"),
    "true targets": (
        _weapon_card(targets=True),
        f"{WEAPON}.targets: True is not a number of targets (1 or more)",
    ),
    "area weapon targets": (
        _weapon_card(range=None, area={"hexes": [[1, 0]]}, targets=2),
        f"{WEAPON}.targets: an area weapon targets every enemy in its area",
    ),
    "Tactics card already in the catalogue": (
        {"tactics": [{"name": "Shield Drill", "python": "attacked"}]},
        "tactics[0].name: a Tactics card 'Shield Drill' is already in the catalogue",
    ),
    "weapon effect's own window": (
        _weapon_card(
            effects=[{"kind": "ignore_los"}, {"kind": "damage_plus", "amount": 1, "window": "ongoing"}]
        ),
        f"{WEAPON}.effects[1].window: 'ongoing' is not a weapon effect's window "
        f"(expected one of {', '.join(WEAPON_EFFECT_WINDOWS)})",
    ),
    "weapon effect with its own window and no known kind": (
        _weapon_card(effects=[_timed({"kind": "zap"})]),
        f"{WEAPON}.effects[0].kind: 'zap' is not an effect (expected one of {', '.join(EFFECTS)})",
    ),
    "weapon effect on one target": (
        _weapon_card(effects=[_timed({"kind": "destroy_upgrade", "upgrade": "Shield", "to": "one_target"})]),
        f"{WEAPON}.effects[0].to: 'one_target': {NO_CHOICE} (to: targets, self or attacker)",
    ),
    "weapon effect on another ally": (
        _weapon_card(effects=[_timed({"kind": "repair", "amount": 1, "to": "another_ally"})]),
        f"{WEAPON}.effects[0].to: 'another_ally': {NO_CHOICE} (to: targets, self or attacker)",
    ),
    "weapon effect from one target": (
        _weapon_card(
            effects=[_timed({"kind": "area_damage", "amount": 1, "from": "one_target", "within": 1})]
        ),
        f"{WEAPON}.effects[0].from: 'one_target': {NO_CHOICE} (from: targets or self)",
    ),
    "weapon effect gaining an Upgrade of any type": (
        _weapon_card(effects=[_timed({"kind": "grant_upgrade", "upgrade": "any", "to": "attacker"})]),
        f"{WEAPON}.effects[0].upgrade: {ANY_TYPE}",
    ),
    "weapon effect making an attack": (
        _weapon_card(effects=[_timed({"kind": "attack"})]),
        f"{WEAPON}.effects[0].kind: a weapon effect does not make another attack",
    ),
    "critical effect rolling dice": (
        _weapon_card(
            critical={
                "effects": [
                    {"kind": "roll_dice", "dice": 1, "at_least": 4, "effects": [{"kind": "strength"}]}
                ]
            }
        ),
        f"{WEAPON}.critical.effects[0].kind: a critical hit effect does not roll dice of its own "
        "(its card's dice could not be scripted before the attack roll)",
    ),
    "critical effect moving a unit": (
        _weapon_card(critical={"effects": [{"kind": "move"}]}),
        f"{WEAPON}.critical.effects[0].kind: a critical hit effect that moves a unit is a dash or a push "
        "with its hexes (the scenario scripts the hex in critical_moves)",
    ),
    "critical effect gaining an Upgrade of any type": (
        _weapon_card(critical={"effects": [{"kind": "grant_upgrade", "upgrade": "any", "to": "attacker"}]}),
        f"{WEAPON}.critical.effects[0].upgrade: {ANY_TYPE}",
    ),
    "effect kind of another chapter": (
        _effect_card({"kind": "rescue"}),
        f"{EFFECT}.kind: 'rescue' needs Rescue (rescuing Garrisons), {ANOTHER_CHAPTER}",
    ),
    "window of an ability's effect": (
        _effect_card({"kind": "strength", "amount": 1, "window": "before_attack_roll"}),
        f"{EFFECT}.window: an ability's effects resolve in the ability's window; only a weapon effect "
        "takes a window of its own",
    ),
    "hexes of an effect that moves nothing": (
        _effect_card({"kind": "strength", "amount": 1, "hexes": 2}),
        f"{EFFECT}.hexes: only a dash or a push moves a unit a number of hexes",
    ),
    "dice of an effect that rolls none": (
        _effect_card({"kind": "strength", "amount": 1, "dice": 2}),
        f"{EFFECT}.dice: only a roll_dice effect takes dice",
    ),
    "at the end of the turn, nothing": (
        _effect_card({"kind": "at_end_of_turn"}),
        f"{EFFECT}.effects: an at_end_of_turn effect lists what happens at the end of the turn",
    ),
    "cost set by a strength effect": (
        _effect_card({"kind": "strength", "amount": 1, "set_to": 1}),
        f"{EFFECT}.set_to: only a tl_cost or an attack effect sets a cost",
    ),
}


@pytest.mark.parametrize(("cards", "message"), CARD_REFUSALS.values(), ids=CARD_REFUSALS)
def test_card_loader_refuses_a_card_outside_the_vocabulary_naming_its_field(cards, message):
    base = _catalogue()  # the bundled cards and the Tester's: the names a new card may not reuse
    with pytest.raises(AbilityError) as err:
        parse_catalogue(cards, {"attacked": AttackedTrigger}, base)
    assert str(err.value) == message


# A card file's words for another chapter's mechanics are refused before its schema check
# (``refuse_other_chapters``), wherever in the file they stand, naming the place and the mechanic.
OTHER_CHAPTER_REFUSALS = {
    "Tactics card's window": (
        {"tactics": [{"name": "T", "window": "deployment"}]},
        "tactics[0].window: 'deployment' needs deployment",
    ),
    "Tactics card's window, with units in the file": (
        {
            "tactics": [{"name": "T", "window": "rescue"}],
            "units": [{"name": "U", "abilities": [{"name": "A"}]}],
        },
        "tactics[0].window: 'rescue' needs Rescue (rescuing Garrisons)",
    ),
    "Tactics card's condition": (
        {"tactics": [{"name": "T", "when": {"objectives_held": 1}}]},
        "tactics[0].when.objectives_held: 'objectives_held' needs objectives",
    ),
    "Tactics card's effect": (
        {"tactics": [{"name": "T", "effects": [{"kind": "strength"}, {"kind": "capture"}]}]},
        "tactics[0].effects[1].kind: 'capture' needs objectives",
    ),
    "effect of a roll": (
        {"tactics": [{"name": "T", "effects": [{"kind": "roll_dice", "effects": [{"kind": "rescue"}]}]}]},
        "tactics[0].effects[0].effects[0].kind: 'rescue' needs Rescue (rescuing Garrisons)",
    ),
    "unit ability's window": (
        {"units": [{"name": "U", "abilities": [{"name": "A"}, {"name": "B", "window": "movement"}]}]},
        "units[0].abilities[1].window: 'movement' needs movement outside an attack",
    ),
    "weapon effect": (
        {"units": [{"name": "U", "weapons": [{"name": "W", "effects": [{"kind": "deploy"}]}]}]},
        "units[0].weapons[0].effects[0].kind: 'deploy' needs deployment",
    ),
    "weapon's critical effect": (
        {
            "units": [
                {"name": "U", "weapons": [{"name": "W", "critical": {"effects": [{"kind": "redeploy"}]}}]}
            ]
        },
        "units[0].weapons[0].critical.effects[0].kind: 'redeploy' needs deployment",
    ),
}


@pytest.mark.parametrize(("cards", "message"), OTHER_CHAPTER_REFUSALS.values(), ids=OTHER_CHAPTER_REFUSALS)
def test_a_card_file_naming_another_chapters_mechanic_is_refused_at_its_place(cards, message):
    with pytest.raises(AbilityError) as err:
        refuse_other_chapters(cards)
    assert str(err.value) == f"{message}, {ANOTHER_CHAPTER}"


def test_a_card_file_of_another_shape_is_left_to_the_checks_that_follow():
    for data in (["deployment"], {"tactics": "rescue", "units": [{"name": "U", "weapons": "deploy"}]}):
        refuse_other_chapters(data)  # nothing refused here: the schema names what is wrong


@pytest.mark.parametrize(
    "shape", [{"range": 4}, {"area": {"hexes": [[1, 0], [2, 0]]}}], ids=["ranged", "area"]
)
def test_a_weapon_effect_that_ignores_line_of_sight_makes_the_weapon_ignore_it(shape):
    # One mechanism for both ways of writing it: single-target and area attacks read ignores_los.
    spec = {"name": "W", "tl_cost": 3, "strength": 3, **shape}
    assert parse_weapon({**spec, "effects": [{"kind": "ignore_los"}]}, "w").ignores_los
    assert not parse_weapon(spec, "w").ignores_los


def _first_effect(cat):
    return cat.units["U"].abilities["A"].effects[0]


CARD_READINGS = {
    "defaults of an effect": (
        _effect_card({"kind": "strength", "amount": 1}),
        _first_effect,
        Effect("strength", 1, "attack", None, (), None, None, "attack", None, 0, (), "any", 0),
    ),
    "an effect with every field": (
        _effect_card(
            {
                "kind": "attack",
                "amount": 2,
                "to": "one_target",
                "per_upgrade": "Strength",
                "weapon": "Gun",
                "tl_cost": -1,
            },
            window="after_combat_damage",
        ),
        _first_effect,
        Effect("attack", 2, "one_target", None, (), None, "Strength", "attack", "Gun", -1, (), "any", 0),
    ),
    "ongoing untargetable unit": (
        _effect_card({"kind": "cannot_be_targeted"}, window="ongoing"),
        _first_effect,
        Effect("cannot_be_targeted", 0, "self"),
    ),
    "untargetable by area attacks this turn": (
        _effect_card({"kind": "cannot_be_targeted", "by": "area", "duration": "turn"}),
        _first_effect,
        Effect("cannot_be_targeted", 0, "self", duration="turn", by="area"),
    ),
    "one Upgrade gained by default": (
        _effect_card({"kind": "grant_upgrade", "upgrade": "Speed"}),
        _first_effect,
        Effect("grant_upgrade", 1, "self", upgrade="Speed"),
    ),
    "one Upgrade destroyed by default": (
        _effect_card({"kind": "destroy_upgrade", "upgrade": "Shield"}),
        _first_effect,
        Effect("destroy_upgrade", 1, "targets", upgrade="Shield"),
    ),
    "critical faces": (
        _effect_card({"kind": "critical_faces", "faces": [1, 7]}),
        _first_effect,
        Effect("critical_faces", 0, faces=(1, 7)),
    ),
    "closed windows": (
        _effect_card({"kind": "forbid_responses", "windows": ["after_combat_damage"]}, window="ongoing"),
        _first_effect,
        Effect("forbid_responses", windows=("after_combat_damage",)),
    ),
    "defeat prevented": (
        _effect_card({"kind": "prevent_defeat", "hit_points": 2}, window="ongoing"),
        _first_effect,
        Effect("prevent_defeat", 0, "self", hit_points=2),
    ),
    "trigger of a Python ability": (
        _ability_card(python="attacked"),
        lambda cat: (cat.units["U"].abilities["A"].window, cat.units["U"].abilities["A"].trigger),
        ("before_attack_roll", "attacked"),
    ),
    "unit card": (
        _unit_card(shields=2),
        lambda cat: cat.units["U"],
        UnitProfile("U", 3, 1, 2, {}, {}),
    ),
    "weapon effect gaining an Upgrade of a named type after damage": (
        _weapon_card(effects=[_timed({"kind": "grant_upgrade", "upgrade": "Speed", "to": "attacker"})]),
        lambda cat: cat.units["U"].weapons["W"].timed_effects,
        (Effect("grant_upgrade", 1, "attacker", upgrade="Speed", timing="after_combat_damage"),),
    ),
    "critical effect gaining an Upgrade of a named type": (
        _weapon_card(
            critical={"effects": [{"kind": "grant_upgrade", "upgrade": "Shield", "to": "attacker"}]}
        ),
        lambda cat: cat.units["U"].weapons["W"].critical.effects,
        (Effect("grant_upgrade", 1, "attacker", upgrade="Shield"),),
    ),
    "weapon": (
        _weapon_card(critical={"effects": [{"kind": "extra_dice", "amount": 1}], "crits_needed": 2}),
        lambda cat: cat.units["U"].weapons["W"],
        Weapon("W", 2, 2, 3, critical=CriticalEffect((Effect("extra_dice", 1),), 2, False, "critical")),
    ),
}


@pytest.mark.parametrize(("cards", "read", "expected"), CARD_READINGS.values(), ids=CARD_READINGS)
def test_card_loader_reads_each_field_of_a_card(cards, read, expected):
    assert read(parse_catalogue(cards, {"attacked": AttackedTrigger})) == expected


def test_battle_from_entries_reads_each_units_entry_and_the_battle_refuses_writes():
    cat = _catalogue()
    battle = _tester_and_zaku(cat, zaku={"in_reserve": True})
    assert battle.unit("Tester") == UnitState("Tester", "A", cat.units["Tester"], 4, in_reserve=False)
    assert battle.unit(ZAKU).in_reserve is True
    assert battle.activating is None  # no entry says "activating"
    for mapping in (battle.units, battle.victory_points, battle.defeated_this_turn, battle.garrison_damage):
        with pytest.raises(TypeError):
            mapping["Tester"] = None
    with pytest.raises(KeyError) as err:
        battle.unit("Nobody")
    assert err.value.args == ("no unit named 'Nobody' in this battle",)
    with pytest.raises(KeyError) as err:
        battle_from_entries(battle.board, {"Tester": {"side": "A", "profile": "Nothing"}}, cat)
    assert err.value.args == ("unit 'Tester': no unit card 'Nothing' in the catalogue",)


def test_area_placements_on_a_bounded_board_are_those_with_a_hex_on_it():
    """A one-hex diagram next to an attacker on the edge of a board of radius 2: the three turns
    that land off the board hold nobody and are not listed (the diagram drawing reads this)."""
    one_hex = AreaPattern(((1, 0),))
    board = Board(pieces=(), extent=hexagon(2))
    got = {p.hexes for p in placements(one_hex, (2, 0), board)}
    assert got == {frozenset({(2, -1)}), frozenset({(1, 0)}), frozenset({(1, 1)})}
    # without a board, and by default turned but not flipped (aoe_diagram_orientation's default)
    assert len(placements(one_hex, (2, 0))) == 6
    assert find_placement(one_hex, (2, 0), frozenset({(1, 1)})) == Placement(2, frozenset({(1, 1)}))
    with pytest.raises(ValueError) as err:
        placements(one_hex, (0, 0), orientation="sideways")
    assert err.value.args == ("unknown orientation 'sideways'",)


def test_a_board_refuses_two_pieces_of_one_name_or_two_figures_in_one_hex_and_keeps_its_hexes_read_only():
    from rulecheck_gundam_assemble.engine.board import HexTerrain

    for pieces, message in (
        ((Piece("GM", "A", (0, 0)), Piece("GM", "B", (1, 0))), "two pieces are named 'GM'"),
        ((Piece("GM", "A", (0, 0)), Piece("Zaku", "B", (0, 0))), "'Zaku' and 'GM' are both in hex [0, 0]"),
    ):
        with pytest.raises(ValueError) as err:
            Board({}, pieces)
        assert str(err.value) == message
    board = Board({(0, 0): HexTerrain(1)}, (Piece("GM", "A", (0, 0)),))
    with pytest.raises(KeyError) as missing:
        board.piece("Zaku")
    assert missing.value.args == ("Zaku",)
    with pytest.raises(TypeError):  # the board is immutable: a change makes a new board (with_hexes)
        board.hexes[(1, 0)] = HexTerrain(2)
    assert board.with_hexes({(1, 0): HexTerrain(2)}).elevation((1, 0)) == 2 and board.elevation((1, 0)) == 0


def test_a_scenarios_attack_section_becomes_the_engine_inputs_and_a_bad_one_is_refused_at_its_field():
    """What rulecheck explain and the scenario steps hand the engine: the dice (a list is the
    attack roll, a mapping names each roll), each Response and the declaration; each refusal is
    one line naming the field at fault."""
    from rulecheck_gundam_assemble.engine.setup import (
        DICE_PURPOSES,
        declaration_from_data,
        response_from_data,
        scripted_dice,
    )

    none = {p: [] for p in DICE_PURPOSES}
    assert scripted_dice(None).script == none
    assert scripted_dice([9, 4]).script == {**none, "attack": [9, 4]}
    assert scripted_dice({"reroll": [3]}).script == {**none, "reroll": [3]}
    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    card = battle.unit("Tester").profile.abilities["Early Reroll"]
    other = "after_combat_damage" if card.window != "after_combat_damage" else "before_attack_roll"
    nested = [{"side": "A", "tactics": "Shield Drill"}]
    data = {"window": other, "unit": "Tester", "ability": "Early Reroll", "dice": [2, 3], "responses": nested}
    response = response_from_data(data, battle, cat, "attack.responses[0]")
    assert (response.window, response.dice, response.nested[0].side) == (other, (2, 3), "A")
    tester = {"unit": "Tester", "ability": "Early Reroll"}
    where = "attack.responses[0]"
    for bad, message in (
        ("Early Reroll", f"{where}: a Response is a mapping (window, unit and ability, or side and tactics)"),
        ({"tactics": "Shield Drill"}, f"{where}.side: say which player plays Shield Drill"),
        ({"unit": "Nobody"}, f"{where}.unit: no unit 'Nobody' in this scenario"),
        ({**tester, "choices": [1]}, f"{where}.choices: give the choices as a mapping, e.g. {{die: 3}}"),
        (
            {**tester, "responses": {"a": 1}},
            f"{where}.responses: give the Responses of the attack it makes as a list",
        ),
        (
            {**tester, "responses": [{"unit": "Nobody"}]},
            f"{where}.responses[0].unit: no unit 'Nobody' in this scenario",
        ),
    ):
        with pytest.raises(AttackError) as err:
            response_from_data(bad, battle, cat, where)
        assert str(err.value) == message
    gun = {"attacker": "Tester", "weapon": "Gun"}
    for bad, message in (
        ({"bonus": [1]}, "dice: unknown roll 'bonus' (expected attack, additional, reroll, nested, card)"),
        ({"weapon": "Gun"}, "attack.attacker: required"),
        (
            {**gun, "target": [ZAKU, 5]},
            "attack.target: a unit's name, or a list of names for a weapon with more targets",
        ),
        (
            {**gun, "target": ZAKU, "responses": [{"unit": "Nobody"}]},
            f"{where}.unit: no unit 'Nobody' in this scenario",
        ),
    ):
        with pytest.raises(AttackError) as err:
            scripted_dice(bad) if "bonus" in bad else declaration_from_data(bad, battle, cat)
        assert str(err.value) == message


# A card that makes an attack outside any other (``made_by``: {unit, ability} or {side, tactics})
# and a card acting on another allied unit (``choices: {ally: NAME}``), as a scenario names them.
MAKERS = {
    "units": [
        {
            "name": "Raider",
            "hp": 4,
            "vp": 1,
            "weapons": [
                {"name": "Gun", "tl_cost": 2, "range": 3, "strength": 2},
                {"name": "Blade", "tl_cost": 1, "range": 1, "strength": 3},
            ],
            "abilities": [
                {"name": "Sortie", "window": "before_attack", "effects": [{"kind": "attack", "tl_cost": -1}]},
                {
                    "name": "Gun Run",
                    "window": "before_attack",
                    "effects": [{"kind": "attack", "weapon": "Gun"}],
                },
                {"name": "Follow Up", "window": "after_combat_damage", "effects": [{"kind": "attack"}]},
            ],
        }
    ],
    "tactics": [
        {"name": "Covering Order", "window": "before_attack", "effects": [{"kind": "attack", "set_to": 0}]},
        {
            "name": "Field Repair",
            "window": "before_attack_roll",
            "effects": [{"kind": "repair", "amount": 1, "to": "another_ally"}],
        },
    ],
}


def _raiders():
    """Two Raiders of side A and the Zaku of side B, with the cards above."""
    cat = parse_catalogue(MAKERS, {}, bundled_catalogue())
    board = Board(
        pieces=(Piece("Raider", "A", (0, 0)), Piece("Wingman", "A", (0, 1)), Piece(ZAKU, "B", (2, 0)))
    )
    entries = {"Raider": {"side": "A"}, "Wingman": {"side": "A", "profile": "Raider"}, ZAKU: {"side": "B"}}
    return cat, battle_from_entries(board, entries, cat)


def test_an_attack_a_units_card_makes_is_declared_with_its_maker_and_its_cost_change():
    cat, battle = _raiders()
    gun = {"attacker": "Raider", "weapon": "Gun", "target": ZAKU}
    decl = declaration_from_data({**gun, "made_by": {"unit": "Raider", "ability": "Sortie"}}, battle, cat)
    assert (decl.made_by, decl.tl_cost_change, decl.tl_cost_set) == ("Raider's Sortie", -1, None)
    decl = declaration_from_data({**gun, "made_by": {"unit": "Raider", "ability": "Gun Run"}}, battle, cat)
    assert (decl.made_by, decl.tl_cost_change, decl.tl_cost_set) == ("Raider's Gun Run", 0, None)
    decl = declaration_from_data({**gun, "made_by": {"side": "A", "tactics": "Covering Order"}}, battle, cat)
    assert (decl.made_by, decl.tl_cost_change, decl.tl_cost_set) == ("player A's Covering Order", 0, 0)


def test_a_card_named_as_an_attacks_maker_is_refused_at_its_field_unless_it_makes_that_attack():
    cat, battle = _raiders()
    gun = {"attacker": "Raider", "weapon": "Gun", "target": ZAKU}
    for made_by, weapon, message in (
        (
            {"unit": "Wingman", "ability": "Sortie"},
            "Gun",
            "attack.made_by.unit: 'Wingman' is not the attacker; the card lets its own unit attack",
        ),
        (
            {"unit": "Raider", "ability": "Charge"},
            "Gun",
            "attack.made_by.ability: Raider has no ability 'Charge'",
        ),
        (
            {"unit": "Raider", "ability": "Follow Up"},
            "Gun",
            "attack.made_by: Follow Up does not make an attack (a before_attack card with an attack effect)",
        ),
        (
            {"unit": "Raider", "ability": "Gun Run"},
            "Blade",
            "attack.weapon: Gun Run makes an attack with Gun",
        ),
        ({"side": "A", "tactics": "Ambush"}, "Gun", "attack.made_by.tactics: no Tactics card 'Ambush'"),
        (
            {"side": "B", "tactics": "Covering Order"},
            "Gun",
            "attack.made_by.side: Covering Order lets its own player's unit attack, not Raider",
        ),
    ):
        with pytest.raises(AttackError) as err:
            declaration_from_data({**gun, "weapon": weapon, "made_by": made_by}, battle, cat)
        assert str(err.value) == message
    # An attacker that is no unit of the scenario has no card to make the attack with.
    with pytest.raises(AttackError) as err:
        declaration_from_data(
            {**gun, "attacker": "Ghost", "made_by": {"unit": "Ghost", "ability": "Sortie"}}, battle, cat
        )
    assert str(err.value) == "attack.made_by.ability: Ghost has no ability 'Sortie'"


def test_a_tactics_card_acting_on_another_allied_unit_takes_an_ally_of_its_player():
    from rulecheck_gundam_assemble.engine.setup import response_from_data

    cat, battle = _raiders()
    where = "attack.responses[0]"
    repair = {"side": "A", "tactics": "Field Repair", "window": "before_attack_roll"}
    response = response_from_data({**repair, "choices": {"ally": "Wingman"}}, battle, cat, where)
    assert (response.side, response.choices) == ("A", {"ally": "Wingman"})
    with pytest.raises(AttackError) as err:
        response_from_data({**repair, "choices": {"ally": ZAKU}}, battle, cat, where)
    assert str(err.value) == f"{where}.choices.ally: {ZAKU} is not an ally of player A (it is on side B)"


def _salvage_crew_after_its_attack():
    """The Rammer's attack in actions_salvage_crew.yaml, resolved: its Salvage Crew's repair and
    Energy wait for the end of the turn."""
    from rulecheck_gundam_assemble import ruleset as ga
    from rulecheck_gundam_assemble.engine.setup import scripted_dice
    from rulecheck_gundam_assemble.explain import attack_inputs

    scenario = ga.load_scenario(LAYOUT.scenarios / "actions_salvage_crew.yaml")
    battle, decl, rules, section = attack_inputs(scenario, RULES, "resolve")
    return resolve_attack(battle, decl, scripted_dice(section.get("dice")), rules).battle


def _ends(events):
    return [(e.step, e.data, e.interpretation) for e in events]


def test_the_waiting_effects_happen_as_events_of_the_end_of_the_turn():
    from rulecheck_gundam_assemble.engine.durations import end_turn

    battle, events = end_turn(_salvage_crew_after_its_attack(), RULES)
    rammer = "Hypothetical Rammer"
    assert _ends(events) == [
        ("end.turn.delayed", {"unit": rammer, "effect": "repair"}, None),
        ("end.turn.delayed", {"unit": rammer, "effect": "gain_energy"}, None),
        ("end.turn", {"expired": [], "kept": 0}, None),
    ]
    assert (battle.unit(rammer).hp, battle.delayed) == (4, ())


def test_under_activation_end_the_waiting_effects_happen_as_events_of_the_end_of_the_activation():
    from rulecheck_gundam_assemble.engine.durations import end_activation

    rules = RULES.with_changes(interpretations={"card_turn_duration": "activation_end"})
    battle, events = end_activation(_salvage_crew_after_its_attack(), rules)
    rammer, reading = "Hypothetical Rammer", "card_turn_duration=activation_end"
    assert _ends(events) == [
        ("end.activation.delayed", {"unit": rammer, "effect": "repair"}, reading),
        ("end.activation.delayed", {"unit": rammer, "effect": "gain_energy"}, reading),
        ("end.activation", {"expired": [], "kept": 0}, reading),
    ]
    assert (battle.unit(rammer).hp, battle.delayed) == (4, ())


# --- the attack's trace as --json shows it (issue #12: ga-flow-mutants) ---------------------------


def test_the_engagement_check_of_an_attacker_with_no_adjacent_enemy_is_one_whole_event():
    # The Tester and the Zaku stand two hexes apart: no Engagement (GA-ENG-1).
    (check,) = _steps(_attack(None), "check.engagement")
    assert check.to_json() == {
        "step": "check.engagement",
        "clauses": ["GA-ENG-1"],
        "text": "Tester is not Engaged",
        "data": {"engaged_with": []},
    }


def test_a_plain_attack_reports_its_cost_its_sightline_and_its_critical_count():
    result = _attack(None)
    assert result.outcome()["tl_cost_paid"] == 2  # the Gun's printed cost (GA-SEQ-3)
    (sight,) = result.sightlines  # the one target's Line of Sight, which --json shows
    assert sight.clear
    assert (result.per_target[ZAKU].crits, result.outcome()["per_target"][ZAKU]["crits"]) == (0, 0)


def test_a_refused_attack_is_legal_false_in_the_outcome():
    cat = _catalogue()
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (9, 0))))  # the Gun: range 3
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    result = resolve_attack(battle, AttackDeclaration("Tester", "Gun", ZAKU), ScriptedDice.of(), RULES)
    assert (result.outcome()["legal"], result.outcome()["tl_cost_paid"]) == (False, None)  # nothing paid


def test_an_attack_with_a_numeric_range_and_no_target_is_refused_at_the_target_field():
    with pytest.raises(AttackError) as err:
        _attack_declared(AttackDeclaration("Tester", "Gun", None))
    assert (str(err.value), err.value.field) == ("a weapon with a numeric range needs a 'target'", "target")


def _attack_declared(decl: AttackDeclaration):
    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=list(MISSES)), RULES)


def _interpretations_read(run) -> set[str]:
    """The interpretations the engine consulted while ``run()`` resolved an attack: what ``check``
    turns into a scenario's dependencies, so a question asked where it cannot matter would demand
    an @interpretation tag the ruling does not depend on."""
    read: set[str] = set()
    with observing_reads(lambda book, entry: read.add(entry)):
        run()
    return {e.removeprefix("interpretations.") for e in read if e.startswith("interpretations.")}


def test_a_card_for_the_enemy_attacked_on_a_one_target_attack_does_not_ask_the_area_reading():
    # Marked for Ruin affects "the enemy attacked" (Q.25): with one target there is nothing to
    # choose, so whether it would reach every target of an area attack is no question here.
    result = None

    def run():
        nonlocal result
        result = _attack("Marked for Ruin")

    assert "single_target_ability_with_aoe" not in _interpretations_read(run)
    assert "Fracture" in result.battle.unit(ZAKU).statuses


def test_non_combat_damage_to_a_unit_with_no_shield_and_no_reduction_asks_no_mitigation_reading():
    # The Zaku has no Shield and no damage reduction: every reading of non_combat_damage_mitigation
    # deals it the whole damage, so the question is not asked, and no Shield is spent.
    result = None

    def run():
        nonlocal result
        result = _attack("Pick", choices={"victim": ZAKU})

    assert "non_combat_damage_mitigation" not in _interpretations_read(run)
    zaku = result.battle.unit(ZAKU)
    assert (zaku.hp, zaku.shields, zaku.deactivated_shields) == (4, 0, 0)


def test_a_one_target_card_aimed_at_a_unit_outside_the_attack_is_refused_at_its_target_field():
    # The user's file points at the Response's own 'target' line, not at the attack.
    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    card = cat.tactics["Marked for Ruin"]
    decl = AttackDeclaration(
        "Tester", "Gun", ZAKU, responses=(Response(card.window, card, side="A", target="Tester"),)
    )
    with pytest.raises(AttackError) as err:
        resolve_attack(battle, decl, ScriptedDice.of(attack=list(MISSES)), RULES)
    assert (str(err.value), err.value.field) == (
        f"Marked for Ruin: Tester is not a target of this attack still on the board (targets: {ZAKU})",
        "responses[0].target",
    )


def test_a_response_target_that_names_no_unit_of_the_scenario_is_refused_when_declared():
    cat = _catalogue()
    data = {
        "attacker": "Tester",
        "weapon": "Gun",
        "target": ZAKU,
        "responses": [{"tactics": "Marked for Ruin", "side": "A", "target": ""}],
    }
    with pytest.raises(AttackError) as err:
        declaration_from_data(data, _tester_and_zaku(cat), cat)
    assert (
        str(err.value)
        == f"attack.responses[0].target: no unit named '' in this scenario (units: Tester, {ZAKU})"
    )


def test_a_cost_cut_to_exactly_1_does_not_ask_the_floor_below_1():
    # The Gun costs 2; "this turn its attacks cost 1 less" makes it 1: no floor question (GA-WPN-1).
    read = _interpretations_read(lambda: _attack("Rapid Deployment"))
    assert "tl_cost_floor" not in read


def test_a_timeline_3_condition_on_an_unchanged_cost_does_not_ask_the_reduced_cost_reading():
    # Tempo Strike asks about the attack's Timeline cost; the cost paid is the printed one (Q.26).
    read = _interpretations_read(lambda: _attack("Tempo Strike"))
    assert "reduced_tl_cost_identity" not in read


def test_an_attacker_that_is_not_a_unit_of_the_battle_is_refused_at_the_attacker_field():
    with pytest.raises(AttackError) as err:
        _attack_declared(AttackDeclaration("Nobody", "Gun", ZAKU))
    assert (str(err.value), err.value.field) == ("attacker 'Nobody' is not a unit of this battle", "attacker")


def _attack_on(zaku: dict, faces: list[int]):
    """The Tester's Gun on the Zaku two hexes away, the Zaku in this state."""
    cat = _catalogue()
    battle = _tester_and_zaku(cat, zaku=zaku)
    decl = AttackDeclaration("Tester", "Gun", ZAKU)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=faces), RULES)


def test_the_outcome_per_target_is_every_number_of_the_ruling():
    hit_once = _attack_on({}, [5, 1]).outcome()["per_target"][ZAKU]
    assert hit_once == {
        "name": ZAKU,
        "accuracy": 0,
        "hits": 1,
        "crits": 0,
        "damage_plus": 0,
        "reduction": 0,
        "shields_used": 0,
        "prevented": 0,
        "dealt": 1,
        "fracture": 0,
        "hp_after": 4,
        "defeated": False,
    }
    # Fractured with 2 hit points: 1 damage, then 1 more for Fracture (GA-SEQ-10), and defeated.
    fractured = _attack_on({"hp": 2, "status": ["Fracture"]}, [5, 1]).outcome()["per_target"][ZAKU]
    assert (fractured["dealt"], fractured["fracture"], fractured["hp_after"], fractured["defeated"]) == (
        1,
        1,
        0,
        True,
    )


def test_the_hits_against_a_target_are_one_whole_event():
    (hits,) = _steps(_attack_on({}, [5, 1]), "damage.hits")
    assert hits.to_json()["data"] == {
        "target": ZAKU,
        "accuracy": 0,
        "hits": 1,
        "crits": 0,
        "results": ["hit", "miss"],
    }


def test_an_attack_that_hits_asks_no_reading_about_damage_plus_without_hits_or_excess_damage():
    # 2 damage against exactly 2 hit points left: nothing beyond them (excess_damage_dealt), and
    # no Damage+X to add (damage_plus_without_hits).
    read = _interpretations_read(lambda: _attack_on({"hp": 2}, [5, 5]))
    assert {"excess_damage_dealt", "damage_plus_without_hits"}.isdisjoint(read), read


def test_a_target_out_of_range_is_not_eligible_and_no_line_is_drawn():
    # What a reach scenario records as its ruling ("reach A -> B ...": false), not a missing value.
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (5, 0))))
    reach = check_reach(board, board.piece("Tester"), board.piece(ZAKU), RULES, 3)
    assert (reach.eligible, reach.los) == (False, None)


def test_an_attack_that_misses_asks_no_reading_about_damage_plus_without_hits():
    # No hit and no Damage+X: there is nothing for damage_plus_without_hits to decide.
    assert "damage_plus_without_hits" not in _interpretations_read(lambda: _attack(None))


def test_a_garrison_target_gets_its_own_no_hit_points_event():
    cat = _catalogue()
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece("Outpost", "B", (2, 0), kind="garrison")))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}}, cat)
    decl = AttackDeclaration("Tester", "Gun", "Outpost")
    result = resolve_attack(battle, decl, ScriptedDice.of(attack=[5, 1]), RULES)
    (event,) = _steps(result, "damage.no_hit_points")
    assert event.to_json() == {
        "step": "damage.no_hit_points",
        "clauses": ["GA-DMG-3"],
        "text": "Outpost has no hit points in this chapter",
    }


@pytest.mark.parametrize(
    ("card", "step"),
    [("Uphill Barrage", "roll.condition"), ("Close-Quarters Drill", "damage.condition")],
)
def test_a_conditional_strength_or_accuracy_card_is_reported_at_its_own_stage(card, step):
    # Strength is settled when the dice are rolled, Accuracy when hits are counted (GA-ROLL-5).
    (event,) = [e for e in _attack(card).events if e.step.endswith(".condition")]
    assert (event.step, event.data["applies"]) == (step, False)


@pytest.mark.parametrize(
    ("tester_status", "card", "dice"),
    [
        ([], "Jam Targeting", {"attack": [5, 1], "reroll": [1]}),  # an After Attack Roll reroll, no Disarm
        (["Disarm"], "Shaky Footing", {"attack": [5, 1]}),  # Disarm, the defender's card Before Attack Roll
    ],
)
def test_disarm_timing_is_asked_only_of_a_disarmed_attacker_facing_an_after_attack_roll_response(
    tester_status, card, dice
):
    cat = _catalogue()
    battle = _tester_and_zaku(cat, tester={"status": tester_status})
    tactics = cat.tactics[card]
    decl = AttackDeclaration("Tester", "Gun", ZAKU, responses=(Response(tactics.window, tactics, side="B"),))
    read = _interpretations_read(lambda: resolve_attack(battle, decl, ScriptedDice.of(**dice), RULES))
    assert "disarm_timing" not in read


def test_only_a_conditional_strength_card_gets_a_condition_report():
    # Full Burst (+1 Strength, no condition) before the attack, then Uphill Barrage (+2 Strength
    # against a higher enemy) before the roll: only the second has a condition to report.
    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    cards = [cat.tactics["Full Burst"], cat.tactics["Uphill Barrage"]]
    decl = AttackDeclaration(
        "Tester", "Gun", ZAKU, responses=tuple(Response(c.window, c, side="A") for c in cards)
    )
    result = resolve_attack(battle, decl, ScriptedDice.of(attack=[1, 1, 1]), RULES)
    reports = [(e.step, e.text) for e in result.events if e.step.endswith(".condition")]
    assert reports == [
        (
            "roll.condition",
            "player A's Uphill Barrage: its condition holds against no target; it does not apply",
        )
    ]


def test_the_critical_effect_event_names_the_targets_it_reaches():
    # The Gundam's Beam Rifle: a 9 triggers its critical effect (Damage+1) on its one target.
    cat = _catalogue()
    board = Board(pieces=(Piece("QZ-82 Sentinel", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"QZ-82 Sentinel": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    decl = AttackDeclaration("QZ-82 Sentinel", "Beam Rifle", ZAKU)
    read: set[str] = set()
    with observing_reads(lambda book, entry: read.add(entry)):
        result = resolve_attack(battle, decl, ScriptedDice.of(attack=[9, 1, 1, 1]), RULES)
    (triggered,) = _steps(result, "critical.triggered")
    assert triggered.data == {"crits": 1, "times": 1, "recipients": [ZAKU]}
    # One target: which of several targets the effect reaches is no question here.
    assert "interpretations.aoe_crit_effect_scope" not in read


def test_a_lasting_effect_from_an_earlier_attack_is_collected_when_the_targets_are_checked():
    first = _attack("Rapid Deployment")  # "this turn its attacks cost 1 less"
    later = resolve_attack(
        first.battle, AttackDeclaration("Tester", "Gun", ZAKU), ScriptedDice.of(attack=list(MISSES)), RULES
    )
    (still,) = [e for e in later.events if e.step.endswith(".lasting")]
    assert (still.step, later.tl_cost_paid) == ("check.lasting", 1)


def test_a_target_a_card_keeps_on_the_board_is_reported_with_the_hit_points_it_keeps():
    # The Holdout's card keeps it on the board with 1 hit point when the hit takes its last one.
    cards = (
        Path(__file__).resolve().parent.parent
        / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/hypothetical_card_flow.yaml"
    )
    holdout = "Hypothetical Holdout (attacked)"
    board = Board(pieces=(Piece(ZAKU, "A", (0, 0)), Piece(holdout, "B", (2, 0))))
    battle = battle_from_entries(
        board, {ZAKU: {"side": "A"}, holdout: {"side": "B", "hp": 1}}, catalogue_with((str(cards),))
    )
    decl = AttackDeclaration(ZAKU, "Zaku Machine Gun", holdout)
    kept = resolve_attack(battle, decl, ScriptedDice.of(attack=[5, 1, 1, 1]), RULES).outcome()["per_target"][
        holdout
    ]
    assert (kept["dealt"], kept["hp_after"], kept["defeated"]) == (1, 1, False)


def test_the_odds_of_an_attack_with_an_unscripted_choice_are_refused_like_its_resolution():
    # The odds probe replays the attack strictly: a choice the declaration leaves open is an
    # error there too, not silently its first option.
    from rulecheck_gundam_assemble.engine.odds import profile_from_attack

    cat = _catalogue()
    battle = _tester_and_zaku(cat)
    pick = battle.unit("Tester").profile.abilities["Pick"]
    decl = AttackDeclaration("Tester", "Gun", ZAKU, responses=(Response(pick.window, pick, unit="Tester"),))
    with pytest.raises(AttackError):
        profile_from_attack(battle, decl, RULES)


def test_explain_shows_the_shields_of_a_defeated_unit_among_its_defeat_events():
    """What explain --json shows of a defeat: each event's step and data, in order; the Shields
    event (asked only of a unit with deactivated Shields) stands before must_redeploy."""
    cat = _catalogue()
    board = Board(pieces=(Piece("QZ-82 Sentinel", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    units = {
        "QZ-82 Sentinel": {"side": "A"},
        ZAKU: {"side": "B", "hp": 1, "shields": 0, "deactivated_shields": 1},
    }
    decl = AttackDeclaration("QZ-82 Sentinel", "Beam Rifle", ZAKU)
    for book, active, deactivated in (
        (RULES, 0, 1),
        (RULES.with_changes(interpretations={"defeated_unit_shields": "restored"}), 1, 0),
    ):
        result = resolve_attack(
            battle_from_entries(board, units, cat), decl, ScriptedDice.of(attack=[5, 1, 1, 1]), book
        )
        first = next(i for i, e in enumerate(result.events) if e.step.endswith(".defeated"))
        stage = result.events[first].step.removesuffix(".defeated")
        assert [(e.step, e.data) for e in result.events[first : first + 6]] == [
            (f"{stage}.defeated", {"unit": ZAKU, "side": "A", "vp": 3}),
            (f"{stage}.to_reserve", {"unit": ZAKU}),
            (f"{stage}.timeline_penalty", {"unit": ZAKU, "from": 0, "to": 2}),
            (f"{stage}.reset", {"unit": ZAKU, "hp": 5, "removed": []}),
            (f"{stage}.shields", {"unit": ZAKU, "shields": active, "deactivated": deactivated}),
            (f"{stage}.must_redeploy", {"unit": ZAKU}),
        ]


def _two_sentries_see_a_hop(target: str | None, strict: bool):
    """The Gap Striker Hops to [1, 0], next to both Gap Sentries of player B, whose Tripwire Order
    (a Tactics card answering an enemy's move within 1 hex of its unit) waits; any_own_unit."""
    cards = (
        Path(__file__).resolve().parent.parent
        / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_gaps.yaml"
    )
    board = Board(
        pieces=(Piece("Gap Striker", "A", (0, 0)), Piece("Near", "B", (2, 0)), Piece("Far", "B", (2, -1)))
    )
    entries = {
        "Gap Striker": {"side": "A"},
        "Near": {"side": "B", "profile": "Gap Sentry"},
        "Far": {"side": "B", "profile": "Gap Sentry"},
    }
    cat = catalogue_with((str(cards),))
    battle = battle_from_entries(board, entries, cat)
    hop = Response(
        "before_attack_roll",
        battle.unit("Gap Striker").profile.abilities["Hop"],
        unit="Gap Striker",
        to=(1, 0),
    )
    tripwire = Response("after_enemy_move", cat.tactics["Gap Tripwire Order"], side="B", target=target)
    decl = AttackDeclaration("Gap Striker", "Gap Lance", "Near", responses=(hop, tripwire))
    rules = RULES.with_changes(interpretations={"tactics_move_window_unit": "any_own_unit"})
    return resolve_attack(battle, decl, ScriptedDice.of(attack=[1, 1, 1]), rules, strict=strict)


def test_a_tactics_card_answering_a_move_two_of_its_units_saw_gives_its_unit_to_its_players_choice():
    named = _two_sentries_see_a_hop("Far", strict=True)
    assert (named.battle.unit("Far").shields, named.battle.unit("Near").shields) == (1, 0)
    (choice,) = _steps(named, "before_attack_roll.move_window_unit")
    assert choice.data == {"ability": "Gap Tripwire Order", "unit": "Far", "options": ["Near", "Far"]}
    with pytest.raises(AttackError) as err:
        _two_sentries_see_a_hop(None, strict=True)
    assert err.value.field == "responses[1].target"
    with pytest.raises(AttackError, match="Gap Striker is not one of the units that saw Gap Striker move"):
        _two_sentries_see_a_hop("Gap Striker", strict=True)
    lenient = _two_sentries_see_a_hop(None, strict=False)
    assert (lenient.battle.unit("Near").shields, lenient.battle.unit("Far").shields) == (1, 0)
    (taken,) = _steps(lenient, "before_attack_roll.move_window_unit")
    assert taken.text.endswith("the choice is not scripted; the first, Near, is taken")


def _two_dashes_near_the_drone(choices: dict, strict: bool):
    """The Hypothetical Rammer Dashes next to the Drone before the roll and again after combat
    damage; the Drone's Proximity Alarm (a Shield after an enemy moves within 1) waits for one."""
    cards = (
        Path(__file__).resolve().parent.parent
        / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml"
    )
    board = Board(
        pieces=(Piece("Hypothetical Rammer", "A", (0, 0)), Piece("Hypothetical Drone", "B", (2, 0)))
    )
    entries = {"Hypothetical Rammer": {"side": "A"}, "Hypothetical Drone": {"side": "B"}}
    cat = catalogue_with((str(cards),))
    battle = battle_from_entries(board, entries, cat)
    rammer = battle.unit("Hypothetical Rammer").profile.abilities
    alarm = battle.unit("Hypothetical Drone").profile.abilities["Proximity Alarm"]
    responses = (
        Response("before_attack_roll", rammer["Hilltop Leap"], unit="Hypothetical Rammer", to=(1, 0)),
        Response("after_combat_damage", rammer["Boost Away"], unit="Hypothetical Rammer", to=(2, -1)),
        Response("after_enemy_move", alarm, unit="Hypothetical Drone", choices=choices),
    )
    decl = AttackDeclaration("Hypothetical Rammer", "Long Rifle", "Hypothetical Drone", responses=responses)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=[5, 5, 1]), RULES, strict=strict)


def test_a_card_waiting_for_a_move_that_two_moves_fit_answers_the_one_its_player_scripts():
    lenient = _two_dashes_near_the_drone({}, strict=False)
    (taken,) = _steps(lenient, "after_combat_damage.default_choice")
    assert taken.data == {"ability": "Proximity Alarm", "choice": "move", "value": 1}
    assert lenient.battle.unit("Hypothetical Drone").hp == 5  # the Shield came before the roll
    second = _two_dashes_near_the_drone({"move": 2}, strict=True)
    assert second.battle.unit("Hypothetical Drone").hp == 4
    assert not _steps(second, "after_combat_damage.default_choice")
    with pytest.raises(AttackError) as err:
        _two_dashes_near_the_drone({"move": 0}, strict=True)
    assert err.value.field == "responses[2].choices"
    with pytest.raises(AttackError, match="no such move was made in this attack"):
        _two_dashes_near_the_drone({"move": 3}, strict=True)


def _holdout_at_two_hit_points(chosen: dict[str, str], strict: bool):
    """The Gap Striker's Gap Lance (3 hits) on a Gap Holdout with 2 hit points: Brace (when
    attacked) and Last Stand (once per turn) could both keep it on the board."""
    cards = (
        Path(__file__).resolve().parent.parent
        / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_gaps.yaml"
    )
    board = Board(pieces=(Piece("Gap Striker", "A", (0, 0)), Piece("Holdout", "B", (2, 0))))
    entries = {"Gap Striker": {"side": "A"}, "Holdout": {"side": "B", "profile": "Gap Holdout", "hp": 2}}
    battle = battle_from_entries(board, entries, catalogue_with((str(cards),)))
    decl = AttackDeclaration("Gap Striker", "Gap Lance", "Holdout", defeat_prevented_by=chosen)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=[5, 5, 5]), RULES, strict=strict)


def test_which_of_two_cards_keeps_a_unit_from_defeat_is_its_owners_choice_or_else_the_first_said_so():
    chosen = _holdout_at_two_hit_points({"Holdout": "Last Stand"}, strict=True)
    (kept, _points) = _steps(chosen, "defeat.defeat_prevented")
    assert kept.data["source"] == "Holdout's Last Stand"
    assert ("Holdout", "Last Stand", "turn") in chosen.battle.uses  # the once-per-turn card is spent
    with pytest.raises(
        AttackError, match=r"name it as defeat_prevented_by \(cards: Brace, Last Stand\)"
    ) as err:
        _holdout_at_two_hit_points({}, strict=True)
    assert err.value.field == "defeat_prevented_by"
    with pytest.raises(AttackError, match="'Holdout Gun' cannot keep Holdout from defeat") as err:
        _holdout_at_two_hit_points({"Holdout": "Holdout Gun"}, strict=True)
    assert err.value.field == "defeat_prevented_by.Holdout"
    lenient = _holdout_at_two_hit_points({}, strict=False)
    (taken,) = _steps(lenient, "defeat.default_choice")
    assert taken.data == {"unit": "Holdout", "choice": "defeat_prevented_by", "value": "Brace"}
    (kept, _points) = _steps(lenient, "defeat.defeat_prevented")
    assert kept.data["source"] == "Holdout's Brace"
    assert not lenient.battle.uses  # Last Stand is still there for later in the turn


def test_a_scenario_file_names_the_card_that_keeps_a_unit_from_defeat_by_unit():
    data = {"attacker": "Gap Striker", "weapon": "Gap Lance", "target": "Holdout"}
    decl = declaration_from_data({**data, "defeat_prevented_by": {"Holdout": "Brace"}}, None, None)
    assert decl.defeat_prevented_by == {"Holdout": "Brace"}
    with pytest.raises(AttackError) as err:
        declaration_from_data({**data, "defeat_prevented_by": {"Holdout": ""}}, None, None)
    assert err.value.field == "defeat_prevented_by"


ACTION_CARDS = (
    Path(__file__).resolve().parent.parent
    / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml"
)


def _rammer_next_to_the_drone(wall: tuple[int, int] | None = None, hill: tuple[int, int] | None = None):
    """The Hypothetical Rammer (side A) at [0, 0], the Drone (side B) next to it at [1, 0], and a
    second Drone ("Spare", side B) at [0, 3], out of every way, on a board of radius 6 (with a
    structure, "Wall", on ``wall``, and ``hill`` at elevation 2); the catalogue of the action cards."""
    board = Board(
        hexes={hill: HexTerrain(elevation=2)} if hill else {},
        pieces=(
            Piece("Hypothetical Rammer", "A", (0, 0)),
            Piece("Hypothetical Drone", "B", (1, 0)),
            Piece("Spare", "B", (0, 3)),
            *([Piece("Wall", "", wall, kind="structure")] if wall else []),
        ),
        extent=hexagon(6),
    )
    entries = {
        "Hypothetical Rammer": {"side": "A"},
        "Hypothetical Drone": {"side": "B"},
        "Spare": {"side": "B", "profile": "Hypothetical Drone"},
    }
    cat = catalogue_with((str(ACTION_CARDS),))
    return battle_from_entries(board, entries, cat), cat


def _scripted_move_refusal(weapon: str, responses=(), critical_moves=None, wall=None, hill=None, rules=RULES):
    """The refusal ``check_scripted_moves`` gives the Rammer's attack on the Drone, before any
    event (None: the scripted hexes are accepted)."""
    battle, cat = _rammer_next_to_the_drone(wall, hill)
    rammer = battle.unit("Hypothetical Rammer").profile.abilities
    made = []
    for window, name, extra in responses:
        if name in cat.tactics:
            made.append(Response(window, cat.tactics[name], side="A", **extra))
        else:
            made.append(Response(window, rammer[name], unit="Hypothetical Rammer", **extra))
    decl = AttackDeclaration(
        "Hypothetical Rammer",
        weapon,
        "Hypothetical Drone",
        responses=tuple(made),
        critical_moves=parse_critical_moves(critical_moves),
    )
    try:
        check_scripted_moves(battle, decl, rules)
    except AttackError as err:
        return err.field, str(err)
    return None


SHOVE = ("before_attack_roll", "Shove", {})  # pushes the attack's one target, the Drone, 1 hex
LEAP = ("before_attack_roll", "Hilltop Leap", {})  # the Rammer Dashes 1 hex
CHARGE = ("before_attack", "Hypothetical Charge Order", {})  # player A's attacking unit Dashes 2
REPULSE = ("before_attack", "Hypothetical Repulse Order", {})  # an enemy of player A's choice, pushed 1
LUCKY = ("before_attack_roll", "Lucky Break", {})  # moves no unit
BOOST = ("after_combat_damage", "Boost Away", {})  # the Rammer Dashes 2 hexes
MARKING = ("before_attack", "Hypothetical Marking Order", {})  # an enemy of player A's choice gains Fracture


def _to(response, hex_):
    window, name, extra = response
    return (window, name, {**extra, "to": hex_})


SCRIPTED_MOVE_REFUSALS = {
    # a critical effect's scripted hexes: each refusal names the unit's entry of critical_moves
    "crit_of_a_weapon_that_moves_nobody": (
        "Long Rifle",
        (),
        {"Hypothetical Drone": [2, 0]},
        "critical_moves.Hypothetical Drone",
        "Long Rifle's critical effect moves no unit",
    ),
    "crit_move_of_no_unit": (
        "Ram Shield",
        (),
        {"Nobody": [2, 0]},
        "critical_moves.Nobody",
        "no unit 'Nobody' on the board",
    ),
    "crit_push_of_the_attacker": (
        "Ram Shield",
        (),
        {"Hypothetical Rammer": [-1, 0]},
        "critical_moves.Hypothetical Rammer",
        "Ram Shield's critical effect pushes a target, not the attacker",
    ),
    "crit_dash_of_the_target": (
        "Thruster Lance",
        (),
        {"Hypothetical Drone": [2, 0]},
        "critical_moves.Hypothetical Drone",
        "Thruster Lance's critical effect Dashes the attacker only",
    ),
    "crit_push_of_a_unit_not_attacked": (
        "Ram Shield",
        (),
        {"Spare": [0, 4]},
        "critical_moves.Spare",
        "Spare is not a target of this attack",
    ),
    "crit_push_onto_its_own_hex": (
        "Ram Shield",
        (),
        {"Hypothetical Drone": [1, 0]},
        "critical_moves.Hypothetical Drone",
        "the critical effect cannot push Hypothetical Drone there: [1, 0] is the hex Hypothetical Drone stands on",
    ),
    "crit_push_sideways": (
        "Ram Shield",
        (),
        {"Hypothetical Drone": [1, -1]},
        "critical_moves.Hypothetical Drone",
        "the critical effect cannot push Hypothetical Drone there: [1, -1] is not straight away from the pushing unit at [0, 0]",
    ),
    "crit_second_push_too_far": (
        "Ram Shield",
        (),
        {"Hypothetical Drone": [[2, 0], [5, 0]]},
        "critical_moves.Hypothetical Drone",
        "[5, 0] is 3 hexes from [2, 0], beyond the Push's 2",
    ),
    # a Response's hex: each refusal names the Response's own 'to'
    "hex_for_a_card_that_moves_nobody": (
        "Long Rifle",
        (_to(LUCKY, (2, 0)),),
        None,
        "responses[0].to",
        "Lucky Break moves no unit: it takes no hex",
    ),
    "push_of_the_one_target_sideways": (
        "Long Rifle",
        (_to(SHOVE, (1, -1)),),
        None,
        "responses[0].to",
        "Shove cannot push Hypothetical Drone there: [1, -1] is not straight away",
    ),
    "push_of_the_one_target_onto_its_own_hex": (
        "Long Rifle",
        (_to(SHOVE, (1, 0)),),
        None,
        "responses[0].to",
        "[1, 0] is the hex Hypothetical Drone stands on",
    ),
    "bad_push_after_a_card_that_moves_nobody": (
        "Long Rifle",
        (LUCKY, _to(SHOVE, (1, -1))),
        None,
        "responses[1].to",
        "Shove cannot push",
    ),
    "units_own_dash_too_far": (
        "Long Rifle",
        (_to(LEAP, (2, 0)),),
        None,
        "responses[0].to",
        "Hilltop Leap cannot dash Hypothetical Rammer there: [2, 0] is 2 hexes from [0, 0]",
    ),
    "dash_off_the_board": (
        "Long Rifle",
        (_to(LEAP, (0, -7)),),
        None,
        "responses[0].to",
        "[0, -7] is off the board",
    ),
    "dash_onto_a_structure": (
        "Long Rifle",
        (_to(LEAP, (-1, 0)),),
        None,
        "responses[0].to",
        "Wall stands on [-1, 0]",
        (-1, 0),
    ),
    "dash_whose_only_way_a_structure_blocks": (
        "Long Rifle",
        (_to(BOOST, (-2, 0)),),
        None,
        "responses[0].to",
        "every way of at most 2 hexes from [0, 0] to [-2, 0] passes another unit",
        (-1, 0),
    ),
    # a card used before the attack names the enemy it acts on (no unit is a target yet)
    "enemy_not_named_after_a_card_that_names_none": (
        "Long Rifle",
        (LUCKY, MARKING),
        None,
        "responses[1].target",
        "Hypothetical Marking Order acts on an enemy the player chooses before the attack: "
        "name it ('target'; enemies on the board: Hypothetical Drone, Spare)",
    ),
    "own_unit_named_as_the_enemy": (
        "Long Rifle",
        (("before_attack", "Hypothetical Marking Order", {"target": "Hypothetical Rammer"}),),
        None,
        "responses[0].target",
        "Hypothetical Marking Order: Hypothetical Rammer is not an enemy on the board",
    ),
    "tactics_dash_of_the_attacking_unit_too_far": (
        "Long Rifle",
        (_to(CHARGE, (-3, 0)),),
        None,
        "responses[0].to",
        "Hypothetical Charge Order cannot dash Hypothetical Rammer there: [-3, 0] is 3 hexes",
    ),
}


@pytest.mark.parametrize(
    ("weapon", "responses", "critical_moves", "field", "message", "wall"),
    [(*case, None)[:6] for case in SCRIPTED_MOVE_REFUSALS.values()],
    ids=SCRIPTED_MOVE_REFUSALS,
)
def test_a_scripted_hex_the_move_cannot_reach_is_refused_before_the_attack_at_its_field(
    weapon, responses, critical_moves, field, message, wall
):
    refused = _scripted_move_refusal(weapon, responses, critical_moves, wall)
    assert refused is not None, "accepted"
    assert refused[0] == field
    assert message in refused[1]


def test_scripted_hexes_a_move_can_reach_are_accepted_before_the_attack():
    # two pushes of the critical effect in a row, each straight away from the Rammer
    assert _scripted_move_refusal("Ram Shield", (), {"Hypothetical Drone": [[2, 0], [4, 0]]}) is None
    # a card used before the attack pushes the enemy its player names, not the attack's target
    named_spare = ("before_attack", "Hypothetical Repulse Order", {"target": "Spare", "to": (0, 4)})
    assert _scripted_move_refusal("Long Rifle", (named_spare,)) is None
    assert _scripted_move_refusal("Long Rifle", (_to(SHOVE, (2, 0)), _to(LEAP, (-1, 0)))) is None
    # a card's move onto higher ground: allowed by default (card_move_terrain: ignores_terrain)
    assert _scripted_move_refusal("Long Rifle", (_to(LEAP, (-1, 0)),), hill=(-1, 0)) is None
    no_climbing = RULES.with_changes(interpretations={"card_move_terrain": "no_climbing"})
    assert _scripted_move_refusal("Long Rifle", (_to(LEAP, (-1, 0)),), hill=(-1, 0), rules=no_climbing) == (
        "responses[0].to",
        str(
            AttackError(
                "Hilltop Leap cannot dash Hypothetical Rammer there: [-1, 0] is at elevation 2, above [0, 0] at 0: "
                "a dash made by a card does not climb",
                "responses[0].to",
            )
        ),
    )
    # a Dash of 2 goes round a structure when a way of 2 hexes does
    assert _scripted_move_refusal("Long Rifle", (_to(BOOST, (-1, 2)),), wall=(-1, 1)) is None


def _rammer_attacks_the_drone(responses, critical_moves=None, faces=(5, 5, 1), weapon="Long Rifle"):
    """The Rammer's whole attack on the Drone next to it (``_rammer_next_to_the_drone``)."""
    battle, cat = _rammer_next_to_the_drone()
    rammer = battle.unit("Hypothetical Rammer").profile.abilities
    made = tuple(
        Response(window, cat.tactics[name], side="A", **extra)
        if name in cat.tactics
        else Response(window, rammer[name], unit="Hypothetical Rammer", **extra)
        for window, name, extra in responses
    )
    decl = AttackDeclaration(
        "Hypothetical Rammer",
        weapon,
        "Hypothetical Drone",
        responses=made,
        critical_moves=parse_critical_moves(critical_moves),
    )
    return resolve_attack(battle, decl, ScriptedDice.of(attack=list(faces)), RULES, strict=True)


def test_a_move_an_earlier_move_spoiled_is_refused_when_it_comes():
    # both hexes are fine before the attack; the Leap then ends where Boost Away was to end
    boost_back = ("after_combat_damage", "Boost Away", {"to": (-1, 0)})
    with pytest.raises(
        AttackError,
        match=r"Boost Away cannot dash Hypothetical Rammer there: \[-1, 0\] is the hex Hypothetical Rammer stands on",
    ):
        _rammer_attacks_the_drone((_to(LEAP, (-1, 0)), boost_back))
    # the Leap takes the Rammer beside the Drone: the Shove is no longer straight away from it
    with pytest.raises(
        AttackError,
        match=r"Shove cannot push Hypothetical Drone there: \[2, -1\] is not straight away from the pushing "
        r"unit at \[1, -1\]",
    ):
        _rammer_attacks_the_drone((_to(LEAP, (1, -1)), _to(SHOVE, (2, -1))))
    moved = _rammer_attacks_the_drone((_to(LEAP, (-1, 0)), _to(SHOVE, (2, 0))))
    assert [
        (e.step, e.data) for e in _steps(moved, "before_attack_roll.") if e.step.endswith(("dash", "push"))
    ] == [
        (
            "before_attack_roll.dash",
            {"unit": "Hypothetical Rammer", "from": [0, 0], "to": [-1, 0], "hexes": 1},
        ),
        (
            "before_attack_roll.push",
            {"unit": "Hypothetical Drone", "from": [1, 0], "to": [2, 0], "hexes": 1},
        ),
    ]


@pytest.mark.parametrize(
    "value",
    [5, "ab", [], [1, 2, 3], [[1, 2, 3]], ["a", 1], [True, 1], [[1, 2], [0.5, 1]]],
    ids=[
        "number",
        "text",
        "empty",
        "three_numbers",
        "three_numbers_in_a_list",
        "a_letter",
        "a_bool",
        "a_fraction",
    ],
)
def test_critical_moves_other_than_a_hex_or_a_list_of_hexes_is_refused_at_the_units_entry(value):
    with pytest.raises(AttackError) as err:
        parse_critical_moves({"Hypothetical Drone": value})
    assert (err.value.field, str(err.value)) == (
        "critical_moves.Hypothetical Drone",
        str(AttackError("a hex [q, r], or a list of hexes", "critical_moves.Hypothetical Drone")),
    )


def test_critical_moves_takes_one_hex_or_a_list_of_hexes_per_unit():
    assert parse_critical_moves({"Hypothetical Drone": [2, 0], "Spare": [[0, 4], [0, 5]]}) == {
        "Hypothetical Drone": ((2, 0),),
        "Spare": ((0, 4), (0, 5)),
    }


def test_a_card_used_before_the_attack_acts_on_the_enemy_its_player_names():
    marking = ("before_attack", "Hypothetical Marking Order", {"target": "Spare"})
    done = _rammer_attacks_the_drone((marking,))
    assert [(e.step, e.data) for e in _steps(done, "before_attack.named_enemy")] == [
        ("before_attack.named_enemy", {"unit": "Spare"})
    ]
    assert "Fracture" in done.battle.unit("Spare").statuses
    assert "Fracture" not in done.battle.unit("Hypothetical Drone").statuses


LATE_ORDERS = {
    "tactics": [
        {  # "Before the attack: an enemy of your choice gains Fracture at the end of the turn"
            "name": "Test Late Mark Order",
            "window": "before_attack",
            "trigger": "own_attack",
            "effects": [
                {
                    "kind": "at_end_of_turn",
                    "effects": [{"kind": "inflict_status", "status": "Fracture", "to": "one_target"}],
                }
            ],
        },
        {  # "Before Attack Roll: if the target has a Shield, this attack costs 1"
            "name": "Test Shield Breaker Order",
            "window": "before_attack",
            "trigger": "own_attack",
            "effects": [{"kind": "tl_cost", "set_to": 1, "when": {"target_has_shields": True}}],
        },
        {  # "After Combat Damage: at the end of the turn, the attacking unit gains an Upgrade of any type"
            "name": "Test Late Gift Order",
            "window": "after_combat_damage",
            "trigger": "own_attack",
            "effects": [
                {
                    "kind": "at_end_of_turn",
                    "effects": [{"kind": "grant_upgrade", "upgrade": "any", "amount": 1, "to": "attacker"}],
                }
            ],
        },
    ]
}


def _late_orders(responses):
    """The Rammer attacks the Drone (``_rammer_next_to_the_drone``) with player A's late orders."""
    battle, cat = _rammer_next_to_the_drone()
    cat = parse_catalogue(LATE_ORDERS, None, cat)
    made = tuple(Response(window, cat.tactics[name], side="A", **extra) for window, name, extra in responses)
    decl = AttackDeclaration("Hypothetical Rammer", "Long Rifle", "Hypothetical Drone", responses=made)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=[5, 5, 1]), RULES, strict=True)


def test_a_card_used_before_the_attack_makes_the_enemy_its_player_names_wait_for_the_end_of_the_turn():
    done = _late_orders([("before_attack", "Test Late Mark Order", {"target": "Spare"})])
    assert [(e.step, e.data) for e in done.events if e.step.startswith("before_attack.")] == [
        ("before_attack.window", {"responses": ["Test Late Mark Order"]}),
        ("before_attack.response", {"ability": "Test Late Mark Order", "side": "A"}),
        ("before_attack.named_enemy", {"unit": "Spare"}),
        ("before_attack.delayed", {"unit": "Spare", "effect": "inflict_status"}),
    ]
    (waiting,) = done.battle.delayed
    assert (waiting.unit, waiting.window, waiting.by_attacker) == ("Spare", "before_attack", True)
    assert "Fracture" not in done.battle.unit("Spare").statuses  # nothing happens yet
    ended, events = resolve_delayed(done.battle, RULES, "turn")
    assert [(e.step, e.data) for e in events] == [
        ("end.turn.delayed", {"unit": "Spare", "effect": "inflict_status"})
    ]
    assert "Fracture" in ended.unit("Spare").statuses
    assert "Fracture" not in ended.unit("Hypothetical Drone").statuses


def test_an_upgrade_of_any_type_that_waits_for_the_end_of_the_turn_is_chosen_when_the_card_is_used():
    gift = ("after_combat_damage", "Test Late Gift Order", {"choices": {"gained_upgrade": "Speed"}})
    done = _late_orders([gift])
    (waiting,) = done.battle.delayed
    assert (waiting.unit, waiting.effect.kind, waiting.effect.upgrade) == (
        "Hypothetical Rammer",
        "grant_upgrade",
        "Speed",
    )
    assert [(e.step, e.data) for e in _steps(done, "after_combat_damage.upgrade_chosen")] == [
        ("after_combat_damage.upgrade_chosen", {"unit": "Hypothetical Rammer", "upgrade": "Speed"})
    ]
    ended, _ = resolve_delayed(done.battle, RULES, "turn")
    assert ended.unit("Hypothetical Rammer").upgrades.count("Speed") == 1


def test_a_card_that_sets_the_cost_only_against_a_shielded_target_leaves_the_printed_cost_otherwise():
    done = _late_orders([("before_attack", "Test Shield Breaker Order", {})])
    assert done.outcome()["tl_cost_paid"] == 2  # the Long Rifle's printed cost: the Drone has no Shield
    assert not _steps(done, "pay.absolute_cost")


def test_each_waiting_effect_resolves_after_one_that_found_its_unit_in_reserve_or_dealt_damage():
    battle, cat = _rammer_next_to_the_drone()
    cat = parse_catalogue(LATE_ORDERS, None, cat)
    fracture = cat.tactics["Test Late Mark Order"].effects[0].then[0]
    damage = battle.unit("Hypothetical Rammer").profile.abilities["Slow Fuse"].effects[0].then[0]
    battle = battle.with_unit(replace(battle.unit("Spare"), in_reserve=True))
    battle = replace(
        battle,
        delayed=(
            Delayed("Spare", fracture, "Order A", "before_attack"),
            Delayed("Hypothetical Drone", damage, "Slow Fuse", "after_combat_damage", "Hypothetical Rammer"),
            Delayed("Hypothetical Drone", fracture, "Order B", "before_attack"),
        ),
    )
    ended, events = resolve_delayed(battle, RULES, "turn")
    assert [(e.step, e.data) for e in events] == [
        ("end.turn.delayed", {"unit": "Spare", "effect": "inflict_status"}),
        (
            "end.turn.delayed",
            {"unit": "Hypothetical Drone", "effect": "non_combat_damage", "amount": 2, "hp": 4},
        ),
        ("end.turn.delayed", {"unit": "Hypothetical Drone", "effect": "inflict_status"}),
    ]
    assert "Fracture" not in ended.unit("Spare").statuses  # in Reserve: it does not happen
    assert (ended.unit("Hypothetical Drone").hp, "Fracture" in ended.unit("Hypothetical Drone").statuses) == (
        4,
        True,
    )
    assert ended.delayed == ()


@pytest.mark.parametrize(
    ("by", "credited"),
    [("Hypothetical Rammer", {"Hypothetical Rammer": ("Hypothetical Drone",)}), ("Spare", {}), (None, {})],
    ids=["by_an_enemy", "by_its_own_side", "by_no_unit"],
)
def test_damage_that_waited_for_the_end_of_the_turn_defeats_a_unit_there_and_credits_only_an_enemy(
    by, credited
):
    battle, _ = _rammer_next_to_the_drone()
    damage = battle.unit("Hypothetical Rammer").profile.abilities["Slow Fuse"].effects[0].then[0]  # 2 damage
    battle = battle.with_unit(replace(battle.unit("Hypothetical Drone"), hp=2))
    battle = replace(
        battle, delayed=(Delayed("Hypothetical Drone", damage, "Slow Fuse", "after_combat_damage", by),)
    )
    ended, events = resolve_delayed(battle, RULES, "turn")
    assert ended.unit("Hypothetical Drone").in_reserve
    assert len(events) > 1 and all(e.step.startswith("end.turn.") for e in events), [e.step for e in events]
    assert dict(ended.defeated_this_turn) == credited


def test_damage_that_waited_for_the_end_of_the_turn_sets_off_fracture_at_the_end_of_the_turn():
    battle, _ = _rammer_next_to_the_drone()
    damage = battle.unit("Hypothetical Rammer").profile.abilities["Slow Fuse"].effects[0].then[0]
    drone = battle.unit("Hypothetical Drone")
    battle = battle.with_unit(replace(drone, statuses=drone.statuses | {"Fracture"}))
    battle = replace(
        battle, delayed=(Delayed("Hypothetical Drone", damage, "Slow Fuse", "after_combat_damage"),)
    )
    ended, events = resolve_delayed(battle, RULES, "turn")
    assert [e.step for e in events][0] == "end.turn.delayed"
    assert len(events) > 1 and all(e.step.startswith("end.turn.") for e in events), [e.step for e in events]
