"""Skirmish positions as text: the map the features and scenario files draw, and the scenario
file format (YAML) that ``rulecheck explain`` and ``rulecheck draw`` read.

A map is rows of cells separated by spaces, the top row first: ``.`` open ground, ``#`` a wall,
``+`` cover; a letter is a model, its name's initial, upper case on open ground and lower case
standing in cover. A listed model whose initial is not on the map is not on the battlefield. A scenario file::

    ruleset: skirmish
    title: A wall between them blocks the shot
    map: |
      A . # . B
    models:
      - {name: Ash, side: red, skill: 4, range: 6, shots: 2}
      - {name: Bo, side: blue, save: 5, wounds: 2}
    shot: {shooter: Ash, target: Bo}
    dice: {to_hit: [4, 2], save: [3]}

Bad input is one ``InputError`` naming the file, line and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.source_yaml import InputError, LocatedYaml, load_yaml
from rulecheck_skirmish.engine import Board, Model

MODEL_KEYS = ("name", "side", "skill", "save", "wounds", "range", "shots")
NUMBERS = {"skill": (1, 7), "save": (1, 7), "wounds": (1, 100), "range": (0, 1000), "shots": (1, 100)}
MAX_SQUARES = 10_000
SCENARIO_KEYS = ("ruleset", "title", "map", "models", "shot", "dice")


class MapError(ValueError):
    """A map or model table that does not make a board; ``field`` says where."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class SkirmishScenario:
    title: str
    board: Board
    shooter: str
    target: str
    dice: dict[str, list[int]]
    file: str = ""
    doc: LocatedYaml | None = field(default=None, compare=False, repr=False)  # for error lines


def board_from_map(text: str, models: list[dict[str, Any]]) -> Board:
    """The board a map draws, with the models of ``models`` (dicts of MODEL_KEYS) placed at
    their initials."""
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if not rows:
        raise MapError("map", "the map is empty")
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise MapError("map", f"every row needs {width} cells, as the first has")
    if width * len(rows) > MAX_SQUARES:
        raise MapError("map", f"at most {MAX_SQUARES} squares")
    by_initial: dict[str, dict[str, Any]] = {}
    for i, m in enumerate(models):
        name = str(m.get("name") or "")
        if not name or not name[0].isalpha():
            raise MapError(f"models[{i}].name", "a model's name starts with a letter (its mark on the map)")
        if name[0].upper() in by_initial:
            raise MapError(f"models[{i}].name", f"two models' names start with {name[0].upper()!r}")
        by_initial[name[0].upper()] = m
    walls, cover, placed = set(), set(), {}
    for row, cells in enumerate(rows):
        for col, cell in enumerate(cells):
            if cell == "#":
                walls.add((col, row))
            elif cell == "+" or cell.islower():
                cover.add((col, row))
            if cell.isalpha():
                if cell.upper() not in by_initial:
                    raise MapError("map", f"{cell!r} at column {col}, row {row} is no model's initial")
                if cell.upper() in placed:
                    raise MapError("map", f"{cell!r} is on the map twice")
                placed[cell.upper()] = (col, row)
            elif cell not in ".#+":
                raise MapError("map", f"{cell!r} is not a cell ('.', '#', '+' or a model's initial)")
    # a model whose initial is not on the map is not on the battlefield (a feature's roster)
    pieces = [_model(m, placed[k], models.index(m)) for k, m in by_initial.items() if k in placed]
    return Board(width, len(rows), frozenset(walls), frozenset(cover), tuple(pieces))


def _model(m: dict[str, Any], square: tuple[int, int], i: int) -> Model:
    unknown = sorted(set(m) - set(MODEL_KEYS))
    if unknown:
        raise MapError(f"models[{i}].{unknown[0]}", f"unknown key (expected one of: {', '.join(MODEL_KEYS)})")
    numbers = {}
    for key, (low, high) in NUMBERS.items():
        if key in m:
            value = m[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise MapError(
                    f"models[{i}].{key}", f"expected a whole number from {low} to {high}, got {value!r}"
                )
            numbers[key] = value
    return Model(str(m["name"]), str(m.get("side") or ""), square, **numbers)


def load_scenario(path: str | Path) -> SkirmishScenario:
    return scenario_from_doc(load_yaml(path))


def scenario_from_doc(doc: LocatedYaml) -> SkirmishScenario:
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), "a scenario is a mapping with map, models, shot and dice")
    for key in data:
        if key not in SCENARIO_KEYS:
            raise doc.error((key,), f"unknown key (expected one of: {', '.join(SCENARIO_KEYS)})")
    for key in ("map", "models", "shot"):
        if key not in data:
            raise doc.error((), f"missing required key {key!r}")
    if not isinstance(data["map"], str):
        raise doc.error(("map",), "expected the map as text (rows of '.', '#', '+' and initials)")
    if not isinstance(data["models"], list) or not all(isinstance(m, dict) for m in data["models"]):
        raise doc.error(("models",), "expected a list of models (name, side, skill, save, ...)")
    try:
        board = board_from_map(data["map"], data["models"])
    except MapError as exc:
        head, _, rest = exc.field.partition(".")
        path: tuple = ("map",) if head == "map" else ("models", int(head[7:-1]), *([rest] if rest else []))
        raise doc.error(path, str(exc)) from None
    shot = data["shot"]
    if not isinstance(shot, dict):
        raise doc.error(("shot",), "expected {shooter: NAME, target: NAME}")
    names = [m.name for m in board.models]
    for key in ("shooter", "target"):
        if shot.get(key) not in names:
            raise doc.error(
                ("shot", key), f"expected one of the models ({', '.join(names)}), got {shot.get(key)!r}"
            )
    dice = data.get("dice") or {}
    if not isinstance(dice, dict):
        raise doc.error(("dice",), "expected {to_hit: [faces], save: [faces]}")
    for key, faces in dice.items():
        if key not in ("to_hit", "save"):
            raise doc.error(("dice", key), "unknown roll (expected to_hit or save)")
        if not isinstance(faces, list) or not all(type(f) is int for f in faces) or len(faces) > 100:
            raise doc.error(("dice", key), "expected a list of at most 100 whole-number faces")
    title = str(data.get("title") or Path(doc.file).stem)
    return SkirmishScenario(
        title,
        board,
        shot["shooter"],
        shot["target"],
        {k: list(v) for k, v in dice.items()},
        str(doc.file),
        doc,
    )


def position_json(board: Board) -> dict[str, Any]:
    """A board as plain JSON: what the docs site and explore draw, and what explore generates."""
    return {
        "width": board.width,
        "height": board.height,
        "walls": sorted(map(list, board.walls)),
        "cover": sorted(map(list, board.cover)),
        "models": [
            {
                "name": m.name,
                "side": m.side,
                "square": list(m.square),
                "skill": m.skill,
                "save": m.save,
                "wounds": m.wounds,
                "range": m.range,
                "shots": m.shots,
            }
            for m in board.models
        ],
    }


def board_from_json(position: dict[str, Any]) -> Board:
    models = tuple(
        Model(
            m["name"],
            m["side"],
            tuple(m["square"]),
            m["skill"],
            m["save"],
            m["wounds"],
            m["range"],
            m["shots"],
        )
        for m in position["models"]
    )
    return Board(
        position["width"],
        position["height"],
        frozenset(map(tuple, position["walls"])),
        frozenset(map(tuple, position["cover"])),
        models,
    )


def board_map(board: Board) -> list[str]:
    """The board as map rows (the inverse of ``board_from_map``)."""
    at = {m.square: m.name[0] for m in board.models}
    rows = []
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            sq = (col, row)
            if sq in at:
                cells.append(at[sq].lower() if sq in board.cover else at[sq].upper())
            else:
                cells.append("#" if sq in board.walls else "+" if sq in board.cover else ".")
        rows.append(" ".join(cells))
    return rows


__all__ = ["InputError", "SkirmishScenario", "board_from_map", "load_scenario", "scenario_from_doc"]
