"""The corpus pins down its rulebooks: checked from the feature files, without running them.

Every clause is covered by a scenario; every scenario states exactly one ruling status and cites
at least one clause; every tag names a real clause, FAQ entry or interpretation; every FAQ entry
the book decides (derived) or that rests on an interpretation has a scenario.
"""

from __future__ import annotations

import pytest

from rulecheck.corpus import PROJECT_ROOT, scenarios_on_disk
from rulecheck.report import ruleset_report
from rules.rulebook import load, rulesets


@pytest.fixture(params=rulesets())
def traceability(request):
    scenarios = scenarios_on_disk(PROJECT_ROOT, request.param)
    return scenarios, ruleset_report(load(request.param), scenarios)


def test_every_ruleset_has_a_corpus(traceability):
    scenarios, _ = traceability
    assert len(scenarios) >= 20


def test_every_clause_is_covered_by_a_scenario(traceability):
    _, report = traceability
    assert report["uncovered_clauses"] == []


def test_every_tag_names_something_real_and_every_scenario_states_its_ruling(traceability):
    _, report = traceability
    assert report["errors"] == []


def test_every_derived_or_interpretation_faq_entry_has_a_scenario(traceability):
    _, report = traceability
    assert report["faq_without_scenario"] == []


def test_every_interpretation_named_in_a_tag_is_one_the_scenario_can_rest_on(traceability):
    scenarios, report = traceability
    for s in scenarios:
        if s.tagged("interpretation"):
            assert s.tagged("ruling") == ["interpretation"], f"{s.feature}:{s.line} {s.name}"
