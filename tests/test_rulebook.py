"""The rulebook model: strict about its own YAML, immutable under overlays."""

from __future__ import annotations

import pytest
import yaml

from rules.rulebook import RulebookError, load, parse_rulebook, rulesets


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
    from rules.gundam_assemble.terrain import TerrainError, parse_kind

    with pytest.raises(TerrainError) as err:
        parse_kind(name, data, f"terrain.{name}")
    assert str(err.value) == message


def test_a_terrain_kind_keeps_every_field_declared_and_defaults_the_rest():
    from rules.gundam_assemble.terrain import TerrainKind, parse_kind, rulebook_kinds

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
