"""Issue 27, part A: conditions on one effect, counting, the target's state and recipients, as the
odds and the loader see them (the scenarios are in rulecheck_gundam_assemble/features/gundam_assemble/cards_vocabulary_*.feature).

`rulecheck odds` runs the engine's own attack sequence up to the damage, so a conditional weapon
effect is modelled exactly: checked here against the engine run with seeded dice. What comes after
the damage (a weapon effect After Combat Damage) is named in a note, not silently left out."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.card_plugins import bundled_catalogue, catalogue_with
from rulecheck_gundam_assemble.engine.abilities import AbilityError, parse_ability
from rulecheck_gundam_assemble.engine.odds import simulate
from rulecheck_gundam_assemble.engine.units import parse_weapon
from rulecheck_gundam_assemble.explain import attack_inputs
from rulecheck_gundam_assemble.odds import odds
from rules.dice import SeededDice
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
CARDS = (
    ROOT
    / "rulecheck_gundam_assemble"
    / "scenarios"
    / "gundam_assemble"
    / "cards"
    / "vocabulary_conditions.yaml"
)
RULES = load("gundam_assemble")

SCENARIO = """\
ruleset: gundam_assemble
title: vocabulary odds
cards: [{cards}]
units:
  - {{name: Vanguard Frame, side: A, at: [0, 0]}}
  - {{name: Warden Frame, side: B, at: [2, 0], hp: {hp}}}
  - {{name: Bulwark Frame, side: B, at: [3, 0]}}
attack:
  attacker: Vanguard Frame
  weapon: {weapon}
  target: Warden Frame
  dice: [5, 5, 1, 1]
"""


def _scenario(tmp_path: Path, weapon: str, hp: int = 4):
    path = tmp_path / "attack.yaml"
    path.write_text(SCENARIO.format(cards=CARDS, weapon=weapon, hp=hp))
    return ga.load_scenario(path)


@pytest.mark.parametrize(("hp", "damage_plus"), [(3, 1), (4, 0)])
def test_odds_apply_a_weapon_effects_condition_on_the_target_as_the_engine_does(tmp_path, hp, damage_plus):
    scenario = _scenario(tmp_path, "Shock Blade", hp)
    report = odds(scenario, RULES)
    target = report.odds.target("Warden Frame")
    assert target.profile.damage_plus == damage_plus  # "if the target is damaged": below its card's 4
    battle, decl, rules, _ = attack_inputs(scenario, RULES, "give odds for")
    samples = 3000
    sim = simulate(battle, decl, rules, SeededDice(27), samples)["Warden Frame"]["defeated"]
    p, freq = float(target.defeated), sim.get(1, 0) / samples
    assert abs(freq - p) <= 4.5 * math.sqrt(max(p * (1 - p), 1e-4) / samples)


def test_odds_name_a_weapon_effect_that_comes_after_the_damage(tmp_path, capsys):
    path = tmp_path / "attack.yaml"
    path.write_text(SCENARIO.format(cards=CARDS, weapon="Splash Launcher", hp=4))
    assert main(["odds", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Splash Launcher's weapon effect After Combat Damage" in out
    assert "comes after the damage these odds are about" in out


def test_a_weapon_effect_with_its_own_window_is_not_applied_as_an_ongoing_effect():
    spec = {"name": "W", "tl_cost": 2, "strength": 3, "range": 2}
    timed = parse_weapon(
        {**spec, "effects": [{"kind": "damage_plus", "amount": 1, "window": "after_attack_roll"}]}, "w"
    )
    assert timed.effects == () and [e.timing for e in timed.timed_effects] == ["after_attack_roll"]
    ongoing = parse_weapon({**spec, "effects": [{"kind": "damage_plus", "amount": 1}]}, "w")
    assert ongoing.timed_effects == () and len(ongoing.effects) == 1


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        # counted only when the targets are known
        (
            {"kind": "strength", "amount": 1, "for_each": "targets"},
            "effects[0].for_each: the targets are counted",
        ),
        # one count at a time
        (
            {"kind": "strength", "amount": 1, "for_each": "targets", "per_upgrade": "any"},
            "effects[0].for_each: an effect counts one thing",
        ),
        # only an area reaches out
        ({"kind": "strength", "amount": 1, "within": 1}, "effects[0].within: only an area_damage effect"),
    ],
)
def test_counting_and_reach_are_refused_when_the_card_loads(effect, message):
    window = "before_attack"
    with pytest.raises(AbilityError, match=re.escape(message)):
        parse_ability({"name": "X", "window": window, "effects": [effect]}, "units[0].abilities[0]")


def test_an_out_of_chapter_count_names_the_missing_mechanic_not_an_unrelated_field():
    with pytest.raises(AbilityError) as exc:
        parse_ability(
            {
                "name": "X",
                "window": "before_attack_roll",
                "when": {"objectives_captured": 1},
                "effects": [{"kind": "strength", "amount": 1}],
            },
            "a",
        )
    assert str(exc.value) == (
        "a.when.objectives_captured: 'objectives_captured' needs objectives, a mechanic of another chapter "
        "of the rules; rulecheck models the attack chapter only"
    )


# The printed names of real cards, which the bundled test cards used to carry (issue 27).
REAL_CARD_NAMES = (
    "RX-78-2 Gundam",
    "Char's Zaku II",
    "Zaku II: Minelayer",
    "RX-75 Guntank",
    "RGM-79 GM",
    "MP-02A Oggo",
    "MS-07B Gouf",
)


def test_a_user_can_load_a_real_card_under_its_printed_name(tmp_path):
    units = "".join(
        f'  - {{name: "{name}", hp: 5, vp: 2, weapons: [{{name: Rifle, tl_cost: 2, range: 3, strength: 3}}]}}\n'
        for name in REAL_CARD_NAMES
    )
    path = tmp_path / "real_cards.yaml"
    path.write_text("units:\n" + units)
    catalogue = catalogue_with((str(path),))
    assert all(catalogue.units[name].hp == 5 for name in REAL_CARD_NAMES)
    assert not set(REAL_CARD_NAMES) & set(bundled_catalogue().units)
