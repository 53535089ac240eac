"""The card guide's table (docs/cards.md) of whom a card effect acts on ("Whom an effect acts on (`to`)") is what the
loader checks (``abilities.recipients_for``, and ``units.parse_weapon`` for weapon effects): a card
author reads the table, the loader refuses by the code, so the two must not drift apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecheck_gundam_assemble.engine.abilities import (
    EFFECTS,
    LASTING_KINDS,
    RECIPIENTS,
    AbilityError,
    recipients_for,
)
from rulecheck_gundam_assemble.engine.units import parse_weapon

CARD_GUIDE = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


def _rows() -> list[tuple[list[str], tuple[str, ...]]]:
    """(the effect kinds a row names, the recipients it gives), in the table's order."""
    text = CARD_GUIDE.read_text(encoding="utf-8")
    lines = text[text.index("**Whom an effect acts on (`to`).**") :].splitlines()
    body = [line for line in lines[lines.index("| effect | `to` it takes |") + 2 :]]
    rows = []
    for line in body:
        if not line.startswith("|"):
            break
        what, takes = (cell.strip() for cell in line.strip("|").split("|"))
        kinds = [k for k in re.findall(r"`(\w+)`", what) if k in EFFECTS]
        rows.append((kinds, tuple(t for t in re.findall(r"`(\w+)`", takes) if t in RECIPIENTS)))
    return rows


def test_the_card_guide_table_gives_each_effect_the_recipients_the_loader_accepts():
    whole, own, attack, ongoing, weapon, lasting, before, other, *moves = _rows()
    assert before == ([], ("self", "attacker", "another_ally", "one_target"))
    assert other == ([], ("targets", "one_target", "self", "attacker", "another_ally"))
    for kind, windows in EFFECTS.items():
        for window in windows:
            for duration in ("attack", "turn") if kind in LASTING_KINDS else ("attack",):
                in_moves = [r for r in moves if kind in r[0]]
                if in_moves and kind in ("push", "pull") and window == "before_attack":  # no targets yet
                    assert recipients_for(kind, window, duration)[0] == ("one_target",)
                    continue
                if in_moves:  # dash, push, ...: rows of their own below the others
                    row = in_moves[0]
                elif kind in whole[0]:
                    row = whole
                elif kind in own[0]:
                    row = own
                elif kind in attack[0]:
                    row = attack
                elif window == "ongoing":
                    row = ongoing
                    assert kind in ongoing[0] or kind == "cannot_be_targeted"  # the prose says "its own unit"
                    if kind == "cannot_be_targeted":
                        assert recipients_for(kind, window, duration)[0] == ("self",)
                        continue
                elif window == "before_attack":
                    row = before
                elif kind in lasting[0] and duration != "attack":
                    row = lasting
                else:
                    row = other
                assert set(recipients_for(kind, window, duration)[0]) == set(row[1]), (kind, window, duration)
    # a weapon effect: the ongoing row's kinds, on their targets only
    assert weapon[1] == ("targets",)
    for kind in ongoing[0]:
        spec = {"name": "W", "tl_cost": 2, "strength": 2, "range": 3}
        parse_weapon({**spec, "effects": [{"kind": kind, "amount": 1, "to": "targets"}]}, "w")
        with pytest.raises(AbilityError):
            parse_weapon({**spec, "effects": [{"kind": kind, "amount": 1, "to": "self"}]}, "w")
