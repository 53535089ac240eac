"""Place text labels beside the things they name so that no label covers a piece or another
label: each label tries its candidate spots in order, then spots on rings further and further out
from its first candidate, and takes the first free one (the caller draws a leader line when the
spot is far from what it names). Boxes are estimated from the text length (``text_width``: 0.62 x
the font size per character, generous for a sans-serif font), so a test can check the drawn
picture with the same boxes without a font."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rulecheck.svg_legend import text_width

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

ASCENT, DESCENT = 0.95, 0.3  # of the font size, above and below the baseline


@dataclass(frozen=True)
class Placed:
    x: float  # text-anchor middle
    y: float  # baseline
    box: Box
    moved: bool = False  # True when no candidate was free and a ring spot was taken


def text_box(text: str, x: float, y: float, font_size: float, anchor: str = "middle") -> Box:
    """The box of a label drawn with ``text-anchor`` = ``anchor`` and its baseline at ``y``."""
    w = text_width(text, font_size)
    left = {"start": x, "end": x - w}.get(anchor, x - w / 2)
    return (left, y - font_size * ASCENT, left + w, y + font_size * DESCENT)


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


class Boxes(list):
    """The boxes labels must avoid: a list, with a grid over it so that asking whether a box meets
    any of them looks only at the boxes in its cells (a board of 10,000 hexes has as many
    coordinate labels; testing each against every other took minutes)."""

    CELL = 48.0  # px: about two lines of text

    def __init__(self, boxes=()):
        super().__init__()
        self._grid: dict[tuple[int, int], list[Box]] = {}
        self.extend(boxes)

    def _cells(self, box: Box):
        c = self.CELL
        for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield (i, j)

    def append(self, box: Box) -> None:
        super().append(box)
        for cell in self._cells(box):
            self._grid.setdefault(cell, []).append(box)

    def extend(self, boxes) -> None:
        for box in boxes:
            self.append(box)

    def __iadd__(self, boxes):
        self.extend(boxes)
        return self

    def meets(self, probe: Box) -> bool:
        return any(overlap(probe, o) for cell in self._cells(probe) for o in self._grid.get(cell, ()))


def _ring_spots(x: float, y: float, font_size: float, rings: int = 40):
    """Spots around (x, y), ring after ring, each ring one line height further out."""
    step = font_size * 1.4
    for ring in range(1, rings + 1):
        n = 8 * ring
        for k in range(n):
            # Start straight above, then alternate either side, so the nearest free spot wins.
            turn = (k + 1) // 2 * (1 if k % 2 else -1)
            angle = -math.pi / 2 + 2 * math.pi * turn / n
            yield (x + ring * step * 2.2 * math.cos(angle), y + ring * step * math.sin(angle))


def place(
    text: str,
    font_size: float,
    candidates: list[tuple[float, float]],
    obstacles: list[Box],
    gap: float = 1.0,
    rings: bool = True,
) -> Placed | None:
    """The first candidate baseline point whose box (grown by ``gap``) meets no obstacle; when
    none is free, the nearest free spot on rings around the first candidate (``None`` instead,
    with ``rings=False``: a label that may be left out). The chosen box is appended to
    ``obstacles`` so later labels avoid it."""

    meets = (
        obstacles.meets if isinstance(obstacles, Boxes) else lambda p: any(overlap(p, o) for o in obstacles)
    )

    def free(x: float, y: float) -> Box | None:
        box = text_box(text, x, y, font_size)
        return None if meets(grown(box, gap)) else box

    for x, y in candidates:
        box = free(x, y)
        if box is not None:
            obstacles.append(box)
            return Placed(x, y, box)
    if not rings:
        return None
    x0, y0 = candidates[0]
    for x, y in _ring_spots(x0, y0, font_size):
        box = free(x, y)
        if box is not None:
            obstacles.append(box)
            return Placed(x, y, box, moved=True)
    raise RuntimeError(f"no free spot for the label {text!r}")  # 40 rings out: never on a real board
