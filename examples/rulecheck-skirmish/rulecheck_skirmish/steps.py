"""Skirmish's step definitions: each turns a Gherkin line into an engine call or an assertion.

Loaded as a pytest plugin by ``corpus/conftest.py``, beside rulecheck's own plugin and its shared
steps (``steps.common``: house rules, interpretation and parameter choices). Every phrase here
is the game's own ("fires at", "the skirmish map"), so it never shadows a step of another
ruleset run in the same session.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given, then, when

from rulecheck_skirmish.adapter import NAME
from rulecheck_skirmish.engine import resolve_shot
from rulecheck_skirmish.phrases import SkirmishPhrases as P
from rulecheck_skirmish.scenario import MapError, board_from_map, load_scenario, position_json
from rules.dice import DiceScriptError, ScriptedDice
from steps.common import expect, expect_cited, feature_error, project_file, table_errors, table_rows


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


@given(P.skirmish_map.parser)
def skirmish_map(shot: Shot, docstring: str):
    shot.map = docstring


@given(P.skirmish_models.parser)
@table_errors
def skirmish_models(shot: Shot, datatable):
    for row in table_rows(datatable):
        model = {"name": row["name"], "side": row["side"]}
        for key in ("skill", "save", "wounds", "range", "shots"):
            if row.get(key):
                model[key] = int(row[key])
        shot.models.append(model)


@given(P.skirmish_scenario.parser)
def skirmish_scenario(request, shot: Shot, file: str):
    sc = load_scenario(project_file(request, "scenarios", file, NAME))
    shot.board, shot.dice = sc.board, dict(sc.dice)


@given(P.to_hit_dice.parser)
@table_errors
def to_hit_dice(shot: Shot, faces: str):
    shot.dice["to_hit"] = _faces(faces)


@given(P.save_dice.parser)
@table_errors
def save_dice(shot: Shot, faces: str):
    shot.dice["save"] = _faces(faces)


@when(P.fires.parser)
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


@then(P.allowed.parser)
def allowed(shot: Shot):
    expect(_outcome(shot, "shot") == "allowed", "the shot allowed", _outcome(shot, "shot"))


@then(P.refused.parser)
def refused(shot: Shot, reason: str):
    want = f"not allowed: {reason}"
    expect(_outcome(shot, "shot") == want, repr(want), repr(_outcome(shot, "shot")))


@then(P.in_cover.parser)
def in_cover(shot: Shot, target: str):
    expect(_outcome(shot, "in cover") is True, f"{target} in cover", _outcome(shot, "in cover"))


@then(P.not_in_cover.parser)
def not_in_cover(shot: Shot, target: str):
    expect(_outcome(shot, "in cover") is False, f"{target} not in cover", _outcome(shot, "in cover"))


@then(P.needs.parser)
def needs(shot: Shot, needed: int):
    expect(_outcome(shot, "needed") == needed, f"{needed}+", f"{_outcome(shot, 'needed')}+")


@then(P.lands.parser)
@then(P.lands_one.parser)
def lands(shot: Shot, hits: int):
    expect(_outcome(shot, "hits") == hits, f"{hits} hits", _outcome(shot, "hits"))


@then(P.saves.parser)
def saves(shot: Shot, target: str, saved: int):
    expect(_outcome(shot, "saved") == saved, f"{saved} saved", _outcome(shot, "saved"))


@then(P.loses.parser)
@then(P.loses_one.parser)
def loses(shot: Shot, target: str, wounds: int):
    expect(_outcome(shot, "wounds") == wounds, f"{wounds} wounds", _outcome(shot, "wounds"))


@then(P.removed.parser)
def removed(shot: Shot, target: str):
    expect(_outcome(shot, "removed") is True, f"{target} removed", _outcome(shot, "removed"))


@then(P.stays.parser)
def stays(shot: Shot, target: str):
    expect(_outcome(shot, "removed") is False, f"{target} still there", _outcome(shot, "removed"))


@then(P.trace_cites.parser)
def trace_cites(shot: Shot, clause: str):
    expect_cited(shot.result.events, clause, "trace")


@then(P.rests_on.parser)
def rests_on(shot: Shot, reading: str):
    used = sorted({e.interpretation for e in shot.result.events if e.interpretation})
    expect(reading in used, f"a ruling resting on {reading}", ", ".join(used) or "no interpretation")
