"""Skirmish's hooks for ``rulecheck explore`` (a ``rulecheck.ruleset_api.Explorer``): the
strategy of shots (``strategies.shots``), the evaluator that rules on one, and how a witness is
written as Gherkin in this game's own steps (with its phrase table, ``phrases.py``) and drawn.

A position is plain JSON: the board (``width``, ``height``, ``walls``, ``cover``), the two
``models`` (as ``scenario.position_json`` writes them), the ``shot`` (shooter, target) and
``dice``, one pool of faces per roll (``to_hit``, ``save``). Dice are drawn from the pools in
order; the answer says how many faces each roll used, so a written scenario scripts exactly those.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulecheck_skirmish import diagram, engine
from rulecheck_skirmish.phrases import SkirmishPhrases as P
from rulecheck_skirmish.scenario import board_from_json, board_map
from rulecheck_skirmish.strategies import shots


class PoolExhausted(Exception):
    pass


class PoolDice:
    """Faces drawn in order from one pool per roll; ``used`` counts what each roll took."""

    def __init__(self, pools: dict[str, list[int]]):
        self.pools = pools
        self.used: dict[str, int] = {}

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        pool, start = self.pools.get(purpose, []), self.used.get(purpose, 0)
        if start + count > len(pool):
            raise PoolExhausted(f"{purpose}: needs {start + count} faces, the pool has {len(pool)}")
        self.used[purpose] = start + count
        return tuple(min(max(f, 1), sides) for f in pool[start : start + count])

    def finish(self) -> None:
        """Unused faces are fine: a written scenario scripts only those used."""


def evaluate_position(position: dict[str, Any], rules, catalogue=None) -> dict[str, Any]:
    """The ruling on one generated shot: ``outcome``, ``events`` and the faces each roll used;
    ``{"invalid": why}`` when the pools are too short for it."""
    dice = PoolDice({k: list(v) for k, v in position["dice"].items()})
    shooter, target = position["shot"]
    try:
        result = engine.resolve_shot(board_from_json(position), shooter, target, dice, rules)
    except PoolExhausted as exc:
        return {"invalid": str(exc)}
    return {
        "outcome": result.outcome,
        "events": [e.to_json() for e in result.events],
        "dice_used": dict(dice.used),
    }


def _then(key: str, value: Any, target: str) -> list[str]:
    if value is None:
        return []
    if key == "shot":
        if value == "allowed":
            return [P.allowed.write()]
        return [P.refused.write(reason=value.removeprefix("not allowed: "))]
    if key == "in cover":
        return [(P.in_cover if value else P.not_in_cover).write(target=target)]
    if key == "needed":
        return [P.needs.write(needed=value)]
    if key == "hits":
        return [(P.lands_one if value == 1 else P.lands).write(hits=value)]
    if key == "saved":
        return [P.saves.write(target=target, saved=value)]
    if key == "wounds":
        return [(P.loses_one if value == 1 else P.loses).write(target=target, wounds=value)]
    if key == "removed":
        return [(P.removed if value else P.stays).write(target=target)]
    return []  # distance, line of sight: no step asserts them alone


class SkirmishExplorer:
    kinds = ("attack",)

    @staticmethod
    def positions(kind: str, bias=None):
        return shots()

    @staticmethod
    def learns(kind: str) -> bool:
        return False

    @staticmethod
    def evaluator(kind: str) -> str:
        return "rulecheck_skirmish.explore:evaluate_position"

    @staticmethod
    def catalogue() -> None:
        return None

    @staticmethod
    def catalogue_path(root: Path) -> None:
        return None

    @staticmethod
    def kind_for(book, interpretations: dict, parameters: dict) -> str:
        return "attack"

    @staticmethod
    def stated_position(position: dict[str, Any], answer: dict[str, Any]) -> None:
        return None  # no choice is made by index: the generated position is the scenario's

    @staticmethod
    def simpler_positions(position: dict[str, Any]):
        """Without one wall or cover hex, or one die of a pool (two models and the shot stay)."""
        for part in ("walls", "cover"):
            items = position.get(part) or []
            for i in range(len(items) - 1, -1, -1):
                yield {**position, part: items[:i] + items[i + 1 :]}
        for roll, faces in position["dice"].items():
            for i in range(len(faces) - 1, -1, -1):
                yield {**position, "dice": {**position["dice"], roll: faces[:i] + faces[i + 1 :]}}

    @staticmethod
    def used_dice_only(position: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
        used = {k: max((a.get("dice_used") or {}).get(k, 0) for a in answers) for k in position["dice"]}
        return {**position, "dice": {k: faces[: used[k]] for k, faces in position["dice"].items()}}

    @staticmethod
    def agreed_choices(position: dict[str, Any], refusing: dict[str, Any], ruling: dict[str, Any]) -> None:
        return None  # a shot states no player's choice

    @staticmethod
    def asserted_extra(witness, answer: dict[str, Any]) -> list[str]:
        return []

    @staticmethod
    def witness_thens(witness, answer: dict[str, Any], which: int) -> tuple[list[str], list[str]]:
        target = witness.position["shot"][1]
        thens: list[str] = []
        for key, pair in witness.changes.items():
            thens += _then(key, pair[which], target)
        return thens, []

    @staticmethod
    def witness_steps(
        kind: str, witness, answer: dict[str, Any]
    ) -> tuple[list[str], list[str], str, list[str]]:
        position = witness.position
        board = board_from_json(position)
        keys = ("name", "side", "skill", "save", "wounds", "range", "shots")
        rows = [keys] + [tuple(str(m[k]) for k in keys) for m in position["models"]]
        widths = [max(len(r[i]) for r in rows) for i in range(len(keys))]
        table = ["  | " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
        steps = [f"Given {P.skirmish_models.write()}", *table, f"And {P.skirmish_map.write()}", '  """']
        steps += [f"  {line}" for line in board_map(board)] + ['  """']
        used = answer.get("dice_used") or {}
        given = []
        for roll, phrase in (("to_hit", P.to_hit_dice), ("save", P.save_dice)):
            if used.get(roll):
                faces = position["dice"][roll][: used[roll]]
                given.append(phrase.write(faces=", ".join(map(str, faces))))
        shooter, target = position["shot"]
        return steps, given, P.fires.write(shooter=shooter, target=target), []

    @staticmethod
    def diagram(position: dict[str, Any], rules, title: str) -> str:
        return diagram.draw(board_from_json(position), title, tuple(position["shot"]))


EXPLORER = SkirmishExplorer()
