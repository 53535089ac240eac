"""The CLI a user meets: help with examples that work, JSON with a format version, progress only
on a terminal, readable explain and odds output, counted nouns in English."""

from __future__ import annotations

import io
import json
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

from rulecheck import progress
from rulecheck.cli import COMMANDS, build_parser, main
from rulecheck.corpus import run_corpus
from rulecheck.wording import percent, plural

ROOT = Path(__file__).resolve().parent.parent
QUAD_BOP = "rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml"
VOLLEY = "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml"
OGGO = "rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml"


def help_text(command: str, capsys) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return capsys.readouterr().out


def examples(text: str) -> list[list[str]]:
    lines = text.split("examples:\n", 1)[1].splitlines()
    return [shlex.split(line.split(">")[0]) for line in lines if line.startswith("  rulecheck ")]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_a_description_and_examples_that_parse(command, capsys):
    text = help_text(command, capsys)
    usage, description = text.split("\n\n")[:2]
    assert len(description.split()) >= 15, f"expected a description of {command}, got {description!r}"
    found = examples(text)
    assert found, f"expected examples in `rulecheck {command} --help`, got none"
    for argv in found:
        assert argv[1] == command
        build_parser().parse_args(argv[1:])  # exits 2 if an example is not valid usage


@pytest.mark.parametrize("command", ["los", "explain", "odds", "draw"])
def test_the_quick_examples_run_as_written(command, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    for argv in examples(help_text(command, capsys)):
        if "-o" in argv:
            argv[argv.index("-o") + 1] = str(tmp_path / "out.svg")
        assert main(argv[1:]) == 0, argv
        capsys.readouterr()


@pytest.mark.parametrize(
    "argv",
    [
        ["los", OGGO, "--from", "ML-07C Crab", "--to", "QZ-82 Sentinel", "--json"],
        ["explain", QUAD_BOP, "--json"],
        ["odds", VOLLEY, "--json"],
        ["draw", VOLLEY, "--json"],
        ["check", "--ruleset", "multibase", "--tags", "@clause:MB-3.1", "--json"],
        ["report", "--ruleset", "multibase", "--tags", "@clause:MB-3.1", "--json"],
    ],
    ids=lambda a: a[0],
)
def test_json_names_its_format_and_version(argv, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    main(argv)
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == f"rulecheck.{argv[0]}/1"


def test_draw_json_carries_the_same_picture(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    main(["draw", VOLLEY])
    svg = capsys.readouterr().out
    main(["draw", VOLLEY, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["svg"] == svg and data["ruleset"] == "multibase"


def test_docs_json_says_what_was_written(capsys, tmp_path):
    out = tmp_path / "site"
    assert main(["docs", str(out), "--ruleset", "multibase", "--tags", "@clause:MB-3.1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "rulecheck.docs/1"
    assert data["scenarios"] >= 1 and Path(data["out_dir"]) == out and (out / "index.html").is_file()


class FakeTerminal(io.StringIO):
    def __init__(self, tty: bool):
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "quiet", "shown"), [(True, False, True), (True, True, False), (False, False, False)]
)
def test_a_corpus_run_counts_scenarios_on_a_terminal_only(tty, quiet, shown, monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    stream = FakeTerminal(tty)
    with progress.shown(quiet=quiet, stream=stream):
        run = run_corpus(ROOT, ["multibase"], tags="@clause:MB-3.1")
    n = len(run.results)
    assert n >= 1
    assert (f"running scenarios  {n}/{n}" in stream.getvalue()) == shown
    if shown:
        assert stream.getvalue().endswith("\r")  # the line is cleared for the result


def test_explain_prints_a_table_per_target_not_a_dump(capsys):
    assert main(["explain", str(ROOT / QUAD_BOP)]) == 0
    out = capsys.readouterr().out
    outcome = out.split("Outcome:")[1].split("Interpretations")[0]
    assert "{" not in outcome and "legal: True" not in outcome and "ended_early" not in outcome
    minelayer = next(line for line in outcome.splitlines() if line.startswith("    Strider: Minelayer"))
    assert minelayer.split()[-1] == "yes"  # defeated
    assert "HP lost" in outcome and "defeated" in outcome


def test_multibase_explain_marks_removed_bases_and_shaken(capsys):
    assert main(["explain", str(ROOT / VOLLEY)]) == 0
    outcome = capsys.readouterr().out.split("Outcome:")[1]
    bravo = next(line for line in outcome.splitlines() if line.strip().startswith("Bravo "))
    assert "b3, b4" in bravo and "yes" in bravo  # two bases removed, Shaken


def test_odds_names_hp_lost_shows_the_overlay_and_never_rounds_a_chance_to_zero(capsys):
    overlay = ROOT / "rulecheck_gundam_assemble/engine/overlays/crits_on_ten_only.yaml"
    assert main(["odds", str(ROOT / QUAD_BOP), "--rules", str(overlay)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Rules: Gundam Assemble - Attacking, with crits on ten only"
    assert "Cara's Strider: HP lost, out of 5 HP" in out and "damage after Shields" not in out
    assert main(["odds", str(ROOT / VOLLEY)]) == 0
    out = capsys.readouterr().out
    assert "<0.01%" in out and not re.search(r"(?<![\d.])0\.00%", out)  # 7 wounds: 1/279936


def test_plural_and_percent():
    assert [plural(1, "scenario"), plural(2, "scenario"), plural(0, "entry"), plural(1, "base")] == [
        "1 scenario",
        "2 scenarios",
        "0 entries",
        "1 base",
    ]
    assert percent(Fraction(1, 279936)) == "<0.01%"
    assert percent(Fraction(279935, 279936)) == ">99.99%"
    assert percent(0) == "0.00%" and percent(1) == "100.00%" and percent(Fraction(1, 2)) == "50.00%"


def test_event_texts_count_in_english(capsys):
    # The volley: one save made, one wound already on the unit, one bonus die.
    assert main(["explain", str(ROOT / VOLLEY)]) == 0
    out = capsys.readouterr().out
    assert "+1 die from Volley Fire" in out and "1 hit cancelled" in out and "1 wound already on" in out
    assert not re.search(r"\b1 (hits|bases|wounds|dice|hexes|scenarios)\b", out)
