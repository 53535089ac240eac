"""A Skirmish board as SVG: walls, cover, the models, the line of the shot and its result.

Drawn from the engine's own model (``crossed`` decides which squares the line passes), so the
picture cannot disagree with the ruling.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from rulecheck_skirmish.engine import Board, crossed

CELL = 40
COLOURS = {"wall": "#555555", "cover": "#9bc48a", "open": "#f4f1e8", "crossed": "#e8b04b"}
SIDES = ("#c0392b", "#2c6fbb", "#7d3c98", "#1e8449")


def draw(
    board: Board, title: str = "", shot: tuple[str, str] | None = None, outcome: dict | None = None
) -> str:
    top = 28 if title else 6
    foot = 24 if outcome else 6
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(board.width * CELL + 12),
        height=str(board.height * CELL + top + foot),
        viewBox=f"-6 {-top} {board.width * CELL + 12} {board.height * CELL + top + foot}",
    )
    if title:
        ET.SubElement(
            svg, "text", x="0", y="-10", **{"font-size": "14", "font-family": "sans-serif"}
        ).text = title
    marked: set = set()
    if shot is not None:
        a, t = board.model(shot[0]), board.model(shot[1])
        marked = set(crossed(board, a.square, t.square, board.walls | board.cover))
    for row in range(board.height):
        for col in range(board.width):
            sq = (col, row)
            kind = "wall" if sq in board.walls else "cover" if sq in board.cover else "open"
            rect = ET.SubElement(
                svg,
                "rect",
                x=str(col * CELL),
                y=str(row * CELL),
                width=str(CELL),
                height=str(CELL),
                fill=COLOURS[kind],
                stroke="#888888",
            )
            if sq in marked:
                rect.set("stroke", COLOURS["crossed"])
                rect.set("stroke-width", "3")
            ET.SubElement(rect, "title").text = f"{kind} [{col}, {row}]"
    sides = sorted({m.side for m in board.models})
    for m in board.models:
        cx, cy = m.square[0] * CELL + CELL / 2, m.square[1] * CELL + CELL / 2
        colour = SIDES[sides.index(m.side) % len(SIDES)]
        circle = ET.SubElement(svg, "circle", cx=str(cx), cy=str(cy), r=str(CELL * 0.35), fill=colour)
        ET.SubElement(
            circle, "title"
        ).text = f"{m.name} ({m.side}): skill {m.skill}+, save {m.save}+, wounds {m.wounds}"
        ET.SubElement(
            svg,
            "text",
            x=str(cx),
            y=str(cy + 5),
            fill="white",
            **{"text-anchor": "middle", "font-size": "14"},
        ).text = m.name[0]
    if shot is not None:
        a, t = board.model(shot[0]), board.model(shot[1])
        ET.SubElement(
            svg,
            "line",
            x1=str(a.square[0] * CELL + CELL / 2),
            y1=str(a.square[1] * CELL + CELL / 2),
            x2=str(t.square[0] * CELL + CELL / 2),
            y2=str(t.square[1] * CELL + CELL / 2),
            stroke="black",
            **{"stroke-width": "2", "stroke-dasharray": "6 3"},
        )
    if outcome:
        text = ", ".join(f"{k} {_plain(v)}" for k, v in outcome.items())
        ET.SubElement(
            svg,
            "text",
            x="0",
            y=str(board.height * CELL + 16),
            **{"font-size": "12", "font-family": "sans-serif"},
        ).text = text
    return ET.tostring(svg, encoding="unicode")


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
