"""Issue 27, round 3: a player-made card library written from docs/cards.md alone.

The cards that could be written are in rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/community_library.yaml and
are resolved against hand-computed results in rulecheck_gundam_assemble/features/gundam_assemble/cards_community_library.feature.
The ones here could not be written: each needs a mechanic of another chapter of the rules, and a
user trying one gets one line on stderr (exit status 2) that names the mechanic, not an error
about an unrelated field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulecheck.cli import main
from rulecheck_gundam_assemble.card_plugins import catalogue_with

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = (
    ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "cards" / "community_library.yaml"
)

# (the card's printed text, the card as a player writes it, the mechanic its refusal must name)
REFUSED = [
    (
        '"Hold the Line - Before Attack Roll: if this unit controls an Objective, +2 Strength"',
        {
            "window": "before_attack_roll",
            "when": {"controls_objective": True},
            "effects": [{"kind": "strength", "amount": 2}],
        },
        "objectives",
    ),
    (
        '"Call Reinforcements - After Combat Damage: deploy a unit from your Reserve"',
        {"window": "after_combat_damage", "effects": [{"kind": "deploy"}]},
        "deployment",
    ),
    (
        '"Rescue Bounty - Before Attack Roll: +1 Strength for each Garrison you have rescued"',
        {
            "window": "before_attack_roll",
            "effects": [{"kind": "strength", "amount": 1, "for_each": "garrisons_rescued"}],
        },
        "Rescue (rescuing Garrisons)",
    ),
    (
        '"Patient Aim - Before Attack Roll: if this unit has not moved, +1 Accuracy"',
        {
            "window": "before_attack_roll",
            "when": {"hexes_moved": 0},
            "effects": [{"kind": "accuracy", "amount": 1}],
        },
        "movement outside an attack",
    ),
]


@pytest.mark.parametrize(
    ("text", "card", "mechanic"), REFUSED, ids=[t.split(" - ")[0].strip('"') for t, _, _ in REFUSED]
)
def test_a_library_card_of_another_chapter_is_refused_in_one_line_naming_the_mechanic(
    tmp_path, capsys, text, card, mechanic
):
    name = text.split(" - ")[0].strip('"')
    cards = {
        "units": [
            {
                "name": "Library Test Unit",
                "hp": 4,
                "vp": 1,
                "abilities": [{"name": name, "trigger": "own_attack", **card}],
            }
        ]
    }
    (tmp_path / "library.yaml").write_text(yaml.safe_dump(cards, sort_keys=False))
    scenario = (
        ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "community_harpoon_pull.yaml"
    ).read_text()
    scenario = scenario.replace("cards: [cards/community_library.yaml]", f"cards: [{LIBRARY}, library.yaml]")
    (tmp_path / "s.yaml").write_text(scenario)
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert f"needs {mechanic}, a mechanic of another chapter of the rules" in err[0]
    assert "library.yaml:" in err[0]


def test_the_library_loads_and_every_card_it_prints_is_in_it():
    """The header's tally counts the cards written in the file; the refused ones are above."""
    cards = catalogue_with((str(LIBRARY),))
    written = [
        a for u in cards.units.values() if u.name in ("Korvath Lancer", "Sable Warden") for a in u.abilities
    ]
    weapons = [w for w in cards.units["Korvath Lancer"].weapons if w != "Sable Rifle"]
    tactics = [t for t in cards.tactics if t.startswith(("Korvath", "Sable"))]
    assert len(written) + len(weapons) + len(tactics) == 17
    assert cards.units["Korvath Lancer"].weapons["Harpoon Cannon"].critical.describe() == "Pull 2 hexes"
    assert "17 written here" in LIBRARY.read_text() and len(REFUSED) == 4
