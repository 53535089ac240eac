"""Exact odds of one multibase attack, checked against a seeded simulation through the engine."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from rulecheck_multibase.engine.odds import AttackProfile, attack_odds, success_chance
from rulecheck_multibase.ruleset import ADAPTER, load_scenario
from rules.dice import SeededDice
from rules.rulebook import load

BOOK = load("multibase")
SIMULATIONS = 3000


def test_the_distributions_are_exact_and_sum_to_one():
    odds = attack_odds(
        AttackProfile(pool=3, threshold=4, save=4, courage=2, wound_stat=1, residual=0, bases=3)
    )
    for dist in (odds.hits, odds.wounds, odds.bases_removed):
        assert sum(dist.values()) == 1
    # Three fair coin flips for hits; a wound needs a hit and a failed save: one in four per die.
    assert odds.hits == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}
    assert odds.wounds[3] == Fraction(1, 64)
    assert odds.shaken == Fraction(1, 2)  # two or more hits of three
    assert odds.destroyed == Fraction(1, 64)
    # The means the odds report prints: three dice hitting half the time, wounding a quarter of it.
    assert odds.mean("hits") == Fraction(3, 2)
    assert odds.mean("wounds") == Fraction(3, 4)


def test_a_clamped_threshold_still_leaves_a_six_to_hit_and_a_one_to_miss():
    assert success_chance(6, 6) == Fraction(1, 6)
    assert success_chance(2, 6) == Fraction(5, 6)
    assert success_chance(7, 6) == 0  # an unreachable save never succeeds


def test_residual_wounds_shift_the_bases_removed():
    fresh = attack_odds(
        AttackProfile(pool=2, threshold=2, save=7, courage=9, wound_stat=2, residual=0, bases=3)
    )
    carried = attack_odds(
        AttackProfile(pool=2, threshold=2, save=7, courage=9, wound_stat=2, residual=1, bases=3)
    )
    # Every hit wounds (no save possible); with one wound already on, a single wound removes a base.
    assert fresh.bases_removed == {0: Fraction(11, 36), 1: Fraction(25, 36)}
    assert carried.bases_removed == {0: Fraction(1, 36), 1: Fraction(35, 36)}


def _within(freq: float, p: Fraction, n: int) -> bool:
    sigma = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(freq - float(p)) <= 4.5 * sigma + 1e-3


@pytest.mark.parametrize("name", ["ranged_volley", "close_combat_charge"])
def test_the_exact_odds_match_a_seeded_simulation_of_the_engine(name):
    scenario = load_scenario(f"rulecheck_multibase/scenarios/multibase/{name}.yaml")
    report = ADAPTER.odds(scenario, BOOK)
    exact = report.odds
    # Let the engine resolve the same attack many times with random dice and no scripted picks.
    scenario = replace(scenario, attack=replace(scenario.attack, removals={}))
    dice = SeededDice(20261129)
    hits, wounds, removed = {}, {}, {}
    shaken = 0
    for _ in range(SIMULATIONS):
        result = ADAPTER.run(scenario, BOOK, dice)
        strike = result.strikes[0]
        target = result.casualties[strike.target]
        gone = min(target.removals_due, len(scenario.field.unit(strike.target).bases))
        hits[strike.hits] = hits.get(strike.hits, 0) + 1
        wounds[strike.wounds] = wounds.get(strike.wounds, 0) + 1
        removed[gone] = removed.get(gone, 0) + 1
        shaken += any(
            e.step in ("shaken.gained", "shaken.already") and e.data.get("unit") == strike.target
            for e in result.events
        )
    for simulated, dist in ((hits, exact.hits), (wounds, exact.wounds), (removed, exact.bases_removed)):
        assert set(simulated) <= set(dist)
        for k, p in dist.items():
            assert _within(simulated.get(k, 0) / SIMULATIONS, p, SIMULATIONS), (k, p, simulated)
    assert _within(shaken / SIMULATIONS, exact.shaken, SIMULATIONS)


def test_the_odds_report_prints_and_serialises():
    report = ADAPTER.odds(load_scenario("rulecheck_multibase/scenarios/multibase/ranged_volley.yaml"), BOOK)
    data = report.to_json()
    assert data["profile"]["pool"] == 7 and data["profile"]["threshold"] == 5
    assert Fraction(data["shaken"]["exact"]) == report.odds.shaken
    assert "Shaken after the attack" in report.format_text()


def test_a_removal_that_breaks_coherency_shakes_the_unit_and_too_few_dice_never_destroy_it():
    # One die, no save: half the time one wound removes one of three bases, and removing one
    # cannot keep this unit coherent (MB-6.5), so that half is Shaken though Courage 9 is not met.
    odds = attack_odds(
        AttackProfile(
            pool=1,
            threshold=4,
            save=7,
            courage=9,
            wound_stat=1,
            residual=0,
            bases=3,
            incoherent_removals=frozenset({1}),
        )
    )
    assert odds.shaken == Fraction(1, 2)
    assert odds.bases_removed == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert odds.destroyed == 0  # one die can never remove three bases


def test_the_odds_threshold_agrees_with_the_attack_at_exactly_the_long_range_limit(tmp_path):
    # Bases 2 inches apart on a 3-4-5 slant, half of a 4-inch range: floating point measures a
    # hair more. The attack rolls 4+ (not at long range, MB-3.2 within geometry_tolerance); the
    # odds report must assume the same threshold, not the hair-past-the-limit 5+.
    scenario = tmp_path / "slant.yaml"
    scenario.write_text(
        "ruleset: multibase\ntitle: half range on a slant\nunits:\n"
        "  - name: Lancer\n    faction: Red\n"
        "    stats: {ranged_attack: 1, melee_attack: 1, range: 4, courage: 9, save: 7, wounds: 9}\n"
        "    bases: [{name: l1, shape: round, radius: 0.5, x: 7, y: 2, facing: 90}]\n"
        "  - name: Dart\n    faction: Blue\n"
        "    stats: {ranged_attack: 1, melee_attack: 1, range: 4, courage: 9, save: 7, wounds: 9}\n"
        "    bases: [{name: d1, shape: round, radius: 0.5, x: 8.8, y: 4.4, facing: 270}]\n"
        "attack: {kind: ranged, attacker: Lancer, target: Dart}\n"
        "dice:\n  Lancer: {to_hit: [4]}\n  Dart: {save: [1]}\n"
    )
    report = ADAPTER.odds(load_scenario(str(scenario)), BOOK)
    assert report.to_json()["profile"]["threshold"] == 4


def test_the_odds_threshold_follows_whose_status_counts(tmp_path):
    # A Shaken target: the book's reading (the attacker's status) leaves 4+; reading MB-3.2's
    # "Unit Status" as the target's makes the odds assume 3+, as the attack itself rolls.
    scenario = tmp_path / "shaken_target.yaml"
    scenario.write_text(
        "ruleset: multibase\ntitle: a Shaken target\nunits:\n"
        "  - name: Lancer\n    faction: Red\n"
        "    stats: {ranged_attack: 1, melee_attack: 1, range: 12, courage: 9, save: 7, wounds: 9}\n"
        "    bases: [{name: l1, shape: round, radius: 0.5, x: 0, y: 0, facing: 90}]\n"
        "  - name: Dart\n    faction: Blue\n    shaken: true\n"
        "    stats: {ranged_attack: 1, melee_attack: 1, range: 12, courage: 9, save: 7, wounds: 9}\n"
        "    bases: [{name: d1, shape: round, radius: 0.5, x: 0, y: 3, facing: 270}]\n"
        "attack: {kind: ranged, attacker: Lancer, target: Dart}\n"
        "dice:\n  Lancer: {to_hit: [3]}\n  Dart: {save: [1]}\n"
    )
    loaded = load_scenario(str(scenario))
    target_reading = BOOK.with_changes(interpretations={"status_modifier": "target_shaken"})
    assert ADAPTER.odds(loaded, BOOK).to_json()["profile"]["threshold"] == 4
    report = ADAPTER.odds(loaded, target_reading).to_json()
    assert report["profile"]["threshold"] == 3
    assert report["hits"]["1"]["exact"] == "2/3"
