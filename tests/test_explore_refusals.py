"""A refusal is a difference: where one version refuses a position (an attack declaration its
checks reject, a scripted removal or push not among its legal ones) and the other rules on it,
explore reports it, and the scenario it writes asserts the ruling so that it fails by an
assertion on the other version wherever that version rules at all (a refused choice is restated:
a removal left open, a push both allow)."""

from __future__ import annotations

from typing import Any

from explore_fixpoint import every_witness_at_a_fixpoint  # noqa: F401 (autouse: every witness at a fixpoint)

from rulecheck.explore.gherkin_writer import feature_text
from rulecheck.explore.search import ENGINE_REFUSAL, explore
from rulecheck.explore.versions import parse_side
from rulecheck.rulesets.multibase_explore import EXPLORER as MB


class PlantedWorker:
    """Another engine, as ``explore --rev`` runs one, here this checkout's under a change (the
    ``engine`` side), optionally refusing what ``refuses(position)`` picks out."""

    def __init__(self, engine, refuses=None):
        self.engine, self.refuses = engine, refuses

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.refuses is not None and (why := self.refuses(request["position"])):
            return {"refused": why, "reads": []}
        return self.engine.evaluate(request["kind"], request["position"])

    def close(self) -> None:
        pass


def planted(ruleset: str, change: str = "book", refuses=None):
    side = parse_side("book", ruleset)
    side.label, side.rev = "the engine at planted", "planted"
    side._worker = PlantedWorker(parse_side(change, ruleset), refuses)
    return side


def _responds(position: dict[str, Any]) -> str | None:
    """A planted declaration check that rejects any attack met by a Response."""
    if position["attack"].get("responses"):
        return "declaration: a Response cannot be declared against this attack"
    return None


def test_a_declaration_one_engine_refuses_is_a_difference_written_as_the_other_engines_ruling():
    old, new = planted("gundam_assemble", refuses=_responds), parse_side("book", "gundam_assemble")
    e = explore(old, new, "attack", budget=60, seed=0, max_groups=1, max_positions=400, shrink_seconds=3)
    (w,) = e.witnesses
    assert w.old["outcome"] == {"engine refuses": "the declaration"}
    assert w.divergence.old["step"] == ENGINE_REFUSAL
    assert w.position["attack"]["responses"]  # shrunk, but not past what the planted check refuses
    text, written = feature_text(e, "new")
    assert written == [0]
    scenario = text.split("Scenario:")[1]
    assert "where the engine at planted refuses the declaration" in scenario.splitlines()[0]
    assert "the engine refuses the declaration: a Response cannot be declared" in scenario
    # The ruling is asserted (on the planted engine the When step records the refused
    # declaration and the first Then step fails by an assertion: "expected the attack to be
    # resolved").
    assert "\n    Then the attack is " in scenario
    # Asked to assert the refusing side, it asserts the side that rules instead.
    text_old, _ = feature_text(e, "old")
    assert text_old.split("Scenario:")[1] == scenario


def test_a_removal_the_other_engine_refuses_is_left_open_so_both_rule_on_the_written_scenario():
    """coherency=each_within allows other removals than the book: a removal the book's engine
    picks can be refused by the planted one. Every written witness scripts only choices both
    engines accept, and the planted engine rules on it, differently on an asserted value."""
    old, new = planted("multibase", "coherency=each_within"), parse_side("book", "multibase")
    e = explore(old, new, "casualties", budget=90, seed=0, max_groups=2, max_positions=600, shrink_seconds=30)
    assert e.witnesses
    for w in e.witnesses:
        assert "pick" not in w.position["attack"]  # the choices as the scenario states them
        planted_answer = old.evaluate("casualties", w.position)
        assert "refused" not in planted_answer and "outcome" in planted_answer
        assert planted_answer["outcome"] != new.evaluate("casualties", w.position)["outcome"]
    text, written = feature_text(e, "new")
    assert len(written) == len(e.witnesses)


def _position(removals=None, pushes=None) -> dict[str, Any]:
    attack = {"attacker": "Alpha", "target": "Bravo", "strict": True}
    if removals:
        attack["removals"] = removals
    if pushes:
        attack["pushes"] = pushes
    return {"units": [], "dice": {}, "attack": attack}


def test_agreed_choices_leaves_a_refused_removal_open_and_takes_a_push_both_allow():
    refused_removal = {
        "refused": "choice: Bravo cannot remove b2 (allowed: b1)",
        "refused_choice": ["removals", "Bravo"],
    }
    opened = MB.agreed_choices(_position({"Bravo": ["b2"]}, {"Bravo": ["b1"]}), refused_removal, {})
    assert "removals" not in opened["attack"] and "pushes" not in opened["attack"]

    refused_push = {
        "refused": "choice: Bravo cannot push b1 (legal pushes: b3; b4+b5)",
        "refused_choice": ["pushes", "Bravo"],
    }
    ruling = {"outcome": {"units": {"Bravo": {"push_options": [["b1"], ["b5", "b4"]]}}}}
    agreed = MB.agreed_choices(_position({"Bravo": ["b2"]}, {"Bravo": ["b1"]}), refused_push, ruling)
    assert agreed["attack"]["pushes"] == {"Bravo": ["b5", "b4"]}
    assert agreed["attack"]["removals"] == {"Bravo": ["b2"]}
    # No push both allow: no statement on which both rule.
    ruling = {"outcome": {"units": {"Bravo": {"push_options": [["b1"]]}}}}
    assert MB.agreed_choices(_position({"Bravo": ["b2"]}, {"Bravo": ["b1"]}), refused_push, ruling) is None
