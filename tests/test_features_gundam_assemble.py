"""Every scenario of features/gundam_assemble/ as a pytest item; and the Python card-ability API
(``rules.gundam_assemble.python_abilities``), which a scenario file can name only through an
installed package's entry point: here its cards are classes of this file, handed to the card
loader in process, and each test plays a whole attack with one and checks the ruling, the trace
and the one-line error a badly written card gets."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd import scenarios

from rulecheck.card_plugins import bundled_catalogue, catalogue_with
from rules.dice import ScriptedDice
from rules.gundam_assemble.abilities import AbilityError
from rules.gundam_assemble.attack import resolve_attack
from rules.gundam_assemble.board import Board, Piece
from rules.gundam_assemble.declaration import AttackDeclaration, AttackError, Response
from rules.gundam_assemble.python_abilities import CardAbility
from rules.gundam_assemble.targeting import check_reach
from rules.gundam_assemble.units import battle_from_entries, parse_catalogue
from rules.rulebook import load, observing_reads

scenarios("gundam_assemble")

RULES = load("gundam_assemble")
ZAKU = "Char's Zaku II"  # 5 hit points, no Shields (bundled cards)
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


def _attack(ability: str | None, choices=None, dice=None, strict=True, python_cards=None):
    """The Tester (side A) attacks the Zaku two hexes away with its Gun, using this ability (or
    this Tactics card of player A) in the ability's own window; None: no Response."""
    dice = dice or ScriptedDice.of(attack=list(MISSES))
    cat = _catalogue(python_cards)
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
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
        _attack("Pick", {"victim": "RX-78-2 Gundam"})
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
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    return resolve_attack(battle, decl, ScriptedDice.of(attack=list(MISSES)), RULES)


def _interpretations_read(run) -> set[str]:
    """The interpretations the engine consulted while ``run()`` resolved an attack: what ``check``
    turns into a scenario's dependencies, so a question asked where it cannot matter would demand
    an @interpretation tag the ruling does not depend on."""
    read: set[str] = set()
    with observing_reads(lambda book, entry: read.add(entry)):
        run()
    return {e.removeprefix("interpretations.") for e in read if e.startswith("interpretations.")}


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
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B", **zaku}}, cat)
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
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    entries = {"Tester": {"side": "A", "status": tester_status}, ZAKU: {"side": "B"}}
    battle = battle_from_entries(board, entries, cat)
    tactics = cat.tactics[card]
    decl = AttackDeclaration("Tester", "Gun", ZAKU, responses=(Response(tactics.window, tactics, side="B"),))
    read = _interpretations_read(lambda: resolve_attack(battle, decl, ScriptedDice.of(**dice), RULES))
    assert "disarm_timing" not in read


def test_only_a_conditional_strength_card_gets_a_condition_report():
    # Full Burst (+1 Strength, no condition) before the attack, then Uphill Barrage (+2 Strength
    # against a higher enemy) before the roll: only the second has a condition to report.
    cat = _catalogue()
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
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
    board = Board(pieces=(Piece("RX-78-2 Gundam", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"RX-78-2 Gundam": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    decl = AttackDeclaration("RX-78-2 Gundam", "Beam Rifle", ZAKU)
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
        Path(__file__).resolve().parent.parent / "scenarios/gundam_assemble/cards/hypothetical_card_flow.yaml"
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
    from rules.gundam_assemble.odds import profile_from_attack

    cat = _catalogue()
    board = Board(pieces=(Piece("Tester", "A", (0, 0)), Piece(ZAKU, "B", (2, 0))))
    battle = battle_from_entries(board, {"Tester": {"side": "A"}, ZAKU: {"side": "B"}}, cat)
    pick = battle.unit("Tester").profile.abilities["Pick"]
    decl = AttackDeclaration("Tester", "Gun", ZAKU, responses=(Response(pick.window, pick, unit="Tester"),))
    with pytest.raises(AttackError):
        profile_from_attack(battle, decl, RULES)
