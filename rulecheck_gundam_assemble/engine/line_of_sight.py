"""Line of Sight, per the Gundam Assemble chapter "Attacking" (clauses GA-LOS-*, GA-ILOS-1,
GA-WR-*, GA-AOE-4).

The geometry (which hexes the line passes through, runs between, or touches at a corner) is exact
and comes from ``rules.hex_sightline``. This module decides, hex by hex, what blocks:

* terrain higher than both units (GA-LOS-3);
* an enemy other than the target, or an enemy structure, at the elevation of both units
  (GA-LOS-4, GA-LOS-5);
* when the units stand at different elevations, also terrain, an enemy or an enemy structure at
  the higher unit's elevation (GA-LOS-6); terrain strictly between the two elevations is the
  ``los_intermediate_terrain`` interpretation.

Allies and allied structures never block: only enemies are listed. Where the line runs exactly
between two hexes the acting player chooses (GA-LOS-8); how several such places combine and
whether a corner touch counts are named interpretations in rulebook.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.terrain import kind_of
from rules.events import Event, count_of
from rules.hex_sightline import Sightline, sightline
from rules.hexgrid import Hex, distance
from rules.rulebook import Rulebook


class LosMode(Enum):
    """How an attack or ability treats Line of Sight."""

    STANDARD = "standard"  # a weapon or ability with a range (GA-WR-1)
    AREA_EFFECT = "aoe"  # ignores units and Garrisons on the line (GA-AOE-4)
    IGNORE = "ignore"  # the weapon or ability ignores Line of Sight (GA-ILOS-1)
    WITHIN_HEXES = "within-hexes"  # "within x hexes": no Line of Sight at all (GA-WR-2)


@dataclass(frozen=True)
class Blocker:
    hex: Hex
    kind: str  # terrain, enemy, structure, garrison
    reason: str
    clause: str
    piece: str | None = None

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        out = {"hex": list(self.hex), "kind": self.kind, "reason": self.reason, "clause": self.clause}
        if self.piece:
            out["piece"] = self.piece
        return out


@dataclass(frozen=True)
class ChoicePoint:
    """A place where the line runs exactly between two hexes (GA-LOS-8)."""

    left: Hex
    right: Hex
    left_blockers: tuple[Blocker, ...]
    right_blockers: tuple[Blocker, ...]

    @property
    def left_blocks(self) -> bool:
        return bool(self.left_blockers)

    @property
    def right_blocks(self) -> bool:
        return bool(self.right_blockers)

    @property
    def avoidable(self) -> bool:
        """At least one of the two hexes leaves the line clear."""
        return not (self.left_blocks and self.right_blocks)

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        return {
            "hexes": [list(self.left), list(self.right)],
            "blocked": [self.left_blocks, self.right_blocks],
            "blockers": [b.to_json() for b in (*self.left_blockers, *self.right_blockers)],
        }


@dataclass(frozen=True)
class LosResult:
    origin: Hex
    target: Hex
    mode: LosMode
    clear: bool
    required: bool  # False when adjacency, "within x hexes" or an ignore-LOS weapon waives it
    adjacent: bool
    line: Sightline | None
    blockers: tuple[Blocker, ...]
    choice_points: tuple[ChoicePoint, ...]
    side_choice: str | None  # under los_choice_points=one_side: "left", "right" or None
    events: tuple[Event, ...]

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        line = self.line
        return {
            "from": list(self.origin),
            "to": list(self.target),
            "mode": self.mode.value,
            "clear": self.clear,
            "required": self.required,
            "adjacent": self.adjacent,
            "distance": distance(self.origin, self.target),
            "through": [list(h) for h in line.through] if line else [],
            "between": [[list(a), list(b)] for a, b in line.between] if line else [],
            "corners": [list(h) for h in line.corners] if line else [],
            "blockers": [b.to_json() for b in self.blockers],
            "choice_points": [c.to_json() for c in self.choice_points],
            "side_choice": self.side_choice,
            "events": [e.to_json() for e in self.events],
        }


def _hex_blockers(
    board: Board, h: Hex, side: str, lo: int, hi: int, mode: LosMode, rules: Rulebook
) -> tuple[list[Blocker], list[Event]]:
    """Why hex ``h`` on the line blocks an actor of ``side`` whose line spans elevations lo..hi."""
    blockers: list[Blocker] = []
    notes: list[Event] = []
    differ = lo != hi
    elev = board.elevation(h)
    if elev > hi:
        blockers.append(
            Blocker(
                h,
                "terrain",
                f"terrain at elevation {elev} is higher than both units ({lo}, {hi})",
                "GA-LOS-3",
            )
        )
    elif differ and elev == hi:
        blockers.append(
            Blocker(h, "terrain", f"terrain at elevation {elev}, the higher unit's elevation", "GA-LOS-6")
        )
    elif differ and lo < elev < hi:
        # Neither listed condition names terrain strictly between the two units' elevations; the
        # captions of the book's examples give "higher than the lower unit" as a reason.
        cite = rules.cite("los_intermediate_terrain")
        if rules.interpretation("los_intermediate_terrain") == "blocks":
            blockers.append(
                Blocker(
                    h,
                    "terrain",
                    f"terrain at elevation {elev} is higher than the lower unit ({lo})",
                    "GA-LOS-6",
                )
            )
            notes.append(
                Event(
                    "los.intermediate_terrain",
                    ("GA-LOS-6",),
                    f"{list(h)}: terrain at elevation {elev}, between the units' elevations ({lo}, {hi}), blocks",
                    {"hex": h, "elevation": elev},
                    interpretation=cite,
                )
            )
        else:
            notes.append(
                Event(
                    "los.intermediate_terrain",
                    ("GA-LOS-3", "GA-LOS-6", "GA-LOS-7"),
                    f"{list(h)}: terrain at elevation {elev}, between the units' elevations ({lo}, {hi}), "
                    "is neither higher than both nor level with the higher unit: it does not block",
                    {"hex": h, "elevation": elev},
                    interpretation=cite,
                )
            )
    terrain = board.terrain(h).terrain
    if terrain != "open" and kind_of(board, rules, terrain).blocks:
        blockers.append(
            Blocker(
                h,
                "terrain",
                f"{terrain} blocks Line of Sight whatever its elevation (a declared terrain kind)",
                kind_of(board, rules, terrain).blocking_clause(),
            )
        )
    figure = board.figure_at(h)
    if figure is not None and figure.side != side and board.elevation(h) == hi:
        clause = "GA-LOS-6" if differ else "GA-LOS-4"
        where = "the higher unit's elevation" if differ else "the same elevation as both units"
        if mode is LosMode.AREA_EFFECT:
            notes.append(
                Event(
                    "los.ignored",
                    ("GA-AOE-4",),
                    f"{figure.name} at {list(h)} is ignored: area of effect attacks ignore units and Garrisons",
                    {"hex": h, "piece": figure.name},
                )
            )
        elif figure.kind == "garrison" and rules.interpretation("los_garrison_blocks") == "never":
            notes.append(
                Event(
                    "los.ignored",
                    ("GA-LOS-4",),
                    f"enemy Garrison {figure.name} at {list(h)} does not block",
                    {"hex": h, "piece": figure.name},
                    interpretation=rules.cite("los_garrison_blocks"),
                )
            )
        else:
            kind = "garrison" if figure.kind == "garrison" else "enemy"
            label = "enemy Garrison" if kind == "garrison" else "enemy"
            blockers.append(Blocker(h, kind, f"{label} {figure.name} at {where}", clause, figure.name))
    structure = board.structure_at(h)
    if structure is not None and structure.side != side and board.piece_elevation(structure) == hi:
        clause = "GA-LOS-6" if differ else "GA-LOS-5"
        where = "the higher unit's elevation" if differ else "the same elevation as both units"
        blockers.append(
            Blocker(h, "structure", f"enemy structure {structure.name} at {where}", clause, structure.name)
        )
    return blockers, notes


def line_of_sight(
    board: Board,
    origin: Hex,
    target: Hex,
    side: str,
    rules: Rulebook,
    mode: LosMode = LosMode.STANDARD,
) -> LosResult:
    """Line of Sight from a piece of ``side`` at ``origin`` to whatever stands at ``target``.

    The origin and target hexes themselves never block; the target is excluded from the enemies
    that block because it sits at the end of the line.
    """
    events: list[Event] = []
    dist = distance(origin, target)
    adjacent = dist < rules.param("los_min_range")

    def done(clear: bool, required: bool, line=None, blockers=(), points=(), side_choice=None):
        return LosResult(
            origin,
            target,
            mode,
            clear,
            required,
            adjacent,
            line,
            tuple(blockers),
            tuple(points),
            side_choice,
            tuple(events),
        )

    if mode is LosMode.WITHIN_HEXES:
        events.append(
            Event(
                "los.not_required", ("GA-WR-2",), "an effect within a number of hexes needs no Line of Sight"
            )
        )
        return done(True, False)
    if mode is LosMode.IGNORE:
        events.append(
            Event("los.not_required", ("GA-ILOS-1",), "this weapon or ability ignores Line of Sight")
        )
        return done(True, False)
    if adjacent:
        events.append(
            Event(
                "los.not_required",
                ("GA-LOS-1",),
                f"the target is adjacent (distance {dist}): no Line of Sight is needed",
            )
        )
        return done(True, False)

    line = sightline(origin, target)
    ea, eb = board.elevation(origin), board.elevation(target)
    lo, hi = min(ea, eb), max(ea, eb)
    events.append(
        Event(
            "los.line",
            ("GA-LOS-2",),
            f"line from the centre of {list(origin)} (elevation {ea}) to the centre of {list(target)} "
            f"(elevation {eb}): {count_of(len(line.through), 'hex', 'hexes')} passed through, "
            f"{count_of(len(line.between), 'place')} exactly between two hexes, "
            f"{count_of(len(line.corners), 'corner')} touched",
            {"through": line.through, "between": line.between, "corners": line.corners},
        )
    )

    def check(h: Hex) -> list[Blocker]:
        found, notes = _hex_blockers(board, h, side, lo, hi, mode, rules)
        events.extend(notes)
        return found

    blockers: list[Blocker] = []
    for h in line.through:
        found = check(h)
        blockers.extend(found)
        for b in found:
            events.append(
                Event("los.blocked_by", (b.clause,), f"{list(h)}: {b.reason}", {"hex": h, "kind": b.kind})
            )

    # Read only when the line touches a corner: elsewhere the question does not come up.
    corner_rule = rules.interpretation("los_corner_touch") if line.corners else None
    for h in line.corners:
        if corner_rule == "counts":
            found = check(h)
            blockers.extend(found)
            text = f"{list(h)} is touched at a corner and counts" + (f": {found[0].reason}" if found else "")
            events.append(
                Event(
                    "los.corner",
                    tuple(b.clause for b in found) or ("GA-LOS-2",),
                    text,
                    {"hex": h},
                    interpretation=rules.cite("los_corner_touch"),
                )
            )
        else:
            events.append(
                Event(
                    "los.corner",
                    ("GA-LOS-2",),
                    f"{list(h)} is touched only at a corner and does not count",
                    {"hex": h},
                    interpretation=rules.cite("los_corner_touch"),
                )
            )

    points = tuple(ChoicePoint(lh, rh, tuple(check(lh)), tuple(check(rh))) for lh, rh in line.between)
    side_choice = None
    if points:
        how = rules.interpretation("los_choice_points")
        if how == "one_side":
            left_ok = all(not p.left_blocks for p in points)
            right_ok = all(not p.right_blocks for p in points)
            side_choice = "left" if left_ok else "right" if right_ok else None
            for p in points:
                events.append(_choice_event(p, rules, chosen=side_choice))
            if side_choice is None:
                blockers.extend(b for p in points for b in (*p.left_blockers, *p.right_blockers))
        else:
            for p in points:
                events.append(_choice_event(p, rules, chosen=None))
                if not p.avoidable:
                    blockers.extend((*p.left_blockers, *p.right_blockers))

    clear = not blockers
    if clear:
        events.append(
            Event("los.clear", ("GA-LOS-7",), "no blocking condition holds: Line of Sight is clear")
        )
    else:
        events.append(
            Event("los.blocked", tuple(sorted({b.clause for b in blockers})), "Line of Sight is blocked")
        )
    return done(clear, True, line, blockers, points, side_choice)


def _choice_event(p: ChoicePoint, rules: Rulebook, chosen: str | None) -> Event:
    def state(h: Hex, bl: tuple[Blocker, ...]) -> str:
        return f"{list(h)} " + (f"(blocks: {bl[0].reason})" if bl else "(clear)")

    if chosen is None and rules.interpretation("los_choice_points") == "independent":
        verdict = "the acting player picks the clear hex" if p.avoidable else "both hexes block"
    elif chosen is None:
        verdict = "neither side of the line is clear at every such place"
    else:
        verdict = f"the acting player uses the {chosen} side of the line"
    return Event(
        "los.choice",
        ("GA-LOS-8",),
        f"the line runs exactly between {state(p.left, p.left_blockers)} and {state(p.right, p.right_blockers)}: {verdict}",
        {"left": p.left, "right": p.right, "left_blocks": p.left_blocks, "right_blocks": p.right_blocks},
        interpretation=rules.cite("los_choice_points"),
    )


def piece_line_of_sight(
    board: Board, actor: Piece, target: Piece, rules: Rulebook, mode: LosMode = LosMode.STANDARD
) -> LosResult:
    """Line of Sight from one piece to another; the acting piece's side decides who is an enemy."""
    return line_of_sight(board, actor.hex, target.hex, actor.side, rules, mode)
