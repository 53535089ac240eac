"""The card file schema (rulecheck_gundam_assemble/schemas/gundam_assemble.cards.schema.json) and the card loader
agree: the schema names every key and value of the engine's vocabulary and no other, its limits
are those of rules/limits.py, and a card document the schema accepts loads into exactly the cards
it describes (no value cut, rounded or defaulted), while one it refuses never loads.

Rules that tie one field to another (an effect's window, its recipient) and names given twice are
the loader's (a schema cannot say them); the bad-input corpus (tests/bad_inputs/card_*) has them.
"""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.schema_check import accepts, schema
from rulecheck.source_yaml import InputError, parse_yaml
from rulecheck_gundam_assemble.card_plugins import CARD_SCHEMA, cards_from_doc
from rulecheck_gundam_assemble.engine import abilities as vocabulary
from rulecheck_gundam_assemble.engine.units import UNIT_KEYS, WEAPON_KEYS
from rules import limits

SCHEMA = schema(CARD_SCHEMA)
DEFS = SCHEMA["$defs"]


def _enum(node: dict) -> set:
    return set(DEFS[node["$ref"].split("/")[-1]]["enum"] if "$ref" in node else node["enum"])


def test_the_schema_names_the_keys_of_the_engines_cards_and_no_other():
    assert set(DEFS["unit"]["properties"]) == set(UNIT_KEYS)
    assert set(DEFS["weapon"]["properties"]) == set(WEAPON_KEYS)
    assert set(DEFS["ability"]["properties"]) == set(vocabulary.ABILITY_KEYS)
    assert set(DEFS["effect"]["properties"]) == set(vocabulary.EFFECT_KEYS)
    # conditions, for an ability or one effect; a mechanic of another chapter is named so that the
    # loader can refuse it by name (vocabulary.OUT_OF_CHAPTER)
    for owner in ("ability", "effect"):
        assert DEFS[owner]["properties"]["when"]["$ref"] == "#/$defs/conditions"
    assert set(DEFS["conditions"]["properties"]) == set(vocabulary.CONDITIONS) | set(
        vocabulary.OUT_OF_CHAPTER
    )
    assert set(DEFS["weapon"]["properties"]["critical"]["properties"]) == {
        "effects",
        "crits_needed",
        "per_crit",
        "window",
    }


def test_the_schema_lists_the_engines_vocabulary():
    ability, effect = DEFS["ability"]["properties"], DEFS["effect"]["properties"]
    assert _enum(ability["window"]) == set(vocabulary.WINDOWS)
    assert _enum(ability["trigger"]) == set(vocabulary.TRIGGERS)
    assert _enum(ability["once_per"]) == set(vocabulary.DURATIONS)
    assert _enum(effect["kind"]) == set(vocabulary.EFFECTS)
    assert _enum(effect["to"]) == set(vocabulary.RECIPIENTS)
    assert _enum(effect["duration"]) == set(vocabulary.DURATIONS)
    upgrades = {*vocabulary.UPGRADES, vocabulary.ANY_UPGRADE}
    assert _enum(effect["upgrade"]) == _enum(effect["per_upgrade"]) == upgrades
    assert _enum(effect["from"]) == set(vocabulary.AREA_ORIGINS)
    assert _enum(effect["window"]) == set(vocabulary.WEAPON_EFFECT_WINDOWS)
    assert _enum(effect["windows"]["items"]) == set(vocabulary.RESPONSE_WINDOWS)
    assert _enum(DEFS["conditions"]["properties"]["has_upgrade"]) == upgrades
    assert _enum(DEFS["weapon"]["properties"]["critical"]["properties"]["window"]) == set(
        vocabulary.CRITICAL_WINDOWS
    )


def test_the_schemas_limits_are_those_of_rules_limits():
    weapon, effect = DEFS["weapon"]["properties"], DEFS["effect"]["properties"]
    hexes = weapon["area"]["properties"]["hexes"]
    assert DEFS["name"]["maxLength"] == limits.MAX_NAME_LENGTH
    assert (
        DEFS["stat"]["maximum"] == DEFS["signed"]["maximum"] == -DEFS["signed"]["minimum"] == limits.MAX_STAT
    )
    for number in (DEFS["unit"]["properties"]["hp"], weapon["range"], effect["hit_points"]):
        assert number["maximum"] == limits.MAX_STAT
    assert hexes["maxItems"] == limits.MAX_BOARD_HEXES
    assert hexes["items"]["items"]["maximum"] == -hexes["items"]["items"]["minimum"] == limits.MAX_COORDINATE
    assert effect["faces"]["items"]["maximum"] == limits.MAX_DIE_SIDES
    assert effect["faces"]["maxItems"] == limits.MAX_LIST_PARAMETER
    assert weapon["critical"]["properties"]["crits_needed"]["maximum"] == limits.MAX_ATTACK_DICE
    assert weapon["targets"]["maximum"] == limits.MAX_UNITS


# --- generated card documents ----------------------------------------------------------------------
#
# Each number is drawn from its field's own range or from values around and outside it that a
# loader might be tempted to take (a fraction, a whole float, a boolean, a word, one past a limit).


def numbers(low: int, high: int):
    """Mostly whole numbers within the range (so that many documents are valid), one in ten a value
    around or outside it."""
    valid = st.one_of(st.integers(low, high), st.sampled_from([low, high]))
    hostile = st.sampled_from([low - 1, high + 1, 10**9, 2.5, float(max(low, 1)), True, False, "three", None])
    return st.integers(0, 9).flatmap(lambda roll: hostile if roll == 0 else valid)


STAT = numbers(0, limits.MAX_STAT)
SIGNED = numbers(-limits.MAX_STAT, limits.MAX_STAT)
FLAG = st.integers(0, 9).flatmap(
    lambda roll: st.sampled_from(["yes", "no", 0, 1, None]) if roll == 0 else st.booleans()
)
NAME = st.one_of(st.text("abcXYZ ", min_size=1, max_size=8), st.sampled_from(["", 12345, "N" * 201]))

# Abilities whose window, trigger and effect fit together (the cross-field rules are not what is
# drawn here); the effect's amount is drawn from its range: signed for a modifier, else from 0.
ABILITIES = [
    ("before_attack_roll", "own_attack", {"kind": "accuracy"}, SIGNED),
    ("before_attack_roll", "own_attack", {"kind": "strength"}, SIGNED),
    ("before_attack", "own_attack", {"kind": "tl_cost"}, SIGNED),
    ("ongoing", "own_attack", {"kind": "range"}, SIGNED),
    ("after_attack_roll", "own_attack", {"kind": "reroll"}, STAT),
    ("after_combat_damage", "attacked", {"kind": "non_combat_damage", "to": "attacker"}, STAT),
    ("ongoing", "attacked", {"kind": "damage_reduction"}, STAT),
]


@st.composite
def abilities(draw, name: str):
    window, trigger, effect, amounts = draw(st.sampled_from(ABILITIES))
    card = {
        "name": name,
        "window": window,
        "trigger": trigger,
        "effects": [{**effect, "amount": draw(amounts)}],
    }
    reach = draw(st.sampled_from([None, "range", "within"]))
    if reach:
        card[reach] = draw(STAT)
    if draw(st.booleans()):
        card["when"] = {"target_hp_at_most": draw(STAT), "target_engaged": draw(FLAG)}
    return card


@st.composite
def weapons(draw, name: str):
    weapon = {"name": name, "tl_cost": draw(STAT), "strength": draw(STAT)}
    if draw(st.booleans()):
        weapon["range"] = draw(numbers(1, limits.MAX_STAT))
        if draw(st.booleans()):
            weapon["targets"] = draw(numbers(1, limits.MAX_UNITS))
    else:
        q = draw(numbers(-limits.MAX_COORDINATE, limits.MAX_COORDINATE).filter(lambda v: v != 0))
        weapon["area"] = {"hexes": [[q, 0], [1, -1]], "mirror": draw(FLAG)}
    if draw(st.booleans()):
        weapon["ignores_los"] = draw(FLAG)
    if draw(st.booleans()):
        weapon["critical"] = {
            "crits_needed": draw(numbers(1, limits.MAX_ATTACK_DICE)),
            "per_crit": draw(FLAG),
            "effects": [{"kind": "damage_plus", "amount": draw(STAT)}],
        }
    return weapon


@st.composite
def card_documents(draw):
    units = []
    for i in range(draw(st.integers(0, 2))):
        unit = {"name": f"Unit {i}", "hp": draw(numbers(1, limits.MAX_STAT)), "vp": draw(STAT)}
        if draw(st.booleans()):
            unit["shields"] = draw(STAT)
        unit["weapons"] = [draw(weapons(f"Weapon {j}")) for j in range(draw(st.integers(0, 2)))]
        unit["abilities"] = [draw(abilities(f"Ability {j}")) for j in range(draw(st.integers(0, 2)))]
        units.append(unit)
    if units and draw(st.integers(0, 5)) == 0:
        units[0]["name"] = draw(NAME)
    tactics = [draw(abilities(f"Tactic {j}")) for j in range(draw(st.integers(0, 2)))]
    return {"units": units, "tactics": tactics}


def _load(data: dict):
    return cards_from_doc(parse_yaml(yaml.safe_dump(data, sort_keys=False), "cards.yaml"))


@settings(max_examples=300, deadline=None)
@given(card_documents())
def test_a_card_document_loads_exactly_when_the_schema_accepts_it_and_as_written(data):
    try:
        catalogue = _load(data)
    except InputError as exc:
        assert not accepts(CARD_SCHEMA, data), f"the schema accepts it, the loader says: {exc}"
        assert exc.line and exc.field and "\n" not in str(exc)
        return
    assert accepts(CARD_SCHEMA, data)
    # the cards hold the numbers written, unchanged
    for u in data["units"]:
        card = catalogue.units[u["name"]]
        assert (card.hp, card.vp, card.shields) == (u["hp"], u["vp"], u.get("shields", 0))
        for w in u["weapons"]:
            weapon = card.weapons[w["name"]]
            assert (weapon.tl_cost, weapon.strength, weapon.range) == (
                w["tl_cost"],
                w["strength"],
                w.get("range"),
            )
            assert weapon.targets == w.get("targets", 1)
            assert weapon.ignores_los is w.get("ignores_los", False)
            if "critical" in w:
                crit = weapon.critical
                assert (crit.crits_needed, crit.per_crit) == (
                    w["critical"]["crits_needed"],
                    w["critical"]["per_crit"],
                )
            if "area" in w:
                assert weapon.area.mirror is w["area"]["mirror"]
                assert weapon.area.hexes == tuple(tuple(h) for h in w["area"]["hexes"])
        for a in u["abilities"]:
            _same_ability(card.abilities[a["name"]], a)
    for t in data["tactics"]:
        _same_ability(catalogue.tactics[t["name"]], t)


def _same_ability(ability, data: dict) -> None:
    assert ability.effects[0].amount == data["effects"][0]["amount"]
    reach = next(((k, data[k]) for k in ("range", "within") if k in data), None)
    assert ability.reach == reach
    assert dict(ability.when) == data.get("when", {})


def test_the_bundled_card_file_meets_the_schema_which_a_run_does_not_check_again():
    """``bundled_catalogue`` reads the shipped card file without the schema check (it cost an
    eighth of a one-scenario check); this is where that file is held to its documented format,
    and the catalogue read without the check is the one read with it."""
    from rulecheck.schema_check import validate
    from rulecheck.source_yaml import load_yaml
    from rulecheck_gundam_assemble.card_plugins import BUNDLED_CARDS, bundled_catalogue

    doc = load_yaml(BUNDLED_CARDS)
    validate(doc, CARD_SCHEMA)  # raises InputError at the first violation
    assert bundled_catalogue() == cards_from_doc(doc)


def test_a_card_file_a_project_keeps_is_checked_against_the_schema():
    """Only the shipped file skips the check: a project's card with a word for a number is
    refused by the schema at its line."""
    from rulecheck.source_yaml import load_yaml
    from rulecheck_gundam_assemble.card_plugins import BUNDLED_CARDS

    unit = dict(load_yaml(BUNDLED_CARDS).data["units"][0], hp="many")
    text = yaml.safe_dump({"units": [unit]}, sort_keys=False)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.strip().startswith("hp:"))
    try:
        cards_from_doc(parse_yaml(text, "mine.yaml"))
    except InputError as exc:
        assert (exc.file, exc.line, exc.field) == ("mine.yaml", line, "units[0].hp")
    else:
        raise AssertionError("a card file with a word for a number loaded")
