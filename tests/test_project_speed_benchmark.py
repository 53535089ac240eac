"""benchmarks/project_speed.py builds the projects it says it builds and prints its table; no
timing is asserted here (a shared machine's figures are not a test's business)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "project_speed.py"


def benchmark():
    spec = importlib.util.spec_from_file_location("project_speed", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_a_built_project_holds_the_requested_scenarios_of_both_rulesets_with_distinct_titles(tmp_path):
    bench = benchmark()
    bench.build_project(tmp_path, 90)
    assert (tmp_path / "rulecheck.toml").read_text() == 'rulesets = ["gundam_assemble", "multibase"]\n'
    titles: dict[str, list[str]] = {}
    for feature in sorted((tmp_path / "features").glob("*/*.feature")):
        found = re.findall(r"^\s*Scenario:(.*)$", feature.read_text(), flags=re.M)
        assert 0 < len(found) <= bench.PER_FILE, feature
        titles.setdefault(feature.parent.name, []).extend(t.strip() for t in found)
    every = [t for ts in titles.values() for t in ts]
    assert len(every) == 90
    assert len(set(every)) == 90
    assert set(titles) == {"gundam_assemble", "multibase"}
    # varied: the scenarios come from many feature files, not the first file over and over
    assert len({re.sub(r" \(copy \d+\)$", "", t) for t in every}) == 90


def test_the_single_scenario_is_chosen_alone_by_its_arguments(tmp_path):
    bench = benchmark()
    bench.build_single(tmp_path)
    argv = [sys.executable, "-m", "rulecheck.cli", "check", "-q", "--no-dependencies"]
    argv += bench.single_scenario_args(bench.SINGLE_FEATURE, bench.SINGLE_TITLE, tmp_path)
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "1 scenario, 1 passed" in proc.stdout


@pytest.mark.slow
def test_the_quick_run_prints_a_row_per_project_and_reading_and_writes_no_docs():
    docs_before = (SCRIPT.parent.parent / "docs" / "performance.md").read_text()
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--no-docs", "--sizes", "12"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert re.search(r'^baseline python -c "import pytest": [\d.]+ s wall, [\d.]+ s CPU', proc.stdout, re.M)
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| run | scenarios | dependencies |")
    assert re.fullmatch(
        r"\| one scenario by `FILE:LINE`, one-file project \| 1 \| computed \| [\d.]+ \| [\d.]+ \|"
        r" \| [\d.]+ \| (within|over) 0.5 s wall \|",
        rows[2],
    )
    assert re.fullmatch(
        r"\| one scenario by `FILE:LINE`, project of 12 \| 1 \| computed \| [\d.]+ \| [\d.]+ \|"
        r" \| [\d.]+ \| (within|over) 0.5 s wall \|",
        rows[3],
    )
    assert re.fullmatch(
        r"\| project \| 12 \| computed \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| (within|over) 5 ms \|",
        rows[4],
    )
    assert re.fullmatch(
        r"\| project \| 12 \| not computed \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \|  \|", rows[5]
    )
    assert len(rows) == 6
    assert (SCRIPT.parent.parent / "docs" / "performance.md").read_text() == docs_before
