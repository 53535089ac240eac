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
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulecheck import svg
from rulecheck.label_layout import Box, place
from rulecheck.svg import sub
from rulecheck.svg_legend import legend, legend_height
from rulecheck.svg_legend import text_width as _text_width
from rulecheck.wording import plural
from rules.gundam_assemble.board import Board, HexTerrain, Piece
from rules.hexgrid import Hex, neighbours

SIZE = 36.0  # hex circumradius in SVG units: a 5-hex board is about 320 px wide
SQRT3 = math.sqrt(3)
SIDE_COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#16a085")
WATER = "#7fb3e6"
ELEVATION_SHADES = ("#f4f1e8", "#e3d9bf", "#cdbd92", "#b39c66", "#967c45", "#765d2c", "#5a4520")


def hex_centre(h: Hex, size: float = SIZE) -> tuple[float, float]:
    q, r = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def hex_corners(h: Hex, size: float = SIZE, inset: float = 1.0) -> list[tuple[float, float]]:
    """The corners of hex ``h``; with ``inset`` < 1 a smaller hex around the same centre (an
    outline drawn inside the hex's edge)."""
    cx, cy = hex_centre(h, size)
    r = size * inset
    return [
        (cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


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


def _side_colour(board: Board, side: str) -> str:
    sides = list(board.sides)
    i = sides.index(side) if side in sides else len(sides)
    return SIDE_COLOURS[i % len(SIDE_COLOURS)]


def _hex_fill(t: HexTerrain) -> str:
    if t.terrain == "water":
        return WATER
    return ELEVATION_SHADES[max(0, min(t.elevation, len(ELEVATION_SHADES) - 1))]


CROP_ABOVE = 48  # hexes: an 8 x 6 board is drawn whole


def _hexes_to_draw(board: Board, extra: Iterable[Hex]) -> list[Hex]:
    """What matters (pieces, terrain, the hexes a line or an area touches) and one ring of context
    around it. A board with an extent of more than ``CROP_ABOVE`` hexes, most of them far from
    the fight, is cropped to that view; a smaller board is drawn whole."""
    extra = set(extra)
    core = set(board.hexes) | {p.hex for p in board.pieces} | extra
    if not core:
        core = set(board.extent) if board.extent else {(0, 0)}
    shown = set(core)
    for h in core:
        shown.update(neighbours(h))
    if board.extent is not None:
        # A board that fits the picture is shown whole, as the scenario's author drew it.
        whole = len(board.extent) <= CROP_ABOVE or len(shown & board.extent) * 2 > len(board.extent)
        shown = (set(board.extent) if whole else shown & board.extent) | extra
    return sorted(shown, key=lambda h: (h[1], h[0]))


def _los_hexes(los: Mapping[str, Any]) -> set[Hex]:
    out = {tuple(los["from"]), tuple(los["to"])}
    out.update(tuple(h) for h in los.get("through", []))
    out.update(tuple(h) for pair in los.get("between", []) for h in pair)
    out.update(tuple(h) for h in los.get("corners", []))
    return out


PIECE_FONT = 11.0
AOE_FILL, AOE_STROKE = "#f5c542", "#b7860b"
DEFEATED = "#7b241c"


def draw_board(
    board: Board,
    *,
    title: str = "",
    lines_of_sight: Sequence[Any] = (),
    area: AreaDrawing | None = None,
    notes: Sequence[str] = (),
    outcome: Mapping[str, Any] | None = None,
    captions: Sequence[str] = (),
) -> str:
    """The position as a standalone SVG document.

    ``lines_of_sight``: ``LosResult`` objects or their ``to_json()`` dicts, drawn in order, each
    described in the legend by the matching entry of ``captions`` (if any). ``outcome``: an
    attack's outcome (``AttackResult.outcome()``); HP lost and defeat are drawn per target."""
    sights = [s if isinstance(s, Mapping) else s.to_json() for s in lines_of_sight]
    extra: set[Hex] = set()
    for s in sights:
        extra |= _los_hexes(s)
    if area is not None:
        extra |= set(area.placed) | {area.origin}
    hexes = _hexes_to_draw(board, extra)

    # Board coordinates first; the labels are placed in them, then everything is shifted so the
    # picture (hexes and labels) starts at the margin.
    labels = _place_labels(board, sights, outcome)
    xs = [x for h in hexes for x, _ in hex_corners(h)] + [
        b for lab in labels for b in (lab.box[0], lab.box[2])
    ]
    ys = [y for h in hexes for _, y in hex_corners(h)] + [
        b for lab in labels for b in (lab.box[1], lab.box[3])
    ]
    margin = 12.0
    min_x, min_y = min(xs) - margin, min(ys) - margin
    board_w, board_h = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    legend_lines = _legend(board, hexes, sights, area, notes, outcome, captions)
    header = 28.0 if title else 0.0
    thumbs_h = _THUMB + 30 if area is not None and area.placements else 0.0
    height = header + board_h + thumbs_h + legend_height(len(legend_lines))
    width = max(
        board_w,
        360.0,
        _text_width(title, 15) + 16,
        max((_text_width(t, 12) + 30 for _, t in legend_lines), default=0),
        (len(area.placements) * (_THUMB + 6) + 16) if area is not None else 0,
        _text_width("00 legal placements of the pattern (grey: the attacker; framed: the one chosen)", 12)
        + 16
        if thumbs_h
        else 0,
    )

    root = svg.document(width, height, class_="rulecheck-diagram gundam-assemble")
    sub(root, "title", title or "Gundam Assemble position")
    sub(root, "rect", class_="background", x=0, y=0, width=width, height=height, fill="#ffffff")
    if title:
        sub(root, "text", title, class_="title", x=8, y=19, font_size=15, font_weight="bold")
    layer = sub(root, "g", class_="board", transform=f"translate({-min_x:.2f},{header - min_y:.2f})")

    for h in hexes:
        _draw_hex(layer, board, h)
    if area is not None:
        _draw_area(layer, area)
    for i, s in enumerate(sights):
        _draw_los(layer, s, i)
    for p in sorted(board.pieces, key=lambda p: p.kind != "structure"):
        _draw_piece(layer, board, p, outcome)
    for i, s in enumerate(sights):
        _draw_blockers(layer, s, i)
    for lab in labels:
        layer.append(lab.element)

    y = header + board_h
    if area is not None and area.placements:
        _draw_placements(root, area, y + 6)
        y += thumbs_h
    legend(root, legend_lines, y + 4)
    return svg.to_string(root)


def _draw_hex(layer: ET.Element, board: Board, h: Hex) -> None:
    t = board.terrain(h)
    on = board.on_board(h)
    cls = ["hex", t.terrain, f"elevation-{t.elevation}"] + ([] if on else ["off-board"])
    g = sub(
        layer,
        "g",
        id=hex_id(h),
        class_=" ".join(cls),
        data_hex=f"{h[0]},{h[1]}",
        data_elevation=t.elevation,
        data_terrain=t.terrain,
    )
    sub(
        g,
        "polygon",
        points=svg.points(hex_corners(h)),
        fill=_hex_fill(t) if on else "#ffffff",
        stroke="#7a7a7a",
        stroke_width=1,
        stroke_dasharray=None if on else "3,3",
    )
    cx, cy = hex_centre(h)
    sub(
        g,
        "text",
        f"{h[0]},{h[1]}",
        class_="coord",
        x=cx,
        y=cy + SIZE * 0.78,
        font_size=8,
        fill="#666",
        text_anchor="middle",
    )
    if t.elevation:
        sub(
            g,
            "text",
            str(t.elevation),
            class_="elevation",
            x=cx - SIZE * 0.62,
            y=cy + SIZE * 0.1,
            font_size=12,
            font_weight="bold",
            fill="#3b2a10",
        )
    if t.terrain == "water":
        sub(
            g,
            "text",
            "~",
            class_="water-mark",
            x=cx + SIZE * 0.45,
            y=cy + SIZE * 0.1,
            font_size=13,
            fill="#0b4f8a",
        )


def _draw_area(layer: ET.Element, area: AreaDrawing) -> None:
    g = sub(layer, "g", class_="aoe-placement")
    for h in sorted(area.placed):
        sub(
            g,
            "polygon",
            class_="aoe-hex",
            data_hex=f"{h[0]},{h[1]}",
            points=svg.points(hex_corners(h, inset=0.9)),
            fill=AOE_FILL,
            fill_opacity=0.55,
            stroke=AOE_STROKE,
            stroke_width=2,
        )
    o = area.origin
    sub(
        g,
        "polygon",
        class_="aoe-origin",
        data_hex=f"{o[0]},{o[1]}",
        points=svg.points(hex_corners(o, inset=0.9)),
        fill="#888",
        fill_opacity=0.35,
        stroke="#555",
        stroke_width=2,
    )


def _piece_radius(p: Piece) -> float:
    """Half the size of a piece's symbol (disc, square or diamond)."""
    return SIZE * {"structure": 0.62, "garrison": 0.42}.get(p.kind, 0.36)


def _piece_box(p: Piece) -> Box:
    cx, cy = hex_centre(p.hex)
    r = _piece_radius(p) + 2  # the white halo
    return (cx - r, cy - r, cx + r, cy + r)


def _cross(parent: ET.Element, cx: float, cy: float, s: float, colour: str, width: float) -> None:
    sub(parent, "line", x1=cx - s, y1=cy - s, x2=cx + s, y2=cy + s, stroke=colour, stroke_width=width)
    sub(parent, "line", x1=cx - s, y1=cy + s, x2=cx + s, y2=cy - s, stroke=colour, stroke_width=width)


def _draw_piece(layer: ET.Element, board: Board, p: Piece, outcome: Mapping[str, Any] | None) -> None:
    cx, cy = hex_centre(p.hex)
    colour = _side_colour(board, p.side)
    result = (outcome or {}).get("per_target", {}).get(p.name)
    defeated = bool(result and result.get("defeated"))
    g = sub(
        layer,
        "g",
        class_=f"piece {p.kind}" + (" defeated" if defeated else ""),
        data_name=p.name,
        data_side=p.side,
        data_hex=f"{p.hex[0]},{p.hex[1]}",
    )
    sub(g, "title", f"{p.name} ({p.kind}, side {p.side}, hex {list(p.hex)})")
    r = _piece_radius(p)
    if p.kind == "structure":
        sub(
            g,
            "rect",
            x=cx - r,
            y=cy - r,
            width=2 * r,
            height=2 * r,
            fill=colour,
            fill_opacity=0.35,
            stroke=colour,
            stroke_width=3,
        )
    elif p.kind == "garrison":
        diamond = svg.points([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
        sub(g, "polygon", points=diamond, fill=colour, stroke="#fff", stroke_width=2, paint_order="stroke")
    else:
        # A white ring keeps a unit visible on any hex, water included.
        sub(g, "circle", cx=cx, cy=cy, r=r, fill=colour, stroke="#111", stroke_width=1.5)
        sub(g, "circle", class_="halo", cx=cx, cy=cy, r=r + 1.5, fill="none", stroke="#fff", stroke_width=1.5)
    if defeated:
        _cross(sub(g, "g", class_="defeated-mark"), cx, cy, r * 0.9, DEFEATED, 4)


@dataclass(frozen=True)
class _Label:
    box: Box
    element: ET.Element


def _place_labels(board: Board, sights, outcome: Mapping[str, Any] | None) -> list[_Label]:
    """Piece names and outcome badges, each beside its piece and clear of every piece, every
    blocker cross and every other label (``rulecheck.label_layout``)."""
    obstacles: list[Box] = [_piece_box(p) for p in board.pieces]
    for s in sights:
        for b in s.get("blockers", []):
            cx, cy = hex_centre(tuple(b["hex"]))
            obstacles.append((cx - SIZE * 0.32, cy - SIZE * 0.32, cx + SIZE * 0.32, cy + SIZE * 0.32))
    out: list[_Label] = []
    per_target = (outcome or {}).get("per_target", {})
    order = sorted(board.pieces, key=lambda p: (p.kind == "structure", p.hex[1], p.hex[0]))
    fs = PIECE_FONT
    for p in order:
        cx, cy = hex_centre(p.hex)
        r = _piece_radius(p) + 3
        candidates = [
            (cx, cy - r - 2),
            (cx, cy + r + fs),
            (cx, cy - r - 2 - fs * 1.3),
            (cx, cy + r + fs * 2.3),
            (cx + r + _text_width(p.name, fs) / 2, cy + fs / 3),
            (cx - r - _text_width(p.name, fs) / 2, cy + fs / 3),
        ]
        spot = place(p.name, fs, candidates, obstacles)
        name = svg.element(
            "text",
            p.name,
            class_="piece-name",
            data_name=p.name,
            x=spot.x,
            y=spot.y,
            font_size=f"{fs:g}",
            text_anchor="middle",
            paint_order="stroke",
            stroke="#fff",
            stroke_width=3,
            fill="#111",
        )
        out.append(_Label(spot.box, name))
        result = per_target.get(p.name)
        if result is None:
            continue
        text = (
            "defeated"
            if result.get("defeated")
            else f"-{result.get('dealt', 0)} HP, {result.get('hp_after', '?')} left"
        )
        badge_candidates = [(x, y + fs * 1.4) for x, y in candidates] + [
            (x, y - fs * 1.4) for x, y in candidates
        ]
        spot = place(text, fs, badge_candidates, obstacles)
        x0, y0, x1, y1 = spot.box
        badge = svg.element("g", class_="outcome", data_name=p.name)
        sub(
            badge,
            "rect",
            x=x0,
            y=y0,
            width=x1 - x0,
            height=y1 - y0,
            rx=3,
            fill=DEFEATED if result.get("defeated") else "#c0392b",
        )
        sub(
            badge,
            "text",
            text,
            class_="outcome-badge",
            x=spot.x,
            y=spot.y,
            font_size=f"{fs:g}",
            text_anchor="middle",
            fill="#fff",
        )
        out.append(_Label(spot.box, badge))
    return out


LOS_COLOURS = ("#e67e22", "#8e44ad", "#16a085", "#2c3e50")


def _draw_los(layer: ET.Element, los: Mapping[str, Any], index: int) -> None:
    colour = LOS_COLOURS[index % len(LOS_COLOURS)]
    a, b = tuple(los["from"]), tuple(los["to"])
    state = "clear" if los.get("clear") else "blocked"
    if not los.get("required", True):
        state = "not-required"
    g = sub(layer, "g", class_=f"line-of-sight {state}", data_from=f"{a[0]},{a[1]}", data_to=f"{b[0]},{b[1]}")
    for h in los.get("through", []):
        sub(
            g,
            "polygon",
            class_="los-through",
            data_hex=f"{h[0]},{h[1]}",
            points=svg.points(hex_corners(tuple(h), inset=0.86)),
            fill="none",
            stroke=colour,
            stroke_width=2.5,
        )
    for n, (left, right) in enumerate(los.get("between", [])):
        for h, mark in ((tuple(left), "L"), (tuple(right), "R")):
            cx, cy = hex_centre(h)
            choice = sub(g, "g", class_="los-choice", data_hex=f"{h[0]},{h[1]}", data_choice=f"{n + 1}{mark}")
            sub(
                choice,
                "polygon",
                points=svg.points(hex_corners(h, inset=0.8)),
                fill="none",
                stroke=colour,
                stroke_width=2,
                stroke_dasharray="5,3",
            )
            sub(
                choice,
                "text",
                f"{n + 1}{mark}",
                x=cx + SIZE * 0.3,
                y=cy + SIZE * 0.55,
                font_size=10,
                font_weight="bold",
                fill=colour,
            )
    (x1, y1), (x2, y2) = hex_centre(a), hex_centre(b)
    sub(
        g,
        "line",
        class_="los-line",
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke=colour,
        stroke_width=2.5,
        stroke_dasharray=None if state == "clear" else "6,4",
    )
    for h in los.get("corners", []):
        # The corner the line touches is the hex corner nearest to the segment.
        corner = min(hex_corners(tuple(h)), key=lambda c: _dist_to_segment(c, (x1, y1), (x2, y2)))
        sub(
            g,
            "circle",
            class_="los-corner",
            data_hex=f"{h[0]},{h[1]}",
            cx=corner[0],
            cy=corner[1],
            r=3.5,
            fill=colour,
            stroke="#fff",
        )


def _draw_blockers(layer: ET.Element, los: Mapping[str, Any], index: int) -> None:
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
        colour = "#d00" if real else "#e67e22"
        what = "blocks" if real else "would block if chosen (the other hex of the pair is clear)"
        g = sub(
            layer,
            "g",
            class_="blocker" if real else "choice-blocker",
            data_hex=f"{h[0]},{h[1]}",
            data_clause=blk["clause"],
            data_kind=blk["kind"],
        )
        sub(g, "title", f"{what}: {blk.get('reason', '')} [{blk['clause']}]")
        _cross(g, cx, cy, SIZE * (0.3 if real else 0.22), colour, 4 if real else 2.5)
        sub(
            g,
            "text",
            blk["clause"],
            x=cx,
            y=cy + SIZE * 0.58,
            font_size=10,
            font_weight="bold",
            text_anchor="middle",
            fill=colour,
            paint_order="stroke",
            stroke="#fff",
            stroke_width=2,
        )


def _dist_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


_THUMB = 70.0  # thumbnail box for one AoE placement


def _draw_placements(root: ET.Element, area: AreaDrawing, y: float) -> None:
    g = sub(root, "g", class_="aoe-placements", transform=f"translate(8,{y:.2f})")
    sub(
        g,
        "text",
        f"{plural(len(area.placements), 'legal placement')} of the pattern (grey: the attacker; framed: the one chosen)",
        x=0,
        y=10,
        font_size=12,
    )
    size = 7.0
    for i, hexes in enumerate(area.placements):
        chosen = frozenset(hexes) == frozenset(area.placed)
        rel = [(h[0] - area.origin[0], h[1] - area.origin[1]) for h in hexes] + [(0, 0)]
        cs = [hex_centre(h, size) for h in rel]
        mx = sum(c[0] for c in cs) / len(cs)
        my = sum(c[1] for c in cs) / len(cs)
        thumb = sub(
            g,
            "g",
            class_="aoe-thumb chosen" if chosen else "aoe-thumb",
            transform=f"translate({i * (_THUMB + 6):.2f},16)",
        )
        sub(
            thumb,
            "rect",
            width=_THUMB,
            height=_THUMB,
            fill="#fff",
            stroke="#d35400" if chosen else "#bbb",
            stroke_width=3 if chosen else 1,
        )
        for h in rel:
            # Each hex of the pattern, the whole pattern centred in its box.
            pts = [(x - mx + _THUMB / 2, y_ - my + _THUMB / 2) for x, y_ in hex_corners(h, size)]
            sub(
                thumb,
                "polygon",
                points=svg.points(pts),
                fill="#888" if h == (0, 0) else AOE_FILL,
                stroke="#444",
                stroke_width=0.5,
            )


def _piece_at(board: Board, h: Hex) -> str:
    names = [p.name for p in board.pieces if p.hex == h]
    return " / ".join(names) if names else f"hex {list(h)}"


def _legend(
    board: Board,
    hexes: Sequence[Hex],
    sights,
    area: AreaDrawing | None,
    notes: Sequence[str],
    outcome: Mapping[str, Any] | None,
    captions: Sequence[str],
) -> list[tuple[str | None, str]]:
    """One line per symbol the picture uses, in the picture's own colours and shapes."""
    out: list[tuple[str | None, str]] = []
    kinds = {
        "unit": ("disc", "units"),
        "structure": ("square", "structures"),
        "garrison": ("diamond", "Garrisons"),
    }
    for side in board.sides:
        for kind, (shape, noun) in kinds.items():
            names = [p.name for p in board.pieces if p.side == side and p.kind == kind]
            if names:
                out.append(
                    (f"{shape}:{_side_colour(board, side)}", f"side {side} {noun}: {', '.join(names)}")
                )
    on_board = [board.terrain(h) for h in hexes if board.on_board(h)]
    for level in sorted({t.elevation for t in on_board if t.terrain != "water"}):
        what = "open ground, elevation 0" if level == 0 else f"elevation {level} (the digit in the hex)"
        out.append((ELEVATION_SHADES[min(level, len(ELEVATION_SHADES) - 1)], what))
    if any(t.terrain == "water" for t in on_board):
        out.append((WATER, "water (~; a digit gives its elevation)"))
    if any(not board.on_board(h) for h in hexes):
        out.append(("dashed-outline:#7a7a7a", "not part of the board"))
    for i, s in enumerate(sights):
        colour = LOS_COLOURS[i % len(LOS_COLOURS)]
        verdict = "clear" if s.get("clear") else "blocked"
        if not s.get("required", True):
            verdict = "not required"
        a, b = _piece_at(board, tuple(s["from"])), _piece_at(board, tuple(s["to"]))
        caption = f" ({captions[i]})" if i < len(captions) and captions[i] else ""
        shape = "line" if verdict == "clear" else "dashed-line"
        out.append((f"{shape}:{colour}", f"Line of Sight {a} -> {b}: {verdict}{caption}"))
        if s.get("through"):
            out.append((f"outline:{colour}", "  hexes the line passes through"))
        if s.get("between"):
            n = len(s["between"])
            out.append(
                (
                    f"dashed-outline:{colour}",
                    f"  1L/1R...: {plural(n, 'place')} where the line runs between two hexes; "
                    "the acting player picks one (GA-LOS-8)",
                )
            )
        if s.get("corners"):
            out.append((f"dot:{colour}", "  the line touches a hex corner only"))
    if any(s.get("blockers") for s in sights):
        out.append(("cross:#d00", "blocks the line (clause beside the cross)"))
    if any(c.get("blockers") for s in sights for c in s.get("choice_points", [])):
        out.append(("cross:#e67e22", "would block if picked at a choice point (the other hex is clear)"))
    if area is not None:
        out.append(
            (AOE_FILL, f"area of effect: the placed pattern, {plural(len(area.placed), 'hex', 'hexes')}")
        )
        out.append(("#b0b0b0", "the attacker's hex"))
        if area.targets:
            out.append((None, f"targeted: {', '.join(area.targets)}"))
    per_target = (outcome or {}).get("per_target", {})
    if any(not t.get("defeated") for t in per_target.values()):
        out.append(("badge:#c0392b", "HP lost to this attack, HP left"))
    if any(t.get("defeated") for t in per_target.values()):
        out.append((f"cross:{DEFEATED}", "defeated by this attack"))
    out.extend((None, n) for n in notes)
    return out


# --- a scenario file ---------------------------------------------------------------------------


def draw_scenario(scenario, rules, origin: str | None = None, target: str | None = None) -> str:
    """A loaded ``GAScenario``: the board, plus what the scenario asks about.

    With ``origin`` and ``target`` (piece names): the Line of Sight between them. Otherwise, when the
    scenario has an ``attack``: the attacker's Line of Sight to its target, or for an area weapon
    the placed pattern, its legal placements and the area Line of Sight to each enemy in it; the
    sight each responding ability needs (from its own unit, GA-LOS-9); and the attack's result,
    resolved by the engine with the scenario's dice. Raises ``KeyError`` naming an unknown piece;
    the caller turns it into an input error."""
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
    outcome, notes = _resolved(scenario, rules)
    attacker = board.piece(attacker_name)
    entry = scenario.units.get(attacker_name, {})
    cards = catalogue().units
    profile = cards.get(entry.get("profile", attacker_name))
    weapon = profile.weapons.get(attack.get("weapon")) if profile else None
    sights, captions, area = [], [], None
    if weapon is not None and weapon.area is not None and attack.get("area"):
        placed = frozenset(tuple(h) for h in attack["area"])
        legal = tuple(
            p.hexes
            for p in placements(
                weapon.area, attacker.hex, board, rules.interpretation("aoe_diagram_orientation")
            )
        )
        mode = LosMode.IGNORE if weapon.ignores_los else LosMode.AREA_EFFECT
        targets = []
        for h in sorted(placed, key=lambda x: (x[1], x[0])):
            figure = board.figure_at(h)
            if figure is None or figure.side == attacker.side:
                continue
            if figure.kind == "garrison" and rules.interpretation("aoe_garrison_targets") == "units_only":
                continue
            los = line_of_sight(board, attacker.hex, h, attacker.side, rules, mode)
            sights.append(los)
            captions.append(f"area of effect, to {figure.name}")
            if los.clear:
                targets.append(figure.name)
        area = AreaDrawing(attacker.hex, placed, legal, tuple(targets))
    elif attack.get("target") and board.has_piece(attack["target"]):
        sights.append(piece_line_of_sight(board, attacker, board.piece(attack["target"]), rules))
        captions.append("the attack")
    # A response whose ability has a range needs its own unit's sight of the unit it affects.
    affected = [attack["target"]] if attack.get("target") else list(area.targets if area else ())
    for response in attack.get("responses") or ():
        unit = response.get("unit")
        card = cards.get(scenario.units.get(unit, {}).get("profile", unit)) if unit else None
        ability = card.abilities.get(response.get("ability")) if card else None
        if ability is None or not ability.reach or ability.reach[0] != "range" or not board.has_piece(unit):
            continue
        for name in affected:
            if board.has_piece(name):
                sights.append(piece_line_of_sight(board, board.piece(unit), board.piece(name), rules))
                captions.append(f"{ability.name} needs {unit}'s own sight")
    return draw_board(
        board, title=title, lines_of_sight=sights, area=area, outcome=outcome, captions=captions, notes=notes
    )


def _resolved(scenario, rules) -> tuple[dict[str, Any] | None, list[str]]:
    """The attack's outcome with the scenario's dice, or a note saying why there is none."""
    from rulecheck.rulesets.gundam_assemble_explain import explain
    from rulecheck.source_yaml import InputError

    try:
        return explain(scenario, rules).outcome, []
    except InputError as exc:
        return None, [f"result not drawn: {exc.message if hasattr(exc, 'message') else exc}"]
