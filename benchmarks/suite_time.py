"""How long the README's test command takes, and the slow tests CI runs after it.

    python benchmarks/suite_time.py [--runs N]

Runs, in the CI profile (`CI=true`), the README's test command (`pytest -n auto --dist worksteal
-m "not slow"`) and then the tests marked `slow` (the end-to-end searches, corpus subprocesses
and mutation runs CI adds), each N times, and prints wall and CPU seconds (user + system of all
the child processes) for each, with the README command's wall time as a fraction of the
60-second target in the same run, and the two parts together against the project's standard of
the whole suite under 5 minutes on 2 cores. First it times one collection of the quick suite
(`--collect-only`, one process): every xdist worker of both parts pays it before its first
test. CPU is the steadier figure on a shared machine; wall time is what a user waits for and
what the targets are about, so run it on a quiet machine. `uptime` is printed first, so a
loaded run shows itself.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 60.0
WHOLE_SUITE_TARGET_SECONDS = 300.0
PARTS = (
    ("README test command (-m 'not slow')", ["-m", "not slow"]),
    ("slow tests (-m slow), run by CI after it", ["-m", "slow"]),
)


def timed(
    selection: list[str], workers: tuple[str, ...] = ("-n", "auto", "--dist", "worksteal")
) -> tuple[float, float, str]:
    env = {**os.environ, "CI": "true"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *workers, *selection],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = (proc.stdout.strip().splitlines() or ["(no output)"])[-1]
    if proc.returncode != 0:
        sys.exit(f"suite_time: the tests failed: {summary}")
    return wall, cpu, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="times to run each part (default 1)")
    args = parser.parse_args()
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    print(f"cores: {os.cpu_count()}")
    wall, cpu, summary = timed(["--collect-only", "-m", "not slow"], workers=())
    print(f"one collection of the quick suite: {wall:.1f} s wall, {cpu:.1f} s CPU ({summary})")
    first_walls = []
    for label, selection in PARTS:
        for run in range(max(1, args.runs)):
            wall, cpu, summary = timed(selection)
            if run == 0:
                first_walls.append(wall)
            ratio = (
                f", {wall / TARGET_SECONDS:.2f} of the {TARGET_SECONDS:g} s target"
                if "not slow" in selection
                else ""
            )
            print(f"{label}: {wall:.1f} s wall, {cpu:.1f} s CPU{ratio} ({summary})")
    total = sum(first_walls)
    print(
        f"both parts: {total:.1f} s wall, {total / WHOLE_SUITE_TARGET_SECONDS:.2f} of the "
        f"{WHOLE_SUITE_TARGET_SECONDS:g} s whole-suite target (the wheel checks of ci/run-wheel come on top)"
    )


if __name__ == "__main__":
    main()
