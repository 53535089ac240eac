"""What a dependency re-run keeps from the scenario's first run (the rulebook a scenario's steps
ask for, built once per run instead of once per step; a multibase battlefield's JSON, built once
per battlefield) changes nothing: on real scenarios of both bundled rulesets, a run with
computed dependencies gives the same verdicts, outcomes, traces, readings read, re-run verdicts
and dependencies, and the same report, as a run that rebuilds everything every time.
"""

from __future__ import annotations

import json

import pytest

from rulecheck.corpus import PROJECT_ROOT, run_corpus
from rulecheck.pytest_plugin import RulingContext
from rulecheck.report import build_report
from rulecheck.ruleset_api import ruleset

# Scenarios that read interpretations and assumed numbers of both rulesets: the Trace and
# coherency (multibase, most of a project's re-runs), damage and Line of Sight (Gundam Assemble).
SAMPLE = "@clause:MB-1.1 or @clause:MB-6.4 or @clause:GA-DMG-1 or @clause:GA-LOS-3"


def _run() -> tuple[list[dict], dict]:
    corpus = run_corpus(PROJECT_ROOT, tags=SAMPLE, dependencies=True)
    names = sorted({r.ruleset for r in corpus.results})
    report = build_report(corpus, {name: ruleset(name).rulebook() for name in names}, tags=SAMPLE)
    return [r.to_json() for r in corpus.results], json.loads(json.dumps(report, default=str))


@pytest.fixture(scope="module")
def both_ways() -> tuple[tuple[list[dict], dict], tuple[list[dict], dict]]:
    import rulecheck_multibase.steps.attack as multibase_steps
    from rulecheck_multibase.diagram import battlefield_to_json

    kept = _run()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(RulingContext, "rules", RulingContext._build_rules)  # a new book on every ask
        mp.setattr(multibase_steps, "_position", battlefield_to_json)  # the JSON made every time
        plain = _run()
    return kept, plain


def test_the_sample_exercises_what_the_shortcuts_keep(both_ways):
    (results, _), _ = both_ways
    rulesets = {r["ruleset"] for r in results}
    probed = [r for r in results if r.get("probes")]
    assert rulesets == {"gundam_assemble", "multibase"}
    assert len(probed) >= 30  # scenarios re-run under other readings
    assert any(r["depends_on"] for r in probed)  # and some rest on one
    assert any(name.startswith("parameters.") for r in probed for name in r["probes"])


def test_kept_and_rebuilt_give_the_same_verdicts_dependencies_and_labels(both_ways):
    (kept, _), (plain, _) = both_ways
    assert [r["nodeid"] for r in kept] == [r["nodeid"] for r in plain]
    for k, p in zip(kept, plain, strict=True):
        assert k == p, k["nodeid"]


def test_kept_and_rebuilt_give_the_same_report(both_ways):
    (_, kept), (_, plain) = both_ways
    assert kept == plain
