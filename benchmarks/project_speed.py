"""Fast feedback on a user's project: CPU per scenario at 200 and 2,000 scenarios, and the wall
time of running one scenario, each against a bare ``python -c "import pytest"`` in the same run.

    python benchmarks/project_speed.py [--quick] [--no-docs] [--sizes 200 2000]

Each project is built in a temporary folder as a user keeps one: a ``rulecheck.toml`` naming both
rulesets, ``features/<ruleset>/*.feature`` and the ``scenarios/`` files their steps name, and no
Python file (``rulecheck check`` binds the features to the rulesets' steps itself). Its scenarios
are the bundled ones, taken in turn from every feature file of both rulesets (so the engines do
real work of every kind), each copy with a numbered title, at most 25 to a file.

``rulecheck check`` runs on each project in a fresh process, once with computed dependencies (the
default: each passing scenario is re-run under the other options of the interpretations it read)
and once with ``--no-dependencies``; CPU is the child's user + system time
(``resource.getrusage``). One scenario is also run alone by ``FILE:LINE``, from a project of one
feature file (``single_scenario_args``), median of several runs, for its wall time: the target is 0.5 s. The
targets (issue #26): at most 5 ms of CPU per scenario with dependencies, 0.5 s wall for one
scenario; the same scenario selection is also timed on the largest project (one scenario by
``FILE:LINE`` out of 2,000, as a user runs it from an editor); the ratios against the baseline are the figures to compare across machines.

Writes its table into docs/performance.md between ``<!-- project-speed:start -->`` and
``<!-- project-speed:end -->`` (not with ``--quick`` or ``--no-docs``). ``--quick``: projects of
20 and 60 scenarios, three timed runs of the single scenario: a check that the benchmark works,
not a measurement. Children may write bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for
them) and each command runs once uncounted first, as an installed package runs from bytecode.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "performance.md"
START, END = "<!-- project-speed:start -->", "<!-- project-speed:end -->"
RULESETS = ("gundam_assemble", "multibase")
PER_FILE = 25
CPU_TARGET_MS = 5.0
WALL_TARGET_S = 0.5
# The one feature file of the single-scenario project, and the scenario run from it.
# the project's copy of a bundled feature, at the place a project keeps it
SINGLE_FEATURE = Path("features/gundam_assemble/attack_damage.feature")  # split_rulesets: keep
SINGLE_SOURCE = Path("rulecheck_gundam_assemble") / SINGLE_FEATURE  # where the bundled corpus has it
SINGLE_TITLE = "Each hit deals one damage, which comes off the target's hit points"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
SCENARIO_START = re.compile(r"\s*(Scenario|Scenario Outline|Example):")


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float


def split_feature(text: str) -> tuple[str, list[str]]:
    """(the part before the first scenario, each scenario block with the tag lines above it)."""
    lines = text.splitlines(keepends=True)
    starts = []
    for i, line in enumerate(lines):
        if SCENARIO_START.match(line):
            j = i
            while j > 0 and lines[j - 1].lstrip().startswith("@"):
                j -= 1
            starts.append(j)
    if not starts:
        return text, []
    blocks = ["".join(lines[a:b]) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]
    return "".join(lines[: starts[0]]), blocks


def start_project(dest: Path, rulesets: tuple[str, ...]) -> None:
    """A project's config and the scenario files its features' steps name."""
    dest.mkdir(parents=True, exist_ok=True)
    names = ", ".join(f'"{r}"' for r in rulesets)
    (dest / "rulecheck.toml").write_text(f"rulesets = [{names}]\n", encoding="utf-8")
    for ruleset in rulesets:
        shutil.copytree(ROOT / f"rulecheck_{ruleset}" / "scenarios" / ruleset, dest / "scenarios" / ruleset)


def build_project(dest: Path, size: int) -> int:
    """``size`` scenarios: one block from each feature file of both rulesets in turn (the
    rulesets alternating), round after round, each copy's title numbered by its round."""
    start_project(dest, RULESETS)
    pools: list[list[tuple[Path, str, str]]] = []  # per ruleset: (feature, header, block)
    for ruleset in RULESETS:
        features = []
        for path in sorted((ROOT / f"rulecheck_{ruleset}" / "features" / ruleset).glob("*.feature")):
            header, blocks = split_feature(path.read_text(encoding="utf-8"))
            features.append([(path, header, b) for b in blocks])
        # interleave the files: the first block of each, then the second of each, ...
        depth = max(len(f) for f in features)
        pools.append([f[i] for i in range(depth) for f in features if i < len(f)])
    order = [pool[i] for i in range(max(map(len, pools))) for pool in pools if i < len(pool)]
    files: dict[tuple[Path, int], list[str]] = {}
    headers: dict[Path, str] = {}
    for n in range(size):
        path, header, block = order[n % len(order)]
        round_no = n // len(order) + 1
        # A numbered title keeps every scenario (and its test name) distinct.
        block = re.sub(
            r"((?:Scenario|Scenario Outline|Example):[^\n]*)", rf"\1 (copy {round_no})", block, count=1
        )
        files.setdefault((path, round_no), []).append(block)
        headers[path] = header
    for (path, round_no), blocks in files.items():
        for part in range(0, len(blocks), PER_FILE):
            out = dest / "features" / path.parent.name / f"{path.stem}_{round_no}_{part // PER_FILE}.feature"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(headers[path] + "".join(blocks[part : part + PER_FILE]), encoding="utf-8")
    return size


def build_single(dest: Path) -> None:
    """A project of one feature file: the one a user runs a single scenario from."""
    start_project(dest, ("gundam_assemble",))
    (dest / SINGLE_FEATURE).parent.mkdir(parents=True)
    shutil.copy(ROOT / SINGLE_SOURCE, dest / SINGLE_FEATURE)


def single_scenario_args(feature: Path, title: str, project: Path) -> list[str]:
    """How one scenario is chosen: ``FILE:LINE``, the line of its title in the project's copy of
    the feature file."""
    lines = (project / feature).read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if SCENARIO_START.match(text) and title in text)
    return [f"{feature}:{line}"]


def first_scenario_args(project: Path, ruleset: str = "gundam_assemble") -> list[str]:
    """``FILE:LINE`` of the first scenario of a built project's first feature file of ``ruleset``."""
    feature = sorted((project / "features" / ruleset).glob("*.feature"))[0]
    lines = feature.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if SCENARIO_START.match(text))
    return [f"{feature.relative_to(project)}:{line}"]


def timed(argv: list[str], cwd: Path) -> tuple[Timing, subprocess.CompletedProcess]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu), proc


def median_timing(argv: list[str], cwd: Path, runs: int) -> Timing:
    timed(argv, cwd)  # warm-up: bytecode caches written
    found = [timed(argv, cwd)[0] for _ in range(runs)]
    return Timing(statistics.median(t.wall for t in found), statistics.median(t.cpu for t in found))


def check(project: Path, *options: str) -> tuple[Timing, int]:
    """``rulecheck check`` on the project: its timing and the number of scenarios it ran, all of
    which must pass (a benchmark of failures would time tracebacks, not rulings)."""
    argv = [sys.executable, "-m", "rulecheck.cli", "check", "-q", "--format", "json", *options]
    timing, proc = timed(argv, project)
    if proc.returncode != 0:
        sys.exit(f"rulecheck check {' '.join(options)} failed in {project}:\n{proc.stderr[-2000:]}")
    report = json.loads(proc.stdout)
    return timing, sum(rs["scenarios"]["total"] for rs in report["rulesets"])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick", action="store_true", help="small projects, few runs: a check, not a measurement"
    )
    parser.add_argument("--no-docs", action="store_true", help=f"do not write {DOCS.relative_to(ROOT)}")
    parser.add_argument("--sizes", type=int, nargs="+", default=None, help="scenarios per project")
    args = parser.parse_args()
    sizes = args.sizes or ([20, 60] if args.quick else [200, 2000])
    runs = 3 if args.quick else 7

    baseline = median_timing([sys.executable, "-c", "import pytest"], ROOT, runs)
    print(
        f'baseline python -c "import pytest": {baseline.wall:.3f} s wall, {baseline.cpu:.3f} s CPU (median of {runs})'
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="rulecheck-project-speed-") as tmp:
        single = Path(tmp) / "single"
        build_single(single)
        one = one_scenario(single, single_scenario_args(SINGLE_FEATURE, SINGLE_TITLE, single), runs, baseline)
        one_of_many = None
        for size in sizes:
            project = Path(tmp) / f"p{size}"
            build_project(project, size)
            if size == max(sizes):  # one scenario out of the largest project: what -x or an editor runs
                one_of_many = (size, one_scenario(project, first_scenario_args(project), runs, baseline))
            check(project, "--no-dependencies")  # warm-up: this project's bindings compiled once
            for deps, options in (("computed", ()), ("not computed", ("--no-dependencies",))):
                timing, total = check(project, *options)
                per_ms = timing.cpu / total * 1000
                rows.append((total, deps, timing, per_ms))
                print(
                    f"{total:>6} scenarios, dependencies {deps:>12}: {timing.wall:6.2f} s wall {timing.cpu:6.2f} s CPU"
                    f"  {per_ms:5.2f} ms CPU per scenario ({timing.cpu / baseline.cpu:5.1f}x the baseline's CPU)",
                    flush=True,
                )
    lines = table(baseline, one, rows, runs, args.quick, one_of_many)
    print()
    print("\n".join(lines))
    if not args.no_docs and not args.quick:
        write_docs(lines)
    return 0


def one_scenario(project: Path, selection: list[str], runs: int, baseline: Timing) -> Timing:
    """The median timing of ``rulecheck check -q FILE:LINE`` (dependencies computed), which
    must run that one scenario alone and pass."""
    argv = [sys.executable, "-m", "rulecheck.cli", "check", "-q", *selection]
    _, proc = timed(argv, project)
    if proc.returncode != 0 or "1 scenario, 1 passed" not in proc.stdout:
        sys.exit(f"the single scenario did not run alone:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    one = median_timing(argv, project, runs)
    print(
        f"one scenario ({' '.join(selection)}, in {project.name}): {one.wall:.3f} s wall, {one.cpu:.3f} s CPU"
        f" ({one.wall / baseline.wall:.1f}x the baseline's wall; target {WALL_TARGET_S} s)",
        flush=True,
    )
    return one


def table(
    baseline: Timing, one: Timing, rows: list, runs: int, quick: bool, one_of_many: tuple | None = None
) -> list[str]:
    out = [
        f"`python benchmarks/project_speed.py{' --quick' if quick else ''}`; baseline"
        f' `python -c "import pytest"` in the same run: {baseline.wall:.3f} s wall, {baseline.cpu:.3f} s CPU'
        f" (median of {runs}).",
        "",
        "| run | scenarios | dependencies | wall s | CPU s | CPU ms per scenario | x baseline CPU | target |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |",
        f"| one scenario by `FILE:LINE`, one-file project | 1 | computed | {one.wall:.2f} | {one.cpu:.2f} |"
        f" | {one.cpu / baseline.cpu:.1f} | {_verdict(one.wall <= WALL_TARGET_S, f'{WALL_TARGET_S} s wall')} |",
    ]
    if one_of_many is not None:
        size, timing = one_of_many
        out.append(
            f"| one scenario by `FILE:LINE`, project of {size:,} | 1 | computed | {timing.wall:.2f} |"
            f" {timing.cpu:.2f} | | {timing.cpu / baseline.cpu:.1f} |"
            f" {_verdict(timing.wall <= WALL_TARGET_S, f'{WALL_TARGET_S} s wall')} |"
        )
    for total, deps, timing, per_ms in rows:
        target = _verdict(per_ms <= CPU_TARGET_MS, f"{CPU_TARGET_MS:g} ms") if deps == "computed" else ""
        out.append(
            f"| project | {total:,} | {deps} | {timing.wall:.2f} | {timing.cpu:.2f} | {per_ms:.2f} |"
            f" {timing.cpu / baseline.cpu:.1f} | {target} |"
        )
    return out


def _verdict(met: bool, target: str) -> str:
    return f"{'within' if met else 'over'} {target}"


def write_docs(lines: list[str]) -> None:
    text = DOCS.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{DOCS}: no {START} ... {END} markers")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    DOCS.write_text(head + "\n".join([START, *lines, END]) + tail, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
