"""The self-checks the docs promise, run on the bundled corpus: every Then-step can fail
(``check --vacuous``), and every @ruling / @interpretation tag agrees with the dependencies
``check`` computes by re-running each scenario under every other option it read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulecheck.ruleset_api import ruleset, step_phrases
from rulecheck.vacuous import perturbations
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_bundled_corpus_passes_check_with_computed_dependencies_and_no_vacuous_step():
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "check", "--vacuous", "--json", "-q"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )
    report = json.loads(proc.stdout)
    for rs in report["rulesets"]:
        assert rs["dependencies"] == "computed", rs["ruleset"]
        assert rs["errors"] == [], (rs["ruleset"], rs["errors"])
        assert rs["vacuous_steps"] == [], (rs["ruleset"], rs["vacuous_steps"])
        assert rs["then_steps_probed"] > 0
    assert proc.returncode == 0 and report["ok"], proc.stderr[-2000:]


def test_a_step_that_expects_a_failure_is_flipped_to_expect_none():
    book = load("gundam_assemble")
    step = SimpleNamespace(name="resolving fails because a move effect needs the hex", datatable=None)
    phrases = step_phrases(ruleset("gundam_assemble"))  # the opposite comes from its phrase table
    texts = [p.text for p in perturbations(step, book, [], phrases=phrases)]
    assert "resolving does not fail because a move effect needs the hex" in texts
