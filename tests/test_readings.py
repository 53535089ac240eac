"""docs/readings.md, the rulebooks and the engine's reading markers agree (issue 30): every
interpretation is decided somewhere a reviewer can find, every marker names a real one, and the
page is what the rulebooks and the markers generate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecheck.readings import code_markers, markers_by_reading, render
from rules.rulebook import RulebookError, load, parse_rulebook, rulesets

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_interpretation_is_decided_at_a_marked_place_in_the_engine(ruleset):
    marked = markers_by_reading(ruleset)
    unmarked = [name for name in load(ruleset).interpretations if name not in marked]
    assert unmarked == [], f"no marker in rulecheck_{ruleset}/engine/ for: {', '.join(unmarked)}"


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_marker_names_an_interpretation_of_its_ruleset(ruleset):
    book = load(ruleset)
    stray = [
        f"{m.path}:{m.line} {m.name}" for m in code_markers(ruleset) if m.name not in book.interpretations
    ]
    assert stray == []


def test_the_page_is_what_the_rulebooks_and_markers_generate():
    page = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")
    assert page == render(), "regenerate: python -m rulecheck.readings > docs/readings.md"


def test_the_page_names_each_rulesets_rulebook_file_where_it_is():
    page = render()
    assert "rules/<ruleset>/" not in page
    for ruleset in rulesets():
        section = page[page.index(f"(`{ruleset}`)") :]
        named = re.search(r"Rulebook `([^`]+)`", section)
        assert named is not None, ruleset
        assert (ROOT / named[1]).is_file()
        assert named[1] == f"rulecheck_{ruleset}/engine/rulebook.yaml"


def test_the_page_names_each_reading_its_default_and_the_function_deciding_it():
    page = render()
    section = page[page.index("#### `coherency_measure`") :]
    section = section[: section.index("####", 5)]
    assert "- `nearest_points` **(default)**" in section
    assert "`rulecheck_multibase/engine/coherency.py` `_centres`" in section


def test_placeholders_for_card_text_are_listed_apart_from_readings_of_the_text():
    page = render()
    ga = page[page.index("(`gundam_assemble`)") : page.index("(`multibase`)")]
    placeholders = ga[ga.index("### Placeholders for card text") :]
    for name in ("disarm_effect", "fracture_effect", "fracture_trigger", "defeat_prevented_victory_points"):
        assert f"#### `{name}`" in placeholders
        assert load("gundam_assemble").interpretations[name].placeholder
    assert "#### `disarm_timing`" not in placeholders


def test_an_interpretation_of_an_unknown_kind_is_refused():
    data = {
        "ruleset": "x",
        "clauses": {"C-1": {"text": "t"}},
        "interpretations": {
            "i": {"question": "q", "options": {"a": "A"}, "default": "a", "kind": "guess", "clauses": ["C-1"]}
        },
    }
    with pytest.raises(RulebookError, match="interpretations.i.kind"):
        parse_rulebook(data)


def test_check_reports_placeholders_apart_from_readings_of_the_text():
    from rulecheck.report import format_text, ruleset_report

    rs = ruleset_report(load("gundam_assemble"), [])
    text = format_text({"ok": True, "overlays": [], "tags": None, "rulesets": [rs]})
    readings, _, placeholders = text.partition("placeholders for card text the rules do not print")
    assert "disarm_effect = cancel_highest_die" in placeholders
    assert "disarm_timing = " in readings and "disarm_timing = " not in placeholders
    assert "disarm_effect = " not in readings


@pytest.mark.parametrize("ruleset", rulesets())
def test_the_faq_ledger_and_the_interpretations_faq_lists_agree(ruleset):
    """An interpretation lists a FAQ entry exactly when the entry rests on it or its justification
    names it (an entry turning on card text names the reading or placeholder that decides the
    hypothetical card's case)."""
    book = load(ruleset)
    listed = {(q, name) for name, i in book.interpretations.items() for q in i.faq}
    named = {
        (q, name)
        for q, entry in book.faq.items()
        for name in book.interpretations
        if entry.interpretation == name or re.search(rf"\b{name}\b", entry.justification)
    }
    assert sorted(listed - named) == [], "listed by the interpretation, not argued in the ledger"
    assert sorted(named - listed) == [], "argued in the ledger, not listed by the interpretation"


def test_a_derived_faq_entry_cites_no_interpretation_in_its_justification():
    for ruleset in rulesets():
        book = load(ruleset)
        for q, entry in book.faq.items():
            if entry.status == "derived":
                assert not [n for n in book.interpretations if re.search(rf"\b{n}\b", entry.justification)], q
