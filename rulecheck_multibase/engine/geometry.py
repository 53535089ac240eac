"""Base geometry: shapes, closest-point distance, the front arc and the Trace (MB-1.1, MB-1.2, and
the distances Coherency uses).

A base is its *core* grown by a radius: a rectangular base is its polygon (radius 0), a round base
is its centre point grown by its radius. Every verdict treats a round base as a true circle:

- range and coherency: the distance between two bases is ``max(0, distance(core_a, core_b) - r_a -
  r_b)`` (centre to centre for two circles, centre to polygon for a circle and a rectangle);
- the front arc is one half-plane (180 degrees), the intersection of two (less) or the union of
  two (more), bounded by lines through the arc's apex; a base meets a half-plane when its support
  along the half-plane's normal (the farthest corner, or the centre plus the radius) reaches the line;
- the Trace clips each candidate line against rectangles, circles and arc half-planes in closed
  form, and a round base in the way blocks a line that passes nearer its centre than its radius.

Floating-point arithmetic rounds, so every comparison allows the one declared tolerance, the
rulebook parameter ``geometry_tolerance`` (1e-9 inch, far below any measurement on a table): a
base within it of the arc line touches the line, a range within it of the limit is at the limit.
Nothing else approximates: polygons with a fixed number of sides stand for circles only in drawings.

The Trace search is complete: if any unobstructed segment joins the two bases, one exists on a line
that touches two features of the scene (passes through two corners, through a corner tangent to a
circle, or tangent to two circles), because the set of clear lines is closed (grazing an obstacle
does not block) and bounded by such lines. Every such line is tried at once with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit
from rules.rulebook import Rulebook

FAR = 10_000.0  # inches: "infinitely" far for drawing arcs on any real table
DRAWING_SIDES = 128  # a round base drawn as a polygon; no verdict reads it


def direction(facing: float | Sequence[float]) -> tuple[float, float]:
    """Unit vector of a facing given in degrees, or as a direction vector such as (3, 4).

    A vector is only normalised, never turned into an angle and back; degrees that are multiples
    of 90 give exact axis vectors."""
    if not isinstance(facing, (int, float)):
        fx, fy = (float(v) for v in facing)
        length = math.hypot(fx, fy)
        return (fx / length, fy / length)
    quarter, rest = divmod(facing % 360, 90)
    if rest == 0:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[int(quarter)]
    rad = math.radians(facing)
    return (math.cos(rad), math.sin(rad))


def _turn(v: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``v`` turned counter-clockwise; quarter turns are exact."""
    quarter, rest = divmod(degrees % 360, 90)
    x, y = v
    for _ in range(int(quarter)):
        x, y = -y, x
    if rest == 0:
        return (x, y)
    c, s = math.cos(math.radians(rest)), math.sin(math.radians(rest))
    return (c * x - s * y, s * x + c * y)


def corners(base: Base) -> list[tuple[float, float]]:
    """A rectangular base's corners, counter-clockwise."""
    fx, fy = direction(base.facing)
    lx, ly = -fy, fx  # left of the facing
    hw, hd = base.width / 2, base.depth / 2
    return [
        (base.x + w * lx + d * fx, base.y + w * ly + d * fy)
        for w, d in ((-hw, hd), (hw, hd), (hw, -hd), (-hw, -hd))
    ]


def core(base: Base) -> BaseGeometry:
    """The shape that, grown by ``radius_of(base)``, is the base."""
    if base.shape == "round":
        return Point(base.x, base.y)
    return Polygon(corners(base))


def radius_of(base: Base) -> float:
    return base.radius if base.shape == "round" else 0.0


def footprint(base: Base, rules: Rulebook | None = None) -> BaseGeometry:
    """The base as a polygon, for drawings: exact for rectangles, a fine polygon for round bases."""
    if base.shape != "round":
        return core(base)
    return Point(base.x, base.y).buffer(base.radius, quad_segs=DRAWING_SIDES // 4)


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


def unit_distance(
    a: Unit, b: Unit, from_bases: tuple[Base, ...] | None = None, tol: float = 0.0
) -> Measurement:
    """Range between two units: the closest pair of their bases (MB-1.2), or of ``from_bases``
    of ``a`` and any base of ``b``. Pairs within ``tol`` (``geometry_tolerance``) of the closest
    are equally close, and the first of them in listing order is named: which base a tie names
    must not hang on rounding, or turning the table would change it."""
    pairs = [Measurement(base_distance(x, y), x.name, y.name) for x in from_bases or a.bases for y in b.bases]
    least = min(m.distance for m in pairs)
    return next(m for m in pairs if m.distance <= least + tol)


# --- front arc ----------------------------------------------------------------------------------
Cut = tuple[float, float, float]  # (nx, ny, b): the closed half-plane of points p with n . p >= b


def arc_apex(base: Base, rules: Rulebook) -> tuple[float, float]:
    """Where the arc's boundary passes: the centre, or the middle of the front edge."""
    if base.shape != "round" and rules.interpretation("arc_origin") == "front_edge":
        fx, fy = direction(base.facing)
        return (base.x + fx * base.depth / 2, base.y + fy * base.depth / 2)
    return (base.x, base.y)


def arc_cuts(base: Base, rules: Rulebook) -> tuple[str, list[Cut]]:
    """The front arc as half-planes: ("all", cuts) is their intersection, ("any", cuts) their union.

    Under arc_boundary=inside the lines move out by the tolerance (a base touching the line
    reaches it); under outside they move in by it (a base must reach strictly past the line)."""
    degrees = float(rules.param("front_arc_degrees"))
    if degrees >= 360:
        return "all", []
    tol = float(rules.param("geometry_tolerance"))
    slack = -tol if rules.interpretation("arc_boundary") == "inside" else tol
    facing = direction(base.facing)
    ox, oy = arc_apex(base, rules)
    half = degrees / 2
    normals = [facing] if degrees == 180 else [_turn(facing, half - 90), _turn(facing, 90 - half)]
    cuts = [(nx, ny, nx * ox + ny * oy + slack) for nx, ny in normals]
    return ("any" if degrees > 180 else "all"), cuts


@dataclass(frozen=True)
class Part:
    """A convex piece of a base: its rectangle (``ring``, counter-clockwise) or its circle
    (``disc`` = centre x, centre y, radius), cut by arc half-planes."""

    ring: tuple[tuple[float, float], ...] | None = None
    disc: tuple[float, float, float] | None = None
    cuts: tuple[Cut, ...] = ()


def part_of(base: Base) -> Part:
    if base.shape == "round":
        return Part(disc=(base.x, base.y, base.radius))
    return Part(ring=tuple(corners(base)))


def _clip_ring(ring: Sequence[tuple[float, float]], cuts: Sequence[Cut]) -> list[tuple[float, float]]:
    """The polygon ``ring`` cut by each half-plane (Sutherland-Hodgman); empty when nothing is left."""
    points = list(ring)
    for nx, ny, b in cuts:
        kept: list[tuple[float, float]] = []
        for i, p in enumerate(points):
            q = points[i - 1]
            sp, sq = nx * p[0] + ny * p[1] - b, nx * q[0] + ny * q[1] - b
            if (sp >= 0) != (sq >= 0):
                u = sq / (sq - sp)
                kept.append((q[0] + u * (p[0] - q[0]), q[1] + u * (p[1] - q[1])))
            if sp >= 0:
                kept.append(p)
        points = kept
    return points


def _meets_disc(disc: tuple[float, float, float], cuts: Sequence[Cut]) -> bool:
    """Does a circle meet the intersection of one or two half-planes? Centre distance vs radius."""
    cx, cy, r = disc
    outside = [(nx, ny, b, nx * cx + ny * cy - b) for nx, ny, b in cuts]
    if all(v >= 0 for *_, v in outside):
        return True
    nearest = []  # distances to points of the region; the closest point of the region is one of them
    for nx, ny, b, v in outside:
        if v < 0:  # the foot of the perpendicular on this line, if the other cuts keep it
            qx, qy = cx - v * nx, cy - v * ny
            if all(mx * qx + my * qy - c >= 0 for mx, my, c, _ in outside if (mx, my, c) != (nx, ny, b)):
                nearest.append(-v)
    if len(cuts) == 2:  # where the two lines cross
        (ax, ay, ab), (bx, by, bb) = cuts
        det = ax * by - ay * bx
        if det != 0:
            px, py = (ab * by - ay * bb) / det, (ax * bb - ab * bx) / det
            nearest.append(math.hypot(cx - px, cy - py))
    return bool(nearest) and min(nearest) <= r


def meets(part: Part) -> bool:
    """Is anything left of the base once the cuts are made?"""
    if part.ring is not None:
        return bool(_clip_ring(part.ring, part.cuts))
    return _meets_disc(part.disc, part.cuts)


def arc_parts(attacker: Base, target: Base, rules: Rulebook) -> list[Part]:
    """The convex pieces of ``target`` inside ``attacker``'s front arc (none when it is outside)."""
    return _parts_in_arc(*arc_cuts(attacker, rules), part_of(target))


def _parts_in_arc(mode: str, cuts: list[Cut], whole: Part) -> list[Part]:
    pieces = (
        [Part(whole.ring, whole.disc, tuple(cuts))]
        if mode == "all"
        else [Part(whole.ring, whole.disc, (cut,)) for cut in cuts]
    )
    return [p for p in pieces if meets(p)]


def in_arc(attacker: Base, target: Base, rules: Rulebook) -> bool:
    """MB-1.1: is some part of ``target`` inside ``attacker``'s front arc (interpretations
    arc_origin, arc_boundary)?"""
    return bool(arc_parts(attacker, target, rules))


def front_arc(base: Base, rules: Rulebook) -> BaseGeometry:
    """The front arc as a region, for drawings (verdicts use ``arc_cuts``)."""
    mode, cuts = arc_cuts(base, rules)
    if not cuts:
        return Point(base.x, base.y).buffer(FAR, quad_segs=4)
    planes = []
    for nx, ny, b in cuts:
        px, py = nx * b, ny * b  # the point of the line nearest the origin
        lx, ly = -ny, nx
        planes.append(
            Polygon(
                [
                    (px + lx * FAR, py + ly * FAR),
                    (px - lx * FAR, py - ly * FAR),
                    (px - lx * FAR + nx * FAR, py - ly * FAR + ny * FAR),
                    (px + lx * FAR + nx * FAR, py + ly * FAR + ny * FAR),
                ]
            )
        )
    return shapely.intersection_all(planes) if mode == "all" else shapely.union_all(planes)


# --- trace --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Trace:
    clear: bool
    from_base: str | None = None
    to_base: str | None = None
    segment: tuple[tuple[float, float], tuple[float, float]] | None = None
    in_arc: bool = False  # some target base is inside some attacker base's arc
    blockers: tuple[str, ...] = ()  # obstacles that cut at least one candidate line


@dataclass(frozen=True)
class Obstacle:
    name: str
    shape: BaseGeometry | None = None  # terrain and rectangular bases
    disc: tuple[float, float, float] | None = None  # round bases


def obstacles(field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook) -> list[Obstacle]:
    """What can obstruct a Trace between these two units (interpretation trace_blockers)."""
    found = [Obstacle(t.name, shape=Polygon(t.polygon)) for t in field.terrain if t.blocks_trace]
    others = [u for u in field.units if u.name not in (attacker.name, target.name)]
    # The reading is asked only when a third unit is on the table: otherwise no option can matter.
    if others and rules.interpretation("trace_blockers") == "terrain_and_units":
        for unit in others:
            for b in unit.bases:
                name = f"{unit.name}/{b.name}"
                if b.shape == "round":
                    found.append(Obstacle(name, disc=(b.x, b.y, b.radius)))
                else:
                    found.append(Obstacle(name, shape=core(b)))
    return found


def _key_points(part: Part) -> list[tuple[float, float]]:
    """Corners of the part, where candidate lines pivot (a superset does no harm)."""
    if part.ring is not None:
        return _clip_ring(part.ring, part.cuts)
    cx, cy, r = part.disc
    points = []
    for nx, ny, b in part.cuts:  # where each arc line crosses the circle
        v = b - (nx * cx + ny * cy)
        if abs(v) <= r:
            h = math.sqrt(r * r - v * v)
            points += [
                (cx + v * nx - h * ny, cy + v * ny + h * nx),
                (cx + v * nx + h * ny, cy + v * ny - h * nx),
            ]
    if len(part.cuts) == 2:
        (ax, ay, ab), (bx, by, bb) = part.cuts
        det = ax * by - ay * bx
        if det != 0:
            points.append(((ab * by - ay * bb) / det, (ax * bb - ab * bx) / det))
    return points


def _bounds(part: Part) -> tuple[float, float, float, float]:
    if part.ring is not None:
        xs, ys = zip(*part.ring, strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    cx, cy, r = part.disc
    return cx - r, cy - r, cx + r, cy + r


def trace_between(
    a: Base, t: Base, blockers: list[Obstacle], rules: Rulebook
) -> tuple[bool, tuple | None, set[str], bool]:
    """Is there a clear segment from base ``a`` to the part of base ``t`` in a's front arc?

    Returns (clear, segment, names of obstacles that cut some candidate, target in arc)."""
    tol = float(rules.param("geometry_tolerance"))
    parts = arc_parts(a, t, rules)
    if not parts:
        return False, None, set(), False
    if rules.interpretation("trace_target_part") == "whole_base":
        parts = [part_of(t)]  # the base is in the arc; the Trace may reach any of it
    names: set[str] = set()
    # reading: trace_attacker_part (where on the attacking base the Trace may start)
    if rules.interpretation("trace_attacker_part") == "any_point":
        a_part = part_of(a)
    else:  # the part of the base on or in front of the line through its centre, square to its facing
        centred = _Settled(rules, {"arc_origin": "centre_line"})
        a_part = _parts_in_arc(*arc_cuts(a, centred), part_of(a))[0]
    # reading: trace_grazing (asked only when something could obstruct: trace_questions)
    graze = tol if rules.interpretation("trace_grazing") == "clear" else -tol
    for t_part in parts:
        clear, segment, found = _trace_parts(a_part, t_part, blockers, tol, graze)
        names |= found
        if clear:
            return True, segment, names, True
    return False, None, names, True


def _trace_parts(a_part: Part, t_part: Part, blockers: list[Obstacle], tol: float, graze: float):
    """``graze`` is +tol when a line grazing an obstacle is clear (obstacles are tested shrunk by
    the tolerance) and -tol when grazing blocks (tested grown by it): the reading trace_grazing."""
    ax0, ay0, ax1, ay1 = _bounds(a_part)
    tx0, ty0, tx1, ty1 = _bounds(t_part)
    # Every segment from a to t lies in this box: obstacles elsewhere cannot matter.
    box = shapely.box(min(ax0, tx0), min(ay0, ty0), max(ax1, tx1), max(ay1, ty1))
    polygons, discs, pivots = [], [], []
    for o in blockers:
        if o.disc is not None:
            cx, cy, r = o.disc
            if r > tol and box.distance(Point(cx, cy)) < r + max(-graze, 0.0):
                discs.append((o.name, o.disc))
        elif o.shape.distance(box) <= max(-graze, 0.0):
            # shrunk: grazing an edge or corner does not block; grown: it does (trace_grazing)
            join = "round" if graze > 0 else "mitre"  # grown: corners stay corners, to pivot on
            shrunk = shapely.buffer(o.shape, -graze, join_style=join)
            if not shrunk.is_empty:
                polygons.append((o.name, shrunk))
                # Candidate lines pivot on the corners of the obstacle shrunk by half as much,
                # as they run tangent to a round obstacle half the tolerance inside it: such a
                # line grazes the obstacle, and it stays clear of the shrunk shape it is tested
                # against by a margin, so rounding cannot make it touch that shape (a line
                # through a corner of the tested shape itself touches it, and would count as
                # blocked or not depending on how the table is turned).
                pivots.append(shapely.buffer(o.shape, -graze * (0.5 if graze > 0 else 1.5), join_style=join))
    own_points = _key_points(a_part) + _key_points(t_part)
    own_discs = [p.disc for p in (a_part, t_part) if p.disc is not None]
    # Lines touching the two bases settle most cases; the obstacles' corners and circles are only
    # needed when all of those are blocked.
    lines = _candidate_lines(own_points, own_discs, tol)
    clear, segment, names = _first_clear(lines, a_part, t_part, polygons, discs, tol, graze)
    if clear or not (polygons or discs):
        return clear, segment, names
    points = own_points + [tuple(p) for g in pivots for p in shapely.get_coordinates(shapely.boundary(g))]
    # Tangents to a round obstacle pass half the tolerance outside it: a line that only grazes it
    # (within the tolerance) is clear, and rounding cannot tip such a tangent inside.
    # (When grazing blocks, they pass half the tolerance outside the grown obstacle instead.)
    grazing = [(cx, cy, r - graze * (0.5 if graze > 0 else 1.5)) for _, (cx, cy, r) in discs]
    lines = _candidate_lines(points, own_discs + grazing, tol)
    clear, segment, more = _first_clear(lines, a_part, t_part, polygons, discs, tol, graze)
    return clear, segment, names | more


def _candidate_lines(points, discs, tol: float) -> tuple[np.ndarray, np.ndarray]:
    """Lines (origin, unit direction) through two points, through a point tangent to a circle, and
    tangent to two circles."""
    origins, dirs = [], []
    pts = np.unique(np.asarray(points, dtype=float).reshape(-1, 2), axis=0)
    i, j = np.triu_indices(len(pts), k=1)
    origins.append(pts[i])
    dirs.append(pts[j] - pts[i])
    # Where no tangent exists (a point inside a circle, circles one inside the other) the
    # arithmetic gives NaN, and the NaN lines are dropped with the degenerate ones at the end: no
    # comparison decides which cases have tangents, so a point exactly on a circle gives the
    # tangent there and circles that exactly touch give their common tangent.
    with np.errstate(all="ignore"):
        for cx, cy, r in discs:
            rel = np.array([cx, cy]) - pts
            dist = np.hypot(rel[:, 0], rel[:, 1])
            for sign in (1.0, -1.0):
                angle = sign * np.arcsin(r / dist)
                c, s = np.cos(angle), np.sin(angle)
                ux, uy = rel[:, 0], rel[:, 1]
                origins.append(pts)
                dirs.append(np.column_stack([c * ux - s * uy, s * ux + c * uy]))
        for k, (c1x, c1y, r1) in enumerate(discs):
            for c2x, c2y, r2 in discs[k + 1 :]:
                dx, dy = c2x - c1x, c2y - c1y
                dist = math.hypot(dx, dy)
                if dist <= tol:
                    continue
                ux, uy = dx / dist, dy / dist
                for r2_signed in (r2, -r2):  # outer tangents, then inner ones
                    a = (r2_signed - r1) / dist  # the tangent's normal n has n . (c2 - c1) = r2' - r1
                    root = np.sqrt(1 - a * a)
                    for side in (root, -root):
                        nx, ny = a * ux - side * uy, a * uy + side * ux
                        origins.append(np.array([[c1x - nx * r1, c1y - ny * r1]]))  # the foot from c1
                        dirs.append(np.array([[-ny, nx]]))
    p0, d = np.vstack(origins), np.vstack(dirs)
    norm = np.hypot(d[:, 0], d[:, 1])
    keep = norm > tol  # False for NaN too
    return p0[keep], d[keep] / norm[keep, None]


def _first_clear(lines, a_part: Part, t_part: Part, polygons, discs, tol: float, graze: float):
    """The first clear stretch from a to t along the candidate lines, if any."""
    p0, d = lines
    a_lo, a_hi = _clip(a_part, p0, d, tol)
    t_lo, t_hi = _clip(t_part, p0, d, tol)
    hits_both = (a_lo <= a_hi) & (t_lo <= t_hi)
    if not hits_both.any():
        return False, None, set()
    p0, d = p0[hits_both], d[hits_both]
    a_lo, a_hi, t_lo, t_hi = a_lo[hits_both], a_hi[hits_both], t_lo[hits_both], t_hi[hits_both]
    # The shortest stretch of each line between the two bases: from a's side facing t to t's side.
    start = np.where(a_hi <= t_lo, a_hi, np.where(t_hi <= a_lo, a_lo, a_hi))
    end = np.where(a_hi <= t_lo, t_lo, np.where(t_hi <= a_lo, t_hi, a_hi))
    seg_from, seg_to = p0 + d * start[:, None], p0 + d * end[:, None]
    gap = np.abs(end - start) > tol  # bases that touch leave no room for an obstacle between them
    blocked = np.zeros(len(p0), dtype=bool)
    names: set[str] = set()
    if polygons:
        segments = shapely.linestrings(np.stack([seg_from, seg_to], axis=1))
        for name, geom in polygons:
            hit = shapely.intersects(geom, segments) & gap
            if hit.any():
                names.add(name)
            blocked |= hit
    for name, (cx, cy, r) in discs:
        run = seg_to - seg_from
        length2 = np.einsum("ij,ij->i", run, run)
        with np.errstate(all="ignore"):
            u = np.clip(np.einsum("ij,ij->i", np.array([cx, cy]) - seg_from, run) / length2, 0.0, 1.0)
        u = np.where(length2 > 0, u, 0.0)
        nearest = seg_from + run * u[:, None]
        hit = (np.hypot(nearest[:, 0] - cx, nearest[:, 1] - cy) < r - graze) & gap  # trace_grazing
        if hit.any():
            names.add(name)
        blocked |= hit
    if blocked.all():
        return False, None, names
    k = int(np.argmax(~blocked))
    segment = (tuple(map(float, seg_from[k])), tuple(map(float, seg_to[k])))
    return True, segment, names


def _clip(part: Part, origin: np.ndarray, d: np.ndarray, tol: float) -> tuple[np.ndarray, np.ndarray]:
    """Where each line (origin + s * d) enters and leaves the part grown by the tolerance:
    arrays lo, hi (lo > hi: it misses). Rectangles by Cyrus-Beck, circles by their chord, arc
    half-planes as one more bound each: all in closed form."""
    lo = np.full(len(origin), -np.inf)
    hi = np.full(len(origin), np.inf)
    if part.ring is not None:
        ring = np.asarray(part.ring + part.ring[:1])
        edge_start, edge = ring[:-1], ring[1:] - ring[:-1]
        outward = np.column_stack([edge[:, 1], -edge[:, 0]])  # right of a counter-clockwise edge
        length = np.hypot(outward[:, 0], outward[:, 1])
        denom = d @ outward.T  # (lines, edges)
        numer = np.einsum("ek,ek->e", edge_start, outward)[None, :] - origin @ outward.T + tol * length
        with np.errstate(all="ignore"):
            bound = numer / denom
        lo = np.maximum(lo, np.where(denom < 0, bound, -np.inf).max(axis=1))
        hi = np.minimum(hi, np.where(denom > 0, bound, np.inf).min(axis=1))
        hi = np.where(((denom == 0) & (numer < 0)).any(axis=1), -np.inf, hi)
    if part.disc is not None:
        cx, cy, r = part.disc
        rel = np.array([cx, cy]) - origin
        along = np.einsum("ij,ij->i", rel, d)
        room = (r + tol) ** 2 - (np.einsum("ij,ij->i", rel, rel) - along**2)
        half = np.sqrt(np.maximum(room, 0.0))
        lo = np.maximum(lo, np.where(room >= 0, along - half, np.inf))
        hi = np.minimum(hi, np.where(room >= 0, along + half, -np.inf))
    for nx, ny, b in part.cuts:
        nd = d @ np.array([nx, ny])
        slack = origin @ np.array([nx, ny]) - (b - tol)  # >= 0 where the origin is inside
        with np.errstate(all="ignore"):
            bound = -slack / nd
        lo = np.where(nd > 0, np.maximum(lo, bound), lo)
        hi = np.where(nd < 0, np.minimum(hi, bound), hi)
        hi = np.where((nd == 0) & (slack < 0), -np.inf, hi)
    return lo, hi


TRACE_RULES = (
    (
        "arc_origin",
        "arc_boundary",
        "trace_blockers",
        "trace_target_part",
        "trace_attacker_part",
        "trace_grazing",
    ),
    ("front_arc_degrees", "geometry_tolerance"),
)


def trace(field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook) -> Trace:
    """MB-1.1: some attacker base reaches some target base, inside its front arc, unobstructed.

    Only the readings in question (``trace_questions``) are asked of the rulebook; the others
    cannot change this Trace, so their defaults stand in (no reading is recorded for them, and
    `rulecheck check` does not re-run the scenario under their other options)."""
    interpretations, parameters = TRACE_RULES
    asked = trace_questions(field, attacker, target, rules)
    settled = {
        n: rules.interpretation(n) if n in asked else rules.interpretations[n].default
        for n in interpretations
    }
    if "trace_attacker_part" not in asked:
        # Not a question here: both options give the same verdict and bases (see
        # _attacker_part_question), but the line drawn should still start where the option says.
        settled["trace_attacker_part"] = rules.chosen.get(
            "trace_attacker_part", settled["trace_attacker_part"]
        )
    key = tuple(settled[n] for n in interpretations) + tuple(rules.param(n) for n in parameters)
    return _trace(field.terrain, field.units, attacker, target, _TraceRules(key, _Settled(rules, settled)))


ARC_READINGS = ("arc_origin", "arc_boundary", "trace_target_part")


def trace_questions(field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook) -> tuple[str, ...]:
    """The Trace readings whose options could change this Trace.

    ``trace_blockers`` only when a third unit is on the table. The arc readings only when some
    target base is neither wholly inside nor wholly outside the arc of some attacker base under
    every combination of ``arc_origin`` and ``arc_boundary``: a base wholly inside offers the
    same part to trace to under every option, a base wholly outside none."""
    asked: list[str] = []
    if any(u.name not in (attacker.name, target.name) for u in field.units):
        asked.append("trace_blockers")
    combos = [
        _Settled(rules, {"arc_origin": o, "arc_boundary": b})
        for o in rules.interpretations["arc_origin"].options
        for b in rules.interpretations["arc_boundary"].options
    ]
    # Each arc once per attacker base and reading, each target base's outline once: this runs
    # for every attack (and twice in the target check), over every pair of bases.
    wholes = [part_of(t) for t in target.bases]
    for a in attacker.bases if wholes else ():
        arcs = [arc_cuts(a, c) for c in combos]
        for whole in wholes:
            seen = {_arc_class(mode, cuts, whole) for mode, cuts in arcs}
            if seen != {"inside"} and seen != {"outside"}:
                arc = [*asked, *ARC_READINGS]
                part = _attacker_part_question(field, attacker, target, rules, arc)
                return (*arc, *part, *_grazing_question(field, attacker, target, rules, [*arc, *part]))
    part = _attacker_part_question(field, attacker, target, rules, asked)
    return (*asked, *part, *_grazing_question(field, attacker, target, rules, [*asked, *part]))


def _grazing_question(
    field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook, asked: list[str]
) -> tuple[str, ...]:
    """("trace_grazing",) when its options give this Trace a different verdict or bases: only a
    line that passes within the tolerance of an obstacle can tell them apart, so both Traces are
    computed (when anything could obstruct) and compared."""
    if not any(t.blocks_trace for t in field.terrain) and "trace_blockers" not in asked:
        return ()
    interpretations, parameters = TRACE_RULES
    found = []
    for option in rules.interpretations["trace_grazing"].options:
        settled = {n: rules.interpretations[n].default for n in interpretations}
        settled.update({n: rules.interpretation(n) for n in asked})
        settled["trace_grazing"] = option
        key = tuple(settled[n] for n in interpretations) + tuple(rules.param(n) for n in parameters)
        t = _trace(field.terrain, field.units, attacker, target, _TraceRules(key, _Settled(rules, settled)))
        found.append((t.clear, t.from_base, t.to_base) if t.clear else (False,))
    return () if len(set(found)) == 1 else ("trace_grazing",)


def _attacker_part_question(
    field: Battlefield, attacker: Unit, target: Unit, rules: Rulebook, asked: list[str]
) -> tuple[str, ...]:
    """("trace_attacker_part",) when its options could change this Trace. Lines from the front
    half are lines from the whole base, so front_half can only lose lines: it changes nothing when
    no obstacle is on the table, or when the Trace found from the whole base already starts in
    the front half of its base."""
    if not field.terrain and "trace_blockers" not in asked:
        return ()
    settled = {n: rules.interpretations[n].default for n in TRACE_RULES[0]}
    settled.update({n: rules.interpretation(n) for n in asked})
    settled["trace_attacker_part"] = "any_point"
    interpretations, parameters = TRACE_RULES
    key = tuple(settled[n] for n in interpretations) + tuple(rules.param(n) for n in parameters)
    whole = _trace(field.terrain, field.units, attacker, target, _TraceRules(key, _Settled(rules, settled)))
    if not whole.clear:
        return ("trace_attacker_part",)  # the obstacles named could differ
    base = next(b for b in attacker.bases if b.name == whole.from_base)
    fx, fy = direction(base.facing)
    (sx, sy), _ = whole.segment
    ahead = (sx - base.x) * fx + (sy - base.y) * fy
    if ahead >= -float(rules.param("geometry_tolerance")):
        return ()
    settled["trace_attacker_part"] = "front_half"
    key = tuple(settled[n] for n in interpretations) + tuple(rules.param(n) for n in parameters)
    front = _trace(field.terrain, field.units, attacker, target, _TraceRules(key, _Settled(rules, settled)))
    same = front.clear and (front.from_base, front.to_base) == (whole.from_base, whole.to_base)
    return () if same else ("trace_attacker_part",)


def _arc_class(mode: str, cuts: list[Cut], whole: Part) -> str:
    """ "inside" (the whole base), "outside" (no part of it) or "partial"."""
    if not cuts:
        return "inside"
    if whole.disc is not None:
        cx, cy, r = whole.disc
        margins = [nx * cx + ny * cy - b - r for nx, ny, b in cuts]
    else:
        margins = [min(nx * x + ny * y - b for x, y in whole.ring) for nx, ny, b in cuts]
    if (all if mode == "all" else any)(m >= 0 for m in margins):
        return "inside"
    return "partial" if _parts_in_arc(mode, cuts, whole) else "outside"


class _Settled:
    """A rulebook whose answers to some interpretations are fixed (the Trace's settled readings);
    every other question goes to the rulebook itself."""

    __slots__ = ("rules", "settled")

    def __init__(self, rules: Rulebook, settled: dict[str, str]):
        self.rules, self.settled = rules, settled

    def interpretation(self, name: str) -> str:
        return self.settled[name] if name in self.settled else self.rules.interpretation(name)

    def param(self, name: str):
        return self.rules.param(name)

    def __getattr__(self, name: str):
        return getattr(self.rules, name)


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
    blockers = obstacles(Battlefield(units, terrain), attacker, target, rules)
    any_in_arc = False
    all_blockers: set[str] = set()
    for a in attacker.bases:
        for t in target.bases:
            clear, segment, names, in_arc_here = trace_between(a, t, blockers, rules)
            any_in_arc |= in_arc_here
            all_blockers |= names
            if clear:
                return Trace(True, a.name, t.name, segment, True, ())
    return Trace(False, in_arc=any_in_arc, blockers=tuple(sorted(all_blockers)))
