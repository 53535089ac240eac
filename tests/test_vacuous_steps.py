"""Every Then-step can fail: the detector perturbs what each step expects and requires a failure."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from rulecheck.corpus import run_corpus

ROOT = Path(__file__).resolve().parent.parent

# Two steps that check nothing, added to a copy of the bundled steps.
LAZY_STEPS = """
from pytest_bdd import parsers, then


@then(parsers.parse('"{unit}" stands at most {inches:d} inches tall'))
def lazy_height(unit: str, inches: int):
    pass  # never compares: any number passes


@then("the dice were fair")
def lazy_fair():
    pass  # a claim with no counterpart: nothing can show it fail
"""

FEATURE = """Feature: lazy claims
  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 3     | 24    | 9       | 7    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 4.5 | 270    |

  @clause:MB-3.1 @ruling:derived
  Scenario: Fours hit, and two lazy claims ride along
    Given "Alpha" rolls 4, 4, 3, 3 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" scores 2 hits
    And "Alpha" stands at most 3 inches tall
    And the dice were fair
"""


def test_steps_that_cannot_fail_are_listed_and_fail_check(tmp_path):
    root = tmp_path / "project"
    (root / "tests").mkdir(parents=True)
    (root / "features" / "multibase").mkdir(parents=True)
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, root / name)
    # a project laid out by ruleset name binds its features folder of multibase by name
    (root / "tests" / "test_features_multibase.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("multibase")\n'
    )
    shutil.copytree(ROOT / "steps", root / "steps", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "steps" / "zz_lazy.py").write_text(LAZY_STEPS, encoding="utf-8")
    (root / "features" / "multibase" / "lazy.feature").write_text(FEATURE, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "check", "--root", str(root), "--ruleset", "multibase"]
        + ["--no-dependencies", "--vacuous", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    report = json.loads(proc.stdout)
    assert proc.returncode == 1 and not report["ok"]
    (rs,) = report["rulesets"]
    assert rs["then_steps_probed"] == 3
    found = {v["line"]: v for v in rs["vacuous_steps"]}
    assert sorted(found) == [19, 20]  # the real claim on line 18 fails when its number moves
    assert any(s.startswith("number: 3 -> 4") for s in found[19]["survived"])
    assert found[20]["survived"] == ["no perturbation of it is a step: nothing shows it can fail"]


def test_no_vacuous_step_remains_in_a_representative_part_of_the_corpus():
    # The full detector run takes a minute or two (`rulecheck check --vacuous`); the suite runs it on
    # the features the issue named (casualties and pushes, the Trace, thresholds, the defeat order,
    # declaration and roll) to stay fast.
    part = (
        "@clause:MB-6.5 or @clause:MB-1.1 or @clause:MB-3.2 or @clause:GA-DECL-1 or @clause:GA-ROLL-2"
        " or @clause:GA-DEF-3 or @clause:GA-LOS-4"
    )
    run = run_corpus(tags=part, vacuous=True)
    assert run.passed
    assert sum(r.then_steps for r in run.results) > 40
    vacuous = [(r.feature, v) for r in run.results for v in r.vacuous or ()]
    assert vacuous == []
