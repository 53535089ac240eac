"""What the corpus runner keeps between scenarios is only what cannot have changed: a card file
edited between two reads is read again, and a bad one is refused every time."""

from __future__ import annotations

import pytest

from rulecheck.card_plugins import catalogue_with
from rulecheck.source_yaml import InputError

CARD = """units:
  - name: "{name}"
    hp: {hp}
    vp: 3
    weapons:
      - name: Rifle
        tl_cost: 2
        range: 3
        strength: 3
"""


def test_a_card_file_edited_between_two_reads_gives_the_edited_cards(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARD.format(name="Test Holdout A", hp=5))
    first = catalogue_with((str(cards),))
    assert first.units["Test Holdout A"].hp == 5
    assert catalogue_with((str(cards),)).units["Test Holdout A"].hp == 5
    # same size, same second: only the contents differ
    cards.write_text(CARD.format(name="Test Holdout B", hp=6))
    second = catalogue_with((str(cards),))
    assert "Test Holdout A" not in second.units
    assert second.units["Test Holdout B"].hp == 6


def test_a_bad_card_file_is_refused_on_every_read_and_a_fixed_one_is_then_read(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARD.format(name="Test Holdout", hp="many"))
    for _ in range(2):
        with pytest.raises(InputError, match="hp"):
            catalogue_with((str(cards),))
    cards.write_text(CARD.format(name="Test Holdout", hp=4))
    assert catalogue_with((str(cards),)).units["Test Holdout"].hp == 4


def test_a_card_file_that_is_gone_is_refused_as_before(tmp_path):
    with pytest.raises(InputError):
        catalogue_with((str(tmp_path / "missing.yaml"),))
