"""Delayed triggers: "if this attack defeats an enemy, at the end of the turn, repair 2".

An ``at_end_of_turn`` effect, used like any effect (its card's conditions decide whether it is
used at all), does nothing yet: it records each of its ``effects`` with the unit it acts on,
chosen now (``Battle.delayed``), and they resolve when the turn ends (``durations.end_turn``).
The chapter never defines a turn, so "the end of the turn" is the same reading as a card's
"this turn", ``card_turn_duration``: under ``activation_end`` they resolve when the activation
ends. A scenario that ends with effects still waiting ends its turn there (``rulecheck
explain``), so they are shown with the clause of the window their card was used in. What waits
is a plain change to one unit or damage to it (``abilities.DELAYED_KINDS``; damage outside any
attack: ``_damage``); a unit in Reserve by then is left alone.
"""

from __future__ import annotations

from dataclasses import replace

from rulecheck_gundam_assemble.engine.abilities import ANY_UPGRADE, Effect
from rulecheck_gundam_assemble.engine.card_effects import defeat_stoppers
from rulecheck_gundam_assemble.engine.damage import lose_hit_points, use_shields
from rulecheck_gundam_assemble.engine.declaration import Response
from rulecheck_gundam_assemble.engine.defeat import defeat, defeat_prevented
from rulecheck_gundam_assemble.engine.responses import WINDOW_CLAUSE
from rulecheck_gundam_assemble.engine.status_effects import FRACTURE, fracture_extra
from rulecheck_gundam_assemble.engine.units import Battle, Delayed
from rules.events import Event, count_of
from rules.rulebook import Rulebook


class CardDelayed:
    """The ``at_end_of_turn`` effect: methods of one attack's state (``attack.AttackState``,
    which declares every attribute they use)."""

    def delay(
        self,
        eff: Effect,
        stage: str,
        source: str,
        user: str | None,
        r: Response | None,
        fixed: list[str] | None,
    ) -> None:
        waiting = []
        for inner in eff.then:
            named = stage == "before_attack" and inner.on == "one_target"
            for name in self.named_enemy(r, source) if named else self.recipients(inner, user, r, fixed):
                if inner.kind == "grant_upgrade" and inner.upgrade == ANY_UPGRADE:  # chosen now
                    inner = replace(inner, upgrade=self.gained_upgrade_type(name, stage, source))
                by_attacker = r is None or self.owner_side(r) == self.side  # a weapon's: the attacker's
                waiting.append(Delayed(name, inner, source, stage, user, by_attacker))
                self.emit(
                    f"{stage}.delayed",
                    (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
                    f"{source}: at the end of the turn, {inner.describe()} ({name}); nothing happens yet",
                    {"unit": name, "effect": inner.kind},
                )
        self.battle = replace(self.battle, delayed=(*self.battle.delayed, *waiting))


def resolve_delayed(
    battle: Battle, rules: Rulebook, what: str, cite: str | None = None
) -> tuple[Battle, list[Event]]:
    """The effects waiting for the end of the turn, in the order end_of_turn_order gives
    (``delayed_order``); ``what`` ends (turn, activation, or the scenario) names the events' step."""
    events = []
    for d in delayed_order(battle.delayed, rules, what, cite, events):
        clause = WINDOW_CLAUSE.get(d.window, "GA-SEQ-13")
        unit = battle.units.get(d.unit)
        if unit is None or unit.in_reserve:
            events.append(
                Event(
                    f"end.{what}.delayed",
                    (clause, "GA-DEF-2"),
                    f"{d.source}: {d.unit} is in Reserve, off the board: {d.effect.describe()} does not happen",
                    {"unit": d.unit, "effect": d.effect.kind},
                    cite,
                )
            )
            continue
        if d.effect.kind == "non_combat_damage":
            battle = _damage(battle, d, rules, what, clause, cite, events)
            continue
        new, text = _changed(unit, d.effect)
        battle = battle.with_unit(new)
        events.append(
            Event(
                f"end.{what}.delayed",
                (clause,),
                f"{d.source}, at the end of the turn: {d.unit} {text}",
                {"unit": d.unit, "effect": d.effect.kind},
                cite,
            )
        )
    return replace(battle, delayed=()), events


def delayed_order(
    delayed: tuple[Delayed, ...], rules: Rulebook, what: str, cite: str | None, events: list[Event]
) -> tuple[Delayed, ...]:
    """The order the waiting effects resolve in. They all resolve at the same moment and the
    chapter orders only Responses to an attack (GA-SEQ-14), so it is the reading
    end_of_turn_order; asked only when a defending player's effect waits before an attacking
    player's on the same unit (otherwise both options give the set order)."""
    later_attacker = {
        d.unit
        for i, d in enumerate(delayed)
        if not d.by_attacker and any(e.by_attacker and e.unit == d.unit for e in delayed[i + 1 :])
    }
    if not later_attacker:
        return delayed
    # reading: end_of_turn_order
    first = rules.interpretation("end_of_turn_order") == "attacker_first"
    ordered = tuple(sorted(delayed, key=lambda d: not d.by_attacker)) if first else delayed
    events.append(
        Event(
            f"end.{what}.delayed_order",
            ("GA-SEQ-14",),
            f"effects of both players wait for {', '.join(sorted(later_attacker))}: "
            + (
                "the attacking player's resolve first"
                if first
                else "they resolve in the order their cards set them"
            ),
            {"order": [d.source for d in ordered]},
            ", ".join(c for c in (cite, rules.cite("end_of_turn_order")) if c),
        )
    )
    return ordered


def _damage(
    battle: Battle, d: Delayed, rules: Rulebook, what: str, clause: str, cite: str | None, events: list[Event]
) -> Battle:
    """Damage that waited for the end of the turn: non-combat damage outside any attack. Shields
    prevent damage from an attack (GA-DMG-2) and card reductions cut an attack's damage (GA-DMG-4);
    this comes from no attack, so reductions never apply and whether active Shields stop it is the
    reading delayed_damage_shields. Fracture is fracture_trigger's, as for non-combat damage in an
    attack; hit points at 0 defeat the unit (GA-DEF-1), unless an ongoing card with trigger 'any'
    steps in (prevent_defeat: outside an attack no other trigger puts it in play)."""
    unit = battle.unit(d.unit)
    amount, used, asked = d.effect.amount, 0, None
    if unit.shields and amount:
        # reading: delayed_damage_shields
        asked = rules.cite("delayed_damage_shields")
        if rules.interpretation("delayed_damage_shields") == "shields_stop":
            per = int(rules.param("damage_per_shield"))
            stopped = min(amount, unit.shields * per)
            used = -(-stopped // per)
            amount -= stopped
    new = lose_hit_points(use_shields(unit, used, rules), amount)
    stop = f" ({used} active Shields stopped some)" if used else ""
    events.append(
        Event(
            f"end.{what}.delayed",
            (clause, "GA-DMG-2", "GA-DMG-3"),
            f"{d.source}, at the end of the turn: {amount} non-combat damage to {d.unit}{stop}, "
            f"hit points {unit.hp} -> {new.hp}",
            {"unit": d.unit, "effect": d.effect.kind, "amount": amount, "hp": new.hp},
            "; ".join(c for c in (cite, asked) if c) or None,
        )
    )
    battle = battle.with_unit(new)
    if amount and FRACTURE in unit.statuses:
        new = _fracture(new, rules, what, events)
        battle = battle.with_unit(new)
    if new.hp > 0:
        return battle
    for ability, eff in defeat_stoppers(new):
        key = (d.unit, ability.name, ability.once_per)
        if ability.trigger != "any" or key in battle.uses:
            continue
        if ability.once_per in ("activation", "turn"):
            battle = replace(battle, uses=(*battle.uses, key))
        battle, stepped = defeat_prevented(
            battle, d.unit, eff.hit_points, f"{d.unit}'s {ability.name}", rules, f"end.{what}"
        )
        events.extend(stepped)
        return battle
    battle, fell = defeat(battle, d.unit, rules, f"end.{what}")
    events.extend(fell)
    if d.by is not None and d.by in battle.units and battle.unit(d.by).side != unit.side:
        battle = battle.with_defeat(d.by, d.unit)
    return battle


def _changed(unit, eff: Effect):
    """The unit after one waiting effect, and what changed, in words."""
    if eff.kind == "repair":
        hp = min(unit.profile.hp, unit.hp + eff.amount)
        return replace(unit, hp=hp), f"hit points {unit.hp} -> {hp} (at most {unit.profile.hp})"
    if eff.kind in ("gain_energy", "spend_energy"):
        energy = unit.energy + eff.amount if eff.kind == "gain_energy" else max(0, unit.energy - eff.amount)
        return replace(unit, energy=energy), f"Energy {unit.energy} -> {energy}"
    if eff.kind == "inflict_status":
        return replace(unit, statuses=unit.statuses | {eff.status}), f"gains the {eff.status} status"
    if eff.kind == "remove_status":
        had = eff.status in unit.statuses
        return replace(unit, statuses=unit.statuses - {eff.status}), (
            f"loses the {eff.status} status" if had else f"had no {eff.status} to remove"
        )
    have = list(unit.upgrades)  # grant_upgrade, destroy_upgrade
    if eff.kind == "grant_upgrade":
        have += [eff.upgrade] * eff.amount
    else:
        for _ in range(eff.amount):
            if eff.upgrade in have:
                have.remove(eff.upgrade)
    return replace(
        unit, upgrades=tuple(have)
    ), f"has {count_of(have.count(eff.upgrade), eff.upgrade + ' Upgrade')}"


def _fracture(unit, rules: Rulebook, what: str, events: list[Event]):
    """Fracture "triggers when damage is dealt" (GA-SEQ-10), a step of the attack; whether damage
    at the end of the turn sets it off is fracture_trigger, as for non-combat damage in an attack."""
    cite = rules.cite("fracture_trigger")
    # reading: fracture_trigger
    if rules.interpretation("fracture_trigger") == "attack_damage_only":
        events.append(
            Event(
                f"end.{what}.fracture_not_triggered",
                ("GA-SEQ-10",),
                f"{unit.name} is Fractured, but damage at the end of the turn is not an attack's: Fracture does not trigger",
                {"unit": unit.name},
                cite,
            )
        )
        return unit
    extra, stays = fracture_extra(rules)
    hit = lose_hit_points(unit, extra)
    new = hit if stays else replace(hit, statuses=hit.statuses - {FRACTURE})
    events.append(
        Event(
            f"end.{what}.fracture",
            ("GA-SEQ-10",),
            f"{unit.name} is Fractured: {extra} more damage, hit points {unit.hp} -> {new.hp}"
            + ("" if stays else "; Fracture is removed"),
            {"unit": unit.name, "extra": extra, "hp": new.hp},
            f"{cite}; {rules.cite('fracture_effect')}",
        )
    )
    return new
