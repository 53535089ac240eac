"""Abilities and Tactics cards as data: a small vocabulary of timing windows and effects.

The chapter (section "Attack Timing and Responses") lets players respond to an attack at fixed
points. An ``Ability`` names one of these windows, who may use it, how far it reaches, an optional
condition and a list of ``Effect``s. The vocabulary is deliberately small: enough for every
example and FAQ scenario in the chapter, and nothing a card would need beyond it.

Windows (``WINDOWS``):

* ``before_attack``: used before the attack starts (GA-DECL-2), e.g. a Timeline cost reduction;
* ``before_attack_roll`` / ``after_attack_roll`` / ``after_combat_damage``: the three Response
  windows of the attack sequence (GA-SEQ-4, GA-SEQ-6, GA-SEQ-12);
* ``ongoing``: always on while the unit attacks or is attacked; applied at the step its effect
  belongs to (Strength before the roll, damage reduction at damage, ...).

Effects (``EFFECTS``), each with an ``amount`` where it takes one:

* ``strength``: +/- attack dice (GA-ROLL-1); ``accuracy``: +/- to every die (GA-HIT-2);
* ``extra_dice``: roll more dice after the roll; ``reroll``: roll some dice again;
* ``damage_plus``: Damage+X (GA-DMG-6); ``damage_reduction``: reduces combat damage before
  Shields (GA-DMG-4);
* ``gain_shields`` / ``spend_shields``: turn Shields active / deactivated;
* ``inflict_status``: give a status (``status``), e.g. Disarm or Fracture;
* ``non_combat_damage``: damage that is not the attack's combat damage (Artillery Support);
* ``tl_cost``: +/- the attack's Timeline cost;
* ``move``: place a unit on another hex (a Push or a Pull; the hex is the response's choice).

Effect recipients (``to`` in the data, ``Effect.on`` in code): ``attack`` (the attack as a
whole), ``targets`` (each target), ``one_target`` (one target the player names), ``self`` (the
ability's unit) or ``attacker``.

Who may use it (``trigger``): ``own_attack`` (the unit is the attacker), ``attacked`` (the unit is a
target), ``ally_attacks`` (an ally of the unit attacks), ``defending`` (its side is defending),
``any``. Tactics cards belong to a player and use ``own_attack`` to mean "my side attacks".

Conditions (``when``) about the target: ``target_elevation`` (higher, lower, same, relative to the
attacker), ``target_in_water``, and ``attack_tl_cost`` (Q.26). For a Strength or Accuracy modifier
the condition holds for the attack when it holds for any target (GA-ROLL-5); damage effects check
it target by target (GA-ROLL-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

WINDOWS = ("before_attack", "ongoing", "before_attack_roll", "after_attack_roll", "after_combat_damage")
RESPONSE_WINDOWS = ("before_attack", "before_attack_roll", "after_attack_roll", "after_combat_damage")

# Which windows an effect makes sense in: Strength changes the dice to roll, so it must come
# before the roll; rerolls and additional dice need a roll to exist; and so on.
EFFECTS: Mapping[str, tuple[str, ...]] = {
    "strength": ("before_attack", "ongoing", "before_attack_roll"),
    "accuracy": ("before_attack", "ongoing", "before_attack_roll", "after_attack_roll"),
    "extra_dice": ("after_attack_roll",),
    "reroll": ("after_attack_roll",),
    "damage_plus": ("before_attack", "ongoing", "before_attack_roll", "after_attack_roll"),
    "damage_reduction": ("ongoing", "before_attack_roll", "after_attack_roll"),
    "gain_shields": RESPONSE_WINDOWS,
    "spend_shields": RESPONSE_WINDOWS,
    "inflict_status": RESPONSE_WINDOWS,
    "non_combat_damage": RESPONSE_WINDOWS,
    "tl_cost": ("before_attack", "ongoing"),
    "move": ("before_attack_roll", "after_attack_roll", "after_combat_damage"),
}
RECIPIENTS = ("attack", "targets", "one_target", "self", "attacker")
TRIGGERS = ("own_attack", "attacked", "ally_attacks", "defending", "any")
CONDITIONS = ("target_elevation", "target_in_water", "attack_tl_cost")
STATUSES = ("Disarm", "Fracture")  # the two the chapter names; others are accepted as plain labels


class AbilityError(ValueError):
    """An ability or card description uses something outside the vocabulary."""


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    on: str = "attack"
    status: str | None = None  # inflict_status

    def describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        if self.kind == "inflict_status":
            return f"inflict {self.status}"
        sign = f"{self.amount:+d}"
        return {
            "strength": f"{sign} Strength",
            "accuracy": f"{sign} Accuracy",
            "extra_dice": f"{self.amount} additional attack dice",
            "reroll": f"reroll {self.amount} dice",
            "damage_plus": f"Damage+{self.amount}",
            "damage_reduction": f"reduce damage by {self.amount}",
            "gain_shields": f"activate {self.amount} Shields",
            "spend_shields": f"spend {self.amount} Shields",
            "non_combat_damage": f"{self.amount} non-combat damage",
            "tl_cost": f"{sign} Timeline cost",
            "move": "move the unit",
        }[self.kind]


@dataclass(frozen=True)
class Ability:
    """A unit's ability or a Tactics card. ``reach`` is None (no distance limit), or
    ``("range", n)`` (needs Line of Sight, GA-WR-1) or ``("within", n)`` (needs none, GA-WR-2),
    measured from the ability's unit to the unit it affects (GA-LOS-9)."""

    name: str
    window: str
    effects: tuple[Effect, ...]
    trigger: str = "own_attack"
    when: Mapping[str, Any] = field(default_factory=dict)
    reach: tuple[str, int] | None = None
    tactics: bool = False

    def describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        return ", ".join(e.describe() for e in self.effects)


def parse_effect(data: Mapping[str, Any], window: str, where: str) -> Effect:
    kind = data.get("kind")
    if kind not in EFFECTS:
        raise AbilityError(f"{where}.kind: {kind!r} is not an effect (expected one of {', '.join(EFFECTS)})")
    if window not in EFFECTS[kind]:
        raise AbilityError(
            f"{where}: a {kind} effect cannot be used in the {window} window "
            f"(allowed: {', '.join(EFFECTS[kind])})"
        )
    default_on = {
        "gain_shields": "self",
        "spend_shields": "self",
        "damage_reduction": "self",
        "non_combat_damage": "targets",
        "inflict_status": "targets",
        "damage_plus": "targets",
        "move": "one_target",
    }.get(kind, "attack")
    # The recipient key is "to": YAML 1.1 reads a bare "on" key as the boolean true.
    unknown = set(data) - {"kind", "amount", "to", "status"}
    if unknown:
        raise AbilityError(
            f"{where}: unknown keys {sorted(map(str, unknown))} (expected kind, amount, to, status)"
        )
    on = data.get("to", default_on)
    if on not in RECIPIENTS:
        raise AbilityError(f"{where}.to: {on!r} is not a recipient (expected one of {', '.join(RECIPIENTS)})")
    status = data.get("status")
    if kind == "inflict_status" and not status:
        raise AbilityError(f"{where}.status: an inflict_status effect names its status")
    return Effect(kind, int(data.get("amount", 0)), on, status)


def parse_ability(data: Mapping[str, Any], where: str, tactics: bool = False) -> Ability:
    name = data.get("name")
    if not name:
        raise AbilityError(f"{where}.name: an ability has a name")
    window = data.get("window")
    if window not in WINDOWS:
        raise AbilityError(
            f"{where}.window: {window!r} is not a window (expected one of {', '.join(WINDOWS)})"
        )
    trigger = data.get("trigger", "own_attack")
    if trigger not in TRIGGERS:
        raise AbilityError(
            f"{where}.trigger: {trigger!r} is not a trigger (expected one of {', '.join(TRIGGERS)})"
        )
    when = dict(data.get("when") or {})
    for key in when:
        if key not in CONDITIONS:
            raise AbilityError(
                f"{where}.when.{key}: not a condition (expected one of {', '.join(CONDITIONS)})"
            )
    reach = None
    for kind in ("range", "within"):
        if kind in data:
            reach = (kind, int(data[kind]))
    effects = tuple(
        parse_effect(e, window, f"{where}.effects[{i}]") for i, e in enumerate(data.get("effects") or [])
    )
    if not effects:
        raise AbilityError(f"{where}.effects: an ability has at least one effect")
    return Ability(name, window, effects, trigger, when, reach, tactics)
