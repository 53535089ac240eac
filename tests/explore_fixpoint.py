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


def side_from_spec(spec: dict, ruleset: str, root):
    """The rule version a written result's side spec names: its rule changes, evaluated here or,
    for a ``--rev`` side, by the engine at that revision of ``root``."""
    from rulecheck.explore.versions import Side, at_revision

    side = Side(spec["label"], ruleset, dict(spec["parameters"]), dict(spec["interpretations"]))
    return side if spec.get("rev") is None else at_revision(side, spec["rev"], root)


def assert_written_witnesses_at_a_fixpoint(report: dict, root) -> None:
    """The fixpoint property for a result ``explore`` wrote as a subprocess (explore.json): each
    witness says it reached a fixpoint, and re-judged here, in-process, no one-step
    simplification of its position shows the same difference (the same first divergence)."""
    from rulecheck.ruleset_api import ruleset as ruleset_named

    for exploration in report["explorations"]:
        if not exploration["witnesses"]:
            continue
        ruleset, kind = exploration["ruleset"], exploration["kind"]
        simpler = getattr(ruleset_named(ruleset).explore, "simpler_positions", search.variants)
        old = side_from_spec(exploration["old"], ruleset, root)
        new = side_from_spec(exploration["new"], ruleset, root)
        try:
            for w in exploration["witnesses"]:
                assert w["fixpoint"] is True, f"shrinking stopped before a fixpoint: {w['position']}"
                key = w["group"]
                for variant in simpler(w["position"]):
                    same = search._same_difference(old, new, kind, variant, key)
                    assert same is None, f"a simpler witness shows the same difference: {variant}"
        finally:
            old.close()
            new.close()
