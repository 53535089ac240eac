"""The one description of a ruleset package's layout (``rulecheck.rulesets.package_layout``), which
the bundled games and a third-party ruleset call instead of spelling their paths out."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from rulecheck.locations import corpus_root
from rulecheck.rulesets import package_layout, project_corpus
from rules.events import Event
from steps.common import expect_cited, expect_interpretation_named

ROOT = Path(__file__).resolve().parent.parent


def _package(tmp_path: Path, name: str, steps: dict[str, str]) -> Path:
    """A ruleset package folder with the given step files (paths under it: text)."""
    root = tmp_path / "my_game"
    (root / "features" / name).mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    for relative, text in steps.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")
    return root / "__init__.py"


def test_a_package_of_step_modules_gives_each_module_in_name_order(tmp_path):
    init = _package(tmp_path, "duel", {"steps/__init__.py": "", "steps/zone.py": "", "steps/attack.py": ""})
    layout = package_layout(init, "duel")
    assert layout.step_modules == ("my_game.steps.attack", "my_game.steps.zone")
    assert layout.pytest_plugins == [
        "rulecheck.pytest_plugin",
        "steps.common",
        "my_game.steps.attack",
        "my_game.steps.zone",
    ]
    corpus = layout.corpus(tmp_path)
    assert corpus.features == init.parent / "features" / "duel"
    assert corpus.tests == (init.parent / "corpus" / "test_features_duel.py",)
    assert corpus.overlays == init.parent / "engine" / "overlays"
    assert corpus.step_modules == layout.step_modules


def test_a_single_steps_module_and_a_rulebook_at_the_top_of_the_package(tmp_path):
    init = _package(tmp_path, "duel", {"steps.py": ""})
    layout = package_layout(init, "duel", module="games.my_game", rules_in=".")
    assert layout.step_modules == ("games.my_game.steps",)
    assert layout.overlays == init.parent / "overlays"
    assert layout.rulebook_file == init.parent / "rulebook.yaml"
    assert layout.equivalent_mutants == init.parent / "equivalent_mutants.yaml"


def test_a_package_without_steps_has_no_step_modules(tmp_path):
    assert package_layout(_package(tmp_path, "duel", {}), "duel").step_modules == ()


@pytest.mark.parametrize("game", ["gundam_assemble", "multibase"])
def test_a_bundled_game_ships_its_corpus_and_keeps_the_old_project_layout_elsewhere(game, tmp_path):
    layout = importlib.import_module(f"rulecheck_{game}.layout").LAYOUT
    package = ROOT / f"rulecheck_{game}"
    assert layout.root == package and layout.schemas == package / "schemas"
    shipped = layout.corpus_or_project(corpus_root())
    assert shipped == layout.corpus() and shipped.overlays == package / "engine" / "overlays"
    assert list(shipped.features.glob("*.feature")) and all(t.is_file() for t in shipped.tests)
    # another project laid out by ruleset name, as before the games were packages
    assert layout.corpus_or_project(tmp_path) == project_corpus(game, tmp_path, layout.step_modules)


def _events() -> list[Event]:
    return [
        Event("range", ("GA-1.1",), "in range"),
        Event("cover", ("GA-2.3", "GA-1.1"), "in cover", interpretation="cover_rule=strict"),
    ]


def test_a_step_claiming_a_clause_fails_listing_the_clauses_cited():
    expect_cited(_events(), "GA-2.3", "ruling")
    with pytest.raises(AssertionError) as failed:
        expect_cited(_events(), "GA-9.9", "trace")
    assert str(failed.value) == "expected the trace to cite GA-9.9, got a trace citing GA-1.1, GA-2.3"


def test_a_step_claiming_an_interpretation_fails_listing_those_the_ruling_rests_on():
    expect_interpretation_named(_events(), "cover_rule", "ruling")
    with pytest.raises(AssertionError) as failed:
        expect_interpretation_named(_events(), "arc_rule", "ruling")
    assert str(failed.value) == "expected the ruling to name the interpretation arc_rule, got cover_rule"
    with pytest.raises(AssertionError) as failed:
        expect_interpretation_named(_events()[:1], "arc_rule", "trace")
    assert str(failed.value) == "expected the trace to name the interpretation arc_rule, got none"


@pytest.mark.parametrize(
    "engine",
    [
        "rulecheck_gundam_assemble.engine.attack",
        "rulecheck_multibase.engine.attack",
        "rulecheck_skirmish.engine",
    ],
)
def test_importing_an_engine_imports_none_of_the_toolkit(engine):
    # import-linter sees each module's own imports; a package's __init__ runs too when its engine
    # is imported, so the layout lives in layout.py and this checks what is loaded in fact.
    import subprocess
    import sys

    code = f"import sys, {engine}; print(sorted(m for m in sys.modules if m.split('.')[0] in ('rulecheck', 'steps')))"
    if engine.startswith("rulecheck_skirmish") and not (ROOT / "examples" / "rulecheck-skirmish").is_dir():
        pytest.skip("Skirmish's source is not in this tree (a mutation run's copy)")
    # Skirmish is importable from its source folder without being installed (as in the quick suite)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "examples" / "rulecheck-skirmish")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "[]"
