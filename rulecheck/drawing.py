"""The one drawing entry: ``draw_svg(scenario, ruling, *, size=None, orientation=0,
coordinates=True, colors=None, arrows=(), highlights=())``, after python-chess's
``chess.svg.board``: keyword-only options, a ``colors`` dict over documented defaults, and marks
the caller adds. It computes no rule: ``ruling`` is what ``rulecheck.draw_ruling.resolve`` got
from the engine.

* ``size``: the picture's width in px (the height follows); ``None`` keeps the natural size.
* ``orientation``: 0, or 180 to see the board or table from the other side.
* ``coordinates``: hex coordinates (Gundam Assemble) or the inch grid and its numbers (multibase).
* ``colors``: ``{key: colour}`` over ``rulecheck.palette.COLORS`` (``side-1``, ``water``,
  ``sightline-1``, ``trace``, ``arrow``, ``highlight``...).
* ``arrows``: ``(from, to)`` pairs of cells: a hex ``"q,r"`` or a piece's name (Gundam
  Assemble); a table point ``"x,y"`` in inches, a unit's name or a base's name (multibase).
* ``highlights``: cells: hexes or piece names (Gundam Assemble), units or bases (multibase).

A bad option raises ``DrawOptionError`` naming the option; ``svg_to_png`` turns the SVG into PNG
bytes (cairosvg, the ``png`` extra).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from rulecheck.palette import COLORS, PaletteError, checked

__all__ = ["COLORS", "DrawOptionError", "draw_svg", "svg_to_png"]

MAX_SIZE = (
    4_000  # px wide: a tall picture (a long legend) is then at most ~10,000 px high, ~160 MB as PNG pixels
)
TABLE_REACH = 72.0  # inches around the pieces a multibase arrow may reach (a 6-foot table)


class DrawOptionError(ValueError):
    """An option value the drawing cannot take; ``option`` names it (``--arrow``, ``colors``...)."""

    def __init__(self, option: str, message: str):
        super().__init__(message)
        self.option = option
        self.message = message


def draw_svg(
    scenario,
    ruling,
    *,
    size: float | None = None,
    orientation: int = 0,
    coordinates: bool = True,
    colors: Mapping[str, str] | None = None,
    arrows: Iterable[tuple[str, str]] = (),
    highlights: Iterable[str] = (),
) -> str:
    """The scenario and its resolved ruling as a standalone SVG document."""
    if size is not None and not (
        isinstance(size, int | float) and math.isfinite(size) and 16 <= size <= MAX_SIZE
    ):
        raise DrawOptionError("--size", f"expected a width in px from 16 to {MAX_SIZE}, got {size!r}")
    if orientation not in (0, 180):
        raise DrawOptionError("--flip", f"orientation must be 0 or 180, got {orientation!r}")
    try:
        palette = checked(colors)
    except PaletteError as exc:
        raise DrawOptionError("--color", str(exc)) from None
    options: dict[str, Any] = {
        "size": size,
        "turned": orientation == 180,
        "coordinates": bool(coordinates),
        "colors": palette,
    }
    if hasattr(scenario, "board"):
        from rulecheck import diagram_hex

        cell = _hex_cell(scenario.board)
        options["arrows"] = tuple((cell(a, "--arrow"), cell(b, "--arrow")) for a, b in arrows)
        options["highlights"] = tuple(cell(h, "--highlight") for h in highlights)
        return diagram_hex.draw_scenario(scenario, ruling, **options)
    from rulecheck import diagram_multibase

    point = _table_point(scenario.field, ruling.rules)
    options["arrows"] = tuple((point(a), point(b)) for a, b in arrows)
    options["highlights"] = tuple(_piece_name(scenario.field, h) for h in highlights)
    return diagram_multibase.draw_scenario(scenario, ruling, **options)


_PAIR = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*")


def _hex_cell(board):
    from rules.hexgrid import neighbours

    # A board without a declared extent is what the picture shows of it: the hexes the scenario
    # names (terrain, pieces) and the ring around them.
    shown = set(board.hexes) | {p.hex for p in board.pieces}
    shown |= {n for h in list(shown) for n in neighbours(h)}

    def cell(text: str, option: str):
        found = _PAIR.fullmatch(str(text))
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


def _table_point(field, rules):
    from shapely import total_bounds, union_all

    from rules.multibase.geometry import footprint

    shapes = [footprint(b, rules) for u in field.units for b in u.bases]
    x0, y0, x1, y1 = total_bounds(shapes) if shapes else (0.0, 0.0, 0.0, 0.0)

    def point(text: str) -> tuple[float, float]:
        found = _PAIR.fullmatch(str(text))
        if found:
            x, y = float(found.group(1)), float(found.group(2))
            if not (x0 - TABLE_REACH <= x <= x1 + TABLE_REACH and y0 - TABLE_REACH <= y <= y1 + TABLE_REACH):
                raise DrawOptionError(
                    "--arrow", f'point {x:g},{y:g} is off the table (more than 72" from every base)'
                )
            return (x, y)
        name = _piece_name(field, text, "--arrow")
        bases = [b for u in field.units for b in u.bases if name in (u.name, b.name, f"{u.name}/{b.name}")]
        centre = union_all([footprint(b, rules) for b in bases]).centroid
        return (centre.x, centre.y)

    return point


def _piece_name(field, text: str, option: str = "--highlight") -> str:
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


def svg_to_png(svg: str, option: str = "--format") -> bytes:
    """The picture as PNG bytes, through cairosvg (the ``png`` extra: ``pip install
    'rulecheck[png]'``, which needs the cairo library of the system)."""
    try:
        import cairosvg
    except (ImportError, OSError):
        raise DrawOptionError(
            option, "PNG output needs cairosvg and the cairo library: pip install 'rulecheck[png]'"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))
