"""Terrain kinds: what a hex's terrain does to Line of Sight and Accuracy.

The chapter names two kinds, open ground and water (a target in water is harder to hit,
GA-ELEV-2); they are declared in ``rulebook.yaml`` under ``terrain``. A scenario may declare more
(a map editor's desert, space or fire), each with the same fields:

* ``symbol``: the one character that marks it in a compact map (``~`` for water);
* ``accuracy``: the Accuracy modifier against a target standing in it (a number, or the name of a
  rulebook parameter, as water's ``water_accuracy``); 0 for none;
* ``line_of_sight``: ``clear`` (the default: only its elevation counts, GA-LOS-3, GA-LOS-6) or
  ``blocks`` (a line passing through such a hex is blocked, whatever its elevation);
* ``clause``: the clause the modifier rests on (default GA-ELEV-3 for Accuracy, GA-LOS-3 for
  blocking); ``colour``: how diagrams fill it; ``note``: what it stands for.

A kind no one declared is bad input; the scenario loader rejects it at its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.rulebook import Rulebook

LINE_OF_SIGHT = ("clear", "blocks")
KIND_KEYS = ("symbol", "accuracy", "line_of_sight", "clause", "colour", "note")
RESERVED_SYMBOLS = set(".-")


class TerrainError(ValueError):
    """A terrain kind declared wrongly; the message starts with the field at fault."""


@dataclass(frozen=True)
class TerrainKind:
    name: str
    symbol: str | None = None
    accuracy: int | str = 0  # a number, or a rulebook parameter's name
    line_of_sight: str = "clear"
    clause: str | None = None
    colour: str | None = None
    note: str = ""

    def accuracy_against(self, rules: Rulebook) -> int:
        return rules.param(self.accuracy) if isinstance(self.accuracy, str) else self.accuracy

    @property
    def blocks(self) -> bool:
        return self.line_of_sight == "blocks"

    def accuracy_clause(self) -> str:
        return self.clause or "GA-ELEV-3"

    def blocking_clause(self) -> str:
        return self.clause or "GA-LOS-3"


def parse_kind(name: str, data: Mapping[str, Any] | None, where: str) -> TerrainKind:
    data = data or {}
    if not isinstance(data, Mapping):
        raise TerrainError(f"{where}: a terrain kind is a mapping of {', '.join(KIND_KEYS)}")
    unknown = sorted(set(map(str, data)) - set(KIND_KEYS))
    if unknown:
        raise TerrainError(f"{where}.{unknown[0]}: unknown key (expected one of {', '.join(KIND_KEYS)})")
    symbol = data.get("symbol")
    if symbol is not None and (
        not isinstance(symbol, str)
        or len(symbol) != 1
        or symbol.isalnum()
        or symbol.isspace()
        or (symbol in RESERVED_SYMBOLS and not (symbol == "." and name == "open"))
    ):
        raise TerrainError(
            f"{where}.symbol: {symbol!r} is not a map symbol (one character, not a letter, digit, '.' or '-')"
        )
    los = data.get("line_of_sight", "clear")
    if los not in LINE_OF_SIGHT:
        raise TerrainError(f"{where}.line_of_sight: {los!r} is not one of {', '.join(LINE_OF_SIGHT)}")
    accuracy = data.get("accuracy", 0)
    if isinstance(accuracy, bool) or not isinstance(accuracy, (int, str)):
        raise TerrainError(f"{where}.accuracy: {accuracy!r} is not a whole number")
    return TerrainKind(
        name, symbol, accuracy, los, data.get("clause"), data.get("colour"), data.get("note", "")
    )


def rulebook_kinds(rules: Rulebook) -> dict[str, TerrainKind]:
    """The ruleset's own kinds (open ground and water for Gundam Assemble)."""
    return {name: parse_kind(name, data, f"terrain.{name}") for name, data in rules.terrain.items()}


def kind_of(board: Any, rules: Rulebook, name: str) -> TerrainKind:
    """The declared kind ``name``: the scenario's own (on the board) or the ruleset's."""
    declared = getattr(board, "terrain_kinds", {}) or {}
    if name in declared:
        return declared[name]
    if name in rules.terrain:
        return parse_kind(name, rules.terrain[name], f"terrain.{name}")
    return TerrainKind(name)  # the loader rejects undeclared kinds; a bare Board may still carry one
