"""Config discovery (issue #26): `rulecheck check` finds a project's rulecheck.toml, or its
pyproject.toml's [tool.rulecheck] table, from the current folder upwards, as pytest and ruff do;
options on the command line beat it, and a config it cannot follow is one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.project_config import find_config
from rulecheck.source_yaml import InputError
from tests.test_dependencies import corpus

ONE_SCENARIO = """
  @clause:MB-3.1 @ruling:derived
  Scenario: Alpha hits on a 4
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
"""


def rulecheck(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


def project_scenarios(proc: subprocess.CompletedProcess) -> dict[str, int]:
    """Scenarios run, by ruleset: the project has one multibase scenario, the bundled corpus hundreds."""
    return {r["ruleset"]: r["scenarios"]["total"] for r in json.loads(proc.stdout)["rulesets"]}


def test_check_run_inside_a_project_runs_that_project_with_its_configured_rulesets(tmp_path):
    root = corpus(tmp_path, ONE_SCENARIO)
    (root / "rulecheck.toml").write_text('rulesets = ["multibase"]\n')
    proc = rulecheck(root / "features" / "multibase", "check", "--json")
    assert proc.returncode == 0, proc.stderr
    assert project_scenarios(proc) == {"multibase": 1}


def test_a_command_line_ruleset_beats_the_config(tmp_path):
    root = corpus(tmp_path, ONE_SCENARIO)
    (root / "rulecheck.toml").write_text('rulesets = ["gundam_assemble"]\n')
    proc = rulecheck(root, "check", "--ruleset", "multibase", "--json")
    assert proc.returncode == 0, proc.stderr
    assert project_scenarios(proc) == {"multibase": 1}


def test_pyproject_table_is_found_upwards_and_a_plain_pyproject_is_passed_over(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.rulecheck]\nrulesets = ["multibase"]\n')
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "x"\n')
    config = find_config(inner)
    assert config is not None and config.root == tmp_path and config.rulesets == ("multibase",)


def test_no_config_anywhere_keeps_the_bundled_corpus(tmp_path):
    assert find_config(tmp_path) is None


@pytest.mark.parametrize(
    ("files", "fragment"),
    [
        ({"rulecheck.toml": 'ruleset = ["multibase"]\n'}, "did you mean 'rulesets'?"),
        ({"rulecheck.toml": 'rulesets = ["chess"]\n'}, "unknown ruleset 'chess'"),
        (
            {"rulecheck.toml": "", "pyproject.toml": "[tool.rulecheck]\n"},
            "also has a [tool.rulecheck] table",
        ),
        (
            {"pyproject.toml": "[tool.rulecheck]\nscenarios = 'x'\n"},
            "tool.rulecheck.scenarios: 'x': no such folder",
        ),
    ],
)
def test_a_config_that_cannot_be_followed_is_refused_in_one_line(tmp_path, files, fragment):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(InputError) as caught:
        find_config(tmp_path)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_check_takes_a_bundled_overlay_by_name_as_explore_does(tmp_path):
    # The scenarios about critical hits only (about 40, not the whole corpus): enough to see the
    # overlay found by its name and in force; the whole corpus under it is docs/rulebooks.md's run.
    by_name = rulecheck(
        tmp_path,
        "check",
        "--ruleset",
        "gundam_assemble",
        "--rules",
        "crits_on_ten_only",
        "-k",
        "critical",
        "--json",
    )
    assert by_name.returncode == 1, by_name.stderr  # a 9 no longer scores a critical hit
    report = json.loads(by_name.stdout)
    assert report["overlays"], "the run names the overlay it ran under"
    assert report["rulesets"][0]["scenarios"]["failed"] > 0


def features_only_project(tmp_path: Path, scenarios: str) -> Path:
    """A project as a new user makes one: a config and a feature file, no pytest files, no steps."""
    from tests.test_dependencies import BACKGROUND

    root = tmp_path / "proj"
    (root / "features" / "multibase").mkdir(parents=True)
    (root / "features" / "multibase" / "mine.feature").write_text(BACKGROUND + scenarios, encoding="utf-8")
    (root / "rulecheck.toml").write_text('rulesets = ["multibase"]\n')
    return root


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_a_project_of_feature_files_only_runs_with_the_bundled_steps_and_nothing_is_written_into_it(tmp_path):
    root = features_only_project(tmp_path, ONE_SCENARIO)
    before = tree(root)
    proc = rulecheck(root, "check", "--json")
    assert proc.returncode == 0, proc.stderr
    assert project_scenarios(proc) == {"multibase": 1}
    assert tree(root) == before


def test_a_broken_ruling_in_a_features_only_project_fails_check_with_its_step(tmp_path):
    broken = ONE_SCENARIO.replace("needs 4+ to hit", "needs 5+ to hit")
    root = features_only_project(tmp_path, broken)
    proc = rulecheck(root / "features", "check")
    assert proc.returncode == 1, proc.stderr
    assert 'Then "Alpha" needs 5+ to hit' in proc.stdout


TWO_BROKEN = """
  @clause:MB-3.1 @ruling:derived
  Scenario: Bravo is broken
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 6+ to hit

  @clause:MB-3.1 @ruling:derived
  Scenario: Charlie is broken too
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 6+ to hit
"""


def outcomes(proc: subprocess.CompletedProcess) -> dict[str, int]:
    return json.loads(proc.stdout)["rulesets"][0]["scenarios"]


def test_k_selects_scenarios_by_name_in_any_case(tmp_path):
    root = features_only_project(tmp_path, ONE_SCENARIO + TWO_BROKEN)
    proc = rulecheck(root, "check", "-k", "ALPHA or charlie", "--json")
    assert proc.returncode == 1, proc.stderr
    assert outcomes(proc) == {"total": 2, "passed": 1, "failed": 1}


def test_exitfirst_stops_at_the_first_failing_scenario(tmp_path):
    root = features_only_project(tmp_path, ONE_SCENARIO + TWO_BROKEN)
    whole = rulecheck(root, "check", "--json")
    first = rulecheck(root, "check", "-x", "--json")
    assert whole.returncode == first.returncode == 1
    assert outcomes(whole)["failed"] == 2
    assert outcomes(first)["failed"] == 1
