"""Damage and Shields (section "Damage and Shields", GA-DMG-1..6).

Combat damage is one per hit plus any Damage+X (GA-DMG-1, GA-DMG-6); reductions from cards and
abilities apply next (GA-DMG-4); Shields apply last, each active Shield preventing one damage
(GA-DMG-2); what is left comes off the unit's hit points, which stop at 0 (GA-DMG-3). Non-combat
damage is not an attack's damage: Shields never stop it, and whether attack damage reductions do
is the ``non_combat_damage_mitigation`` interpretation. Whether Damage+X adds to an attack with no
hit is ``damage_plus_without_hits``; whether damage beyond the hit points left counts as dealt is
``excess_damage_dealt``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rulecheck_gundam_assemble.engine.units import UnitState
from rules.rulebook import Rulebook


@dataclass(frozen=True)
class CombatDamage:
    hits: int
    damage_plus: int
    reduction: int
    after_reduction: int
    shields_used: int
    prevented: int
    dealt: int


def combat_damage(
    hits: int, damage_plus: int, reduction: int, active_shields: int, rules: Rulebook
) -> CombatDamage:
    # Asked only when it can matter: no hit, and a Damage+X to add.
    if hits == 0 and damage_plus and rules.interpretation("damage_plus_without_hits") == "needs_a_hit":
        damage_plus = 0
    raw = hits * rules.param("damage_per_hit") + damage_plus
    after_reduction = max(0, raw - reduction)
    per_shield = rules.param("damage_per_shield")
    shields_used = min(active_shields, -(-after_reduction // per_shield))  # ceil: a part-used Shield is used
    prevented = min(after_reduction, shields_used * per_shield)
    return CombatDamage(
        hits, damage_plus, reduction, after_reduction, shields_used, prevented, after_reduction - prevented
    )


def damage_counted(dealt: int, hp_before: int, rules: Rulebook) -> int:
    """How much of ``dealt`` counts as dealt when it is more than the hit points left
    (``excess_damage_dealt``); hit points stop at 0 either way."""
    if rules.interpretation("excess_damage_dealt") == "up_to_hit_points":
        return min(dealt, hp_before)
    return dealt


def use_shields(unit: UnitState, count: int, rules: Rulebook) -> UnitState:
    """Shields that prevented damage: deactivated or left active (``shields_after_use``)."""
    if count == 0 or rules.interpretation("shields_after_use") == "stay_active":
        return unit
    return replace(unit, shields=unit.shields - count, deactivated_shields=unit.deactivated_shields + count)


def lose_hit_points(unit: UnitState, amount: int) -> UnitState:
    """Hit points never go below 0 (a unit at 0 is defeated, GA-DEF-1)."""
    return replace(unit, hp=max(0, unit.hp - amount))


def non_combat_damage(amount: int, reduction: int, rules: Rulebook, shields: int = 0) -> tuple[int, int]:
    """Non-combat damage after mitigation, and how many active Shields stopped some of it."""
    # Asked only when it can matter: there is a reduction or an active Shield to apply or not.
    if not (reduction or (shields and amount)):
        return amount, 0
    reading = rules.interpretation("non_combat_damage_mitigation")
    if reading == "unmitigated":
        return amount, 0
    amount = max(0, amount - reduction)
    if reading == "reductions_apply":
        return amount, 0
    stopped = min(amount, shields * int(rules.param("damage_per_shield")))  # shields_apply: last (GA-DMG-4)
    used = min(shields, -(-stopped // int(rules.param("damage_per_shield")))) if stopped else 0
    return amount - stopped, used
