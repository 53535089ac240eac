"""`rulecheck odds`: exact distributions, checked against closed forms and against the engine
itself run with seeded dice."""

from __future__ import annotations

import json
import math
import random
import sys
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.engine.attack import AttackState, resolve_attack
from rulecheck_gundam_assemble.engine.odds import (
    AttackProfile,
    CritProfile,
    OddsUnsupported,
    TargetProfile,
    profile_from_attack,
    simulate,
)
from rulecheck_gundam_assemble.engine.setup import scripted_dice
from rulecheck_gundam_assemble.explain import attack_inputs
from rulecheck_gundam_assemble.odds import odds
from rules.dice import DiceScriptError, DiceSource, ScriptedDice, SeededDice, at_least
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
GA_DIR = ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble"
RULES = load("gundam_assemble")

ZAKU_VS = """\
ruleset: gundam_assemble
title: {title}
hexes:
  - {{at: [3, 0], elevation: {elevation}}}
units:
  - {{name: "{attacker}", side: A, at: [0, 0]}}
  - {{name: QZ-82 Sentinel, side: B, at: [{distance}, 0]{extra}}}
attack:
  attacker: "{attacker}"
  weapon: {weapon}
  target: QZ-82 Sentinel
  dice: [5, 5, 5, 5]
"""


def scenario_file(tmp_path: Path, **fields) -> Path:
    values = {"title": "odds test", "elevation": 0, "distance": 3, "extra": "", **fields}
    path = tmp_path / "attack.yaml"
    path.write_text(ZAKU_VS.format(**values))
    return path


def test_one_target_at_plus_zero_is_binomial_in_seven_tenths():
    report = odds(ga.load_scenario(GA_DIR / "attack_char_elevation_water.yaml"), RULES)
    target = report.odds.target("QX-40 Bastion")
    assert target.profile.accuracy == 0  # high ground and water cancel out
    assert target.hits == {
        k: comb(4, k) * Fraction(7, 10) ** k * Fraction(3, 10) ** (4 - k) for k in range(5)
    }
    assert target.crits == {k: comb(4, k) * Fraction(1, 5) ** k * Fraction(4, 5) ** (4 - k) for k in range(5)}
    assert sum(target.damage.values()) == 1


def test_each_area_target_gets_its_own_accuracy_from_one_roll():
    report = odds(ga.load_scenario(GA_DIR / "attack_guntank_quad_bop.yaml"), RULES)
    high, level = report.odds.target("Cara's Strider"), report.odds.target("Strider: Minelayer")
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
    assert {sum(counts.values()) for row in sim.values() for counts in row.values()} == {samples}
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
        ("Cara's Strider", "Zaku Bazooka", {}),  # a crit adds a die, rolled into the same attack
        ("QX-40 Bastion", "180mm Cannon", {}),  # two crits needed, Damage+2
        ("PK-5 Kite", "Beam Spray Gun", {}),  # Damage+1 for every crit
        ("QZ-82 Sentinel", "Beam Saber", {"distance": 1, "extra": ", hp: 3, shields: 0"}),  # Fracture
    ],
    ids=["extra-die", "two-crits", "per-crit", "fracture"],
)
def test_critical_effects_agree_with_the_engine(tmp_path, attacker, weapon, fields):
    if attacker == "QZ-82 Sentinel":  # the Gundam attacks a second Gundam card
        text = ZAKU_VS.replace("QZ-82 Sentinel, side: B", "Target, profile: QZ-82 Sentinel, side: B")
        text = text.replace("target: QZ-82 Sentinel", "target: Target")
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
    assert "Strider: Minelayer: HP lost, out of 4 HP" in out
    assert "5017/10000" in out and "50.17%" in out  # the Minelayer's defeat chance
    assert "at least k" in out
    assert main(["odds", str(ROOT / "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml")]) == 0
    out = capsys.readouterr().out
    assert "bases removed" in out and "at least k" in out


def test_cli_json_has_exact_strings(capsys):
    assert main(["odds", "--json", str(GA_DIR / "attack_char_elevation_water.yaml")]) == 0
    data = json.loads(capsys.readouterr().out)
    hits = data["targets"]["QX-40 Bastion"]["hits"]
    assert hits["4"]["exact"] == "2401/10000" and hits["4"]["p"] == pytest.approx(0.2401)
    assert data["targets"]["QX-40 Bastion"]["hits_at_least"]["0"]["exact"] == "1"


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
    ("make_dice", "roll", "message", "purpose"),
    [
        # a roll nobody scripted
        (
            lambda: ScriptedDice.of(save=[6]),
            (2, 10, "attack"),
            "the attack roll needs 2 d10 but the script has 0 faces left for '*'",
            "*",
        ),
        # a script one face short
        (
            lambda: ScriptedDice.of(attack=[9, 9]),
            (3, 10, "attack"),
            "the attack roll needs 3 d10 but the script has 2 faces left for 'attack'",
            "attack",
        ),
        (
            lambda: ScriptedDice.of([2]),
            (2, 10, "attack"),
            "the attack roll needs 2 d10 but the script has 1 face left for '*'",
            "*",
        ),
        # a face the die does not have
        (
            lambda: ScriptedDice.of(save=[4, 7]),
            (2, 6, "save"),
            "scripted face 7 is not on a d6 (save roll)",
            "save",
        ),
        (
            lambda: ScriptedDice.of([11]),
            (1, 10, "attack"),
            "scripted face 11 is not on a d10 (attack roll)",
            "*",
        ),
    ],
    ids=["unscripted", "short", "short-shared", "bad-face", "bad-face-shared"],
)
def test_a_roll_the_script_cannot_give_fails_naming_the_roll_and_its_script(
    make_dice, roll, message, purpose
):
    with pytest.raises(DiceScriptError) as err:
        make_dice().roll(*roll)
    assert (str(err.value), err.value.purpose) == (message, purpose)


@pytest.mark.parametrize(
    ("make_dice", "rolls", "message", "purpose"),
    [
        # a purpose never rolled, with one face and with two: every scripted face is listed
        (
            lambda: ScriptedDice.of(attack=[5], reroll=[9]),
            [(1, 10, "attack")],
            "scripted dice left unused (reroll: [9])",
            "reroll",
        ),
        (
            lambda: ScriptedDice.of(attack=[5], save=[1, 2]),
            [(1, 10, "attack")],
            "scripted dice left unused (save: [1, 2])",
            "save",
        ),
        # a purpose rolled in part, and the shared queue: what is left, from where the rolls stopped
        (
            lambda: ScriptedDice.of([1, 2, 3], attack=[5, 6, 7]),
            [(1, 10, "attack"), (1, 10, "save")],
            "scripted dice left unused (attack: [6, 7]; *: [2, 3])",
            "attack",
        ),
    ],
    ids=["never-rolled-one", "never-rolled-two", "partly-rolled"],
)
def test_a_script_left_unused_fails_at_the_end_naming_what_is_left(make_dice, rolls, message, purpose):
    dice = make_dice()
    for roll in rolls:
        dice.roll(*roll)
    with pytest.raises(DiceScriptError) as err:
        dice.finish()
    assert (str(err.value), err.value.purpose) == (message, purpose)


# --- the profile the odds read off the engine, against every face sequence through the engine ---
# TEST DATA: invented cards, each with one property profile_from_attack must read (a per-target
# Damage+X, Shields ignored, a reduction, an already Fractured target, a critical effect with two
# Damage+X parts and a status, additional dice, a weapon without critical effect, ...).
ODDS_CARDS = """\
units:
  - name: Odds Striker
    hp: 5
    vp: 1
    weapons:
      - name: Twin Spread
        tl_cost: 2
        strength: 2
        area: {hexes: [[1, 0], [2, 0], [2, -1]]}
        critical:
          effects:
            - {kind: damage_plus, amount: 1}
            - {kind: damage_plus, amount: 1}
            - {kind: inflict_status, status: Disarm}
      - {name: Plain Rifle, tl_cost: 2, range: 3, strength: 1}
      - name: Double Shell
        tl_cost: 2
        range: 3
        strength: 2
        critical: {effects: [{kind: extra_dice, amount: 1}, {kind: extra_dice, amount: 1}]}
      - name: Late Charge
        tl_cost: 2
        range: 3
        strength: 2
        critical: {window: after_combat_damage, effects: [{kind: inflict_status, status: Fracture}]}
      - name: Shock Round
        tl_cost: 2
        range: 3
        strength: 2
        critical: {effects: [{kind: non_combat_damage, amount: 1}]}
    abilities:
      - name: Aimed Burst
        window: before_attack_roll
        trigger: own_attack
        effects: [{kind: damage_plus, amount: 1, to: one_target}]
      - name: Piercing Shot
        window: before_attack_roll
        trigger: own_attack
        effects: [{kind: ignore_shields, amount: 1, to: one_target}]
      - name: Extra Barrel
        window: after_attack_roll
        trigger: own_attack
        effects: [{kind: extra_dice, amount: 1}]
      - name: Spare Barrel
        window: after_attack_roll
        trigger: own_attack
        effects: [{kind: extra_dice, amount: 1}]
      - name: Second Look
        window: after_attack_roll
        trigger: own_attack
        effects: [{kind: reroll, amount: 1}]
      - name: Hot Sights
        window: before_attack_roll
        trigger: own_attack
        effects: [{kind: critical_faces, faces: [8]}]
      - name: Opening Shot
        window: before_attack_roll
        trigger: own_attack
        effects: [{kind: non_combat_damage, amount: 1, to: targets}]
  - name: Odds Bulwark
    hp: 3
    vp: 1
    shields: 2
    weapons:
      - {name: Pistol, tl_cost: 2, range: 2, strength: 2}
    abilities:
      - name: Bracing
        window: ongoing
        trigger: attacked
        effects: [{kind: damage_reduction, amount: 1}]
  - name: Odds Holdout
    hp: 3
    vp: 1
    weapons:
      - {name: Pistol, tl_cost: 2, range: 2, strength: 2}
    abilities:
      - name: Holds On
        window: ongoing
        trigger: attacked
        effects: [{kind: prevent_defeat, hit_points: 1}]
"""

# Odds Striker's area attack on three hexes: the Bulwark (reduction 1, one of its two Shields
# ignored), a second Bulwark already Fractured with Damage+1 and one Shield, the one the critical
# effect goes to (chosen_target), and a Garrison (no hit points).
AREA_ATTACK = """\
ruleset: gundam_assemble
title: odds of an area attack
cards: [cards.yaml]
units:
  - {name: Odds Striker, side: A, at: [0, 0]}
  - {name: Odds Bulwark, side: B, at: [1, 0]}
  - {name: Second, profile: Odds Bulwark, side: B, at: [2, 0], hp: 2, shields: 1, status: [Fracture]}
garrisons:
  - {name: Zeon Garrison, side: B, at: [2, -1]}
attack:
  attacker: Odds Striker
  weapon: Twin Spread
  area: [[1, 0], [2, 0], [2, -1]]
  crit_target: Second
  interpretations: {aoe_crit_effect_scope: chosen_target}
  responses:
    - {window: before_attack_roll, unit: Odds Striker, ability: Aimed Burst, target: Second}
    - {window: before_attack_roll, unit: Odds Striker, ability: Piercing Shot, target: Odds Bulwark}
  dice: [5, 5]
"""

# A one-die Plain Rifle (no critical effect) from a Disarmed Striker, Disarm read as -1 Accuracy,
# with two additional dice from two Responses: three dice in all.
RIFLE_ATTACK = """\
ruleset: gundam_assemble
title: odds of a rifle shot
cards: [cards.yaml]
units:
  - {name: Odds Striker, side: A, at: [0, 0], status: [Disarm]}
  - {name: Odds Bulwark, side: B, at: [2, 0]}
attack:
  attacker: Odds Striker
  weapon: Plain Rifle
  target: Odds Bulwark
  interpretations: {disarm_effect: minus_one_accuracy}
  responses:
    - {window: after_attack_roll, unit: Odds Striker, ability: Extra Barrel}
    - {window: after_attack_roll, unit: Odds Striker, ability: Spare Barrel}
  dice: [5, 5, 5]
"""


def _odds_scenario(tmp_path: Path, text: str):
    (tmp_path / "cards.yaml").write_text(ODDS_CARDS)
    path = tmp_path / "attack.yaml"
    path.write_text(text)
    return ga.load_scenario(path)


class _EveryFace(DiceSource):
    """One face sequence, handed out in order whatever the roll (attack or additional dice)."""

    def __init__(self, faces: tuple[int, ...]):
        self.faces, self.used = faces, 0

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        out = self.faces[self.used : self.used + count]
        assert len(out) == count, f"the {purpose} roll goes past the {len(self.faces)} faces enumerated"
        self.used += count
        return out


def assert_odds_equal_the_engine_over_every_face_sequence(scenario, length: int) -> None:
    """The engine resolves the attack once for each of the 10 ** length face sequences (a
    resolution that rolls fewer dice stands for all the sequences it does not read on), and the
    exact odds must be those counts: critical triggers, and per target hits, critical hits, hit
    points after damage and defeat."""
    report = odds(scenario, RULES)
    battle, decl, rules, _ = attack_inputs(scenario, RULES, "give odds for")
    sides = int(rules.param("attack_die_sides"))
    p = Fraction(1, sides**length)
    triggers: dict[int, Fraction] = {}
    rows: dict[str, dict] = {}
    for faces in product(range(1, sides + 1), repeat=length):
        result = resolve_attack(battle, decl, _EveryFace(faces), rules)
        triggers[result.critical_triggers] = triggers.get(result.critical_triggers, 0) + p
        for name, t in result.per_target.items():
            row = rows.setdefault(name, {"hits": {}, "crits": {}, "hp_after": {}, "defeated": Fraction(0)})
            for key, value in (("hits", t.hits), ("crits", t.crits), ("hp_after", t.hp_after)):
                row[key][value] = row[key].get(value, 0) + p
            row["defeated"] += p * t.defeated
    assert triggers == report.odds.triggers
    with_hit_points = [t for t in report.odds.targets if t.profile.has_hit_points]
    assert set(rows) == {t.profile.name for t in with_hit_points}
    for t in with_hit_points:
        row = rows[t.profile.name]
        assert (row["hits"], row["crits"]) == (t.hits, t.crits), t.profile.name
        assert row["hp_after"] == {t.profile.hp - lost: q for lost, q in t.damage.items()}, t.profile.name
        assert row["defeated"] == t.defeated, t.profile.name


def test_an_area_attack_profile_reads_every_targets_numbers_and_the_critical_recipient(tmp_path):
    scenario = _odds_scenario(tmp_path, AREA_ATTACK)
    found = profile_from_attack(*attack_inputs(scenario, RULES, "give odds for")[:3])
    assert found.profile == AttackProfile(
        2,
        (
            TargetProfile("Zeon Garrison", 0, 0, 0, 0, 0, False, False, False),
            TargetProfile("Odds Bulwark", 0, 0, 1, 1, 3, False, False, True),
            TargetProfile("Second", 0, 1, 1, 1, 2, True, True, True),
        ),
        CritProfile(1, False, 1, 2, 0, False, ("inflict Disarm",)),
    )
    assert found.notes == ("critical effect also does: inflict Disarm (no change to this attack's damage)",)
    assert_odds_equal_the_engine_over_every_face_sequence(scenario, 2)
    text = odds(scenario, RULES).format_text()
    assert "  Zeon Garrison: Accuracy +0, Damage+0, reduction 0, 0 Shields, 0 HP" in text


def test_a_rifle_profile_counts_each_responses_additional_die_and_disarm_as_accuracy(tmp_path):
    scenario = _odds_scenario(tmp_path, RIFLE_ATTACK)
    found = profile_from_attack(*attack_inputs(scenario, RULES, "give odds for")[:3])
    assert found.profile == AttackProfile(3, (TargetProfile("Odds Bulwark", -1, 0, 1, 2, 3),), None)
    assert found.notes == ("2 additional dice from Responses are rolled with the attack dice",)
    assert_odds_equal_the_engine_over_every_face_sequence(scenario, 3)


def test_a_critical_effect_with_two_additional_dice_rolls_both_and_goes_to_the_one_target(tmp_path):
    """One target: the critical effect is its, whatever unit the scenario names as the chosen
    recipient (aoe_crit_effect_scope is a question for several targets only)."""
    text = RIFLE_ATTACK.replace("Plain Rifle", "Double Shell").replace(", status: [Disarm]", "")
    text = text.replace(
        "  - {name: Odds Bulwark",
        "  - {name: Bystander, profile: Odds Bulwark, side: B, at: [0, 3]}\n  - {name: Odds Bulwark",
    )
    text = text[: text.index("  interpretations:")]
    text += "  crit_target: Bystander\n  interpretations: {aoe_crit_effect_scope: chosen_target}\n  dice: [5, 5]\n"
    scenario = _odds_scenario(tmp_path, text)
    found = profile_from_attack(*attack_inputs(scenario, RULES, "give odds for")[:3])
    assert found.profile == AttackProfile(
        2, (TargetProfile("Odds Bulwark", 0, 0, 1, 2, 3),), CritProfile(1, False, 1, 0, 2, False, ())
    )
    assert found.notes == ()


def test_an_area_critical_effect_under_chosen_target_needs_the_attacking_players_choice(tmp_path):
    """The odds ask for the same choice as the engine: with several targets under
    aoe_crit_effect_scope=chosen_target, no crit_target is refused (which target gets the effect
    changes the odds), and so is one that is not a target."""
    from rulecheck_gundam_assemble.engine.declaration import AttackError

    text = AREA_ATTACK.replace("  crit_target: Second\n", "")
    text = text[: text.index("garrisons:")] + text[text.index("attack:") :]
    scenario = _odds_scenario(tmp_path, text)
    with pytest.raises(AttackError, match="name it as crit_target") as refused:
        profile_from_attack(*attack_inputs(scenario, RULES, "give odds for")[:3])
    assert refused.value.field == "crit_target"
    moved = text.replace("  interpretations:", "  crit_target: Odds Striker\n  interpretations:")
    scenario = _odds_scenario(tmp_path, moved)
    with pytest.raises(AttackError, match="Odds Striker is not a target of this attack"):
        profile_from_attack(*attack_inputs(scenario, RULES, "give odds for")[:3])


def test_a_lenient_resolution_gives_an_unchosen_critical_effect_to_the_first_target_and_says_so(tmp_path):
    text = AREA_ATTACK.replace("  crit_target: Second\n", "")
    text = text[: text.index("garrisons:")] + text[text.index("attack:") :]
    battle, decl, rules = attack_inputs(_odds_scenario(tmp_path, text), RULES, "resolve")[:3]
    result = resolve_attack(battle, decl, ScriptedDice.of([10, 10]), rules, strict=False)
    [default] = [e for e in result.events if e.step == "critical.default_choice"]
    assert default.data == {"crit_target": result.targets[0]}
    assert default.interpretation == "aoe_crit_effect_scope"


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        (
            "interpretations: {disarm_effect: minus_one_accuracy}",
            "interpretations: {}",
            "Odds Striker is Disarmed and loses its highest die: not modelled exactly "
            "(use the interpretation disarm_effect=minus_one_accuracy, or no Disarm)",
        ),
        (
            "ability: Spare Barrel}",
            "ability: Second Look}",
            "a reroll picks dice after seeing the roll: exact odds would need the player's strategy",
        ),
        (
            "ability: Spare Barrel}",
            "ability: Spare Barrel}\n    - {window: before_attack_roll, unit: Odds Striker, ability: Hot Sights}",
            "an effect changes which faces are critical hits: not modelled by the odds",
        ),
        (
            "weapon: Plain Rifle",
            "weapon: Late Charge",
            "Late Charge's critical effect resolves after_combat_damage: not modelled by the odds",
        ),
        (
            "weapon: Plain Rifle",
            "weapon: Shock Round",
            "critical effect 1 non-combat damage is not modelled by the odds",
        ),
        (
            "Odds Bulwark, side: B",
            "Target, profile: Odds Holdout, side: B",
            "Target has a card that keeps it on the board when it would be defeated: not modelled by the odds",
        ),
    ],
    ids=["disarm-loses-a-die", "reroll", "more-critical-faces", "late-critical", "other-critical", "holdout"],
)
def test_an_attack_the_odds_cannot_count_exactly_is_refused_saying_why(tmp_path, old, new, why):
    text = RIFLE_ATTACK.replace(old, new)
    if old.startswith("Odds Bulwark"):
        text = text.replace("target: Odds Bulwark", "target: Target")
    scenario = _odds_scenario(tmp_path, text)
    with pytest.raises(InputError) as err:
        odds(scenario, RULES)
    assert str(err.value) == f"{scenario.file}: attack: no exact odds: {why}"


def test_an_attack_that_cannot_be_made_or_ends_before_damage_has_no_odds_and_says_why(tmp_path):
    far = _odds_scenario(tmp_path, RIFLE_ATTACK.replace("at: [2, 0]", "at: [5, 0]"))
    report = odds(far, RULES)
    assert report.odds is None and report.events[-1].step == "end.attack"
    assert report.format_text() == (
        f"odds of a rifle shot: Odds Striker cannot make this attack ({report.events[-2].text})"
    )
    opened = RIFLE_ATTACK.replace(
        "  responses:\n",
        "  responses:\n    - {window: before_attack_roll, unit: Odds Striker, ability: Opening Shot}\n",
    )
    ended = odds(_odds_scenario(tmp_path, opened.replace("at: [2, 0]}", "at: [2, 0], hp: 1}")), RULES)
    assert ended.odds is None and ended.notes == (
        "Odds Bulwark was defeated before the attack dealt damage and no target is left: "
        "the attack ends (the Timeline cost stays paid)",
    )
    assert (
        ended.format_text()
        == f"odds of a rifle shot: Odds Striker cannot make this attack ({ended.notes[0]})"
    )


def test_the_engine_and_the_odds_score_with_the_one_accuracy_sum(monkeypatch):
    # AttackState.target_accuracy is the one place a target's Accuracy is added up. Shift it by
    # one and both the engine's damage step and the odds' profile move with it: neither keeps a sum
    # of its own that could silently disagree with the other.
    scenario = ga.load_scenario(GA_DIR / "attack_guntank_quad_bop.yaml")
    battle, decl, rules, _ = attack_inputs(scenario, RULES, "give odds for")

    def accuracies() -> tuple[dict[str, int], dict[str, int]]:
        engine = resolve_attack(battle, decl, scripted_dice(scenario.attack["dice"]), rules)
        scored = {e.data["target"]: e.data["accuracy"] for e in engine.events if e.step == "damage.hits"}
        profiled = {t.name: t.accuracy for t in profile_from_attack(battle, decl, rules).profile.targets}
        return scored, profiled

    scored, profiled = accuracies()
    assert scored == profiled and len(scored) >= 2  # an area attack: each target its own Accuracy
    one_sum = AttackState.target_accuracy
    calls = []

    def shifted(self, name):
        caller = sys._getframe(1)
        # under mutmut a function runs as x_NAME__mutmut_orig: the name it has in the source
        function = caller.f_code.co_name.removesuffix("__mutmut_orig").removeprefix("x_")
        calls.append((caller.f_globals["__name__"].rsplit(".", 1)[-1], function))
        accuracy, events = one_sum(self, name)
        return accuracy + 1, events

    monkeypatch.setattr(AttackState, "target_accuracy", shifted)
    scored_now, profiled_now = accuracies()
    assert scored_now == {name: acc + 1 for name, acc in scored.items()}
    assert profiled_now == {name: acc + 1 for name, acc in profiled.items()}
    # the engine's damage step and the odds' profile, read where the walk stops before the critical step
    assert set(calls) == {("attack", "damage"), ("odds", "target_profiles")}


def test_the_odds_refuse_an_attack_whose_card_rolls_dice_of_its_own_and_model_one_whose_card_does_not():
    from rulecheck_gundam_assemble.card_plugins import catalogue_with
    from rulecheck_gundam_assemble.engine.board import Board, Piece
    from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, Response
    from rulecheck_gundam_assemble.engine.units import battle_from_entries

    cards = Path(__file__).resolve().parent.parent / (
        "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/vocabulary_actions.yaml"
    )
    board = Board(
        pieces=(Piece("Hypothetical Rammer", "A", (0, 0)), Piece("Hypothetical Drone", "B", (2, 0)))
    )
    entries = {"Hypothetical Rammer": {"side": "A"}, "Hypothetical Drone": {"side": "B"}}
    battle = battle_from_entries(board, entries, catalogue_with((str(cards),)))
    abilities = battle.unit("Hypothetical Rammer").profile.abilities

    def attack_with(card: str) -> AttackDeclaration:
        used = Response("before_attack_roll", abilities[card], unit="Hypothetical Rammer", to=(-1, 0))
        if card == "Lucky Break":
            used = Response("before_attack_roll", abilities[card], unit="Hypothetical Rammer")
        return AttackDeclaration("Hypothetical Rammer", "Long Rifle", "Hypothetical Drone", responses=(used,))

    with pytest.raises(OddsUnsupported, match="a card rolls dice of its own"):
        profile_from_attack(battle, attack_with("Lucky Break"), RULES)
    assert profile_from_attack(battle, attack_with("Hilltop Leap"), RULES).profile is not None
