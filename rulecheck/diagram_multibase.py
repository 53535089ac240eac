"""SVG diagrams of multibase positions, drawn from the engine's own geometry.

The bases are ``rules.multibase.geometry.footprint`` polygons (the same inscribed polygon the Trace
uses for round bases), the front arcs are ``front_arc`` clipped to the table shown, the range is
``unit_distance`` (closest base to closest base, MB-1.2) and the Trace is the segment ``trace``
found (MB-1.1). Nothing here decides a rule.

Table coordinates are inches with y pointing up the table (facing 90 faces +y); the SVG flips y so
the picture reads like the table seen from above.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rulecheck.svg_legend import legend
from rulecheck.xml_text import escape, quoteattr
from rules.multibase.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit
from rules.multibase.geometry import core, direction, footprint, front_arc, trace, unit_distance
from rules.rulebook import Rulebook

SCALE = 28.0  # SVG units per inch
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


def _colour(field: Battlefield, faction: str) -> str:
    factions = list(dict.fromkeys(u.faction for u in field.units))
    return FACTION_COLOURS[factions.index(faction) % len(FACTION_COLOURS)]


class _View:
    """Inches to SVG units: scale, flip y, shift so the shown table starts at the margin."""

    def __init__(self, bounds: tuple[float, float, float, float], header: float):
        self.x0, self.y0, self.x1, self.y1 = bounds
        self.header = header

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.x0) * SCALE, self.header + (self.y1 - y) * SCALE)

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
) -> str:
    """The battlefield as a standalone SVG; with an attacker and target, the arcs, range and Trace."""
    shapes = [footprint(b, rules) for u in field.units for b in u.bases]
    shapes += [Polygon(t.polygon) for t in field.terrain]
    x0, y0, x1, y1 = shapely.total_bounds(shapes) if shapes else (0, 0, 10, 10)
    pad = 2.0
    bounds = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    table = box(*bounds)
    a_unit = field.unit(attacker) if attacker and field.has_unit(attacker) else None
    t_unit = field.unit(target) if target and field.has_unit(target) else None

    notes: list[tuple[str | None, str]] = []
    header = 26.0 if title else 4.0
    view = _View(bounds, header)
    width = (bounds[2] - bounds[0]) * SCALE
    table_h = (bounds[3] - bounds[1]) * SCALE
    body: list[str] = []

    body.append(
        f'<rect class="table" x="0" y="{header:.2f}" width="{width:.2f}" height="{table_h:.2f}" fill="#eef3e6"/>'
    )
    _grid(body, view, bounds)
    for t in field.terrain:
        body.append(
            f'<g class="terrain" data-name={quoteattr(t.name)}><title>{escape(t.name)}'
            f"{'' if t.blocks_trace else ' (does not block a Trace)'}</title>"
            f'<path d="{view.path(Polygon(t.polygon))}" fill="#8d8d8d" fill-opacity="0.7" stroke="#555"/>'
            f'<text x="{view.pt(*Polygon(t.polygon).centroid.coords[0])[0]:.2f}" '
            f'y="{view.pt(*Polygon(t.polygon).centroid.coords[0])[1] + 4:.2f}" font-size="10" text-anchor="middle" '
            f'fill="#fff">{escape(t.name)}</text></g>'
        )

    if a_unit is not None:
        colour = _colour(field, a_unit.faction)
        for b in a_unit.bases:
            arc = front_arc(b, rules).intersection(table)
            body.append(
                f'<path class="front-arc" data-base={quoteattr(b.name)} d="{view.path(arc)}" fill="{colour}" '
                f'fill-opacity="0.07" stroke="{colour}" stroke-opacity="0.5" stroke-dasharray="4,3"/>'
            )
        notes.append(
            (colour, f"{a_unit.name}: front arcs ({rules.param('front_arc_degrees')} degrees) shaded")
        )
        if ranged and a_unit.stats.range > 0:
            reach = shapely.union_all([footprint(b, rules) for b in a_unit.bases]).buffer(a_unit.stats.range)
            body.append(
                f'<path class="max-range" d="{view.path(reach.intersection(table).boundary)}" fill="none" '
                f'stroke="{colour}" stroke-width="1.5" stroke-dasharray="10,4"/>'
            )
            notes.append((None, f"dashed outline: {a_unit.name}'s maximum range, {a_unit.stats.range:g}\""))

    for u in field.units:
        _draw_unit(body, view, field, u, rules)

    if a_unit is not None and t_unit is not None:
        if ranged:
            m = unit_distance(a_unit, t_unit)
            pa, pb = nearest_points(core(a_unit.base(m.from_base)), core(t_unit.base(m.to_base)))
            line = _closest_segment(a_unit, t_unit, m.from_base, m.to_base, pa, pb)
            (ax, ay), (bx, by) = view.pt(*line.coords[0]), view.pt(*line.coords[1])
            body.append(
                f'<g class="range-line" data-from={quoteattr(m.from_base)} data-to={quoteattr(m.to_base)}>'
                f'<line x1="{ax:.2f}" y1="{ay:.2f}" x2="{bx:.2f}" y2="{by:.2f}" stroke="#333" stroke-width="1.5" '
                f'stroke-dasharray="2,3"/>'
                f'<text x="{(ax + bx) / 2 + 6:.2f}" y="{(ay + by) / 2:.2f}" font-size="11" fill="#333" '
                f'paint-order="stroke" stroke="#fff" stroke-width="3">{m.distance:.3g}"</text></g>'
            )
            within = m.distance <= a_unit.stats.range + float(rules.param("geometry_tolerance"))
            notes.append(
                (
                    "#333",
                    f'range {m.distance:.3g}" ({a_unit.name}/{m.from_base} to {t_unit.name}/{m.to_base}), '
                    f'{"within" if within else "beyond"} {a_unit.stats.range:g}"',
                )
            )
        seen = trace(field, a_unit, t_unit, rules)
        if seen.clear and seen.segment is not None:
            (ax, ay), (bx, by) = view.pt(*seen.segment[0]), view.pt(*seen.segment[1])
            body.append(
                f'<line class="trace clear" x1="{ax:.2f}" y1="{ay:.2f}" x2="{bx:.2f}" y2="{by:.2f}" '
                f'stroke="#e67e22" stroke-width="2.5"/>'
            )
            notes.append(
                ("#e67e22", f"clear Trace {a_unit.name}/{seen.from_base} -> {t_unit.name}/{seen.to_base}")
            )
        else:
            why = (
                f"obstructed by {', '.join(seen.blockers)}"
                if seen.in_arc
                else "no target base in a front arc"
            )
            body.append(f'<g class="trace blocked" data-why={quoteattr(why)}/>')
            notes.append(("#d00", f"no clear Trace: {why}"))

    legend_h = 18.0 * (len(notes) + len({u.faction for u in field.units})) + 10
    height = header + table_h + legend_h
    texts = [
        f"{f}: " + ", ".join(u.name for u in field.units if u.faction == f)
        for f in {u.faction for u in field.units}
    ]
    width = max(
        width,
        360.0,
        0.62 * 14 * len(title) + 16,
        max((0.62 * 11 * len(t) + 26 for t in texts + [n for _, n in notes]), default=0),
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rulecheck-diagram multibase" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.2f} {height:.2f}" font-family="sans-serif">',
        f"<title>{escape(title or 'multibase position')}</title>",
        f'<rect class="background" width="{width:.2f}" height="{height:.2f}" fill="#fff"/>',
    ]
    if title:
        out.append(
            f'<text class="title" x="8" y="18" font-size="14" font-weight="bold">{escape(title)}</text>'
        )
    out += body
    lines: list[tuple[str | None, str]] = []
    for faction in dict.fromkeys(u.faction for u in field.units):
        names = ", ".join(u.name for u in field.units if u.faction == faction)
        lines.append((_colour(field, faction), f"{faction}: {names}"))
    lines += notes
    out += legend(lines, header + table_h + 4)
    out.append("</svg>")
    return "\n".join(out) + "\n"


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


def _grid(body: list[str], view: _View, bounds: Iterable[float]) -> None:
    """One-inch grid lines, every sixth darker, so distances can be read off the picture."""
    import math

    x0, y0, x1, y1 = bounds
    for x in range(math.ceil(x0), math.floor(x1) + 1):
        (sx, sy0), (_, sy1) = view.pt(x, y0), view.pt(x, y1)
        body.append(
            f'<line class="grid" x1="{sx:.2f}" y1="{sy0:.2f}" x2="{sx:.2f}" y2="{sy1:.2f}" '
            f'stroke="#{"b8c4a6" if x % 6 == 0 else "dde5d2"}" stroke-width="0.6"/>'
        )
    for y in range(math.ceil(y0), math.floor(y1) + 1):
        (sx0, sy), (sx1, _) = view.pt(x0, y), view.pt(x1, y)
        body.append(
            f'<line class="grid" x1="{sx0:.2f}" y1="{sy:.2f}" x2="{sx1:.2f}" y2="{sy:.2f}" '
            f'stroke="#{"b8c4a6" if y % 6 == 0 else "dde5d2"}" stroke-width="0.6"/>'
        )


def _draw_unit(body: list[str], view: _View, field: Battlefield, u: Unit, rules: Rulebook) -> None:
    colour = _colour(field, u.faction)
    body.append(
        f'<g class="unit" data-name={quoteattr(u.name)} data-faction={quoteattr(u.faction)}>'
        f"<title>{escape(u.name)} ({escape(u.faction)}), {len(u.bases)} bases"
        + (f", {u.shaken} Shaken" if u.shaken else "")
        + (f", {u.wounds} wounds on" if u.wounds else "")
        + "</title>"
    )
    for b in u.bases:
        shape = footprint(b, rules)
        body.append(
            f'<g class="base" data-name={quoteattr(b.name)}>'
            f'<path d="{view.path(shape)}" fill="{colour}" fill-opacity="0.8" stroke="#111" stroke-width="1"/>'
        )
        fx, fy = direction(b.facing)
        reach = max(b.depth / 2, b.radius, 0.4) + 0.5
        (cx, cy), (tx, ty) = view.pt(b.x, b.y), view.pt(b.x + fx * reach, b.y + fy * reach)
        body.append(
            f'<line class="facing" x1="{cx:.2f}" y1="{cy:.2f}" x2="{tx:.2f}" y2="{ty:.2f}" stroke="#111" '
            f'stroke-width="2"/><circle cx="{tx:.2f}" cy="{ty:.2f}" r="2.5" fill="#111"/>'
            f'<text x="{cx:.2f}" y="{cy + 3:.2f}" font-size="8" text-anchor="middle" fill="#fff">'
            f"{escape(b.name)}</text></g>"
        )
    centre = shapely.union_all([footprint(b, rules) for b in u.bases])
    minx, miny, maxx, maxy = centre.bounds
    lx, ly = view.pt((minx + maxx) / 2, miny)
    label = escape(u.name) + (" (Shaken)" if u.shaken else "")
    body.append(
        f'<text class="unit-name" x="{lx:.2f}" y="{ly + 13:.2f}" font-size="11" font-weight="bold" '
        f'text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="3">{label}</text></g>'
    )


def draw_scenario(scenario, rules: Rulebook, origin: str | None = None, target: str | None = None) -> str:
    """A loaded ``MultibaseScenario``: its attack, or the pair given with ``origin``/``target``."""
    rules = scenario.rules_under(rules)
    spec = scenario.attack
    for name in (origin, target):
        if name is not None and not scenario.field.has_unit(name):
            raise KeyError(name)
    return draw_battlefield(
        scenario.field,
        rules,
        title=scenario.title,
        attacker=origin or spec.attacker,
        target=target or spec.target,
        ranged=not spec.close_combat,
    )
