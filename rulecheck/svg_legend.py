"""The legend both diagram kinds draw under their picture: a swatch and a line of text.

A swatch is a colour (a filled square) or ``"kind:colour"`` drawing the symbol the picture uses:
``disc``, ``square``, ``diamond``, ``outline`` (a hex outline), ``dashed-outline``, ``line``,
``dashed-line``, ``cross``, ``dot``, ``badge``, ``hatch`` (the hatching of an area of effect:
the document must define the pattern ``area-hatch``). ``None`` leaves the line without a swatch;
``""`` continues the line above (a wrapped line, indented like its text).
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from rulecheck.svg import points, sub

ROW = 20.0  # px between legend lines
FONT = 12.0


def _swatch(g: ET.Element, spec: str, y: float) -> None:
    kind, _, colour = spec.rpartition(":") if ":" in spec else ("fill", "", spec)
    top, mid = y - 11, y - 4
    if kind == "fill":
        sub(g, "rect", x=0, y=top, width=14, height=14, fill=colour, stroke="#333")
    elif kind == "disc":
        sub(g, "circle", cx=7, cy=mid, r=6, fill=colour, stroke="#111", stroke_width=1.5)
    elif kind == "square":
        sub(
            g,
            "rect",
            x=1,
            y=top + 1,
            width=12,
            height=12,
            fill=colour,
            fill_opacity=0.35,
            stroke=colour,
            stroke_width=2.5,
        )
    elif kind == "diamond":
        sub(
            g,
            "polygon",
            points=points([(7, top), (14, mid), (7, y + 3), (0, mid)]),
            fill=colour,
            stroke="#111",
        )
    elif kind in ("outline", "dashed-outline"):
        dash = "3,2" if kind == "dashed-outline" else None
        hexagon = points([(7 + 7 * dx, mid + 7 * dy) for dx, dy in _HEX])
        sub(g, "polygon", points=hexagon, fill="none", stroke=colour, stroke_width=2, stroke_dasharray=dash)
    elif kind in ("line", "dashed-line"):
        dash = "4,2" if kind == "dashed-line" else None
        sub(g, "line", x1=0, y1=mid, x2=14, y2=mid, stroke=colour, stroke_width=2.5, stroke_dasharray=dash)
    elif kind == "cross":
        sub(g, "line", x1=1, y1=top + 1, x2=13, y2=y + 1, stroke=colour, stroke_width=3)
        sub(g, "line", x1=1, y1=y + 1, x2=13, y2=top + 1, stroke=colour, stroke_width=3)
    elif kind == "dot":
        sub(g, "circle", cx=7, cy=mid, r=3.5, fill=colour, stroke="#fff")
    elif kind == "badge":
        sub(g, "rect", x=0, y=top + 2, width=14, height=10, rx=3, fill=colour)
    elif kind == "hatch":
        sub(
            g, "rect", x=0, y=top, width=14, height=14, fill="url(#area-hatch)", stroke=colour, stroke_width=2
        )
    else:
        raise ValueError(f"unknown legend swatch {spec!r}")


_HEX = [(0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5), (0, -1), (0.87, -0.5)]


def legend(parent: ET.Element, lines: Iterable[tuple[str | None, str]], top: float) -> None:
    """Add a legend group to ``parent``: ``(swatch or None, text)`` lines, one every ``ROW`` px
    from ``top``."""
    g = sub(parent, "g", class_="legend", transform=f"translate(8,{top:.2f})")
    for i, (swatch, text) in enumerate(lines):
        y = 15 + ROW * i
        if swatch:
            _swatch(sub(g, "g", class_="swatch", data_swatch=swatch), swatch, y)
        sub(g, "text", text, x=0 if swatch is None else 22, y=y, font_size=f"{FONT:g}")


def wrapped(lines: Iterable[tuple[str | None, str]], width: float) -> list[tuple[str | None, str]]:
    """The legend lines, each long one broken into lines that fit ``width`` px (legend margin
    included); a continued line has the swatch ``""`` (no symbol, the text's indent kept)."""
    out: list[tuple[str | None, str]] = []
    for swatch, text in lines:
        room = width - 8 - (0 if swatch is None else 22) - 8
        chars = max(20, int(room / (0.62 * FONT)))
        parts = textwrap.wrap(text, chars, subsequent_indent="  ", break_on_hyphens=False) or [""]
        out.append((swatch, parts[0]))
        out.extend(("" if swatch is not None else None, part) for part in parts[1:])
    return out


def wrap_title(title: str, width: float, font_size: float = 15) -> list[str]:
    """A title broken into lines that fit ``width`` px (8 px margin either side)."""
    chars = max(20, int((width - 16) / (0.62 * font_size)))
    return textwrap.wrap(title, chars, break_on_hyphens=False) if title else []


def draw_title(root: ET.Element, lines: list[str], fill: str) -> None:
    """A picture's wrapped title, one bold line under another from the top left."""
    for i, line in enumerate(lines):
        sub(
            root,
            "text",
            line,
            class_="title",
            x=8,
            y=19 + 22 * i,
            font_size=15,
            font_weight="bold",
            fill=fill,
        )


def legend_height(n: int) -> float:
    return ROW * n + 10


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of a sans-serif text's width (no font metrics at build time)."""
    return 0.62 * font_size * len(text)
