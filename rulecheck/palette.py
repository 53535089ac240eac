"""The colours a drawing uses, by name: the defaults below, or a caller's overrides for one drawing.

``draw_svg(..., colors={"side-1": "#000080"})`` (or ``rulecheck draw --color side-1=#000080``)
replaces one entry for that drawing only. A key that is not listed here, or a value that is not a
colour (``#rgb``, ``#rrggbb``, ``#rrggbbaa`` or a CSS colour name), is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

COLORS: dict[str, str] = {
    # both pictures
    "background": "#ffffff",
    "text": "#111111",
    "side-1": "#1f5fbf",  # the first side (GA) or faction (multibase); "Blue" is always side-1
    "side-2": "#c0392b",  # "Red"
    "side-3": "#2e8b57",  # "Green"
    "side-4": "#8e44ad",  # "Purple"
    "side-5": "#d68910",  # "Orange"
    "side-6": "#16a085",
    "badge": "#c0392b",  # damage dealt, HP left
    "defeated": "#7b241c",  # defeated units, a multibase unit's state after the attack
    "arrow": "#15803d",  # arrows the caller adds
    "highlight": "#f1c40f",  # cells or bases the caller highlights
    # Gundam Assemble hex board
    "coordinate": "#666666",
    "hex-edge": "#7a7a7a",
    "elevation-0": "#f4f1e8",
    "elevation-1": "#e3d9bf",
    "elevation-2": "#cdbd92",
    "elevation-3": "#b39c66",
    "elevation-4": "#967c45",
    "elevation-5": "#765d2c",
    "elevation-6": "#5a4520",
    "water": "#7fb3e6",
    "terrain": "#d9a441",  # a declared terrain kind that names no colour of its own
    "area": "#b7860b",  # the placed area of effect: hatching and outline
    "attacker-hex": "#555555",
    "sightline-1": "#e67e22",
    "sightline-2": "#8e44ad",
    "sightline-3": "#16a085",
    "sightline-4": "#2c3e50",
    "blocker": "#dd0000",
    "choice-blocker": "#e67e22",
    "hit": "#2e8b57",
    "critical": "#b9770e",
    "miss": "#9e9e9e",
    # multibase table
    "table": "#eef3e6",
    "grid": "#dde5d2",
    "grid-6": "#b8c4a6",  # every sixth inch
    "table-terrain": "#8d8d8d",
    "trace": "#e67e22",
    "range": "#333333",
    "long-range": "#7d3c98",
    "cover": "#117a65",
}

_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,30}")
_current: ContextVar[Mapping[str, str]] = ContextVar("rulecheck_palette", default=COLORS)


class PaletteError(ValueError):
    """A colour key or value the caller gave that this palette cannot take."""


def checked(colors: Mapping[str, str] | None) -> dict[str, str]:
    """The defaults with ``colors`` laid over them; ``PaletteError`` for a bad key or value."""
    out = dict(COLORS)
    for key, value in (colors or {}).items():
        if key not in COLORS:
            raise PaletteError(f"unknown colour key {key!r}; expected one of {', '.join(COLORS)}")
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise PaletteError(f"{key}: {value!r} is not a colour; expected #rgb, #rrggbb or a colour name")
        out[key] = value
    return out


@contextmanager
def using(colors: Mapping[str, str] | None) -> Iterator[None]:
    token = _current.set(checked(colors))
    try:
        yield
    finally:
        _current.reset(token)


def c(key: str) -> str:
    """The colour named ``key`` in the drawing under way."""
    return _current.get()[key]
