"""Paths as arguments (feature files, folders, FILE:LINE) and --dry-run, on a project of feature
files only (issue #26)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.selection import wanted_paths
from rulecheck.source_yaml import InputError
from tests.test_dependencies import BACKGROUND
from tests.test_project_plugin import FAILING, PASSING

OUTLINE = """
  @clause:MB-3.1 @ruling:derived
  Scenario Outline: Alpha needs its number
    Given "Alpha" rolls 4 4 3 3 to hit
    And "Bravo" rolls 1 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs <n>+ to hit

    Examples:
      | n |
      | 4 |
      | 5 |
"""
MISTYPED = """
  @clause:MB-3.1 @ruling:derived
  Scenario: A mistyped step
    Given "Alpha" rolls 4 4 3 3 to hit
    When "Alpha" shots "Bravo"
"""
FEATURE = "features/multibase/cases.feature"


def line_of(root: Path, text: str) -> int:
    lines = (root / FEATURE).read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


@pytest.fixture
def proj(tmp_path, monkeypatch):
    root = tmp_path / "proj"
    (root / "features" / "multibase").mkdir(parents=True)
    (root / "rulecheck.toml").write_text('rulesets = ["multibase"]\n')
    (root / FEATURE).write_text(BACKGROUND + PASSING + FAILING + OUTLINE)
    monkeypatch.chdir(root)
    return root


def check(root: Path, *args: str) -> tuple[int, dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "check", "--json", "-q", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr
    (ruleset,) = json.loads(proc.stdout)["rulesets"]
    return proc.returncode, {
        "total": ruleset["scenarios"]["total"],
        "failed": [f["scenario"] for f in ruleset["failures"]],
    }


def test_file_line_selects_one_scenario_and_a_row_line_one_example(proj):
    assert check(proj, f"{FEATURE}:{line_of(proj, 'needs 4+ to hit')}") == (0, {"total": 1, "failed": []})
    assert check(proj, f"{FEATURE}:{line_of(proj, 'Scenario: Alpha is said')}") == (
        1,
        {"total": 1, "failed": ["Alpha is said to hit on a 5"]},
    )
    assert check(proj, f"{FEATURE}:{line_of(proj, '| 4 |')}") == (0, {"total": 1, "failed": []})
    assert check(proj, f"{FEATURE}:{line_of(proj, '| 5 |')}") == (
        1,
        {"total": 1, "failed": ["Alpha needs its number"]},
    )
    # any line of the outline from its keyword to its last row: both examples
    assert check(proj, f"{FEATURE}:{line_of(proj, 'needs <n>+')}")[1]["total"] == 2


def test_a_folder_or_a_file_selects_every_scenario_in_it(proj):
    assert check(proj, "features")[1]["total"] == 4
    assert check(proj, FEATURE, "-k", "hits")[1] == {"total": 1, "failed": []}


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("nothing.feature", "nothing.feature: no such file or folder"),
        ("rulecheck.toml", "rulecheck.toml: not a feature file"),
        (f"{FEATURE}:1", f"{FEATURE}:1: no scenario at this line"),
        (f"{FEATURE}:500", f"{FEATURE}:500: past the end of the file"),
        (f"{FEATURE}:ten", f"{FEATURE}: line: expected a line number after ':', got 'ten'"),
        ("features:3", "features:3: a line number needs a feature file, not a folder"),
    ],
)
def test_a_path_that_selects_nothing_is_refused_in_one_line(proj, argument, message):
    with pytest.raises(InputError, match=None) as caught:
        wanted_paths([argument])
    assert str(caught.value).startswith(message)


def test_a_feature_file_outside_the_project_features_is_refused(proj, capsys):
    stray = proj / "elsewhere" / "stray.feature"
    stray.parent.mkdir()
    stray.write_text(BACKGROUND + PASSING)
    assert main(["check", "-q", str(stray.relative_to(proj))]) == 2
    assert "not a feature file of this project (expected under features/multibase)" in capsys.readouterr().err


def test_dry_run_names_each_unmatched_step_with_the_closest_phrasing(proj, capsys):
    assert main(["check", "--dry-run"]) == 0
    assert capsys.readouterr().out.strip() == (
        "all 24 steps in 4 scenarios match a step definition (nothing was run)"
    )
    with (proj / FEATURE).open("a") as f:
        f.write(MISTYPED)
    assert main(["report", "--dry-run"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f'{FEATURE}:{line_of(proj, "shots")}: no step definition matches When \'"Alpha" shots "Bravo"\'; '
        'the closest phrasing is \'"{attacker}" shoots "{target}"\'',
        "1 of 28 steps in 5 scenarios match no step definition (nothing was run)",
    ]
    # a selection by path leaves the mistyped scenario out
    assert main(["check", "--dry-run", f"{FEATURE}:{line_of(proj, 'Scenario: Alpha hits')}"]) == 0


def test_dry_run_on_the_bundled_corpus_matches_every_step(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # no config: the bundled corpus
    assert main(["check", "--dry-run"]) == 0
    assert capsys.readouterr().out.startswith("all ")


def run_cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], cwd=root, capture_output=True, text=True, timeout=300
    )


def test_docs_diff_and_mutate_take_the_same_paths(proj, tmp_path):
    one = f"{FEATURE}:{line_of(proj, 'Scenario: Alpha hits')}"
    docs = run_cli(proj, "docs", "-q", str(tmp_path / "site"), one)
    assert docs.returncode == 0, docs.stderr
    assert "for 1 scenario (1 passed)" in docs.stdout
    overlay = (
        Path(__file__).resolve().parent.parent
        / "rulecheck_multibase"
        / "engine"
        / "overlays"
        / "clamp_3_to_6.yaml"
    )
    diff = run_cli(proj, "diff", "-q", "--full", str(overlay), one)
    assert diff.returncode in (0, 1), diff.stderr
    assert "(1 compared)" in diff.stdout
    mutate = run_cli(proj, "mutate", "-q", "--json", "--only", "to_hit_baseline", one)
    assert mutate.returncode in (0, 1), mutate.stderr
    killers = {k for m in json.loads(mutate.stdout)["mutants"] for k in m.get("killed_by", ())}
    assert killers and all("Alpha hits on a 4" in k for k in killers)


def test_a_path_outside_the_rulesets_run_selects_nothing_and_is_refused(tmp_path, monkeypatch, capsys):
    stray = tmp_path / "stray.feature"
    stray.write_text(BACKGROUND + PASSING)
    monkeypatch.chdir(tmp_path)  # no config: the bundled corpus, which does not hold this file
    assert main(["check", "-q", "--no-dependencies", "--ruleset", "multibase", "stray.feature"]) == 2
    assert capsys.readouterr().err == "rulecheck: stray.feature: selects no scenario of the rulesets run\n"


def without_times(text: str) -> str:
    """A report without what differs between any two runs: times, durations, the timestamp,
    and the object addresses in the raw traceback pytest-bdd keeps for an outline's example."""
    import re

    text = re.sub(r"0x[0-9a-f]+", "0x", text)
    return re.sub(r'(time|timestamp|duration)("?[:=] ?)"?[0-9.eE:T+-]+"?', r"\1", text)


def test_check_in_processes_gives_the_verdicts_and_report_files_of_a_serial_run(proj, tmp_path):
    outputs = {}
    for n in ("1", "3"):
        junit, cucumber = tmp_path / f"junit{n}.xml", tmp_path / f"cucumber{n}.json"
        args = ("-n", n, "--junit-xml", str(junit), "--cucumber-json", str(cucumber), "--json", "-q")
        proc = run_cli(proj, "check", *args)
        assert proc.returncode == 1, proc.stderr
        outputs[n] = (proc.stdout, without_times(junit.read_text()), without_times(cucumber.read_text()))
    assert outputs["3"] == outputs["1"]
    assert json.loads(outputs["3"][0])["rulesets"][0]["scenarios"]["total"] == 4
    # an example row chosen by its line stays one example when its scenario goes to a process
    one_row = run_cli(proj, "check", "-n", "2", "--json", "-q", f"{FEATURE}:{line_of(proj, '| 5 |')}")
    assert json.loads(one_row.stdout)["rulesets"][0]["scenarios"] == {"total": 1, "failed": 1}


@pytest.mark.parametrize(("given", "message"), [("0", "got '0'"), ("x", "got 'x'"), ("65", "got '65'")])
def test_a_process_count_that_is_no_count_is_refused(proj, capsys, given, message):
    assert main(["check", "-n", given]) == 2
    assert (
        capsys.readouterr().err == f"rulecheck: -n: expected a number of processes from 1 to 64, {message}\n"
    )


def test_with_book_adds_the_bundled_corpus_and_every_report_says_where_each_scenario_came_from(
    proj, tmp_path
):
    junit, cucumber = tmp_path / "junit.xml", tmp_path / "cucumber.json"
    args = ("--ruleset", "multibase", "--no-dependencies", "-q", "--junit-xml", str(junit))
    proc = run_cli(proj, "check", "--with-book", *args, "--cucumber-json", str(cucumber), "--json")
    assert proc.returncode == 1, proc.stderr
    (ruleset,) = json.loads(proc.stdout)["rulesets"]
    by_corpus = ruleset["scenarios"]["by_corpus"]
    assert by_corpus["project"] == 4 and by_corpus["book"] > 100
    assert {f["corpus"] for f in ruleset["failures"]} == {"project"}
    import xml.etree.ElementTree as ET

    labels = [p.get("value") for p in ET.parse(junit).getroot().iter("property") if p.get("name") == "corpus"]
    assert labels.count("project") == 4 and labels.count("book") == by_corpus["book"]
    tags = [
        t["name"]
        for f in json.loads(cucumber.read_text())
        for t in f["tags"]
        if t["name"].startswith("@corpus:")
    ]
    assert tags.count("@corpus:project") == 1 and "@corpus:book" in tags
    text = run_cli(proj, "check", "--with-book", "--ruleset", "multibase", "--no-dependencies", "-q")
    assert f"(4 from the project, {by_corpus['book']} from the book)" in text.stdout.splitlines()[0]
    # a run of one corpus says nothing of where its scenarios came from
    alone = run_cli(proj, "check", "--ruleset", "multibase", "--no-dependencies", "-q", "--json")
    assert "by_corpus" not in json.loads(alone.stdout)["rulesets"][0]["scenarios"]


def test_with_book_without_a_project_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--with-book"]) == 2
    assert capsys.readouterr().err.startswith("rulecheck: --with-book: needs a project")
