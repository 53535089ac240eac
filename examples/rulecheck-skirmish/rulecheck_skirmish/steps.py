"""Skirmish's step definitions: each turns a Gherkin line into an engine call or an assertion.

Loaded as a pytest plugin by ``corpus/conftest.py``, beside rulecheck's own plugin and its shared
steps (``steps.common``: house rules, interpretation and parameter choices). Every phrase here
is the game's own ("fires at", "the skirmish map"), so it never shadows a step of another
ruleset run in the same session.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given, parsers, then, when

from rulecheck_skirmish.adapter import NAME
from rulecheck_skirmish.engine import resolve_shot
from rulecheck_skirmish.scenario import MapError, board_from_map, load_scenario, position_json
from rules.dice import DiceScriptError, ScriptedDice
from steps.common import expect, feature_error, project_file, table_errors, table_rows


class Shot:
    """One scenario's position, dice and, once fired, its result."""

    def __init__(self):
        self.map: str | None = None
        self.models: list[dict] = []
        self.dice: dict[str, list[int]] = {}
        self.board = None
        self.result = None


@pytest.fixture
def shot() -> Shot:
    return Shot()


def _faces(text: str) -> list[int]:
    return [int(f) for f in re.split(r"[,\s]+", text.strip()) if f]


@given("the skirmish map:")
def skirmish_map(shot: Shot, docstring: str):
    shot.map = docstring


@given("the skirmish models:")
@table_errors
def skirmish_models(shot: Shot, datatable):
    for row in table_rows(datatable):
        model = {"name": row["name"], "side": row["side"]}
        for key in ("skill", "save", "wounds", "range", "shots"):
            if row.get(key):
                model[key] = int(row[key])
        shot.models.append(model)


@given(parsers.parse('the skirmish scenario "{file}"'))
def skirmish_scenario(request, shot: Shot, file: str):
    sc = load_scenario(project_file(request, "scenarios", file, NAME))
    shot.board, shot.dice = sc.board, dict(sc.dice)


@given(parsers.parse("the to-hit dice show {faces}"))
@table_errors
def to_hit_dice(shot: Shot, faces: str):
    shot.dice["to_hit"] = _faces(faces)


@given(parsers.parse("the save dice show {faces}"))
@table_errors
def save_dice(shot: Shot, faces: str):
    shot.dice["save"] = _faces(faces)


@when(parsers.parse('"{shooter}" fires at "{target}"'))
def fires(request, ruling, shot: Shot, shooter: str, target: str):
    if shot.board is None:
        try:
            shot.board = board_from_map(shot.map or "", shot.models)
        except MapError as exc:
            raise feature_error(request, exc.field, str(exc)) from None
    rules = ruling.rules(NAME)
    try:
        shot.result = resolve_shot(shot.board, shooter, target, ScriptedDice.of(**shot.dice), rules)
    except DiceScriptError as exc:
        raise AssertionError(f"the scripted dice do not fit the shot: {exc}") from None
    except KeyError as exc:
        raise feature_error(request, "", f"no model {exc} on the map") from None
    for key, value in shot.result.outcome.items():
        ruling.record(key, value)
    ruling.show(
        NAME,
        position_json(shot.board),
        shot=[shooter, target],
        outcome=shot.result.outcome,
        events=[e.to_json() for e in shot.result.events],
    )


def _outcome(shot: Shot, key: str):
    return shot.result.outcome.get(key)


@then("the shot is allowed")
def allowed(shot: Shot):
    expect(_outcome(shot, "shot") == "allowed", "the shot allowed", _outcome(shot, "shot"))


@then(parsers.parse("the shot is refused: {reason}"))
def refused(shot: Shot, reason: str):
    want = f"not allowed: {reason}"
    expect(_outcome(shot, "shot") == want, repr(want), repr(_outcome(shot, "shot")))


@then(parsers.parse('"{target}" counts as in cover'))
def in_cover(shot: Shot, target: str):
    expect(_outcome(shot, "in cover") is True, f"{target} in cover", _outcome(shot, "in cover"))


@then(parsers.parse('"{target}" does not count as in cover'))
def not_in_cover(shot: Shot, target: str):
    expect(_outcome(shot, "in cover") is False, f"{target} not in cover", _outcome(shot, "in cover"))


@then(parsers.parse("each to-hit die needs {needed:d}+"))
def needs(shot: Shot, needed: int):
    expect(_outcome(shot, "needed") == needed, f"{needed}+", f"{_outcome(shot, 'needed')}+")


@then(parsers.re(r"the shot lands (?P<hits>\d+) hits?"))
def lands(shot: Shot, hits: str):
    expect(_outcome(shot, "hits") == int(hits), f"{hits} hits", _outcome(shot, "hits"))


@then(parsers.parse('"{target}" saves {saved:d}'))
def saves(shot: Shot, target: str, saved: int):
    expect(_outcome(shot, "saved") == saved, f"{saved} saved", _outcome(shot, "saved"))


@then(parsers.re(r'"(?P<target>[^"]+)" loses (?P<wounds>\d+) wounds?'))
def loses(shot: Shot, target: str, wounds: str):
    expect(_outcome(shot, "wounds") == int(wounds), f"{wounds} wounds", _outcome(shot, "wounds"))


@then(parsers.parse('"{target}" is removed'))
def removed(shot: Shot, target: str):
    expect(_outcome(shot, "removed") is True, f"{target} removed", _outcome(shot, "removed"))


@then(parsers.parse('"{target}" stays on the battlefield'))
def stays(shot: Shot, target: str):
    expect(_outcome(shot, "removed") is False, f"{target} still there", _outcome(shot, "removed"))


@then(parsers.parse("the shot's trace cites {clause}"))
def trace_cites(shot: Shot, clause: str):
    cited = sorted({c for e in shot.result.events for c in e.clauses})
    expect(clause in cited, f"a trace citing {clause}", ", ".join(cited))


@then(parsers.parse("the shot's ruling rests on {reading}"))
def rests_on(shot: Shot, reading: str):
    used = sorted({e.interpretation for e in shot.result.events if e.interpretation})
    expect(reading in used, f"a ruling resting on {reading}", ", ".join(used) or "no interpretation")
