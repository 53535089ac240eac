"""Whether an attack or ability can reach a target: range, then Line of Sight where it applies
(clauses GA-TGT-1, GA-RNG-*, GA-WR-*, GA-LOS-9, GA-ILOS-1).

Two kinds of reach: a stated range ("within range x", which needs Line of Sight) and "within x
hexes" (which does not). Range is counted in hexes and ignores elevation and terrain (GA-RNG-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, LosResult, line_of_sight
from rules.events import Event
from rules.hexgrid import distance
from rules.rulebook import Rulebook
from rules.wording import plural


@dataclass(frozen=True)
class ReachCheck:
    eligible: bool
    in_range: bool
    distance: int
    los: LosResult | None  # None when out of range (Line of Sight was not looked at)
    events: tuple[Event, ...]


def check_reach(
    board: Board,
    actor: Piece,
    target: Piece,
    rules: Rulebook,
    reach: int,
    *,
    within_hexes: bool = False,
    mode: LosMode = LosMode.STANDARD,
) -> ReachCheck:
    """Can ``actor`` affect ``target`` with something of range ``reach``?

    ``within_hexes`` is for effects worded "within x hexes" (no Line of Sight, GA-WR-2); ``mode``
    is how a ranged effect treats Line of Sight (area of effect, or ignoring it).
    """
    events: list[Event] = []
    d = distance(actor.hex, target.hex)
    if within_hexes:
        ok = d <= reach
        events.append(
            Event(
                "reach.within_hexes",
                ("GA-WR-2",),
                f"{target.name} is {plural(d, 'hex')} away: {'within' if ok else 'not within'} {plural(reach, 'hex')}; "
                "no Line of Sight is needed",
                {"distance": d, "reach": reach},
            )
        )
        return ReachCheck(ok, ok, d, None, tuple(events))

    melee = rules.param("melee_range")
    if reach <= melee:
        in_range = d <= melee
        clauses = ("GA-RNG-1",)
        text = (
            f"a range {reach} weapon reaches adjacent targets only; {target.name} is {plural(d, 'hex')} away"
        )
    else:
        in_range = d <= reach
        clauses = ("GA-RNG-2", "GA-RNG-4")
        text = (
            f"{target.name} is {plural(d, 'hex')} away, counted without regard to elevation or terrain: "
            f"{'within' if in_range else 'beyond'} range {reach}"
        )
    events.append(Event("reach.range", clauses, text, {"distance": d, "reach": reach}))
    if not in_range:
        events.append(Event("reach.ineligible", ("GA-TGT-1",), f"{target.name} is out of range"))
        return ReachCheck(False, False, d, None, tuple(events))

    los = line_of_sight(board, actor.hex, target.hex, actor.side, rules, mode)
    events.extend(los.events)
    if los.clear:
        events.append(
            Event(
                "reach.eligible",
                ("GA-TGT-1", "GA-RNG-3", "GA-WR-1"),
                f"{target.name} is in range and in Line of Sight",
            )
        )
    else:
        events.append(
            Event(
                "reach.ineligible",
                ("GA-TGT-1", "GA-RNG-3", "GA-WR-1"),
                f"{target.name} is in range but not in Line of Sight",
            )
        )
    return ReachCheck(los.clear, True, d, los, tuple(events))
