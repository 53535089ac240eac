"""Engagement (section "Engagement", GA-ENG-1..3).

A unit is Engaged while an enemy unit or Garrison stands next to it at the same elevation; an
Engaged unit's every attack must include at least one of those enemies, and an area of effect
attack qualifies when one of them is among its targets.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulecheck_gundam_assemble.engine.board import Board, Piece
from rules.events import Event
from rules.hexgrid import distance
from rules.rulebook import Rulebook


def engaged_with(board: Board, unit: Piece, rules: Rulebook) -> list[Piece]:
    reach = rules.param("engagement_distance")
    level = board.elevation(unit.hex)
    return [
        p
        for p in board.pieces
        if p.side != unit.side
        and p.kind in ("unit", "garrison")
        and distance(p.hex, unit.hex) == reach
        and board.elevation(p.hex) == level
    ]


def engagement_check(
    board: Board, attacker: Piece, targets: Iterable[Piece], rules: Rulebook
) -> tuple[bool, Event]:
    """Whether an attack on ``targets`` respects the attacker's Engagement, and why."""
    engaged = engaged_with(board, attacker, rules)
    names = [p.name for p in engaged]
    if not engaged:
        return True, Event(
            "check.engagement", ("GA-ENG-1",), f"{attacker.name} is not Engaged", {"engaged_with": []}
        )
    included = [t.name for t in targets if t.name in names]
    if included:
        return True, Event(
            "check.engagement",
            ("GA-ENG-2", "GA-ENG-3"),
            f"{attacker.name} is Engaged with {', '.join(names)}; the attack includes {', '.join(included)}",
            {"engaged_with": names, "included": included},
        )
    return False, Event(
        "check.engagement",
        ("GA-ENG-1", "GA-ENG-2"),
        f"{attacker.name} is Engaged with {', '.join(names)} and must include one of them in the attack",
        {"engaged_with": names, "included": []},
    )
