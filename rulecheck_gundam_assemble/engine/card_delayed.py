"""Delayed triggers: "if this attack defeats an enemy, at the end of the turn, repair 2".

An ``at_end_of_turn`` effect, used like any effect (its card's conditions decide whether it is
used at all), does nothing yet: it records each of its ``effects`` with the unit it acts on,
chosen now (``Battle.delayed``), and they resolve when the turn ends (``durations.end_turn``).
The chapter never defines a turn, so "the end of the turn" is the same reading as a card's
"this turn", ``card_turn_duration``: under ``activation_end`` they resolve when the activation
ends. A scenario that ends with effects still waiting ends its turn there (``rulecheck
explain``), so they are shown with the clause of the window their card was used in. What waits
is a plain change to one unit (``abilities.DELAYED_KINDS``); a unit in Reserve by then is left
alone.
"""

from __future__ import annotations

from dataclasses import replace

from rulecheck_gundam_assemble.engine.abilities import Effect
from rulecheck_gundam_assemble.engine.declaration import Response
from rulecheck_gundam_assemble.engine.responses import WINDOW_CLAUSE
from rulecheck_gundam_assemble.engine.units import Battle, Delayed
from rules.events import Event, count_of
from rules.rulebook import Rulebook


class CardDelayed:
    """The ``at_end_of_turn`` effect, as part of the attack resolver (``attack._Resolver``)."""

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
                waiting.append(Delayed(name, inner, source, stage))
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
    """The effects waiting for the end of the turn, in the order their cards set them; ``what``
    ends (turn, activation, or the scenario) names the events' step."""
    events = []
    for d in battle.delayed:
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
