"""Area of effect weapons (section "Area of Effect Attacks", GA-AOE-1..5).

A pattern is the weapon's diagram as data: hexes relative to the attacker, whose own hex is the
origin (the grey hex of the diagram). The attacking player places the pattern by choosing a set of
hexes that matches the diagram (GA-AOE-2). Which sets match is the ``aoe_diagram_orientation``
interpretation: the diagram as printed, turned (the six rotations), or turned and flipped (the six
mirror images too), via ``rules.hexgrid``'s twelve symmetries. A weapon whose card says its diagram
may be flipped (``mirror``) may always be placed as its mirror image.

Targets are every enemy in the placed hexes to which the attacker has Line of Sight, where units
and Garrisons are ignored (GA-AOE-4, ``LosMode.AREA_EFFECT``); allies are never targets and the
attacker cannot leave an eligible enemy out (GA-AOE-5). Whether an enemy Garrison is one of those
targets is ``aoe_garrison_targets``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, line_of_sight
from rules.events import Event
from rules.hexgrid import SYMMETRIES, Hex, add, is_mirror, symmetry
from rules.rulebook import Rulebook


@dataclass(frozen=True)
class AreaPattern:
    hexes: tuple[Hex, ...]  # relative to the attacker at (0, 0); the attacker's hex is not one
    mirror: bool = False  # the weapon's card says its diagram may also be flipped

    def __post_init__(self) -> None:
        if (0, 0) in self.hexes:
            raise ValueError(
                "an area pattern lists the affected hexes; the attacker's own hex (0, 0) is not one"
            )
        if not self.hexes:
            raise ValueError("an area pattern affects at least one hex")


@dataclass(frozen=True)
class Placement:
    symmetry: int  # the first of rules.hexgrid's symmetries giving this set of hexes
    hexes: frozenset[Hex]

    @property
    def mirrored(self) -> bool:
        return is_mirror(self.symmetry)


ORIENTATIONS = ("as_printed", "rotate", "rotate_or_mirror")


def allowed_symmetry(index: int, pattern: AreaPattern, orientation: str) -> bool:
    """May the diagram be placed under grid symmetry ``index`` (``aoe_diagram_orientation``)?"""
    turned = index % 6 != 0
    if is_mirror(index) and not (pattern.mirror or orientation == "rotate_or_mirror"):
        return False
    return not turned or orientation != "as_printed"


def placements(
    pattern: AreaPattern, origin: Hex, board: Board | None = None, orientation: str = "rotate"
) -> list[Placement]:
    """Every distinct legal placement of the pattern around an attacker at ``origin``.

    ``orientation`` is the option of ``aoe_diagram_orientation`` in force. Symmetric patterns give
    the same hex set under several symmetries; each set is listed once. With a board that has an
    extent, a placement is listed when at least one of its hexes is on the board (hexes off the
    board simply hold nobody).
    """
    if orientation not in ORIENTATIONS:
        raise ValueError(f"unknown orientation {orientation!r}")
    seen: dict[frozenset[Hex], Placement] = {}
    for index in SYMMETRIES:
        if not allowed_symmetry(index, pattern, orientation):
            continue
        transform = symmetry(index)
        hexes = frozenset(add(origin, transform(h)) for h in pattern.hexes)
        if board is not None and not any(board.on_board(h) for h in hexes):
            continue
        seen.setdefault(hexes, Placement(index, hexes))
    return list(seen.values())


def find_placement(
    pattern: AreaPattern, origin: Hex, chosen: frozenset[Hex], orientation: str = "rotate"
) -> Placement | None:
    for p in placements(pattern, origin, orientation=orientation):
        if p.hexes == chosen:
            return p
    return None


@dataclass(frozen=True)
class AreaTargets:
    targets: tuple[Piece, ...]
    events: tuple[Event, ...]


def area_targets(
    board: Board, attacker: Piece, placement: Placement, rules: Rulebook, ignores_los: bool
) -> AreaTargets:
    """The enemies an area attack placed on ``placement`` targets, with the reasons."""
    events: list[Event] = []
    targets: list[Piece] = []
    mode = LosMode.IGNORE if ignores_los else LosMode.AREA_EFFECT
    for h in sorted(placement.hexes, key=lambda x: (x[1], x[0])):
        figure = board.figure_at(h)
        if figure is None:
            continue
        if figure.side == attacker.side:
            events.append(
                Event(
                    "check.ally_spared",
                    ("GA-AOE-5", "GA-AOE-1"),
                    f"{figure.name} at {list(h)} is an ally: area of effect attacks target enemies only",
                    {"piece": figure.name, "hex": h},
                )
            )
            continue
        if figure.kind == "garrison" and rules.interpretation("aoe_garrison_targets") == "units_only":
            events.append(
                Event(
                    "check.garrison_spared",
                    ("GA-AOE-5", "GA-AOE-1"),
                    f"enemy Garrison {figure.name} at {list(h)} is in the area but is not a target",
                    {"piece": figure.name, "hex": h},
                    rules.cite("aoe_garrison_targets"),
                )
            )
            continue
        los = line_of_sight(board, attacker.hex, h, attacker.side, rules, mode)
        if los.clear:
            targets.append(figure)
            garrison = figure.kind == "garrison"
            events.append(
                Event(
                    "check.area_target",
                    ("GA-AOE-5", "GA-AOE-3", "GA-AOE-4"),
                    f"{'enemy Garrison ' if garrison else ''}{figure.name} at {list(h)} is an enemy "
                    "in the area and in Line of Sight: it is targeted",
                    {"piece": figure.name, "hex": h},
                    rules.cite("aoe_garrison_targets") if garrison else None,
                )
            )
        else:
            reasons = "; ".join(b.reason for b in los.blockers)
            events.append(
                Event(
                    "check.area_out_of_sight",
                    ("GA-AOE-3", *sorted({b.clause for b in los.blockers})),
                    f"{figure.name} at {list(h)} is in the area but out of Line of Sight "
                    f"({reasons}): not targeted",
                    {"piece": figure.name, "hex": h},
                )
            )
    return AreaTargets(tuple(targets), tuple(events))
