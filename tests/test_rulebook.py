"""The rulebook model: strict about its own YAML, immutable under overlays."""

from __future__ import annotations

import pytest
import yaml

from rules.rulebook import (
    Clause,
    FaqEntry,
    Interpretation,
    Parameter,
    RulebookError,
    load,
    parse_rulebook,
    rulesets,
)


def test_an_unquoted_comma_in_a_flow_mapping_is_caught_not_silently_truncated():
    data = yaml.safe_load(
        "ruleset: demo\nclauses:\n  X-1: {section: S, text: When the units differ, terrain blocks.}\n"
    )
    with pytest.raises(RulebookError, match=r"clauses.X-1.terrain blocks.: unknown key"):
        parse_rulebook(data)


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_clause_paraphrase_is_a_whole_sentence(ruleset):
    for cid, clause in load(ruleset).clauses.items():
        assert clause.text.rstrip().endswith((".", ")", '"')), f"{cid}: {clause.text!r}"


def test_a_clause_is_looked_up_by_id_and_an_unknown_id_is_refused_at_its_field():
    book = load("gundam_assemble")
    assert book.clause("GA-HIT-1").id == "GA-HIT-1"
    with pytest.raises(RulebookError) as err:
        book.clause("GA-HIT-99")
    assert (err.value.field, err.value.message) == ("clauses.GA-HIT-99", "no such clause in gundam_assemble")


def test_an_overlay_without_a_name_is_recorded_as_overlay():
    assert load("gundam_assemble").with_changes({"hit_threshold": 5}).overlays == ("overlay",)


def test_an_overlay_leaves_the_book_untouched():
    book = load("gundam_assemble")
    changed = book.with_changes({"hit_threshold": 5}, {"los_choice_points": "one_side"}, name="house")
    assert (book.param("hit_threshold"), changed.param("hit_threshold")) == (4, 5)
    assert book.interpretation("los_choice_points") == "independent"
    assert changed.overlays == ("house",)
    assert book.differences(changed) == {
        "parameters.hit_threshold": (4, 5),
        "interpretations.los_choice_points": ("independent", "one_side"),
    }


@pytest.mark.parametrize(
    ("parameters", "interpretations", "error"),
    [
        ({"hit_treshold": 5}, {}, "parameters.hit_treshold: no such parameter in gundam_assemble"),
        ({"hit_threshold": "5"}, {}, "parameters.hit_threshold: expected integer, got text '5'"),
        (
            {"critical_faces": [9, "10"]},
            {},
            "parameters.critical_faces: expected a list of integers, got text '10'",
        ),
        (
            {},
            {"los_choise_points": "one_side"},
            "interpretations.los_choise_points: no such interpretation in gundam_assemble",
        ),
        (
            {},
            {"los_choice_points": "both"},
            "interpretations.los_choice_points: unknown option 'both' (expected one of independent, one_side)",
        ),
    ],
)
def test_an_overlay_naming_nothing_real_is_refused_in_one_line_at_its_field(
    parameters, interpretations, error
):
    with pytest.raises(RulebookError) as err:
        load("gundam_assemble").with_changes(parameters, interpretations)
    assert (f"{err.value.field}: {err.value.message}", str(err.value)) == (error, error)


def test_an_overlay_gives_a_float_parameter_an_integer_as_that_float():
    changed = load("multibase").with_changes({"long_range_fraction": 1})
    value = changed.param("long_range_fraction")
    assert (value, type(value)) == (1.0, float)


@pytest.mark.parametrize(
    ("parameters", "accepted"),
    [
        ({"hit_threshold": 0}, True),  # the bottom of its range (limits.PARAMETER_RANGES)
        ({"hit_threshold": 101}, True),  # the top of its range
        ({"hit_threshold": 102}, False),  # inside the default range, outside its own
        ({"hit_threshold": -1}, False),
        ({"critical_faces": [9, 101]}, True),
        ({"critical_faces": [9, 102]}, False),  # each face of a list is checked
        ({"critical_faces": [9] * 100}, True),  # limits.MAX_LIST_PARAMETER items
        ({"critical_faces": [9] * 101}, False),
    ],
)
def test_an_overlay_value_must_lie_in_the_parameters_range(parameters, accepted):
    book = load("gundam_assemble")
    if accepted:
        assert book.with_changes(parameters).param(next(iter(parameters))) == next(iter(parameters.values()))
    else:
        with pytest.raises(RulebookError) as err:
            book.with_changes(parameters)
        assert err.value.field == f"parameters.{next(iter(parameters))}"
        assert err.value.message.startswith(("expected a number from 0 to 101, got ", "at most 100 items"))


def _book_with_parameter(ruleset: str, name: str) -> dict:
    return {
        "ruleset": ruleset,
        "clauses": {"X-1": {"section": "S", "text": "A rule."}},
        "parameters": {name: {"value": 3, "clause": "X-1", "basis": "book"}},
    }


@pytest.mark.parametrize(
    ("ruleset", "name"),
    [("house_game", "reach"), ("gundam_assemble", "house_reach")],  # no range of its own in limits
)
def test_a_parameter_without_a_range_of_its_own_takes_the_default_range(ruleset, name):
    book = parse_rulebook(_book_with_parameter(ruleset, name))
    assert book.with_changes({name: -1000}).param(name) == -1000
    assert book.with_changes({name: 1000}).param(name) == 1000
    with pytest.raises(RulebookError) as err:
        book.with_changes({name: 1001})
    assert str(err.value) == f"parameters.{name}: expected a number from -1000 to 1000, got 1001"


def test_a_list_parameter_an_earlier_overlay_emptied_takes_a_list_again():
    emptied = load("gundam_assemble").with_changes({"critical_faces": []}, name="no crits")
    assert emptied.with_changes({"critical_faces": [10]}).param("critical_faces") == [10]


def _book_with_faq(entry: dict) -> dict:
    return {
        "ruleset": "x",
        "clauses": {"X-1": {"section": "S", "text": "A rule."}},
        "interpretations": {
            "reading": {"question": "Q?", "options": {"a": "A", "b": "B"}, "default": "a", "clauses": ["X-1"]}
        },
        "faq": {"Q1": {"question": "Why?", "clauses": ["X-1"], **entry}},
    }


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"status": "derived"}, "faq.Q1.justification"),
        ({"status": "derived", "justification": "  "}, "faq.Q1.justification"),
        ({"status": "derived", "justification": "one\nline too many"}, "faq.Q1.justification"),
        (
            {"status": "derived", "interpretation": "reading", "justification": "X-1 says so."},
            "faq.Q1.interpretation",
        ),
        (
            {"status": "needs-card-text", "interpretation": "reading", "justification": "A card."},
            "faq.Q1.interpretation",
        ),
        ({"status": "derived", "clauses": [], "justification": "X-1 says so."}, "faq.Q1.clauses"),
    ],
)
def test_a_faq_status_must_be_justified_and_consistent(entry, field):
    with pytest.raises(RulebookError) as err:
        parse_rulebook(_book_with_faq(entry))
    assert err.value.field == field


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_shipped_faq_entry_carries_its_one_line_justification(ruleset):
    for entry in load(ruleset).faq.values():
        assert entry.justification and "\n" not in entry.justification, entry.id


# --- the loader, field by field: what it builds and what it refuses ------------------------------
# The loader's refusal is one line the user sees ("FIELD: MESSAGE", the CLI adds the file and the
# line of FIELD), so each refusal is checked by its whole message and by the field it points at.


def _full_book() -> dict:
    """Every field the loader reads, each given a value that differs from its default."""
    return {
        "ruleset": "demo",
        "title": "Demo rules",
        "source": "demo chapter",
        "clauses": {
            "X-1": {"section": "Attack", "text": "A rule."},
            "X-2": {"text": "A rule without a section."},
        },
        "parameters": {
            "reach": {"value": 3, "clause": "X-1", "basis": "book"},
            "bonus": {
                "value": [9, 10],
                "clause": "X-2",
                "basis": "assumed",
                "note": "Not sized by the book.",
            },
            "wood_accuracy": {"value": -1, "clause": "X-1", "basis": "book"},
        },
        "interpretations": {
            "reading": {
                "question": "Q?",
                "options": {"a": "A", "b": "B"},
                "default": "b",
                "why": "Because.",
                "clauses": ["X-1", "X-2"],
                "faq": ["Q1"],
            },
            "bare": {"question": "R?", "options": {"c": "C"}, "default": "c", "clauses": "X-2"},
        },
        "faq": {
            "Q1": {
                "question": "Why?",
                "status": "interpretation",
                "clauses": ["X-1"],
                "interpretation": "reading",
                "note": "See the reading.",
                "justification": "  The text leaves it open.  ",
                "card_property": "a card that ignores Shields",
            },
            "Q2": {"question": "How?", "status": "needs-card-text", "justification": "A card decides."},
        },
        "terrain": {
            "wood": {"symbol": "T", "accuracy": "wood_accuracy", "clause": "X-1"},
            "open": {"symbol": "."},
        },
    }


def test_the_loader_builds_every_field_it_is_given_and_the_defaults_of_the_rest():
    book = parse_rulebook(_full_book())
    assert (book.ruleset, book.title, book.source) == ("demo", "Demo rules", "demo chapter")
    assert dict(book.clauses) == {
        "X-1": Clause("X-1", "Attack", "A rule."),
        "X-2": Clause("X-2", "", "A rule without a section."),
    }
    assert dict(book.parameters) == {
        "reach": Parameter("reach", 3, "X-1", "", "book"),
        "bonus": Parameter("bonus", [9, 10], "X-2", "Not sized by the book.", "assumed"),
        "wood_accuracy": Parameter("wood_accuracy", -1, "X-1", "", "book"),
    }
    assert dict(book.interpretations) == {
        "reading": Interpretation(
            "reading", "Q?", {"a": "A", "b": "B"}, "b", "Because.", ("X-1", "X-2"), ("Q1",)
        ),
        "bare": Interpretation("bare", "R?", {"c": "C"}, "c", "", ("X-2",), ()),
    }
    assert dict(book.faq) == {
        "Q1": FaqEntry(
            "Q1",
            "Why?",
            "interpretation",
            ("X-1",),
            "reading",
            "See the reading.",
            "The text leaves it open.",
            "a card that ignores Shields",
        ),
        "Q2": FaqEntry("Q2", "How?", "needs-card-text", (), None, "", "A card decides.", None),
    }
    assert {name: dict(t) for name, t in book.terrain.items()} == {
        "wood": {"symbol": "T", "accuracy": "wood_accuracy", "clause": "X-1"},
        "open": {"symbol": "."},
    }
    assert (book.param("bonus"), book.interpretation("reading"), book.interpretation("bare")) == (
        [9, 10],
        "b",
        "c",
    )


def test_a_rulebook_without_title_or_source_is_titled_by_its_ruleset():
    data = _full_book()
    del data["title"], data["source"]
    book = parse_rulebook(data)
    assert (book.title, book.source) == ("demo", "")


def _refusal(change) -> dict:
    data = _full_book()
    change(data)
    return data


REFUSED_BOOKS = {
    "entry-not-a-mapping": (
        lambda d: d["clauses"].update({"X-3": "A rule."}),
        "clauses.X-3",
        "expected a mapping",
    ),
    "parameter-unknown-clause": (
        lambda d: d["parameters"]["reach"].update(clause="X-9"),
        "parameters.reach.clause",
        "unknown clause 'X-9'",
    ),
    "assumed-without-note": (
        lambda d: d["parameters"]["bonus"].pop("note"),
        "parameters.bonus.note",
        "an assumed number needs a note saying why",
    ),
    "assumed-with-blank-note": (
        lambda d: d["parameters"]["bonus"].update(note="  "),
        "parameters.bonus.note",
        "an assumed number needs a note saying why",
    ),
    "interpretation-unknown-clause": (
        lambda d: d["interpretations"]["reading"].update(clauses=["X-1", "X-9"]),
        "interpretations.reading.clauses",
        "unknown clause 'X-9'",
    ),
    "faq-bad-status": (
        lambda d: d["faq"]["Q1"].update(status="maybe"),
        "faq.Q1.status",
        "'maybe' is not one of derived, interpretation, needs-card-text, official",
    ),
    "faq-unknown-interpretation": (
        lambda d: d["faq"]["Q1"].update(interpretation="nope"),
        "faq.Q1.interpretation",
        "unknown interpretation 'nope'",
    ),
    "faq-interpretation-entry-without-one": (
        lambda d: d["faq"]["Q1"].pop("interpretation"),
        "faq.Q1",
        "an 'interpretation' entry must name its interpretation",
    ),
    "faq-derived-with-interpretation": (
        lambda d: d["faq"]["Q1"].update(status="derived"),
        "faq.Q1.interpretation",
        "a 'derived' entry rests on no interpretation",
    ),
    "faq-derived-without-clauses": (
        lambda d: d["faq"]["Q2"].update(status="derived"),
        "faq.Q2.clauses",
        "a 'derived' entry cites the clauses that decide it",
    ),
    "faq-unknown-clause": (
        lambda d: d["faq"]["Q1"].update(clauses=["X-9"]),
        "faq.Q1.clauses",
        "unknown clause 'X-9'",
    ),
    "faq-justification-two-lines": (
        lambda d: d["faq"]["Q2"].update(justification="One.\nTwo."),
        "faq.Q2.justification",
        "the justification is one line",
    ),
    "terrain-unknown-clause": (
        lambda d: d["terrain"]["wood"].update(clause="X-9"),
        "terrain.wood.clause",
        "unknown clause 'X-9'",
    ),
    "terrain-unknown-parameter": (
        lambda d: d["terrain"]["wood"].update(accuracy="swamp_accuracy"),
        "terrain.wood.accuracy",
        "unknown parameter 'swamp_accuracy'",
    ),
}


@pytest.mark.parametrize(("change", "field", "message"), REFUSED_BOOKS.values(), ids=REFUSED_BOOKS.keys())
def test_the_loader_refuses_a_bad_entry_in_one_line_at_its_field(change, field, message):
    with pytest.raises(RulebookError) as err:
        parse_rulebook(_refusal(change))
    assert (err.value.field, err.value.message, str(err.value)) == (field, message, f"{field}: {message}")


@pytest.mark.parametrize(
    ("ask", "field", "message"),
    [
        (
            lambda b: b.param("hit_treshold"),
            "parameters.hit_treshold",
            "no such parameter in gundam_assemble",
        ),
        (
            lambda b: b.interpretation("los_choise_points"),
            "interpretations.los_choise_points",
            "no such interpretation in gundam_assemble",
        ),
    ],
    ids=["parameter", "interpretation"],
)
def test_asking_for_an_unknown_number_or_reading_is_refused_at_its_field(ask, field, message):
    with pytest.raises(RulebookError) as err:
        ask(load("gundam_assemble"))
    assert (err.value.field, err.value.message, str(err.value)) == (field, message, f"{field}: {message}")


# --- terrain kinds: the rulebook's own (open ground, water) and a scenario's are read alike ------

_KEYS = "symbol, accuracy, line_of_sight, clause, colour, note"


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("fire", "blocks", f"terrain.fire: a terrain kind is a mapping of {_KEYS}"),
        ("fire", {"symbol": "^", "height": 2}, f"terrain.fire.height: unknown key (expected one of {_KEYS})"),
        (
            "fire",
            {"symbol": "^^"},
            "terrain.fire.symbol: '^^' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"symbol": 5},
            "terrain.fire.symbol: 5 is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"symbol": "f"},
            "terrain.fire.symbol: 'f' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"symbol": " "},
            "terrain.fire.symbol: ' ' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"symbol": "-"},
            "terrain.fire.symbol: '-' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"symbol": "."},
            "terrain.fire.symbol: '.' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "open",
            {"symbol": "-"},
            "terrain.open.symbol: '-' is not a map symbol (one character, not a letter, digit, '.' or '-')",
        ),
        (
            "fire",
            {"line_of_sight": "smoky"},
            "terrain.fire.line_of_sight: 'smoky' is not one of clear, blocks",
        ),
        ("fire", {"accuracy": True}, "terrain.fire.accuracy: True is not a whole number"),
        ("fire", {"accuracy": 1.5}, "terrain.fire.accuracy: 1.5 is not a whole number"),
    ],
)
def test_a_terrain_kind_declared_wrongly_is_refused_naming_its_field(name, data, message):
    from rulecheck_gundam_assemble.engine.terrain import TerrainError, parse_kind

    with pytest.raises(TerrainError) as err:
        parse_kind(name, data, f"terrain.{name}")
    assert str(err.value) == message


def test_a_terrain_kind_keeps_every_field_declared_and_defaults_the_rest():
    from rulecheck_gundam_assemble.engine.terrain import TerrainKind, parse_kind, rulebook_kinds

    data = {"symbol": "^", "accuracy": -1, "line_of_sight": "blocks", "clause": "GA-LOS-3"}
    data |= {"colour": "#c33", "note": "a map editor's fire"}
    assert parse_kind("fire", data, "terrain.fire") == TerrainKind(
        "fire", "^", -1, "blocks", "GA-LOS-3", "#c33", "a map editor's fire"
    )
    bare = parse_kind("space", None, "terrain.space")
    assert bare == TerrainKind("space", None, 0, "clear", None, None, "")
    # with no clause of its own a kind's Accuracy rests on GA-ELEV-3 and its blocking on GA-LOS-3
    assert (bare.accuracy_clause(), bare.blocking_clause(), bare.blocks) == ("GA-ELEV-3", "GA-LOS-3", False)
    kinds = rulebook_kinds(load("gundam_assemble"))
    assert kinds["open"].symbol == "." and kinds["water"].accuracy_against(load("gundam_assemble")) == -1


@pytest.mark.parametrize("section", ["clauses", "parameters", "interpretations", "faq", "terrain"])
def test_a_stray_key_in_any_entry_of_the_rulebook_is_refused_by_name(section):
    """A misspelt key (``valeu`` for ``value``) in an entry of any section is an error naming the
    entry and the key, not a key silently ignored."""
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "rulecheck_gundam_assemble" / "engine" / "rulebook.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    name = next(iter(data[section]))
    data[section][name] = {**data[section][name], "valeu": 1}
    with pytest.raises(RulebookError, match=rf"^{section}\.{name}\.valeu: unknown key"):
        parse_rulebook(data)
