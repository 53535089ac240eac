"""The traceability report as a user meets it: `rulecheck check` / `rulecheck report`."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.corpus import CorpusRun, ScenarioResult, parse_tag_expression
from rulecheck.report import build_report, format_markdown, format_text
from rulecheck.source_yaml import InputError
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent


def rulecheck(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.mark.slow  # runs the whole corpus in a subprocess
def test_check_reports_every_clause_covered_and_writes_cucumber_json_and_junit_xml(tmp_path):
    cucumber, junit = tmp_path / "cucumber.json", tmp_path / "junit.xml"
    junit.write_text("a good old report")
    proc = rulecheck("check", "--format", "json", "--cucumber-json", str(cucumber), "--junit-xml", str(junit))
    report = json.loads(proc.stdout)
    assert proc.returncode == (0 if report["ok"] else 1)
    for rs in report["rulesets"]:
        book = load(rs["ruleset"])
        assert [c["id"] for c in rs["clauses"]] == list(book.clauses)  # every clause, in book order
        assert rs["uncovered_clauses"] == []  # the bundled corpus covers the whole book
        assert {i["name"] for i in rs["interpretations"]} == set(book.interpretations)
        assert all(c["scenarios"] for c in rs["clauses"])
    total = sum(rs["scenarios"]["total"] for rs in report["rulesets"])
    features = json.loads(cucumber.read_text())
    assert sum(len(f["elements"]) for f in features) == total
    cases = ET.parse(junit).getroot().iter("testcase")
    assert sum(1 for _ in cases) == total
    assert not list(tmp_path.glob("*.partial"))


@pytest.mark.slow  # runs the corpus (a tag selection) in a subprocess
def test_tags_select_the_scenarios_a_tag_expression_names():
    proc = rulecheck(
        "check",
        "--ruleset",
        "gundam_assemble",
        "--format",
        "json",
        "--tags",
        "@faq and not @ruling:interpretation",
    )
    report = json.loads(proc.stdout)
    (rs,) = report["rulesets"]
    scenarios = {s["scenario"] for c in rs["clauses"] for s in c["scenarios"]}
    assert 0 < rs["scenarios"]["total"] < 150
    faq_scenarios = {s["scenario"] for f in rs["faq"] for s in f["scenarios"]}
    assert scenarios == faq_scenarios  # every selected scenario rules on an FAQ entry
    # `@faq` alone matches any `@faq:Q..`; the "not" removed every interpretation ruling, so no
    # selected scenario depends on a named interpretation by tag.
    assert not any(i["scenarios"] for i in rs["interpretations"])


def test_tag_expressions():
    pred = parse_tag_expression("@faq and not @ruling:interpretation")
    assert pred({"faq:Q3", "ruling:derived"})
    assert not pred({"faq:Q3", "ruling:interpretation"})
    assert not pred({"clause:GA-LOS-3", "ruling:derived"})
    assert parse_tag_expression("@clause:GA-LOS-*")({"clause:GA-LOS-3"})
    assert parse_tag_expression("(@clause:MB-1 or @faq) and not @example")({"clause:MB-1"})
    with pytest.raises(InputError, match="ends too early"):
        parse_tag_expression("@faq and")


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("@faq and", "the tag expression ends too early"),
        ("not", "the tag expression ends too early"),
        ("   ", "the tag expression is empty"),
        ("(@faq or @example", "a '(' in the tag expression is not closed"),
        ("@faq)", "a ')' in the tag expression has no '('"),
        ("@faq @example", "expected 'and', 'or' or ')' after '@faq'"),
        ("or @faq", "expected a tag, 'not' or '(' at the start"),
        ("@faq and or @example", "expected a tag, 'not' or '(' after 'and'"),
        ("faq", "'faq' is not a tag (a tag starts with '@')"),
        ("@faq\\x", "a '\\' escapes only '(', ')', '\\' or a space, not 'x'"),
    ],
)
def test_an_unreadable_tag_expression_is_one_line_naming_it(expression, message):
    # Cucumber's parser reads the expression; its messages (some of several lines, one with the
    # parser's own repr) come out as one line each, with the expression.
    with pytest.raises(InputError) as caught:
        parse_tag_expression(expression)
    assert caught.value.message == f"{message} (in {expression!r})"
    assert "\n" not in caught.value.message


def test_tag_expressions_follow_cucumber_precedence_and_escapes():
    # not binds tighter than and, and tighter than or; a backslash escapes a space or a parenthesis.
    pred = parse_tag_expression("@faq or @example and not @ruling:derived")
    assert pred({"faq:Q1", "ruling:derived"})
    assert not pred({"example:x", "ruling:derived"})
    assert pred({"example:x"})
    assert parse_tag_expression(r"@example:two\ words")({"example:two words"})
    assert not parse_tag_expression("not (@faq or @example)")({"faq:Q2"})


def _result(name, tags, outcome="passed"):
    return ScenarioResult("multibase", "features/multibase/x.feature", "X", name, 3, tuple(tags), outcome)


def test_markdown_and_text_list_clauses_their_scenarios_and_the_uncovered_ones():
    run = CorpusRun(
        [
            _result("Ones miss", ["clause:MB-3.1", "ruling:derived"]),
            _result("Clamp", ["clause:MB-3.3", "ruling:derived", "interpretation:long_range"], "failed"),
        ],
        1,
    )
    report = build_report(run, {"multibase": load("multibase")})
    md = format_markdown(report)
    assert "| MB-3.1 |" in md and "Ones miss (features/multibase/x.feature:3)" in md
    assert "**FAIL**" in md and "Clauses no scenario covers: MB-0, MB-1," in md
    text = format_text(report)
    assert "FAIL  MB-3.3" in text and "clauses no scenario covers" in text
    assert "long_range = beyond_fraction: 1 scenario depends on it" in text
    assert not report["ok"]


def test_a_tag_naming_an_unknown_clause_faq_or_interpretation_is_an_error():
    run = CorpusRun(
        [_result("Bogus", ["clause:MB-99", "faq:Q1", "interpretation:nope", "ruling:derived"])], 0
    )
    report = build_report(run, {"multibase": load("multibase")})
    errors = report["rulesets"][0]["errors"]
    assert any("@clause:MB-99: no such clause in multibase" in e for e in errors)
    assert any("@faq:Q1: no such FAQ entry" in e for e in errors)
    assert any("@interpretation:nope: no such interpretation" in e for e in errors)
    assert not report["ok"]


@pytest.mark.slow  # runs a copied multibase corpus in a subprocess
def test_check_fails_on_an_unknown_clause_tag_in_a_feature(tmp_path):
    (tmp_path / "features" / "multibase").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (tmp_path / "features" / "multibase" / "bogus.feature").write_text(
        "Feature: bogus\n\n  @clause:MB-99 @ruling:derived\n  Scenario: A clause the book does not have\n"
        "    Given the initiative pool holds Red\n"
    )
    (tmp_path / "tests" / "test_features_multibase.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("multibase")\n'
    )
    (tmp_path / "conftest.py").write_text(
        'pytest_plugins = ["rulecheck.pytest_plugin", "steps.common", "rulecheck_multibase.steps.attack"]\n'
    )
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nbdd_features_base_dir = features\nmarkers =\n    clause\n    faq\n    ruling\n"
        "    example\n    interpretation\n"
    )
    proc = rulecheck("check", "--root", str(tmp_path), "--ruleset", "multibase")
    assert proc.returncode == 1
    assert (
        "ERROR features/multibase/bogus.feature:4: tag @clause:MB-99: no such clause in multibase"
        in proc.stdout
    )


def test_bad_input_is_one_line_and_exit_2_and_leaves_a_good_report_alone(tmp_path, capsys):
    # In-process: each is refused before any scenario runs (the real entry point on bad input
    # is checked by tests/test_bad_inputs.py).
    junit = tmp_path / "junit.xml"
    junit.write_text("the last good report")
    assert main(["check", "--tags", "@faq and (", "--junit-xml", str(junit)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "tag expression" in err
    assert junit.read_text() == "the last good report"
    assert main(["report", "--junit-xml", str(tmp_path / "missing" / "junit.xml")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert main(["check", "--rules", str(tmp_path / "nope.yaml")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_an_overlay_outside_the_project_applies_to_check(tmp_path):
    # pytest once took "--rules /elsewhere/x.yaml" for a test path and lost the project's own
    # configuration, so every overlay kept outside the repository broke `check`.
    overlay = tmp_path / "clamp.yaml"
    overlay.write_text(
        "ruleset: multibase\nname: narrow clamp\nparameters: {threshold_min: 3}\n", encoding="utf-8"
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulecheck.cli",
            "check",
            "--ruleset",
            "multibase",
            "--no-dependencies",
            "--rules",
            str(overlay),
            # the threshold clause's scenarios are enough to show the overlay applied
            "--tags",
            "@clause:MB-3.3",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 1, proc.stderr  # the clamp overturns rulings; it must run to say so
    assert "FAILED" in proc.stdout and "pytest could not run" not in proc.stderr
