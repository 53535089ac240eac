"""The legend both diagram kinds draw under their picture: a colour swatch and a line of text."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape


def legend(lines: Iterable[tuple[str | None, str]], top: float) -> list[str]:
    """SVG elements for ``(colour or None, text)`` lines, one every 18 px from ``top``."""
    out = [f'<g class="legend" transform="translate(8,{top:.2f})">']
    for i, (colour, text) in enumerate(lines):
        y = 14 + 18 * i
        if colour:
            out.append(f'<rect x="0" y="{y - 10}" width="12" height="12" fill="{colour}" stroke="#333"/>')
        out.append(f'<text x="{18 if colour else 0}" y="{y}" font-size="11">{escape(text)}</text>')
    out.append("</g>")
    return out
