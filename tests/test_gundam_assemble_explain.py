"""`rulecheck explain` support: every rulebook attack example resolves from its scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.engine.attack import STAGES, stage_of
from rulecheck_gundam_assemble.explain import explain
from rules.rulebook import load

SCENARIOS = sorted(
    (
        Path(__file__).resolve().parent.parent / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble"
    ).glob("attack_*.yaml")
)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_attack_example_explains_in_the_books_order(path):
    explanation = explain(ga.load_scenario(path), load("gundam_assemble"))
    stages = [STAGES.index(stage_of(e)) for e in explanation.events]
    assert stages == sorted(stages)
    assert explanation.outcome["legal"] is True
    assert all(e.clauses for e in explanation.events)


def test_an_unknown_weapon_is_one_input_error_naming_the_field(tmp_path):
    source = (
        (SCENARIOS[0].parent / "attack_guntank_quad_bop.yaml")
        .read_text()
        .replace("weapon: Quad Bop Missile Launcher", "weapon: Hyper Bazooka")
    )
    path = tmp_path / "bad.yaml"
    path.write_text(source)
    with pytest.raises(InputError, match="Hyper Bazooka"):
        explain(ga.load_scenario(path), load("gundam_assemble"))
