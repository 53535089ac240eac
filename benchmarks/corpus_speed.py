"""How long the corpus takes: one run, a ruling diff, a full mutation run.

    python benchmarks/corpus_speed.py [--jobs N]

Prints wall-clock seconds and the mutant count (for the README). Each figure is one run in a
fresh process, so imports and feature parsing are counted as a user would pay them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(*args: str) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT
    )
    return time.perf_counter() - start, proc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    seconds, proc = timed("check", "--no-dependencies", "--format", "json")
    report = json.loads(proc.stdout)
    scenarios = sum(rs["scenarios"]["total"] for rs in report["rulesets"])
    print(f"corpus run:        {seconds:6.1f} s  ({scenarios} scenarios, rulecheck check)")

    overlay = "rules/gundam_assemble/overlays/crits_on_ten_only.yaml"
    seconds, proc = timed("diff", overlay)
    print(f"ruling diff:       {seconds:6.1f} s  (rulecheck diff {overlay})")

    seconds, proc = timed("mutate", "--json", "--quiet", "--jobs", str(args.jobs))
    result = json.loads(proc.stdout)
    mutants = len(result["mutants"])
    scores = ", ".join(
        f"{s['ruleset']} {s['score']:.0%} ({s['killed']}/{s['mutants']}, {s['equivalent']} equivalent)"
        for s in result["scores"]
    )
    print(f"mutation run:      {seconds:6.1f} s  ({mutants} mutants on {args.jobs} processes; {scores})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
