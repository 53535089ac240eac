"""A sample of the mutants rules/equivalent_code_mutants.yaml lists as equivalent, each applied to
the engine in turn: `explain --json` of the bundled scenario files that reach its function must
not change (every event's step and data, in order, and the outcome). The
sample (tests/equivalent_mutants_sample.json, written by benchmarks/equivalent_sample.py from a
mutmut run) holds each mutant's original and mutated function source; a function whose source
has changed since makes the test fail until the sample is written again."""

from __future__ import annotations

import contextlib
import fnmatch
import functools
import inspect
import io
import json
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from code_mutation_score import load_equivalents, tolerance_policies  # noqa: E402
from equivalent_patch import original, patched  # noqa: E402
from mutmut_plugin import _clear_engine_caches  # noqa: E402

from rulecheck.cli import main  # noqa: E402

# A sampled mutant the list no longer holds is no longer claimed equivalent: left out.
# The tolerance policies are read once: read per listed glob, the YAML file was parsed 440 times
# at import, most of every test process's collection time.
_TOLERANCE_POLICIES = set(tolerance_policies())
_LISTED = [g for g, _ in load_equivalents() if g not in _TOLERANCE_POLICIES]
SAMPLE = [
    e
    for e in json.loads((ROOT / "tests" / "equivalent_mutants_sample.json").read_text())["mutants"]
    if any(fnmatch.fnmatchcase(e["mutant"], g) for g in _LISTED)
]


def explained(path: str) -> dict:
    """What explain --json shows that is not wording: each event's step and data, in order, and
    everything else (outcome, interpretations). An event's text, clauses and cited reading are
    wording by the score's own rule (docs/mutation.md), set apart without an entry."""
    _clear_engine_caches()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["explain", str(ROOT / path), "--json"])
    shown = json.loads(out.getvalue())
    shown["events"] = [(e["step"], e.get("data")) for e in shown["events"]]
    return shown


@functools.cache
def unmutated(path: str) -> dict:
    """What explain --json shows for ``path`` under the engine as it is: the same for every
    mutant that reaches the file (nine files serve the sample's 50), so worked out once a process."""
    return explained(path)


def compiled(entry: dict, old):
    """The mutated function, compiled where the original lives (its module's globals)."""
    namespace: dict = {}
    exec(compile(entry["mutated"], f"<{entry['mutant']}>", "exec"), old.__globals__, namespace)
    return namespace[entry["function"]]


def test_the_sample_is_large_enough_to_mean_something():
    assert len(SAMPLE) >= 20
    assert len({e["module"] for e in SAMPLE}) >= 5


@pytest.mark.slow  # about 50 explains
@pytest.mark.parametrize("entry", SAMPLE, ids=[e["mutant"] for e in SAMPLE])
def test_a_listed_equivalent_mutant_leaves_explain_json_unchanged(entry):
    old = original(entry["module"], entry["class"], entry["function"])
    current = textwrap.dedent(inspect.getsource(old))
    assert current.strip() == entry["original"].strip(), (
        "the function changed since the sample was taken: run python benchmarks/equivalent_sample.py"
    )
    before = {path: unmutated(path) for path in entry["scenarios"]}
    with patched(entry["module"], entry["class"], entry["function"], lambda old: compiled(entry, old)):
        after = {path: explained(path) for path in entry["scenarios"]}
    _clear_engine_caches()
    assert after == before, f"{entry['mutant']} changes what explain --json shows"
