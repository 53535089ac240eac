"""`rulecheck mutate`: which changes to the book the corpus catches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.mutation import mutants_for
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent


def test_each_number_moves_up_and_down_by_one_and_each_interpretation_to_each_other_option():
    ga = {m.id for m in mutants_for(load("gundam_assemble"))}
    assert {"parameters.hit_threshold=5", "parameters.hit_threshold=3"} <= ga
    # a list of faces: each face on its own, merged where it lands on another
    assert {
        "parameters.critical_faces=[8, 10]",
        "parameters.critical_faces=[10]",
        "parameters.critical_faces=[9]",
    } <= ga
    assert {"parameters.natural_miss_faces=[0]", "parameters.natural_miss_faces=[2]"} <= ga
    assert "interpretations.los_choice_points=one_side" in ga
    mb = {m.id: m for m in mutants_for(load("multibase"))}
    assert {"parameters.long_range_fraction=0.6", "parameters.long_range_fraction=0.4"} <= set(mb)
    assert "parameters.coherency_distance=2.0" in mb
    assert "interpretations.push_anchor=largest_group" in mb
    assert "interpretations.push_anchor=least_distance" not in mb  # the default is no mutant


@pytest.mark.slow  # runs a corpus selection once per mutant in a subprocess
def test_mutation_on_a_small_selection_kills_a_mutant_and_reports_a_survivor():
    proc = subprocess.run(
        [
            sys.executable, "-m", "rulecheck.cli", "mutate", "--ruleset", "multibase", "--tags", "@clause:MB-3.3",
            "--only", "threshold_min", "--only", "long_range_fraction", "--jobs", "2", "--verify", "1", "--json",
        ],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr  # a survivor nobody explained
    result = json.loads(proc.stdout)
    assert result["format"] == "rulecheck.mutate/1"
    by_id = {m["mutant"]: m for m in result["mutants"]}
    assert by_id["parameters.threshold_min=3"]["killed"]
    assert by_id["parameters.threshold_min=1"]["killed"]
    assert not by_id["parameters.long_range_fraction=0.4"]["killed"]  # no MB-3.3 scenario is at long range
    (score,) = result["scores"]
    assert score["mutants"] == 4 and score["killed"] == 2 and score["survivors"] == 2
    assert all(v["agrees"] for v in result["verified"])
    assert "[4/4]" not in proc.stderr  # progress goes to a terminal only, not to a pipe


def test_bad_input_exits_2_with_one_line():
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "mutate", "--only", "no_such_entry"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "no_such_entry" in proc.stderr
