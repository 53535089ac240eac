"""How the cost of a corpus run grows: generated corpora of 200, 1,000 and 5,000 scenarios.

    python benchmarks/corpus_scaling.py [--sizes 200 1000 5000]

Each corpus is built in a temporary folder from the bundled scenarios: every scenario block of
every feature file (its tags, title and steps, under its own feature's description and
Background) is copied in turn, with a numbered title, until the corpus holds the requested
number; copies of one feature share a file, at most 25 scenarios to a file. The folder gets the
project's conftest.py and pytest settings and links to steps/, rules/ and scenarios/, so
`rulecheck check --root FOLDER` runs it exactly as it runs the bundled corpus, in a fresh
process (imports, collection and feature parsing included).

Prints, per size: scenarios run, wall seconds, CPU seconds of the child process, CPU seconds per
scenario, the ratio of that to the smallest size's (falling while the fixed start-up cost is
spread thinner; a rise would mean worse than linear growth), and the marginal cost of each extra
scenario since the previous size. CPU time is the steadier figure on a shared machine. The runs
may write bytecode caches (PYTHONDONTWRITEBYTECODE is dropped for them), and a 20-scenario corpus
runs first, uncounted, so that every size runs from compiled bytecode as an installed package does.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PER_FILE = 25


def split_feature(text: str) -> tuple[str, list[str]]:
    """(the part before the first scenario, each scenario block with the tag lines above it)."""
    lines = text.splitlines(keepends=True)
    starts = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("Scenario:"):
            j = i
            while j > 0 and lines[j - 1].lstrip().startswith("@"):
                j -= 1
            starts.append(j)
    if not starts:
        return text, []
    blocks = ["".join(lines[a:b]) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]
    return "".join(lines[: starts[0]]), blocks


def build_corpus(dest: Path, size: int) -> int:
    sources = []  # (ruleset, feature stem, header, blocks)
    for path in sorted(ROOT.glob("rulecheck_*/features/*/*.feature")):
        header, blocks = split_feature(path.read_text(encoding="utf-8"))
        if blocks:
            sources.append((path.parent.name, path.stem, header, blocks))
    files: dict[tuple[str, str, int], list[str]] = {}
    written, round_no = 0, 0
    while written < size:
        round_no += 1
        for ruleset, stem, _, blocks in sources:
            for block in blocks:
                if written == size:
                    break
                # A numbered title keeps every scenario (and its test name) distinct.
                block = re.sub(r"(Scenario:[^\n]*)", rf"\1 (copy {round_no})", block, count=1)
                key = (ruleset, stem, round_no)
                files.setdefault(key, []).append(block)
                written += 1
    headers = {(r, s): h for r, s, h, _ in sources}
    for (ruleset, stem, round_no), blocks in files.items():
        for part in range(0, len(blocks), PER_FILE):
            out = dest / "features" / ruleset / f"{stem}_{round_no}_{part // PER_FILE}.feature"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(headers[ruleset, stem] + "".join(blocks[part : part + PER_FILE]), encoding="utf-8")
    (dest / "tests").mkdir()
    for ruleset in {r for r, _, _ in files}:  # a small corpus may hold one ruleset only
        name = f"test_features_{ruleset}.py"
        shutil.copy(ROOT / "tests" / name, dest / "tests" / name)
    shutil.copy(ROOT / "conftest.py", dest / "conftest.py")
    shutil.copy(ROOT / "pyproject.toml", dest / "pyproject.toml")
    for shared in ("steps", "rules", "scenarios"):
        os.symlink(ROOT / shared, dest / shared)
    return written


def run(dest: Path) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "check", "--root", str(dest), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        sys.exit(f"rulecheck check failed on the generated corpus:\n{proc.stderr[-2000:]}")
    return wall, cpu, json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 1000, 5000])
    args = parser.parse_args()
    base = None
    previous = None
    print(
        f"{'scenarios':>9} {'passed':>7} {'wall s':>8} {'CPU s':>8} {'CPU ms/scenario':>16} {'vs first':>9}"
        f" {'marginal ms/scenario':>21}"
    )
    with tempfile.TemporaryDirectory(prefix="rulecheck-scaling-") as tmp:
        build_corpus(Path(tmp), 20)
        run(Path(tmp))  # warm-up, not counted
    for size in args.sizes:
        with tempfile.TemporaryDirectory(prefix="rulecheck-scaling-") as tmp:
            dest = Path(tmp)
            build_corpus(dest, size)
            wall, cpu, report = run(dest)
        total = sum(rs["scenarios"].get("total", 0) for rs in report["rulesets"])
        passed = sum(rs["scenarios"].get("passed", 0) for rs in report["rulesets"])
        per = cpu / total
        base = base or per
        marginal = f"{(cpu - previous[1]) / (total - previous[0]) * 1000:>21.1f}" if previous else f"{'':>21}"
        previous = (total, cpu)
        print(
            f"{total:>9,} {passed:>7,} {wall:>8.1f} {cpu:>8.1f} {per * 1000:>16.1f} {per / base:>8.2f}x {marginal}"
        )


if __name__ == "__main__":
    main()
