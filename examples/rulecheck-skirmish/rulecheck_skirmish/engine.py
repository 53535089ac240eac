"""The Skirmish engine: one model shoots another on a square grid (docs/skirmish-rules.md).

Pure: it takes the board, the two models, a dice source and the rulebook, and returns the
ruling as events (each citing its clauses) plus an outcome. It reads no file and rolls no die
of its own; every number comes from ``Rulebook.param`` and the one silence of the text from
``Rulebook.interpretation``, so rulecheck can re-run it under any overlay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.dice import DiceSource
from rules.events import Event
from rules.rulebook import Rulebook

Square = tuple[int, int]  # (column, row)


@dataclass(frozen=True)
class Model:
    name: str
    side: str
    square: Square
    skill: int = 4  # the score a to-hit die needs (SK-3.1)
    save: int = 7  # the score a save die needs; above the die's top face, no save (SK-4.1)
    wounds: int = 1
    range: int = 6  # in squares (SK-2.1)
    shots: int = 1  # to-hit dice per shot (SK-3.1)


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    walls: frozenset[Square] = frozenset()
    cover: frozenset[Square] = frozenset()
    models: tuple[Model, ...] = ()

    def model(self, name: str) -> Model:
        for m in self.models:
            if m.name == name:
                return m
        raise KeyError(name)


@dataclass(frozen=True)
class ShotResult:
    events: tuple[Event, ...]
    outcome: dict[str, Any] = field(default_factory=dict)


def distance(a: Square, b: Square) -> int:
    """SK-1.2: squares counted as a king moves, a diagonal step counting as one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def crosses(start: Square, end: Square, square: Square) -> bool:
    """Whether the straight line between the centres of ``start`` and ``end`` passes through the
    inside of ``square`` (SK-2.2). Exact: a line that only touches a corner or runs along an
    edge does not. Each axis gives the open interval of the line's parameter t where it is
    strictly inside the square's extent; the line crosses the inside when the two overlap
    within (0, 1)."""
    low, high = Fraction(0), Fraction(1)
    for axis in (0, 1):
        d = end[axis] - start[axis]
        offset = square[axis] - start[axis]
        if d == 0:
            if offset != 0:  # parallel to this axis and outside the square's band
                return False
            continue
        a, b = Fraction(2 * offset - 1, 2 * d), Fraction(2 * offset + 1, 2 * d)
        low, high = max(low, min(a, b)), min(high, max(a, b))
    return low < high


def crossed(board: Board, start: Square, end: Square, squares: frozenset[Square]) -> list[Square]:
    """The squares of ``squares`` (other than the two ends) the line passes through, nearest first."""
    found = [s for s in squares if s not in (start, end) and crosses(start, end, s)]
    return sorted(found, key=lambda s: (distance(start, s), s))


def resolve_shot(board: Board, shooter: str, target: str, dice: DiceSource, rules: Rulebook) -> ShotResult:
    a, t = board.model(shooter), board.model(target)
    events = [Event("shot.declared", ("SK-2.1",), f"{a.name} shoots at {t.name}", {"range": a.range})]
    outcome: dict[str, Any] = {}

    if a.side == t.side:
        events.append(Event("shot.friendly", ("SK-2.1",), f"{t.name} is on {a.name}'s side: no shot"))
        return ShotResult(tuple(events), {"shot": "not allowed: same side"})

    d = distance(a.square, t.square)
    outcome["distance"] = d
    in_range = d <= a.range
    events.append(
        Event(
            "shot.range",
            ("SK-1.2", "SK-2.1"),
            f"{t.name} is {d} squares away; the range is {a.range}: {'in' if in_range else 'out of'} range",
            {"distance": d, "range": a.range},
        )
    )
    if not in_range:
        return ShotResult(tuple(events), {**outcome, "shot": "not allowed: out of range"})

    walls = crossed(board, a.square, t.square, board.walls)
    outcome["line of sight"] = "blocked" if walls else "clear"
    if walls:
        events.append(
            Event(
                "shot.blocked",
                ("SK-2.2",),
                f"the line from {a.name} to {t.name} passes through the wall at {list(walls[0])}",
                {"wall": list(walls[0])},
            )
        )
        return ShotResult(tuple(events), {**outcome, "shot": "not allowed: no line of sight"})
    events.append(Event("shot.clear", ("SK-2.2",), f"{a.name} sees {t.name}: no wall on the line"))
    outcome["shot"] = "allowed"

    through = crossed(board, a.square, t.square, board.cover)
    stands = t.square in board.cover
    in_cover = stands or bool(through)
    outcome["in cover"] = in_cover
    if in_cover:
        why = "stands in cover" if stands else f"is behind the cover at {list(through[0])}"
        events.append(Event("shot.cover", ("SK-3.3",), f"{t.name} {why}", {"standing": stands}))
    needed = a.skill + (rules.param("cover_modifier") if in_cover else 0)
    outcome["needed"] = needed
    events.append(
        Event("shot.needed", ("SK-3.1", "SK-3.3") if in_cover else ("SK-3.1",), f"each die hits on {needed}+")
    )

    sides = rules.param("die_sides")
    miss = rules.param("natural_miss")
    top_hits = False
    if needed > sides:
        reading = rules.interpretation("needed_above_top")
        top_hits = reading == "top_face_hits"
        events.append(
            Event(
                "shot.needed_above_top",
                ("SK-3.1", "SK-3.3"),
                f"{needed}+ is more than a d{sides} shows: "
                + (f"only a {sides} hits" if top_hits else "no die can hit"),
                interpretation=rules.cite("needed_above_top"),
            )
        )
    faces = dice.roll(a.shots, sides, "to_hit")
    hits = sum(1 for f in faces if f > miss and (f >= needed or (top_hits and f == sides)))
    outcome["hits"] = hits
    events.append(
        Event(
            "shot.to_hit",
            ("SK-3.1", "SK-3.2"),
            f"{a.name} rolls {', '.join(map(str, faces))}: {hits} {'hit' if hits == 1 else 'hits'}",
            {"faces": list(faces), "hits": hits},
        )
    )
    saved = 0
    if hits and t.save <= sides:
        saves = dice.roll(hits, sides, "save")
        saved = sum(1 for f in saves if f >= t.save)
        events.append(
            Event(
                "shot.save",
                ("SK-4.1",),
                f"{t.name} saves on {t.save}+ and rolls {', '.join(map(str, saves))}: {saved} saved",
                {"faces": list(saves), "saved": saved},
            )
        )
    elif hits:
        events.append(Event("shot.no_save", ("SK-4.1",), f"{t.name} has no save to roll"))
    outcome["saved"] = saved
    wounds = hits - saved
    left = max(t.wounds - wounds, 0)
    outcome["wounds"] = wounds
    outcome["removed"] = left == 0
    if wounds:
        events.append(
            Event(
                "shot.wounds",
                ("SK-4.2",),
                f"{t.name} takes {wounds} {'wound' if wounds == 1 else 'wounds'}, {left} left",
                {"wounds": wounds, "left": left},
            )
        )
    if left == 0:
        events.append(Event("shot.removed", ("SK-4.2",), f"{t.name} has no wounds left and is removed"))
    dice.finish()
    return ShotResult(tuple(events), outcome)
