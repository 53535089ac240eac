"""Building SVG with ``xml.etree``: attribute names in Python spelling, numbers formatted once.

``sub(parent, "circle", cx=1.5, cy=2, r=3, fill="#fff", stroke_width=2, class_="halo")`` adds
``<circle cx="1.50" cy="2" r="3" fill="#fff" stroke-width="2" class="halo"/>``: a trailing ``_``
is dropped (``class_``), other underscores become hyphens (``stroke_width``, ``data_hex``). The
tree escapes every text and attribute, so names from scenario files need no escaping here.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

NAMESPACE = "http://www.w3.org/2000/svg"


def _name(key: str) -> str:
    return key[:-1] if key.endswith("_") else key.replace("_", "-")


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def element(tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    e = ET.Element(tag, {_name(k): _value(v) for k, v in attrs.items() if v is not None})
    if text is not None:
        e.text = text
    return e


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    e = element(tag, text, **attrs)
    parent.append(e)
    return e


def document(width: float, height: float, **attrs: Any) -> ET.Element:
    """An ``<svg>`` root of the given size, its viewBox matching."""
    return element(
        "svg",
        xmlns=NAMESPACE,
        width=f"{width:.0f}",
        height=f"{height:.0f}",
        viewBox=f"0 0 {width:.2f} {height:.2f}",
        font_family="sans-serif",
        **attrs,
    )


def points(pts) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)


def to_string(root: ET.Element) -> str:
    ET.indent(root, space="")
    return ET.tostring(root, encoding="unicode") + "\n"
