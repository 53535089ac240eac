"""A refusal is a difference: where one version refuses a position (an attack declaration its
checks reject, a scripted removal or push not among its legal ones) and the other rules on it,
explore reports it, and the scenario it writes asserts the ruling so that it fails by an
assertion on the other version wherever that version rules at all (a refused choice is restated:
a removal left open, a push both allow)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from explore_fixpoint import every_witness_at_a_fixpoint  # noqa: F401 (autouse: every witness at a fixpoint)

from rulecheck.explore.gherkin_writer import feature_text
from rulecheck.explore.search import ENGINE_REFUSAL, explore
from rulecheck.explore.versions import parse_side
from rulecheck_multibase.engine import attack as mb_attack
from rulecheck_multibase.explore import EXPLORER as MB


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
    # No push both allow: the push is left open, so both list their legal pushes and make none.
    ruling = {"outcome": {"units": {"Bravo": {"push_options": [["b1"]]}}}}
    opened = MB.agreed_choices(_position({"Bravo": ["b2"]}, {"Bravo": ["b1"]}), refused_push, ruling)
    assert "pushes" not in opened["attack"] and opened["attack"]["strict"] is False
    assert opened["attack"]["removals"] == {"Bravo": ["b2"]}


# The planted change: where the book lists two or more pushes back into coherency, the changed
# engine finds none (so it refuses every push the book allows, and rules alike where there is one).
PUSH_LINE = "    plans = push_options(unit.bases, rules, others)\n"
NO_PUSH_OF_SEVERAL = PUSH_LINE + "    plans = plans if len(plans) < 2 else []\n"


class NoPushOfSeveralWorker(PlantedWorker):
    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        found = mb_attack.push_options

        def fewer(*args, **kwargs):
            plans = found(*args, **kwargs)
            return plans if len(plans) < 2 else []

        with mock.patch.object(mb_attack, "push_options", fewer):
            return self.engine.evaluate(request["kind"], request["position"])


def _check(project: Path, feature: Path, *options: str) -> tuple[int, dict]:
    """`check` on the written feature alone, with the engine (rules/) of ``project``."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulecheck.cli",
            "check",
            "--root",
            str(project),
            "--json",
            *options,
            str(feature),
        ],
        capture_output=True,
        text=True,
        cwd=project,
        env=env,
        timeout=600,
    )
    assert proc.stdout.strip(), proc.stderr  # no report: say why (exit 2 writes none)
    return proc.returncode, json.loads(proc.stdout)


@pytest.mark.slow  # a casualty search, two copies of the project and a check run on each
def test_a_push_the_engines_share_none_of_is_left_open_and_the_scenario_fails_by_assertion(tmp_path):
    """The book scripts one of its legal pushes; the changed engine allows none of them. The
    written scenario leaves the push open and asserts the book's list of legal pushes: it passes
    under the book and fails by an assertion (not a refused choice, exit 2) under the change."""
    from test_explore import copy_project, features_folder

    old = parse_side("book", "multibase")
    old.label, old.rev = "the engine at planted", "planted"
    old._worker = NoPushOfSeveralWorker(parse_side("book", "multibase"))
    new = parse_side("book", "multibase")
    e = explore(old, new, "casualties", budget=90, seed=0, max_groups=1, max_positions=600, shrink_seconds=10)
    (w,) = e.witnesses
    assert w.position["attack"]["strict"] is False and "pushes" not in w.position["attack"]
    assert "push_options" in " ".join(w.changes)
    text, written = feature_text(e, "new")
    assert written == [0]
    assert "And the owning player's push is left open" in text
    assert 'Then the legal pushes for "Bravo" are ' in text

    # Asserting the changed side instead: its empty list (no push made holds on both sides).
    text_changed, _ = feature_text(e, "old")
    assert 'Then no base of "Bravo" was pushed\n    And the legal pushes for "Bravo" are none' in text_changed

    book = copy_project(tmp_path / "book", with_code=True)
    changed = copy_project(tmp_path / "changed", with_code=True)
    engine = changed / "rulecheck_multibase" / "engine" / "attack.py"
    assert PUSH_LINE in engine.read_text()
    engine.write_text(engine.read_text().replace(PUSH_LINE, NO_PUSH_OF_SEVERAL))
    for project in (book, changed):
        (features_folder(project, "multibase") / "explored_book.feature").write_text(text)
        (features_folder(project, "multibase") / "explored_changed.feature").write_text(text_changed)

    # The changed side's scenario is checked without the interpretation dependencies: explore
    # computes a witness's @interpretation: tags with this checkout's engine, and under the
    # changed engine one of them (split_before_attack) no longer tells its options apart.
    runs = ((book, changed, "explored_book", ()), (changed, book, "explored_changed", ("--no-dependencies",)))
    for passes, fails, feature, options in runs:
        status, report = _check(passes, features_folder(passes, "multibase") / f"{feature}.feature", *options)
        assert status == 0, report["rulesets"][0]["failures"]
        status, report = _check(fails, features_folder(fails, "multibase") / f"{feature}.feature", *options)
        assert status == 1  # an assertion failed (a refused choice would be exit 2)
        (failure,) = report["rulesets"][0]["failures"]
        assert "legal pushes" in json.dumps(failure)
