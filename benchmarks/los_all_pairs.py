"""All-pairs Line of Sight on a 30x30 board: the engine against a naive per-pair baseline.

    python benchmarks/los_all_pairs.py [--size 30] [--seed 1] [--naive-sample 1500]

Prints ordered pairs per second for
  * the engine's board-wide table (``visibility_table``), from a cold sightline cache;
  * the engine's explained per-pair call (``line_of_sight``), warm cache, on a sample;
  * a naive baseline: each pair classified from scratch with shapely, candidate hexes tested one
    by one (``naive_sightline``), then the same blocking rules applied, on a sample;
and the ratio of the engine to the naive rate, measured in the same run. The naive rate comes
from a random sample of pairs because the full table would take it tens of minutes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.gundam_assemble.board import Board, HexTerrain, Piece, rectangle  # noqa: E402
from rules.gundam_assemble.line_of_sight import line_of_sight  # noqa: E402
from rules.gundam_assemble.visibility import visibility_table  # noqa: E402
from rules.hex_sightline import _sightline_from_origin, naive_sightline  # noqa: E402
from rules.hexgrid import distance  # noqa: E402
from rules.rulebook import load  # noqa: E402


def random_board(size: int, seed: int) -> Board:
    rng = random.Random(seed)
    cells = sorted(rectangle(size, size))
    hexes = {}
    for h in cells:
        roll = rng.random()
        if roll < 0.15:
            hexes[h] = HexTerrain(rng.randint(1, 3))
        elif roll < 0.22:
            hexes[h] = HexTerrain(0, "water")
    spots = rng.sample(cells, 64)
    pieces = [Piece(f"U{i}", "AB"[i % 2], h) for i, h in enumerate(spots[:56])]
    pieces += [Piece(f"G{i}", "AB"[i % 2], h, "garrison") for i, h in enumerate(spots[56:60])]
    pieces += [Piece(f"S{i}", "AB"[i % 2], h, "structure") for i, h in enumerate(spots[60:])]
    return Board(hexes, tuple(pieces), extent=frozenset(cells))


def naive_pair(board: Board, a, b, side: str, rules) -> bool:
    """The same rules on a sightline classified from scratch (no cache, one shapely call per hex)."""
    line = naive_sightline(a, b)
    if distance(a, b) < rules.param("los_min_range"):
        return True
    ea, eb = board.elevation(a), board.elevation(b)
    hi, differ = max(ea, eb), ea != eb

    def blocks(h) -> bool:
        e = board.elevation(h)
        if e > hi or (differ and e == hi):
            return True
        f = board.figure_at(h)
        if f is not None and f.side != side and e == hi:
            return True
        s = board.structure_at(h)
        return s is not None and s.side != side and board.piece_elevation(s) == hi

    if any(blocks(h) for h in line.through):
        return False
    return all(not (blocks(lh) and blocks(rh)) for lh, rh in line.between)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive-sample", type=int, default=1500)
    args = parser.parse_args()

    rules = load("gundam_assemble")
    board = random_board(args.size, args.seed)
    cells = sorted(board.extent)
    pairs = len(cells) * (len(cells) - 1)

    _sightline_from_origin.cache_clear()
    t0 = time.perf_counter()
    table = visibility_table(board, "A", rules)
    table_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    visibility_table(board, "A", rules)
    warm_s = time.perf_counter() - t0

    rng = random.Random(args.seed + 1)
    sample = [tuple(rng.sample(cells, 2)) for _ in range(args.naive_sample)]
    t0 = time.perf_counter()
    naive_answers = [naive_pair(board, a, b, "A", rules) for a, b in sample]
    naive_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    explained = [line_of_sight(board, a, b, "A", rules).clear for a, b in sample]
    explained_s = time.perf_counter() - t0

    agree = all(
        n == e == table.sees(a, b) for (a, b), n, e in zip(sample, naive_answers, explained, strict=True)
    )
    table_rate = pairs / table_s
    naive_rate = len(sample) / naive_s
    print(f"board: {args.size}x{args.size} ({len(cells)} hexes, {pairs:,} ordered pairs), seed {args.seed}")
    print(f"engine table, cold cache : {table_s:6.2f} s  {table_rate:12,.0f} pairs/s")
    print(f"engine table, warm cache : {warm_s:6.2f} s  {pairs / warm_s:12,.0f} pairs/s")
    print(
        f"engine line_of_sight     : {len(sample):,} sampled pairs  {len(sample) / explained_s:12,.0f} pairs/s (explained)"
    )
    print(f"naive per-pair shapely   : {len(sample):,} sampled pairs  {naive_rate:12,.0f} pairs/s")
    print(f"ratio engine table (cold) / naive: {table_rate / naive_rate:,.0f}x")
    print(f"answers agree on the sample: {agree}")
    if not agree:
        sys.exit(1)


if __name__ == "__main__":
    main()
