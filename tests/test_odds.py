"""`rulecheck odds`: exact distributions, checked against closed forms and against the engine
itself run with seeded dice."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.rulesets import gundam_assemble as ga
from rulecheck.rulesets.gundam_assemble_explain import attack_inputs
from rulecheck.rulesets.gundam_assemble_odds import odds
from rules.dice import DiceScriptError, ScriptedDice, SeededDice, at_least
from rules.gundam_assemble.odds import simulate
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
GA_DIR = ROOT / "scenarios" / "gundam_assemble"
RULES = load("gundam_assemble")

ZAKU_VS = """\
ruleset: gundam_assemble
title: {title}
hexes:
  - {{at: [3, 0], elevation: {elevation}}}
units:
  - {{name: "{attacker}", side: A, at: [0, 0]}}
  - {{name: RX-78-2 Gundam, side: B, at: [{distance}, 0]{extra}}}
attack:
  attacker: "{attacker}"
  weapon: {weapon}
  target: RX-78-2 Gundam
  dice: [5, 5, 5, 5]
"""


def scenario_file(tmp_path: Path, **fields) -> Path:
    values = {"title": "odds test", "elevation": 0, "distance": 3, "extra": "", **fields}
    path = tmp_path / "attack.yaml"
    path.write_text(ZAKU_VS.format(**values))
    return path


def test_one_target_at_plus_zero_is_binomial_in_seven_tenths():
    report = odds(ga.load_scenario(GA_DIR / "attack_char_elevation_water.yaml"), RULES)
    target = report.odds.target("RX-75 Guntank")
    assert target.profile.accuracy == 0  # high ground and water cancel out
    assert target.hits == {
        k: comb(4, k) * Fraction(7, 10) ** k * Fraction(3, 10) ** (4 - k) for k in range(5)
    }
    assert target.crits == {k: comb(4, k) * Fraction(1, 5) ** k * Fraction(4, 5) ** (4 - k) for k in range(5)}
    assert sum(target.damage.values()) == 1


def test_each_area_target_gets_its_own_accuracy_from_one_roll():
    report = odds(ga.load_scenario(GA_DIR / "attack_guntank_quad_bop.yaml"), RULES)
    high, level = report.odds.target("Char's Zaku II"), report.odds.target("Zaku II: Minelayer")
    assert (high.profile.accuracy, level.profile.accuracy) == (-1, 0)
    assert high.hits[4] == Fraction(6, 10) ** 4 and level.hits[4] == Fraction(7, 10) ** 4
    assert high.crits == level.crits  # the same dice
    assert high.defeated < level.defeated


def test_at_least_table_sums_the_tail():
    d = {0: Fraction(1, 4), 1: Fraction(1, 2), 3: Fraction(1, 4)}
    assert at_least(d) == {0: 1, 1: Fraction(3, 4), 2: Fraction(1, 4), 3: Fraction(1, 4)}


def _agrees(exact: dict[int, Fraction], counts: dict[int, int], samples: int) -> None:
    """Every probability within 4.5 standard errors of the simulated frequency."""
    for k in set(exact) | set(counts):
        p = float(exact.get(k, 0))
        freq = counts.get(k, 0) / samples
        sigma = math.sqrt(max(p * (1 - p), 1e-4) / samples)
        assert abs(freq - p) <= 4.5 * sigma, f"value {k}: exact {p:.4f}, simulated {freq:.4f}"


def _check_against_engine(scenario, samples: int, seed: int) -> None:
    report = odds(scenario, RULES)
    battle, decl, rules, _ = attack_inputs(scenario, RULES, "give odds for")
    sim = simulate(battle, decl, rules, SeededDice(seed), samples)
    assert set(sim) == {t.profile.name for t in report.odds.targets}
    for t in report.odds.targets:
        _agrees(t.hits, sim[t.profile.name]["hits"], samples)
        hp_after = {t.profile.hp - k: p for k, p in t.damage.items()}
        _agrees(hp_after, sim[t.profile.name]["hp_after"], samples)
        _agrees({1: t.defeated, 0: 1 - t.defeated}, sim[t.profile.name]["defeated"], samples)


@pytest.mark.parametrize(
    "name",
    [
        "attack_guntank_uphill_barrage.yaml",
        "attack_char_elevation_water.yaml",
        "attack_oggo_artillery_support.yaml",
    ],
)
def test_book_attacks_agree_with_the_engine_under_seeded_dice(name):
    _check_against_engine(ga.load_scenario(GA_DIR / name), samples=1500, seed=6)


@pytest.mark.parametrize(
    "attacker, weapon, fields",
    [
        ("Char's Zaku II", "Zaku Bazooka", {}),  # a crit adds a die, rolled into the same attack
        ("RX-75 Guntank", "180mm Cannon", {}),  # two crits needed, Damage+2
        ("RGM-79 GM", "Beam Spray Gun", {}),  # Damage+1 for every crit
        ("RX-78-2 Gundam", "Beam Saber", {"distance": 1, "extra": ", hp: 3, shields: 0"}),  # Fracture
    ],
    ids=["extra-die", "two-crits", "per-crit", "fracture"],
)
def test_critical_effects_agree_with_the_engine(tmp_path, attacker, weapon, fields):
    if attacker == "RX-78-2 Gundam":  # the Gundam attacks a second Gundam card
        text = ZAKU_VS.replace("RX-78-2 Gundam, side: B", "Target, profile: RX-78-2 Gundam, side: B")
        text = text.replace("target: RX-78-2 Gundam", "target: Target")
        path = tmp_path / "attack.yaml"
        path.write_text(
            text.format(
                title="t",
                elevation=0,
                attacker=attacker,
                weapon=weapon,
                distance=1,
                extra=", hp: 3, shields: 0",
            )
        )
    else:
        path = scenario_file(tmp_path, attacker=attacker, weapon=weapon, **fields)
    _check_against_engine(ga.load_scenario(path), samples=1500, seed=11)


def test_cli_prints_fractions_percentages_and_at_least_tables_for_both_rulesets(capsys):
    assert main(["odds", str(GA_DIR / "attack_guntank_quad_bop.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Zaku II: Minelayer: HP lost, out of 4 HP" in out
    assert "5017/10000" in out and "50.17%" in out  # the Minelayer's defeat chance
    assert "at least k" in out
    assert main(["odds", str(ROOT / "scenarios/multibase/ranged_volley.yaml")]) == 0
    out = capsys.readouterr().out
    assert "bases removed" in out and "at least k" in out


def test_cli_json_has_exact_strings(capsys):
    assert main(["odds", "--json", str(GA_DIR / "attack_char_elevation_water.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    hits = data["targets"]["RX-75 Guntank"]["hits"]
    assert hits["4"]["exact"] == "2401/10000" and hits["4"]["p"] == pytest.approx(0.2401)
    assert data["targets"]["RX-75 Guntank"]["hits_at_least"]["0"]["exact"] == "1"


def test_a_scenario_without_an_attack_is_a_one_line_error(capsys):
    assert main(["odds", str(GA_DIR / "los_oggo_artillery_support.yaml")]) == 2
    assert "no 'attack' section" in capsys.readouterr().err


# --- the dice sources the odds are checked against ----------------------------------------------


def test_seeded_dice_replay_the_seeds_draws():
    """A seed names one sequence of rolls: the same seed gives the same faces, run after run
    (what makes a seeded check, or a user's ``--seed``, repeatable)."""
    draws = random.Random(7)
    expected = tuple(draws.randint(1, 10) for _ in range(5)) + tuple(draws.randint(1, 6) for _ in range(3))
    dice = SeededDice(7)
    assert dice.roll(5, 10, "attack") + dice.roll(3, 6, "save") == expected
    assert SeededDice(7).roll(8, 10, "attack") == SeededDice(7).roll(8, 10, "attack")


def test_scripted_dice_play_each_purpose_then_the_shared_queue_and_finish_clean():
    dice = ScriptedDice.of([3, 4], save=[6, 5])
    assert dice.roll(1, 10, "attack") == (3,)  # no queue of its own: the shared one
    assert dice.roll(2, 6, "save") == (6, 5)
    assert dice.roll(1, 10, "reroll") == (4,)
    dice.finish()


@pytest.mark.parametrize(
    ("dice", "roll", "message", "purpose"),
    [
        # a roll nobody scripted
        (
            ScriptedDice.of(save=[6]),
            (2, 10, "attack"),
            "the attack roll needs 2 d10 but the script has 0 faces left for '*'",
            "*",
        ),
        # a script one face short
        (
            ScriptedDice.of(attack=[9, 9]),
            (3, 10, "attack"),
            "the attack roll needs 3 d10 but the script has 2 faces left for 'attack'",
            "attack",
        ),
        (
            ScriptedDice.of([2]),
            (2, 10, "attack"),
            "the attack roll needs 2 d10 but the script has 1 face left for '*'",
            "*",
        ),
        # a face the die does not have
        (ScriptedDice.of(save=[4, 7]), (2, 6, "save"), "scripted face 7 is not on a d6 (save roll)", "save"),
        (ScriptedDice.of([11]), (1, 10, "attack"), "scripted face 11 is not on a d10 (attack roll)", "*"),
    ],
    ids=["unscripted", "short", "short-shared", "bad-face", "bad-face-shared"],
)
def test_a_roll_the_script_cannot_give_fails_naming_the_roll_and_its_script(dice, roll, message, purpose):
    with pytest.raises(DiceScriptError) as err:
        dice.roll(*roll)
    assert (str(err.value), err.value.purpose) == (message, purpose)


@pytest.mark.parametrize(
    ("dice", "rolls", "message", "purpose"),
    [
        # a purpose never rolled, with one face and with two: every scripted face is listed
        (
            ScriptedDice.of(attack=[5], reroll=[9]),
            [(1, 10, "attack")],
            "scripted dice left unused (reroll: [9])",
            "reroll",
        ),
        (
            ScriptedDice.of(attack=[5], save=[1, 2]),
            [(1, 10, "attack")],
            "scripted dice left unused (save: [1, 2])",
            "save",
        ),
        # a purpose rolled in part, and the shared queue: what is left, from where the rolls stopped
        (
            ScriptedDice.of([1, 2, 3], attack=[5, 6, 7]),
            [(1, 10, "attack"), (1, 10, "save")],
            "scripted dice left unused (attack: [6, 7]; *: [2, 3])",
            "attack",
        ),
    ],
    ids=["never-rolled-one", "never-rolled-two", "partly-rolled"],
)
def test_a_script_left_unused_fails_at_the_end_naming_what_is_left(dice, rolls, message, purpose):
    for roll in rolls:
        dice.roll(*roll)
    with pytest.raises(DiceScriptError) as err:
        dice.finish()
    assert (str(err.value), err.value.purpose) == (message, purpose)
