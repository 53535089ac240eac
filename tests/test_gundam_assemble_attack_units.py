"""Unit tests: the FAQ ledger against the chapter, area placements, the ability vocabulary."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulecheck_gundam_assemble.engine.abilities import AbilityError, parse_ability
from rulecheck_gundam_assemble.engine.area_effect import AreaPattern, placements
from rules.hexgrid import distance
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent
# The chapter's text is copyrighted and not part of the repository; point this variable at your
# own copy (plain text) to check the FAQ ledger against it.
CHAPTER = Path(os.environ.get("RULECHECK_GA_CHAPTER_TEXT", "/nonexistent"))
RULES = load("gundam_assemble")


@pytest.mark.skipif(
    not CHAPTER.exists(), reason="set RULECHECK_GA_CHAPTER_TEXT to a plain-text copy of the chapter"
)
def test_the_ledger_lists_exactly_the_chapters_faq_entries():
    numbers = {f"Q{n}" for n in re.findall(r"Q\.(\d+)", CHAPTER.read_text(encoding="utf-8"))}
    assert len(numbers) == 63
    assert set(RULES.faq) == numbers


def test_interpretation_entries_name_an_interpretation_with_a_default():
    for q, e in RULES.faq.items():
        if e.status == "interpretation":
            interp = RULES.interpretations[e.interpretation]
            assert interp.default in interp.options, q


def test_an_asymmetric_pattern_has_six_turns_and_six_mirror_images():
    pattern = AreaPattern(((2, -1), (2, 0), (3, -1)))
    assert len(placements(pattern, (0, 0))) == 6
    assert len(placements(AreaPattern(pattern.hexes, mirror=True), (0, 0))) == 12


def test_a_symmetric_pattern_lists_each_distinct_placement_once():
    ring = AreaPattern(((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)), mirror=True)
    assert len(placements(ring, (4, -2))) == 1


def test_every_placement_keeps_each_hexs_distance_from_the_attacker():
    pattern = AreaPattern(((2, -1), (2, 0), (3, -1)), mirror=True)
    want = sorted(distance((0, 0), h) for h in pattern.hexes)
    for p in placements(pattern, (3, 3)):
        assert sorted(distance((3, 3), h) for h in p.hexes) == want


def test_an_effect_outside_its_window_is_rejected():
    with pytest.raises(AbilityError, match="cannot be used in the after_combat_damage window"):
        parse_ability(
            {
                "name": "Late Aim",
                "window": "after_combat_damage",
                "effects": [{"kind": "strength", "amount": 1}],
            },
            "x",
        )


def test_a_bare_on_key_is_rejected_rather_than_silently_ignored():
    # YAML 1.1 reads `on:` as the boolean true; the recipient key is `to`.
    with pytest.raises(AbilityError, match="unknown key"):
        parse_ability(
            {"name": "X", "window": "ongoing", "effects": [{"kind": "accuracy", "amount": 1, True: "self"}]},
            "x",
        )
