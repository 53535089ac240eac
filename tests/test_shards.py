"""`--shard K/N` for explore and mutate, and `rulecheck merge-results` joining the shards' JSON.

Mutate's shards are checked in tests/test_mutation.py, against the whole run made there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.explore.coverage import all_comparisons, in_shard

ROOT = Path(__file__).resolve().parent.parent


def rulecheck(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_shards_split_the_interpretation_comparisons_without_overlap_or_gap():
    everything = all_comparisons(["gundam_assemble", "multibase"])
    shards = [[c for i, c in enumerate(everything) if in_shard(i, (k, 3))] for k in (1, 2, 3)]
    assert sorted(c.id for s in shards for c in s) == sorted(c.id for c in everything)
    assert sum(len(s) for s in shards) == len(everything)


@pytest.mark.slow  # two searches in subprocesses and a merge
def test_explore_shards_search_different_seeds_and_merge_into_one_report(tmp_path):
    files = []
    for k in (1, 2):
        proc = rulecheck("explore", "book", "los_corner_touch=counts", "--shard", f"{k}/2", "--max-positions", "100",
                         "--budget", "30", "--shrink", "1", "--max-groups", "2", "--json", "-q")  # fmt: skip
        assert proc.returncode in (0, 1), proc.stderr
        files.append(tmp_path / f"explore{k}.json")
        files[-1].write_text(proc.stdout)
    reports = [json.loads(f.read_text())["explorations"][0] for f in files]
    assert reports[0]["seed"] != reports[1]["seed"]
    proc = rulecheck("merge-results", *map(str, files), "--json")
    assert proc.returncode == 0, proc.stderr
    (merged,) = json.loads(proc.stdout)["explorations"]
    assert merged["positions"] == reports[0]["positions"] + reports[1]["positions"]
    groups = {w["group"] for r in reports for w in r["witnesses"]}
    assert {w["group"] for w in merged["witnesses"]} == groups
    for w in merged["witnesses"]:  # per group, the smaller of the shards' witnesses
        assert w["size"] == min(
            x["size"] for r in reports for x in r["witnesses"] if x["group"] == w["group"]
        )


def test_merge_results_refuses_a_file_that_is_not_a_result(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    proc = rulecheck("merge-results", str(bad))
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "not a JSON result" in proc.stderr


def test_merge_results_refuses_a_result_that_is_not_shaped_like_one(tmp_path, capsys):
    # In-process (an exception escaping main would fail the test); the real entry point is run
    # by the tests above.
    for name, text in (
        ("no_format.json", '{"explorations": "x"}'),
        ("explore.json", '{"format": "rulecheck.explore/1", "explorations": ["x"]}'),
        ("mutate.json", '{"format": "rulecheck.mutate/1", "mutants": [{"ruleset": "multibase"}]}'),
    ):
        bad = tmp_path / name
        bad.write_text(text)
        code = main(["merge-results", str(bad)])
        err = capsys.readouterr().err
        assert code == 2, (name, err)
        assert len(err.strip().splitlines()) == 1 and name in err
        assert "internal error" not in err
