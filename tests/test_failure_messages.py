"""Failures that explain themselves: a deliberately broken scenario, in a throwaway project, reports
"expected ..., got ..." with its step and the explanation trace everywhere a result goes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BROKEN = """Feature: a broken ruling
  @clause:GA-DMG-1 @ruling:derived
  Scenario: One hit deals one damage, claimed wrongly as five
    Given the pieces:
      | name           | side | at     |
      | QZ-82 Sentinel | A    | [0, 0] |
      | Cara's Strider | B    | [2, 0] |
    And the unit states:
      | name           | shields |
      | Cara's Strider | 0       |
    When "QZ-82 Sentinel" attacks "Cara's Strider" with "Beam Rifle" and rolls 5, 1, 1, 1
    Then "Cara's Strider" takes 1 hit
    And "Cara's Strider" takes 5 damage
"""


def rulecheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("broken") / "project"
    (root / "tests").mkdir(parents=True)
    (root / "features" / "gundam_assemble").mkdir(parents=True)
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, root / name)
    # a project laid out by ruleset name binds its features folder of gundam_assemble by name
    (root / "tests" / "test_features_gundam_assemble.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("gundam_assemble")\n'
    )
    shutil.copytree(ROOT / "steps", root / "steps", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "rulecheck_gundam_assemble" / "scenarios", root / "scenarios")
    (root / "features" / "gundam_assemble" / "broken.feature").write_text(BROKEN, encoding="utf-8")
    return root


EXPECTED = "expected Cara's Strider to take 5 damage, got 1"
STEP = 'failing step: And "Cara\'s Strider" takes 5 damage (line 13)'


@pytest.mark.slow  # runs check on a copied corpus in a subprocess, twice
def test_check_text_and_json_carry_the_whole_message_the_step_and_the_trace(broken, tmp_path):
    cucumber, junit = tmp_path / "cucumber.json", tmp_path / "junit.xml"
    args = ["check", "--root", str(broken), "--ruleset", "gundam_assemble", "--no-dependencies"]
    text = rulecheck(*args).stdout
    assert EXPECTED in text and STEP in text
    assert "explanation trace:" in text and "[GA-SEQ-13] the attack is over" in text  # to its last line
    proc = rulecheck(*args, "--json", "--cucumber-json", str(cucumber), "--junit-xml", str(junit))
    assert proc.returncode == 1
    (failure,) = json.loads(proc.stdout)["rulesets"][0]["failures"]
    assert failure["failed_step"] == {
        "keyword": "And",
        "text": '"Cara\'s Strider" takes 5 damage',
        "line": 13,
    }
    assert failure["message"].startswith(EXPECTED) and "explanation trace:" in failure["message"]

    (feature,) = json.loads(cucumber.read_text())
    steps = feature["elements"][0]["steps"]
    failed = [s for s in steps if s["result"]["status"] == "failed"]
    assert [s["line"] for s in failed] == [13]
    assert EXPECTED in failed[0]["result"]["error_message"]
    assert "explanation trace:" in failed[0]["result"]["error_message"]

    (case,) = ET.parse(junit).getroot().iter("testcase")
    message = case.find("failure")
    assert EXPECTED in message.get("message") + (message.text or "")
    assert STEP in (message.text or "")


@pytest.mark.slow  # builds the docs site of a copied corpus in a subprocess
def test_the_docs_site_marks_the_failing_step_and_shows_the_message(broken, tmp_path):
    out = tmp_path / "site"
    assert rulecheck("docs", str(out), "--root", str(broken), "--ruleset", "gundam_assemble").returncode in (
        0,
        1,
    )
    page = (out / "features" / "gundam_assemble" / "broken.html").read_text(encoding="utf-8")
    assert "<mark class='failing-step'" in page
    marked = page.split("<mark class='failing-step'")[1].split("</mark>")[0]
    assert "takes 5 damage" in marked and "takes 1 hit" not in marked
    assert "expected Cara&#x27;s Strider to take 5 damage, got 1" in page
