"""The limits are data that must fit the books: every parameter has a range, the book's own values
and every mutant `rulecheck mutate` makes lie inside it, and a value outside is refused."""

from __future__ import annotations

import pytest

from rulecheck.mutation import mutants_for
from rules import limits
from rules.rulebook import RulebookError, load, rulesets


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_parameter_has_a_range_holding_the_book_value(ruleset):
    book = load(ruleset)
    assert set(limits.PARAMETER_RANGES[ruleset]) == set(book.parameters)
    for name, parameter in book.parameters.items():
        low, high = limits.parameter_range(ruleset, name)
        values = parameter.value if isinstance(parameter.value, list) else [parameter.value]
        assert all(low <= v <= high for v in values if not isinstance(v, bool)), name


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_mutant_is_a_value_an_overlay_may_set(ruleset):
    book = load(ruleset)
    for mutant in mutants_for(book):
        overlay = mutant.overlay()
        book.with_changes(overlay.get("parameters"), overlay.get("interpretations"), mutant.id)


@pytest.mark.parametrize("ruleset", rulesets())
def test_a_value_past_either_end_of_a_range_is_refused(ruleset):
    book = load(ruleset)
    for name, parameter in book.parameters.items():
        if isinstance(parameter.value, bool):
            continue
        low, high = limits.parameter_range(ruleset, name)
        kind = float if isinstance(parameter.value, float) else int
        for bad in (kind(low) - 1, kind(high) + 1):
            value = [bad] if isinstance(parameter.value, list) else bad
            with pytest.raises(RulebookError, match="expected a number from"):
                book.with_changes({name: value})
