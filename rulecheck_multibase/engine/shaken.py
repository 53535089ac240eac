"""Step 4, the Shaken check (MB-4, MB-4.1 to MB-4.4), and the one-token limit shared with MB-6.5."""

from __future__ import annotations

from dataclasses import replace

from rulecheck_multibase.engine.battlefield import Unit
from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


def give_shaken(unit: Unit, rules: Rulebook, clauses: tuple[str, ...], reason: str) -> tuple[Unit, Event]:
    """A Shaken token, unless the unit already holds the maximum (MB-4.3)."""
    limit = int(rules.param("max_shaken_tokens"))
    if unit.shaken >= limit:
        return unit, Event(
            "shaken.already",
            (*clauses, "MB-4.3"),
            f"{unit.name} {reason} but already holds a Shaken token; no second token",
            {"unit": unit.name, "tokens": unit.shaken},
        )
    return replace(unit, shaken=unit.shaken + 1), Event(
        "shaken.gained", clauses, f"{unit.name} {reason} and gains a Shaken token", {"unit": unit.name}
    )


def courage_check(
    unit: Unit, hits: int, rules: Rulebook, close_combat: bool = False
) -> tuple[Unit, list[Event]]:
    """Hits (before any save) against Courage; in close combat both sides call this on the
    units as they stood before either check, so the checks are simultaneous (MB-4.4)."""
    courage = unit.stats.courage
    when = ("MB-4", "MB-4.1", "MB-4.4") if close_combat else ("MB-4", "MB-4.1")
    compare = Event(
        "shaken.check",
        when,
        f"{unit.name} takes {plural(hits, 'hit')} against Courage {courage}, before saves",
        {"unit": unit.name, "hits": hits, "courage": courage},
    )
    if hits < courage:
        return unit, [compare, Event("shaken.passed", ("MB-4.2",), f"{hits} < {courage}: {unit.name} holds")]
    unit, event = give_shaken(
        unit, rules, ("MB-4.2",), f"took {plural(hits, 'hit')}, at least its Courage {courage},"
    )
    return unit, [compare, event]
