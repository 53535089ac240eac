"""SVG diagrams of multibase positions, drawn from the engine's own geometry.

The bases are ``rules.multibase.geometry.footprint`` polygons (the same inscribed polygon the Trace
uses for round bases), the front arcs are ``front_arc`` clipped to the table shown, the range is
``unit_distance`` (closest base to closest base, MB-1.2) and the Trace is the segment ``trace``
found (MB-1.1). Nothing here decides a rule.

Table coordinates are inches with y pointing up the table (facing 90 faces +y); the SVG flips y so
the picture reads like the table seen from above.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rulecheck import svg
from rulecheck.label_layout import place
from rulecheck.svg import sub
from rulecheck.svg_legend import legend, legend_height, text_width
from rulecheck.wording import plural
from rules.multibase.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit
from rules.multibase.geometry import core, direction, footprint, front_arc, trace, unit_distance
from rules.rulebook import Rulebook

SCALE = 28.0  # SVG units per inch, at least
MIN_TABLE_WIDTH = 480.0  # a small table is drawn larger, so its labels stay readable
FACTION_COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d68910")


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
NAMED_COLOURS = {
    "blue": "#1f5fbf",
    "red": "#c0392b",
    "green": "#2e8b57",
    "purple": "#8e44ad",
    "orange": "#d68910",
}


def _colour(field: Battlefield, faction: str) -> str:
    named = NAMED_COLOURS.get(faction.strip().lower())
    if named:
        return named
    factions = [
        f for f in dict.fromkeys(u.faction for u in field.units) if f.strip().lower() not in NAMED_COLOURS
    ]
    taken = {
        NAMED_COLOURS[f.strip().lower()]
        for f in (u.faction for u in field.units)
        if f.strip().lower() in NAMED_COLOURS
    }
    free = [c for c in FACTION_COLOURS if c not in taken] or list(FACTION_COLOURS)
    return free[factions.index(faction) % len(free)]


class _View:
    """Inches to SVG units: scale, flip y, shift so the shown table starts at the margin."""

    def __init__(self, bounds: tuple[float, float, float, float], header: float):
        self.x0, self.y0, self.x1, self.y1 = bounds
        self.header = header
        self.scale = max(SCALE, min(2.5 * SCALE, MIN_TABLE_WIDTH / (self.x1 - self.x0)))

    def pt(self, x: float, y: float) -> tuple[float, float]:
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


def draw_battlefield(
    field: Battlefield,
    rules: Rulebook,
    *,
    title: str = "",
    attacker: str | None = None,
    target: str | None = None,
    ranged: bool = True,
    outcome: Mapping[str, Any] | None = None,
) -> str:
    """The battlefield as a standalone SVG; with an attacker and target, the arcs, range and Trace;
    with the attack's ``outcome`` (``AttackResult.outcome()``), the bases it removed crossed out and
    each unit's state after it (Shaken, wounds kept, destroyed)."""
    shapes = [footprint(b, rules) for u in field.units for b in u.bases]
    shapes += [Polygon(t.polygon) for t in field.terrain]
    x0, y0, x1, y1 = shapely.total_bounds(shapes) if shapes else (0, 0, 10, 10)
    pad = 2.0
    bounds = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    table = box(*bounds)
    a_unit = field.unit(attacker) if attacker and field.has_unit(attacker) else None
    t_unit = field.unit(target) if target and field.has_unit(target) else None

    notes: list[tuple[str | None, str]] = []
    header = 28.0 if title else 4.0
    view = _View(bounds, header)
    width = (bounds[2] - bounds[0]) * view.scale
    table_h = (bounds[3] - bounds[1]) * view.scale
    body = ET.Element("g")  # the table; moved into the document once its size is known

    sub(body, "rect", class_="table", x=0, y=header, width=width, height=table_h, fill="#eef3e6")
    _grid(body, view, bounds)
    for t in field.terrain:
        g = sub(body, "g", class_="terrain", data_name=t.name)
        sub(g, "title", t.name + ("" if t.blocks_trace else " (does not block a Trace)"))
        sub(g, "path", d=view.path(Polygon(t.polygon)), fill="#8d8d8d", fill_opacity=0.7, stroke="#555")
        cx, cy = view.pt(*Polygon(t.polygon).centroid.coords[0])
        sub(g, "text", t.name, x=cx, y=cy + 4, font_size=10, text_anchor="middle", fill="#fff")

    if a_unit is not None:
        colour = _colour(field, a_unit.faction)
        # One shape for all the attacker's arcs (overlapping translucent arcs would darken), cut
        # to the ground between the attacker and a little beyond its target, so the shading
        # shows where the target stands without flooding the picture.
        arcs = shapely.union_all([front_arc(b, rules) for b in a_unit.bases])
        body_shape = shapely.union_all([footprint(b, rules) for b in a_unit.bases])
        reach_out = unit_distance(a_unit, t_unit).distance + 1.0 if t_unit is not None else 6.0
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
            reach = body_shape.buffer(a_unit.stats.range)
            # Only the part of the range line inside the picture: never the picture's own edge.
            edge = reach.boundary.intersection(table)
            if not edge.is_empty:
                sub(
                    body,
                    "path",
                    class_="max-range",
                    d=view.path(edge),
                    fill="none",
                    stroke=colour,
                    stroke_width=1.5,
                    stroke_dasharray="10,4",
                )
                notes.append(
                    (f"dashed-line:{colour}", f"{a_unit.name}'s maximum range, {a_unit.stats.range:g}\"")
                )
            else:
                inside = (
                    "everything shown is within it"
                    if reach.contains(table)
                    else "its edge lies beyond the picture"
                )
                notes.append((None, f"{a_unit.name}'s maximum range is {a_unit.stats.range:g}\": {inside}"))

    after = (outcome or {}).get("units", {})
    for u in field.units:
        _draw_unit(body, view, field, u, rules, after.get(u.name))

    if a_unit is not None and t_unit is not None:
        if ranged:
            m = unit_distance(a_unit, t_unit)
            pa, pb = nearest_points(core(a_unit.base(m.from_base)), core(t_unit.base(m.to_base)))
            line = _closest_segment(a_unit, t_unit, m.from_base, m.to_base, pa, pb)
            (ax, ay), (bx, by) = view.pt(*line.coords[0]), view.pt(*line.coords[1])
            g = sub(body, "g", class_="range-line", data_from=m.from_base, data_to=m.to_base)
            sub(
                g, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#333", stroke_width=1.5, stroke_dasharray="2,3"
            )
            sub(
                g,
                "text",
                f'{m.distance:.3g}"',
                x=(ax + bx) / 2 + 6,
                y=(ay + by) / 2,
                font_size=11,
                fill="#333",
                paint_order="stroke",
                stroke="#fff",
                stroke_width=3,
            )
            within = m.distance <= a_unit.stats.range + float(rules.param("geometry_tolerance"))
            notes.append(
                (
                    "dashed-line:#333",
                    f'range {m.distance:.3g}" ({a_unit.name}/{m.from_base} to {t_unit.name}/{m.to_base}), '
                    f'{"within" if within else "beyond"} {a_unit.stats.range:g}"',
                )
            )
        seen = trace(field, a_unit, t_unit, rules)
        if seen.clear and seen.segment is not None:
            (ax, ay), (bx, by) = view.pt(*seen.segment[0]), view.pt(*seen.segment[1])
            sub(
                body,
                "line",
                class_="trace clear",
                x1=ax,
                y1=ay,
                x2=bx,
                y2=by,
                stroke="#e67e22",
                stroke_width=2.5,
            )
            notes.append(
                (
                    "line:#e67e22",
                    f"clear Trace {a_unit.name}/{seen.from_base} -> {t_unit.name}/{seen.to_base}",
                )
            )
        else:
            why = (
                f"obstructed by {', '.join(seen.blockers)}"
                if seen.in_arc
                else "no target base in a front arc"
            )
            sub(body, "g", class_="trace blocked", data_why=why)
            notes.append(("cross:#d00", f"no clear Trace: {why}"))

    _unit_labels(body, view, field, rules, after)
    if any(a.get("bases_removed") for a in after.values()):
        notes.append(("cross:#111", "base removed by this attack"))
    if any(_state_after(a) for a in after.values()):
        notes.append(("badge:#7b241c", "the unit's state after this attack"))
    notes.append(("line:#111", "facing (the dot marks the front)"))
    lines: list[tuple[str | None, str]] = []
    for faction in dict.fromkeys(u.faction for u in field.units):
        names = ", ".join(u.name for u in field.units if u.faction == faction)
        lines.append((_colour(field, faction), f"{faction}: {names}"))
    lines += notes
    height = header + table_h + legend_height(len(lines))
    width = max(
        width,
        360.0,
        text_width(title, 15) + 16,
        max((text_width(t, 12) + 30 for _, t in lines), default=0),
    )
    root = svg.document(width, height, class_="rulecheck-diagram multibase")
    sub(root, "title", title or "multibase position")
    sub(root, "rect", class_="background", width=width, height=height, fill="#fff")
    if title:
        sub(root, "text", title, class_="title", x=8, y=19, font_size=15, font_weight="bold")
    root.extend(body)
    legend(root, lines, header + table_h + 4)
    return svg.to_string(root)


def _closest_segment(a: Unit, t: Unit, from_base: str, to_base: str, pa, pb) -> LineString:
    """The measured segment between the two bases' edges (cores grown by their radii)."""
    from rules.multibase.geometry import radius_of

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


def _grid(body: ET.Element, view: _View, bounds: Iterable[float]) -> None:
    """One-inch grid lines, every sixth darker, so distances can be read off the picture."""
    import math

    x0, y0, x1, y1 = bounds
    for x in range(math.ceil(x0), math.floor(x1) + 1):
        (sx, sy0), (_, sy1) = view.pt(x, y0), view.pt(x, y1)
        stroke = "#b8c4a6" if x % 6 == 0 else "#dde5d2"
        sub(body, "line", class_="grid", x1=sx, y1=sy0, x2=sx, y2=sy1, stroke=stroke, stroke_width=0.6)
    for y in range(math.ceil(y0), math.floor(y1) + 1):
        (sx0, sy), (sx1, _) = view.pt(x0, y), view.pt(x1, y)
        stroke = "#b8c4a6" if y % 6 == 0 else "#dde5d2"
        sub(body, "line", class_="grid", x1=sx0, y1=sy, x2=sx1, y2=sy, stroke=stroke, stroke_width=0.6)


def _draw_unit(
    body: ET.Element,
    view: _View,
    field: Battlefield,
    u: Unit,
    rules: Rulebook,
    after: Mapping[str, Any] | None,
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
        g = sub(unit, "g", class_="base removed" if gone else "base", data_name=b.name)
        sub(
            g,
            "path",
            d=view.path(shape),
            fill=colour,
            fill_opacity=0.3 if gone else 0.85,
            stroke="#111",
            stroke_width=1,
        )
        fx, fy = direction(b.facing)
        reach = max(b.depth / 2, b.radius, 0.4) + 0.5
        (cx, cy), (tx, ty) = view.pt(b.x, b.y), view.pt(b.x + fx * reach, b.y + fy * reach)
        sub(g, "line", class_="facing", x1=cx, y1=cy, x2=tx, y2=ty, stroke="#111", stroke_width=2)
        sub(g, "circle", cx=tx, cy=ty, r=2.5, fill="#111")
        sub(g, "text", b.name, x=cx, y=cy + 3, font_size=9, text_anchor="middle", fill="#fff")
        if gone:
            x0, y0, x1, y1 = shape.bounds
            (ax, ay), (bx, by) = view.pt(x0, y0), view.pt(x1, y1)
            mark = sub(g, "g", class_="removed-mark")
            sub(mark, "title", "removed by this attack")
            sub(mark, "line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#111", stroke_width=3)
            sub(mark, "line", x1=ax, y1=by, x2=bx, y2=ay, stroke="#111", stroke_width=3)


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
    body: ET.Element, view: _View, field: Battlefield, rules: Rulebook, after: Mapping[str, Any]
) -> None:
    """Each unit's name, and its state after the attack, beside its bases and clear of every base
    and every other label (``rulecheck.label_layout``)."""
    boxes = {}
    for u in field.units:
        x0, y0, x1, y1 = shapely.union_all([footprint(b, rules) for b in u.bases]).bounds
        (ax, ay), (bx, by) = view.pt(x0, y1), view.pt(x1, y0)
        boxes[u.name] = (ax, ay, bx, by)
    obstacles = list(boxes.values())
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
        spot = place(label, fs, candidates, obstacles)
        sub(
            body,
            "text",
            label,
            class_="unit-name",
            data_name=u.name,
            x=spot.x,
            y=spot.y,
            font_size=f"{fs:g}",
            font_weight="bold",
            text_anchor="middle",
            paint_order="stroke",
            stroke="#fff",
            stroke_width=3,
        )
        state = _state_after(after.get(u.name))
        if state:
            below = [(x, y + fs * 1.5) for x, y in candidates] + [(x, y - fs * 1.5) for x, y in candidates]
            spot = place(
                state, fs, [(spot.x, spot.y + fs * 1.5), (spot.x, spot.y - fs * 1.5), *below], obstacles
            )
            bx0, by0, bx1, by1 = spot.box
            g = sub(body, "g", class_="outcome", data_name=u.name)
            sub(g, "rect", x=bx0, y=by0, width=bx1 - bx0, height=by1 - by0, rx=3, fill="#7b241c")
            sub(
                g,
                "text",
                state,
                class_="outcome-badge",
                x=spot.x,
                y=spot.y,
                font_size=f"{fs:g}",
                text_anchor="middle",
                fill="#fff",
            )


def _tint(colour: str, opacity: float) -> str:
    """The colour a translucent fill of ``colour`` shows on the table, for the legend swatch."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    t = (0xEE, 0xF3, 0xE6)
    return "#" + "".join(
        f"{round((1 - opacity) * c0 + opacity * c):02x}" for c, c0 in zip((r, g, b), t, strict=True)
    )


def draw_scenario(scenario, rules: Rulebook, origin: str | None = None, target: str | None = None) -> str:
    """A loaded ``MultibaseScenario``: its attack, or the pair given with ``origin``/``target``."""
    rules = scenario.rules_under(rules)
    spec = scenario.attack
    for name in (origin, target):
        if name is not None and not scenario.field.has_unit(name):
            raise KeyError(name)
    if origin is not None and target is not None and scenario.doc is not None:
        from rulecheck.rulesets.multibase import check_trace_work

        where = ("units", [u.name for u in scenario.field.units].index(origin))
        check_trace_work(scenario.doc, scenario.field, origin, target, where)
    outcome = None
    if origin is None and target is None:
        from rulecheck.rulesets.multibase import explain
        from rulecheck.source_yaml import InputError

        try:
            outcome = explain(scenario, rules).outcome
        except InputError:  # e.g. dice that do not fit: draw the position without a result
            outcome = None
    return draw_battlefield(
        scenario.field,
        rules,
        title=scenario.title,
        attacker=origin or spec.attacker,
        target=target or spec.target,
        ranged=not spec.close_combat,
        outcome=outcome,
    )
