"""Place text labels beside the things they name so that no label covers a piece or another
label: each label tries its candidate spots in order and takes the first free one (or the least
covered one when none is free). Boxes are estimated from the text length, generously."""

from __future__ import annotations

from dataclasses import dataclass

from rulecheck.svg_legend import text_width

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Placed:
    x: float  # text-anchor middle
    y: float  # baseline
    box: Box


def text_box(text: str, x: float, y: float, font_size: float) -> Box:
    """The box of a label drawn with text-anchor="middle" and its baseline at ``y``."""
    w = text_width(text, font_size)
    return (x - w / 2, y - font_size * 0.95, x + w / 2, y + font_size * 0.3)


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def place(text: str, font_size: float, candidates: list[tuple[float, float]], obstacles: list[Box]) -> Placed:
    """The first candidate baseline point whose box meets no obstacle; else the least covered.
    The chosen box is appended to ``obstacles`` so later labels avoid it."""
    best: Placed | None = None
    best_cost = float("inf")
    for x, y in candidates:
        box = text_box(text, x, y, font_size)
        cost = sum(overlap(box, o) for o in obstacles)
        if cost < best_cost:
            best, best_cost = Placed(x, y, box), cost
        if cost == 0:
            break
    assert best is not None
    obstacles.append(best.box)
    return best
