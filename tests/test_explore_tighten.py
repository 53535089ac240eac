"""Witnesses shrunk to a fixpoint: no one-step simplification of a written witness (dropping a
unit, base, piece, card, Response, attack or die; a number to 0; a coordinate or facing to a
rounder value) still shows the same difference."""

from __future__ import annotations

import pytest

from rulecheck.explore.search import _same_difference, explore
from rulecheck.explore.tighten import tighten, trim_dice, variants
from rulecheck.explore.versions import parse_side

SEARCHES = [
    pytest.param("gundam_assemble", "los", "los_corner_touch=counts", id="ga-los"),
    pytest.param("gundam_assemble", "attack", "crits_on_ten_only", id="ga-attack"),
    pytest.param("multibase", "attack", "coherency=each_within", id="mb-casualties", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("ruleset", "kind", "change"), SEARCHES)
def test_every_written_witness_is_at_a_fixpoint(ruleset, kind, change):
    old, new = parse_side("book", ruleset), parse_side(change, ruleset)
    e = explore(old, new, kind, budget=90, seed=0, max_groups=1, max_positions=1500, shrink_seconds=30)
    (w,) = e.witnesses
    key = w.divergence.key
    assert _same_difference(old, new, kind, w.position, key) is not None
    for simpler in variants(w.position):
        assert _same_difference(old, new, kind, simpler, key) is None, simpler
    # No die the scenario does not script is left in a pool.
    assert trim_dice(w.position, [w.old, w.new]) == w.position
    # Independently of variants(): no unit or piece can go.
    for part in ("units", "pieces"):
        for i in range(len(w.position.get(part, ()))):
            fewer = {**w.position, part: w.position[part][:i] + w.position[part][i + 1 :]}
            assert _same_difference(old, new, kind, fewer, key) is None


def test_variants_drop_list_items_and_round_numbers_but_keep_fixed_lists_and_places():
    position = {"cells": [[0, 1]], "units": [{"x": 2.375, "facing": 231.0, "shields": 3}, {"x": 1.0}]}
    seen = list(variants(position))
    assert {"cells": [[0, 1]], "units": [{"x": 1.0}]} in seen  # a unit dropped
    assert any(v["units"][0].get("x") == 2.0 for v in seen) and any(
        v["units"][0].get("x") == 2.5 for v in seen
    )
    assert any(v["units"][0].get("facing") == 270 for v in seen) and any(
        v["units"][0].get("facing") == 225 for v in seen
    )
    assert any(v["units"][0].get("shields") == 0 for v in seen)
    assert all(len(v["cells"]) == 1 and len(v["cells"][0]) == 2 for v in seen)  # the map keeps its shape
    assert not any(v["units"][0].get("x") == 0 for v in seen if len(v["units"]) == 2)  # no piece stacked at 0


def test_tighten_stops_at_its_clock_and_says_so():
    position = {"units": [1, 2, 3, 4]}
    best, found, done = tighten(position, lambda p: "same" if len(p["units"]) >= 1 else None, 0.0)
    assert (best, found, done) == (position, None, False)
    best, found, done = tighten(position, lambda p: "same" if p.get("units") else None, float("inf"))
    assert done and len(best["units"]) == 1 and found == "same"


def test_trim_dice_leaves_a_dice_pool_of_another_shape_alone():
    """A ruleset of its own may script dice as a plain list (Skirmish does): the pool is kept as
    it is, not taken for the multibase {unit: {roll: faces}} shape (that crashed explore)."""
    from rulecheck.explore.tighten import trim_dice

    position = {"dice": {"hit": [6, 5, 1], "save": [2]}, "models": []}
    assert trim_dice(position, [{}, {}]) == position
    pools = {"dice": {"Alpha": {"to_hit": [6, 5, 1]}}}
    assert trim_dice(pools, [{"dice_used": {"to_hit:Alpha": 2}}, {}]) == {
        "dice": {"Alpha": {"to_hit": [6, 5]}}
    }
