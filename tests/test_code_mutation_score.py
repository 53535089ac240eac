"""The code-mutation score sets a survivor apart as presentation only by a computed rule
(benchmarks/code_mutation_score.py, `wording_only`): these cases pin that rule down, so a
survivor that changes a ruling is never hidden as wording."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "code_mutation_score", Path(__file__).resolve().parent.parent / "benchmarks" / "code_mutation_score.py"
)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

ORIGINAL = """
def resolve(self, unit, hits, stage):
    if hits > unit.hp:
        raise AttackError(f"{unit.name}: {hits} hits", "hits")
    text = f"{unit.name} takes {hits}"
    shown = hits * 2
    self.emit(
        f"{stage}.damage",
        ("GA-DMG-1",) if stage == "attack" else ("GA-SEQ-13",),
        text,
        {"unit": unit.name, "hp": unit.hp - hits},
        interpretation=self.rules.cite("damage_order"),
    )
    return unit.hp - shown if shown > 4 else unit.hp - hits
"""


def mutant(old: str, new: str) -> str:
    assert ORIGINAL.count(old) == 1, old
    return ORIGINAL.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        # the refusal stays; only its message or field changes
        ('"hits")', '"XXhitsXX")', "error wording"),
        ('f"{unit.name}: {hits} hits"', 'f"{unit.name}: {hits + 1} hits"', "error wording"),
        # which clause an event cites, and its text
        ('if stage == "attack"', 'if stage != "attack"', "event clauses"),
        ('("GA-SEQ-13",),\n', '("XXGA-SEQ-13XX",),\n', "event clauses"),
        ('"damage_order"', '"XXdamage_orderXX"', "event interpretation"),
        # the interpretation an event cites, dropped (it defaults to None)
        ('        interpretation=self.rules.cite("damage_order"),\n', "", "event interpretation"),
        # a local name used only as an event's text
        ('text = f"{unit.name} takes {hits}"', "text = None", "event text"),
    ],
)
def test_a_change_to_how_a_ruling_is_worded_is_presentation(old, new, why):
    assert score.wording_only(ORIGINAL, mutant(old, new)) == why


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the condition of a refusal decides whether the input is refused
        ("if hits > unit.hp:", "if hits >= unit.hp:"),
        # a dropped or None argument can break the error itself: a crash, not a refusal
        ('f"{unit.name}: {hits} hits", "hits"', 'None, "hits"'),
        ('f"{unit.name}: {hits} hits", "hits"', '"hits"'),
        # an event's step name and data are read by steps and by `explain`
        ('f"{stage}.damage"', "None"),
        ('"hp": unit.hp - hits}', '"hp": unit.hp + hits}'),
        # the ruling itself
        ("return unit.hp - shown if shown > 4", "return unit.hp - shown if shown > 5"),
        # a name used for the ruling as well as for wording is not wording
        ("shown = hits * 2", "shown = hits * 3"),
        # an argument dropped from the event shifts step, clauses and text together
        ("        text,\n", ""),
    ],
)
def test_a_change_that_can_reach_a_ruling_or_a_read_field_is_not_presentation(old, new):
    assert score.wording_only(ORIGINAL, mutant(old, new)) is None


def test_an_event_losing_only_its_last_positional_argument_is_wording_only_at_the_interpretation():
    cited = ORIGINAL.replace("interpretation=self.rules.cite", "self.rules.cite")
    dropped = cited.replace('        self.rules.cite("damage_order"),\n', "")
    assert score.wording_only(cited, dropped) == "event interpretation"
    # without an interpretation, the last argument is the event's data, which steps read
    no_cite = cited.replace('        self.rules.cite("damage_order"),\n', "")
    assert (
        score.wording_only(
            no_cite, no_cite.replace('        {"unit": unit.name, "hp": unit.hp - hits},\n', "")
        )
        is None
    )


def test_a_name_also_read_by_the_ruling_is_not_wording_even_if_printed():
    both = ORIGINAL.replace("return unit.hp", "return len(text) + unit.hp")
    changed = both.replace('text = f"{unit.name} takes {hits}"', "text = None")
    assert score.wording_only(both, changed) is None


def test_an_unchanged_function_is_not_a_mutant():
    assert score.wording_only(ORIGINAL, ORIGINAL) is None


def _fake_run(root: Path, codes: dict[str, int | None], digest: str = "abc123") -> None:
    """A mutants/ folder as mutmut leaves it: one module, its trampolined source and its verdicts."""
    (root / "mutants" / "rules").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.mutmut]\ndo_not_mutate_patterns = []\n")
    (root / "mutants" / "rules" / "dice.py").write_text(
        "def x_roll__mutmut_orig(n):\n    return n + 1\n\n"
        "def x_roll__mutmut_1(n):\n    return n - 1\n\n"
        "def x_roll__mutmut_2(n):\n    return n + 2\n"
    )
    meta = {
        "exit_code_by_key": {f"rules.dice.x_roll__mutmut_{k}": v for k, v in codes.items()},
        "hash_by_function_name": {"x_roll": digest},
    }
    (root / "mutants" / "rules" / "dice.py.meta").write_text(json.dumps(meta))


def test_recorded_verdicts_score_as_the_run_did_and_come_back_only_for_unchanged_code(tmp_path):
    _fake_run(tmp_path / "run", {"1": 1, "2": 0})
    snapshot = tmp_path / "results.json"
    assert score.save_snapshot(snapshot, tmp_path / "run") == 2
    table, survivors = score.score(*score.snapshot_results(snapshot))
    assert (table["rules.dice"]["killed"], table["rules.dice"]["survived"]) == (1, 1)
    assert survivors == ["rules.dice.x_roll__mutmut_2"]

    _fake_run(tmp_path / "same", {"1": None, "2": None})
    assert score.restore_snapshot(snapshot, tmp_path / "same") == 2
    _fake_run(tmp_path / "edited", {"1": None, "2": None}, digest="changed")
    assert score.restore_snapshot(snapshot, tmp_path / "edited") == 0
    meta = json.loads((tmp_path / "edited" / "mutants" / "rules" / "dice.py.meta").read_text())
    assert set(meta["exit_code_by_key"].values()) == {None}


@pytest.mark.parametrize(
    ("old", "new", "data_only"),
    [
        # counted apart (still a survivor): the numbers behind an event, as --json shows them
        ('"hp": unit.hp - hits}', '"hp": unit.hp + hits}', True),
        ('{"unit": unit.name,', '{"XXunitXX": unit.name,', True),
        # the event's text, or the ruling itself, is not its data
        ('f"{stage}.damage"', "None", False),
        ("return unit.hp - shown if shown > 4", "return unit.hp - shown if shown > 5", False),
        ('"damage_order"', '"XXdamage_orderXX"', False),
    ],
)
def test_a_change_to_an_events_data_only_is_told_apart(old, new, data_only):
    assert score.event_data_only(ORIGINAL, mutant(old, new)) is data_only


OWN_SOURCE = """
from dataclasses import dataclass
from functools import cache

CORNERS = ((1, 1), (-1, 2))
WINDOWS = ("before", f"after {1}")
lower_case = 5


@dataclass(frozen=True)
class Base:
    name: str
    radius: float = 0.5
    round: bool = False


@cache
def width() -> int:
    return 3
"""


def test_own_operators_mutate_what_mutmut_never_does():
    """Decorators, dataclass field defaults and UPPER_CASE module constants each get mutants that
    still parse; function bodies, lower-case names and f-string parts are left to mutmut."""
    import ast

    spec = importlib.util.spec_from_file_location(
        "own_mutants", Path(__file__).resolve().parent.parent / "benchmarks" / "own_mutants.py"
    )
    own_mutants = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("own_mutants", own_mutants)  # dataclasses look their module up there
    spec.loader.exec_module(own_mutants)

    made = own_mutants.mutants_of("m", OWN_SOURCE)
    changes = {(m.operator, m.original, m.replacement) for m in made}
    assert changes == {
        ("constant", "1", "2"),
        ("constant", "2", "3"),
        ("constant", '"before"', '"XXbeforeXX"'),
        ("constant", '"before"', '""'),
        ("decorator", "dataclass(frozen=True)", "(lambda f: f)"),
        ("decorator", "cache", "(lambda f: f)"),
        ("default", "0.5", "1.5"),
        ("default", "False", "True"),
    }
    assert sum(m.original == "1" for m in made) == 3  # each number of CORNERS: 1, 1 and the 1 of -1
    for m in made:
        ast.parse(m.apply(OWN_SOURCE))
    corner = next(m for m in made if m.original == "1")
    assert "CORNERS = ((2, 1), (-1, 2))" in corner.apply(OWN_SOURCE)


def test_own_operator_verdicts_are_scored_with_listed_equivalents_apart():
    line = score.own_operator_line(
        {
            "rules.x:constant:1:1:0": "killed",
            "rules.x:default:2:1:0": "survived",
            "rules.x:decorator:3:1:0": "timed out",
            "rules.x:constant:4:1:0": "unread",
        },
        10,
    )
    assert line == (
        "own operators (benchmarks/own_mutants.py): 4 of 10 mutants judged: "
        "2 killed, 1 survived, 0 equivalent, 0 limit boundaries, 1 of a constant no code reads; score 66.7%"
    )
