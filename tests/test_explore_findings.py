"""What `explore` reports as a finding: an engine that raises where the other rules is a
difference (written as a scenario that asserts the ruling), every mode exits 1 on a difference,
and "candidate equivalent" needs a stated number of positions that could have differed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from explore_fixpoint import every_witness_at_a_fixpoint  # noqa: F401 (autouse: every witness at a fixpoint)

from rulecheck.cli import main
from rulecheck.explore import search
from rulecheck.explore.gherkin_writer import diagram, feature_text
from rulecheck.explore.report import format_text
from rulecheck.explore.search import CANDIDATE_EVIDENCE, Exploration, explore
from rulecheck.explore.versions import parse_side


class RaisingWorker:
    """An engine that raises on every attack against a unit with Wounds 1 and rules like this
    checkout's elsewhere (as a planted ``divmod(total, wounds - 1)`` would)."""

    def __init__(self, side):
        self.side = side

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        position = request["position"]
        target = position["attack"]["target"]
        if any(u["name"] == target and u["stats"]["wounds"] == 1 for u in position["units"]):
            return {"crash": "ZeroDivisionError: integer division or modulo by zero"}
        self.side._worker = None
        try:
            return self.side.evaluate(request["kind"], position)
        finally:
            self.side._worker = self

    def close(self) -> None:
        pass


def _raising_side(label: str):
    side = parse_side("book", "multibase")
    side.label, side.rev = label, "planted"
    side._worker = RaisingWorker(side)
    return side


def test_an_engine_that_raises_where_the_other_rules_is_a_difference_whose_scenario_asserts_the_ruling():
    old, new = _raising_side("the engine at planted"), parse_side("book", "multibase")
    e = explore(old, new, "attack", budget=30, seed=0, max_groups=1, max_positions=300, shrink_seconds=2)
    (w,) = e.witnesses
    assert w.old["outcome"] == {"engine error": "ZeroDivisionError"}
    assert w.divergence.old["step"] == search.ENGINE_ERROR
    assert "crash" not in w.new and "engine error" not in w.new["outcome"]
    text, written = feature_text(e, "new")
    assert written == [0]
    assert "the engine raised ZeroDivisionError" in text
    assert "Then " in text  # the scenario asserts the ruling of the side that ruled
    assert "@clause:" in text
    svg = diagram(e, w, "new")
    for written_text in (text, format_text([e]), re.search(r"<title>(.*?)</title>", svg, re.S).group(1)):
        assert not PYTHON_VALUES.search(written_text), PYTHON_VALUES.search(written_text)


# What a Python value looks like in text meant for players.
PYTHON_VALUES = re.compile(r"\{'|'\}|\bNone\b|\bTrue\b|\bFalse\b|\w_\w+:")


def test_when_the_asserted_side_raises_the_scenario_asserts_the_other_sides_ruling():
    old, new = parse_side("book", "multibase"), _raising_side("the engine under test")
    e = explore(old, new, "attack", budget=30, seed=0, max_groups=1, max_positions=300, shrink_seconds=2)
    (w,) = e.witnesses
    assert w.new["outcome"] == {"engine error": "ZeroDivisionError"}
    text, written = feature_text(e, "new")
    assert written == [0]
    assert "Then " in text and "engine error" not in text.split("Scenario:")[1].split("\n\n")[1]


def _exploration(**fields) -> Exploration:
    base = {"label": "x", "parameters": {}, "interpretations": {}, "overlay": None, "rev": None}
    e = Exploration("multibase", "attack", dict(base), dict(base, label="y"), 0, 1.0)
    for k, v in fields.items():
        setattr(e, k, v)
    return e


def test_candidate_equivalent_needs_enough_positions_that_asked_for_what_changes():
    assert _exploration(positions=500, asked=0).verdict == "not reached"
    assert _exploration(positions=500, asked=CANDIDATE_EVIDENCE - 1).verdict == "undecided"
    assert _exploration(positions=500, asked=CANDIDATE_EVIDENCE).verdict == "candidate equivalent"
    # Against another revision every position could differ; the same version needs none.
    rev = _exploration(positions=CANDIDATE_EVIDENCE - 1, asked=None)
    rev.old["rev"] = "HEAD~1"
    assert rev.verdict == "undecided"
    assert _exploration(positions=10, asked=None).verdict == "candidate equivalent"


def test_a_short_search_prints_undecided_and_the_number_it_needs():
    from rulecheck.explore.report import format_text

    out = format_text([_exploration(positions=40, asked=12)])
    assert "no difference found in 40 positions (1 s budget; 12 asked for what changes)" in out
    assert f"undecided (candidate equivalent needs {CANDIDATE_EVIDENCE} positions that could differ)" in out


def test_all_interpretations_exits_1_when_it_finds_a_difference(monkeypatch, capsys):
    from rulecheck.commands import explore as command
    from rulecheck.explore.coverage import Comparison

    differing = Comparison("gundam_assemble", "book", "los_corner_touch=counts", "los")
    monkeypatch.setattr(command, "all_comparisons", lambda names, root: [differing])
    code = main(
        ["explore", "--all-interpretations", "--budget", "60", "--max-groups", "1", "--shrink", "1", "-q"]
    )
    out = capsys.readouterr().out
    assert "group 1" in out
    assert code == 1


@pytest.mark.slow  # writes the witness and runs `check` on it in a copy of the corpus
def test_the_crash_witness_passes_check_on_the_engine_that_rules(tmp_path):
    from test_explore import check_in_copy

    from rulecheck.explore.report import report_json, write_output

    old, new = _raising_side("the engine at planted"), parse_side("book", "multibase")
    e = explore(old, new, "attack", budget=30, seed=0, max_groups=1, max_positions=300, shrink_seconds=2)
    write_output(tmp_path / "explored", [e], report_json([e]))
    ran = check_in_copy(tmp_path, "multibase", "@ruling:derived and @clause:MB-1", tmp_path / "explored")
    assert ran["scenarios"]["passed"] == ran["scenarios"]["total"] >= 1
