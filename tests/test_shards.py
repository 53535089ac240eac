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
from rulecheck.source_yaml import InputError

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


def _explore_shard(k: int, n: int, capsys, *extra: str) -> dict:
    code = main(["explore", "book", "los_corner_touch=counts", "--shard", f"{k}/{n}", "--max-positions", "10",
                 "--budget", "10", "--shrink", "1", "--max-groups", "1", "--json", "-q", *extra])  # fmt: skip
    assert code in (0, 1), capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _merge(capsys, *files: Path) -> tuple[int, str, str]:
    code = main(["merge-results", *map(str, files), "--json"])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_shard_records_its_place_and_its_run_and_merge_results_wants_every_shard_once(tmp_path, capsys):
    one, two = _explore_shard(1, 2, capsys), _explore_shard(2, 2, capsys)
    assert one["shard"] == [1, 2] and two["shard"] == [2, 2]
    assert one["run"] == two["run"]
    assert one["run"]["seed"] == 0 and one["run"]["budget"] == 10.0 and one["run"]["max_positions"] == 10
    assert set(one["run"]["rulebooks"]) == {"gundam_assemble", "multibase"}
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(one))
    b.write_text(json.dumps(two))

    code, out, err = _merge(capsys, a)
    assert (code, out) == (2, "") and err.strip().endswith(
        "a.json: shard 2/2 is missing: give every shard of the run"
    )
    code, out, err = _merge(capsys, a, a, b)
    assert code == 2 and "shard 1/2 is given twice" in err and len(err.splitlines()) == 1
    code, out, err = _merge(capsys, a, b)
    assert code == 0, err
    merged = json.loads(out)
    assert merged["explorations"][0]["positions"] == (
        one["explorations"][0]["positions"] + two["explorations"][0]["positions"]
    )
    assert merged["run"] == one["run"] and merged["shards"] == [[1, 2], [2, 2]]

    # The merged report is a whole run: it merges on its own to itself, and not with a shard.
    m = tmp_path / "merged.json"
    m.write_text(out)
    code, again, err = _merge(capsys, m)
    assert code == 0, err
    assert json.loads(again)["explorations"] == merged["explorations"]
    code, _, err = _merge(capsys, m, a)
    assert code == 2 and "of another split" in err


def test_shards_of_runs_with_other_settings_do_not_merge(tmp_path, capsys):
    one = _explore_shard(1, 2, capsys)
    other = _explore_shard(2, 2, capsys, "--seed", "1")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(one))
    b.write_text(json.dumps(other))
    code, out, err = _merge(capsys, a, b)
    assert (code, out) == (2, "")
    assert err.strip().endswith(
        "b.json: run.seed: a shard of a different run than " + f"{a}: seed 1 here, 0 there"
    )


def test_the_result_schemas_name_no_ruleset_and_merge_checks_the_installed_ones():
    """The toolkit names no game: the result schemas take any ruleset or kind name, and
    merge-results checks them against the installed rulesets (a third one's results merge)."""
    from rulecheck.commands.merge_results import _check_rulesets
    from rulecheck.mutation import KINDS as MUTANT_KINDS
    from rulecheck.ruleset_api import ruleset_names
    from rulecheck.schema_check import schema

    explore, mutate = schema("explore.result"), schema("mutate.result")
    for name in ruleset_names():
        assert name not in json.dumps(explore) and name not in json.dumps(mutate)
    assert mutate["$defs"]["mutant"]["properties"]["kind"]["enum"] == list(MUTANT_KINDS)
    with pytest.raises(InputError, match="unknown ruleset 'chess'"):
        _check_rulesets(Path("r.json"), {"run": {"rulesets": ["chess"]}, "mutants": []})
    _check_rulesets(Path("r.json"), {"run": {"rulesets": ruleset_names()}, "mutants": []})
