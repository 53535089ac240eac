"""SVG diagrams of Gundam Assemble positions, drawn from the engine's own model.

Nothing here decides a rule: the board is a ``rulecheck_gundam_assemble.engine.board.Board``, the sightline and
its blockers are a ``LosResult`` (or its ``to_json()`` form, which is what the feature runner stores
for the docs site), and AoE placements come from ``rulecheck_gundam_assemble.engine.area_effect``. The drawing
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
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from rulecheck import svg
from rulecheck.drawing import CELL_PAIR, DrawOptionError
from rulecheck.drawing import arrow as _arrow
from rulecheck.label_layout import Box, Boxes, place, text_box
from rulecheck.palette import c, using
from rulecheck.svg import sub
from rulecheck.svg_legend import draw_title, legend, legend_height, wrap_title, wrapped
from rulecheck.svg_legend import text_width as _text_width
from rulecheck.wording import plural
from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece
from rulecheck_gundam_assemble.engine.terrain import parse_kind
from rules.hexgrid import Hex, neighbours

SIZE = 36.0  # hex circumradius in SVG units: a 5-hex board is about 320 px wide
SQRT3 = math.sqrt(3)
ELEVATION_LEVELS = 7  # elevation-0 .. elevation-6 in the palette; higher is drawn as 6
# Turned 180 degrees (the board seen from the other side): every centre is mirrored through the
# origin, which maps the hex lattice onto itself, so lines still run centre to centre.
_TURNED: ContextVar[bool] = ContextVar("rulecheck_board_turned", default=False)


def hex_centre(h: Hex, size: float = SIZE) -> tuple[float, float]:
    q, r = h
    x, y = size * SQRT3 * (q + r / 2), size * 1.5 * r
    return (-x, -y) if _TURNED.get() else (x, y)


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
        **(
            {"terrain_kinds": {n: _kind_json(k) for n, k in board.terrain_kinds.items()}}
            if board.terrain_kinds
            else {}
        ),
    }


def _kind_json(k) -> dict[str, Any]:
    return {
        f: getattr(k, f)
        for f in ("symbol", "accuracy", "line_of_sight", "clause", "colour", "note")
        if getattr(k, f) not in (None, "")
    }


def board_from_json(data: Mapping[str, Any]) -> Board:
    return Board(
        {tuple(e["at"]): HexTerrain(e["elevation"], e["terrain"]) for e in data.get("hexes", [])},
        tuple(
            Piece(p["name"], p["side"], tuple(p["at"]), p["kind"], p.get("elevation")) for p in data["pieces"]
        ),
        tuple(data.get("sides") or ("A", "B")),
        frozenset(tuple(h) for h in data["extent"]) if data.get("extent") is not None else None,
        {n: parse_kind(n, k, f"terrain_kinds.{n}") for n, k in (data.get("terrain_kinds") or {}).items()},
    )


# --- what to draw on top of the board ----------------------------------------------------------


@dataclass(frozen=True)
class AreaDrawing:
    """An area of effect attack: the attacker's hex, the placed hexes, and every legal placement."""

    origin: Hex
    placed: frozenset[Hex]
    placements: tuple[frozenset[Hex], ...] = ()
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class DiceRow:
    """One target's reading of the attack roll: its Accuracy, why, and each die's result
    (``"critical"``, ``"hit"`` or ``"miss"``), as the engine's ``damage.hits`` event gives them."""

    target: str
    accuracy: int
    why: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    hits: int = 0
    crits: int = 0


def _side_colour(board: Board, side: str) -> str:
    sides = list(board.sides)
    i = sides.index(side) if side in sides else len(sides)
    return c(f"side-{i % 6 + 1}")


def _elevation_colour(level: int) -> str:
    return c(f"elevation-{max(0, min(level, ELEVATION_LEVELS - 1))}")


def _hex_fill(t: HexTerrain, board: Board | None = None) -> str:
    if t.terrain == "water":
        return c("water")
    declared = board.terrain_kinds.get(t.terrain) if board is not None else None
    if declared is not None:
        return declared.colour or c("terrain")
    return _elevation_colour(t.elevation)


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
COORD_FONT = 8.0
MARK_FONT = 10.0
MARGIN = 12.0
MIN_WIDTH = 420.0  # px: room for the legend's lines


class _Labels:
    """Every text on the board, each with its box: fixed ones (coordinates, elevation digits,
    terrain marks) first, then the placed ones, each kept clear of every box before it
    (``rulecheck.label_layout``). Drawn last, over everything, each on a light backing."""

    def __init__(self, obstacles: list[Box]):
        self.obstacles = obstacles
        self.elements: list[ET.Element] = []
        self.boxes: list[Box] = []

    def fixed(self, text: str, x: float, y: float, font_size: float, **attrs: Any) -> None:
        box = text_box(text, x, y, font_size)
        self.obstacles.append(box)
        self._add(text, x, y, font_size, box, attrs, backing=False)

    def placed(
        self,
        text: str,
        font_size: float,
        candidates: list[tuple[float, float]],
        *,
        leader_from: tuple[float, float] | None = None,
        badge: str | None = None,
        **attrs: Any,
    ) -> Box:
        spot = place(text, font_size, candidates, self.obstacles)
        if spot.moved and leader_from is not None:
            # A label pushed away from what it names keeps a thin line back to it.
            x0, y0, x1, y1 = spot.box
            tx, ty = min(max(leader_from[0], x0), x1), min(max(leader_from[1], y0), y1)
            self.elements.append(
                svg.element(
                    "line",
                    class_="leader",
                    x1=leader_from[0],
                    y1=leader_from[1],
                    x2=tx,
                    y2=ty,
                    stroke="#555",
                    stroke_width=0.8,
                )
            )
        self._add(text, spot.x, spot.y, font_size, spot.box, attrs, backing=True, badge=badge)
        return spot.box

    def optional(
        self, text: str, font_size: float, candidates: list[tuple[float, float]], **attrs: Any
    ) -> None:
        """A text at the first free candidate, without a backing; left out when none is free."""
        spot = place(text, font_size, candidates, self.obstacles, rings=False)
        if spot is not None:
            self._add(text, spot.x, spot.y, font_size, spot.box, attrs, backing=False)

    def _add(self, text, x, y, font_size, box, attrs, backing: bool, badge: str | None = None) -> None:
        group_class = attrs.pop("group_class", None)
        parent = svg.element("g", class_=group_class, data_name=attrs.pop("group_name", None))
        if badge is not None or backing:
            sub(
                parent,
                "rect",
                class_="label-backing",
                x=box[0] - 1,
                y=box[1],
                width=box[2] - box[0] + 2,
                height=box[3] - box[1],
                rx=3 if badge else 2,
                fill=badge or "#ffffff",
                fill_opacity=1 if badge else 0.85,
            )
        attrs.setdefault("fill", "#ffffff" if badge else c("text"))
        sub(parent, "text", text, x=x, y=y, font_size=f"{font_size:g}", text_anchor="middle", **attrs)
        self.elements.append(parent if len(parent) > 1 or group_class else parent[0])
        self.boxes.append(box)


def draw_board(
    board: Board,
    *,
    title: str = "",
    lines_of_sight: Sequence[Any] = (),
    area: AreaDrawing | None = None,
    notes: Sequence[str] = (),
    outcome: Mapping[str, Any] | None = None,
    captions: Sequence[str] = (),
    dice: Sequence[DiceRow] = (),
    size: float | None = None,
    turned: bool = False,
    coordinates: bool = True,
    colors: Mapping[str, str] | None = None,
    arrows: Sequence[tuple[Hex, Hex]] = (),
    highlights: Sequence[Hex] = (),
) -> str:
    """The position as a standalone SVG document.

    ``lines_of_sight``: ``LosResult`` objects or their ``to_json()`` dicts, drawn in order, each
    described in the legend by the matching entry of ``captions`` (if any). ``outcome``: an
    attack's outcome (``AttackResult.outcome()``); HP lost, Accuracy and defeat are drawn per
    target, and the dice under the board (each target's reading of them from ``dice``, when
    given). The rest are the caller's choices: ``size`` (width in px), ``turned`` (seen from the
    other side), ``coordinates``, ``colors`` (``rulecheck.palette.COLORS`` keys), ``arrows``
    (hex pairs) and ``highlights`` (hexes)."""
    token = _TURNED.set(turned)
    try:
        with using(colors):
            return _draw_board(
                board,
                title,
                lines_of_sight,
                area,
                notes,
                outcome,
                captions,
                dice,
                size,
                coordinates,
                arrows,
                highlights,
            )
    finally:
        _TURNED.reset(token)


def _draw_board(
    board, title, lines_of_sight, area, notes, outcome, captions, dice, size, coordinates, arrows, highlights
) -> str:
    sights = [s if isinstance(s, Mapping) else s.to_json() for s in lines_of_sight]
    extra: set[Hex] = set(highlights) | {h for pair in arrows for h in pair}
    for s in sights:
        extra |= _los_hexes(s)
    if area is not None:
        extra |= set(area.placed) | {area.origin}
    hexes = _hexes_to_draw(board, extra)

    # Board coordinates first; the labels are placed in them, then everything is shifted so the
    # picture (hexes and labels) starts at the margin.
    labels = _place_labels(board, hexes, sights, outcome, coordinates)
    xs = [x for h in hexes for x, _ in hex_corners(h)] + [b for box in labels.boxes for b in (box[0], box[2])]
    ys = [y for h in hexes for _, y in hex_corners(h)] + [b for box in labels.boxes for b in (box[1], box[3])]
    min_x, min_y = min(xs) - MARGIN, min(ys) - MARGIN
    board_w, board_h = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN
    # The picture is as wide as the board (never narrower than a legend can use); the title, the
    # legend and the rows of thumbnails wrap to that width.
    width = max(board_w, MIN_WIDTH)
    title_lines = wrap_title(title, width)
    header = 22.0 * len(title_lines) + (6.0 if title_lines else 0.0)
    legend_lines = wrapped(
        _legend(board, hexes, sights, area, notes, outcome, captions, arrows, highlights), width
    )
    per_row = max(1, int((width - 16) // (_THUMB + 6)))
    thumb_caption = (
        wrap_title(
            f"{plural(len(area.placements), 'legal placement')} of the pattern "
            "(grey: the attacker; framed: the one chosen)",
            width,
            12,
        )
        if area is not None and area.placements
        else []
    )
    thumb_rows = -(-len(area.placements) // per_row) if thumb_caption else 0
    thumbs_h = 16.0 * len(thumb_caption) + thumb_rows * (_THUMB + 6) + 10 if thumb_caption else 0.0
    dice_lines = _dice_lines(outcome, dice)
    dice_h = _DICE_ROW * len(dice_lines) + 8 if dice_lines else 0.0
    height = header + board_h + thumbs_h + dice_h + legend_height(len(legend_lines))
    offset_x = (width - board_w) / 2  # a board narrower than the legend is centred

    root = svg.document(width, height, class_="rulecheck-diagram gundam-assemble")
    sub(root, "title", title or "Gundam Assemble position")
    _defs(root)
    sub(root, "rect", class_="background", x=0, y=0, width=width, height=height, fill=c("background"))
    draw_title(root, title_lines, c("text"))
    layer = sub(
        root, "g", class_="board", transform=f"translate({offset_x - min_x:.2f},{header - min_y:.2f})"
    )

    for h in hexes:
        _draw_hex(layer, board, h)
    for h in highlights:
        sub(
            layer,
            "polygon",
            class_="caller-highlight",
            data_hex=f"{h[0]},{h[1]}",
            points=svg.points(hex_corners(h, inset=0.93)),
            fill=c("highlight"),
            fill_opacity=0.3,
            stroke=c("highlight"),
            stroke_width=3,
        )
    if area is not None:
        _draw_area(layer, area)
    for i, s in enumerate(sights):
        _draw_los(layer, s, i)
    for p in sorted(board.pieces, key=lambda p: p.kind != "structure"):
        _draw_piece(layer, board, p, outcome)
    for i, s in enumerate(sights):
        _draw_blockers(layer, s, i)
    for a, b in arrows:
        _arrow(layer, hex_centre(a), hex_centre(b))
    labels_layer = sub(layer, "g", class_="labels")
    labels_layer.extend(labels.elements)

    y = header + board_h
    if thumb_caption:
        _draw_placements(root, area, y + 6, thumb_caption, per_row)
        y += thumbs_h
    if dice_lines:
        _draw_dice(root, dice_lines, y + 4)
        y += dice_h
    legend(root, legend_lines, y + 4)
    if size:
        root.set("width", f"{size:.0f}")
        root.set("height", f"{height * size / width:.0f}")
    return svg.to_string(root)


def _defs(root: ET.Element) -> None:
    """The hatching an area of effect is drawn with: lines over the hex, so its elevation shade
    stays visible under the area."""
    defs = sub(root, "defs")
    pattern = sub(
        defs,
        "pattern",
        id="area-hatch",
        patternUnits="userSpaceOnUse",
        width=8,
        height=8,
        patternTransform="rotate(45)",
    )
    sub(pattern, "line", x1=0, y1=0, x2=0, y2=8, stroke=c("area"), stroke_width=2.5, stroke_opacity=0.8)


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
    # Its coordinates on hover too: a crowded hex may have no room left to print them.
    sub(g, "title", f"hex {h[0]},{h[1]}, elevation {t.elevation}, {t.terrain}")
    sub(
        g,
        "polygon",
        points=svg.points(hex_corners(h)),
        fill=_hex_fill(t, board) if on else c("background"),
        stroke=c("hex-edge"),
        stroke_width=1,
        stroke_dasharray=None if on else "3,3",
    )


def _coordinates(labels: _Labels, h: Hex) -> None:
    """A hex's coordinates at its foot, or at another free spot inside it; placed after the names
    and marks, which need the room more (a hex with no free spot left shows none)."""
    cx, cy = hex_centre(h)
    spots = [(0, 0.8), (0, -0.62), (-0.42, 0.62), (0.42, 0.62), (-0.42, -0.42), (0.42, -0.42)]
    labels.optional(
        f"{h[0]},{h[1]}",
        COORD_FONT,
        [(cx + dx * SIZE, cy + dy * SIZE) for dx, dy in spots],
        class_="coord",
        data_hex=f"{h[0]},{h[1]}",
        fill=c("coordinate"),
    )


def _hex_texts(labels: _Labels, board: Board, h: Hex) -> None:
    """The fixed texts of a hex: its elevation digit and its terrain mark."""
    t = board.terrain(h)
    cx, cy = hex_centre(h)
    if t.elevation:
        labels.fixed(
            str(t.elevation),
            cx - SIZE * 0.6,
            cy + SIZE * 0.12,
            12,
            class_="elevation",
            font_weight="bold",
            fill="#3b2a10",
        )
    if t.terrain == "water":
        labels.fixed("~", cx + SIZE * 0.6, cy + SIZE * 0.12, 13, class_="water-mark", fill="#0b4f8a")
    elif t.terrain in board.terrain_kinds:
        labels.fixed(
            board.terrain_kinds[t.terrain].symbol or t.terrain[0],
            cx + SIZE * 0.6,
            cy + SIZE * 0.12,
            13,
            class_="terrain-mark",
            fill="#3b2a10",
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
            fill="url(#area-hatch)",
            stroke=c("area"),
            stroke_width=2.5,
        )
    o = area.origin
    sub(
        g,
        "polygon",
        class_="aoe-origin",
        data_hex=f"{o[0]},{o[1]}",
        points=svg.points(hex_corners(o, inset=0.9)),
        fill="none",
        stroke=c("attacker-hex"),
        stroke_width=2.5,
        stroke_dasharray="6,3",
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
        sub(g, "polygon", points=diamond, fill=colour, stroke="#fff", stroke_width=2)
    else:
        # A white ring keeps a unit visible on any hex, water included.
        sub(g, "circle", cx=cx, cy=cy, r=r, fill=colour, stroke="#111", stroke_width=1.5)
        sub(g, "circle", class_="halo", cx=cx, cy=cy, r=r + 1.5, fill="none", stroke="#fff", stroke_width=1.5)
    if defeated:
        _cross(sub(g, "g", class_="defeated-mark"), cx, cy, r * 0.9, c("defeated"), 4)


def _place_labels(
    board: Board, hexes, sights, outcome: Mapping[str, Any] | None, coordinates: bool
) -> _Labels:
    """Every text on the board: coordinates, elevation digits and terrain marks where they
    belong, then the L/R marks of choice points, the clauses of blockers, the piece names and
    the outcome badges, each clear of every piece, every blocker cross and every text before it."""
    obstacles = Boxes(_piece_box(p) for p in board.pieces)
    crosses = []
    for s in sights:
        for b in [
            *s.get("blockers", []),
            *(x for cp in s.get("choice_points", []) for x in cp.get("blockers", [])),
        ]:
            cx, cy = hex_centre(tuple(b["hex"]))
            crosses.append((cx - SIZE * 0.32, cy - SIZE * 0.32, cx + SIZE * 0.32, cy + SIZE * 0.32))
    obstacles += crosses
    labels = _Labels(obstacles)
    for h in hexes:
        _hex_texts(labels, board, h)
    for i, s in enumerate(sights):
        colour = c(f"sightline-{i % 4 + 1}")
        for n, (left, right) in enumerate(s.get("between", [])):
            for h, mark in ((tuple(left), "L"), (tuple(right), "R")):
                cx, cy = hex_centre(h)
                labels.placed(
                    f"{n + 1}{mark}",
                    MARK_FONT,
                    [
                        (cx + SIZE * 0.3, cy + SIZE * 0.55),
                        (cx - SIZE * 0.3, cy + SIZE * 0.55),
                        (cx + SIZE * 0.3, cy - SIZE * 0.4),
                        (cx - SIZE * 0.3, cy - SIZE * 0.4),
                        (cx, cy - SIZE * 0.55),
                        (cx, cy + SIZE * 0.05),
                    ],
                    leader_from=(cx, cy),
                    class_="los-choice-mark",
                    data_hex=f"{h[0]},{h[1]}",
                    font_weight="bold",
                    fill=colour,
                )
        seen = set()
        for b, real in _blocker_entries(s):
            key = (tuple(b["hex"]), b["clause"])
            if key in seen:
                continue
            seen.add(key)
            cx, cy = hex_centre(tuple(b["hex"]))
            labels.placed(
                b["clause"],
                MARK_FONT,
                [
                    (cx, cy + SIZE * 0.6),
                    (cx, cy - SIZE * 0.42),
                    (cx + SIZE * 0.34 + _text_width(b["clause"], MARK_FONT) / 2, cy + MARK_FONT / 3),
                    (cx - SIZE * 0.34 - _text_width(b["clause"], MARK_FONT) / 2, cy + MARK_FONT / 3),
                ],
                leader_from=(cx, cy),
                class_="blocker-clause",
                data_hex=f"{b['hex'][0]},{b['hex'][1]}",
                font_weight="bold",
                fill=c("blocker") if real else c("choice-blocker"),
            )
    per_target = (outcome or {}).get("per_target", {})
    order = sorted(board.pieces, key=lambda p: (p.kind == "structure", p.hex[1], p.hex[0]))
    fs = PIECE_FONT
    for p in order:
        cx, cy = hex_centre(p.hex)
        r = _piece_radius(p) + 3
        w = _text_width(p.name, fs)
        candidates = [
            (cx, cy - r - 2),
            (cx, cy + r + fs),
            (cx + r + w / 2 + 2, cy + fs / 3),
            (cx - r - w / 2 - 2, cy + fs / 3),
            (cx, cy - r - 2 - fs * 1.4),
            (cx, cy + r + fs * 2.4),
        ]
        box = labels.placed(
            p.name, fs, candidates, leader_from=(cx, cy), class_="piece-name", data_name=p.name
        )
        result = per_target.get(p.name)
        if result is None:
            continue
        text = _badge_text(result)
        mid, top, bottom = (box[0] + box[2]) / 2, box[1], box[3]
        half = _text_width(text, fs) / 2
        badge_candidates = [
            (mid, bottom + fs * 1.15),
            (mid, top - fs * 0.45),
            (box[2] + 3 + half, bottom - fs * 0.3),
            (box[0] - 3 - half, bottom - fs * 0.3),
        ]
        badge_candidates += [(x, y + fs * 1.4) for x, y in candidates] + [
            (x, y - fs * 1.4) for x, y in candidates
        ]
        labels.placed(
            text,
            fs,
            badge_candidates,
            leader_from=(cx, cy),
            badge=c("defeated") if result.get("defeated") else c("badge"),
            class_="outcome-badge",
            group_class="outcome",
            group_name=p.name,
        )
    if coordinates:
        for h in hexes:
            _coordinates(labels, h)
    return labels


def _badge_text(result: Mapping[str, Any]) -> str:
    accuracy = result.get("accuracy")
    acc = f"Acc {accuracy:+d}: " if isinstance(accuracy, int) else ""
    if result.get("defeated"):
        return f"{acc}defeated"
    return f"{acc}-{result.get('dealt', 0)} HP, {result.get('hp_after', '?')} left"


def _draw_los(layer: ET.Element, los: Mapping[str, Any], index: int) -> None:
    colour = c(f"sightline-{index % 4 + 1}")
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
        corner = min(hex_corners(tuple(h)), key=lambda p: _dist_to_segment(p, (x1, y1), (x2, y2)))
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


def _blocker_entries(los: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], bool]]:
    """(blocker, blocks the line) for every blocker and every blocker at a choice point."""
    entries = [(b, True) for b in los.get("blockers", [])]
    for cp in los.get("choice_points", []):
        entries.extend((b, False) for b in cp.get("blockers", []))
    return entries


def _draw_blockers(layer: ET.Element, los: Mapping[str, Any], index: int) -> None:
    """Red crosses for what blocks the line; hollow orange crosses for a hex at a choice point
    that would block if the acting player picked it but that the line can avoid. Their clauses
    are placed with the other labels."""
    blocking = {(tuple(b["hex"]), b["clause"], b.get("piece")) for b in los.get("blockers", [])}
    seen: set[tuple] = set()
    for blk, _ in _blocker_entries(los):
        key = (tuple(blk["hex"]), blk["clause"], blk.get("piece"))
        if key in seen:
            continue
        seen.add(key)
        real = key in blocking
        h = tuple(blk["hex"])
        cx, cy = hex_centre(h)
        colour = c("blocker") if real else c("choice-blocker")
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


def _dist_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


_THUMB = 70.0  # thumbnail box for one AoE placement


def _draw_placements(root: ET.Element, area: AreaDrawing, y: float, caption: list[str], per_row: int) -> None:
    g = sub(root, "g", class_="aoe-placements", transform=f"translate(8,{y:.2f})")
    for i, line in enumerate(caption):
        sub(g, "text", line, x=0, y=10 + 16 * i, font_size=12, fill=c("text"))
    top = 16.0 * len(caption)
    size = 7.0
    for i, hexes in enumerate(area.placements):
        chosen = frozenset(hexes) == frozenset(area.placed)
        rel = [(h[0] - area.origin[0], h[1] - area.origin[1]) for h in hexes] + [(0, 0)]
        cs = [hex_centre(h, size) for h in rel]
        mx = sum(p[0] for p in cs) / len(cs)
        my = sum(p[1] for p in cs) / len(cs)
        row, col = divmod(i, per_row)
        thumb = sub(
            g,
            "g",
            class_="aoe-thumb chosen" if chosen else "aoe-thumb",
            transform=f"translate({col * (_THUMB + 6):.2f},{top + row * (_THUMB + 6):.2f})",
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
                fill="#888" if h == (0, 0) else c("area"),
                stroke="#444",
                stroke_width=0.5,
            )


_DICE_ROW = 22.0
_DIE = 18.0


def _dice_lines(
    outcome: Mapping[str, Any] | None, rows: Sequence[DiceRow]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The attack roll under the board: the faces rolled, then for each target its Accuracy and
    what each die scored against it (a line of text, then a line of dice)."""
    faces = list((outcome or {}).get("dice") or [])
    if not faces:
        return []
    strength = (outcome or {}).get("strength")
    out: list[tuple[str, list[tuple[int, str]]]] = [
        (
            f"Attack roll{f', Strength {strength}' if strength else ''}: {plural(len(faces), 'die', 'dice')}",
            [],
        ),
        ("", [(f, "rolled") for f in faces]),
    ]
    by_target = {r.target: r for r in rows}
    for name, result in ((outcome or {}).get("per_target") or {}).items():
        row = by_target.get(name)
        accuracy = result.get("accuracy", row.accuracy if row else 0)
        why = f" ({', '.join(row.why)})" if row and row.why else ""
        hits, crits = result.get("hits", 0), result.get("crits", 0)
        scored = f"{plural(hits, 'hit')}" + (f" ({crits} critical)" if crits else "")
        out.append((f"{name}: Accuracy {accuracy:+d}{why}: {scored}", []))
        if row and row.results and len(row.results) == len(faces):
            out.append(("", list(zip(faces, row.results, strict=True))))
    return out


def _draw_dice(root: ET.Element, lines, y: float) -> None:
    g = sub(root, "g", class_="dice", transform=f"translate(8,{y:.2f})")
    colours = {"rolled": "#ffffff", "hit": c("hit"), "critical": c("critical"), "miss": c("miss")}
    for i, (text, dice) in enumerate(lines):
        base = 15 + _DICE_ROW * i
        if text:
            sub(g, "text", text, class_="dice-caption", x=0, y=base, font_size=12, fill=c("text"))
        for k, (face, result) in enumerate(dice):
            x = 22 + k * (_DIE + 5)
            die = sub(g, "g", class_=f"die {result}", data_face=face)
            sub(die, "title", f"{face}: {result}")
            sub(
                die,
                "rect",
                x=x,
                y=base - 13,
                width=_DIE,
                height=_DIE,
                rx=3,
                fill=colours.get(result, "#fff"),
                stroke="#333",
            )
            sub(
                die,
                "text",
                str(face),
                x=x + _DIE / 2,
                y=base,
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=c("text") if result in ("rolled", "miss") else "#ffffff",
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
    arrows: Sequence[tuple[Hex, Hex]] = (),
    highlights: Sequence[Hex] = (),
) -> list[tuple[str | None, str]]:
    """One line per symbol the picture uses, in the picture's own colours and shapes."""
    out: list[tuple[str | None, str]] = []
    used = {t.terrain for t in board.hexes.values()}
    for name, kind in board.terrain_kinds.items():
        if name in used:
            effects = []
            if kind.line_of_sight == "blocks":
                effects.append("blocks Line of Sight")
            if kind.accuracy:
                effects.append(f"Accuracy {kind.accuracy} against a target in it")
            out.append(
                (
                    kind.colour or c("terrain"),
                    f"terrain {name}"
                    + (f" ({kind.symbol})" if kind.symbol else "")
                    + f": {', '.join(effects) or 'no effect on Line of Sight or Accuracy'}",
                )
            )
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
        out.append((_elevation_colour(level), what))
    if any(t.terrain == "water" for t in on_board):
        out.append((c("water"), "water (~; a digit gives its elevation)"))
    if any(not board.on_board(h) for h in hexes):
        out.append((f"dashed-outline:{c('hex-edge')}", "not part of the board"))
    for i, s in enumerate(sights):
        colour = c(f"sightline-{i % 4 + 1}")
        verdict = "clear" if s.get("clear") else "blocked"
        if not s.get("required", True):
            verdict = "not required"
        a, b = _piece_at(board, tuple(s["from"])), _piece_at(board, tuple(s["to"]))
        caption = f" ({captions[i]})" if i < len(captions) and captions[i] else ""
        shape = "line" if verdict == "clear" else "dashed-line"
        out.append((f"{shape}:{colour}", f"Line of Sight {a} -> {b}: {verdict}{caption}"))
        if s.get("through"):
            # Why an outlined hex does not block: the engine found no blocking condition in it.
            crossed = {tuple(x["hex"]) for x in s.get("blockers", [])}
            free = [h for h in s["through"] if tuple(h) not in crossed]
            why = (
                f"; the engine found no blocking condition in the {plural(len(free), 'hex', 'hexes')}"
                " without a cross (GA-LOS-7)"
                if free
                else ""
            )
            out.append((f"outline:{colour}", f"  hexes the line passes through{why}"))
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
        out.append((f"cross:{c('blocker')}", "blocks the line (clause beside the cross)"))
    if any(cp.get("blockers") for s in sights for cp in s.get("choice_points", [])):
        out.append(
            (
                f"cross:{c('choice-blocker')}",
                "would block if picked at a choice point (the other hex is clear)",
            )
        )
    if area is not None:
        out.append(
            (
                f"hatch:{c('area')}",
                f"area of effect: the placed pattern, {plural(len(area.placed), 'hex', 'hexes')}",
            )
        )
        out.append((f"dashed-outline:{c('attacker-hex')}", "the attacker's hex"))
        if area.targets:
            out.append((None, f"targeted: {', '.join(area.targets)}"))
    per_target = (outcome or {}).get("per_target", {})
    if any(not t.get("defeated") for t in per_target.values()):
        out.append((f"badge:{c('badge')}", "the target's Accuracy, HP lost to this attack, HP left"))
    if any(t.get("defeated") for t in per_target.values()):
        out.append((f"cross:{c('defeated')}", "defeated by this attack"))
    if (outcome or {}).get("dice"):
        out.append((f"badge:{c('hit')}", "a die that hits this target (Accuracy applied)"))
        out.append((f"badge:{c('critical')}", "a critical hit"))
        out.append((f"badge:{c('miss')}", "a miss"))
    if highlights:
        out.append(
            (f"outline:{c('highlight')}", "highlighted: " + ", ".join(f"{h[0]},{h[1]}" for h in highlights))
        )
    if arrows:
        out.append(
            (
                f"line:{c('arrow')}",
                "arrows: " + "; ".join(f"{a[0]},{a[1]} -> {b[0]},{b[1]}" for a, b in arrows),
            )
        )
    out.extend((None, n) for n in notes)
    return out


# --- a scenario file ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HexRuling:
    """What the engine decided about a scenario, ready to draw: the sightlines (and what each
    one is), the placed area, the attack's outcome and each target's reading of the dice, and
    notes (e.g. why there is no result). ``rulecheck_gundam_assemble.draw`` builds it."""

    sights: tuple[Any, ...] = ()
    captions: tuple[str, ...] = ()
    area: AreaDrawing | None = None
    outcome: Mapping[str, Any] | None = None
    dice: tuple[DiceRow, ...] = ()
    notes: tuple[str, ...] = ()

    def draw(self, scenario, *, arrows=(), highlights=(), **options: Any) -> str:
        """This ruling drawn over ``scenario`` (``rulecheck.drawing.draw_svg`` checks the options
        every picture shares; the cells of arrows and highlights are read here, on this board)."""
        cell = hex_cell(scenario.board)
        return draw_scenario(
            scenario,
            self,
            arrows=tuple((cell(a, "--arrow"), cell(b, "--arrow")) for a, b in arrows),
            highlights=tuple(cell(h, "--highlight") for h in highlights),
            **options,
        )


def hex_cell(board):
    """A parser of a caller's cell for this board: a hex ``q,r`` on it or a piece's name."""
    from rules.hexgrid import neighbours

    # A board without a declared extent is what the picture shows of it: the hexes the scenario
    # names (terrain, pieces) and the ring around them.
    shown = set(board.hexes) | {p.hex for p in board.pieces}
    shown |= {n for h in list(shown) for n in neighbours(h)}

    def cell(text: str, option: str):
        found = CELL_PAIR.fullmatch(str(text))
        if found:
            try:
                h = (int(found.group(1)), int(found.group(2)))
            except ValueError:
                raise DrawOptionError(option, f"{text!r}: a hex is two whole numbers, q,r") from None
            if h not in (board.extent if board.extent is not None else shown):
                raise DrawOptionError(option, f"hex {h[0]},{h[1]} is off the board")
            return h
        if board.has_piece(str(text)):
            return board.piece(str(text)).hex
        raise DrawOptionError(option, f"{text!r} is neither a hex q,r nor a piece of this scenario")

    return cell


def draw_scenario(scenario, ruling: HexRuling, **options: Any) -> str:
    """A loaded ``GAScenario`` with its resolved ``ruling``; ``options`` as ``draw_board`` takes
    them (size, turned, coordinates, colors, arrows, highlights)."""
    return draw_board(
        scenario.board,
        title=scenario.title,
        lines_of_sight=ruling.sights,
        area=ruling.area,
        outcome=ruling.outcome,
        captions=ruling.captions,
        notes=ruling.notes,
        dice=ruling.dice,
        **options,
    )
