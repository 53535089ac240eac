"""The code-mutation score sets a survivor apart as presentation only by a computed rule
(benchmarks/code_mutation_score.py, `wording_only`): these cases pin that rule down, so a
survivor that changes a ruling is never hidden as wording."""

from __future__ import annotations

import importlib.util
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


def test_a_name_also_read_by_the_ruling_is_not_wording_even_if_printed():
    both = ORIGINAL.replace("return unit.hp", "return len(text) + unit.hp")
    changed = both.replace('text = f"{unit.name} takes {hits}"', "text = None")
    assert score.wording_only(both, changed) is None


def test_an_unchanged_function_is_not_a_mutant():
    assert score.wording_only(ORIGINAL, ORIGINAL) is None
