"""The registered pytest plugin (issue #26): plain `pytest` in a rulecheck project collects its
feature files with the rulesets' steps, tags are registered markers, it runs under pytest-xdist,
and `rulecheck check` runs through the same plugin with the same verdicts. Without a rulecheck
configuration the plugin does nothing at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.test_dependencies import BACKGROUND

PASSING = """
  @clause:MB-3.1 @ruling:derived @smoke
  Scenario: Alpha hits on a 4
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 4+ to hit
"""
FAILING = """
  @clause:MB-3.1 @ruling:derived
  Scenario: Alpha is said to hit on a 5
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 5+ to hit
"""
UNDEFINED = """
  @clause:MB-3.1 @ruling:derived
  Scenario: Alpha dances
    Given "Alpha" rolls 4 4 3 3 to hit
    When "Alpha" dances a jig
"""


def project(tmp_path: Path, *scenarios: str, config: str = 'rulesets = ["multibase"]\n', folder="features"):
    """A project as a user writes it: a config and feature files, no Python file."""
    root = tmp_path / "proj"
    (root / folder / "multibase").mkdir(parents=True)
    (root / "rulecheck.toml").write_text(config)
    (root / folder / "multibase" / "cases.feature").write_text(BACKGROUND + "".join(scenarios))
    return root


def run(cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)


def pytest_verdicts(root: Path, *args: str) -> dict[str, str]:
    """Scenario name -> passed / failed, from pytest's JUnit XML of a plain `pytest` run."""
    report = root.parent / "pytest.xml"
    proc = run(root, sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--junit-xml={report}", *args)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    verdicts = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        failed = case.find("failure") is not None or case.find("error") is not None
        verdicts[case.get("name")] = "failed" if failed else "passed"
    return verdicts


def test_plain_pytest_collects_the_projects_features_and_registers_their_tags(tmp_path):
    root = project(tmp_path, PASSING, FAILING)
    proc = run(
        root, sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--strict-markers", "-m", "smoke"
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed, 1 deselected" in proc.stdout
    assert pytest_verdicts(root) == {
        "test_alpha_hits_on_a_4": "passed",
        "test_alpha_is_said_to_hit_on_a_5": "failed",
    }


def test_pytest_and_check_give_the_same_verdicts(tmp_path):
    root = project(tmp_path, PASSING, FAILING, UNDEFINED)
    from_pytest = pytest_verdicts(root)
    assert from_pytest == {
        "test_alpha_hits_on_a_4": "passed",
        "test_alpha_is_said_to_hit_on_a_5": "failed",
        "test_alpha_dances": "failed",
    }
    proc = run(root, sys.executable, "-m", "rulecheck.cli", "check", "-k", "not dances", "--json", "-q")
    assert proc.returncode == 1, proc.stderr
    (ruleset,) = json.loads(proc.stdout)["rulesets"]
    assert [f["scenario"] for f in ruleset["failures"]] == ["Alpha is said to hit on a 5"]
    assert ruleset["scenarios"]["total"] == 2 and ruleset["scenarios"]["passed"] == 1
    # a step no definition matches fails the scenario in pytest; check refuses the feature file
    # at that step (bad input, exit 2), naming what pytest names
    proc = run(root, sys.executable, "-m", "rulecheck.cli", "check", "-q")
    assert proc.returncode == 2
    assert proc.stderr.startswith(
        "rulecheck: features/multibase/cases.feature:30: no step definition matches"
    )


def test_pytest_runs_a_project_under_xdist_with_the_same_verdicts(tmp_path):
    root = project(tmp_path, PASSING, FAILING)
    assert pytest_verdicts(root, "-n", "2") == pytest_verdicts(root)


def test_the_features_key_names_the_folder_of_feature_files(tmp_path):
    root = project(
        tmp_path, PASSING, config='rulesets = ["multibase"]\nfeatures = "rulings"\n', folder="rulings"
    )
    assert pytest_verdicts(root) == {"test_alpha_hits_on_a_4": "passed"}
    proc = run(root, sys.executable, "-m", "rulecheck.cli", "check", "--json", "-q")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rulesets"][0]["scenarios"]["total"] == 1


def test_a_config_pytest_cannot_follow_is_one_line(tmp_path):
    root = project(tmp_path, PASSING, config='ruleset = ["multibase"]\n')
    proc = run(root, sys.executable, "-m", "pytest", "-p", "no:cacheprovider")
    assert proc.returncode == 4
    assert "rulecheck.toml: ruleset: unknown key (did you mean 'rulesets'?)" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_without_a_config_the_plugin_does_nothing_at_all(tmp_path):
    """An unrelated project with feature files of its own: nothing collected from them, no step
    module registered, none of rulecheck's machinery imported."""
    root = tmp_path / "unrelated"
    (root / "features" / "multibase").mkdir(parents=True)
    (root / "features" / "multibase" / "cases.feature").write_text(BACKGROUND + PASSING)
    (root / "pyproject.toml").write_text('[project]\nname = "unrelated"\n[tool.pytest.ini_options]\n')
    (root / "test_own.py").write_text(
        "import sys\n\n"
        "def test_nothing_of_rulecheck_was_loaded(request):\n"
        "    loaded = [m for m in ('steps', 'rulecheck.corpus', 'rulecheck.project_config')"
        " if m in sys.modules]\n"
        "    assert loaded == []\n"
        "    assert request.config.pluginmanager.get_plugin('rulecheck-project') is None\n"
        "    assert request.config.pluginmanager.has_plugin('rulecheck')  # the entry point itself\n"
    )
    proc = run(root, sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout


def test_this_repositorys_own_suite_is_not_a_project(request):
    """The bundled corpus keeps its tests/test_features_*.py bindings: the plugin is loaded (an
    entry point) but governs nothing here."""
    manager = request.config.pluginmanager
    assert manager.has_plugin("rulecheck")
    assert manager.get_plugin("rulecheck-project") is None


@pytest.mark.parametrize("where", ["rulecheck.toml", "pyproject.toml"])
def test_the_quick_look_finds_both_kinds_of_config(tmp_path, where):
    from rulecheck.project_plugin import _may_hold_a_config

    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    assert not _may_hold_a_config(inner)
    text = "" if where == "rulecheck.toml" else '[tool.rulecheck]\nrulesets = ["multibase"]\n'
    (tmp_path / where).write_text(text)
    assert _may_hold_a_config(inner)


def test_a_project_that_binds_its_features_in_test_files_is_not_collected_twice(tmp_path):
    from tests.test_dependencies import corpus

    # conftest.py and tests/test_features_multibase.py, as the bundled corpus has them
    root = corpus(tmp_path, PASSING.replace(" @smoke", ""))
    (root / "rulecheck.toml").write_text('rulesets = ["multibase"]\n')
    proc = run(
        root,
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-q",
        "tests/test_features_multibase.py",
        "features",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout
