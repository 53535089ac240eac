"""`rulecheck mutate`: which changes to the book the corpus catches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.cli import main
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


SELECTION = ["mutate", "--ruleset", "multibase", "--tags", "@clause:MB-3.3",
             "--only", "threshold_min", "--only", "long_range_fraction"]  # fmt: skip


def rulecheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


@pytest.mark.slow  # runs a corpus selection once per mutant, whole and in two shards, in subprocesses
def test_mutation_on_a_small_selection_kills_a_mutant_reports_a_survivor_and_shards_merge_into_it(
    tmp_path, capsys
):
    proc = rulecheck(*SELECTION, "--jobs", "2", "--verify", "1", "--json")
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

    # `--shard K/N` splits the same mutants without overlap, and `merge-results` joins the
    # shards' JSON into the score of the whole run (the run above, not a third one).
    files = []
    for k in (1, 2):
        shard = rulecheck(*SELECTION, "--jobs", "1", "--json", "-q", "--shard", f"{k}/2")
        assert shard.returncode in (0, 1), shard.stderr
        files.append(tmp_path / f"shard{k}.json")
        files[-1].write_text(shard.stdout)
    parts = [{m["mutant"] for m in json.loads(f.read_text())["mutants"]} for f in files]
    assert parts[0] and parts[1] and not parts[0] & parts[1]
    assert main(["merge-results", *map(str, files), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["scores"] == result["scores"]
    assert merged["scores_by_kind"] == result["scores_by_kind"]  # book / assumed split kept
    assert main(["merge-results", *map(str, files)]) == 0
    text = capsys.readouterr().out
    assert (
        "multibase: mutation score 50%" in text and "SURVIVES    parameters.long_range_fraction=0.4" in text
    )


def test_bad_input_exits_2_with_one_line():
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "mutate", "--only", "no_such_entry"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "no_such_entry" in proc.stderr


def test_an_input_error_raised_in_a_worker_process_reaches_the_parent_whole():
    """mutate and explore run scenarios in worker processes: an InputError one raises must come
    back as the same error (Exception's own pickling rebuilt it from its one-line text and broke
    the process pool, so `rulecheck mutate` stopped with an internal error)."""
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    from rulecheck.source_yaml import InputError, RefusedChoice

    for error in (
        InputError("a.yaml", 3, "units[0].at", "off the board"),
        RefusedChoice("f", None, "x", "no"),
    ):
        back = pickle.loads(pickle.dumps(error))
        assert (type(back), back.file, back.line, back.field, back.message, str(back)) == (
            type(error), error.file, error.line, error.field, error.message, str(error),
        )  # fmt: skip
    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(InputError, match="a.yaml:3: units"):
        pool.submit(_raise_input_error).result()


def _raise_input_error():
    from rulecheck.source_yaml import InputError

    raise InputError("a.yaml", 3, "units[0].at", "off the board")


PUSH_ANCHOR = "features/multibase/explored_casualties_push_anchor_largest_group.feature"  # as results show it (split_rulesets: keep)


def test_a_scripted_removal_an_overlay_refuses_fails_the_scenario_instead_of_stopping_the_run(tmp_path):
    """The explored push_anchor scenario scripts the removal of b5, which the book allows. Under
    coherency=each_within the engine refuses it: that overlay overturns the scenario, so `check
    --rules`, `diff` and a `mutate` mutant count it as failed (the mutant is killed), not as bad
    input that stops the whole run with exit 2. (A removal the book itself refuses stays bad
    input: tests/bad_inputs.)"""
    from rulecheck.corpus import run_corpus

    overlay = tmp_path / "each_within.yaml"
    overlay.write_text("ruleset: multibase\ninterpretations: {coherency: each_within}\n", encoding="utf-8")
    book = run_corpus(ROOT, ["multibase"], tags="@interpretation:push_anchor")
    (node,) = [r.nodeid for r in book.results if r.feature == PUSH_ANCHOR]
    assert [r.outcome for r in book.results if r.nodeid == node] == ["passed"]
    (under,) = run_corpus(ROOT, ["multibase"], overlays=[overlay], select=[node]).results
    assert under.outcome == "failed"
    assert "attack.removals.Bravo: Bravo cannot remove b5 (allowed: b3; b6)" in under.message
