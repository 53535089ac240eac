"""Base geometry with shapely: shapes, closest-point distance, the front arc and the Trace (MB-1.1,
MB-1.2, and the distances Coherency uses).

A base is its *core* grown by a radius: a rectangular base is its polygon (radius 0), a round base
is its centre point grown by its radius. The distance between two such shapes is exactly
``max(0, distance(core_a, core_b) - r_a - r_b)``, so range and coherency are exact for round and
rectangular bases alike, and facings that are multiples of 90 degrees give exact rectangles.

Only the Trace approximates a circle, by an inscribed polygon with ``round_base_segments`` sides.
The Trace search is exact for polygons: if any unobstructed segment joins the two bases, one
exists whose line passes through two vertices of the scene (the bases and the obstacles), because
the set of clear lines is closed (grazing an obstacle does not block) and bounded by lines through
such vertices. Every such line is tried at once with shapely's vectorised predicates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points

from rules.multibase.battlefield import Base, Battlefield, Unit
from rules.rulebook import Rulebook

FAR = 10_000.0  # inches: "infinitely" far for arcs and extended lines on any real table


def direction(degrees: float) -> tuple[float, float]:
    """Unit vector of a facing; exact for multiples of 90 degrees so rectangles stay exact."""
    quarter, rest = divmod(degrees % 360, 90)
    if rest == 0:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[int(quarter)]
    rad = math.radians(degrees)
    return (math.cos(rad), math.sin(rad))


def core(base: Base) -> BaseGeometry:
    """The shape that, grown by ``radius_of(base)``, is the base."""
    if base.shape == "round":
        return Point(base.x, base.y)
    fx, fy = direction(base.facing)
    lx, ly = -fy, fx  # left of the facing
    hw, hd = base.width / 2, base.depth / 2
    corners = [(sx * hw, sd * hd) for sx, sd in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
    return Polygon([(base.x + w * lx + d * fx, base.y + w * ly + d * fy) for w, d in corners])


def radius_of(base: Base) -> float:
    return base.radius if base.shape == "round" else 0.0


def footprint(base: Base, rules: Rulebook) -> BaseGeometry:
    """The base as a polygon: exact for rectangles, an inscribed polygon for round bases."""
    if base.shape != "round":
        return core(base)
    sides = int(rules.param("round_base_segments"))
    angles = np.linspace(0.0, 2 * math.pi, sides, endpoint=False)
    return Polygon(
        np.column_stack([base.x + base.radius * np.cos(angles), base.y + base.radius * np.sin(angles)])
    )


@lru_cache(maxsize=1 << 16)  # bases are frozen values; coherency asks for the same pairs many times
def base_distance(a: Base, b: Base) -> float:
    """Closest point to closest point, in inches (0 when touching or overlapping)."""
    return max(0.0, core(a).distance(core(b)) - radius_of(a) - radius_of(b))


def closest_direction(a: Base, b: Base) -> tuple[float, float]:
    """The unit vector along which ``a`` approaches ``b`` fastest (from a's nearest point to b's)."""
    pa, pb = nearest_points(core(a), core(b))
    dx, dy = pb.x - pa.x, pb.y - pa.y
    length = math.hypot(dx, dy)
    if length == 0:
        return (0.0, 0.0)
    return (dx / length, dy / length)


@dataclass(frozen=True)
class Measurement:
    distance: float
    from_base: str
    to_base: str


def unit_distance(a: Unit, b: Unit) -> Measurement:
    """Range between two units: the closest pair of their bases (MB-1.2)."""
    return min(
        (Measurement(base_distance(x, y), x.name, y.name) for x in a.bases for y in b.bases),
        key=lambda m: m.distance,
    )


# --- front arc ----------------------------------------------------------------------------------
ARC_READINGS = ("arc_origin", "arc_boundary")


def _apex(base: Base, origin: str) -> tuple[float, float]:
    if base.shape != "round" and origin == "front_edge":
        fx, fy = direction(base.facing)
        return (base.x + fx * base.depth / 2, base.y + fy * base.depth / 2)
    return (base.x, base.y)


def arc_apex(base: Base, rules: Rulebook) -> tuple[float, float]:
    """Where the arc's boundary passes: the centre, or the middle of the front edge."""
    if base.shape == "round":  # no front edge: both readings put the boundary through the centre
        return (base.x, base.y)
    return _apex(base, rules.interpretation("arc_origin"))


def front_arc(base: Base, rules: Rulebook, readings: dict[str, str] | None = None) -> Polygon:
    """The front arc as a region (closed, or pulled in by the tolerance when the boundary is out).

    ``readings``: the options of ``arc_origin`` and ``arc_boundary`` to use instead of asking the
    rulebook (the Trace settles them once, see ``trace``)."""
    if readings is None:
        ox, oy = arc_apex(base, rules)
        outside = rules.interpretation("arc_boundary") == "outside"
    else:
        ox, oy = _apex(base, readings["arc_origin"])
        outside = readings["arc_boundary"] == "outside"
    degrees = float(rules.param("front_arc_degrees"))
    fx, fy = direction(base.facing)
    if outside:
        tol = float(rules.param("geometry_tolerance"))
        ox, oy = ox + fx * tol * 10, oy + fy * tol * 10
    if degrees >= 360:
        return Point(ox, oy).buffer(FAR, quad_segs=4)
    if degrees == 180:  # exact half-plane, as a very large rectangle
        lx, ly = -fy, fx
        return Polygon(
            [
                (ox + lx * FAR, oy + ly * FAR),
                (ox + lx * FAR + fx * FAR, oy + ly * FAR + fy * FAR),
                (ox - lx * FAR + fx * FAR, oy - ly * FAR + fy * FAR),
                (ox - lx * FAR, oy - ly * FAR),
            ]
        )
    half = degrees / 2
    fan = [direction(base.facing - half + degrees * i / 32) for i in range(33)]
    return Polygon([(ox, oy)] + [(ox + dx * FAR, oy + dy * FAR) for dx, dy in fan])


def in_arc_part(
    attacker: Base, target: Base, rules: Rulebook, readings: dict[str, str] | None = None
) -> BaseGeometry:
    """The part of ``target`` inside ``attacker``'s front arc (empty when none)."""
    return footprint(target, rules).intersection(front_arc(attacker, rules, readings))


# --- trace --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Trace:
    clear: bool
    from_base: str | None = None
    to_base: str | None = None
    segment: tuple[tuple[float, float], tuple[float, float]] | None = None
    in_arc: bool = False  # some target base is inside some attacker base's arc
    blockers: tuple[str, ...] = ()  # obstacles that cut at least one candidate line


def obstacles(
    field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook, blockers: str | None = None
) -> list[tuple[str, BaseGeometry]]:
    """What can obstruct a Trace between these two units (interpretation trace_blockers, read from
    the rulebook unless ``blockers`` gives its option)."""
    found: list[tuple[str, BaseGeometry]] = [
        (t.name, Polygon(t.polygon)) for t in field.terrain if t.blocks_trace
    ]
    others = [u for u in field.units if u.name not in (attacker.name, target.name)]
    if others and (blockers or rules.interpretation("trace_blockers")) == "terrain_and_units":
        for unit in others:
            found.extend((f"{unit.name}/{b.name}", footprint(b, rules)) for b in unit.bases)
    return found


def _vertices(geom: BaseGeometry) -> np.ndarray:
    return shapely.get_coordinates(shapely.boundary(geom) if geom.geom_type == "Polygon" else geom)


def trace_between(
    a: Base,
    t: Base,
    blockers: list[tuple[str, BaseGeometry]],
    rules: Rulebook,
    readings: dict[str, str] | None = None,
) -> tuple[bool, tuple | None, set[str], bool]:
    """Is there a clear segment from base ``a`` to the part of base ``t`` in a's front arc?

    Returns (clear, segment, names of obstacles that cut some candidate, target in arc)."""
    tol = float(rules.param("geometry_tolerance"))
    a_shape = footprint(a, rules)
    t_part = in_arc_part(a, t, rules, readings)
    if t_part.is_empty:
        return False, None, set(), False
    both = a_shape.union(t_part)
    hull = both.convex_hull  # every segment from a to t lies inside it: obstacles elsewhere cannot matter
    cut = [
        (name, shapely.buffer(geom.difference(both), -tol))
        for name, geom in blockers
        if geom.intersects(hull)
    ]
    cut = [(name, geom) for name, geom in cut if not geom.is_empty and geom.intersects(hull)]
    own = [_vertices(a_shape), _vertices(t_part)]
    # Lines through the two bases' own corners settle most cases; the obstacles' corners are only
    # needed when all of those are blocked.
    clear, segment, names = _first_clear(np.vstack(own), a_shape, t_part, cut, tol)
    if clear or not cut:
        return clear, segment, names, True
    clear, segment, more = _first_clear(
        np.vstack(own + [_vertices(g) for _, g in cut]), a_shape, t_part, cut, tol
    )
    return clear, segment, names | more, True


def _first_clear(points: np.ndarray, a_shape, t_part, cut, tol: float) -> tuple[bool, tuple | None, set[str]]:
    """Try every line through two of ``points``; the first clear stretch from a to t, if any."""
    pts = np.unique(points, axis=0)
    i, j = np.triu_indices(len(pts), k=1)
    p0, p1 = pts[i], pts[j]
    d = p1 - p0
    norm = np.hypot(d[:, 0], d[:, 1])
    keep = norm > tol
    p0, d = p0[keep], d[keep] / norm[keep, None]
    a_lo, a_hi = _clip(a_shape, p0, d, tol)
    t_lo, t_hi = _clip(t_part, p0, d, tol)
    meets = (a_lo <= a_hi) & (t_lo <= t_hi)
    if not meets.any():
        return False, None, set()
    p0, d, a_lo, a_hi, t_lo, t_hi = p0[meets], d[meets], a_lo[meets], a_hi[meets], t_lo[meets], t_hi[meets]
    # The shortest stretch of each line between the two bases: from a's side facing t to t's side.
    start = np.where(a_hi <= t_lo, a_hi, np.where(t_hi <= a_lo, a_lo, a_hi))
    end = np.where(a_hi <= t_lo, t_lo, np.where(t_hi <= a_lo, t_hi, a_hi))
    seg_from, seg_to = p0 + d * start[:, None], p0 + d * end[:, None]
    segments = shapely.linestrings(np.stack([seg_from, seg_to], axis=1))
    blocked = np.zeros(len(segments), dtype=bool)
    names: set[str] = set()
    for name, geom in cut:
        hit = shapely.intersects(geom, segments)
        if hit.any():
            names.add(name)
        blocked |= hit
    if blocked.all():
        return False, None, names
    k = int(np.argmax(~blocked))
    segment = (tuple(map(float, seg_from[k])), tuple(map(float, seg_to[k])))
    return True, segment, names


def _clip(
    shape: BaseGeometry, origin: np.ndarray, d: np.ndarray, tol: float
) -> tuple[np.ndarray, np.ndarray]:
    """Where each line (origin + s * d) enters and leaves ``shape``: arrays lo, hi (lo > hi: misses).

    Convex polygons are clipped in closed form (Cyrus-Beck); anything else goes through shapely."""
    if shape.geom_type == "Polygon" and shape.area > 0 and shape.convex_hull.area - shape.area <= tol:
        ring = np.asarray(orient(shape, 1.0).exterior.coords)
        edge_start, edge = ring[:-1], ring[1:] - ring[:-1]
        outward = np.column_stack([edge[:, 1], -edge[:, 0]])  # right of a counter-clockwise edge
        denom = d @ outward.T  # (lines, edges)
        numer = np.einsum("ek,ek->e", edge_start, outward)[None, :] - origin @ outward.T + tol
        with np.errstate(divide="ignore", invalid="ignore"):
            bound = numer / denom
        lo = np.where(denom < 0, bound, -np.inf).max(axis=1)
        hi = np.where(denom > 0, bound, np.inf).min(axis=1)
        parallel_out = ((denom == 0) & (numer < 0)).any(axis=1)
        return lo, np.where(parallel_out, -np.inf, hi)
    lines = shapely.linestrings(np.stack([origin - d * FAR, origin + d * FAR], axis=1))
    return _extent_along(shapely.intersection(lines, shape), origin, d)


def _extent_along(pieces: np.ndarray, origin: np.ndarray, d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Min and max position of each piece along its line (origin + s * d); lo > hi when empty."""
    coords, index = shapely.get_coordinates(pieces, return_index=True)
    s = np.einsum("ij,ij->i", coords - origin[index], d[index])
    lo = np.full(len(pieces), np.inf)
    hi = np.full(len(pieces), -np.inf)
    np.minimum.at(lo, index, s)
    np.maximum.at(hi, index, s)
    return lo, hi


TRACE_PARAMETERS = ("front_arc_degrees", "round_base_segments", "geometry_tolerance")


def trace_questions(field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook) -> tuple[str, ...]:
    """The interpretations a Trace between these units turns on, without reading any of them.

    The Trace sees the front arc only through the part of each target base inside it, so
    ``arc_origin`` or ``arc_boundary`` is in question only if some pair of bases gets a different
    in-arc part under its options (for either option of the other); ``trace_blockers`` only if a
    third unit is on the field. A reading whose question does not come up is not read, so the
    scenario does not depend on it, and ``rulecheck check`` need not re-run it under the other."""
    return _trace_questions(field.units, attacker, target, _TraceRules(_param_key(rules), rules))


def _param_key(rules: Rulebook) -> tuple:
    return tuple(rules.param(n) for n in TRACE_PARAMETERS)


@lru_cache(maxsize=256)
def _trace_questions(units, attacker: Unit, target: Unit, keyed: _TraceRules) -> tuple[str, ...]:
    rules = keyed.rules
    options = {n: list(rules.interpretations[n].options) for n in ARC_READINGS}
    combos = [
        {"arc_origin": o, "arc_boundary": b} for o in options["arc_origin"] for b in options["arc_boundary"]
    ]
    differs: set[str] = set()
    for a in attacker.bases:
        for t in target.bases:
            parts = [in_arc_part(a, t, rules, c) for c in combos]
            for i, j in combinations(range(len(combos)), 2):
                changed = [n for n in ARC_READINGS if combos[i][n] != combos[j][n]]
                if len(changed) == 1 and changed[0] not in differs and not parts[i].equals(parts[j]):
                    differs.add(changed[0])
    names = [n for n in ARC_READINGS if n in differs]
    if any(u.name not in (attacker.name, target.name) for u in units):
        names.append("trace_blockers")
    return tuple(names)


def trace(field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook) -> Trace:
    """MB-1.1: some attacker base reaches some target base, inside its front arc, unobstructed.

    Only the readings in question (``trace_questions``) are read; the others are settled by their
    default, which by construction gives the same Trace as any other option."""
    questions = trace_questions(field, attacker, target, rules)
    readings = tuple(
        (n, rules.interpretation(n) if n in questions else rules.interpretations[n].default)
        for n in (*ARC_READINGS, "trace_blockers")
    )
    keyed = _TraceRules((readings, _param_key(rules)), rules)
    return _trace(field.terrain, field.units, attacker, target, keyed)


class _TraceRules:
    """A rulebook compared only by the values the Trace reads, so results can be cached."""

    __slots__ = ("key", "rules")

    def __init__(self, key: tuple, rules: Rulebook):
        self.key, self.rules = key, rules

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TraceRules) and other.key == self.key


@lru_cache(maxsize=256)  # pure and costly: the same position is often asked again (odds, simulations)
def _trace(terrain, units, attacker: Unit, target: Unit, keyed: _TraceRules) -> Trace:
    rules = keyed.rules
    readings = dict(keyed.key[0])
    blockers = obstacles(Battlefield(units, terrain), attacker, target, rules, readings["trace_blockers"])
    any_in_arc = False
    all_blockers: set[str] = set()
    for a in attacker.bases:
        for t in target.bases:
            clear, segment, names, in_arc = trace_between(a, t, blockers, rules, readings)
            any_in_arc |= in_arc
            all_blockers |= names
            if clear:
                return Trace(True, a.name, t.name, segment, True, ())
    return Trace(False, in_arc=any_in_arc, blockers=tuple(sorted(all_blockers)))
