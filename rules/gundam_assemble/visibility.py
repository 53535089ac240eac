"""Board-wide Line of Sight verdicts: one clear/blocked answer for every ordered pair of hexes.

``line_of_sight`` explains one line hex by hex; this module answers "who can see whom" for a whole
board at once (threat maps, diagrams, the benchmark) and must agree with it on every pair, which
a property test checks. The blocking conditions are the same clauses (GA-LOS-1..8, GA-AOE-4) and
interpretations, evaluated with numpy over every starting hex for one offset at a time: a
sightline depends only on the offset between its hexes.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np  # already required by shapely

from rules.gundam_assemble.board import Board
from rules.gundam_assemble.line_of_sight import LosMode
from rules.hex_sightline import sightline
from rules.hexgrid import Hex, length
from rules.rulebook import Rulebook

_PAD = 3  # lines between two board hexes never stray further than this outside the board


def _blocks(grids, offsets: list[Hex], bq, br, lo, hi, differ, between_blocks: bool) -> np.ndarray:
    """(len(offsets), len(starts)) booleans: does each hex at ``start + offset`` block each line."""
    elev, figure, structure = grids
    off = np.asarray(offsets, dtype=np.int64).reshape(-1, 2)
    q = bq[None, :] + off[:, :1]
    r = br[None, :] + off[:, 1:]
    e = elev[q, r]
    found = (
        (e > hi)  # GA-LOS-3
        | (differ & (e == hi))  # GA-LOS-6, terrain
        | (figure[q, r] == hi)  # GA-LOS-4 / GA-LOS-6, enemies
        | (structure[q, r] == hi)  # GA-LOS-5 / GA-LOS-6, enemy structures
    )
    if between_blocks:  # los_intermediate_terrain=blocks: terrain above the lower unit
        found |= differ & (e > lo) & (e < hi)
    return found


class VisibilityTable:
    """``clear[i, j]``: can a piece of ``side`` in ``hexes[i]`` see whatever is in ``hexes[j]``."""

    def __init__(self, hexes: list[Hex], clear: np.ndarray):
        self.hexes = hexes
        self.index = {h: i for i, h in enumerate(hexes)}
        self.clear = clear

    def sees(self, a: Hex, b: Hex) -> bool:
        return bool(self.clear[self.index[a], self.index[b]])

    @property
    def pairs(self) -> int:
        n = len(self.hexes)
        return n * (n - 1)


def visibility_table(
    board: Board,
    side: str,
    rules: Rulebook,
    hexes: Iterable[Hex] | None = None,
    mode: LosMode = LosMode.STANDARD,
) -> VisibilityTable:
    """Line of Sight for a piece of ``side`` from every hex to every other hex of ``hexes``
    (default: the board's extent, or the listed hexes of an unbounded board)."""
    if mode not in (LosMode.STANDARD, LosMode.AREA_EFFECT):
        raise ValueError("only standard and area of effect Line of Sight is checked pair by pair")
    cells = sorted(set(hexes if hexes is not None else (board.extent or board.hexes)))
    n = len(cells)
    qs = np.array([h[0] for h in cells])
    rs = np.array([h[1] for h in cells])
    span_q, span_r = int(qs.max() - qs.min()), int(rs.max() - rs.min())
    # Pad by the board's span so that start + any offset between two cells stays on the grid.
    q0, r0 = int(qs.min()) - span_q - _PAD, int(rs.min()) - span_r - _PAD
    shape = (3 * span_q + 2 * _PAD + 1, 3 * span_r + 2 * _PAD + 1)

    # Per-hex grids. -1 marks "nothing there" for the elevations of blocking pieces.
    elev = np.zeros(shape, dtype=np.int16)
    figure = np.full(shape, -1, dtype=np.int16)  # elevation of an enemy figure that can block
    structure = np.full(shape, -1, dtype=np.int16)  # elevation of an enemy structure
    cell_index = np.full(shape, -1, dtype=np.int32)
    sq, sr = qs - q0, rs - r0
    cell_index[sq, sr] = np.arange(n)
    for h, t in board.hexes.items():
        q, r = h[0] - q0, h[1] - r0
        if 0 <= q < shape[0] and 0 <= r < shape[1]:
            elev[q, r] = t.elevation
    garrisons_block = rules.interpretation("los_garrison_blocks") == "as_enemy"
    for p in board.pieces:
        if p.side == side:
            continue  # allies and allied structures never block
        q, r = p.hex[0] - q0, p.hex[1] - r0
        if not (0 <= q < shape[0] and 0 <= r < shape[1]):
            continue
        if p.kind == "structure":
            structure[q, r] = board.piece_elevation(p)
        elif mode is LosMode.STANDARD and (p.kind == "unit" or garrisons_block):
            figure[q, r] = board.elevation(p.hex)

    one_side = rules.interpretation("los_choice_points") == "one_side"
    corners_count = rules.interpretation("los_corner_touch") == "counts"
    between_blocks = rules.interpretation("los_intermediate_terrain") == "blocks"
    min_range = rules.param("los_min_range")
    start_elev = elev[sq, sr]

    clear = np.ones((n, n), dtype=bool)  # adjacent pairs need no Line of Sight (GA-LOS-1)
    for dq in range(-span_q, span_q + 1):
        for dr in range(-span_r, span_r + 1):
            if length((dq, dr)) < min_range:
                continue
            ends = cell_index[sq + dq, sr + dr]
            on = ends >= 0
            if not on.any():
                continue
            starts = np.flatnonzero(on)
            ends = ends[on]
            line = sightline((0, 0), (dq, dr))
            bq, br = sq[starts], sr[starts]
            ea, eb = start_elev[starts], elev[bq + dq, br + dr]
            lo, hi = np.minimum(ea, eb), np.maximum(ea, eb)
            differ = ea != eb

            grids = (elev, figure, structure)
            rest = (lo, hi, differ, between_blocks)
            counted = list(line.through) + (list(line.corners) if corners_count else [])
            blocked = _blocks(grids, counted, bq, br, *rest).any(axis=0)
            if line.between:  # GA-LOS-8: the acting player's choice
                left = _blocks(grids, [lh for lh, _ in line.between], bq, br, *rest)
                right = _blocks(grids, [rh for _, rh in line.between], bq, br, *rest)
                if one_side:
                    blocked |= left.any(axis=0) & right.any(axis=0)
                else:
                    blocked |= (left & right).any(axis=0)
            clear[starts, ends] = ~blocked
    return VisibilityTable(cells, clear)
