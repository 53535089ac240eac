"""Properties of the Gundam Assemble attack engine (issue 3, item 10), over generated dice,
Accuracy, Shields, hit points and positions. Unit cards come from the test-data catalogue."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck_gundam_assemble.engine.attack import STAGES, resolve_attack, stage_of
from rulecheck_gundam_assemble.engine.attack_dice import count_crits, score_dice
from rulecheck_gundam_assemble.engine.damage import combat_damage
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration
from rulecheck_gundam_assemble.engine.units import parse_catalogue
from rulecheck_gundam_assemble.strategies import (
    accuracies,
    attack_faces,
    attacks_on_a_holdout,
    beam_rifle_attacks,
)
from rules.dice import ScriptedDice
from rules.rulebook import load
from steps.common import PROJECT_ROOT

RULES = load("gundam_assemble")
CATALOGUE = parse_catalogue(
    yaml.safe_load(
        (PROJECT_ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml").read_text()
    )
)

faces = attack_faces()
accuracy = accuracies()


@given(faces, accuracy)
def test_hits_never_exceed_dice_rolled(dice, acc):
    assert score_dice(dice, acc, RULES).hits <= len(dice)


@given(faces, accuracy)
def test_a_natural_1_never_hits(dice, acc):
    score = score_dice(dice, acc, RULES)
    for face, result in zip(dice, score.results, strict=True):
        if face in RULES.param("natural_miss_faces"):
            assert result == "miss"


@given(faces, accuracy, accuracy)
def test_accuracy_never_changes_the_number_of_crits(dice, a, b):
    assert score_dice(dice, a, RULES).crits == score_dice(dice, b, RULES).crits == count_crits(dice, RULES)


@given(faces, accuracy, st.integers(0, 6))
def test_more_accuracy_never_gives_fewer_hits(dice, acc, more):
    assert score_dice(dice, acc + more, RULES).hits >= score_dice(dice, acc, RULES).hits


@given(st.integers(0, 12), st.integers(0, 4), st.integers(0, 4), st.integers(0, 6), st.integers(0, 4))
def test_more_shields_never_give_more_damage(hits, plus, reduction, shields, extra):
    fewer = combat_damage(hits, plus, reduction, shields, RULES)
    more = combat_damage(hits, plus, reduction, shields + extra, RULES)
    assert more.dealt <= fewer.dealt
    assert fewer.dealt >= 0


# --- whole attacks ---------------------------------------------------------------------------------


def _resolve(battle, dice):
    decl = AttackDeclaration("QZ-82 Sentinel", "Beam Rifle", target="Cara's Strider")
    return resolve_attack(battle, decl, ScriptedDice.of(attack=dice), RULES)


@given(beam_rifle_attacks())
def test_hit_points_never_drop_below_zero(case):
    battle, dice = case
    result = _resolve(battle, dice)
    assert all(u.hp >= 0 for u in result.battle.units.values())
    for t in result.per_target.values():
        assert t.hp_after >= 0


@given(beam_rifle_attacks())
def test_a_defeat_scores_victory_points_exactly_once(case):
    battle, dice = case
    result = _resolve(battle, dice)
    defeats = [e for e in result.events if e.step.endswith(".defeated")]
    vp = CATALOGUE.units["Cara's Strider"].vp
    if result.battle.unit("Cara's Strider").in_reserve:
        assert len(defeats) == 1
        assert result.battle.victory_points["A"] == vp
    else:
        assert defeats == [] and result.battle.victory_points["A"] == 0


@given(beam_rifle_attacks())
def test_events_always_follow_the_books_sequence(case):
    battle, dice = case
    result = _resolve(battle, dice)
    order = [STAGES.index(stage_of(e)) for e in result.events]
    assert order == sorted(order)
    assert stage_of(result.events[0]) == "before_attack" and stage_of(result.events[-1]) == "end"


@given(beam_rifle_attacks())
def test_the_input_battle_is_never_changed(case):
    battle, dice = case
    before = (dict(battle.units), battle.board, dict(battle.victory_points))
    _resolve(battle, dice)
    assert (dict(battle.units), battle.board, dict(battle.victory_points)) == before


@settings(max_examples=200)  # a small space: keep, maximum, hit points left and the dice
@given(attacks_on_a_holdout())
def test_a_card_that_steps_in_at_defeat_never_leaves_more_than_the_maximum_hit_points(case):
    battle, dice, keep = case
    decl = AttackDeclaration("QZ-82 Sentinel", "Beam Rifle", target="Holdout")
    result = resolve_attack(battle, decl, ScriptedDice.of(attack=dice), RULES)
    unit = result.battle.unit("Holdout")
    assert not unit.in_reserve and result.battle.board.has_piece("Holdout")
    assert 1 <= unit.hp <= unit.profile.hp
    stepped_in = [e for e in result.events if e.step == "defeat.defeat_prevented"]
    if stepped_in:
        assert unit.hp == min(keep, unit.profile.hp) == result.per_target["Holdout"].hp_after
