"""Step 5, defensive saves (MB-5.1 to MB-5.3)."""

from __future__ import annotations

from collections.abc import Sequence

from rulecheck_multibase.engine.battlefield import Unit
from rules.events import Event
from rules.wording import plural


def saves_made(faces: Sequence[int], save: int) -> int:
    return sum(1 for f in faces if f >= save)


def resolve_saves(unit: Unit, hits: int, faces: Sequence[int]) -> tuple[int, list[Event]]:
    """One die per hit; each at or above Save cancels a hit; the rest are Wounds."""
    assert len(faces) == hits, "one save die per hit"
    made = saves_made(faces, unit.stats.save)
    wounds = hits - made
    return wounds, [
        Event(
            "saves.gather",
            ("MB-5.1",),
            f"{unit.name} rolls {plural(hits, 'save die', 'save dice')}, one per hit",
            {"dice": hits},
        ),
        Event(
            "saves.roll",
            ("MB-5.2",),
            f"{unit.name} rolls {list(faces)} needing {unit.stats.save}+: {plural(made, 'hit')} cancelled",
            {"faces": list(faces), "save": unit.stats.save, "saved": made},
        ),
        Event(
            "saves.wounds",
            ("MB-5.3",),
            f"{plural(wounds, 'hit')} {'becomes a Wound' if wounds == 1 else 'become Wounds'} on {unit.name}",
            {"wounds": wounds},
        ),
    ]
