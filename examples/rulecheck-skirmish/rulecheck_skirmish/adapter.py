"""Skirmish as a ``rulecheck.ruleset_api.Ruleset``: the one object rulecheck asks for anything
about this game. The package's ``pyproject.toml`` declares it in the ``rulecheck.rulesets``
entry point group, which is all rulecheck needs to find it."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rulecheck.drawing import DrawOptionError
from rulecheck.ruleset_api import Explanation
from rulecheck.source_yaml import InputError
from rulecheck_skirmish import diagram, engine, scenario
from rulecheck_skirmish.layout import LAYOUT
from rules.dice import DiceScriptError, ScriptedDice
from rules.rulebook import SAFE_LOADER, Rulebook, parse_rulebook

NAME = LAYOUT.name


@cache
def rulebook() -> Rulebook:
    with LAYOUT.rulebook_file.open(encoding="utf-8") as fh:
        return parse_rulebook(yaml.load(fh, Loader=SAFE_LOADER))


def explain(sc: scenario.SkirmishScenario, rules: Rulebook) -> Explanation:
    dice = ScriptedDice.of(**sc.dice)
    try:
        result = engine.resolve_shot(sc.board, sc.shooter, sc.target, dice, rules)
    except DiceScriptError as exc:  # at the scripted roll's line
        path = ("dice", exc.purpose) if exc.purpose not in (None, "*") else ("dice",)
        if sc.doc is None:
            raise InputError(sc.file, None, ".".join(path), str(exc)) from None
        raise sc.doc.error(path, str(exc)) from None
    cited = dict(e.interpretation.split("=", 1) for e in result.events if e.interpretation)
    return Explanation(sc.title, result.events, result.outcome, cited)


def outcome_lines(outcome: dict[str, Any]) -> list[str]:
    lines = [f"shot: {outcome.get('shot', '-')}"]
    for key in ("distance", "line of sight", "in cover", "needed", "hits", "saved", "wounds", "removed"):
        if key in outcome:
            value = outcome[key]
            lines.append(f"{key}: {('yes' if value else 'no') if isinstance(value, bool) else value}")
    return lines


# What rulecheck.drawing.draw_svg's keywords mean when left alone; this small drawing takes no other.
_PLAIN = {"size": None, "orientation": 0, "coordinates": True, "colors": {}, "arrows": [], "highlights": []}
_FLAGS = {"size": "--size", "orientation": "--flip", "coordinates": "--no-coordinates", "colors": "--color",
          "arrows": "--arrow", "highlights": "--highlight"}  # fmt: skip


def draw(
    sc: scenario.SkirmishScenario,
    rules: Rulebook,
    origin: str | None = None,
    target: str | None = None,
    **options: Any,
) -> str:
    for key, value in options.items():
        plain = _PLAIN.get(key, object())
        given = (
            list(value)
            if isinstance(value, list | tuple)
            else dict(value)
            if isinstance(value, dict)
            else value
        )
        if given != plain:
            raise DrawOptionError(_FLAGS.get(key, key), "the Skirmish drawing takes no picture options")
    shooter, aimed = origin or sc.shooter, target or sc.target
    sc.board.model(shooter), sc.board.model(aimed)  # KeyError for a model not on the board
    return diagram.draw(sc.board, sc.title, (shooter, aimed))


def diagram_from_json(shown: dict[str, Any]) -> str:
    board = scenario.board_from_json(shown["position"])
    shot = shown.get("shot")
    return diagram.draw(board, "", tuple(shot) if shot else None, shown.get("outcome"))


EXAMPLE_FEATURE = """\
Feature: Our own skirmish rulings (an example written by rulecheck init: edit or replace it)

  @clause:SK-3.1 @ruling:derived
  Scenario: At skill 4 a 4 hits and a 3 misses
    Given the skirmish models:
      | name | side | skill | save | wounds | range | shots |
      | Ash  | red  | 4     | 7    | 3      | 6     | 2     |
      | Bo   | blue | 4     | 7    | 3      | 6     | 1     |
    And the skirmish map:
      \"\"\"
      A . . B
      \"\"\"
    And the to-hit dice show 4, 3
    When "Ash" fires at "Bo"
    Then each to-hit die needs 4+
    And the shot lands 1 hit
    And "Bo" loses 1 wound
"""


class Skirmish:
    name = NAME
    odds = None  # no exact odds: `rulecheck odds` says so in one line
    rulebook = staticmethod(rulebook)
    load_scenario = staticmethod(scenario.load_scenario)
    scenario_from_doc = staticmethod(scenario.scenario_from_doc)
    explain = staticmethod(explain)
    outcome_lines = staticmethod(outcome_lines)
    draw = staticmethod(draw)
    diagram_from_json = staticmethod(diagram_from_json)
    corpus = staticmethod(LAYOUT.corpus)  # the package's own; another project's root changes nothing

    @staticmethod
    def card_catalogue(root: Path) -> None:
        return None  # no cards: a model's numbers are in the scenario

    @staticmethod
    def example_project() -> dict[str, str]:
        """What ``rulecheck init`` writes for this ruleset: a feature that passes under the book."""
        return {f"features/{NAME}/example.feature": EXAMPLE_FEATURE}

    @staticmethod
    def phrases():
        """The wording of every step (the step definitions, explore's writer and --vacuous read it)."""
        from rulecheck_skirmish.phrases import SkirmishPhrases  # imports pytest-bdd only when asked

        return SkirmishPhrases.phrases()

    @property
    def explore(self):
        from rulecheck_skirmish.explore import EXPLORER  # imports hypothesis only when asked

        return EXPLORER


RULESET = Skirmish()
