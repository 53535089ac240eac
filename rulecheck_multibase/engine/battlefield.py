"""The state an attack reads and rewrites: units made of bases, terrain and the initiative pool.

Everything is frozen; resolution functions return a new ``Battlefield``. Positions are in inches;
``facing`` is in degrees counter-clockwise from the +x axis (0 faces +x, 90 faces +y), or a direction
vector such as ``(3, 4)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Base:
    name: str
    shape: str  # "round" or "rect"
    x: float
    y: float
    facing: float | tuple[float, float] = 0.0  # degrees, or a direction vector such as (3, 4)
    radius: float = 0.0  # round bases
    width: float = 0.0  # rect bases: along the front edge
    depth: float = 0.0  # rect bases: from front edge to back edge

    def moved(self, dx: float, dy: float) -> Base:
        return replace(self, x=self.x + dx, y=self.y + dy)


@dataclass(frozen=True)
class Stats:
    ranged_attack: int
    melee_attack: int
    range: float  # maximum range in inches
    courage: int
    save: int
    wounds: int  # the Wound stat: wounds per base removed


@dataclass(frozen=True)
class Unit:
    name: str
    faction: str
    stats: Stats
    bases: tuple[Base, ...]
    shaken: int = 0  # Shaken tokens held (never more than max_shaken_tokens)
    dash: bool = False
    activated: bool = False  # has activated this round
    wounds: int = 0  # residual wounds that have not yet removed a base

    def base(self, name: str) -> Base:
        for b in self.bases:
            if b.name == name:
                return b
        raise KeyError(f"unit {self.name!r} has no base {name!r}")

    def without_bases(self, names: frozenset[str] | set[str]) -> Unit:
        return replace(self, bases=tuple(b for b in self.bases if b.name not in names))


@dataclass(frozen=True)
class Terrain:
    name: str
    polygon: tuple[tuple[float, float], ...]
    blocks_trace: bool = True


@dataclass(frozen=True)
class Initiative:
    """Faction Initiative tokens: ``pool`` (one per unit still to activate this round) and
    ``discarded`` (tokens of destroyed units that had already activated)."""

    pool: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()


@dataclass(frozen=True)
class Battlefield:
    units: tuple[Unit, ...]
    terrain: tuple[Terrain, ...] = ()
    initiative: Initiative = Initiative()
    destroyed: tuple[str, ...] = ()  # names of units destroyed so far

    def unit(self, name: str) -> Unit:
        for u in self.units:
            if u.name == name:
                return u
        raise KeyError(f"no unit {name!r} on the battlefield")

    def has_unit(self, name: str) -> bool:
        return any(u.name == name for u in self.units)

    def with_unit(self, unit: Unit) -> Battlefield:
        return replace(self, units=tuple(unit if u.name == unit.name else u for u in self.units))
