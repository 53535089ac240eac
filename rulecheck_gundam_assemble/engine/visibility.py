"""Board-wide Line of Sight verdicts: one clear/blocked answer for every ordered pair of hexes.

``line_of_sight`` explains one line hex by hex; this module answers "who can see whom" for a whole
board at once (threat maps, diagrams, the benchmark) and must agree with it on every pair, which
a property test checks. The blocking conditions are the same clauses (GA-LOS-1..8, GA-AOE-4) and
interpretations, evaluated with numpy over every starting hex for one offset at a time: a
sightline depends only on the offset between its hexes.

Whether a hex blocks depends on the line only through the higher end's elevation ``hi`` and
whether the ends differ, so each hex gets one bit mask, bit ``2 * level + differ`` set when it
blocks such a line; a line is blocked when the OR of its hexes' masks has the line's bit.
Under ``los_intermediate_terrain=blocks`` terrain above the lower end also blocks a line whose
ends differ, which depends on the lower end's level: a second family of masks (bit ``level`` set
where the terrain is above that level) answers it, hex by hex.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np  # already required by shapely

from rulecheck_gundam_assemble.engine.board import Board
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode
from rulecheck_gundam_assemble.engine.terrain import kind_of
from rules.hex_sightline import prepare, sightline
from rules.hexgrid import Hex, length
from rules.rulebook import Rulebook

_PAD = 3  # lines between two board hexes never stray further than this outside the board


_LEVELS_PER_MASK = 32  # two bits per elevation level in a uint64


def _masks(elev, figure, structure, levels, walls) -> list[np.ndarray]:
    """One uint64 grid per group of 32 elevation levels: bit ``2 * j`` set where the hex blocks a
    line whose higher end is at ``levels[j]`` and whose ends are level, bit ``2 * j + 1`` where
    it blocks one whose ends differ."""
    grids = []
    for g in range(0, len(levels), _LEVELS_PER_MASK):
        mask = np.zeros(elev.shape, dtype=np.uint64)
        for j, hi in enumerate(levels[g : g + _LEVELS_PER_MASK]):
            level = (
                (elev > hi)  # GA-LOS-3
                | (figure == hi)  # GA-LOS-4 / GA-LOS-6, enemies
                | (structure == hi)  # GA-LOS-5 / GA-LOS-6, enemy structures
                | walls  # a declared terrain kind that blocks Line of Sight (terrain.py)
            )
            differ = level | (elev == hi)  # GA-LOS-6, terrain
            mask |= level.astype(np.uint64) << np.uint64(2 * j)
            mask |= differ.astype(np.uint64) << np.uint64(2 * j + 1)
        grids.append(mask.ravel())
    return grids


def _above_masks(elev, levels) -> list[np.ndarray]:
    """One uint64 grid per group of 64 elevation levels: bit ``j`` set where the terrain is higher
    than ``levels[j]`` (los_intermediate_terrain=blocks: terrain above the lower end)."""
    grids = []
    for g in range(0, len(levels), 64):
        mask = np.zeros(elev.shape, dtype=np.uint64)
        for j, lo in enumerate(levels[g : g + 64]):
            mask |= (elev > lo).astype(np.uint64) << np.uint64(j)
        grids.append(mask.ravel())
    return grids


def _wanted_low_bits(count: int) -> list[np.ndarray]:
    """Per above-mask, ``want[i, j]``: the bit of the lower level for a line between cells at
    levels i and j whose ends differ (0 for level lines and for other masks' levels)."""
    i, j = np.indices((count, count))
    lo = np.minimum(i, j)
    one = np.uint64(1) << (lo % 64).astype(np.uint64)
    return [np.where((lo // 64 == g) & (i != j), one, np.uint64(0)) for g in range((count + 63) // 64)]


def _wanted_bits(count: int) -> list[np.ndarray]:
    """Per mask, ``want[i, j]``: the bit that decides a line between cells at levels i and j
    (0 where the higher level belongs to another mask)."""
    i, j = np.indices((count, count))
    hi = np.maximum(i, j)
    bit = (2 * (hi % _LEVELS_PER_MASK) + (i != j)).astype(np.uint64)
    one = np.uint64(1) << bit
    return [
        np.where(hi // _LEVELS_PER_MASK == g, one, np.uint64(0))
        for g in range((count + _LEVELS_PER_MASK - 1) // _LEVELS_PER_MASK)
    ]


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
    walls = np.zeros(shape, dtype=bool)
    for h, t in board.hexes.items():
        q, r = h[0] - q0, h[1] - r0
        if 0 <= q < shape[0] and 0 <= r < shape[1]:
            elev[q, r] = t.elevation
            walls[q, r] = t.terrain != "open" and kind_of(board, rules, t.terrain).blocks
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
    levels = np.unique(start_elev)  # the higher end of a line is always some cell's elevation
    cell_level = np.searchsorted(levels, start_elev)
    masks = _masks(elev, figure, structure, levels, walls)
    wanted = _wanted_bits(len(levels))
    above = list(zip(_above_masks(elev, levels), _wanted_low_bits(len(levels)), strict=True))
    width = shape[1]
    flat_cells = cell_index.ravel()
    base_all = sq * width + sr  # flat grid index of each cell

    # The offsets that join two cells, with the cells each joins (start index -> end index).
    offsets = []
    for dq in range(-span_q, span_q + 1):
        for dr in range(-span_r, span_r + 1):
            if length((dq, dr)) < min_range:
                continue
            ends = flat_cells[base_all + (dq * width + dr)]
            starts = np.flatnonzero(ends >= 0)
            if len(starts):
                offsets.append(((dq, dr), starts, ends[starts]))
    prepare(o for o, _, _ in offsets)  # classifies any offset the shipped table lacks, in one batch
    clear = np.ones((n, n), dtype=bool)  # adjacent pairs need no Line of Sight (GA-LOS-1)
    for offset, starts, ends in offsets:
        line = sightline((0, 0), offset)
        counted = list(line.through) + (list(line.corners) if corners_count else [])
        k, p = len(counted), len(line.between)
        hexes = counted + [lh for lh, _ in line.between] + [rh for _, rh in line.between]
        index = base_all[starts] + np.array([q * width + r for q, r in hexes], dtype=np.int64).reshape(-1, 1)
        pair_levels = (cell_level[starts], cell_level[ends])
        if between_blocks:
            clear[starts, ends] = ~_blocked_hex_by_hex(
                index, pair_levels, k, p, list(zip(masks, wanted, strict=True)) + above, one_side
            )
            continue
        blocked = np.zeros(len(starts), dtype=bool)
        for mask, want in zip(masks, wanted, strict=True):
            bits = mask[index]
            hits = np.bitwise_or.reduce(bits[:k], axis=0)
            if p:  # GA-LOS-8: the acting player's choice
                left, right = bits[k : k + p], bits[k + p :]
                if one_side:
                    hits |= np.bitwise_or.reduce(left, axis=0) & np.bitwise_or.reduce(right, axis=0)
                else:
                    hits |= np.bitwise_or.reduce(left & right, axis=0)
            blocked |= (hits & want[pair_levels]) != 0
        clear[starts, ends] = ~blocked
    return VisibilityTable(cells, clear)


def _blocked_hex_by_hex(index, pair_levels, k: int, p: int, families, one_side: bool) -> np.ndarray:
    """The lines blocked when a hex may block through either family of masks: each hex's verdict
    first, then the choice pairs (GA-LOS-8), since a pair may be blocked by two different causes."""
    hex_blocks = np.zeros(index.shape, dtype=bool)
    for mask, want in families:
        hex_blocks |= (mask[index] & want[pair_levels]) != 0
    blocked = hex_blocks[:k].any(axis=0)
    if p:
        left, right = hex_blocks[k : k + p], hex_blocks[k + p :]
        if one_side:
            blocked |= left.any(axis=0) & right.any(axis=0)
        else:
            blocked |= (left & right).any(axis=0)
    return blocked
