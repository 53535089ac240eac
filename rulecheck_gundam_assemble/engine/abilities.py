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
* ``move``: place a unit on another hex (a Push or a Pull; the hex is the response's choice);
* ``critical_faces``: more natural faces count as critical hits (``faces: [7, 8]``, "7s and 8s
  also count as critical hits") for the attacks of the unit it is given to;
* ``area_damage``: ``amount`` non-combat damage to every enemy unit and Garrison within the
  ability's ``within``/``range`` of its unit (each one checked for reach on its own);
* ``grant_upgrade`` / ``destroy_upgrade``: add or remove ``amount`` typed Upgrade tokens
  (``upgrade: Strength | Shield | Speed``; a critical hit may "destroy an enemy Upgrade");
* ``ignore_shields``: the attack's combat damage to a target ignores ``amount`` of its active
  Shields (they neither prevent damage nor are used up);
* ``gain_energy`` / ``spend_energy``: Energy tokens; ``remove_status``: take a status (``status``)
  off a unit; ``repair``: give back ``amount`` hit points, never above the card's maximum;
* ``range``: +/- the weapon's range for the attack (checked when targets are checked, so it is
  used before the attack or is ongoing); ``ignore_los``: the attack ignores Line of Sight (GA-ILOS-1);
* ``cannot_be_targeted``: its unit cannot be a target of an attack (``by: any``, the default) or
  of an area of effect attack (``by: area``): an ``ongoing`` ability, or a lasting effect while
  its card is active (``duration: turn``); such a unit is not an eligible enemy (GA-AOE-5);
* ``forbid_responses``: no Response may be used in the listed ``windows`` of an attack this
  unit makes or is the target of (an ``ongoing`` ability), or of an attack with this weapon (a
  weapon effect): "no After Combat Damage Responses can be used"; with ``by: bystanders`` only
  the Responses of units outside the attack (neither the attacker nor a target) are closed;
* ``attack``: the ability's unit makes another attack (``weapon``, or the response's scripted
  choice), by default against this attack's attacker, with ``tl_cost`` added to its cost (a
  Response "attacks back at a lower cost"); it is a full attack with its own sequence and trace;
* ``prevent_defeat``: when its unit's hit points reach 0, the card steps in and the unit stays on
  the board with ``hit_points`` hit points (never above its card's maximum) instead of being
  defeated: it does not leave for Reserve, take the Timeline penalty, reset or end its activation.
  An ``ongoing`` ability of the unit, used whenever its unit would be defeated where its
  ``trigger`` puts it in play (as for any ongoing ability), as often as its ``once_per`` allows;
  whether the opponent still scores the unit's victory points is the
  ``defeat_prevented_victory_points`` interpretation (FAQ Q.40).

Any effect may scale with typed Upgrade tokens: ``per_upgrade: Strength`` multiplies ``amount`` by
the number of Strength Upgrades its unit has ("+1 Strength for each Strength Upgrade"). A modifier
(``strength``, ``accuracy``, ``tl_cost``, ``damage_plus``, ``damage_reduction``,
``critical_faces``) may last beyond the attack: ``duration: activation`` (until the end of the
activation) or ``duration: turn`` (this turn); the default is ``attack``. A lasting modifier of the
attack as a whole stays with the attacking unit, whoever used it, and applies to each of its later
attacks; a lasting Damage+ stays with its recipient (``self`` or ``attacker``) and adds to that
unit's later attacks; a lasting damage reduction stays with its recipient and cuts the damage of
each later attack on it; each until it expires.

Effect recipients (``to`` in the data, ``Effect.on`` in code): ``attack`` (the attack as a
whole), ``targets`` (each target), ``one_target`` (one target the player names), ``self`` (the
ability's unit) or ``attacker``. Each kind takes only the recipients the engine acts on
(``recipients_for``), and the loader refuses any other, naming the field, rather than let a card
silently do nothing: the attack-wide kinds (``ATTACK_WIDE``) act on the attack; ``area_damage``
and ``prevent_defeat`` on their own unit; an ongoing ability or weapon effect has no player's
choice to make, so its unit effects act on its own unit or every target. A weapon effect acts on
every attack with the weapon (GA-WPN-4), on the attack or its targets: its own range and cost are
printed on it. An ongoing ability is in play in its own unit's attacks and in attacks on it, so an
``ally_attacks`` trigger suits only ``prevent_defeat`` there, and an ability for when its unit is
attacked cannot close the window before the attack, when no unit is a target yet.

How often (``once_per``): ``attack``, ``activation`` or ``turn``; unlimited when absent.

Moves, dice and actions of their own (issue 27, part B; the blocks at the end of this module):
``dash`` / ``push`` with ``hexes`` (``card_moves``), the windows ``after_dash`` and
``after_enemy_move`` (a unit's Response right after a move), an enemy named before the attack
(``one_target`` in ``before_attack``), ``roll_dice`` (``card_dice``), ``at_end_of_turn``
(``card_delayed``), ``set_to`` on ``tl_cost`` or ``attack`` (an absolute cost) and an ``attack``
effect in ``before_attack`` (the card makes the scenario's attack, ``made_by``). Words of other
chapters (Rescue, deployment, objectives, movement outside an attack) are refused naming the
mechanic (``OTHER_CHAPTERS``).

Who may use it (``trigger``): ``own_attack`` (the unit is the attacker), ``attacked`` (the unit is a
target), ``ally_attacks`` (an ally of the unit attacks), ``defending`` (its side is defending),
``any``. Tactics cards belong to a player and use ``own_attack`` to mean "my side attacks".

Conditions (``when``) about the target: ``target_elevation`` (higher, lower, same, relative to the
attacker), ``target_in_water``, ``target_terrain`` (a terrain kind), ``target_status`` (it has that
status), ``target_engaged`` (it is Engaged, GA-ENG-1), ``target_hp_at_most`` (n), and
``attack_tl_cost`` (Q.26).
Conditions on the result, checked when the ability is used (all of them must hold, else it is not
used): ``self_survived`` (its unit is still on the board), ``target_defeated`` (this attack
defeated a target), ``defeated_enemy_this_turn`` (its unit defeated an enemy this turn, this attack
included), ``damage_dealt`` (this attack dealt damage to a target), ``has_upgrade`` (its unit has
an Upgrade of that type). For a Strength or Accuracy modifier
the condition holds for the attack when it holds for any target (GA-ROLL-5); damage effects check
it target by target (GA-ROLL-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.wording import plural

# after_dash / after_enemy_move: a unit's Response used right after a move during the attack
# (card_moves), in the Response window the move was made in.
MOVE_TRIGGERED_WINDOWS = ("after_dash", "after_enemy_move")
WINDOWS = (
    "before_attack",
    "ongoing",
    "before_attack_roll",
    "after_attack_roll",
    "after_combat_damage",
    *MOVE_TRIGGERED_WINDOWS,
)
RESPONSE_WINDOWS = ("before_attack", "before_attack_roll", "after_attack_roll", "after_combat_damage")
# A weapon's critical hit effect resolves at the critical step (GA-SEQ-8) unless its card gives it
# a later window of its own ("After Combat Damage: ...").
CRITICAL_WINDOWS = ("critical", "after_combat_damage")
DURATIONS = ("attack", "activation", "turn")
UPGRADES = ("Strength", "Shield", "Speed")

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
    "critical_faces": ("before_attack", "ongoing", "before_attack_roll", "after_attack_roll"),
    "area_damage": RESPONSE_WINDOWS,
    "grant_upgrade": RESPONSE_WINDOWS,
    "destroy_upgrade": RESPONSE_WINDOWS,
    # before_attack: the card makes the attack itself (the scenario's attack names it, made_by)
    "attack": ("before_attack", "after_attack_roll", "after_combat_damage"),
    "ignore_shields": ("before_attack", "ongoing", "before_attack_roll", "after_attack_roll"),
    "gain_energy": RESPONSE_WINDOWS,
    "spend_energy": RESPONSE_WINDOWS,
    "remove_status": RESPONSE_WINDOWS,
    "repair": RESPONSE_WINDOWS,
    "forbid_responses": ("ongoing",),
    "range": ("before_attack", "ongoing"),
    "ignore_los": ("before_attack", "ongoing"),
    "cannot_be_targeted": RESPONSE_WINDOWS + ("ongoing",),
    "prevent_defeat": ("ongoing",),
    # moves with a distance (card_moves): the hex is scripted, checked before the attack resolves
    "dash": RESPONSE_WINDOWS,
    "push": RESPONSE_WINDOWS,
    "pull": RESPONSE_WINDOWS,  # a Push's other way: towards the card's unit
    # a card's own roll (card_dice): its dice come from the scenario's "card" script
    "roll_dice": RESPONSE_WINDOWS,
    # a delayed trigger (card_delayed): its effects wait for the end of the turn
    "at_end_of_turn": RESPONSE_WINDOWS,
}
# A Response after a move may do what a Response may do in every window of the attack sequence,
# except move a unit again (a chain of moves) or roll or wait (counted before the attack).
EFFECTS = {
    kind: (
        (*windows, *MOVE_TRIGGERED_WINDOWS)
        if {"before_attack_roll", "after_attack_roll", "after_combat_damage"} <= set(windows)
        and kind not in ("dash", "push", "pull", "roll_dice", "at_end_of_turn")
        else windows
    )
    for kind, windows in EFFECTS.items()
}
# Modifiers that can outlast the attack they were used in (``duration``).
LASTING_KINDS = (
    "strength",
    "accuracy",
    "tl_cost",
    "damage_plus",
    "damage_reduction",
    "critical_faces",
    "range",
    "ignore_los",
    "cannot_be_targeted",
)
# another_ally: an allied unit other than the ability's own, the player's scripted choice ('ally')
RECIPIENTS = ("attack", "targets", "one_target", "self", "attacker", "another_ally")
# Effects that change the attack as a whole (its dice, Accuracy, cost, critical faces, reach, its
# Response windows): their recipient is the attack itself. A lasting one stays with the attacking
# unit and changes its later attacks.
ATTACK_WIDE = (
    "strength",
    "accuracy",
    "tl_cost",
    "critical_faces",
    "range",
    "ignore_los",
    "extra_dice",
    "reroll",
    "forbid_responses",
)
# An ongoing ability is used without a player's choice and by no other unit: its unit effects act
# on its own unit or on every target (so neither "one_target" nor "attacker" has a meaning there).
ONGOING_UNIT_KINDS = {
    "damage_plus": ("self", "targets"),
    "damage_reduction": ("self", "targets"),
    "ignore_shields": ("self", "targets"),
    "cannot_be_targeted": ("self",),
}
TRIGGERS = ("own_attack", "attacked", "ally_attacks", "defending", "any")

# --- Conditions, counting and recipients (issue 27, part A) --------------------------------------
# Conditions on the target's state: "if the target is damaged" (what "damaged" means is the
# interpretation damaged_unit), "if the target has Shields" (at least one active Shield).
TARGET_STATE_CONDITIONS = ("target_damaged", "target_has_shields")
# Counting on the ability's own unit: "if this unit has 2 or more Upgrades (of any type)".
COUNT_CONDITIONS = ("upgrades_at_least",)
# "any": an Upgrade of any type (has_upgrade, per_upgrade, destroy_upgrade's upgrade).
ANY_UPGRADE = "any"
# What an effect's amount may be multiplied by ("for each X"), all of it attack-time state.
FOR_EACH = ("targets",)
# Where an area_damage effect reaches out from: its own unit, each target of the attack ("each
# enemy adjacent to the target"), or one target its player names ("each enemy adjacent to one
# target": the Response's target, as for a one_target effect).
AREA_ORIGINS = ("self", "targets", "one_target")
# A weapon effect with a window of its own ("After Attack Roll: destroy one Upgrade of the
# target") resolves in that window as the attacker's own effect, not on every roll as an ongoing one.
WEAPON_EFFECT_WINDOWS = ("before_attack_roll", "after_attack_roll", "after_combat_damage")
# What printed cards count or ask about that belongs to other chapters of the rules: refused
# naming the missing mechanic, not with an error about an unrelated field.
OUT_OF_CHAPTER = {
    "garrisons_rescued": "Rescue (rescuing Garrisons)",
    "rescued_garrisons": "Rescue (rescuing Garrisons)",
    "objectives_captured": "objectives",
    "objectives_controlled": "objectives",
    "controls_objective": "objectives",
    "objectives_held": "objectives",
    "units_deployed": "deployment",
    "deployed_this_turn": "deployment",
    "hexes_moved": "movement outside an attack",
    "moved_this_activation": "movement outside an attack",
}
TARGET_CONDITIONS = (
    "target_elevation",
    "target_in_water",
    "target_terrain",
    "attack_tl_cost",
    "target_status",
    "target_engaged",
    "target_hp_at_most",
) + TARGET_STATE_CONDITIONS
RESULT_CONDITIONS = (
    "self_survived",
    "target_defeated",
    "defeated_enemy_this_turn",
    "damage_dealt",
    "has_upgrade",
) + COUNT_CONDITIONS
CONDITIONS = TARGET_CONDITIONS + RESULT_CONDITIONS
STATUSES = ("Disarm", "Fracture")  # the two the chapter names; others are accepted as plain labels


class AbilityError(ValueError):
    """An ability or card description uses something outside the vocabulary."""


def require_one_of(value: Any, allowed, where: str, noun: str) -> None:
    """Refuse ``value`` unless it is one of ``allowed``, naming the field (``where``), what the
    value should have been (``noun``, e.g. "a trigger") and every allowed value."""
    if value not in allowed:
        raise AbilityError(f"{where}: {value!r} is not {noun} (expected one of {', '.join(allowed)})")


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    on: str = "attack"
    status: str | None = None  # inflict_status
    faces: tuple[int, ...] = ()  # critical_faces
    upgrade: str | None = None  # grant_upgrade, destroy_upgrade
    per_upgrade: str | None = None  # amount counts this Upgrade type on the ability's unit
    duration: str = "attack"
    weapon: str | None = None  # attack: the weapon of the other attack (else a scripted choice)
    tl_cost: int = 0  # attack: added to that attack's Timeline cost
    windows: tuple[str, ...] = ()  # forbid_responses
    by: str = "any"  # cannot_be_targeted: any|area attacks; forbid_responses: any|bystanders' Responses
    hit_points: int = 0  # prevent_defeat: the hit points its unit is left with
    hexes: int = 0  # dash, push: how many hexes the unit moves (card_moves)
    dice: int = 0  # roll_dice: how many dice the card rolls (card_dice)
    at_least: int = 0  # roll_dice: the face a die must reach to count
    per_die: bool = True  # roll_dice: its effects once per die that counts, else once if any does
    then: tuple[Effect, ...] = ()  # roll_dice: the effects the counted dice give
    set_to: int | None = None  # tl_cost: "this attack costs N", an absolute cost (card_dice module doc)
    # issue 27, part A: conditions, counting and recipients
    conditions: tuple[tuple[str, Any], ...] = ()  # this effect's own "when" (on top of its ability's)
    for_each: str | None = None  # amount times a count of attack-time state (FOR_EACH)
    origin: str = "self"  # area_damage: reaches out from its own unit or from each target
    within: int | None = None  # area_damage: its own reach in hexes (no Line of Sight)
    timing: str | None = None  # a weapon effect's own window (WEAPON_EFFECT_WINDOWS)

    @property
    def target_conditions(self) -> dict[str, Any]:
        return {k: v for k, v in self.conditions if k in TARGET_CONDITIONS}

    @property
    def result_conditions(self) -> dict[str, Any]:
        return {k: v for k, v in self.conditions if k in RESULT_CONDITIONS}

    def describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        text = self._describe()
        if self.per_upgrade:
            text += f" for each {'' if self.per_upgrade == ANY_UPGRADE else self.per_upgrade + ' '}Upgrade"
        if self.for_each:
            text += f" for each of the {self.for_each}"
        if self.origin == "targets":
            text += (
                f" around each target (within {self.within})"
                if self.within is not None
                else " around each target"
            )
        if self.conditions:
            text += " if " + " and ".join(f"{k}={v}" for k, v in self.conditions)
        if self.duration != "attack":
            text += {"activation": " until the end of the activation", "turn": " this turn"}[self.duration]
        return text

    def _describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        if self.kind == "inflict_status":
            return f"inflict {self.status}"
        if self.kind == "remove_status":
            return f"remove {self.status}"
        if self.kind == "critical_faces":
            return f"{' and '.join(map(str, self.faces))} also count as critical hits"
        if self.kind in ("grant_upgrade", "destroy_upgrade"):
            verb = "gain" if self.kind == "grant_upgrade" else "destroy"
            of = "" if self.upgrade != ANY_UPGRADE else " of any type"
            kind = "" if self.upgrade == ANY_UPGRADE else f"{self.upgrade} "
            return f"{verb} {self.amount} {kind}Upgrade" + ("s" if self.amount != 1 else "") + of
        if self.kind == "attack":
            cost = f", its Timeline cost {self.tl_cost:+d}" if self.tl_cost else ""
            return f"attack {self.on} with {self.weapon or 'a weapon of its choice'}{cost}"
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
            "tl_cost": f"{sign} Timeline cost" if self.set_to is None else f"Timeline cost {self.set_to}",
            "move": "move the unit",
            "area_damage": f"{self.amount} non-combat damage to every enemy unit and Garrison in reach",
            "ignore_shields": f"ignore {self.amount} Shields",
            "gain_energy": f"gain {self.amount} Energy",
            "spend_energy": f"spend {self.amount} Energy",
            "repair": f"repair {self.amount} hit points",
            "range": f"{sign} range",
            "cannot_be_targeted": "cannot be targeted"
            + (" by area of effect attacks" if self.by == "area" else ""),
            "ignore_los": "ignore Line of Sight",
            "forbid_responses": f"no Responses {' or '.join(w.replace('_', ' ') for w in self.windows)}",
            "prevent_defeat": "when this unit would be defeated, it stays on the board with "
            f"{plural(self.hit_points, 'hit point')} instead",
            "dash": f"Dash {plural(self.hexes, 'hex')}",
            "at_end_of_turn": f"at the end of the turn: {', '.join(e.describe() for e in self.then)}",
            "roll_dice": f"roll {plural(self.dice, 'die', 'dice')}; "
            + ("for each" if self.per_die else "if any")
            + f" {self.at_least} or more: {', '.join(e.describe() for e in self.then)}",
            "push": f"Push {plural(self.hexes, 'hex')}",
            "pull": f"Pull {plural(self.hexes, 'hex')}",
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
    card: Any = None  # a Python ability (``python_abilities.CardAbility``) instead of data effects
    once_per: str | None = None  # attack | activation | turn: used at most once in that span

    def describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        if self.card is not None:
            return self.card.describe()
        return ", ".join(e.describe() for e in self.effects)

    @property
    def target_conditions(self) -> Mapping[str, Any]:
        return {k: v for k, v in self.when.items() if k in TARGET_CONDITIONS}

    @property
    def result_conditions(self) -> Mapping[str, Any]:
        return {k: v for k, v in self.when.items() if k in RESULT_CONDITIONS}


def parse_effect(data: Mapping[str, Any], window: str, where: str) -> Effect:
    kind = data.get("kind")
    refuse_other_chapter("kind", kind, f"{where}.kind")
    require_one_of(kind, EFFECTS, f"{where}.kind", "an effect")
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
        "grant_upgrade": "self",
        "destroy_upgrade": "targets",
        "area_damage": "self",
        "attack": "attacker",
        "ignore_shields": "targets",
        "gain_energy": "self",
        "spend_energy": "self",
        "remove_status": "self",
        "repair": "self",
        "cannot_be_targeted": "self",
        "prevent_defeat": "self",
        "dash": "self",
        "push": "one_target",
        "pull": "one_target",
        "roll_dice": "self",
        "at_end_of_turn": "self",
    }.get(kind, "attack")
    if "window" in data:
        raise AbilityError(
            f"{where}.window: an ability's effects resolve in the ability's window; only a weapon effect "
            "takes a window of its own"
        )
    # The recipient key is "to": YAML 1.1 reads a bare "on" key as the boolean true.
    unknown = set(data) - set(EFFECT_KEYS)
    if unknown:
        raise AbilityError(
            f"{where}.{sorted(map(str, unknown))[0]}: unknown key (expected one of {', '.join(EFFECT_KEYS)})"
        )
    on = data.get("to", default_on)
    require_one_of(on, RECIPIENTS, f"{where}.to", "a recipient")
    duration = data.get("duration", "attack")
    require_one_of(duration, DURATIONS, f"{where}.duration", "a duration")
    honoured, rule = recipients_for(kind, window, duration)
    if on not in honoured:
        raise AbilityError(f"{where}.to: {on!r}: {rule} (to: {', '.join(honoured)})")
    status = data.get("status")
    if kind in ("inflict_status", "remove_status") and not status:
        raise AbilityError(f"{where}.status: an {kind} effect names its status")
    faces: tuple[int, ...] = ()
    if kind == "critical_faces":
        raw = data.get("faces")
        if not isinstance(raw, list) or not raw or not all(isinstance(f, int) and f >= 1 for f in raw):
            raise AbilityError(f"{where}.faces: a critical_faces effect lists the faces, e.g. [7, 8]")
        faces = tuple(raw)
    upgrade = data.get("upgrade")
    if kind in ("grant_upgrade", "destroy_upgrade") and upgrade is None:
        raise AbilityError(f"{where}.upgrade: name the Upgrade type ({', '.join(UPGRADES)})")
    for key in ("upgrade", "per_upgrade"):
        if data.get(key) is not None:
            require_one_of(data[key], (*UPGRADES, ANY_UPGRADE), f"{where}.{key}", "an Upgrade type")
    if duration != "attack" and kind not in LASTING_KINDS:
        raise AbilityError(
            f"{where}.duration: a {kind} effect happens once; only {', '.join(LASTING_KINDS)} can last"
        )
    if kind == "cannot_be_targeted" and window != "ongoing" and duration == "attack":
        raise AbilityError(f"{where}.duration: say how long its unit cannot be targeted (activation or turn)")
    windows: tuple[str, ...] = ()
    if kind == "forbid_responses":
        raw = data.get("windows")
        if not isinstance(raw, list) or not raw or any(w not in RESPONSE_WINDOWS for w in raw):
            raise AbilityError(
                f"{where}.windows: list the Response windows it closes ({', '.join(RESPONSE_WINDOWS)})"
            )
        windows = tuple(raw)
    by = data.get("by", "any")
    allowed_by = {"cannot_be_targeted": ("any", "area"), "forbid_responses": ("any", "bystanders")}.get(
        kind, ("any",)
    )
    if by not in allowed_by:
        raise AbilityError(f"{where}.by: {by!r} is not one of {', '.join(allowed_by)}")
    hit_points = _hit_points(data, kind, where)
    hexes = _hexes(data, kind, where)
    dice, at_least, per_die, then = _own_roll(data, kind, window, where)
    then = then or _delayed(data, kind, window, where)
    set_to = _absolute_cost(data, kind, where)
    amount = data.get("amount", 1 if kind in ("grant_upgrade", "destroy_upgrade") else 0)
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise AbilityError(f"{where}.amount: {amount!r} is not a whole number")
    return Effect(
        kind,
        amount,
        on,
        status,
        faces,
        upgrade,
        data.get("per_upgrade"),
        duration,
        data.get("weapon"),
        int(data.get("tl_cost", 0)),
        windows,
        by,
        hit_points,
        hexes,
        dice,
        at_least,
        per_die,
        then,
        set_to,
        **_counting_and_reach(data, kind, window, where),
    )


def check_conditions(when: Any, where: str, window: str) -> dict[str, Any]:
    """A ``when`` mapping (an ability's or one effect's): every key a condition of the vocabulary
    with a value of the right kind. A condition that belongs to another chapter of the rules is
    refused naming the missing mechanic. An ongoing effect is not used at any one moment, so it
    takes only conditions on the target."""
    if when is None:
        return {}
    if not isinstance(when, Mapping):
        raise AbilityError(f"{where}: conditions are a mapping, e.g. {{target_damaged: true}}")
    for key, value in when.items():
        refuse_other_chapter("condition", key, f"{where}.{key}")
        if key not in CONDITIONS:
            raise AbilityError(f"{where}.{key}: not a condition (expected one of {', '.join(CONDITIONS)})")
        if key == "has_upgrade":
            require_one_of(value, (*UPGRADES, ANY_UPGRADE), f"{where}.has_upgrade", "an Upgrade type")
        elif key == "upgrades_at_least" and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise AbilityError(
                f"{where}.upgrades_at_least: {value!r} is not a number of Upgrades (1 or more)"
            )
        elif key in TARGET_STATE_CONDITIONS and not isinstance(value, bool):
            raise AbilityError(f"{where}.{key}: {value!r} is not true or false")
        if window == "ongoing" and key in RESULT_CONDITIONS:
            raise AbilityError(
                f"{where}.{key}: an ongoing effect is not used at one moment, so it takes only conditions "
                f"on the target ({', '.join(TARGET_CONDITIONS)})"
            )
    return dict(when)


def _counting_and_reach(data: Mapping[str, Any], kind: str, window: str, where: str) -> dict[str, Any]:
    """An effect's own conditions (``when``), ``for_each`` count, and an area's ``from`` and
    ``within``: the Effect fields of issue 27's part A, each checked when the card file loads."""
    conditions = check_conditions(data.get("when"), f"{where}.when", window)
    for_each = data.get("for_each")
    if for_each is not None:
        refuse_other_chapter("condition", for_each, f"{where}.for_each")
        require_one_of(for_each, FOR_EACH, f"{where}.for_each", "a count of the attack")
        if "per_upgrade" in data:
            raise AbilityError(
                f"{where}.for_each: an effect counts one thing: for_each or per_upgrade, not both"
            )
        if window in ("ongoing", "before_attack"):
            raise AbilityError(
                f"{where}.for_each: the targets are counted when the effect is used, after they are checked; not {window}"
            )
    origin = data.get("from", "self")
    require_one_of(origin, AREA_ORIGINS, f"{where}.from", "where an area reaches out from")
    within = data.get("within")
    for key, given in (("from", "from" in data), ("within", within is not None)):
        if given and kind != "area_damage":
            raise AbilityError(f"{where}.{key}: only an area_damage effect reaches out ('{key}')")
    if within is not None and (isinstance(within, bool) or not isinstance(within, int) or within < 0):
        raise AbilityError(f"{where}.within: {within!r} is not a number of hexes (0 or more)")
    if origin != "self" and window in ("ongoing", "before_attack"):
        raise AbilityError(f"{where}.from: there are no targets to reach out from {window}")
    return {
        "conditions": tuple(sorted(conditions.items())),
        "for_each": for_each,
        "origin": origin,
        "within": within,
    }


def recipients_for(kind: str, window: str, duration: str) -> tuple[tuple[str, ...], str]:
    """The recipients (``to``) an effect of this kind can act on in this window, and the rule that
    says so (for the refusal): the engine applies an effect to exactly these, so the loader refuses
    any other rather than let a card silently do nothing."""
    if kind in ATTACK_WIDE:
        return (
            ("attack",),
            f"a {kind} effect changes the attack as a whole",
        )
    if kind == "prevent_defeat":
        return (
            ("self",),
            "a prevent_defeat effect keeps its own unit on the board",
        )
    if kind == "area_damage":
        return (
            ("self",),
            "an area_damage effect reaches out from its own unit",
        )
    if kind == "attack":
        return (
            ("attacker", "one_target", "targets"),
            "an attack effect attacks the attacker or a target",
        )
    if kind in ("roll_dice", "at_end_of_turn"):  # its own effects say whom they act on
        return (("self",), f"a {kind} effect holds other effects, which name their own 'to'")
    if kind in ("push", "pull") and window == "before_attack":
        return (("one_target",), f"before the attack a {kind} moves the enemy its player names")
    if kind in MOVE_RECIPIENTS:
        return MOVE_RECIPIENTS[kind]
    if window == "ongoing":
        return (
            ONGOING_UNIT_KINDS[kind],
            f"a {kind} effect of an ongoing ability or weapon acts on its own unit or on every target",
        )
    if window == "before_attack":
        # the attack has no targets before it starts (GA-DECL-2): its own unit, the attacker, an
        # ally, or one enemy its player names (one_target, scripted as the Response's target) can
        # receive an effect then; "the targets" are nobody yet
        return (
            ("self", "attacker", "another_ally", "one_target"),
            f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} effect used before the attack starts has no "
            "targets yet: it acts on its own unit, the attacker, an ally or one enemy its player names",
        )
    if kind == "damage_plus" and duration != "attack":
        # kept on its recipient, it adds to that unit's later attacks (see collect_lasting)
        return (
            ("self", "attacker"),
            "a lasting damage_plus effect adds to the later attacks of the unit that keeps it",
        )
    return (
        ("targets", "one_target", "self", "attacker", "another_ally"),
        f"a {kind} effect acts on units, not on the attack",
    )


def _hit_points(data: Mapping[str, Any], kind: str, where: str) -> int:
    """``prevent_defeat``'s ``hit_points``: a whole number of at least 1 (at 0 the unit would still
    be defeated); no other effect takes one."""
    if kind != "prevent_defeat":
        if "hit_points" in data:
            raise AbilityError(f"{where}.hit_points: only a prevent_defeat effect leaves its unit hit points")
        return 0
    if "amount" in data or "per_upgrade" in data:  # its number is the hit points it leaves
        key = "amount" if "amount" in data else "per_upgrade"
        raise AbilityError(f"{where}.{key}: a prevent_defeat effect takes hit_points, not {key}")
    n = data.get("hit_points")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise AbilityError(
            f"{where}.hit_points: {n!r} is not a number of hit points to stay with (a whole number, 1 or more)"
            if "hit_points" in data
            else f"{where}.hit_points: a prevent_defeat effect says how many hit points its unit keeps"
        )
    return n


EFFECT_KEYS = (
    "window",  # a weapon effect's own window (units.parse_weapon); parse_effect refuses it elsewhere
    "when",
    "for_each",
    "from",
    "within",
    "kind",
    "amount",
    "to",
    "status",
    "faces",
    "upgrade",
    "per_upgrade",
    "duration",
    "weapon",
    "tl_cost",
    "windows",
    "by",
    "hit_points",
    "hexes",
    "dice",
    "at_least",
    "per_die",
    "effects",
    "set_to",
)


ABILITY_KEYS = (
    "name",
    "window",
    "trigger",
    "when",
    "range",
    "within",
    "effects",
    "python",
    "description",
    "once_per",
)


def parse_ability(
    data: Mapping[str, Any],
    where: str,
    tactics: bool = False,
    python_cards: Mapping[str, Any] | None = None,
) -> Ability:
    """An ability or Tactics card from its data. ``python_cards`` maps entry point names to Python
    ability classes (see ``python_abilities``); an entry with ``python: NAME`` is one of them."""
    if not isinstance(data, Mapping):
        raise AbilityError(f"{where}: an ability is a mapping with a name, a window and effects")
    unknown = sorted(set(map(str, data)) - set(ABILITY_KEYS))
    if unknown:
        raise AbilityError(f"{where}.{unknown[0]}: unknown key (expected one of {', '.join(ABILITY_KEYS)})")
    name = data.get("name")
    if not name:
        raise AbilityError(f"{where}.name: an ability has a name")
    card = None
    if "python" in data:
        card = _python_card(data["python"], python_cards or {}, f"{where}.python")
    window = data.get("window", getattr(card, "window", None))
    refuse_other_chapter("window", window, f"{where}.window")
    require_one_of(window, WINDOWS, f"{where}.window", "a window")
    if card is not None and window != card.window:
        raise AbilityError(f"{where}.window: the Python ability {data['python']} is a {card.window} ability")
    trigger = data.get("trigger", getattr(card, "trigger", "own_attack"))
    require_one_of(trigger, TRIGGERS, f"{where}.trigger", "a trigger")
    when = check_conditions(data.get("when") or {}, f"{where}.when", "")
    reach = None
    for kind in ("range", "within"):
        if kind in data:
            reach = (kind, int(data[kind]))
    effects = tuple(
        parse_effect(e, window, f"{where}.effects[{i}]") for i, e in enumerate(data.get("effects") or [])
    )
    if not effects and card is None:
        raise AbilityError(f"{where}.effects: an ability has at least one effect")
    for i, e in enumerate(effects):
        if window == "ongoing" and trigger == "ally_attacks" and e.kind != "prevent_defeat":
            # the ongoing abilities in play in an attack are the attacker's and the targets'
            raise AbilityError(
                f"{where}.trigger: an ongoing {e.kind} effect applies to its own unit's attacks or to "
                "attacks on it, so 'ally_attacks' never puts it in play"
            )
        if (
            e.kind == "forbid_responses"
            and "before_attack" in e.windows
            and trigger in ("attacked", "defending")
        ):
            # before the attack starts no unit is a target or defending yet (GA-DECL-2)
            raise AbilityError(
                f"{where}.effects[{i}].windows: an ability used when its unit is attacked or defending "
                "is not in play before the attack starts, so it cannot close before_attack"
            )
    if tactics and any(e.kind == "prevent_defeat" for e in effects):
        raise AbilityError(
            f"{where}: a prevent_defeat effect is an ongoing ability of the unit it keeps on the board"
        )
    if window == "after_enemy_move" and (reach is None or reach[0] != "within"):
        raise AbilityError(
            f"{where}.within: an after_enemy_move ability says how near the enemy moves ('within')"
        )
    if any(e.kind == "area_damage" and e.within is None for e in effects) and reach is None:
        raise AbilityError(f"{where}: an area_damage ability says how far it reaches ('within' or 'range')")
    if reach is not None and reach[0] == "range" and any(e.origin != "self" for e in effects):
        # Line of Sight is drawn from a unit's own hex; from a target's hex no rule says who draws it
        raise AbilityError(
            f"{where}.range: an area reaching out from the targets takes 'within' (no Line of Sight)"
        )
    once_per = data.get("once_per")
    if once_per is not None and once_per not in DURATIONS:
        raise AbilityError(f"{where}.once_per: {once_per!r} is not one of {', '.join(DURATIONS)}")
    return Ability(name, window, effects, trigger, when, reach, tactics, card, once_per)


def _python_card(entry: Any, python_cards: Mapping[str, Any], where: str) -> Any:
    if entry not in python_cards:
        known = ", ".join(sorted(python_cards)) or "none installed"
        raise AbilityError(
            f"{where}: no Python ability {entry!r} in the entry point group rulecheck.abilities "
            f"(found: {known}); is its package installed?"
        )
    try:
        cls = python_cards[entry]
    except AbilityError as exc:  # the package is there but its module does not import
        raise AbilityError(f"{where}: {exc}") from None
    card = cls() if isinstance(cls, type) else cls
    bad = (
        getattr(card, "window", None) not in WINDOWS or getattr(card, "trigger", "own_attack") not in TRIGGERS
    )
    if bad or not callable(getattr(card, "resolve", None)):
        raise AbilityError(
            f"{where}: the Python ability {entry!r} needs a window ({', '.join(WINDOWS)}), a trigger "
            f"({', '.join(TRIGGERS)}) and a resolve(play) method"
        )
    return card


# --- moves with a distance, and mechanics of other chapters (issue 27, part B) -------------------

# A Dash moves the card's own unit; a Push moves a unit away from the card's unit: an enemy the
# attack targets (one the player names, or each target). Where it goes is the player's choice,
# scripted in the scenario (a Response's ``to``, the attack's ``critical_moves``).
MOVE_RECIPIENTS = {
    "dash": (("self",), "a dash effect moves its own unit"),
    "push": (("one_target", "targets"), "a push effect moves a target of the attack away from its unit"),
    "pull": (("one_target", "targets"), "a pull effect moves a target of the attack towards its unit"),
}


MAX_MOVE_HEXES = 20  # a card moves a unit a few hexes; the way a Dash takes is searched hex by hex


def _hexes(data: Mapping[str, Any], kind: str, where: str) -> int:
    """``hexes`` of a dash or push: how far it moves its unit, a whole number from 1 to 20."""
    if kind not in MOVE_RECIPIENTS:
        if "hexes" in data:
            raise AbilityError(f"{where}.hexes: only a dash or a push moves a unit a number of hexes")
        return 0
    n = data.get("hexes")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_MOVE_HEXES:
        raise AbilityError(
            f"{where}.hexes: {n!r} is not a number of hexes (a whole number from 1 to {MAX_MOVE_HEXES})"
            if "hexes" in data
            else f"{where}.hexes: a {kind} effect says how many hexes it moves its unit"
        )
    return n


# Words of a card that belong to other chapters of the rules: rulecheck models the attack chapter
# only, so such a card is refused naming the mechanic it needs, not with an error about the word.
OTHER_CHAPTERS = {
    "kind": {
        "rescue": "Rescue (rescuing Garrisons)",
        "deploy": "deployment",
        "redeploy": "deployment",
        "capture": "objectives",
        "control_objective": "objectives",
        "score_objective": "objectives",
        "activate": "activations outside an attack",
    },
    "condition": OUT_OF_CHAPTER,  # also what an effect counts (for_each)
    "window": {
        "movement": "movement outside an attack",
        "after_move": "movement outside an attack",
        "after_movement": "movement outside an attack",
        "deployment": "deployment",
        "after_deploy": "deployment",
        "rescue": "Rescue (rescuing Garrisons)",
        "after_rescue": "Rescue (rescuing Garrisons)",
        "start_of_activation": "activations outside an attack",
    },
}


def refuse_other_chapter(what: str, value: Any, where: str) -> None:
    """Refuse a kind, condition or window that needs a mechanic of another chapter, naming it."""
    mechanic = OTHER_CHAPTERS[what].get(value) if isinstance(value, str) else None
    if mechanic is not None:
        raise AbilityError(
            f"{where}: {value!r} needs {mechanic}, a mechanic of another chapter of the rules; "
            "rulecheck models the attack chapter only"
        )


def refuse_other_chapters(data: Any) -> None:
    """Refuse, as ``refuse_other_chapter`` does, any window, condition or effect kind of a card
    file's cards that needs another chapter's mechanic; a card file of any other shape is left to
    the checks that follow."""

    def items(value: Any) -> list[tuple[int, Mapping]]:  # the mappings of a list, if it is one
        return (
            [(i, v) for i, v in enumerate(value) if isinstance(v, Mapping)] if isinstance(value, list) else []
        )

    if not isinstance(data, Mapping):
        return
    abilities = [(f"tactics[{i}]", t) for i, t in items(data.get("tactics"))]
    effect_lists = []
    for i, unit in items(data.get("units")):
        abilities += [(f"units[{i}].abilities[{j}]", a) for j, a in items(unit.get("abilities"))]
        for j, w in items(unit.get("weapons")):
            effect_lists.append((f"units[{i}].weapons[{j}].effects", w.get("effects")))
            crit = w.get("critical")
            if isinstance(crit, Mapping):
                effect_lists.append((f"units[{i}].weapons[{j}].critical.effects", crit.get("effects")))
    for where, ability in abilities:
        refuse_other_chapter("window", ability.get("window"), f"{where}.window")
        when = ability.get("when")
        for key in when if isinstance(when, Mapping) else ():
            refuse_other_chapter("condition", key, f"{where}.when.{key}")
        effect_lists.append((f"{where}.effects", ability.get("effects")))
    while effect_lists:
        where, effects = effect_lists.pop()
        for k, e in items(effects):
            refuse_other_chapter("kind", e.get("kind"), f"{where}[{k}].kind")
            effect_lists.append((f"{where}[{k}].effects", e.get("effects")))  # a roll's effects


# --- abilities that roll their own dice (issue 27, part B) --------------------------------------

MAX_CARD_DICE = 20  # dice one card rolls at once
ROLL_KEYS = ("dice", "at_least", "per_die", "effects")


def _own_roll(
    data: Mapping[str, Any], kind: str, window: str, where: str
) -> tuple[int, int, bool, tuple[Effect, ...]]:
    """``roll_dice``: ``dice`` dice (1 to 20), the face ``at_least`` a die must reach (1 or more),
    ``per_die`` (its effects once per such die, the default; else once if any die reaches it),
    and ``effects``, each checked against the window as any effect is (no roll inside a roll)."""
    if kind != "roll_dice":
        stray = [k for k in ROLL_KEYS if k in data and (k, kind) != ("effects", "at_end_of_turn")]
        if stray:
            raise AbilityError(f"{where}.{stray[0]}: only a roll_dice effect takes {stray[0]}")
        return 0, 0, True, ()
    for key in ("amount", "per_upgrade"):
        if key in data:
            raise AbilityError(f"{where}.{key}: a roll_dice effect takes dice and at_least, not {key}")
    n, face = data.get("dice"), data.get("at_least")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_CARD_DICE:
        raise AbilityError(
            f"{where}.dice: {n!r} is not a number of dice (a whole number from 1 to {MAX_CARD_DICE})"
        )
    if isinstance(face, bool) or not isinstance(face, int) or face < 1:
        raise AbilityError(f"{where}.at_least: {face!r} is not a face (a whole number, 1 or more)")
    per_die = data.get("per_die", True)
    if not isinstance(per_die, bool):
        raise AbilityError(f"{where}.per_die: {per_die!r} is not true or false")
    raw = data.get("effects")
    if not isinstance(raw, list) or not raw:
        raise AbilityError(f"{where}.effects: a roll_dice effect lists what the dice that count do")
    then = tuple(parse_effect(e, window, f"{where}.effects[{i}]") for i, e in enumerate(raw))
    for i, e in enumerate(then):
        if e.kind in ("roll_dice", "attack", "reroll", "extra_dice"):
            raise AbilityError(
                f"{where}.effects[{i}].kind: a {e.kind} effect cannot hang on a card's own roll"
            )
    return n, face, per_die, then


def _absolute_cost(data: Mapping[str, Any], kind: str, where: str) -> int | None:
    """``set_to`` of a ``tl_cost`` effect: "this attack costs N" (a whole number, 0 or more), for
    the attack it is used in; how it meets the +/- changes is ``absolute_tl_cost``."""
    if "set_to" not in data:
        return None
    if kind not in ("tl_cost", "attack"):
        raise AbilityError(f"{where}.set_to: only a tl_cost or an attack effect sets a cost")
    n = data["set_to"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise AbilityError(f"{where}.set_to: {n!r} is not a Timeline cost (a whole number, 0 or more)")
    for key in ("amount", "per_upgrade", "duration", "tl_cost"):
        if key in data:
            raise AbilityError(
                f"{where}.{key}: a tl_cost effect with set_to names the cost of this attack only"
            )
    return n


# --- delayed triggers (issue 27, part B) ---------------------------------------------------------

# What a delayed trigger may do at the end of the turn, outside any attack: plain changes to one
# unit and damage to it (card_delayed.resolve_delayed); damage to every enemy in reach is not
# among them (no attack is there to say whose reach, or from where).
DELAYED_KINDS = (
    "non_combat_damage",  # outside any attack: the reading delayed_damage_shields (card_delayed)
    "repair",
    "gain_energy",
    "spend_energy",
    "remove_status",
    "inflict_status",
    "grant_upgrade",
    "destroy_upgrade",
)


def _delayed(data: Mapping[str, Any], kind: str, window: str, where: str) -> tuple[Effect, ...]:
    """``at_end_of_turn``'s ``effects``: what happens at the end of the turn, each checked against
    the window the card is used in (its recipients are chosen then)."""
    if kind != "at_end_of_turn":
        return ()
    raw = data.get("effects")
    if not isinstance(raw, list) or not raw:
        raise AbilityError(
            f"{where}.effects: an at_end_of_turn effect lists what happens at the end of the turn"
        )
    then = tuple(parse_effect(e, window, f"{where}.effects[{i}]") for i, e in enumerate(raw))
    for i, e in enumerate(then):
        if e.kind not in DELAYED_KINDS:
            raise AbilityError(
                f"{where}.effects[{i}].kind: {'an' if e.kind[0] in 'aeiou' else 'a'} {e.kind} effect cannot "
                f"wait for the end of the turn (it can: {', '.join(DELAYED_KINDS)})"
            )
    return then
