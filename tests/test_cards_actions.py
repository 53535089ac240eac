"""Cards that move units during an attack (issue 27, part B): a Dash or a Push of N hexes, the
hex scripted in the scenario and checked before the attack resolves; the odds model a Response's
move and refuse a critical one; words of other chapters are refused naming the mechanic. The
scenarios themselves are in rulecheck_gundam_assemble/features/gundam_assemble/cards_actions_moves.feature."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulecheck.cli import main
from rulecheck_gundam_assemble.card_plugins import catalogue_with
from rulecheck_gundam_assemble.engine.abilities import OTHER_CHAPTERS, AbilityError, parse_ability
from rulecheck_gundam_assemble.engine.board import Board, Piece, hexagon
from rulecheck_gundam_assemble.engine.card_moves import move_problem
from rulecheck_gundam_assemble.engine.units import battle_from_entries
from rules.hexgrid import distance, neighbours
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble"
CARDS = SCENARIOS / "cards" / "vocabulary_actions.yaml"
RULES = load("gundam_assemble")


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_the_odds_refuse_a_critical_push_in_one_line():
    code, out, err = _run("odds", str(SCENARIOS / "actions_ram_shield_push.yaml"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "critical effect Push 2 hexes is not modelled by the odds" in err


def test_the_odds_model_a_push_before_the_roll_from_where_it_ends(tmp_path):
    """Pushed onto higher ground before the roll, the target is hit at -1 Accuracy: on a d10 a hit
    needs 5 or more instead of 4 or more, so one die hits with 6/10 rather than 7/10."""
    (tmp_path / "cards.yaml").write_text(CARDS.read_text())
    scenario = tmp_path / "shove.yaml"
    scenario.write_text(
        "ruleset: gundam_assemble\ntitle: a Push onto a hill\ncards: [cards.yaml]\n"
        "hexes:\n  - {at: [3, 0], elevation: 1}\n"
        "units:\n  - {name: Hypothetical Rammer, side: A, at: [0, 0]}\n"
        "  - {name: Hypothetical Drone, side: B, at: [2, 0]}\n"
        "attack:\n  attacker: Hypothetical Rammer\n  weapon: Long Rifle\n  target: Hypothetical Drone\n"
        "  responses:\n    - {window: before_attack_roll, unit: Hypothetical Rammer, ability: Shove, to: [3, 0]}\n"
        "  dice: [4, 4, 4]\n"
    )
    code, out, err = _run("odds", str(scenario))
    assert code == 0, err
    assert "Hypothetical Drone: Accuracy -1" in out
    # three dice each hitting with 6/10: all three hit with 27/125
    assert "27/125" in out.split("hits (mean")[1].split("critical hits")[0]


@pytest.mark.parametrize(
    "what, word, mechanic",
    [(what, word, mechanic) for what, words in OTHER_CHAPTERS.items() for word, mechanic in words.items()],
)
def test_a_card_that_needs_another_chapter_is_refused_naming_the_mechanic(what, word, mechanic):
    card = {"name": "Test", "window": "before_attack_roll", "effects": [{"kind": "strength", "amount": 1}]}
    if what == "kind":
        card["effects"] = [{"kind": word}]
    elif what == "window":
        card["window"] = word
    else:
        card["when"] = {word: True}
    with pytest.raises(AbilityError) as caught:
        parse_ability(card, "units[0].abilities[0]")
    assert f"{word!r} needs {mechanic}, a mechanic of another chapter" in str(caught.value)


def test_the_bundled_move_cards_load_and_say_how_far():
    cards = catalogue_with((str(CARDS),))
    rammer = cards.units["Hypothetical Rammer"]
    assert rammer.abilities["Boost Away"].describe() == "Dash 2 hexes"
    assert rammer.weapons["Ram Shield"].critical.describe() == "Push 2 hexes"


BOARD = hexagon(4)
HEXES = sorted(BOARD)


def _battle(pieces: dict[str, tuple[int, int]]):
    board = Board(
        extent=BOARD,
        pieces=tuple(Piece(n, "A" if i == 0 else "B", h) for i, (n, h) in enumerate(pieces.items())),
    )
    cards = catalogue_with((str(CARDS),))
    entries = {
        n: {"side": "A" if i == 0 else "B", "profile": "Hypothetical Drone"} for i, n in enumerate(pieces)
    }
    return battle_from_entries(board, entries, cards)


@given(
    pusher=st.sampled_from(HEXES),
    start=st.sampled_from(HEXES),
    to=st.sampled_from(HEXES),
    hexes=st.integers(1, 3),
)
def test_every_hex_a_push_accepts_is_farther_from_the_pusher_by_each_hex_it_moved(pusher, start, to, hexes):
    if pusher == start:
        return
    battle = _battle({"P": pusher, "M": start})
    problem = move_problem(battle, "push", hexes, "M", start, to, pusher, RULES)
    moved = distance(start, to)
    if problem is None:
        assert 1 <= moved <= hexes
        assert distance(pusher, to) == distance(pusher, start) + moved
        assert to != pusher
    elif to not in (pusher, start) and 1 <= moved <= hexes:
        # refused only because it is not straight away
        assert distance(pusher, to) < distance(pusher, start) + moved
        assert "not straight away" in problem


@given(start=st.sampled_from(HEXES), to=st.sampled_from(HEXES), hexes=st.integers(1, 3))
def test_a_dash_on_an_open_board_goes_to_every_hex_within_its_reach_and_no_farther(start, to, hexes):
    battle = _battle({"M": start})
    problem = move_problem(battle, "dash", hexes, "M", start, to, None, RULES)
    assert (problem is None) == (1 <= distance(start, to) <= hexes)


def test_a_dash_boxed_in_by_units_cannot_leave_unless_units_may_be_passed():
    ring = {f"U{i}": h for i, h in enumerate(neighbours((0, 0)))}
    battle = _battle({"M": (0, 0), **ring})
    assert "passes another unit" in move_problem(battle, "dash", 2, "M", (0, 0), (2, 0), None, RULES)
    passing = RULES.with_changes(interpretations={"dash_through_units": "passes_units"}, name="test")
    assert move_problem(battle, "dash", 2, "M", (0, 0), (2, 0), None, passing) is None


def test_the_odds_refuse_a_card_that_rolls_its_own_dice_in_one_line():
    code, out, err = _run("odds", str(SCENARIOS / "actions_scatter_charges.yaml"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "a card rolls dice of its own: not modelled by the odds" in err


def test_a_card_roll_says_what_its_dice_do():
    cards = catalogue_with((str(CARDS),))
    rammer = cards.units["Hypothetical Rammer"]
    assert (
        rammer.abilities["Scatter Charges"].describe()
        == "roll 2 dice; for each 7 or more: 1 non-combat damage"
    )
    assert rammer.abilities["Lucky Break"].describe() == "roll 1 die; if any 6 or more: +1 Strength"


@pytest.mark.parametrize("key", ["dice", "at_least", "per_die", "effects"])
def test_only_a_roll_takes_the_keys_of_a_roll(key):
    card = {
        "name": "Test",
        "window": "after_combat_damage",
        "effects": [{"kind": "repair", "amount": 1, key: 1}],
    }
    with pytest.raises(AbilityError, match=rf"effects\[0\]\.{key}: only a roll_dice effect takes {key}"):
        parse_ability(card, "units[0].abilities[0]")


def test_explain_ends_the_scenarios_turn_and_shows_what_waited_with_its_clause():
    code, out, err = _run("explain", str(SCENARIOS / "actions_salvage_crew.yaml"))
    assert code == 0, err
    trace = out.split("Outcome:")[0].rstrip().splitlines()
    assert trace[-2:] == [
        "27. [GA-SEQ-12] Hypothetical Rammer's Salvage Crew, at the end of the turn: "
        "Hypothetical Rammer hit points 2 -> 4 (at most 5)",
        "28. [GA-SEQ-12] Hypothetical Rammer's Salvage Crew, at the end of the turn: Hypothetical Rammer Energy 0 -> 1",
    ]
