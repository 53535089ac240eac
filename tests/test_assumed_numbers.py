"""Book numbers apart from assumed numbers: each parameter says where its value comes from."""

from __future__ import annotations

import pytest
import yaml

from rulecheck.corpus import CorpusRun
from rulecheck.mutation import MutantResult, MutationRun, format_text, mutants_for
from rulecheck.report import build_report
from rulecheck.report import format_text as report_text
from rules.rulebook import RulebookError, load, parse_rulebook, rulebook_path


def book_data(ruleset: str) -> dict:
    return yaml.safe_load(rulebook_path(ruleset).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"basis": None}, "parameters.cover_modifier.basis", "say whether the book gives this number"),
        ({"basis": "guess"}, "parameters.cover_modifier.basis", "'guess'"),
        ({"note": ""}, "parameters.cover_modifier.note", "an assumed number needs a note"),
    ],
)
def test_the_loader_refuses_a_parameter_that_does_not_say_where_it_comes_from(change, field, message):
    data = book_data("multibase")
    entry = data["parameters"]["cover_modifier"]
    for key, value in change.items():
        if value is None:
            entry.pop(key)
        else:
            entry[key] = value
    with pytest.raises(RulebookError) as err:
        parse_rulebook(data)
    assert err.value.field == field and message in err.value.message


def test_the_multibase_modifier_sizes_and_coherency_distance_are_assumed_and_the_book_numbers_are_not():
    book = load("multibase")
    assumed = {name for name, p in book.parameters.items() if p.assumed}
    # The text names Cover, Range and unit status as modifiers and Coherency as a rule, never a size.
    assert {
        "cover_modifier",
        "long_range_modifier",
        "long_range_fraction",
        "shaken_attacker_modifier",
    } <= assumed
    assert "coherency_distance" in assumed
    for name in ("to_hit_baseline", "threshold_min", "threshold_max", "die_sides", "front_arc_degrees"):
        assert book.parameters[name].basis == "book"
    assert not any(p.assumed for p in load("gundam_assemble").parameters.values())


def test_check_lists_the_assumed_numbers_as_the_projects_defaults():
    report = build_report(CorpusRun([], 0), {"multibase": load("multibase")})
    (rs,) = report["rulesets"]
    assert {a["name"] for a in rs["assumed_numbers"]} >= {"cover_modifier", "coherency_distance"}
    assert "assumed numbers (the project's defaults" in report_text(report)
    assert "cover_modifier = 1 (MB-3.2)" in report_text(report)


def test_the_mutation_score_is_split_between_book_and_assumed_numbers():
    book = load("multibase")
    mutants = mutants_for(book)
    results = [
        MutantResult(m, 1, killed_by=[] if m.entry == "parameters.cover_modifier" else ["some scenario"])
        for m in mutants
    ]
    run = MutationRun(CorpusRun([], 0), results, [])
    assumed, numbers = run.score("multibase", "assumed"), run.score("multibase", "book")
    assert assumed["survivors"] == 2 and assumed["mutants"] > 2  # cover_modifier up and down
    assert numbers["survivors"] == 0 and numbers["score"] == 1.0
    assert "assumed numbers: " in format_text(run) and "book numbers: 100%" in format_text(run)
