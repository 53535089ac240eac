"""`rulecheck diff`: the rulings a rule change overturns, compared on recorded outcomes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.corpus import ScenarioResult
from rulecheck.ruling_diff import RulingDiff, compare_results, format_text

ROOT = Path(__file__).resolve().parent.parent


def rulecheck(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env=env,
    )


@pytest.mark.slow  # runs the corpus twice (book, overlay) in a subprocess
def test_a_house_rule_overlay_lists_the_rulings_it_overturns_grouped_by_clause():
    proc = rulecheck("diff", "rulecheck_multibase/engine/overlays/clamp_3_to_6.yaml")
    assert proc.returncode == 1, proc.stderr
    out = proc.stdout
    assert "changes parameters.threshold_min: 2 -> 3" in out
    clause_at = out.index("\nMB-3.3\n")
    assert out.index("A threshold pulled to 1+ stops at 2+, so ones still miss") > clause_at
    assert "scenario: passed -> failed" in out
    # the scenario that applies the same house rule itself does not move
    assert "Under the 3+ clamp house rule" not in out


@pytest.mark.slow  # runs the corpus twice (book, overlay) in a subprocess
def test_an_overlay_that_restates_the_book_changes_nothing_and_exits_0(tmp_path):
    overlay = tmp_path / "same.yaml"
    overlay.write_text("ruleset: multibase\nsource: test\nparameters: {threshold_min: 2}\n")
    proc = rulecheck("diff", str(overlay), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["format"] == "rulecheck.diff/1" and data["scenarios"] == [] and data["compared"] > 0
    # The text the command prints for this same result (one run of the corpus pair, not two;
    # the text path of the command itself runs in the house-rule test above).
    same = RulingDiff(data["old"], data["new"], [], data["compared"], data["rerun"])
    assert f"no scenario's outcome changed ({data['compared']} compared)" in format_text(same)


def _r(outcome, outcomes, name="Quad Bop"):
    return ScenarioResult(
        "gundam_assemble",
        "features/ga.feature",
        "GA",
        name,
        7,
        ("clause:GA-HIT-4", "clause:GA-AOE-5"),
        outcome,
        outcomes=outcomes,
    )


def test_a_changed_recorded_outcome_counts_even_when_both_sides_pass():
    old = [
        _r("passed", {"hits Zaku": 2, "steps": ["roll", "critical.triggered", "damage"]}),
        _r("passed", {}, "Same"),
    ]
    new = [
        _r("passed", {"hits Zaku": 1, "steps": ["roll", "critical.none", "damage"]}),
        _r("passed", {}, "Same"),
    ]
    (change,) = compare_results(old, new)
    assert change.values["hits Zaku"] == (2, 1)
    diff = RulingDiff("book", "overlay", [change], compared=2, rerun=2)
    text = format_text(diff)
    assert "GA-HIT-4\n" in text and "GA-AOE-5\n" in text  # grouped under each clause it cites
    assert "hits Zaku: 2 -> 1" in text
    assert "steps: -critical.triggered +critical.none" in text
    assert "(changes listed under GA-HIT-4)" in text


@pytest.mark.slow  # checks out a worktree and runs the multibase corpus in both
def test_diff_against_a_revision_runs_it_in_a_worktree_and_cleans_up(tmp_path):
    # Its own temporary folder, so other runs' worktrees (parallel tests, other checkouts of the
    # repository) cannot be mistaken for a leftover of this one.
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = rulecheck("diff", "--rev", "HEAD", "--ruleset", "multibase", env=env)
    assert proc.returncode in (0, 1), proc.stderr  # 1 only if the working tree changed a ruling
    assert proc.stdout.startswith("old: the engine at HEAD (")
    assert not any(tmp_path.iterdir()), list(tmp_path.iterdir())
    trees = subprocess.run(["git", "worktree", "list"], capture_output=True, text=True, cwd=ROOT).stdout
    assert str(tmp_path) not in trees


def test_bad_input_exits_2_with_one_line(tmp_path):
    for args in (
        ("diff", str(tmp_path / "missing.yaml")),
        ("diff", "--rev", "no-such-revision-anywhere"),
        ("diff",),
    ):
        proc = rulecheck(*args)
        assert proc.returncode == 2, args
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "Traceback" not in proc.stderr
