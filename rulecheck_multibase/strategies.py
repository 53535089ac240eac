"""Hypothesis strategies for multibase, in the manner of ``hypothesis.extra``: the game's objects
for property tests, and the positions ``rulecheck explore`` compares.

Engine objects (what the property tests under ``tests/`` draw):

* ``half_inches()`` and ``bases_on_a_grid()``: small round and rectangular bases on a half-inch
  lattice, so touching and at-the-limit distances are common;
* ``facings()``, ``turned_bases()`` and ``battlefields()``: bases turned any way (angles and
  direction vectors), and a table of an attacker, a target and a bystander with walls;
* ``coherency_rulebooks()`` and ``geometry_rulebooks()``: the book under each reading of the
  coherency and the arc, Trace and coherency clauses.

Explore positions (plain JSON, the scenario file's unit and terrain entries;
``rulecheck_multibase.evaluate`` loads one as a scenario file is loaded):

* ``attack_positions()``: Alpha attacks Bravo on a table laid out around what each clause decides
  (kind ``attack``); ``attack_positions(casualties=True)``: an attack that removes bases (kind
  ``casualties``).
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st
from shapely.geometry import Polygon

from rulecheck_multibase.engine.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit
from rulecheck_multibase.engine.geometry import base_distance, corners
from rulecheck_multibase.ruleset import _overlap, unit_from_entry
from rules.rulebook import load as load_rulebook

BOOK = load_rulebook("multibase")


# --- rulebooks ------------------------------------------------------------------------------------


def coherency_rulebooks() -> st.SearchStrategy:
    """The book under each of the four readings of coherency (connected or each within the
    distance; after all removals or after each)."""
    return st.sampled_from(
        [
            BOOK.with_changes(interpretations={"coherency": form, "multi_removal_coherency": removal})
            for form in ("connected", "each_within")
            for removal in ("after_all", "each_step")
        ]
    )


def geometry_rulebooks() -> st.SearchStrategy:
    """The book with a front arc of 90, 180 or 270 degrees and every reading of the arc's
    boundary and origin, what blocks a Trace, and coherency."""
    return st.builds(
        lambda arc, boundary, origin, blockers, coherency, removal: BOOK.with_changes(
            parameters={"front_arc_degrees": arc},
            interpretations={
                "arc_boundary": boundary,
                "arc_origin": origin,
                "trace_blockers": blockers,
                "coherency": coherency,
                "multi_removal_coherency": removal,
            },
        ),
        st.sampled_from([180, 90, 270]),
        st.sampled_from(["inside", "outside"]),
        st.sampled_from(["centre_line", "front_edge"]),
        st.sampled_from(["terrain_and_units", "terrain"]),
        st.sampled_from(["connected", "each_within"]),
        st.sampled_from(["after_all", "each_step"]),
    )


# --- bases and tables -----------------------------------------------------------------------------


def half_inches(most: float = 8.0) -> st.SearchStrategy[float]:
    """0 to ``most`` inches in half-inch steps."""
    return st.integers(min_value=0, max_value=int(most * 2)).map(lambda v: v / 2)


@st.composite
def bases_on_a_grid(draw, min_size: int = 1, max_size: int = 6) -> tuple[Base, ...]:
    """``b0``, ``b1``...: round bases (radius 1/4" or 1/2", facing 90) and 1" x 1/2" rectangles
    facing along an axis, on the half-inch lattice of 0-8", which may overlap."""
    n = draw(st.integers(min_size, max_size))
    out = []
    for i in range(n):
        x, y = draw(half_inches()), draw(half_inches())
        if draw(st.booleans()):
            out.append(Base(f"b{i}", "round", x, y, 90.0, radius=draw(st.sampled_from([0.25, 0.5]))))
        else:
            facing = float(draw(st.sampled_from([0, 90, 180, 270])))
            out.append(Base(f"b{i}", "rect", x, y, facing, width=1.0, depth=0.5))
    return tuple(out)


def facings() -> st.SearchStrategy:
    """A facing: a multiple of 45 degrees, any whole degree, or a direction vector (3-4-5)."""
    return st.one_of(
        st.integers(0, 7).map(lambda k: float(45 * k)),
        st.integers(0, 359).map(float),
        st.sampled_from([(3.0, 4.0), (-4.0, 3.0), (4.0, -3.0)]),
    )


@st.composite
def turned_bases(draw, prefix: str, n_min: int, n_max: int) -> tuple[Base, ...]:
    """``n_min`` to ``n_max`` bases named ``prefix0``...: round (radius 1/4" or 1/2") or
    rectangular (1" x 1/2" or 2" x 1"), on the half-inch lattice of 0-12", facing any way."""
    out = []
    lattice = half_inches(12.0)
    for i in range(draw(st.integers(n_min, n_max))):
        x, y = draw(lattice), draw(lattice)
        if draw(st.booleans()):
            out.append(
                Base(
                    f"{prefix}{i}", "round", x, y, draw(facings()), radius=draw(st.sampled_from([0.25, 0.5]))
                )
            )
        else:
            w, d = draw(st.sampled_from([(1.0, 0.5), (2.0, 1.0)]))
            out.append(Base(f"{prefix}{i}", "rect", x, y, draw(facings()), width=w, depth=d))
    return tuple(out)


def outline(b: Base) -> Polygon:
    """A base's outline as a polygon (a round base as a 16-gon)."""
    if b.shape == "round":
        return Polygon(
            [
                (b.x + b.radius * math.cos(t / 8 * math.pi), b.y + b.radius * math.sin(t / 8 * math.pi))
                for t in range(16)
            ]
        )
    return Polygon(corners(b))


TABLE_STATS = Stats(ranged_attack=3, melee_attack=2, range=9.0, courage=2, save=5, wounds=1)


@st.composite
def battlefields(draw, stats: Stats = TABLE_STATS) -> Battlefield:
    """Unit ``A`` (red, 1-3 bases ``a0``...), ``T`` (blue, 1-3 bases, maybe a wound taken) and
    perhaps ``O`` (green, up to 2 bases), no base on another (touching is allowed, and common
    on the lattice), and up to two rectangular walls."""
    a = draw(turned_bases("a", 1, 3))
    t = draw(turned_bases("t", 1, 3))
    o = draw(turned_bases("o", 0, 2))
    every = a + t + o
    for i, p in enumerate(every):
        for q in every[i + 1 :]:
            assume(outline(p).intersection(outline(q)).area < 1e-6)
    lattice = half_inches(12.0)
    terrain = []
    for k in range(draw(st.integers(0, 2))):
        x, y, w, h = (
            draw(lattice),
            draw(lattice),
            draw(st.sampled_from([0.5, 1, 2])),
            draw(st.sampled_from([0.5, 1, 3])),
        )
        terrain.append(Terrain(f"wall{k}", ((x, y), (x + w, y), (x + w, y + h), (x, y + h))))
    units = (
        Unit("A", "red", stats, a),
        Unit("T", "blue", stats, t, wounds=draw(st.integers(0, 1))),
        Unit("O", "green", stats, o),
    )
    return Battlefield(
        tuple(u for u in units if u.bases), tuple(terrain), Initiative(("red", "blue", "green"))
    )


# --- explore: attack positions --------------------------------------------------------------------
#
# Positions are built around what each clause decides, so that most of them reach the step a
# reading changes rather than stop at the Trace: the target stands where the attacker's arc
# line cuts it as often as squarely in front; walls and a third unit stand across the lines
# between the two units' bases, often across only some of them; the attacker's range is set from
# the distances its bases actually measure (at a base's distance, between two bases', around half
# range); the target's bases form chains and clumps whose gaps sit at, under and over the
# coherency distance, so removals break coherency, leave groups to push and destroy units; the
# player's choices (removals, pushes) are made by index where the engine leaves them open.

# Rectangles first: they shrink to them, and the engine's exact Trace (every line through two
# outline vertices) costs far more for a round base than for a 4-corner rectangle.
SHAPES = (
    {"shape": "rect", "width": 1.0, "depth": 1.0},
    {"shape": "rect", "width": 2.0, "depth": 1.0},
    {"shape": "round", "radius": 0.5},
    {"shape": "rect", "width": 1.0, "depth": 2.0},
    {"shape": "round", "radius": 1.0},
)
# Turns away from the unit's facing: square ones first (they shrink to them), then off the axes.
TURNS = (0, 90, -90, 180, 45, -45, 30, -30, 135, -60, 15)
SQUARE = 4  # the first four of TURNS and BEARINGS keep every edge on the axes
# Where the target stands, seen from the attacker's first base, in degrees off its facing: ahead,
# on the arc line (partly in the arc), just inside and outside it, behind.
BEARINGS = (0, 90, -90, 20, -20, 60, -60, 85, -85, 95, -95, 120, 180)
# Gaps between neighbouring bases, in inches: under, at and over the coherency distance (1").
GAPS = (0.5, 1.0, 1.5, 0.0, 2.0, 3.0, 0.25, 1.25)


def _extent(shape: dict[str, Any]) -> float:
    """Half the size of a base across its facing (its half-width, or its radius)."""
    return shape.get("radius", 0) or shape.get("width", 0) / 2


def _rotated(dx: float, dy: float, degrees: float) -> tuple[float, float]:
    c, s_ = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return dx * c - dy * s_, dx * s_ + dy * c


def _snap(v: float) -> float:
    """Positions on a 1/8-inch grid: short to write, and exact in binary."""
    return round(v * 8) / 8


@st.composite
def _bases(
    draw, prefix: str, x: float, y: float, facing: float, count: int, casualties: bool, own_turns: bool = True
):
    """``count`` bases of one shape, in a row across the facing with the gaps drawn, some rows
    folded back (a clump, so a base can have two neighbours), facings turned a little or not."""
    shape = draw(st.sampled_from(SHAPES[:2]) | st.sampled_from(SHAPES))
    across = _rotated(1.0, 0.0, facing - 90)  # along the row, to the unit's right
    back = _rotated(-1.0, 0.0, facing)
    size = 2 * _extent(shape)
    depth = shape.get("depth", 0) or 2 * shape.get("radius", 0)
    bases, along, row = [], 0.0, 0
    for i in range(count):
        if i:
            gap = draw(st.sampled_from(GAPS if casualties else GAPS[:3]))
            if casualties and draw(st.integers(0, 4)) == 4:  # start a second rank behind the first
                row, along = row + 1, draw(st.sampled_from([0.0, 0.5, 1.0])) * size
                gap = 0.0
            else:
                along += size + gap
        spread = draw(st.sampled_from([0, 0, 0.5, 1.0]))
        turn = draw(st.sampled_from([0, 0, 0, 0, 45, -45, 90, 180])) if own_turns else 0  # turned on its own
        bx = x + across[0] * along + back[0] * row * (depth + spread)
        by = y + across[1] * along + back[1] * row * (depth + spread)
        bases.append(
            {
                "name": f"{prefix}{i + 1}",
                **shape,
                "x": _snap(bx),
                "y": _snap(by),
                "facing": (facing + turn) % 360,
            }
        )
    return bases


@st.composite
def _unit(draw, name: str, faction: str, bases: list[dict[str, Any]], casualties: bool) -> dict[str, Any]:
    wounds = draw(st.integers(1, 2)) if casualties else draw(st.integers(1, 3))
    return {
        "name": name,
        "faction": faction,
        "stats": {
            "ranged_attack": draw(st.integers(1, 4)),
            "melee_attack": draw(st.integers(1, 3)),
            "range": 24.0,  # set from the measured distances in attack_positions
            "courage": draw(st.sampled_from([2, 3, 1, 4, 6, 9])),
            "save": draw(st.sampled_from([4, 5, 6, 2, 3])),
            "wounds": wounds,
        },
        "shaken": draw(st.booleans()),
        "activated": draw(st.integers(0, 3)) == 3,
        "dash": draw(st.integers(0, 3)) == 3,
        "wounds_taken": draw(st.integers(0, wounds - 1)),
        "bases": bases,
    }


def _centre(b: dict[str, Any]) -> tuple[float, float]:
    return b["x"], b["y"]


@st.composite
def _across(draw, a: dict[str, Any], b: dict[str, Any], name: str, turn: bool = True) -> dict[str, Any]:
    """A wall standing across the line between bases ``a`` and ``b``: at a point along it, square
    to it or turned, long enough to cover some of the lines between the two bases or all of them."""
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    t = draw(st.sampled_from([0.5, 0.3, 0.7, 0.15, 0.85]))
    px, py = ax + (bx - ax) * t, ay + (by - ay) * t
    length = math.hypot(bx - ax, by - ay)
    ux, uy = ((bx - ax) / length, (by - ay) / length) if length > 1e-9 else (1.0, 0.0)
    if turn and draw(st.booleans()):
        ux, uy = _rotated(ux, uy, draw(st.sampled_from([30, -30, 60, -60, 90])))
    # Sideways shifts and lengths that cover one side of the line only, or its middle, or all.
    shift = draw(st.sampled_from([0.0, 0.5, -0.5, 0.125, -0.125, 0.375, -0.375, 1.0, -1.0, 0.25, -0.25]))
    half = draw(st.sampled_from([1.0, 0.5, 0.75, 2.0, 0.25, 4.0]))
    thick = draw(st.sampled_from([0.25, 0.5]))
    cx, cy = px - uy * shift, py + ux * shift  # moved sideways off the line
    lx, ly = -uy * half, ux * half  # along the wall
    tx, ty = ux * thick / 2, uy * thick / 2  # its thickness
    polygon = [
        [_snap(cx - lx - tx), _snap(cy - ly - ty)],
        [_snap(cx + lx - tx), _snap(cy + ly - ty)],
        [_snap(cx + lx + tx), _snap(cy + ly + ty)],
        [_snap(cx - lx + tx), _snap(cy - ly + ty)],
    ]
    return {"name": name, "polygon": polygon}


@st.composite
def _cup(draw, a: dict[str, Any], b: dict[str, Any], name: str) -> dict[str, Any]:
    """A concave wall: a U around base ``b``, open towards ``a`` (a ruin with its doorway facing
    the attacker). Lines from ``a`` reach ``b`` through the opening; its convex hull would close it,
    so a Trace that treats polygon terrain as anything but its own outline rules otherwise."""
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    length = math.hypot(bx - ax, by - ay)
    ux, uy = ((bx - ax) / length, (by - ay) / length) if length > 1e-9 else (1.0, 0.0)
    reach = math.hypot(b.get("width", 0) / 2, b.get("depth", 0) / 2) or b.get("radius", 0)
    gap = draw(st.sampled_from([0.25, 0.5]))
    w, e = reach + gap, reach + gap  # clear of the base on its sides and behind it
    d = draw(st.sampled_from([1.0, 2.0, 0.5]))  # how far the arms reach towards the attacker
    t = 0.25
    outline = [(-d, w + t), (e + t, w + t), (e + t, -w - t), (-d, -w - t), (-d, -w), (e, -w), (e, w), (-d, w)]
    polygon = [[_snap(bx + u * ux - v * uy), _snap(by + u * uy + v * ux)] for u, v in outline]
    return {"name": name, "polygon": polygon}


def _separate(units: list[dict[str, Any]]) -> None:
    """Bases may touch but never stand on each other (a scenario refuses that): a base that
    overlaps one placed before it steps away from it, half an inch at a time, until it is clear.
    Moving instead of rejecting keeps every draw usable."""
    placed = []
    for u, unit in zip(units, [unit_from_entry(u) for u in units], strict=True):
        for entry, base in zip(u["bases"], unit.bases, strict=True):
            for _ in range(60):
                other = next((p for p in placed if _overlap(p, base)), None)
                if other is None:
                    break
                dx, dy = base.x - other.x, base.y - other.y
                length = math.hypot(dx, dy)
                dx, dy = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
                base = base.moved(_snap(dx * 0.5), _snap(dy * 0.5) or 0.125)
            if any(_overlap(p, base) for p in placed):
                base = _out_of_the_crowd(base, placed)
            entry["x"], entry["y"] = base.x, base.y
            placed.append(base)


def _out_of_the_crowd(base, placed: list) -> Any:
    """A base caught between two others (stepping away from one steps onto the other, back and
    forth) walks on one straight line away from the middle of the bases placed, until it stands
    clear; the line leaves every base behind, so the walk ends."""
    cx = sum(p.x for p in placed) / len(placed)
    cy = sum(p.y for p in placed) / len(placed)
    dx, dy = base.x - cx, base.y - cy
    length = math.hypot(dx, dy)
    dx, dy = (dx / length, dy / length) if length > 1e-9 else (0.0, 1.0)
    start = base
    for step in range(1, 400):  # half an inch a step: 200", far beyond any generated table
        if not any(_overlap(p, base) for p in placed):
            break
        base = start.moved(
            _snap(start.x + dx * 0.5 * step) - start.x, _snap(start.y + dy * 0.5 * step) - start.y
        )
    return base


def _distances(alpha: dict[str, Any], bravo: dict[str, Any]) -> list[float]:
    """Each attacker base's distance to the nearest target base, as the engine measures it."""
    a, b = unit_from_entry(alpha), unit_from_entry(bravo)
    return sorted(min(base_distance(x, y) for y in b.bases) for x in a.bases)


@st.composite
def _range(draw, distances: list[float]) -> float:
    """A maximum range that makes the measurement matter: exactly some base's distance (at the
    limit), between two bases' distances (in range from one base, not from the other), a little
    short of the nearest (out of range), around twice a distance (the half-range line), or long."""
    d = draw(st.just(distances[0]) | st.sampled_from(distances))  # the nearest measures, mostly
    pairs = [(x + y) / 2 for x, y in zip(distances, distances[1:], strict=False) if y - x > 0.2]
    # On the lines (the limit, half range) half the time; either side of them the other half.
    on_lines = st.sampled_from([d * 2, d])
    near = st.sampled_from([d * 2 + 0.5, d + 0.5, d * 2 - 0.5, d - 0.5, 24.0, d * 1.5, *pairs])
    value = draw(on_lines | near)
    return max(0.5, _snap(value))


# Attack scenes, each aimed at clauses a plain "target ahead" position rarely decides:
# ``flank``: the target on the attacker's arc line (partly in the arc) with a wall across one side
#   of it (arc_origin, arc_boundary, trace_target_part);
# ``screen``: a wall across the lines from one attacker base only, so the base that traces is not
#   the nearest one (range_from, and the range limit measured from either);
# ``melee``: close combat at touching distance, facings turned (close_combat_return, MB-4.4);
# ``tangent``: an exact boundary case (see ``_tangent``).
SCENES = ("open", "flank", "screen", "melee", "tangent")


def _reach(base: dict[str, Any], n: tuple[int, int]) -> float:
    """How far the base reaches along the whole-number direction ``n`` (n . p at its farthest
    point). Exact for a rectangle square to the axes, and for a circle when ``n`` is an axis."""
    if base["shape"] == "round":
        return n[0] * base["x"] + n[1] * base["y"] + base["radius"] * math.hypot(*n)
    upright = base["facing"] % 180 == 90
    hx, hy = (base["depth"], base["width"]) if not upright else (base["width"], base["depth"])
    return n[0] * base["x"] + n[1] * base["y"] + abs(n[0]) * hx / 2 + abs(n[1]) * hy / 2


def _moved(bases: list[dict[str, Any]], dx: float, dy: float) -> None:
    for b in bases:
        b["x"], b["y"] = b["x"] + dx, b["y"] + dy


@st.composite
def _tangent(draw) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], list]:
    """Exact boundary cases, which a readings' edge (and a planted off-by-tolerance change) needs
    and random placement almost never builds: (alpha bases, bravo bases, other units, terrain).

    ``arc``: the target's nearest base exactly touches the attacker's arc line (through the centre,
    or for a rectangle now and then its front edge), facing along an axis, or at 45 degrees with the
    target square to the axes so a corner touches (x + y is exact on the 1/8-inch grid).
    ``graze``: one attacker base and one target base face each other along an axis with the same
    width across the line; a third unit's base or a wall stands between them, exactly as wide as
    that lane (every clear line grazes it), wider on one side (one line grazes it), or wider on
    both (every line blocked)."""
    if draw(st.booleans()):  # arc
        facing = draw(st.sampled_from([90.0, 0.0, 180.0, 270.0]) | st.sampled_from([45.0, 135.0]))
        square = facing % 90 == 0
        shapes = SHAPES if square else [s for s in SHAPES if s["shape"] == "rect"]
        count = draw(st.integers(1, 3)) if square else 1
        alpha = draw(_bases("a", 0.0, 0.0, facing, count, False, own_turns=False))
        for b in alpha:  # the rectangle-only choice at 45 degrees
            if not square and b["shape"] == "round":
                b.update(shape="rect", width=1.0, depth=1.0)
                del b["radius"]
        n = {0.0: (1, 0), 90.0: (0, 1), 180.0: (-1, 0), 270.0: (0, -1), 45.0: (1, 1), 135.0: (-1, 1)}[facing]
        first = alpha[0]
        edge = square and first["shape"] == "rect" and draw(st.sampled_from([False, False, False, True]))
        apex = n[0] * first["x"] + n[1] * first["y"] + (first.get("depth", 0) / 2 if edge else 0.0)
        side = draw(st.sampled_from([1, -1]))  # along the arc line to the left, or past the row's end
        origin = first if side == 1 else alpha[-1]
        distance = draw(st.sampled_from([3.0, 2.0, 4.5, 6.0, 9.0]))
        lx, ly = -n[1] * side, n[0] * side  # along the line (a whole-number vector)
        turn = draw(st.sampled_from([0, 90, 180, -90]) if square else st.sampled_from([45, -45, 135, -135]))
        bravo = draw(
            _bases_in_a_row(
                "b",
                origin["x"] + lx * distance,
                origin["y"] + ly * distance,
                (facing + 180 + turn) % 360,
                shapes,
            )
        )
        over = max(_reach(b, n) for b in bravo) - apex  # moved back onto the line: its nearest touches
        _moved(bravo, *((0.0, -over / n[1]) if n[1] else (-over / n[0], 0.0)))
        return alpha, bravo, [], []
    facing = draw(st.sampled_from([90.0, 0.0, 180.0, 270.0]))
    shape = draw(st.sampled_from(SHAPES[:3]) | st.sampled_from(SHAPES))
    half = _extent(shape)  # half the lane's width
    alpha = [{"name": "a1", **shape, "x": 0.0, "y": 0.0, "facing": facing}]
    # The target: the same width across the lane (a rectangle turned a quarter when its depth fits).
    same = [(s, 0) for s in SHAPES if _extent(s) == half] + [
        (s, 90) for s in SHAPES if s["shape"] == "rect" and s["depth"] / 2 == half
    ]
    b_shape, b_turn = draw(st.sampled_from(same))
    gap = draw(st.sampled_from([4.0, 3.0, 6.0]))
    a_depth = shape.get("depth", 0) / 2 or half
    b_depth = (b_shape.get("depth", 0) if b_turn == 0 else b_shape.get("width", 0)) / 2 or half
    fx, fy = direction_exact(facing)
    reach = a_depth + gap + b_depth
    bravo = [
        {"name": "b1", **b_shape, "x": fx * reach, "y": fy * reach, "facing": (facing + 180 + b_turn) % 360}
    ]
    # The obstacle, centred in the gap: (half its width, its offset sideways).
    extent, offset = draw(
        st.sampled_from([(half, 0.0), (half + 0.5, 0.5), (half + 0.5, -0.5), (half + 0.5, 0.0)])
    )
    cx, cy = fx * (a_depth + gap / 2) - fy * offset, fy * (a_depth + gap / 2) + fx * offset
    kind = draw(st.sampled_from(["round", "rect", "wall"]))
    if kind == "wall":
        sx, sy = abs(fy) * extent + abs(fx) * 0.5, abs(fx) * extent + abs(fy) * 0.5
        polygon = [[cx - sx, cy - sy], [cx + sx, cy - sy], [cx + sx, cy + sy], [cx - sx, cy + sy]]
        return alpha, bravo, [], [{"name": "Wall", "polygon": polygon}]
    c_shape = (
        {"shape": "round", "radius": extent}
        if kind == "round"
        else {"shape": "rect", "width": 2 * extent, "depth": 1.0}
    )
    charlie = [{"name": "c1", **c_shape, "x": cx, "y": cy, "facing": facing}]
    return alpha, bravo, [charlie], []


def direction_exact(facing: float) -> tuple[int, int]:
    return {0.0: (1, 0), 90.0: (0, 1), 180.0: (-1, 0), 270.0: (0, -1)}[facing]


@st.composite
def _bases_in_a_row(draw, prefix: str, x: float, y: float, facing: float, shapes) -> list[dict[str, Any]]:
    """One to three bases of one of ``shapes`` in a row across ``facing``, not turned on their own."""
    shape = draw(st.sampled_from(list(shapes)))
    count = draw(st.integers(1, 3))
    gap = draw(st.sampled_from(GAPS[:3]))
    ax, ay = direction_exact(facing % 360) if facing % 90 == 0 else _rotated(1.0, 0.0, facing - 90)
    ax, ay = (ay, -ax) if facing % 90 == 0 else (ax, ay)  # to the unit's right
    step = 2 * _extent(shape) + gap
    return [
        {
            "name": f"{prefix}{i + 1}",
            **shape,
            "x": _snap(x + ax * step * i),
            "y": _snap(y + ay * step * i),
            "facing": facing,
        }
        for i in range(count)
    ]


@st.composite
def attack_positions(draw, casualties: bool = False) -> dict[str, Any]:
    """An attack (or, with ``casualties``, an attack that removes bases) of Alpha on Bravo."""
    scene = "open" if casualties else draw(st.sampled_from(SCENES))
    if scene == "tangent":
        alpha_bases, bravo_bases, others, terrain = draw(_tangent())
        alpha = draw(_unit("Alpha", "Red", alpha_bases, False))
        bravo = draw(_unit("Bravo", "Blue", bravo_bases, False))
        units = [alpha, bravo] + [
            draw(_unit("Charlie", draw(st.sampled_from(["Blue", "Red"])), bases, False)) for bases in others
        ]
        return draw(_attack(units, terrain, False, False))
    close = scene == "melee"
    # Square to the axes half the time: distances then fall on the 1/8-inch grid, and a range set
    # from them (at the limit, at half range) is exact in the scenario's table.
    square = st.sampled_from([90.0, 0.0, 180.0])
    # (flank: square always, so a target can touch the arc line exactly)
    alpha_facing = draw(square if scene == "flank" else square | st.sampled_from([45.0, 30.0]))
    most = 2 if casualties else 3
    count = draw(st.integers(2, 3)) if scene == "screen" else draw(st.integers(1, most))
    # flank: the unit's bases all face its way, so the target meets each one's arc line alike
    alpha_bases = draw(_bases("a", 0.0, 0.0, alpha_facing, count, False, own_turns=scene != "flank"))
    alpha = draw(_unit("Alpha", "Red", alpha_bases, False))
    # Bravo: ahead of Alpha's first base, on its arc line or behind it; in close combat at touch.
    if casualties:
        bearing = 0
    elif scene == "flank":
        bearing = draw(st.sampled_from([90, -90]) | st.sampled_from([85, -85, 95, -95]))
    else:
        bearing = draw(st.sampled_from(BEARINGS[:3]) | st.sampled_from(BEARINGS))
    if close:
        distance = draw(st.sampled_from([1.0, 1.5, 2.0, 1.25]))
    else:
        distance = draw(st.sampled_from([3.0, 6.0, 2.0, 4.5, 9.0, 12.0, 1.5]))
    first = alpha_bases[0]
    dx, dy = _rotated(1.0, 0.0, alpha_facing + bearing)
    bx, by = first["x"] + dx * distance, first["y"] + dy * distance
    if scene == "flank":  # across the arc line, or just touching it from either side
        shift = draw(st.sampled_from([0.0, 1.0, -1.0])) * 0.5  # half the depth of a 1" base
        fx, fy = _rotated(1.0, 0.0, alpha_facing)
        bx, by = bx + fx * shift, by + fy * shift
    turn = draw(st.sampled_from(TURNS[:SQUARE]) | st.sampled_from(TURNS))
    bravo_facing = (alpha_facing + 180 + turn) % 360
    count = draw(st.integers(3, 6)) if casualties else draw(st.integers(1, 3))
    bravo_bases = draw(_bases("b", bx, by, bravo_facing, count, casualties))
    bravo = draw(_unit("Bravo", "Blue", bravo_bases, casualties))
    if casualties:  # enough dice to remove bases
        alpha["stats"]["ranged_attack"] += 2
    units = [alpha, bravo]
    terrain = []
    if not casualties:
        # flank: half the time a wall across one side of the line from Alpha's first base to the
        # target's (where the Trace must reach the part inside the arc); else the line stays open
        # for a target just touching the arc line
        if scene == "flank" and draw(st.booleans()):
            terrain.append(draw(_across(alpha_bases[0], bravo_bases[0], "Wall", turn=False)))
        elif scene == "screen":  # across the lines from Alpha's nearest base (often it alone)
            b0 = bravo_bases[0]
            nearest = min(alpha_bases, key=lambda a: (a["x"] - b0["x"]) ** 2 + (a["y"] - b0["y"]) ** 2)
            terrain.append(draw(_across(nearest, b0, "Wall", turn=False)))
        for k in range(len(terrain), len(terrain) + draw(st.integers(0, 2 if scene == "open" else 1))):
            a = draw(st.sampled_from(alpha_bases))
            b = draw(st.sampled_from(bravo_bases))
            terrain.append(draw(_across(a, b, f"Wall {k + 1}" if k else "Wall")))
        if draw(st.integers(0, 4)) == 0:  # a ruin around the target, open towards the attacker
            terrain.append(draw(_cup(alpha_bases[0], bravo_bases[0], "Ruin")))
        if draw(st.booleans()):  # a third unit, often standing across the lines
            a, b = draw(st.sampled_from(alpha_bases)), draw(st.sampled_from(bravo_bases))
            t = draw(st.sampled_from([0.5, 0.3, 0.7]))
            shift = draw(st.sampled_from([0.0, 0.75, -0.75, 1.5]))
            (ax, ay), (bx2, by2) = _centre(a), _centre(b)
            along = math.degrees(math.atan2(by2 - ay, bx2 - ax))
            sx, sy = _rotated(1.0, 0.0, along + 90)  # sideways off the line
            px, py = ax + (bx2 - ax) * t + sx * shift, ay + (by2 - ay) * t + sy * shift
            # facing along the line first: its width then stands across every line between them
            facing = draw(st.sampled_from([float(round(along)) % 360, 0.0, 90.0, 45.0]))
            bases = draw(_bases("c", px, py, facing, draw(st.integers(1, 2)), False))
            charlie = draw(_unit("Charlie", draw(st.sampled_from(["Blue", "Red"])), bases, False))
            units.append(charlie)
    return draw(_attack(units, terrain, close, casualties))


@st.composite
def _attack(
    draw, units: list[dict[str, Any]], terrain: list, close: bool, casualties: bool
) -> dict[str, Any]:
    """The attack on a laid-out table: ranges set from the measured distances, cover, modifiers,
    bonus dice, the dice and the players' choices."""
    alpha, bravo = units[:2]
    _separate(units)
    distances = _distances(alpha, bravo)
    alpha["stats"]["range"] = draw(_range(distances)) if not casualties else max(24.0, distances[-1] + 1)
    bravo["stats"]["range"] = draw(st.sampled_from([alpha["stats"]["range"], 24.0, 6.0]))
    attack: dict[str, Any] = {"attacker": "Alpha", "target": "Bravo", "close_combat": close}
    if draw(st.integers(0, 2)) == 2:
        attack["in_cover"] = [draw(st.sampled_from(["Bravo", "Alpha"]))]
    for unit in ("Alpha", "Bravo"):
        modifier = draw(st.sampled_from([0, 0, 0, -1, 1, -2, 2, -3, 3, -5, 4]))
        if modifier:
            attack.setdefault("threshold_modifiers", {})[unit] = {"a special rule": modifier}
        bonus = draw(st.sampled_from([0, 0, 1, 2]))
        if bonus:
            attack.setdefault("bonus_dice", {})[unit] = {"a special rule": bonus}
    # Faces: mostly hits and failed saves where casualties are the point; anything otherwise.
    hit = st.integers(3, 6) if casualties else st.integers(1, 6)
    save = st.integers(1, 3) if casualties else st.integers(1, 6)
    dice = {
        u["name"]: {
            "to_hit": draw(st.lists(hit, min_size=24, max_size=24)),
            "save": draw(st.lists(save, min_size=24, max_size=24)),
        }
        for u in units[:2]
    }
    # The defending and owning players' choices: none (the engine lists them) or by index.
    pick = draw(st.none() | st.integers(0, 5))
    if pick is not None:
        attack["pick"] = pick
    return {"units": units, "terrain": terrain, "attack": attack, "dice": dice}
