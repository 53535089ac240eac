"""Computed dependencies: `rulecheck check` re-runs each scenario under every other option of every
interpretation it read, and holds the @interpretation / @ruling tags to what it finds."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BACKGROUND = """Feature: a throwaway corpus
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
"""

COVER = """
    Given "Bravo" is in cover
    And "Alpha" rolls 4 4 5 5 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 5+ to hit
"""


def corpus(tmp_path: Path, scenarios: str) -> Path:
    """A project holding one multibase feature, run by the bundled steps."""
    root = tmp_path / "project"
    (root / "tests").mkdir(parents=True)
    (root / "features" / "multibase").mkdir(parents=True)
    shutil.copy(ROOT / "conftest.py", root / "conftest.py")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    # a project laid out by ruleset name binds its features folder of multibase by name
    (root / "tests" / "test_features_multibase.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("multibase")\n'
    )
    shutil.copytree(ROOT / "steps", root / "steps", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "features" / "multibase" / "cases.feature").write_text(BACKGROUND + scenarios, encoding="utf-8")
    return root


def check(root: Path) -> tuple[int, dict]:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulecheck.cli",
            "check",
            "--root",
            str(root),
            "--ruleset",
            "multibase",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    return proc.returncode, json.loads(proc.stdout)


def test_tags_that_disagree_with_the_computed_dependencies_fail_check_naming_both(tmp_path):
    root = corpus(
        tmp_path,
        f"""
  @clause:MB-3.2 @ruling:derived
  Scenario: Cover untagged{COVER}
  @clause:MB-3.1 @ruling:interpretation @interpretation:long_range
  Scenario: A tag on a ruling that no reading decides
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
""",
    )
    code, report = check(root)
    assert code == 1 and not report["ok"]
    (rs,) = report["rulesets"]
    errors = "\n".join(rs["errors"])
    assert "Cover untagged): depends on interpretation unstated_modifier_sizes" in errors
    assert "unstated_modifier_sizes=none" in errors
    assert "Cover untagged): labelled @ruling:derived" in errors
    assert "A tag on a ruling that no reading decides): tagged @interpretation:long_range" in errors
    assert rs["dependencies"] == "computed"
    by_name = {i["name"]: i["scenarios"] for i in rs["interpretations"]}
    # Computed, not counted from tags: the untagged scenario is listed, the wrongly tagged one is not.
    assert [(s["scenario"], s["flips_under"]) for s in by_name["unstated_modifier_sizes"]] == [
        ("Cover untagged", ["none"])
    ]
    assert by_name["long_range"] == []


def test_correct_tags_pass_and_the_scenario_is_listed_under_its_reading(tmp_path):
    root = corpus(
        tmp_path,
        f"""
  @clause:MB-3.2 @ruling:interpretation @interpretation:unstated_modifier_sizes @assumed:cover_modifier
  Scenario: Cover tagged{COVER}""",
    )
    code, report = check(root)
    (rs,) = report["rulesets"]
    assert code == 0, rs["errors"]
    by_name = {i["name"]: i["scenarios"] for i in rs["interpretations"]}
    assert [s["scenario"] for s in by_name["unstated_modifier_sizes"]] == ["Cover tagged"]


# --- the Trace reads a reading only when its question comes up -----------------------------------


def test_an_assumed_number_is_a_dependency_like_a_reading(tmp_path):
    """Cover's size is assumed (cover_modifier): the 5+ moves with it, so the scenario must name it."""
    root = corpus(
        tmp_path,
        f"""
  @clause:MB-3.2 @ruling:interpretation @interpretation:unstated_modifier_sizes
  Scenario: Cover without its number{COVER}
  @clause:MB-3.2 @ruling:interpretation @interpretation:unstated_modifier_sizes @assumed:cover_modifier
  Scenario: Cover with its number{COVER}
  @clause:MB-3.1 @ruling:derived @assumed:cover_modifier
  Scenario: No cover, yet tagged with its number
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
""",
    )
    code, report = check(root)
    (rs,) = report["rulesets"]
    errors = "\n".join(rs["errors"])
    assert code == 1
    assert "(Cover without its number): depends on the assumed number cover_modifier" in errors
    assert "cover_modifier=2, 0) but lacks @assumed:cover_modifier" in errors
    assert "(Cover with its number)" not in errors
    assert (
        "(No cover, yet tagged with its number): tagged @assumed:cover_modifier but its ruling holds"
        in errors
    )
