"""The ruling tags `rulecheck check` accepts on a scenario: exactly one of @ruling:official,
@ruling:derived and @ruling:interpretation, named in the error when a scenario has another."""

from __future__ import annotations

import pytest

from rulecheck.corpus import ScenarioResult
from rulecheck.report import tag_errors
from rules.rulebook import load


def _scenario(*tags: str) -> ScenarioResult:
    return ScenarioResult(
        "gundam_assemble",
        "features/gundam_assemble/x.feature",
        "X",
        "one ruling",
        3,
        ("clause:GA-DMG-1", *tags),
    )


@pytest.mark.parametrize("status", ["official", "derived", "interpretation"])
def test_each_ruling_status_is_accepted(status):
    assert tag_errors(load("gundam_assemble"), [_scenario(f"ruling:{status}")]) == []


@pytest.mark.parametrize("tags", [("ruling:guess",), (), ("ruling:official", "ruling:derived")])
def test_a_scenario_without_exactly_one_known_ruling_status_is_an_error_naming_the_three(tags):
    (error,) = tag_errors(load("gundam_assemble"), [_scenario(*tags)])
    assert "needs exactly one @ruling tag (official, derived, interpretation)" in error


def test_an_assumed_tag_names_a_number_the_rulebook_assumes_not_one_the_book_states():
    """@assumed:NAME marks a ruling that rests on a number the project assumed (basis: assumed);
    naming a number the book states is an error, as is naming no number at all."""
    book = load("multibase")
    assert book.parameters["cover_modifier"].assumed and not book.parameters["die_sides"].assumed

    def errors(number: str) -> list[str]:
        result = ScenarioResult(
            "multibase", "features/multibase/x.feature", "X", "one ruling", 3,
            ("clause:MB-1.1", "ruling:interpretation", f"assumed:{number}"),
        )  # fmt: skip
        return tag_errors(book, [result])

    assert errors("cover_modifier") == []
    assert errors("die_sides") == [
        "features/multibase/x.feature:3: tag @assumed:die_sides: no such assumed number in multibase"
    ]
