"""The exact sightline between two hex centres, classified on an integer lattice.

docs/architecture.md, "Exact hex geometry": scale axial space by 3, so hex (q, r) has its centre at the integer
point (3q, 3r) and its six corners at integer points. The map from axial space to the drawn board
is affine, and affine maps preserve incidence, so a segment crossing a hex's interior, running
along an edge or touching a corner on the lattice does exactly the same on the table. All the
coordinates are small integers, which shapely's DE-9IM predicates (``relate``) decide exactly: no
floating-point tolerance decides a case.

A sightline depends only on the offset ``end - start``, so each offset is classified once and the
result translated (``sightline``). ``naive_sightline`` classifies one pair from scratch and is the
benchmark's baseline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np  # shapely's own array interface; vectorised calls keep the cache cheap to fill
import shapely
from shapely.geometry import LineString, Polygon

from rules.hexgrid import SYMMETRIES, Hex, add, is_mirror, lerp_line, neighbours, sub, symmetry

# Corners of hex (0, 0) on the lattice, counter-clockwise in (x, y).
CORNERS: tuple[tuple[int, int], ...] = ((1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1))


def centre(h: Hex) -> tuple[int, int]:
    return (3 * h[0], 3 * h[1])


_RING = np.array(CORNERS + CORNERS[:1], dtype=float)


def hex_polygon(h: Hex) -> Polygon:
    cx, cy = centre(h)
    return Polygon([(cx + dx, cy + dy) for dx, dy in CORNERS])


@dataclass(frozen=True)
class Sightline:
    """How the segment between two hex centres meets the hexes in between.

    ``through``: hexes whose interior the line crosses, in order from start to end, without the
    start and end hexes themselves. ``between``: the places where the line runs exactly along the
    edge shared by two hexes, in order, each as ``(left, right)`` seen from start looking at end
    on the drawn board. ``corners``: hexes the line touches only at a corner, in order.
    """

    start: Hex
    end: Hex
    through: tuple[Hex, ...]
    between: tuple[tuple[Hex, Hex], ...]
    corners: tuple[Hex, ...]

    def translated(self, by: Hex) -> Sightline:
        return Sightline(
            add(self.start, by),
            add(self.end, by),
            tuple(add(h, by) for h in self.through),
            tuple((add(left, by), add(right, by)) for left, right in self.between),
            tuple(add(h, by) for h in self.corners),
        )

    def mapped(self, index: int) -> Sightline:
        """The image under grid symmetry ``index`` (about the origin). A mirror image swaps
        left and right; order along the line is kept because the map is linear."""
        f = symmetry(index)

        def pair(left: Hex, right: Hex) -> tuple[Hex, Hex]:
            return (f(right), f(left)) if is_mirror(index) else (f(left), f(right))

        return Sightline(
            f(self.start),
            f(self.end),
            tuple(f(h) for h in self.through),
            tuple(pair(left, right) for left, right in self.between),
            tuple(f(h) for h in self.corners),
        )

    def reversed(self) -> Sightline:
        """The same line seen from the other end: order reversed, left and right swapped."""
        return Sightline(
            self.end,
            self.start,
            self.through[::-1],
            tuple((right, left) for left, right in self.between[::-1]),
            self.corners[::-1],
        )

    @property
    def exact(self) -> bool:
        """True when the line meets no edge and no corner: no choice is left to a player."""
        return not self.between and not self.corners


def candidate_hexes(start: Hex, end: Hex) -> set[Hex]:
    """A superset of the hexes the segment can touch: the line draws nudged both ways, plus
    their neighbours (a segment never strays more than one hex from its rounded samples)."""
    near: set[Hex] = set()
    for nudge in ((1e-6, 2e-6), (-1e-6, -2e-6)):
        for h in lerp_line(start, end, nudge):
            near.add(h)
            near.update(neighbours(h))
    near.discard(start)
    near.discard(end)
    return {h for h in near if _touches_line(h, start, end)}


def _touches_line(h: Hex, start: Hex, end: Hex) -> bool:
    """Integer test: False when all six corners lie strictly on one side of the infinite line.

    Only a cheap exact pre-filter; shapely still decides how the segment meets the hex."""
    (sx, sy), (ex, ey), (cx, cy) = centre(start), centre(end), centre(h)
    dx, dy = ex - sx, ey - sy
    signs = {(c > 0) - (c < 0) for c in (_cross(dx, dy, cx + ox - sx, cy + oy - sy) for ox, oy in CORNERS)}
    return not (signs == {1} or signs == {-1})


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _position(point: tuple[float, float], start: Hex, end: Hex) -> float:
    """Parameter along the line (0 at start, 1 at end) of a point on the line; ordering only."""
    (sx, sy), (ex, ey) = centre(start), centre(end)
    dx, dy = ex - sx, ey - sy
    return ((point[0] - sx) * dx + (point[1] - sy) * dy) / (dx * dx + dy * dy)


def _midpoint(geom) -> tuple[float, float]:
    x0, y0, x1, y1 = geom.bounds
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _side(h: Hex, start: Hex, end: Hex) -> int:
    """+1 if the hex centre lies to the right of start->end on the drawn board, -1 if left.

    The board is drawn with y growing downwards and the axial-to-screen map has a positive
    determinant, so a positive cross product on the lattice is clockwise, i.e. to the right.
    """
    (sx, sy), (ex, ey), (cx, cy) = centre(start), centre(end), centre(h)
    c = _cross(ex - sx, ey - sy, cx - sx, cy - sy)
    return (c > 0) - (c < 0)


def _assemble(start: Hex, end: Hex, found: list[tuple[Hex, str, object]]) -> Sightline:
    """Order the classified hexes along the line and pair up the edge hexes."""
    through, edge_hexes, corners = [], [], []
    for h, kind, geom in found:
        if kind == "through":
            through.append((_position(_midpoint(geom), start, end), h))
        elif kind == "edge":
            edge_hexes.append((h, geom))
        else:
            corners.append((_position(_midpoint(geom), start, end), h))
    # Two edge hexes form a pair when they share the stretch of line between them.
    pairs = []
    used: set[Hex] = set()
    for i, (h1, g1) in enumerate(edge_hexes):
        for h2, g2 in edge_hexes[i + 1 :]:
            if h1 in used or h2 in used:
                continue
            shared = g1.intersection(g2)
            if shared.length > 0:
                left, right = (h1, h2) if _side(h1, start, end) < 0 else (h2, h1)
                pairs.append((_position(_midpoint(shared), start, end), (left, right)))
                used.update((h1, h2))
    if len(used) != len(edge_hexes):  # pragma: no cover - a lattice invariant
        raise AssertionError(f"unpaired edge hex on {start}->{end}")
    return Sightline(
        start,
        end,
        tuple(h for _, h in sorted(through)),
        tuple(p for _, p in sorted(pairs)),
        tuple(h for _, h in sorted(corners)),
    )


def _classify(matrix: str) -> str | None:
    """Read the DE-9IM matrix of (segment, hex): interior/interior, then interior/boundary."""
    if matrix[0] != "F":
        return "through"
    if matrix[1] == "1":
        return "edge"
    if matrix[1] == "0":
        return "corner"
    return None


def _inverse(index: int) -> int:
    # A rotation by k undoes with a rotation by -k; every mirror-then-rotate map is an involution.
    return (6 - index) % 6 if index < 6 else index


@cache
def _sightline_from_origin(offset: Hex) -> Sightline:
    """Classify one offset. Only one offset per symmetry class (the smallest image) is classified
    with shapely; the other eleven are its exact images, which cuts the cache's cost twelvefold."""
    origin = (0, 0)
    if offset == origin:
        return Sightline(origin, origin, (), (), ())
    images = [(symmetry(i)(offset), i) for i in SYMMETRIES]
    canonical, index = min(images)
    if canonical != offset:
        return _sightline_from_origin(canonical).mapped(_inverse(index))
    return _classify_offset(offset)


def _classify_offset(offset: Hex) -> Sightline:
    origin = (0, 0)
    hexes = sorted(candidate_hexes(origin, offset))
    segment = LineString([centre(origin), centre(offset)])
    rings = np.asarray(hexes, dtype=float)[:, None, :] * 3 + _RING
    polygons = shapely.polygons(rings)
    matrices = shapely.relate(segment, polygons)  # vectorised, the same exact predicates
    kinds = [_classify(m) for m in matrices]
    keep = [i for i, k in enumerate(kinds) if k is not None]
    pieces = shapely.intersection(segment, polygons[keep])
    found = [(hexes[i], kinds[i], piece) for i, piece in zip(keep, pieces, strict=True)]
    return _assemble(origin, offset, found)


def sightline(start: Hex, end: Hex) -> Sightline:
    """The classified sightline from the centre of ``start`` to the centre of ``end``."""
    return _sightline_from_origin(sub(end, start)).translated(start)


def naive_sightline(start: Hex, end: Hex) -> Sightline:
    """Classify one pair from scratch, testing each candidate hex with its own shapely call.

    Same answer as ``sightline``; kept as the benchmark baseline and as a cross-check."""
    segment = LineString([centre(start), centre(end)])
    found = []
    for h in sorted(candidate_hexes(start, end)):
        poly = hex_polygon(h)
        kind = _classify(segment.relate(poly))
        if kind is not None:
            found.append((h, kind, segment.intersection(poly)))
    return _assemble(start, end, found)


def cache_info():
    return _sightline_from_origin.cache_info()
