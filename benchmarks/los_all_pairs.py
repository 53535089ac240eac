"""All-pairs Line of Sight on a 30x30 board: the engine against a naive per-pair baseline.

    python benchmarks/los_all_pairs.py [--size 30] [--seed 1] [--naive-sample 1500] [--line-sample 0]

Prints seconds and ordered pairs per second for
  * the engine's board-wide table (``visibility_table``) from a cold sightline cache, twice: as
    shipped (canonical offsets read from ``rules/sightline_table.json``) and with the table
    ignored, so that shapely classifies every canonical offset;
  * the same table again, warm;
  * the nudged cube-lerp line draw (``lerp_line``, line only, no rules) over the same pairs: the
    usual inexact approximation, as a yardstick of what a plain line draw costs;
  * the engine's explained per-pair call (``line_of_sight``), warm cache, on a sample;
  * a naive baseline: each pair classified from scratch with shapely, candidate hexes tested one
    by one (``naive_sightline``), then the same blocking rules applied, on a sample;
and the engine's ratios against the line draw and against the naive rate, all measured in this
run. The naive rate comes from a random sample of pairs because the full table would take it tens
of minutes; the line draw covers every pair unless ``--line-sample`` says how many to time.

Times are CPU seconds of this process (``time.process_time``): on a shared machine wall time
also counts other processes' work, unevenly between a short and a long step. Every step here is
single-threaded, so on a quiet machine the two agree.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece, rectangle  # noqa: E402
from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight  # noqa: E402
from rulecheck_gundam_assemble.engine.visibility import visibility_table  # noqa: E402
from rules.hex_sightline import naive_sightline, reset_cache  # noqa: E402
from rules.hexgrid import distance, lerp_line  # noqa: E402
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
    parser.add_argument(
        "--line-sample", type=int, default=0, help="time the line draw on this many pairs (0: all)"
    )
    args = parser.parse_args()

    rules = load("gundam_assemble")
    board = random_board(args.size, args.seed)
    cells = sorted(board.extent)
    pairs = len(cells) * (len(cells) - 1)

    def timed(f):
        t0 = time.process_time()
        out = f()
        return time.process_time() - t0, out

    reset_cache(use_table=False)
    shapely_s, from_shapely = timed(lambda: visibility_table(board, "A", rules))
    reset_cache()
    cold_s, table = timed(lambda: visibility_table(board, "A", rules))
    warm_s, _ = timed(lambda: visibility_table(board, "A", rules))

    all_pairs = [(a, b) for a in cells for b in cells if a != b]
    drawn = (
        random.Random(args.seed + 2).sample(all_pairs, args.line_sample) if args.line_sample else all_pairs
    )
    line_s, _ = timed(lambda: [lerp_line(a, b) for a, b in drawn])
    line_s *= pairs / len(drawn)  # the whole board's worth when only a sample was drawn

    rng = random.Random(args.seed + 1)
    sample = [tuple(rng.sample(cells, 2)) for _ in range(args.naive_sample)]
    naive_s, naive_answers = timed(lambda: [naive_pair(board, a, b, "A", rules) for a, b in sample])
    explained_s, explained = timed(lambda: [line_of_sight(board, a, b, "A", rules).clear for a, b in sample])

    agree = (from_shapely.clear == table.clear).all() and all(
        n == e == table.sees(a, b) for (a, b), n, e in zip(sample, naive_answers, explained, strict=True)
    )
    naive_pair_s = naive_s / len(sample)

    def row(label: str, seconds: float) -> None:
        print(
            f"{label:34} {seconds:6.2f} s {pairs / seconds:12,.0f} pairs/s"
            f"  {line_s / seconds:6.1f}x line draw  {naive_pair_s * pairs / seconds:8,.0f}x naive"
        )

    print(f"board: {args.size}x{args.size} ({len(cells)} hexes, {pairs:,} ordered pairs), seed {args.seed}")
    row("engine table, cold, shipped table", cold_s)
    row("engine table, cold, all by shapely", shapely_s)
    row("engine table, warm", warm_s)
    note = "" if len(drawn) == pairs else f" (timed on {len(drawn):,} pairs, scaled)"
    print(f"{'nudged cube-lerp line draw':34} {line_s:6.2f} s {pairs / line_s:12,.0f} pairs/s{note}")
    print(
        f"{'engine line_of_sight (explained)':34} {len(sample):,} sampled pairs {len(sample) / explained_s:12,.0f} pairs/s"
    )
    print(
        f"{'naive per-pair shapely':34} {len(sample):,} sampled pairs {len(sample) / naive_s:12,.0f} pairs/s"
    )
    print(f"answers agree (both cold tables, the sample): {agree}")
    if not agree:
        sys.exit(1)


if __name__ == "__main__":
    main()
