"""Every witness the explore tests write is shrunk to a fixpoint: imported into each explore
test module, the autouse fixture below watches every ``tighten`` run of the search and, after
the test, re-judges every one-step simplification of the witness it left
(``Explorer.simpler_positions``: without one unit, base, piece, terrain, card, Response, attack
or die, a number at 0 or rounder): none may still show the same difference. A test whose
shrinking budget is too short for that fails here, whatever else it asserts."""

from __future__ import annotations

import pytest

from rulecheck.explore import search


@pytest.fixture(autouse=True)
def every_witness_at_a_fixpoint(monkeypatch):
    runs: list[tuple] = []
    original = search.tighten

    def watched(position, judge, until, simpler=search.variants):
        best, found, done = original(position, judge, until, simpler)
        runs.append((best, judge, simpler, done))
        return best, found, done

    monkeypatch.setattr(search, "tighten", watched)
    yield runs
    for best, judge, simpler, _done in runs:
        for variant in simpler(best):
            assert judge(variant) is None, f"a simpler witness shows the same difference: {variant}"
