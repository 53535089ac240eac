"""SVG diagrams of Gundam Assemble positions, drawn from the engine's own model.

Nothing here decides a rule: the board is a ``rules.gundam_assemble.board.Board``, the sightline and
its blockers are a ``LosResult`` (or its ``to_json()`` form, which is what the feature runner stores
for the docs site), and AoE placements come from ``rules.gundam_assemble.area_effect``. The drawing
shows what the engine computed:

* hexes shaded by elevation (darker is higher, the digit in the hex says how high), water in blue;
* structures as squares and Garrisons as diamonds, units as discs, each in its side's colour and
  labelled with its name;
* each Line of Sight as the centre-to-centre segment, the hexes it passes through outlined, the
  pairs where the acting player chooses (GA-LOS-8) outlined dashed and marked L/R, corner touches
  as dots and blockers as a red cross with the clause;
* an area of effect placement filled in orange, with every legal placement of the pattern as a
  thumbnail underneath (the chosen one framed).

Screen geometry: pointy-top hexes of circumradius ``SIZE``; hex (q, r) has its centre at
(sqrt(3) (q + r/2), 3/2 r) x SIZE, y growing downwards, which is the affine image of the integer
lattice ``rules.hex_sightline`` classifies on, so a line drawn between two centres passes exactly
where the engine says it does.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulecheck.svg_legend import legend
from rulecheck.xml_text import escape, quoteattr
from rules.gundam_assemble.board import Board, HexTerrain, Piece
from rules.hexgrid import Hex, neighbours

SIZE = 30.0  # hex circumradius in SVG units
SQRT3 = math.sqrt(3)
SIDE_COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#16a085")
WATER = "#7fb3e6"
ELEVATION_SHADES = ("#f4f1e8", "#e3d9bf", "#cdbd92", "#b39c66", "#967c45", "#765d2c", "#5a4520")


def hex_centre(h: Hex, size: float = SIZE) -> tuple[float, float]:
    q, r = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def hex_corners(h: Hex, size: float = SIZE) -> list[tuple[float, float]]:
    cx, cy = hex_centre(h, size)
    return [
        (cx + size * math.cos(math.radians(30 + 60 * i)), cy + size * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


def _a(value: Any) -> str:
    return quoteattr(str(value))


def _text_width(text: str, font_size: float) -> float:
    """A generous estimate of a sans-serif text's width, so nothing is clipped at the edge."""
    return 0.62 * font_size * len(text)


def hex_id(h: Hex) -> str:
    """The id a drawn hex carries, e.g. ``hex-2_-1``; the docs test looks hexes up by it."""
    return f"hex-{h[0]}_{h[1]}"


# --- serialisation: what a feature run stores so the docs can redraw the position later ---------


def board_to_json(board: Board) -> dict[str, Any]:
    return {
        "hexes": [
            {"at": list(h), "elevation": t.elevation, "terrain": t.terrain}
            for h, t in sorted(board.hexes.items())
        ],
        "pieces": [
            {"name": p.name, "side": p.side, "at": list(p.hex), "kind": p.kind, "elevation": p.elevation}
            for p in board.pieces
        ],
        "sides": list(board.sides),
        "extent": sorted(list(h) for h in board.extent) if board.extent is not None else None,
    }


def board_from_json(data: Mapping[str, Any]) -> Board:
    return Board(
        {tuple(e["at"]): HexTerrain(e["elevation"], e["terrain"]) for e in data.get("hexes", [])},
        tuple(
            Piece(p["name"], p["side"], tuple(p["at"]), p["kind"], p.get("elevation")) for p in data["pieces"]
        ),
        tuple(data.get("sides") or ("A", "B")),
        frozenset(tuple(h) for h in data["extent"]) if data.get("extent") is not None else None,
    )


# --- what to draw on top of the board ----------------------------------------------------------


@dataclass(frozen=True)
class AreaDrawing:
    """An area of effect attack: the attacker's hex, the placed hexes, and every legal placement."""

    origin: Hex
    placed: frozenset[Hex]
    placements: tuple[frozenset[Hex], ...] = ()
    targets: tuple[str, ...] = ()


@dataclass
class _Svg:
    parts: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.parts.append(text)


def _side_colour(board: Board, side: str) -> str:
    sides = list(board.sides)
    i = sides.index(side) if side in sides else len(sides)
    return SIDE_COLOURS[i % len(SIDE_COLOURS)]


def _hex_fill(t: HexTerrain) -> str:
    if t.terrain == "water":
        return WATER
    return ELEVATION_SHADES[max(0, min(t.elevation, len(ELEVATION_SHADES) - 1))]


def _hexes_to_draw(board: Board, extra: Iterable[Hex]) -> list[Hex]:
    if board.extent is not None:
        return sorted(board.extent | set(extra), key=lambda h: (h[1], h[0]))
    # Unbounded open ground: draw what matters plus a ring of context around it.
    core = set(board.hexes) | {p.hex for p in board.pieces} | set(extra)
    if not core:
        core = {(0, 0)}
    shown = set(core)
    for h in core:
        shown.update(neighbours(h))
    return sorted(shown, key=lambda h: (h[1], h[0]))


def _los_hexes(los: Mapping[str, Any]) -> set[Hex]:
    out = {tuple(los["from"]), tuple(los["to"])}
    out.update(tuple(h) for h in los.get("through", []))
    out.update(tuple(h) for pair in los.get("between", []) for h in pair)
    out.update(tuple(h) for h in los.get("corners", []))
    return out


def draw_board(
    board: Board,
    *,
    title: str = "",
    lines_of_sight: Sequence[Any] = (),
    area: AreaDrawing | None = None,
    notes: Sequence[str] = (),
) -> str:
    """The position as a standalone SVG document.

    ``lines_of_sight``: ``LosResult`` objects or their ``to_json()`` dicts, drawn in order."""
    sights = [s if isinstance(s, Mapping) else s.to_json() for s in lines_of_sight]
    extra: set[Hex] = set()
    for s in sights:
        extra |= _los_hexes(s)
    if area is not None:
        extra |= set(area.placed) | {area.origin}
    hexes = _hexes_to_draw(board, extra)

    xs, ys = [], []
    for h in hexes:
        for x, y in hex_corners(h):
            xs.append(x)
            ys.append(y)
    margin = 12.0
    min_x, min_y = min(xs) - margin, min(ys) - margin
    width = max(xs) - min(xs) + 2 * margin
    legend_lines = _legend(board, sights, area, notes)
    header = 26.0 if title else 0.0
    thumbs_h = 0.0
    if area is not None and area.placements:
        thumbs_h = _THUMB + 30
    legend_h = 18.0 * len(legend_lines) + 10
    height = header + (max(ys) - min(ys) + 2 * margin) + thumbs_h + legend_h
    width = max(
        width,
        360.0,
        _text_width(title, 14) + 16,
        max((_text_width(t, 11) + 26 for _, t in legend_lines), default=0),
        (len(area.placements) * (_THUMB + 6) + 16) if area is not None else 0,
        _text_width("00 legal placements of the pattern (grey: the attacker; framed: the one chosen)", 11)
        + 16,
    )

    svg = _Svg()
    svg.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rulecheck-diagram gundam-assemble" '
        f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.2f} {height:.2f}" '
        f'font-family="sans-serif">'
    )
    svg.add(f"<title>{escape(title or 'Gundam Assemble position')}</title>")
    svg.add(
        f'<rect class="background" x="0" y="0" width="{width:.2f}" height="{height:.2f}" fill="#ffffff"/>'
    )
    if title:
        svg.add(f'<text class="title" x="8" y="18" font-size="14" font-weight="bold">{escape(title)}</text>')
    svg.add(f'<g class="board" transform="translate({-min_x:.2f},{header - min_y:.2f})">')

    placed = set(area.placed) if area else set()
    for h in hexes:
        t = board.terrain(h)
        on = board.on_board(h)
        fill = _hex_fill(t) if on else "#ffffff"
        cls = ["hex", t.terrain, f"elevation-{t.elevation}"] + ([] if on else ["off-board"])
        svg.add(
            f'<g id="{hex_id(h)}" class={_a(" ".join(cls))} data-hex="{h[0]},{h[1]}" '
            f'data-elevation="{t.elevation}" data-terrain="{t.terrain}">'
            f'<polygon points="{_pts(hex_corners(h))}" fill="{fill}" stroke="#7a7a7a" stroke-width="1"'
            + (' stroke-dasharray="3,3"' if not on else "")
            + "/>"
        )
        cx, cy = hex_centre(h)
        svg.add(
            f'<text class="coord" x="{cx:.2f}" y="{cy + SIZE * 0.72:.2f}" font-size="7" fill="#555" '
            f'text-anchor="middle">{h[0]},{h[1]}</text>'
        )
        if t.elevation:
            svg.add(
                f'<text class="elevation" x="{cx - SIZE * 0.55:.2f}" y="{cy - SIZE * 0.25:.2f}" font-size="10" '
                f'font-weight="bold" fill="#3b2a10">{t.elevation}</text>'
            )
        if t.terrain == "water":
            svg.add(
                f'<text class="water-mark" x="{cx + SIZE * 0.45:.2f}" y="{cy - SIZE * 0.25:.2f}" font-size="10" '
                f'fill="#0b4f8a">~</text>'
            )
        svg.add("</g>")

    if area is not None:
        svg.add('<g class="aoe-placement">')
        for h in sorted(placed):
            svg.add(
                f'<polygon class="aoe-hex" data-hex="{h[0]},{h[1]}" points="{_pts(hex_corners(h, SIZE * 0.9))}" '
                f'fill="#f39c12" fill-opacity="0.45" stroke="#d35400" stroke-width="2"/>'
            )
        svg.add(
            f'<polygon class="aoe-origin" points="{_pts(hex_corners(area.origin, SIZE * 0.9))}" fill="#888" '
            f'fill-opacity="0.35" stroke="#555" stroke-width="2"/>'
        )
        svg.add("</g>")

    for i, s in enumerate(sights):
        _draw_los(svg, s, i)

    for p in sorted(board.pieces, key=lambda p: p.kind != "structure"):
        _draw_piece(svg, board, p)

    for i, s in enumerate(sights):
        _draw_blockers(svg, s, i)
    svg.add("</g>")

    y = header + (max(ys) - min(ys) + 2 * margin)
    if area is not None and area.placements:
        _draw_placements(svg, area, y + 6)
        y += thumbs_h
    for part in legend(legend_lines, y + 4):
        svg.add(part)
    svg.add("</svg>")
    return "\n".join(svg.parts) + "\n"


def _draw_piece(svg: _Svg, board: Board, p: Piece) -> None:
    cx, cy = hex_centre(p.hex)
    colour = _side_colour(board, p.side)
    label = escape(p.name)
    svg.add(
        f'<g class="piece {p.kind}" data-name={_a(p.name)} data-side={_a(p.side)} data-hex="{p.hex[0]},{p.hex[1]}">'
    )
    svg.add(f"<title>{label} ({p.kind}, side {escape(p.side)}, hex {list(p.hex)})</title>")
    if p.kind == "structure":
        s = SIZE * 0.62
        svg.add(
            f'<rect x="{cx - s:.2f}" y="{cy - s:.2f}" width="{2 * s:.2f}" height="{2 * s:.2f}" fill="{colour}" '
            f'fill-opacity="0.35" stroke="{colour}" stroke-width="3"/>'
        )
    elif p.kind == "garrison":
        s = SIZE * 0.42
        svg.add(
            f'<polygon points="{_pts([(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)])}" '
            f'fill="{colour}" stroke="#111" stroke-width="1.5"/>'
        )
    else:
        svg.add(
            f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{SIZE * 0.36:.2f}" fill="{colour}" stroke="#111" stroke-width="1.5"/>'
        )
    # The name sits on a white band so it stays legible over any hex shade.
    text_y = cy - SIZE * 0.48 if p.kind != "structure" else cy + SIZE * 0.95
    svg.add(
        f'<text class="piece-name" x="{cx:.2f}" y="{text_y:.2f}" font-size="9" text-anchor="middle" '
        f'paint-order="stroke" stroke="#fff" stroke-width="3" fill="#111">{label}</text>'
    )
    svg.add("</g>")


LOS_COLOURS = ("#e67e22", "#8e44ad", "#16a085", "#2c3e50")


def _draw_los(svg: _Svg, los: Mapping[str, Any], index: int) -> None:
    colour = LOS_COLOURS[index % len(LOS_COLOURS)]
    a, b = tuple(los["from"]), tuple(los["to"])
    state = "clear" if los.get("clear") else "blocked"
    if not los.get("required", True):
        state = "not-required"
    svg.add(f'<g class="line-of-sight {state}" data-from="{a[0]},{a[1]}" data-to="{b[0]},{b[1]}">')
    for h in los.get("through", []):
        svg.add(
            f'<polygon class="los-through" data-hex="{h[0]},{h[1]}" points="{_pts(hex_corners(tuple(h), SIZE * 0.86))}" '
            f'fill="none" stroke="{colour}" stroke-width="2.5"/>'
        )
    for n, (left, right) in enumerate(los.get("between", [])):
        for h, mark in ((tuple(left), "L"), (tuple(right), "R")):
            cx, cy = hex_centre(h)
            svg.add(
                f'<g class="los-choice" data-hex="{h[0]},{h[1]}" data-choice="{n + 1}{mark}">'
                f'<polygon points="{_pts(hex_corners(h, SIZE * 0.8))}" fill="none" stroke="{colour}" '
                f'stroke-width="2" stroke-dasharray="5,3"/>'
                f'<text x="{cx + SIZE * 0.42:.2f}" y="{cy + SIZE * 0.42:.2f}" font-size="9" font-weight="bold" '
                f'fill="{colour}">{n + 1}{mark}</text></g>'
            )
    (x1, y1), (x2, y2) = hex_centre(a), hex_centre(b)
    dash = ' stroke-dasharray="6,4"' if state != "clear" else ""
    svg.add(
        f'<line class="los-line" x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="{colour}" '
        f'stroke-width="2.5"{dash}/>'
    )
    for h in los.get("corners", []):
        # The corner the line touches is the hex corner nearest to the segment.
        corner = min(hex_corners(tuple(h)), key=lambda c: _dist_to_segment(c, (x1, y1), (x2, y2)))
        svg.add(
            f'<circle class="los-corner" data-hex="{h[0]},{h[1]}" cx="{corner[0]:.2f}" cy="{corner[1]:.2f}" r="3.5" '
            f'fill="{colour}" stroke="#fff"/>'
        )
    svg.add("</g>")


def _draw_blockers(svg: _Svg, los: Mapping[str, Any], index: int) -> None:
    """Red crosses for what blocks the line; hollow orange crosses for a hex at a choice point
    that would block if the acting player picked it but that the line can avoid."""
    blocking = {(tuple(b["hex"]), b["clause"], b.get("piece")) for b in los.get("blockers", [])}
    entries = [(b, True) for b in los.get("blockers", [])]
    for c in los.get("choice_points", []):
        entries.extend((b, False) for b in c.get("blockers", []))
    seen: set[tuple] = set()
    for blk, _ in entries:
        key = (tuple(blk["hex"]), blk["clause"], blk.get("piece"))
        if key in seen:
            continue
        seen.add(key)
        real = key in blocking
        h = tuple(blk["hex"])
        cx, cy = hex_centre(h)
        s = SIZE * (0.3 if real else 0.22)
        colour = "#d00" if real else "#e67e22"
        cls = "blocker" if real else "choice-blocker"
        what = "blocks" if real else "would block if chosen (the other hex of the pair is clear)"
        svg.add(
            f'<g class="{cls}" data-hex="{h[0]},{h[1]}" data-clause={_a(blk["clause"])} data-kind={_a(blk["kind"])}>'
            f"<title>{what}: {escape(blk.get('reason', ''))} [{escape(blk['clause'])}]</title>"
            f'<line x1="{cx - s:.2f}" y1="{cy - s:.2f}" x2="{cx + s:.2f}" y2="{cy + s:.2f}" stroke="{colour}" '
            f'stroke-width="{4 if real else 2.5}"/>'
            f'<line x1="{cx - s:.2f}" y1="{cy + s:.2f}" x2="{cx + s:.2f}" y2="{cy - s:.2f}" stroke="{colour}" '
            f'stroke-width="{4 if real else 2.5}"/>'
            f'<text x="{cx:.2f}" y="{cy + SIZE * 0.55:.2f}" font-size="7" text-anchor="middle" fill="{colour}" '
            f'paint-order="stroke" stroke="#fff" stroke-width="2">{escape(blk["clause"])}</text></g>'
        )


def _dist_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


_THUMB = 70.0  # thumbnail box for one AoE placement


def _draw_placements(svg: _Svg, area: AreaDrawing, y: float) -> None:
    svg.add(f'<g class="aoe-placements" transform="translate(8,{y:.2f})">')
    svg.add(
        f'<text x="0" y="10" font-size="11">{len(area.placements)} legal placements of the pattern '
        "(grey: the attacker; framed: the one chosen)</text>"
    )
    size = 7.0
    for i, hexes in enumerate(area.placements):
        x0 = i * (_THUMB + 6)
        chosen = frozenset(hexes) == frozenset(area.placed)
        rel = [(h[0] - area.origin[0], h[1] - area.origin[1]) for h in hexes] + [(0, 0)]
        cs = [hex_centre(h, size) for h in rel]
        mx = sum(c[0] for c in cs) / len(cs)
        my = sum(c[1] for c in cs) / len(cs)
        svg.add(
            f'<g class="aoe-thumb{" chosen" if chosen else ""}" transform="translate({x0:.2f},16)">'
            f'<rect width="{_THUMB}" height="{_THUMB}" fill="#fff" stroke="{"#d35400" if chosen else "#bbb"}" '
            f'stroke-width="{3 if chosen else 1}"/>'
        )
        for h in rel:
            cx, cy = hex_centre(h, size)
            pts = [
                (x - cx + cx - mx + _THUMB / 2, y_ - cy + cy - my + _THUMB / 2)
                for x, y_ in hex_corners(h, size)
            ]
            fill = "#888" if h == (0, 0) else "#f39c12"
            svg.add(f'<polygon points="{_pts(pts)}" fill="{fill}" stroke="#444" stroke-width="0.5"/>')
        svg.add("</g>")
    svg.add("</g>")


def _legend(
    board: Board, sights, area: AreaDrawing | None, notes: Sequence[str]
) -> list[tuple[str | None, str]]:
    out: list[tuple[str | None, str]] = []
    for side in board.sides:
        names = [p.name for p in board.pieces if p.side == side]
        if names:
            out.append((_side_colour(board, side), f"side {side}: {', '.join(names)}"))
    for i, s in enumerate(sights):
        a, b = s["from"], s["to"]
        verdict = "clear" if s.get("clear") else "blocked"
        if not s.get("required", True):
            verdict = "not required"
        extra = []
        if s.get("between"):
            extra.append(f"{len(s['between'])} choice point(s) (L/R, GA-LOS-8)")
        if s.get("corners"):
            extra.append(f"{len(s['corners'])} corner touch(es)")
        if s.get("blockers"):
            extra.append(f"{len(s['blockers'])} blocker(s) (red cross)")
        out.append(
            (
                LOS_COLOURS[i % len(LOS_COLOURS)],
                f"Line of Sight {a} -> {b}: {verdict}" + (f"; {', '.join(extra)}" if extra else ""),
            )
        )
    if area is not None:
        out.append(("#f39c12", f"area of effect on {sorted(map(list, area.placed))}"))
        if area.targets:
            out.append((None, f"targeted: {', '.join(area.targets)}"))
    out.extend((None, n) for n in notes)
    return out


# --- a scenario file ---------------------------------------------------------------------------


def draw_scenario(scenario, rules, origin: str | None = None, target: str | None = None) -> str:
    """A loaded ``GAScenario``: the board, plus what the scenario asks about.

    With ``origin`` and ``target`` (piece names): the Line of Sight between them. Otherwise, when the
    scenario has an ``attack``: the attacker's Line of Sight to its target, or for an area weapon
    the placed pattern, its legal placements and the area Line of Sight to each enemy in it.
    Raises ``KeyError`` naming an unknown piece; the caller turns it into an input error."""
    from rulecheck.rulesets.gundam_assemble_explain import catalogue
    from rules.gundam_assemble.area_effect import placements
    from rules.gundam_assemble.line_of_sight import LosMode, line_of_sight, piece_line_of_sight

    board: Board = scenario.board
    title = scenario.title
    if origin is not None or target is not None:
        a, t = board.piece(origin), board.piece(target)
        return draw_board(board, title=title, lines_of_sight=[piece_line_of_sight(board, a, t, rules)])
    attack = scenario.attack or {}
    attacker_name = attack.get("attacker")
    if not attacker_name or not board.has_piece(attacker_name):
        return draw_board(board, title=title)
    attacker = board.piece(attacker_name)
    entry = scenario.units.get(attacker_name, {})
    profile = catalogue().units.get(entry.get("profile", attacker_name))
    weapon = profile.weapons.get(attack.get("weapon")) if profile else None
    if weapon is not None and weapon.area is not None and attack.get("area"):
        placed = frozenset(tuple(h) for h in attack["area"])
        legal = tuple(
            p.hexes
            for p in placements(
                weapon.area, attacker.hex, board, rules.interpretation("aoe_diagram_orientation")
            )
        )
        mode = LosMode.IGNORE if weapon.ignores_los else LosMode.AREA_EFFECT
        sights, targets = [], []
        for h in sorted(placed, key=lambda x: (x[1], x[0])):
            figure = board.figure_at(h)
            if figure is None or figure.side == attacker.side:
                continue
            if figure.kind == "garrison" and rules.interpretation("aoe_garrison_targets") == "units_only":
                continue
            los = line_of_sight(board, attacker.hex, h, attacker.side, rules, mode)
            sights.append(los)
            if los.clear:
                targets.append(figure.name)
        area = AreaDrawing(attacker.hex, placed, legal, tuple(targets))
        return draw_board(board, title=title, lines_of_sight=sights, area=area)
    if attack.get("target") and board.has_piece(attack["target"]):
        los = piece_line_of_sight(board, attacker, board.piece(attack["target"]), rules)
        return draw_board(board, title=title, lines_of_sight=[los])
    return draw_board(board, title=title)
