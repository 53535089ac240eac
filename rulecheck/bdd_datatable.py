"""A cheaper data-table render for pytest-bdd, installed by ``rulecheck.pytest_plugin``.

Each time a scenario runs, pytest-bdd renders its steps (to fill in a Scenario Outline's
``<parameters>``), and renders a step's data table by deep-copying the whole table first: every
row, cell and source location, for every table of every run and re-run. In a corpus run with
computed dependencies that copying was about a seventh of the time. Rendering only changes cell
values, so here the table is rebuilt with new rows and cells, each value rendered by pytest-bdd's
own ``render_string``, and the locations (never written) shared. ``tests/test_bdd_datatable.py``
checks the result equals pytest-bdd's render on every data table of the corpus.
"""

from __future__ import annotations

import importlib

bdd_parser = importlib.import_module("pytest_bdd.parser")
gherkin = importlib.import_module("pytest_bdd.gherkin_parser")

_ORIGINAL = bdd_parser.Step.__dict__.get("render_datatable")


def render_datatable(datatable, context):
    render = bdd_parser.render_string
    return gherkin.DataTable(
        location=datatable.location,
        rows=[
            gherkin.Row(
                id=row.id,
                location=row.location,
                cells=[
                    gherkin.Cell(location=cell.location, value=render(cell.value, context))
                    for cell in row.cells
                ],
            )
            for row in datatable.rows
        ],
    )


def install() -> None:
    """Use the render above. A pytest-bdd whose tables are shaped otherwise (another version)
    keeps its own render: slower, never different."""
    fields = {
        name: getattr(getattr(gherkin, name, None), "__dataclass_fields__", {})
        for name in ("DataTable", "Row", "Cell")
    }
    if (
        isinstance(_ORIGINAL, staticmethod)
        and hasattr(bdd_parser, "render_string")
        and set(fields["DataTable"]) == {"location", "rows"}
        and set(fields["Row"]) == {"id", "location", "cells"}
        and set(fields["Cell"]) == {"location", "value"}
    ):
        bdd_parser.Step.render_datatable = staticmethod(render_datatable)
