"""The Gundam Assemble board: hexes with elevation and terrain, and the pieces on them.

Immutable. Hexes not listed are open ground at elevation 0; a board with an ``extent`` has no hexes
outside it. Pieces are units, structures (a Base) and Garrisons, each with a side. A unit's
elevation is its hex's; a structure's is its hex's unless the scenario states it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from rules.hexgrid import Hex, from_offset, spiral

TERRAINS = ("open", "water")  # the chapter's kinds; more may be declared (terrain.py)
PIECE_KINDS = ("unit", "structure", "garrison")


@dataclass(frozen=True)
class HexTerrain:
    elevation: int = 0
    terrain: str = "open"


OPEN_GROUND = HexTerrain()


@dataclass(frozen=True)
class Piece:
    name: str
    side: str
    hex: Hex
    kind: str = "unit"
    elevation: int | None = None  # structures only: stated height, else the hex's

    @property
    def blocks_as_figure(self) -> bool:
        """Units and Garrisons stand in a hex; a structure is part of it."""
        return self.kind != "structure"


@dataclass(frozen=True)
class Board:
    hexes: Mapping[Hex, HexTerrain] = field(default_factory=dict)
    pieces: tuple[Piece, ...] = ()
    sides: tuple[str, ...] = ("A", "B")
    extent: frozenset[Hex] | None = None  # None: unbounded open ground around the listed hexes
    # Terrain kinds the scenario declares beyond the ruleset's own (name -> terrain.TerrainKind).
    terrain_kinds: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hexes", MappingProxyType(dict(self.hexes)))
        figures: dict[Hex, Piece] = {}
        structures: dict[Hex, Piece] = {}
        by_name: dict[str, Piece] = {}
        for p in self.pieces:
            if p.name in by_name:
                raise ValueError(f"two pieces are named {p.name!r}")
            by_name[p.name] = p
            slot = figures if p.blocks_as_figure else structures
            if p.hex in slot:
                raise ValueError(f"{p.name!r} and {slot[p.hex].name!r} are both in hex {list(p.hex)}")
            slot[p.hex] = p
        object.__setattr__(self, "_figures", figures)
        object.__setattr__(self, "_structures", structures)
        object.__setattr__(self, "_by_name", by_name)

    # --- hexes ---------------------------------------------------------------------------------
    def on_board(self, h: Hex) -> bool:
        return self.extent is None or h in self.extent

    def terrain(self, h: Hex) -> HexTerrain:
        return self.hexes.get(h, OPEN_GROUND)

    def elevation(self, h: Hex) -> int:
        return self.terrain(h).elevation

    def in_water(self, h: Hex) -> bool:
        return self.terrain(h).terrain == "water"

    # --- pieces --------------------------------------------------------------------------------
    def piece(self, name: str) -> Piece:
        try:
            return self._by_name[name]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(name) from None

    def has_piece(self, name: str) -> bool:
        return name in self._by_name  # type: ignore[attr-defined]

    def figure_at(self, h: Hex) -> Piece | None:
        """The unit or Garrison in a hex, if any."""
        return self._figures.get(h)  # type: ignore[attr-defined]

    def structure_at(self, h: Hex) -> Piece | None:
        return self._structures.get(h)  # type: ignore[attr-defined]

    def piece_elevation(self, p: Piece) -> int:
        if p.kind == "structure" and p.elevation is not None:
            return p.elevation
        return self.elevation(p.hex)

    def enemies_of(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if p.side != side]

    # --- changes (a new board each time) ---------------------------------------------------------
    def with_piece_moved(self, name: str, to: Hex) -> Board:
        return replace(self, pieces=tuple(replace(p, hex=to) if p.name == name else p for p in self.pieces))

    def without_piece(self, name: str) -> Board:
        return replace(self, pieces=tuple(p for p in self.pieces if p.name != name))

    def with_hexes(self, changes: Mapping[Hex, HexTerrain]) -> Board:
        return replace(self, hexes={**self.hexes, **changes})


def rectangle(width: int, height: int) -> frozenset[Hex]:
    """A width x height board in odd-r offset layout (odd rows shoved right), as axial hexes."""
    return frozenset(from_offset(c, r) for r in range(height) for c in range(width))


def hexagon(radius: int, centre: Hex = (0, 0)) -> frozenset[Hex]:
    return frozenset(spiral(centre, radius))
