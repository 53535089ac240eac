"""Witnesses shrunk to a fixpoint: no one-step simplification of a written witness (dropping a
unit, base, piece, card, Response, attack or die; a number to 0; a coordinate or facing to a
rounder value) still shows the same difference. The simplifications are the ruleset's
(``Explorer.simpler_positions``, ``used_dice_only``): the toolkit's tighten.py names no key of a
position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from explore_fixpoint import (
    assert_written_witnesses_at_a_fixpoint,
    every_witness_at_a_fixpoint,  # noqa: F401 (autouse: every witness at a fixpoint)
)

from rulecheck.cli import main
from rulecheck.explore.search import _same_difference, explore
from rulecheck.explore.tighten import Shape, tighten, variants
from rulecheck.explore.versions import parse_side
from rulecheck.ruleset_api import ruleset as ruleset_named

SEARCHES = [
    pytest.param("gundam_assemble", "los", "los_corner_touch=counts", id="ga-los"),
    pytest.param("gundam_assemble", "attack", "crits_on_ten_only", id="ga-attack"),
    pytest.param(
        "multibase", "casualties", "coherency=each_within", id="mb-casualties", marks=pytest.mark.slow
    ),
]


@pytest.mark.parametrize(("ruleset", "kind", "change"), SEARCHES)
def test_every_written_witness_is_at_a_fixpoint(ruleset, kind, change):
    old, new = parse_side("book", ruleset), parse_side(change, ruleset)
    e = explore(old, new, kind, budget=90, seed=0, max_groups=1, max_positions=1500, shrink_seconds=30)
    (w,) = e.witnesses
    key = w.divergence.key
    explorer = ruleset_named(ruleset).explore
    assert _same_difference(old, new, kind, w.position, key) is not None
    for simpler in explorer.simpler_positions(w.position):
        assert _same_difference(old, new, kind, simpler, key) is None, simpler
    # No die the scenario does not script is left in a pool.
    assert explorer.used_dice_only(w.position, [w.old, w.new]) == w.position
    # Independently of variants(): no unit or piece can go.
    for part in ("units", "pieces"):
        for i in range(len(w.position.get(part, ()))):
            fewer = {**w.position, part: w.position[part][:i] + w.position[part][i + 1 :]}
            assert _same_difference(old, new, kind, fewer, key) is None


def test_variants_drop_list_items_and_round_numbers_but_keep_fixed_lists_and_places():
    position = {"cells": [[0, 1]], "units": [{"x": 2.375, "facing": 231.0, "shields": 3}, {"x": 1.0}]}
    shape = Shape(
        fixed_lists=frozenset({"cells"}), zeroable=frozenset({"shields"}), angles=frozenset({"facing"})
    )
    seen = list(variants(position, shape))
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


def test_each_rulesets_dice_are_cut_by_its_own_hook_and_a_position_of_another_shape_is_left_alone():
    """A ruleset of its own may script dice as a plain list (Skirmish does): the toolkit never
    takes its pool for the multibase {unit: {roll: faces}} shape (that crashed explore); each
    ruleset cuts its own."""
    mb = ruleset_named("multibase").explore
    pools = {"dice": {"Alpha": {"to_hit": [6, 5, 1], "save": []}}}
    assert mb.used_dice_only(pools, [{"dice_used": {"to_hit:Alpha": 2}}, {}]) == {
        "dice": {"Alpha": {"to_hit": [6, 5], "save": []}}
    }
    ga = ruleset_named("gundam_assemble").explore
    attack = {
        "attack": {"dice": {"attack": [1, 2, 3], "reroll": [4]}},
        "second": {"dice": {"attack": [5, 6]}},
    }
    cut = ga.used_dice_only(attack, [{"dice_used": {"attack": 2}, "dice_used_second": {"attack": 1}}])
    assert cut == {"attack": {"dice": {"attack": [1, 2], "reroll": []}}, "second": {"dice": {"attack": [5]}}}


def test_the_toolkits_explore_code_names_no_position_key():
    """Issue #25's rule: the shapes of the bundled rulesets' positions live in their explorers."""
    from pathlib import Path

    import rulecheck.explore.search as search_module
    import rulecheck.explore.tighten as tighten_module

    for module in (tighten_module, search_module):
        code = Path(module.__file__).read_text()
        for key in ('"cells"', '"bases"', '"facing"', '"wounds_taken"', '"dice_used_second"', '"second"'):
            assert key not in code, (module.__name__, key)


def test_a_written_result_is_rejudged_and_a_witness_with_a_piece_too_many_fails(tmp_path):
    """The check the CLI tests put every explore.json through: the written witness passes it, and
    the same witness with one piece more (which changes nothing) does not."""
    out = tmp_path / "explored"
    args = ["book", "los_corner_touch=counts", "--max-positions", "300", "--seed", "7", "--shrink", "5"]
    assert main(["explore", *args, "--max-groups", "1", "-q", "-o", str(out)]) == 1
    report = json.loads((out / "explore.json").read_text())
    root = Path(__file__).resolve().parent.parent
    assert_written_witnesses_at_a_fixpoint(report, root)
    (w,) = report["explorations"][0]["witnesses"]
    taken = {(p["col"], p["row"]) for p in w["position"]["pieces"]}
    assert (0, 1) not in taken  # a cell the witness leaves empty
    w["position"]["pieces"].append({"name": "Bystander", "side": "B", "kind": "unit", "col": 0, "row": 1})
    with pytest.raises(AssertionError, match="a simpler witness shows the same difference"):
        assert_written_witnesses_at_a_fixpoint(report, root)
