"""The legend both diagram kinds draw under their picture: a swatch and a line of text.

A swatch is a colour (a filled square) or ``"kind:colour"`` drawing the symbol the picture uses:
``disc``, ``square``, ``diamond``, ``outline`` (a hex outline), ``dashed-outline``, ``line``,
``dashed-line``, ``cross``, ``dot``, ``badge``. ``None`` leaves the line without a swatch.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

ROW = 20.0  # px between legend lines
FONT = 12.0


def _swatch(spec: str, y: float) -> str:
    kind, _, colour = spec.rpartition(":") if ":" in spec else ("fill", "", spec)
    top, mid = y - 11, y - 5
    if kind == "fill":
        return f'<rect x="0" y="{top}" width="14" height="14" fill="{colour}" stroke="#333"/>'
    if kind == "disc":
        return f'<circle cx="7" cy="{mid + 1}" r="6" fill="{colour}" stroke="#111" stroke-width="1.5"/>'
    if kind == "square":
        return f'<rect x="1" y="{top + 1}" width="12" height="12" fill="{colour}" fill-opacity="0.35" stroke="{colour}" stroke-width="2.5"/>'
    if kind == "diamond":
        return f'<polygon points="7,{top} 14,{mid + 1} 7,{y + 3} 0,{mid + 1}" fill="{colour}" stroke="#111"/>'
    if kind in ("outline", "dashed-outline"):
        dash = ' stroke-dasharray="3,2"' if kind == "dashed-outline" else ""
        pts = " ".join(f"{7 + 7 * dx:.1f},{mid + 1 + 7 * dy:.1f}" for dx, dy in _HEX)
        return f'<polygon points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'
    if kind in ("line", "dashed-line"):
        dash = ' stroke-dasharray="4,2"' if kind == "dashed-line" else ""
        return (
            f'<line x1="0" y1="{mid + 1}" x2="14" y2="{mid + 1}" stroke="{colour}" stroke-width="2.5"{dash}/>'
        )
    if kind == "cross":
        return (
            f'<line x1="1" y1="{top + 1}" x2="13" y2="{y + 1}" stroke="{colour}" stroke-width="3"/>'
            f'<line x1="1" y1="{y + 1}" x2="13" y2="{top + 1}" stroke="{colour}" stroke-width="3"/>'
        )
    if kind == "dot":
        return f'<circle cx="7" cy="{mid + 1}" r="3.5" fill="{colour}" stroke="#fff"/>'
    if kind == "badge":
        return f'<rect x="0" y="{top + 2}" width="14" height="10" rx="3" fill="{colour}"/>'
    raise ValueError(f"unknown legend swatch {spec!r}")


_HEX = [(0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5), (0, -1), (0.87, -0.5)]


def legend(lines: Iterable[tuple[str | None, str]], top: float) -> list[str]:
    """SVG elements for ``(swatch or None, text)`` lines, one every ``ROW`` px from ``top``."""
    out = [f'<g class="legend" transform="translate(8,{top:.2f})">']
    for i, (swatch, text) in enumerate(lines):
        y = 15 + ROW * i
        if swatch:
            out.append(f'<g class="swatch" data-swatch="{escape(swatch)}">{_swatch(swatch, y)}</g>')
        out.append(f'<text x="{22 if swatch else 0}" y="{y}" font-size="{FONT:g}">{escape(text)}</text>')
    out.append("</g>")
    return out


def legend_height(n: int) -> float:
    return ROW * n + 10


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of a sans-serif text's width (no font metrics at build time)."""
    return 0.62 * font_size * len(text)
