"""The description of a witness names the event where the two traces part: the traces are
compared event by event, and the event named is the first that differs, or, while the two keep
step for step, the first differing one whose clauses differ (a hex touched at a corner over open
ground reads differently under the two readings but decides nothing). Its text is that event's
own, with its piece and its clause."""

from __future__ import annotations

from explore_fixpoint import every_witness_at_a_fixpoint  # noqa: F401 (autouse: every witness at a fixpoint)

from rulecheck.explore.gherkin_writer import feature_text
from rulecheck.explore.search import explore
from rulecheck.explore.versions import parse_side
from rulecheck.trace_divergence import deciding_divergence


def _event(step: str, clauses: list[str], text: str) -> dict:
    return {"step": step, "clauses": clauses, "text": text, "data": None}


def test_the_first_event_that_differs_is_named_and_an_equal_early_event_is_passed_over():
    same = _event("los.line", ["GA-LOS-1"], "line from [0, 0] to [4, 0]")
    old = [same, _event("los.hex", ["GA-LOS-3"], "[2, 0] is open ground")]
    new = [same, _event("los.hex", ["GA-LOS-3"], "[2, 0] blocks")]
    d = deciding_divergence(old, new)
    assert d.index == 1 and d.old["text"] == "[2, 0] is open ground" and d.new["text"] == "[2, 0] blocks"


def test_in_step_a_wording_only_difference_is_passed_over_for_the_one_whose_clause_differs():
    same = _event("los.line", ["GA-LOS-1"], "line")
    old = [
        same,
        _event("los.corner", ["GA-LOS-2"], "[1, 1] does not count"),
        _event("los.corner", ["GA-LOS-2"], "[3, 0] does not count"),
    ]
    new = [
        same,
        _event("los.corner", ["GA-LOS-2"], "[1, 1] counts"),
        _event("los.corner", ["GA-LOS-3"], "[3, 0] counts and blocks"),
    ]
    d = deciding_divergence(old, new)
    assert d.index == 2 and "[3, 0]" in d.new["text"] and d.clauses == ("GA-LOS-2", "GA-LOS-3")


def test_out_of_step_the_first_differing_event_is_named():
    same = _event("los.line", ["GA-LOS-1"], "line")
    old = [
        same,
        _event("los.corner", ["GA-LOS-2"], "[1, 1] does not count"),
        _event("los.clear", ["GA-LOS-1"], "clear"),
    ]
    new = [
        same,
        _event("los.corner", ["GA-LOS-2"], "[1, 1] counts"),
        _event("los.blocked", ["GA-LOS-3"], "blocked"),
    ]
    d = deciding_divergence(old, new)
    assert d.index == 1 and "[1, 1]" in d.new["text"]


def test_a_written_line_of_sight_witness_names_the_hex_that_decides_not_an_earlier_equal_one():
    """The README's example: the line touches [1, 1] (open ground) and [3, 0] (raised) at
    corners; the traces agree on the events before the corner; the description names [3, 0]."""
    old, new = parse_side("book", "gundam_assemble"), parse_side("los_corner_touch=counts", "gundam_assemble")
    e = explore(old, new, "los", budget=40, seed=4, max_groups=1, max_positions=400, shrink_seconds=5)
    (w,) = e.witnesses
    d = w.divergence
    assert d.index >= 1
    assert w.old["events"][: d.index][0] == w.new["events"][0]  # an early event is equal
    assert w.old["events"][d.index] != w.new["events"][d.index]
    text, _ = feature_text(e, "new")
    scenario = text.split("Scenario:")[1]
    assert f"the traces part at event {d.index + 1}." in scenario
    assert f"Here: {d.new['text']}." in scenario
    assert f"Under gundam_assemble as the book has it instead: {d.old['text']};" in scenario
    for clause in d.clauses:
        assert f"@clause:{clause}" in text
