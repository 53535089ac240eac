"""Step 7, destruction and clean-up (MB-7, MB-7.1, MB-7.2)."""

from __future__ import annotations

from dataclasses import replace

from rulecheck_multibase.engine.battlefield import Battlefield, Initiative, Unit
from rules.events import Event


def _without_one(tokens: tuple[str, ...], faction: str) -> tuple[str, ...]:
    i = tokens.index(faction)
    return tokens[:i] + tokens[i + 1 :]


def destroy(field: Battlefield, unit: Unit) -> tuple[Battlefield, list[Event]]:
    """The unit and its markers leave play; its initiative token leaves the pool or is discarded."""
    markers = [
        m for m, held in (("Shaken", unit.shaken), ("Dash", unit.dash), ("Activated", unit.activated)) if held
    ]
    events = [
        Event("destruction.destroyed", ("MB-7",), f"{unit.name}'s last base is gone: the unit is Destroyed"),
        Event(
            "destruction.cleanup",
            ("MB-7.1",),
            f"{unit.name} is removed with its markers ({', '.join(markers) or 'none'})",
            {"markers": markers},
        ),
    ]
    pool, discarded = field.initiative.pool, field.initiative.discarded
    if unit.activated:
        discarded = (*discarded, unit.faction)
        events.append(
            Event(
                "destruction.initiative_discarded",
                ("MB-7.2",),
                f"{unit.name} had activated this round: its {unit.faction} Initiative token is discarded",
            )
        )
    elif unit.faction in pool:
        pool = _without_one(pool, unit.faction)
        events.append(
            Event(
                "destruction.initiative_removed",
                ("MB-7.2",),
                f"{unit.name} had not activated: one {unit.faction} Initiative token leaves the pool",
                {"pool": list(pool)},
            )
        )
    else:
        raise ValueError(f"{unit.name} has not activated but the pool holds no {unit.faction} token")
    field = replace(
        field,
        units=tuple(u for u in field.units if u.name != unit.name),
        initiative=Initiative(pool, discarded),
        destroyed=(*field.destroyed, unit.name),
    )
    return field, events
