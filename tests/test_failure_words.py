"""Failures in plain words, as a user meets them: under a house rule the failure names its step,
what was expected and what came, and the first event where the run left the book; the clause
table fails only the clauses the failure concerns; Cucumber JSON and JUnit XML read as their
consumers expect; `diff` says what changed in the events' own words; the FAQ ledger explains its
marks and stays honest under --tags."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.corpus import ScenarioResult
from rulecheck.ruling_diff import RulingDiff, compare_results, format_text

ROOT = Path(__file__).resolve().parent.parent
CLAMP = "rulecheck_multibase/engine/overlays/clamp_3_to_6.yaml"
CRITS = "rulecheck_gundam_assemble/engine/overlays/crits_on_ten_only.yaml"


def check_json(capsys, *args: str) -> dict:
    assert main(["check", "--json", "-q", "--no-dependencies", *args]) == 1
    return json.loads(capsys.readouterr().out)


def test_unused_dice_under_an_overlay_name_the_step_expected_and_got_and_the_roll_the_rule_changed(capsys):
    report = check_json(capsys, "--rules", CLAMP, "--ruleset", "multibase", "--tags", "@clause:MB-3.3")
    failures = {f["line"]: f for f in report["rulesets"][0]["failures"]}
    pulled = failures[170]  # "A threshold pulled to 1+ stops at 2+, so ones still miss"
    assert pulled["failed_step"] == {"keyword": "When", "text": '"Alpha" shoots "Bravo"', "line": 174}
    message = pulled["message"]
    assert message.startswith(
        "expected the attack to roll exactly the scripted dice, got: scripted dice left unused (save:Bravo: [1])"
    )
    assert 'failing step: When "Alpha" shoots "Bravo" (line 174)' in message
    assert "rules.dice" not in message and "DiceScriptError" not in message
    # The event where the house rule took the run away from the book, both ways, in words.
    assert "where this run first left the book (event 8 of the trace):" in message
    assert "under clamp 3+ to 6+: [MB-3.3] 1+ is clamped to 3+" in message
    assert "as the book has it: [MB-3.3] 1+ is clamped to 2+" in message
    assert pulled["clauses"] == ["MB-3.3"]


def test_the_clause_table_fails_only_the_clause_the_failed_step_checked(capsys):
    # "A natural 9 is a critical hit and triggers the weapon's critical hit effect" cites
    # GA-CRIT-2 and GA-HIT-4; under "crits on ten only" it fails where the effect should trigger.
    report = check_json(
        capsys, "--rules", CRITS, "--ruleset", "gundam_assemble", "--tags", "@clause:GA-HIT-4"
    )
    rs = report["rulesets"][0]
    (failure,) = [f for f in rs["failures"] if f["line"] == 47]
    assert failure["clauses"] == ["GA-CRIT-2"]
    assert "expected the critical hit effect to trigger 1 time, got 0" in failure["message"]
    status = {c["id"]: c["status"] for c in rs["clauses"]}
    assert status["GA-CRIT-2"] == "fail" and status["GA-HIT-4"] == "partial"
    assert main(["check", "-q", "--no-dependencies", "--rules", CRITS, "--ruleset", "gundam_assemble", "--tags",
                 "@clause:GA-HIT-4"]) == 1  # fmt: skip
    text = capsys.readouterr().out
    assert "  part  GA-HIT-4" in text and "(part: covered, but a scenario citing the clause failed" in text


def test_a_status_check_that_finds_none_says_no_statuses(capsys):
    report = check_json(
        capsys,
        "--rules",
        CRITS,
        "--ruleset",
        "gundam_assemble",
        "--tags",
        "@clause:GA-SEQ-12 and @clause:GA-CRIT-2",
    )
    messages = [f["message"] for f in report["rulesets"][0]["failures"]]
    assert any("to have the status Fracture, got no statuses" in m for m in messages), messages
    assert not any("the statuses none" in m for m in messages)


def test_the_faq_ledger_explains_its_marks_and_tags_do_not_make_entries_look_unwritten(capsys):
    assert (
        main(["check", "-q", "--no-dependencies", "--ruleset", "gundam_assemble", "--tags", "@faq:Q3"]) == 0
    )
    text = capsys.readouterr().out
    assert "Q3," in text and "Q4~" in text  # Q4 has scenarios; the tag expression left them out
    assert (
        "(* no scenario cites the entry yet; ~ its scenarios are not selected by the tag expression)" in text
    )
    assert (
        main(
            [
                "check",
                "--json",
                "-q",
                "--no-dependencies",
                "--ruleset",
                "gundam_assemble",
                "--tags",
                "@faq:Q3",
            ]
        )
        == 0
    )
    rs = json.loads(capsys.readouterr().out)["rulesets"][0]
    assert "Q4" in rs["faq_not_selected"] and "Q4" not in rs["faq_without_scenario"]
    assert main(["check", "-q", "--no-dependencies", "--ruleset", "gundam_assemble"]) == 0
    whole = capsys.readouterr().out
    assert "~" not in whole.split("FAQ ledger")[1] and "* no scenario cites the entry yet" in whole


def _result(steps: list[tuple[str, list[str], str]], outcome: str = "passed") -> ScenarioResult:
    return ScenarioResult(
        ruleset="gundam_assemble",
        feature="features/gundam_assemble/attack_dice.feature",  # as results show it (split_rulesets: keep)
        feature_name="Attack dice",
        name="A natural 9",
        line=47,
        tags=("clause:GA-CRIT-2",),
        outcome=outcome,
        outcomes={"steps": [s for s, _, _ in steps]},
        nodeid="tests/test_features_gundam_assemble.py::test_a_natural_9",
        trace=[{"step": s, "clauses": c, "text": t} for s, c, t in steps],
    )


def test_diff_says_what_changed_in_the_events_words_not_the_engines_step_names():
    book = _result(
        [
            ("roll.dice", ["GA-SEQ-5"], "4 attack dice rolled at once: [9, 1, 1, 1]"),
            (
                "critical.triggered",
                ["GA-SEQ-8", "GA-CRIT-2"],
                "1 critical hit: the critical effect triggers once",
            ),
        ]
    )
    house = _result(
        [
            ("roll.dice", ["GA-SEQ-5"], "4 attack dice rolled at once: [9, 1, 1, 1]"),
            (
                "critical.none",
                ["GA-SEQ-8", "GA-CRIT-2"],
                "0 critical hits rolled; the critical effect needs 1",
            ),
        ],
        outcome="failed",
    )
    (change,) = compare_results([book], [house])
    text = format_text(RulingDiff("the book", "the house rule", [change], 1, 1))
    assert "critical.triggered" not in text and "critical.none" not in text
    assert "- [GA-SEQ-8, GA-CRIT-2] 1 critical hit: the critical effect triggers once" in text
    assert "+ [GA-SEQ-8, GA-CRIT-2] 0 critical hits rolled; the critical effect needs 1" in text
    assert "dice rolled" not in text  # an event both traces share is no change
    assert change.to_json()["trace_changes"] == [
        "- [GA-SEQ-8, GA-CRIT-2] 1 critical hit: the critical effect triggers once",
        "+ [GA-SEQ-8, GA-CRIT-2] 0 critical hits rolled; the critical effect needs 1",
    ]


BROKEN = """Feature: a broken ruling
  A feature written to fail: the damage claimed is wrong.

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
    And "Cara's Strider" is not defeated
"""


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


def rulecheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


@pytest.mark.slow  # runs check on a copied corpus in a subprocess
def test_cucumber_json_and_junit_xml_read_as_their_consumers_expect(broken, tmp_path):
    cucumber, junit = tmp_path / "cucumber.json", tmp_path / "junit.xml"
    proc = rulecheck(
        "check", "--root", str(broken), "--ruleset", "gundam_assemble", "--no-dependencies", "-q",
        "--cucumber-json", str(cucumber), "--junit-xml", str(junit),
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    (feature,) = json.loads(cucumber.read_text())
    steps = feature["elements"][0]["steps"]
    assert [s["result"]["status"] for s in steps] == ["passed"] * 4 + ["failed", "skipped"]
    message = steps[4]["result"]["error_message"]
    assert message.startswith("expected Cara's Strider to take 5 damage, got 1\nfailing step: ")
    assert "_pytest" not in message and "def " not in message and "Traceback" not in message
    assert "error_message" not in steps[5]["result"]

    (case,) = ET.parse(junit).getroot().iter("testcase")
    assert (case.get("classname"), case.get("name")) == (
        "a broken ruling",
        "One hit deals one damage, claimed wrongly as five",
    )
    assert case.get("file") == "features/gundam_assemble/broken.feature"
    failure = case.find("failure")
    assert failure.get("message") == "expected Cara's Strider to take 5 damage, got 1"
    assert "_pytest" not in failure.text


@pytest.mark.slow  # builds the docs site of a copied corpus in a subprocess
def test_docs_writes_the_site_then_exits_1_and_marks_each_step(broken, tmp_path):
    out = tmp_path / "site"
    proc = rulecheck("docs", str(out), "--root", str(broken), "--ruleset", "gundam_assemble", "-q")
    assert proc.returncode == 1, proc.stderr
    assert "1 failed" in proc.stdout
    page = (out / "features" / "gundam_assemble" / "broken.html").read_text(encoding="utf-8")
    marks = [chunk.split("'", 1)[0] for chunk in page.split("<li class='step st-")[1:]]
    assert marks == ["passed"] * 4 + ["failed", "skipped"]
    assert page.count("<span class='dur'>") == 5  # every step that ran, not the one skipped after
    assert "A feature written to fail: the damage claimed is wrong." in page
    assert "1 scenario: <span class='failed'>" in page
