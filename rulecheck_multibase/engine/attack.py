"""The attack sequence, steps 1 to 7, for a ranged attack or a close combat (MB-0).

``resolve_attack`` takes the battlefield (immutable), what the attack is, the rulebook in force, a
dice source and the defending players' removal picks, and returns the new battlefield with the
events. In close combat both units roll to hit, then both check Shaken, then both save (MB-4.4).
A removal the scenario did not pick is left open when the rules allow more than one: the result
lists the choices instead of guessing (docs/architecture.md, "Dice and choices are inputs"). The
push that restores coherency (MB-6.5) is the owning player's choice too, scripted like the dice:
when more than one push is legal a strict run needs the scenario to say which (``pushes``), and a
scripted push that is never made is an error, as an unused scripted die is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rulecheck_multibase.engine.attack_pool import attack_pool
from rulecheck_multibase.engine.battlefield import Battlefield
from rulecheck_multibase.engine.casualties import (
    allocate_wounds,
    options_event,
    removal_options,
    remove_bases,
)
from rulecheck_multibase.engine.coherency import PushPlan, is_coherent, push_options
from rulecheck_multibase.engine.destruction import destroy
from rulecheck_multibase.engine.geometry import trace
from rulecheck_multibase.engine.saves import resolve_saves
from rulecheck_multibase.engine.shaken import courage_check, give_shaken
from rulecheck_multibase.engine.target import verify_target
from rulecheck_multibase.engine.to_hit import Circumstances, count_hits, roll_event, threshold
from rules.dice import DiceSource
from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


@dataclass(frozen=True)
class AttackSpec:
    attacker: str
    target: str
    close_combat: bool = False
    in_cover: frozenset[str] = frozenset()  # units in cover when attacked (MB-3.2)
    bonus_dice: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # by rolling unit, by source
    threshold_modifiers: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # by rolling unit
    removals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # defending player's picks, by unit
    pushes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # owning player's push: bases moved
    strict: bool = True  # an open push choice the scenario does not script is an error


class PushChoiceError(ValueError):
    """The scripted push is not one the rules allow, is missing where a choice is open (strict), or
    is never made."""

    def __init__(self, unit: str, message: str):
        super().__init__(message)
        self.unit = unit


@dataclass(frozen=True)
class Strike:
    """One unit's roll against another."""

    attacker: str
    target: str
    pool: int
    threshold: int
    hits: int
    wounds: int = 0


@dataclass(frozen=True)
class Casualties:
    unit: str
    removals_due: int = 0
    options: tuple[tuple[str, ...], ...] = ()
    coherency_possible: bool = True
    removed: tuple[str, ...] = ()
    awaiting_choice: bool = False
    destroyed: bool = False
    pushed: Mapping[str, float] = field(default_factory=dict)
    push_options: tuple[tuple[str, ...], ...] = ()  # the legal pushes, by the bases each moves
    awaiting_push: bool = False
    split_before: bool = False  # out of coherency before the attack


@dataclass(frozen=True)
class AttackResult:
    field: Battlefield
    events: tuple[Event, ...]
    target_valid: bool
    strikes: tuple[Strike, ...] = ()
    casualties: Mapping[str, Casualties] = field(default_factory=dict)

    def outcome(self) -> dict[str, Any]:
        """What a rule change could overturn, as plain data."""
        # pragma: no mutate block (presentation: no ruling reads it)
        units: dict[str, Any] = {}
        for name, c in self.casualties.items():
            alive = self.field.has_unit(name)
            unit = self.field.unit(name) if alive else None
            units[name] = {
                "shaken": bool(unit and unit.shaken),
                "bases_removed": list(c.removed),
                "bases_left": len(unit.bases) if unit else 0,
                "residual_wounds": unit.wounds if unit else 0,
                "destroyed": c.destroyed,
                "coherency_possible": c.coherency_possible,
                "awaiting_choice": c.awaiting_choice,
                "removal_options": [list(o) for o in c.options] if c.awaiting_choice else [],
                "pushed": dict(c.pushed),
                "push_options": [list(o) for o in c.push_options],
                "awaiting_push": c.awaiting_push,
            }
        return {
            "target_valid": self.target_valid,
            "attacks": {
                s.attacker: {
                    "target": s.target,
                    "pool": s.pool,
                    "threshold": s.threshold,
                    "hits": s.hits,
                    "saves": s.hits - s.wounds,
                    "wounds": s.wounds,
                }
                for s in self.strikes
            },
            "units": units,
            "initiative": {
                "pool": list(self.field.initiative.pool),
                "discarded": list(self.field.initiative.discarded),
            },
        }


def range_fraction(distance: float, max_range: float, rules: Rulebook) -> float | None:
    """The measured range as a fraction of the maximum (MB-3.2's long range). A range within
    ``geometry_tolerance`` of the long-range limit is at the limit, as every other measured limit
    is, so that rounding never decides long range."""
    if max_range <= 0:
        return None
    limit = float(rules.param("long_range_fraction"))
    if abs(distance - limit * max_range) <= float(rules.param("geometry_tolerance")):
        return limit
    return distance / max_range


def resolve_attack(field_: Battlefield, spec: AttackSpec, rules: Rulebook, dice: DiceSource) -> AttackResult:
    ranged = not spec.close_combat
    check, events = verify_target(field_, spec.attacker, spec.target, ranged, rules)
    if not check.valid:
        return AttackResult(field_, tuple(events), False)
    pairs = [(spec.attacker, spec.target)]
    if spec.close_combat:
        strikes_back, event = _return_strike(field_, spec, rules)
        events.append(event)
        if strikes_back:
            pairs.append((spec.target, spec.attacker))
    sides = int(rules.param("die_sides"))

    # Steps 2 and 3: pools and to-hit rolls, every striker from the battlefield as it stood.
    strikes: list[Strike] = []
    for who, whom in pairs:
        unit = field_.unit(who)
        pool, pool_events = attack_pool(unit, ranged, spec.bonus_dice.get(who, {}), rules)
        fraction = range_fraction(check.range.distance, unit.stats.range, rules) if ranged else None
        circumstances = Circumstances(
            target_in_cover=whom in spec.in_cover,
            range_fraction=fraction,
            attacker_shaken=unit.shaken > 0,
            target_shaken=field_.unit(whom).shaken > 0,
            extra=spec.threshold_modifiers.get(who, {}),
        )
        needed, hit_events = threshold(who, circumstances, rules)
        faces = dice.roll(pool, sides, f"to_hit:{who}")
        events += [*pool_events, *hit_events, roll_event(who, faces, needed)]
        strikes.append(Strike(who, whom, pool, needed, count_hits(faces, needed)))

    # Step 4: every Courage check against the units as they stood after the rolls (MB-4.4).
    checked = {
        s.target: courage_check(field_.unit(s.target), s.hits, rules, spec.close_combat) for s in strikes
    }
    for unit, check_events in checked.values():
        field_ = field_.with_unit(unit)
        events += check_events

    # Step 5: saves.
    for i, s in enumerate(strikes):
        save_faces = dice.roll(s.hits, sides, f"save:{s.target}")
        wounds, save_events = resolve_saves(field_.unit(s.target), s.hits, save_faces)
        strikes[i] = replace(s, wounds=wounds)
        events += save_events

    # Steps 6 and 7: casualties, coherency, destruction.
    casualties: dict[str, Casualties] = {}
    to_push: list[str] = []
    for s in strikes:
        field_, result, more = _casualties(field_, s.target, s.wounds, spec, rules)
        casualties[s.target] = result
        events += more
        pushing = not result.coherency_possible and not result.destroyed and not result.awaiting_choice
        if pushing and _mb65_applies(result, rules) and not is_coherent(field_.unit(s.target).bases, rules):
            to_push.append(s.target)

    # MB-6.5: pushes happen once the whole attack resolution is over.
    for name in _push_order(to_push, spec, rules, events):
        field_, casualties[name], more = _push(field_, casualties[name], spec, rules)
        events += more
    unused = sorted(set(spec.pushes) - set(to_push))
    if unused:
        raise PushChoiceError(unused[0], f"a push is scripted for {unused[0]}, but it has no push to make")
    return AttackResult(field_, tuple(events), True, tuple(strikes), casualties)


def _push_order(to_push: list[str], spec: AttackSpec, rules: Rulebook, events: list[Event]) -> list[str]:
    """The order of the pushes when both Close Combat units must be pushed. MB-6.5 has each
    owning player push at the end of the resolution and orders neither; straight pushes ignore
    other bases, so only under push_path=other_bases_block can the first change the second's
    legal pushes: then the order is the reading close_combat_push_order."""
    if len(to_push) < 2 or rules.interpretation("push_path") == "straight":
        return to_push
    # reading: close_combat_push_order
    attacker_first = rules.interpretation("close_combat_push_order") == "attacking_unit_first"
    order = (
        sorted(to_push, key=lambda name: name != spec.attacker)
        if attacker_first
        else sorted(to_push, key=lambda name: name != spec.target)
    )
    events.append(
        Event(
            "coherency.push_order",
            ("MB-6.5",),
            f"both {' and '.join(order)} must be pushed, and another unit's base may stop a push: "
            f"{order[0]} is pushed first",
            {"order": order},
            f"{rules.cite('push_path')}, {rules.cite('close_combat_push_order')}",
        )
    )
    return order


def _return_strike(field_: Battlefield, spec: AttackSpec, rules: Rulebook) -> tuple[bool, Event]:
    """In Close Combat the target strikes back (MB-4.4 has both units check Shaken); whether its
    strike needs its own Trace through its front arc (MB-1.1) is ``close_combat_return``."""
    cite = rules.cite("close_combat_return")
    both = (
        f"Close Combat: {spec.attacker} and {spec.target} both roll to hit, both check Shaken, then both save"
    )
    if rules.interpretation("close_combat_return") == "unchecked":
        return True, Event(
            "close_combat",
            ("MB-0", "MB-4.4"),
            both + f" ({spec.target}'s strike back checks no Trace)",
            {},
            cite,
        )
    seen = trace(field_, field_.unit(spec.target), field_.unit(spec.attacker), rules)
    if seen.clear:
        return True, Event(
            "close_combat",
            ("MB-0", "MB-4.4", "MB-1.1"),
            both + f" ({spec.target} has a clear Trace back to {spec.attacker})",
            {"return_trace": True},
            cite,
        )
    return False, Event(
        "close_combat",
        ("MB-0", "MB-1.1"),
        f"Close Combat: {spec.target} has no clear Trace back to {spec.attacker} through its front arc, "
        f"so only {spec.attacker} strikes",
        {"return_trace": False},
        cite,
    )


def _casualties(
    field_: Battlefield, name: str, wounds: int, spec: AttackSpec, rules: Rulebook
) -> tuple[Battlefield, Casualties, list[Event]]:
    unit = field_.unit(name)
    due, residual, events = allocate_wounds(unit, wounds)
    if due == 0:
        return field_.with_unit(replace(unit, wounds=residual)), Casualties(name), events
    split_before = len(unit.bases) > 1 and not is_coherent(unit.bases, rules)
    found = removal_options(unit, due, rules)
    events.append(options_event(unit, found, rules))
    if not found.coherent and split_before:
        # The text's trigger is removing casualties making coherency impossible; this unit had
        # lost it before the attack (interpretation split_before_attack).
        applies = rules.interpretation("split_before_attack") == "applies"
        events.append(
            Event(
                "casualties.split_before",
                ("MB-6.5",),
                f"{name} was already out of coherency before the attack: "
                + (
                    "MB-6.5 applies all the same"
                    if applies
                    else "its losses did not break coherency, so MB-6.5 does not apply"
                ),
                {"unit": name, "applies": applies},
                rules.cite("split_before_attack"),
            )
        )
    if not found.coherent and _mb65_applies(Casualties(name, split_before=split_before), rules):
        unit, event = give_shaken(unit, rules, ("MB-6.5",), "cannot keep coherency")
        events.append(event)
    picked = spec.removals.get(name)
    if picked is None and len(found.options) == 1:
        picked = found.options[0]
    if picked is None:
        events.append(
            Event(
                "casualties.awaiting_choice",
                ("MB-6.3",),
                f"the defending player must pick which {plural(due, 'base')} of {name} to remove; "
                "the scenario picks none",
                {"options": [list(o) for o in found.options]},
            )
        )
        result = Casualties(
            name, due, found.options, found.coherent, awaiting_choice=True, split_before=split_before
        )
        return field_.with_unit(unit), result, events
    unit, event = remove_bases(unit, picked, found, residual)
    events.append(event)
    result = Casualties(
        name, due, found.options, found.coherent, tuple(event.data["removed"]), split_before=split_before
    )
    if not unit.bases:
        field_, destroyed = destroy(field_.with_unit(unit), unit)
        return field_, replace(result, destroyed=True), events + destroyed
    return field_.with_unit(unit), result, events


def _mb65_applies(lost: Casualties, rules: Rulebook) -> bool:
    """Shaken and the push follow unless the unit was split before the attack and the reading is
    that its losses did not make coherency impossible."""
    return not lost.split_before or rules.interpretation("split_before_attack") == "applies"


def _push(
    field_: Battlefield, lost: Casualties, spec: AttackSpec, rules: Rulebook
) -> tuple[Battlefield, Casualties, list[Event]]:
    """The owning player pushes the unit back into coherency: one of the legal pushes (MB-6.5)."""
    name = lost.unit
    unit = field_.unit(name)
    cite = f"{rules.cite('coherency')}, {rules.cite('push_anchor')}"
    others = tuple(b for u in field_.units if u.name != name for b in u.bases)
    plans = push_options(unit.bases, rules, others)
    shown = "; ".join("+".join(p.moved) + f' ({p.total:g}")' for p in plans)
    events = [
        Event(
            "coherency.push_options",
            ("MB-6.5",),
            f"{name} must be pushed back into coherency; the legal pushes move {shown or 'nothing'}",
            {"unit": name, "options": [list(p.moved) for p in plans]},
            cite,
        )
    ]
    options = tuple(p.moved for p in plans)
    lost = replace(lost, push_options=options)
    if not plans:  # the bounded search found none: say so rather than guess a push
        events.append(
            Event(
                "coherency.no_push_found",
                ("MB-6.5",),
                f"the engine finds no push of at most a few moves that restores {name}'s coherency; "
                "the bases stay where they are",
                {"unit": name},
                cite,
            )
        )
        if name in spec.pushes:
            raise PushChoiceError(name, f"{name} has no push the engine can make (legal pushes: none)")
        return field_, lost, events
    scripted = spec.pushes.get(name)
    chosen: PushPlan | None = None
    if scripted is not None:
        want = set(scripted)
        chosen = next((p for p in plans if set(p.moved) == want), None)
        if chosen is None:
            allowed = "; ".join("+".join(o) for o in options) or "none"
            raise PushChoiceError(name, f"{name} cannot push {'+'.join(scripted)} (legal pushes: {allowed})")
    elif len(plans) == 1:
        chosen = plans[0]
    elif spec.strict:
        raise PushChoiceError(
            name,
            f"the owning player must choose how to push {name}: the scenario scripts no push "
            f"(legal pushes: {'; '.join('+'.join(o) for o in options)})",
        )
    if chosen is None:
        events.append(
            Event(
                "coherency.awaiting_push",
                ("MB-6.5",),
                f"the owning player must choose how to push {name}; the scenario picks none",
                {"options": [list(o) for o in options]},
                cite,
            )
        )
        return field_, replace(lost, awaiting_push=True), events
    field_ = field_.with_unit(replace(unit, bases=chosen.bases))
    for p in chosen.pushes:
        events.append(
            Event(
                "coherency.push",
                ("MB-6.5",),
                f'{name}/{p.base} is pushed {p.distance:g}" towards {p.towards} to restore coherency '
                "(not a Move action; no Overwatch)",
                {"base": p.base, "dx": p.dx, "dy": p.dy, "distance": p.distance, "move_action": False},
                cite,
            )
        )
    pushed = {b: chosen.distance_of(b) for b in chosen.moved}
    return field_, replace(lost, pushed=pushed), events
