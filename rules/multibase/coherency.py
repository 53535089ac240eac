"""Unit Coherency, which the text uses without defining (MB-6.4, MB-6.5; interpretation coherency,
parameter coherency_distance), and the push that restores it (MB-6.5; interpretation push_anchor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.multibase.battlefield import Base
from rules.multibase.geometry import base_distance, closest_direction
from rules.rulebook import Rulebook


def _limit(rules: Rulebook) -> float:
    return float(rules.param("coherency_distance")) + float(rules.param("geometry_tolerance"))


def together(a: Base, b: Base, rules: Rulebook) -> bool:
    return base_distance(a, b) <= _limit(rules)


def groups(bases: Sequence[Base], rules: Rulebook) -> list[list[Base]]:
    """Bases chained together by the coherency distance, in the order listed."""
    left = list(bases)
    found: list[list[Base]] = []
    while left:
        group = [left.pop(0)]
        grew = True
        while grew:
            grew = False
            for b in list(left):
                if any(together(b, g, rules) for g in group):
                    group.append(b)
                    left.remove(b)
                    grew = True
        found.append(group)
    return found


def isolated(bases: Sequence[Base], rules: Rulebook) -> list[Base]:
    """Bases with no other base of the unit within the coherency distance."""
    return [b for b in bases if not any(o is not b and together(b, o, rules) for o in bases)]


def is_coherent(bases: Sequence[Base], rules: Rulebook) -> bool:
    if len(bases) <= 1:
        return True
    if rules.interpretation("coherency") == "connected":
        return len(groups(bases, rules)) == 1
    return not isolated(bases, rules)


@dataclass(frozen=True)
class Push:
    base: str
    dx: float
    dy: float
    distance: float
    towards: str  # the base it was pushed towards


def push_into_coherency(bases: Sequence[Base], rules: Rulebook) -> tuple[tuple[Base, ...], list[Push]]:
    """Move isolated bases the least distance that makes the unit coherent (MB-6.5).

    connected: the largest group stays (ties: the first listed); the group nearest to it moves
    straight towards it until just within the coherency distance, and joins it; repeat.
    each_within: each isolated base moves straight towards its nearest base until just within reach.
    A translation of length L changes any distance by at most L, so no shorter push can close a gap.
    """
    reach = float(rules.param("coherency_distance"))
    current = list(bases)
    pushes: list[Push] = []
    while not is_coherent(current, rules):
        if rules.interpretation("coherency") == "connected":
            parts = groups(current, rules)
            anchor = max(parts, key=len)  # max keeps the first of equals: ties go to the first listed
            gap, mover, goal, group = min(
                (
                    (base_distance(b, a), b, a, part)
                    for part in parts
                    if part is not anchor
                    for b in part
                    for a in anchor
                ),
                key=lambda item: item[0],
            )
        else:
            lone = isolated(current, rules)[0]
            gap, mover, goal = min(
                ((base_distance(lone, o), lone, o) for o in current if o is not lone),
                key=lambda item: item[0],
            )
            group = [lone]
        ux, uy = closest_direction(mover, goal)
        step = gap - reach
        names = {b.name for b in group}
        current = [b.moved(ux * step, uy * step) if b.name in names else b for b in current]
        pushes.extend(Push(b.name, ux * step, uy * step, step, goal.name) for b in group)
    return tuple(current), pushes
