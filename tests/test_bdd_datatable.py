"""rulecheck's data-table render gives what pytest-bdd's own gives, on every table of the corpus."""

from __future__ import annotations

from pathlib import Path

from pytest_bdd.feature import get_features
from pytest_bdd.gherkin_parser import Cell, DataTable, Location, Row

from rulecheck import bdd_datatable

ROOT = Path(__file__).resolve().parent.parent
pytest_bdd_render = bdd_datatable._ORIGINAL.__func__


def corpus_tables() -> list[DataTable]:
    features = get_features([str(p) for p in sorted(ROOT.glob("rulecheck_*/features"))])
    return [
        step.datatable
        for feature in features
        for template in feature.scenarios.values()
        for step in template.all_background_steps + template._steps
        if step.datatable is not None
    ]


def test_the_render_is_installed_for_corpus_runs():
    assert bdd_datatable.bdd_parser.Step.render_datatable is bdd_datatable.render_datatable


def test_every_table_of_the_corpus_renders_as_pytest_bdd_renders_it():
    tables = corpus_tables()
    assert len(tables) > 300
    context = {"unit": "Alpha"}
    for table in tables:
        assert bdd_datatable.render_datatable(table, context) == pytest_bdd_render(table, context)


def test_outline_parameters_are_filled_in_and_the_source_table_is_left_alone():
    at = Location(column=7, line=12)
    table = DataTable(
        location=at,
        rows=[
            Row(id="0", location=at, cells=[Cell(at, "unit"), Cell(at, "x")]),
            Row(id="1", location=at, cells=[Cell(at, "<unit>"), Cell(at, "<x> and <missing>")]),
        ],
    )
    context = {"unit": "Bravo", "x": 4.5}
    ours = bdd_datatable.render_datatable(table, context)
    assert ours == pytest_bdd_render(table, context)
    assert ours.raw() == [["unit", "x"], ["Bravo", "4.5 and <missing>"]]
    ours.rows[1].cells[0].value = "changed"
    assert table.raw()[1] == ["<unit>", "<x> and <missing>"]  # a render is a copy
