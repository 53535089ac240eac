"""Unit Coherency, which the text uses without defining (MB-6.4, MB-6.5; interpretation coherency,
parameter coherency_distance), and the pushes that restore it (MB-6.5; interpretation push_anchor).

The push is the owning player's choice: ``push_options`` lists the legal pushes, each moving bases
straight towards another base by the least distance that closes the gap (a translation of length
L changes any distance by at most L, so no shorter move closes it). Which of them the player makes
is an input, like the dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rulecheck_multibase.engine.battlefield import Base
from rulecheck_multibase.engine.geometry import base_distance, closest_direction, footprint
from rules.rulebook import Rulebook

TWO_NEIGHBOURS_FROM = 3  # under two_neighbours, a unit of this many bases or more needs two each


def _limit(rules: Rulebook) -> float:
    return float(rules.param("coherency_distance")) + float(rules.param("geometry_tolerance"))


def _centres(rules: Rulebook) -> bool:
    # reading: coherency_measure (the text gives Coherency no measuring points)
    return rules.interpretation("coherency_measure") == "centres"


def _gap(a: Base, b: Base, rules: Rulebook) -> float:
    """The coherency gap: between nearest points (base_distance, in plain arithmetic for two round
    bases, as pushes make many new positions) or between centres, by coherency_measure."""
    if _centres(rules):
        return math.hypot(a.x - b.x, a.y - b.y)
    if a.shape == "round" and b.shape == "round":
        return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
    return base_distance(a, b)


def _towards(a: Base, b: Base, rules: Rulebook) -> tuple[float, float]:
    """The straight direction that closes the coherency gap from ``a`` to ``b`` fastest."""
    if _centres(rules):
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy) or 1.0
        return dx / length, dy / length
    return closest_direction(a, b)


def together(a: Base, b: Base, rules: Rulebook) -> bool:
    return _gap(a, b, rules) <= _limit(rules)


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


def neighbours(base: Base, bases: Sequence[Base], rules: Rulebook) -> int:
    return sum(1 for o in bases if o.name != base.name and together(base, o, rules))


def isolated(bases: Sequence[Base], rules: Rulebook) -> list[Base]:
    """Bases with no other base of the unit within the coherency distance."""
    return [b for b in bases if neighbours(b, bases, rules) == 0]


def short_of_neighbours(bases: Sequence[Base], rules: Rulebook) -> list[Base]:
    """Under two_neighbours: bases of a unit of three or more with fewer than two within reach."""
    if len(bases) < TWO_NEIGHBOURS_FROM:
        return isolated(bases, rules) if len(bases) > 1 else []
    return [b for b in bases if neighbours(b, bases, rules) < 2]


def is_coherent(bases: Sequence[Base], rules: Rulebook) -> bool:
    if len(bases) <= 1:
        return True
    how = rules.interpretation("coherency")
    if how == "each_within":
        return not isolated(bases, rules)
    if len(groups(bases, rules)) != 1:
        return False
    return how == "connected" or not short_of_neighbours(bases, rules)


def stray_count(bases: Sequence[Base], rules: Rulebook) -> int:
    """How far from coherent the bases are: the bases outside the largest group, or (each_within,
    two_neighbours) the bases short of the neighbours they need."""
    if len(bases) <= 1:
        return 0
    how = rules.interpretation("coherency")
    if how == "each_within":
        return len(isolated(bases, rules))
    outside = len(bases) - max(len(g) for g in groups(bases, rules))
    if how == "connected":
        return outside
    return outside + len(short_of_neighbours(bases, rules))


@dataclass(frozen=True)
class Push:
    base: str
    dx: float
    dy: float
    distance: float
    towards: str  # the base it was pushed towards


@dataclass(frozen=True)
class PushPlan:
    """One way to restore coherency: the moves, in order, and the bases afterwards."""

    pushes: tuple[Push, ...]
    bases: tuple[Base, ...]

    @property
    def moved(self) -> tuple[str, ...]:
        """The pushed bases, in the unit's order: what a scenario names to choose this push."""
        names = {p.base for p in self.pushes}
        return tuple(b.name for b in self.bases if b.name in names)

    @property
    def total(self) -> float:
        return sum(p.distance for p in self.pushes)

    def distance_of(self, base: str) -> float:
        return sum(p.distance for p in self.pushes if p.base == base)


def _first_least(items: Sequence, key, rules: Rulebook):
    """The first of ``items`` whose key is within geometry_tolerance of the least. A tie (in a
    symmetric position, say) goes to the earlier in the unit's order, not to whichever distance
    rounding made smaller, so turning or mirroring the table cannot change the push."""
    values = [key(item) for item in items]
    least = min(values) + float(rules.param("geometry_tolerance"))
    return items[next(i for i, value in enumerate(values) if value <= least)]


def _move(
    current: list[Base], movers: Sequence[Base], goal: Base, rules: Rulebook
) -> tuple[list[Base], list[Push]]:
    """Move ``movers`` together straight towards ``goal`` until the nearest of them is in reach."""
    gap, lead = _first_least([(_gap(m, goal, rules), m) for m in movers], lambda item: item[0], rules)
    ux, uy = _towards(lead, goal, rules)
    step = gap - float(rules.param("coherency_distance"))
    names = {m.name for m in movers}
    moved = [b.moved(ux * step, uy * step) if b.name in names else b for b in current]
    return moved, [Push(m.name, ux * step, uy * step, step, goal.name) for m in movers]


def _anchored(bases: Sequence[Base], anchor: str, rules: Rulebook) -> PushPlan | None:
    """connected: the group holding ``anchor`` stays; the nearest other group moves towards it and
    joins it, and so on until one group is left."""
    current, pushes = list(bases), []
    while len(parts := groups(current, rules)) > 1:
        home = next(p for p in parts if any(b.name == anchor for b in p))
        gap, group, goal = _first_least(
            [(_gap(b, a, rules), part, a) for part in parts if part is not home for b in part for a in home],
            lambda item: item[0],
            rules,
        )
        current, more = _move(current, group, goal, rules)
        pushes += more
    if not is_coherent(current, rules):
        return None
    return PushPlan(tuple(pushes), tuple(current))


SEARCH_DEPTH = 2  # moves in one push under two_neighbours, at most
SEARCH_WIDTH = 16  # positions kept per move, the least moved first: the search stays small


def _single_moves(bases: Sequence[Base], rules: Rulebook) -> list[PushPlan]:
    """each_within, two_neighbours: bases short of neighbours move one at a time, each straight
    towards another base (each_within: its nearest one, the least move that gives it a neighbour).
    The fewest moves that end coherent (two_neighbours: up to SEARCH_DEPTH); each level keeps the
    SEARCH_WIDTH positions reached by the least total distance, so a push that needs more is not
    found (the engine then says so rather than guess)."""
    each_within = rules.interpretation("coherency") == "each_within"
    level: list[tuple[list[Base], list[Push]]] = [(list(bases), [])]
    # each_within: one move per isolated base always suffices, each to its nearest base
    for _ in range(len(bases) if each_within else SEARCH_DEPTH):
        found: list[PushPlan] = []
        following: dict[tuple, tuple[list[Base], list[Push]]] = {}
        for current, pushes in level:
            short = isolated(current, rules) if each_within else short_of_neighbours(current, rules)
            if not short:  # two_neighbours with every base content but the unit split
                largest = max(groups(current, rules), key=len)
                short = [b for b in current if b not in largest]
            for m in short:
                goals = [g for g in current if g.name != m.name and not together(m, g, rules)]
                if each_within and goals:
                    goals = [_first_least(goals, lambda g, m=m: _gap(m, g, rules), rules)]
                for goal in goals:
                    moved, more = _move(current, [m], goal, rules)
                    if is_coherent(moved, rules):
                        found.append(PushPlan(tuple(pushes + more), tuple(moved)))
                    else:
                        key = tuple((b.name, round(b.x, 6), round(b.y, 6)) for b in moved)
                        following.setdefault(key, (moved, pushes + more))
        if found:
            return found
        # The SEARCH_WIDTH positions reached by the least total distance, ties in the order found.
        ranked = list(following.values())
        level = []
        for _ in range(min(SEARCH_WIDTH, len(ranked))):
            level.append(_first_least(ranked, lambda item: sum(p.distance for p in item[1]), rules))
            ranked.remove(level[-1])
    return []


def _crosses(plan: PushPlan, bases: Sequence[Base], others: Sequence[Base], rules: Rulebook) -> bool:
    """Does some push of ``plan`` sweep a base across the interior of one of ``others``?"""
    tol = float(rules.param("geometry_tolerance"))
    where = {b.name: b for b in bases}
    for push in plan.pushes:
        before = where[push.base]
        after = before.moved(push.dx, push.dy)
        where[push.base] = after
        swept = footprint(before).union(footprint(after)).convex_hull
        if any(swept.intersection(footprint(o)).area > tol for o in others):
            return True
    return False


def push_options(bases: Sequence[Base], rules: Rulebook, others: Sequence[Base] = ()) -> list[PushPlan]:
    """The pushes the owning player may make to restore coherency (MB-6.5), by ``push_anchor``.

    Each distinct set of moved bases is listed once, with its shortest plan. ``least_distance``
    keeps the plans that move the bases the least distance in total; ``largest_group`` keeps the
    plans that leave a largest group where it stands (connected coherency), or the least total
    distance otherwise."""
    if is_coherent(bases, rules):
        return []
    if rules.interpretation("coherency") == "connected":
        plans = [p for g in groups(bases, rules) if (p := _anchored(bases, g[0].name, rules)) is not None]
    else:
        plans = _single_moves(bases, rules)
    best: dict[tuple[str, ...], PushPlan] = {}
    for plan in plans:
        key = plan.moved
        if key not in best or plan.total < best[key].total:
            best[key] = plan
    plans = list(best.values())
    # reading: push_path (the text names nothing that stops a push)
    if others and rules.interpretation("push_path") == "other_bases_block":
        plans = [p for p in plans if not _crosses(p, bases, others, rules)]
    if not plans:
        return []
    tol = float(rules.param("geometry_tolerance")) * 1000
    parts = groups(bases, rules)
    if (
        rules.interpretation("push_anchor") == "largest_group"
        and rules.interpretation("coherency") == "connected"
    ):
        size = max(len(g) for g in parts)
        largest = [{b.name for b in g} for g in parts if len(g) == size]
        return [p for p in plans if any(not (g & set(p.moved)) for g in largest)]
    least = min(p.total for p in plans)
    return [p for p in plans if p.total <= least + tol]
