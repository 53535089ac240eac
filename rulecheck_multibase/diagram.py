"""SVG diagrams of multibase positions, drawn from the engine's own geometry.

The bases are ``rulecheck_multibase.engine.geometry.footprint`` polygons (the same inscribed polygon the Trace
uses for round bases), the front arcs are ``front_arc`` clipped to the table shown, the range is
``unit_distance`` (closest base to closest base, MB-1.2) and the Trace is the segment ``trace``
found (MB-1.1). Nothing here decides a rule.

Table coordinates are inches with y pointing up the table (facing 90 faces +y); the SVG flips y so
the picture reads like the table seen from above.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rulecheck import svg
from rulecheck.drawing import CELL_PAIR, DrawOptionError, arrow
from rulecheck.label_layout import Boxes, Placed, place, text_box
from rulecheck.palette import c, using
from rulecheck.svg import sub
from rulecheck.svg_legend import draw_title, legend, legend_height, text_width, wrap_title, wrapped
from rulecheck.wording import plural
from rulecheck_multibase.engine.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit
from rulecheck_multibase.engine.geometry import core, direction, footprint, front_arc
from rules.rulebook import Rulebook

SCALE = 28.0  # SVG units per inch, at least
MIN_TABLE_WIDTH = 480.0  # a small table is drawn larger, so its labels stay readable


def battlefield_to_json(field: Battlefield) -> dict[str, Any]:
    """What a feature run stores so the docs site can redraw the position."""
    return asdict(field)


def battlefield_from_json(data: Mapping[str, Any]) -> Battlefield:
    units = tuple(
        Unit(
            **{
                **u,
                "stats": Stats(**u["stats"]),
                "bases": tuple(Base(**b) for b in u["bases"]),
            }
        )
        for u in data["units"]
    )
    terrain = tuple(
        Terrain(t["name"], tuple(tuple(p) for p in t["polygon"]), t["blocks_trace"]) for t in data["terrain"]
    )
    init = data.get("initiative") or {}
    return Battlefield(
        units,
        terrain,
        Initiative(tuple(init.get("pool", ())), tuple(init.get("discarded", ()))),
        tuple(data.get("destroyed", ())),
    )


# A faction named after a colour is drawn in that colour, so "Red: Alpha" never sits beside a
# blue swatch; the others take the remaining colours in order of appearance.
# (palette keys; a caller who recolours side-2 recolours Red)
NAMED_COLOURS = {"blue": "side-1", "red": "side-2", "green": "side-3", "purple": "side-4", "orange": "side-5"}
FACTION_COLOURS = ("side-1", "side-2", "side-3", "side-4", "side-5")


def _colour(field: Battlefield, faction: str) -> str:
    named = NAMED_COLOURS.get(faction.strip().lower())
    if named:
        return c(named)
    factions = [
        f for f in dict.fromkeys(u.faction for u in field.units) if f.strip().lower() not in NAMED_COLOURS
    ]
    taken = {
        NAMED_COLOURS[f.strip().lower()]
        for f in (u.faction for u in field.units)
        if f.strip().lower() in NAMED_COLOURS
    }
    free = [k for k in FACTION_COLOURS if k not in taken] or list(FACTION_COLOURS)
    return c(free[factions.index(faction) % len(free)])


class _View:
    """Inches to SVG units: scale, flip y, shift so the shown table starts at the margin; turned,
    the table seen from its other side (rotated 180 degrees)."""

    def __init__(self, bounds: tuple[float, float, float, float], header: float, turned: bool = False):
        self.x0, self.y0, self.x1, self.y1 = bounds
        self.header = header
        self.turned = turned
        self.scale = max(SCALE, min(2.5 * SCALE, MIN_TABLE_WIDTH / (self.x1 - self.x0)))

    def pt(self, x: float, y: float) -> tuple[float, float]:
        if self.turned:
            return ((self.x1 - x) * self.scale, self.header + (y - self.y0) * self.scale)
        return ((x - self.x0) * self.scale, self.header + (self.y1 - y) * self.scale)

    def path(self, geom: BaseGeometry) -> str:
        """An SVG path for a polygon, multipolygon or line (holes kept with evenodd)."""
        parts = []
        for g in getattr(geom, "geoms", [geom]):
            if g.is_empty:
                continue
            rings = [g.exterior, *g.interiors] if isinstance(g, Polygon) else [g]
            for ring in rings:
                coords = [self.pt(x, y) for x, y in ring.coords]
                closing = " Z" if isinstance(g, Polygon) else ""
                parts.append("M " + " L ".join(f"{x:.2f},{y:.2f}" for x, y in coords) + closing)
        return " ".join(parts)


@dataclass(frozen=True)
class MultibaseSight:
    """The engine's Trace (MB-1.1) and range measure (MB-1.2) between two units, and where long
    range starts (MB-3.2: inches, threshold modifier), as ``rulecheck_multibase.draw`` found them."""

    clear: bool
    segment: tuple[tuple[float, float], tuple[float, float]] | None = None
    from_base: str | None = None
    to_base: str | None = None
    in_arc: bool = False
    blockers: tuple[str, ...] = ()
    distance: float | None = None
    range_from: str | None = None
    range_to: str | None = None
    long_range: tuple[float, int] | None = None
    tolerance: float = 1e-6


@dataclass(frozen=True)
class MultibaseRuling:
    """What the engine decided about a multibase scenario, ready to draw."""

    attacker: str | None = None
    target: str | None = None
    ranged: bool = True
    sight: MultibaseSight | None = None
    outcome: Mapping[str, Any] | None = None
    modifiers: tuple[tuple[str, int], ...] = ()  # to-hit threshold modifiers applied (MB-3.2)
    in_cover: tuple[str, ...] = ()
    rules: Rulebook | None = None  # the rulebook it was resolved under (base shapes, arcs)

    def draw(self, scenario, *, arrows=(), highlights=(), **options: Any) -> str:
        """This ruling drawn over ``scenario`` (``rulecheck.drawing.draw_svg`` checks the options
        every picture shares; the points of arrows and highlights are read here, on this table)."""
        point = table_point(scenario.field, self.rules)
        return draw_scenario(
            scenario,
            self,
            arrows=tuple((point(a), point(b)) for a, b in arrows),
            highlights=tuple(piece_name(scenario.field, h) for h in highlights),
            **options,
        )


TABLE_REACH = 72.0  # inches around the pieces a multibase arrow may reach (a 6-foot table)


def table_point(field, rules):
    """A parser of a caller's point on this table: ``x,y`` in inches, a unit, a base or UNIT/BASE."""
    from shapely import total_bounds, union_all

    from rulecheck_multibase.engine.geometry import footprint

    shapes = [footprint(b, rules) for u in field.units for b in u.bases]
    x0, y0, x1, y1 = total_bounds(shapes) if shapes else (0.0, 0.0, 0.0, 0.0)

    def point(text: str) -> tuple[float, float]:
        found = CELL_PAIR.fullmatch(str(text))
        if found:
            x, y = float(found.group(1)), float(found.group(2))
            if not (x0 - TABLE_REACH <= x <= x1 + TABLE_REACH and y0 - TABLE_REACH <= y <= y1 + TABLE_REACH):
                raise DrawOptionError(
                    "--arrow", f'point {x:g},{y:g} is off the table (more than 72" from every base)'
                )
            return (x, y)
        name = piece_name(field, text, "--arrow")
        bases = [b for u in field.units for b in u.bases if name in (u.name, b.name, f"{u.name}/{b.name}")]
        centre = union_all([footprint(b, rules) for b in bases]).centroid
        return (centre.x, centre.y)

    return point


def piece_name(field, text: str, option: str = "--highlight") -> str:
    """The unit or base ``text`` names (``UNIT/BASE`` gives the base's own name)."""
    for u in field.units:
        if text == u.name:
            return text
        for b in u.bases:
            if text in (b.name, f"{u.name}/{b.name}"):
                return b.name
    raise DrawOptionError(
        option, f"{text!r} is neither a unit nor a base of this scenario (a unit, a base or UNIT/BASE)"
    )


def draw_battlefield(
    field: Battlefield,
    rules: Rulebook,
    *,
    title: str = "",
    attacker: str | None = None,
    target: str | None = None,
    ranged: bool = True,
    outcome: Mapping[str, Any] | None = None,
    sight: MultibaseSight | None = None,
    modifiers: tuple[tuple[str, int], ...] = (),
    in_cover: tuple[str, ...] = (),
    size: float | None = None,
    turned: bool = False,
    coordinates: bool = True,
    colors: Mapping[str, str] | None = None,
    arrows: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = (),
    highlights: tuple[str, ...] = (),
) -> str:
    """The battlefield as a standalone SVG; with an attacker and target, the arcs, range and
    Trace (``sight``, as the engine found it); with the attack's ``outcome``
    (``AttackResult.outcome()``), the bases it removed crossed out and each unit's state after it
    (Shaken, wounds kept, destroyed), with cover and long range when they changed the threshold.
    The rest are the caller's choices: ``size`` (width in px), ``turned`` (seen from the other
    side of the table), ``coordinates`` (the inch grid and its numbers), ``colors``
    (``rulecheck.palette.COLORS`` keys), ``arrows`` (pairs of table points, inches) and
    ``highlights`` (unit or base names).

    The drawing resolves nothing: the caller hands the ``sight`` the engine found
    (``rulecheck_multibase.draw.multibase_sight``); without one, no Trace is drawn."""
    with using(colors):
        return _draw_battlefield(
            field,
            rules,
            title,
            attacker,
            target,
            ranged,
            outcome,
            sight,
            modifiers,
            in_cover,
            size,
            turned,
            coordinates,
            arrows,
            highlights,
        )


def _draw_battlefield(
    field,
    rules,
    title,
    attacker,
    target,
    ranged,
    outcome,
    sight,
    modifiers,
    in_cover,
    size,
    turned,
    coordinates,
    arrows,
    highlights,
) -> str:
    shapes = [footprint(b, rules) for u in field.units for b in u.bases]
    shapes += [Polygon(t.polygon) for t in field.terrain]
    shapes += [shapely.Point(p) for pair in arrows for p in pair]
    shapes += _long_range_mark(field, attacker, target, sight, rules)
    x0, y0, x1, y1 = shapely.total_bounds(shapes) if shapes else (0, 0, 10, 10)
    pad = 2.0
    bounds = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    table = box(*bounds)
    a_unit = field.unit(attacker) if attacker and field.has_unit(attacker) else None
    t_unit = field.unit(target) if target and field.has_unit(target) else None

    notes: list[tuple[str | None, str]] = []
    view = _View(bounds, 0.0, turned)
    table_w = (bounds[2] - bounds[0]) * view.scale
    table_h = (bounds[3] - bounds[1]) * view.scale
    body = ET.Element("g", {"class": "table-layer"})  # moved into the document once its size is known
    obstacles = Boxes()
    labels = ET.Element("g", {"class": "labels"})

    sub(body, "rect", class_="table", x=0, y=0, width=table_w, height=table_h, fill=c("table"))
    if coordinates:
        _grid(body, view, bounds, labels, obstacles)
    for t in field.terrain:
        g = sub(body, "g", class_="terrain", data_name=t.name)
        sub(g, "title", t.name + ("" if t.blocks_trace else " (does not block a Trace)"))
        sub(
            g,
            "path",
            d=view.path(Polygon(t.polygon)),
            fill=c("table-terrain"),
            fill_opacity=0.7,
            stroke="#555",
        )
        cx, cy = view.pt(*Polygon(t.polygon).centroid.coords[0])
        _fixed_text(labels, obstacles, t.name, cx, cy + 4, 10, class_="terrain-name", fill="#ffffff")

    if a_unit is not None:
        colour = _colour(field, a_unit.faction)
        # One shape for all the attacker's arcs (overlapping translucent arcs would darken), cut
        # to the ground between the attacker and a little beyond its target, so the shading
        # shows where the target stands without flooding the picture.
        arcs = shapely.union_all([front_arc(b, rules) for b in a_unit.bases])
        body_shape = shapely.union_all([footprint(b, rules) for b in a_unit.bases])
        reach_out = (sight.distance if sight and sight.distance is not None else 5.0) + 1.0
        shaded = arcs.intersection(body_shape.buffer(reach_out)).intersection(table)
        sub(
            body,
            "path",
            class_="front-arc",
            d=view.path(shaded),
            fill=colour,
            fill_opacity=0.08,
            stroke=colour,
            stroke_opacity=0.5,
            stroke_dasharray="4,3",
        )
        notes.append(
            (
                f"fill:{_tint(colour, 0.08)}",
                f"{a_unit.name}: front arcs ({rules.param('front_arc_degrees')} degrees), shaded up to its target",
            )
        )
        if ranged and a_unit.stats.range > 0:
            _range_line(body, view, table, body_shape, a_unit.stats.range, c("range"), "max-range", "10,4")
            edge = body_shape.buffer(a_unit.stats.range).boundary.intersection(table)
            if not edge.is_empty:
                notes.append(
                    (f"dashed-line:{c('range')}", f"{a_unit.name}'s maximum range, {a_unit.stats.range:g}\"")
                )
            else:
                inside = (
                    "everything shown is within it"
                    if body_shape.buffer(a_unit.stats.range).contains(table)
                    else "its edge lies beyond the picture"
                )
                notes.append((None, f"{a_unit.name}'s maximum range is {a_unit.stats.range:g}\": {inside}"))
            if sight is not None and sight.long_range is not None:
                at, step = sight.long_range
                drawn = _range_line(body, view, table, body_shape, at, c("long-range"), "long-range", "3,3")
                where = "" if drawn else " (beyond the picture)"
                beyond = sight.distance is not None and sight.distance > at + sight.tolerance
                notes.append(
                    (
                        f"dashed-line:{c('long-range')}",
                        f'long range starts beyond {at:g}"{where}: threshold {step:+d} to hit (MB-3.2); '
                        f"{t_unit.name if t_unit else 'the target'} is {'beyond' if beyond else 'within'} it",
                    )
                )

    after = (outcome or {}).get("units", {})
    for u in field.units:
        _draw_unit(body, view, field, u, rules, after.get(u.name), labels, obstacles, set(highlights))
    for u in field.units:  # the range and Trace labels below keep off every base
        for b in u.bases:
            bx0, by0, bx1, by1 = footprint(b, rules).bounds
            (ax, ay), (bx, by) = view.pt(bx0, by0), view.pt(bx1, by1)
            obstacles.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))

    if a_unit is not None and t_unit is not None and sight is not None:
        if ranged and sight.distance is not None:
            ba, bt = a_unit.base(sight.range_from), t_unit.base(sight.range_to)
            pa, pb = nearest_points(core(ba), core(bt))
            line = _closest_segment(a_unit, t_unit, sight.range_from, sight.range_to, pa, pb)
            (ax, ay), (bx, by) = view.pt(*line.coords[0]), view.pt(*line.coords[1])
            g = sub(body, "g", class_="range-line", data_from=sight.range_from, data_to=sight.range_to)
            sub(
                g,
                "line",
                x1=ax,
                y1=ay,
                x2=bx,
                y2=by,
                stroke=c("range"),
                stroke_width=1.5,
                stroke_dasharray="2,3",
            )
            within = sight.distance <= a_unit.stats.range + sight.tolerance
            notes.append(
                (
                    f"dashed-line:{c('range')}",
                    f'range {sight.distance:.3g}" ({a_unit.name}/{sight.range_from} to {t_unit.name}/{sight.range_to}), '
                    f'{"within" if within else "beyond"} {a_unit.stats.range:g}"',
                )
            )
            _placed_text(
                labels,
                obstacles,
                f'{sight.distance:.3g}"',
                11,
                [((ax + bx) / 2 + 16, (ay + by) / 2), ((ax + bx) / 2 - 16, (ay + by) / 2)],
                class_="range-distance",
            )
        if sight.clear and sight.segment is not None:
            (ax, ay), (bx, by) = view.pt(*sight.segment[0]), view.pt(*sight.segment[1])
            g = sub(body, "g", class_="trace clear", data_from=sight.from_base, data_to=sight.to_base)
            sub(g, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke=c("trace"), stroke_width=2.5)
            for x, y in ((ax, ay), (bx, by)):
                sub(g, "circle", cx=x, cy=y, r=3, fill=c("trace"), stroke="#fff")
            notes.append(
                (
                    f"line:{c('trace')}",
                    f"clear Trace {a_unit.name}/{sight.from_base} -> {t_unit.name}/{sight.to_base}: the first clear "
                    "segment the engine found (dots at its ends); one is enough (MB-1.1)",
                )
            )
            _placed_text(
                labels,
                obstacles,
                f"Trace {sight.from_base}->{sight.to_base}",
                10,
                [
                    (ax + (bx - ax) * t + dx, ay + (by - ay) * t)
                    for t in (0.3, 0.45, 0.6, 0.75)
                    for dx in (-34.0, 34.0)
                ],
                class_="trace-label",
                fill=c("trace"),
            )
        else:
            why = (
                f"obstructed by {', '.join(sight.blockers)}"
                if sight.in_arc
                else "no target base in a front arc"
            )
            # The legend's cross, drawn halfway between the two units' first bases: the group
            # the legend names must show something.
            (ax, ay) = view.pt(a_unit.bases[0].x, a_unit.bases[0].y)
            (bx, by) = view.pt(t_unit.bases[0].x, t_unit.bases[0].y)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            g = sub(body, "g", class_="trace blocked", data_why=why)
            for dy in (-6, 6):
                sub(
                    g,
                    "line",
                    x1=mx - 6,
                    y1=my - dy,
                    x2=mx + 6,
                    y2=my + dy,
                    stroke=c("blocker"),
                    stroke_width=2.5,
                )
            notes.append((f"cross:{c('blocker')}", f"no clear Trace: {why}"))

    _unit_labels(view, field, rules, after, labels, obstacles, modifiers, in_cover)
    for a, b in arrows:
        _arrow(body, view.pt(*a), view.pt(*b))
    if any(a.get("bases_removed") for a in after.values()):
        notes.append(("cross:#555555", "base removed by this attack (its name stays readable)"))
    if any(_state_after(a) for a in after.values()):
        notes.append((f"badge:{c('defeated')}", "the unit's state after this attack"))
    if in_cover:
        cover = next((m for s, m in modifiers if "cover" in s), None)
        effect = f"threshold {cover:+d} to hit (MB-3.2)" if cover is not None else "no threshold change"
        notes.append((f"badge:{c('cover')}", f"in cover: {', '.join(in_cover)}; {effect}"))
    notes.append(("fill:#111111", "facing: the triangle points to the base's front"))
    if highlights:
        notes.append((f"outline:{c('highlight')}", "highlighted: " + ", ".join(highlights)))
    if arrows:
        notes.append(
            (f"line:{c('arrow')}", "arrows: " + "; ".join(f"{_inches(a)} -> {_inches(b)}" for a, b in arrows))
        )
    lines: list[tuple[str | None, str]] = []
    for faction in dict.fromkeys(u.faction for u in field.units):
        names = ", ".join(u.name for u in field.units if u.faction == faction)
        lines.append((_colour(field, faction), f"{faction}: {names}"))
    lines += notes

    # The labels may reach past the table: the picture takes them in.
    boxes = obstacles + [(0.0, 0.0, table_w, table_h)]
    min_x, min_y = min(b[0] for b in boxes) - 4, min(b[1] for b in boxes) - 4
    max_x, max_y = max(b[2] for b in boxes) + 4, max(b[3] for b in boxes) + 4
    board_w, board_h = max_x - min_x, max_y - min_y
    width = max(board_w, 420.0)
    title_lines = wrap_title(title, width)
    header = 22.0 * len(title_lines) + (6.0 if title_lines else 4.0)
    lines = wrapped(lines, width)
    height = header + board_h + legend_height(len(lines))
    root = svg.document(width, height, class_="rulecheck-diagram multibase")
    sub(root, "title", title or "multibase position")
    sub(root, "rect", class_="background", width=width, height=height, fill=c("background"))
    draw_title(root, title_lines, c("text"))
    shift = sub(root, "g", class_="board", transform=f"translate({-min_x:.2f},{header - min_y:.2f})")
    shift.append(body)
    shift.append(labels)
    legend(root, lines, header + board_h + 4)
    if size:
        root.set("width", f"{size:.0f}")
        root.set("height", f"{height * size / width:.0f}")
    return svg.to_string(root)


def _inches(point: tuple[float, float]) -> str:
    return ",".join(f"{round(v, 2) + 0.0:g}" for v in point)  # + 0.0: never "-0"


def _long_range_mark(field, attacker, target, sight, rules) -> list:
    """Where the long-range line crosses the way from the attacker to its target, when it lies
    no more than 6" past the target: the picture reaches that far, so the line is seen."""
    if sight is None or sight.long_range is None or sight.distance is None:
        return []
    at = sight.long_range[0]
    if at > sight.distance + 6 or not (field.has_unit(attacker) and field.has_unit(target)):
        return []
    a = shapely.union_all([footprint(b, rules) for b in field.unit(attacker).bases])
    t = shapely.union_all([footprint(b, rules) for b in field.unit(target).bases])
    pa, pb = nearest_points(a, t)
    length = pa.distance(pb) or 1.0
    return [shapely.Point(pa.x + (pb.x - pa.x) / length * at, pa.y + (pb.y - pa.y) / length * at)]


def _range_line(body, view, table, body_shape, inches: float, colour: str, cls: str, dash: str) -> bool:
    """The line ``inches`` from the unit's bases, only where it crosses the picture (never the
    picture's own edge); False when none of it is in the picture."""
    edge = body_shape.buffer(inches).boundary.intersection(table)
    if edge.is_empty:
        return False
    sub(
        body,
        "path",
        class_=cls,
        d=view.path(edge),
        fill="none",
        stroke=colour,
        stroke_width=1.5,
        stroke_dasharray=dash,
    )
    return True


def _arrow(layer: ET.Element, a: tuple[float, float], b: tuple[float, float]) -> None:
    arrow(layer, a, b)


def _fixed_text(labels, obstacles, text, x, y, font_size, **attrs) -> None:
    obstacles.append(text_box(text, x, y, font_size))
    attrs.setdefault("fill", c("text"))
    sub(labels, "text", text, x=x, y=y, font_size=f"{font_size:g}", text_anchor="middle", **attrs)


def _placed_text(
    labels, obstacles, text, font_size, candidates, *, badge: str | None = None, **attrs
) -> Placed:
    spot = place(text, font_size, candidates, obstacles)
    parent = sub(labels, "g", class_=attrs.pop("group_class", None), data_name=attrs.pop("group_name", None))
    bx0, by0, bx1, by1 = spot.box
    sub(
        parent,
        "rect",
        class_="label-backing",
        x=bx0 - 1,
        y=by0,
        width=bx1 - bx0 + 2,
        height=by1 - by0,
        rx=3,
        fill=badge or "#ffffff",
        fill_opacity=1 if badge else 0.85,
    )
    attrs.setdefault("fill", "#ffffff" if badge else c("text"))
    sub(parent, "text", text, x=spot.x, y=spot.y, font_size=f"{font_size:g}", text_anchor="middle", **attrs)
    return spot


def _closest_segment(a: Unit, t: Unit, from_base: str, to_base: str, pa, pb) -> LineString:
    """The measured segment between the two bases' edges (cores grown by their radii)."""
    from rulecheck_multibase.engine.geometry import radius_of

    ba, bt = a.base(from_base), t.base(to_base)
    dx, dy = pb.x - pa.x, pb.y - pa.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ra, rt = radius_of(ba), radius_of(bt)
    return LineString(
        [
            (pa.x + dx / length * ra, pa.y + dy / length * ra),
            (pb.x - dx / length * rt, pb.y - dy / length * rt),
        ]
    )


def _grid(
    body: ET.Element, view: _View, bounds: Iterable[float], labels: ET.Element, obstacles: list
) -> None:
    """One-inch grid lines, every sixth darker and numbered (inches from the table's origin), so
    distances and positions can be read off the picture."""
    import math

    x0, y0, x1, y1 = bounds
    for x in range(math.ceil(x0), math.floor(x1) + 1):
        (sx, sy0), (_, sy1) = view.pt(x, y0), view.pt(x, y1)
        stroke = c("grid-6") if x % 6 == 0 else c("grid")
        sub(body, "line", class_="grid", x1=sx, y1=sy0, x2=sx, y2=sy1, stroke=stroke, stroke_width=0.6)
        if x % 6 == 0:
            _fixed_text(labels, obstacles, f"{x}", sx, max(sy0, sy1) - 3, 8, class_="coord", fill="#6b7a5a")
    for y in range(math.ceil(y0), math.floor(y1) + 1):
        (sx0, sy), (sx1, _) = view.pt(x0, y), view.pt(x1, y)
        stroke = c("grid-6") if y % 6 == 0 else c("grid")
        sub(body, "line", class_="grid", x1=sx0, y1=sy, x2=sx1, y2=sy, stroke=stroke, stroke_width=0.6)
        if y % 6 == 0 and abs(sy - max(view.pt(x0, y0)[1], view.pt(x0, y1)[1])) > 12:
            _fixed_text(
                labels, obstacles, f"{y}", min(sx0, sx1) + 9, sy - 2, 8, class_="coord", fill="#6b7a5a"
            )


def _draw_unit(
    body: ET.Element,
    view: _View,
    field: Battlefield,
    u: Unit,
    rules: Rulebook,
    after: Mapping[str, Any] | None,
    labels: ET.Element,
    obstacles: list,
    highlights: set[str],
) -> None:
    colour = _colour(field, u.faction)
    removed = set((after or {}).get("bases_removed") or ())
    unit = sub(body, "g", class_="unit", data_name=u.name, data_faction=u.faction)
    sub(
        unit,
        "title",
        f"{u.name} ({u.faction}), {plural(len(u.bases), 'base')}"
        + (f", {u.shaken} Shaken" if u.shaken else "")
        + (f", {plural(u.wounds, 'wound')} on" if u.wounds else ""),
    )
    for b in u.bases:
        shape = footprint(b, rules)
        gone = b.name in removed
        lit = u.name in highlights or b.name in highlights
        g = sub(unit, "g", class_="base removed" if gone else "base", data_name=b.name)
        sub(
            g,
            "path",
            d=view.path(shape),
            fill=colour,
            fill_opacity=0.3 if gone else 0.85,
            stroke=c("highlight") if lit else "#111",
            stroke_width=3.5 if lit else 1,
            stroke_dasharray="4,2" if gone else None,
        )
        # The facing as a triangle inside the base, its point at the front edge: a stem reaching
        # out of the base would cross the enemy base it touches in close combat.
        fx, fy = direction(b.facing)
        front = b.depth / 2 if b.shape == "rect" else b.radius
        s = min(0.3, front * 0.45)
        tip = (b.x + fx * front * 0.9, b.y + fy * front * 0.9)
        back = (tip[0] - fx * s, tip[1] - fy * s)
        left = (back[0] - fy * s * 0.7, back[1] + fx * s * 0.7)
        right = (back[0] + fy * s * 0.7, back[1] - fx * s * 0.7)
        sub(
            g,
            "polygon",
            class_="facing",
            points=svg.points([view.pt(*tip), view.pt(*left), view.pt(*right)]),
            fill="#111" if not gone else "#555",
        )
        cx, cy = view.pt(b.x, b.y)
        if gone:
            x0, y0, x1, y1 = shape.bounds
            (ax, ay), (bx, by) = view.pt(x0, y0), view.pt(x1, y1)
            mark = sub(g, "g", class_="removed-mark")
            sub(mark, "title", "removed by this attack")
            sub(mark, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#555", stroke_width=1.5)
            sub(mark, "line", x1=ax, y1=by, x2=bx, y2=ay, stroke="#555", stroke_width=1.5)
            # Dark on a white backing over the cross, so the removed base's name stays readable.
            _placed_text(
                labels,
                obstacles,
                b.name,
                9,
                [(cx, cy + 3)],
                class_="base-name removed-name",
                font_weight="bold",
            )
        else:
            _fixed_text(labels, obstacles, b.name, cx, cy + 3, 9, class_="base-name", fill="#ffffff")


def _state_after(after: Mapping[str, Any] | None) -> str:
    if not after:
        return ""
    if after.get("destroyed"):
        return "destroyed"
    parts = []
    if after.get("bases_removed"):
        parts.append(f"-{plural(len(after['bases_removed']), 'base')}")
    if after.get("shaken"):
        parts.append("Shaken")
    if after.get("residual_wounds"):
        parts.append(f"{plural(after['residual_wounds'], 'wound')} kept")
    if after.get("awaiting_choice"):
        parts.append("the defender picks the bases to remove")
    return ", ".join(parts)


def _unit_labels(
    view: _View,
    field: Battlefield,
    rules: Rulebook,
    after: Mapping[str, Any],
    labels: ET.Element,
    obstacles: list,
    modifiers: tuple[tuple[str, int], ...],
    in_cover: tuple[str, ...],
) -> None:
    """Each unit's name, its state after the attack and whether it was in cover, beside its
    bases and clear of every base and every other label (``rulecheck.label_layout``)."""
    boxes = {}
    for u in field.units:
        x0, y0, x1, y1 = shapely.union_all([footprint(b, rules) for b in u.bases]).bounds
        (ax, ay), (bx, by) = view.pt(x0, y1), view.pt(x1, y0)
        boxes[u.name] = (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
    obstacles.extend(boxes.values())
    cover_step = next((m for s, m in modifiers if "cover" in s), None)
    for u in field.units:
        x0, y0, x1, y1 = boxes[u.name]
        mid = (x0 + x1) / 2
        label = u.name + (" (Shaken before)" if u.shaken and not after.get(u.name) else "")
        fs = 12.0
        candidates = [
            (mid, y1 + fs + 2),
            (mid, y0 - 4),
            (x1 + 4 + text_width(label, fs) / 2, (y0 + y1) / 2 + fs / 3),
            (x0 - 4 - text_width(label, fs) / 2, (y0 + y1) / 2 + fs / 3),
            (mid, y1 + 2 * fs + 6),
            (mid, y0 - fs - 8),
        ]
        spot = _placed_text(
            labels, obstacles, label, fs, candidates, class_="unit-name", data_name=u.name, font_weight="bold"
        )
        extras = []
        state = _state_after(after.get(u.name))
        if state:
            extras.append((state, c("defeated"), "outcome", "outcome-badge"))
        if u.name in in_cover:
            effect = f"{cover_step:+d} to hit" if cover_step is not None else "no change"
            extras.append((f"in cover: {effect}", c("cover"), "cover", "cover-badge"))
        for text, colour, group, cls in extras:
            half = text_width(text, fs) / 2
            near = [(spot.x, spot.y + fs * 1.5), (spot.x, spot.y - fs * 1.5)]
            near += [(spot.box[2] + 4 + half, spot.y), (spot.box[0] - 4 - half, spot.y)]
            near += [(x, y + fs * 1.5) for x, y in candidates] + [(x, y - fs * 1.5) for x, y in candidates]
            spot = _placed_text(
                labels,
                obstacles,
                text,
                fs,
                near,
                badge=colour,
                group_class=group,
                group_name=u.name,
                class_=cls,
            )


def _tint(colour: str, opacity: float) -> str:
    """The colour a translucent fill of ``colour`` shows on the table, for the legend swatch."""
    if not (colour.startswith("#") and len(colour) == 7):
        return colour
    table = c("table")
    if not (table.startswith("#") and len(table) == 7):
        table = "#eef3e6"
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    t = (int(table[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(
        f"{round((1 - opacity) * c0 + opacity * v):02x}" for v, c0 in zip((r, g, b), t, strict=True)
    )


def draw_scenario(scenario, ruling: MultibaseRuling, **options: Any) -> str:
    """A loaded ``MultibaseScenario`` with its resolved ``ruling``; ``options`` as
    ``draw_battlefield`` takes them."""
    return draw_battlefield(
        scenario.field,
        ruling.rules,
        title=scenario.title,
        attacker=ruling.attacker,
        target=ruling.target,
        ranged=ruling.ranged,
        outcome=ruling.outcome,
        sight=ruling.sight,
        modifiers=ruling.modifiers,
        in_cover=ruling.in_cover,
        **options,
    )
