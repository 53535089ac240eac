"""How long the corpus takes: one run, a ruling diff, a full mutation run.

    python benchmarks/corpus_speed.py [--jobs N]

Prints wall-clock and CPU seconds and the mutant count (for docs/performance.md). Each figure is one run
in a fresh process, so imports and feature parsing are counted as a user would pay them; the
first line, a bare start of the corpus runner (`import pytest, pytest_bdd`), is the baseline the
corpus run is compared with in the same run. CPU time (user + system of the child) is the steadier
figure on a shared machine. The children may write bytecode caches (PYTHONDONTWRITEBYTECODE is
dropped for them) and the corpus runs once uncounted first, as an installed package runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(*args: str, argv: list[str] | None = None) -> tuple[float, float, subprocess.CompletedProcess]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        argv or [sys.executable, "-m", "rulecheck.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), proc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    timed("check")  # warm-up: bytecode caches written
    base_wall, base_cpu, _ = timed(argv=[sys.executable, "-c", "import pytest, pytest_bdd"])
    print(
        f"baseline:          {base_wall:6.1f} s wall {base_cpu:6.2f} s CPU  (python -c 'import pytest, pytest_bdd')"
    )
    seconds, cpu, proc = timed("check", "--no-dependencies", "--format", "json")
    report = json.loads(proc.stdout)
    scenarios = sum(rs["scenarios"]["total"] for rs in report["rulesets"])
    print(
        f"corpus run:        {seconds:6.1f} s wall {cpu:6.2f} s CPU  ({scenarios} scenarios, rulecheck check;"
        f" {cpu / base_cpu:.1f}x the baseline's CPU)"
    )

    overlay = "rulecheck_gundam_assemble/engine/overlays/crits_on_ten_only.yaml"
    seconds, cpu, proc = timed("diff", overlay)
    print(f"ruling diff:       {seconds:6.1f} s wall {cpu:6.2f} s CPU  (rulecheck diff {overlay})")

    seconds, cpu, proc = timed("mutate", "--json", "--quiet", "--jobs", str(args.jobs))
    result = json.loads(proc.stdout)
    mutants = len(result["mutants"])
    scores = ", ".join(
        f"{s['ruleset']} {s['score']:.0%} ({s['killed']}/{s['mutants']}, {s['equivalent']} equivalent)"
        for s in result["scores"]
    )
    print(
        f"mutation run:      {seconds:6.1f} s wall {cpu:6.2f} s CPU  ({mutants} mutants on {args.jobs} processes; {scores})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
