"""The one drawing entry: ``draw_svg(scenario, ruling, *, size=None, orientation=0,
coordinates=True, colors=None, arrows=(), highlights=())``, after python-chess's
``chess.svg.board``: keyword-only options, a ``colors`` dict over documented defaults, and marks
the caller adds. It computes no rule: ``ruling`` is what the ruleset's drawing module
got from the engine (e.g. ``rulecheck_gundam_assemble.draw.hex_ruling``), and draws itself.

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
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import Any

from rulecheck import svg
from rulecheck.palette import COLORS, PaletteError, c, checked
from rulecheck.svg import sub

__all__ = ["COLORS", "DrawOptionError", "draw_svg", "svg_to_png"]

MAX_SIZE = (
    4_000  # px wide: a tall picture (a long legend) is then at most ~10,000 px high, ~160 MB as PNG pixels
)


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
    # The ruling knows its own picture (a ruleset's drawing module made it): the toolkit names no game.
    return ruling.draw(scenario, arrows=tuple(arrows), highlights=tuple(highlights), **options)


CELL_PAIR = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*")


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


# Shared by the games' drawings (the hex board's and the multibase table's caller arrows).
def arrow(
    layer: ET.Element, a: tuple[float, float], b: tuple[float, float], cls: str = "caller-arrow"
) -> None:
    """An arrow from ``a`` to ``b`` with its head drawn as a triangle (no SVG marker: every
    renderer draws a polygon the same)."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 12.0
    bx, by = x2 - ux * head, y2 - uy * head
    g = sub(layer, "g", class_=cls)
    sub(g, "line", x1=x1, y1=y1, x2=bx, y2=by, stroke=c("arrow"), stroke_width=4, stroke_opacity=0.85)
    tri = [
        (x2, y2),
        (bx - uy * head * 0.55, by + ux * head * 0.55),
        (bx + uy * head * 0.55, by - ux * head * 0.55),
    ]
    sub(g, "polygon", points=svg.points(tri), fill=c("arrow"), fill_opacity=0.85)
