"""What computed dependencies cost: `rulecheck check` against `rulecheck check --no-dependencies`.

    python benchmarks/dependency_cost.py [--rounds N]

Each round runs both commands in fresh processes (imports and feature parsing counted, as a user
pays them), alternating which goes first so a busy machine hurts both alike, and prints the
median of each and their ratio. The budget is a ratio of at most 2.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(*args: str) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT
    )
    if proc.returncode not in (0, 1):
        raise SystemExit(proc.stderr)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    plain, computed = [], []
    for i in range(args.rounds):
        order = [("plain", ("check", "--no-dependencies")), ("computed", ("check",))]
        for name, cmd in order if i % 2 == 0 else reversed(order):
            (plain if name == "plain" else computed).append(timed(*cmd))
    p, c = statistics.median(plain), statistics.median(computed)
    print(f"rulecheck check --no-dependencies: {p:5.1f} s (median of {args.rounds})")
    print(f"rulecheck check (dependencies):    {c:5.1f} s (median of {args.rounds})")
    print(f"ratio: {c / p:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
