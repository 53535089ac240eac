"""Step 1, declare the target and verify it (MB-1, MB-1.1, MB-1.2)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulecheck_multibase.engine.battlefield import Battlefield, Unit
from rulecheck_multibase.engine.geometry import Measurement, Trace, trace, trace_questions, unit_distance
from rules.events import Event
from rules.rulebook import Rulebook


@dataclass(frozen=True)
class TargetCheck:
    valid: bool
    trace: Trace | None
    range: Measurement | None  # measured for ranged attacks only


def verify_target(
    field: Battlefield, attacker: str, target: str, ranged: bool, rules: Rulebook
) -> tuple[TargetCheck, list[Event]]:
    a, t = field.unit(attacker), field.unit(target)
    events: list[Event] = []
    if a.faction == t.faction:
        events.append(
            Event(
                "target.not_enemy",
                ("MB-1",),
                f"{target} belongs to {attacker}'s own faction ({a.faction}); "
                "only an enemy unit can be the target",
                {"attacker": attacker, "target": target, "faction": a.faction},
            )
        )
        return TargetCheck(False, None, None), events
    events.append(Event("target.declared", ("MB-1",), f"{attacker} declares {target} as its single target"))
    seen = trace(field, a, t, rules)
    # Only the readings that could change this Trace are cited (and so asked of the rulebook).
    cites = ", ".join(rules.cite(n) for n in trace_questions(field, a, t, rules))
    if seen.clear:
        events.append(
            Event(
                "target.trace",
                ("MB-1.1",),
                f"clear Trace from {attacker}/{seen.from_base} to {target}/{seen.to_base}, "
                "inside the front arc",
                {"from": seen.from_base, "to": seen.to_base, "segment": [list(p) for p in seen.segment]},
                cites,
            )
        )
    else:
        why = (
            f"every line is obstructed (by {', '.join(seen.blockers)})"
            if seen.in_arc
            else f"no base of {target} is inside the front arc of any base of {attacker}"
        )
        events.append(
            Event(
                "target.no_trace",
                ("MB-1.1",),
                f"no clear Trace from {attacker} to {target}: {why}",
                {"in_arc": seen.in_arc, "blockers": list(seen.blockers)},
                cites,
            )
        )
        return TargetCheck(False, seen, None), events
    measured = None
    if not ranged and not _close_combat_reach(a, t, rules, events):
        return TargetCheck(False, seen, None), events
    if ranged:
        measured, range_cite = measure_range(field, a, t, rules)
        limit = a.stats.range
        within = measured.distance <= limit + float(rules.param("geometry_tolerance"))
        events.append(
            Event(
                "target.range" if within else "target.out_of_range",
                ("MB-1.2",),
                f'{target} is {measured.distance:g}" away ({attacker}/{measured.from_base} to '
                f"{target}/{measured.to_base}), {'within' if within else 'beyond'} "
                f'the maximum range of {limit:g}"',
                {
                    "distance": measured.distance,
                    "max_range": limit,
                    "from": measured.from_base,
                    "to": measured.to_base,
                },
                range_cite,
            )
        )
        if not within:
            return TargetCheck(False, seen, measured), events
    return TargetCheck(True, seen, measured), events


def _close_combat_reach(a: Unit, t: Unit, rules: Rulebook, events: list[Event]) -> bool:
    """The text gives Close Combat no reach of its own (MB-0 sends it through the same steps)."""
    # reading: close_combat_reach
    if rules.interpretation("close_combat_reach") == "unchecked":
        return True
    gap = unit_distance(a, t).distance
    touching = gap <= float(rules.param("geometry_tolerance"))
    events.append(
        Event(
            "target.base_contact" if touching else "target.out_of_reach",
            ("MB-0", "MB-1"),
            f'{t.name} is {gap:g}" from {a.name}: '
            + (
                "in base contact"
                if touching
                else "not in base contact, so it cannot be attacked in Close Combat"
            ),
            {"distance": gap},
            rules.cite("close_combat_reach"),
        )
    )
    return touching


def measure_range(field: Battlefield, a: Unit, t: Unit, rules: Rulebook) -> tuple[Measurement, str]:
    """MB-1.2 measures from "the" attacker's base; which of several is ``range_from``."""
    tol = float(rules.param("geometry_tolerance"))
    nearest = unit_distance(a, t, tol=tol)
    if len(a.bases) == 1:
        return nearest, ""  # one base: no choice of base to read
    tracing = tuple(b for b in a.bases if trace(field, replace(a, bases=(b,)), t, rules).clear)
    from_tracing = unit_distance(a, t, tracing or None, tol=tol)
    if from_tracing == nearest:
        return nearest, ""  # both readings measure the same bases: nothing to ask
    cite = rules.cite("range_from")
    return (from_tracing if rules.interpretation("range_from") == "tracing_base" else nearest), cite
