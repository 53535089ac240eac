"""How long one quick command takes, start to finish, in a fresh process.

    python benchmarks/command_speed.py [--runs 7]

Runs `rulecheck los`, `explain`, `draw` and `odds` on bundled scenarios (each in a new Python
process, as a user runs them) and, in the same run, two baselines: a bare Python start
(`python -c pass`) and a start that imports the corpus runner (`import pytest, pytest_bdd`, what
every command paid before commands imported only what they use). Prints the median wall and CPU
seconds of each over ``--runs`` runs, and each command's CPU time as a multiple of the bare start.
CPU time (user + system of the child) is the steadier figure on a shared machine. The children
may write bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for them) and one run of each is a
warm-up, not counted: an installed package runs from compiled bytecode.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GA = "rulecheck_gundam_assemble/scenarios/gundam_assemble"
MB = "rulecheck_multibase/scenarios/multibase"
CLI = [sys.executable, "-m", "rulecheck.cli"]
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

CASES = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("import pytest, pytest_bdd", [sys.executable, "-c", "import pytest, pytest_bdd"]),
    (
        "los (GA)",
        [
            *CLI,
            "los",
            f"{GA}/los_oggo_artillery_support.yaml",
            "--from",
            "ML-07C Crab",
            "--to",
            "QZ-82 Sentinel",
        ],
    ),
    ("explain (GA)", [*CLI, "explain", f"{GA}/attack_guntank_quad_bop.yaml"]),
    # To stdout (captured): `-o` writes beside its target and renames over it, so never point it
    # at a device such as /dev/null.
    ("draw (GA)", [*CLI, "draw", f"{GA}/attack_guntank_quad_bop.yaml"]),
    ("odds (GA)", [*CLI, "odds", f"{GA}/attack_guntank_quad_bop.yaml"]),
    ("explain (multibase)", [*CLI, "explain", f"{MB}/ranged_volley.yaml"]),
    ("odds (multibase)", [*CLI, "odds", f"{MB}/ranged_volley.yaml"]),
]


def once(argv: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{proc.stderr[-1000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{'command':28} {'wall s':>8} {'CPU s':>8} {'CPU vs bare start':>18}")
    bare = None
    for label, argv in CASES:
        once(argv)  # warm-up: bytecode caches written
        runs = [once(argv) for _ in range(args.runs)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        bare = bare or cpu
        print(f"{label:28} {wall:8.3f} {cpu:8.3f} {cpu / bare:17.1f}x")


if __name__ == "__main__":
    main()
