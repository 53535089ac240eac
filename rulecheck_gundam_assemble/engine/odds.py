"""Exact odds of one Gundam Assemble attack: hits, critical hits, damage after Shields and defeat,
per target, as fractions (no sampling).

Two parts:

* ``profile_from_attack(battle, declaration, rules)`` runs the engine's own attack sequence up to
  the damage step with a probe dice source, so every number the roll depends on comes from the
  engine, not from a second copy of the rules: the Strength (GA-ROLL-1), each target's Accuracy
  (elevation, water, cards: GA-HIT-2, GA-ELEV-*), Damage+X and reductions (GA-DMG-4, GA-DMG-6),
  the Shields and hit points each target has when damage lands (after any Before Attack Roll
  response), and the weapon's critical effect (GA-CRIT-*).
* ``attack_odds(profile, rules)`` is pure arithmetic. Faces are grouped into classes that score
  alike against every target (``score_die`` decides, so a natural 1 and a crit face are the book's);
  the dice of one roll fall into those classes as a multinomial, so the joint distribution of
  (critical hits, hits per target) is counted over how many dice land in each class, not die by
  die; one roll counts against every target of an area attack (GA-ROLL-3/4). The critical effect
  then adds its Damage+X (or additional dice, counted the same way) and each target's damage
  comes from ``damage.combat_damage``, the same function the engine uses. Everything is counted
  in whole numbers of equally likely face sequences over one common denominator; each reported
  probability becomes a fraction once, at the end.

Player choices that depend on the faces rolled (rerolls, Disarm removing the highest die) are not
a distribution the engine can give without a strategy; ``OddsUnsupported`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rulecheck_gundam_assemble.engine.attack import (
    AttackEnded,
    AttackState,
    Step,
    chosen_crit_target,
    resolve_attack,
    walk,
)
from rulecheck_gundam_assemble.engine.attack_dice import CRIT, HIT, score_die
from rulecheck_gundam_assemble.engine.card_dice import card_dice_needed
from rulecheck_gundam_assemble.engine.card_effects import defeat_stoppers
from rulecheck_gundam_assemble.engine.damage import combat_damage
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration
from rulecheck_gundam_assemble.engine.status_effects import DISARM, FRACTURE, fracture_extra
from rulecheck_gundam_assemble.engine.units import Battle
from rules.dice import DiceSource
from rules.rulebook import Rulebook

Distribution = dict[int, Fraction]


class OddsUnsupported(ValueError):
    """The attack has a step whose outcome depends on a player's choice about the faces rolled."""


@dataclass(frozen=True)
class TargetProfile:
    name: str
    accuracy: int
    damage_plus: int  # Damage+X before any critical effect
    reduction: int
    shields: int  # active when damage lands
    hp: int  # hit points when damage lands
    fractured: bool = False  # already Fractured: takes extra damage when damage is dealt
    crit_recipient: bool = True  # the critical effect applies to it
    has_hit_points: bool = True  # a Garrison has none in this chapter


@dataclass(frozen=True)
class CritProfile:
    crits_needed: int = 1
    per_crit: bool = False
    max_triggers: int = 1
    damage_plus: int = 0  # per trigger, to each recipient
    extra_dice: int = 0  # per trigger
    fracture: bool = False  # inflicts Fracture on its recipients
    other: tuple[str, ...] = ()  # effects that do not change this attack's damage (e.g. Disarm)


@dataclass(frozen=True)
class AttackProfile:
    dice: int
    targets: tuple[TargetProfile, ...]
    crit: CritProfile | None = None


@dataclass(frozen=True)
class TargetOdds:
    profile: TargetProfile
    hits: Distribution
    crits: Distribution
    damage: Distribution  # hit points lost to the attack's combat damage (after Shields, plus Fracture)
    defeated: Fraction


@dataclass(frozen=True)
class AttackOdds:
    profile: AttackProfile
    triggers: Distribution  # how many times the critical effect triggers
    targets: tuple[TargetOdds, ...]

    def target(self, name: str) -> TargetOdds:
        return next(t for t in self.targets if t.profile.name == name)


# --- the arithmetic -----------------------------------------------------------------------------


def _face_classes(profile: AttackProfile, rules: Rulebook) -> dict[tuple[int, ...], int]:
    """How many faces of the die add each (critical hit, hit against each target) contribution."""
    sides = int(rules.param("attack_die_sides"))
    classes: dict[tuple[int, ...], int] = {}
    for face in range(1, sides + 1):
        scores = [score_die(face, t.accuracy, rules) for t in profile.targets]
        crit = int(face in rules.param("critical_faces"))
        key = (crit, *(int(s in (HIT, CRIT)) for s in scores))
        classes[key] = classes.get(key, 0) + 1
    return classes


def _project(classes: dict[tuple, int], keep: tuple[int, ...]) -> dict[tuple, int]:
    """The classes as the coordinates ``keep`` see them: faces that differ only elsewhere merge."""
    out: dict[tuple, int] = {}
    for key, faces in classes.items():
        k = tuple(key[j] for j in keep)
        out[k] = out.get(k, 0) + faces
    return out


def _counts(dice: int, classes: dict[tuple, int]) -> dict[tuple, int]:
    """How many of the equally likely face sequences of ``dice`` dice add up to each total of the
    class vectors.

    A multinomial over the face classes: n dice split as (n_1, ..., n_k) over classes of f_1, ...,
    f_k faces in ``multinomial(n; n_1..n_k) * f_1**n_1 * ... * f_k**n_k`` ways. The split is chosen
    class by class (``comb(left, m)`` of the dice still unplaced), merging splits that add up to
    the same totals, so the work grows with the number of distinct outcomes, not with dice."""
    items = list(classes.items())
    width = len(items[0][0])
    partial: dict[tuple[int, tuple], int] = {(dice, (0,) * width): 1}  # (dice left, totals) -> ways
    for i, (step, faces) in enumerate(items):
        last = i == len(items) - 1
        powers = [faces**m for m in range(dice + 1)]
        nxt: dict[tuple[int, tuple], int] = {}
        for (left, totals), ways in partial.items():
            for m in (left,) if last else range(left + 1):
                key = (left - m, tuple(c + m * d for c, d in zip(totals, step, strict=True)))
                nxt[key] = nxt.get(key, 0) + ways * comb(left, m) * powers[m]
        partial = nxt
    return {totals: ways for (_, totals), ways in partial.items()}


def roll_counts(dice: int, profile: AttackProfile, rules: Rulebook) -> dict[tuple, int]:
    """How many of the ``sides ** dice`` face sequences give each (critical hits, hits against
    each target)."""
    return _counts(dice, _face_classes(profile, rules))


def roll_distribution(dice: int, profile: AttackProfile, rules: Rulebook) -> dict[tuple, Fraction]:
    """Joint distribution of (critical hits, hits against each target) for ``dice`` attack dice."""
    total = int(rules.param("attack_die_sides")) ** dice
    return {k: Fraction(ways, total) for k, ways in roll_counts(dice, profile, rules).items()}


def _triggers(crits: int, crit: CritProfile | None) -> int:
    if crit is None or crits < crit.crits_needed:
        return 0
    times = crits // crit.crits_needed
    return times if crit.per_crit else min(crit.max_triggers, times)


def _final_counts(
    dice: int, classes: dict[tuple, int], crit: CritProfile | None, sides: int
) -> tuple[dict[tuple, int], int]:
    """Ways of each (triggers, critical hits, ...) after any additional dice, over one common
    denominator, returned with it: the face sequences of the attack dice and of the most
    additional dice any outcome rolls (an outcome that rolls fewer stands for ``sides`` sequences
    per unrolled die). ``classes`` starts with the critical hit coordinate."""
    base = _counts(dice, classes)
    extra_of = {key: _triggers(key[0], crit) * (crit.extra_dice if crit else 0) for key in base}
    most = max(extra_of.values(), default=0)
    final: dict[tuple, int] = {}
    extra_counts: dict[int, dict[tuple, int]] = {}
    for key, ways in base.items():
        times, extra = _triggers(key[0], crit), extra_of[key]
        if extra:
            if extra not in extra_counts:
                extra_counts[extra] = _counts(extra, classes)
            scale = ways * sides ** (most - extra)
            for k2, ways2 in extra_counts[extra].items():
                k = (times, *(x + y for x, y in zip(key, k2, strict=True)))
                final[k] = final.get(k, 0) + scale * ways2
        else:
            k = (times, *key)
            final[k] = final.get(k, 0) + ways * sides**most
    return final, sides ** (dice + most)


def attack_odds(profile: AttackProfile, rules: Rulebook) -> AttackOdds:
    """Each target's odds come from the classes projected on (critical hit, hit on that target):
    its hits, crits and damage depend on nothing else, and the projection has far fewer outcomes
    than the joint roll over every target."""
    sides = int(rules.param("attack_die_sides"))
    classes = _face_classes(profile, rules)
    crit = profile.crit
    fracture_damage = fracture_extra(rules)[0]
    by_crits, total = _final_counts(profile.dice, _project(classes, (0,)), crit, sides)
    triggers: dict[int, int] = {}
    for (times, _), ways in by_crits.items():
        triggers[times] = triggers.get(times, 0) + ways
    per_target = []
    for i, t in enumerate(profile.targets):
        final, total_i = _final_counts(profile.dice, _project(classes, (0, 1 + i)), crit, sides)
        hits: dict[int, int] = {}
        crits: dict[int, int] = {}
        damage: dict[int, int] = {}
        lost_after: dict[tuple[int, int], int] = {}  # (hits, triggers) -> hit points lost
        for (times, n_crit, h), ways in final.items():
            hits[h] = hits.get(h, 0) + ways
            crits[n_crit] = crits.get(n_crit, 0) + ways
            if t.has_hit_points:
                if (h, times) not in lost_after:
                    lost_after[h, times] = _lost(t, h, times, crit, fracture_damage, rules)
                lost = lost_after[h, times]
                damage[lost] = damage.get(lost, 0) + ways
        defeated = sum(ways for lost, ways in damage.items() if t.hp - lost <= 0)
        per_target.append(
            TargetOdds(
                t,
                _fractions(hits, total_i),
                _fractions(crits, total_i),
                _fractions(damage, total_i),
                Fraction(defeated, total_i),
            )
        )
    return AttackOdds(profile, _fractions(triggers, total), tuple(per_target))


def _lost(
    t: TargetProfile, hits: int, times: int, crit: CritProfile | None, fracture_damage: int, rules: Rulebook
) -> int:
    """Hit points ``t`` loses to ``hits`` hits and ``times`` critical triggers."""
    plus = t.damage_plus + (times * crit.damage_plus if crit and t.crit_recipient else 0)
    dealt = combat_damage(hits, plus, t.reduction, t.shields, rules).dealt
    fractured = t.fractured or bool(crit and crit.fracture and times and t.crit_recipient)
    lost = min(t.hp, dealt)
    if fractured and dealt > 0:
        lost = min(t.hp, lost + fracture_damage)
    return lost


def _fractions(counts: dict[int, int], total: int) -> Distribution:
    return {k: Fraction(counts[k], total) for k in sorted(counts)}


# --- the profile, read off the engine -----------------------------------------------------------


class _ProbeDice(DiceSource):
    """Rolls a face that is neither a natural miss nor a critical hit, and counts what was asked.

    With such faces no critical effect triggers, so the modifiers collected by the damage step are
    exactly those that do not depend on the roll."""

    def __init__(self, rules: Rulebook):
        sides = int(rules.param("attack_die_sides"))
        special = set(rules.param("natural_miss_faces")) | set(rules.param("critical_faces"))
        self.face = next(f for f in range(1, sides + 1) if f not in special)
        self.asked: dict[str, int] = {}

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        if purpose == "reroll":
            raise OddsUnsupported(
                "a reroll picks dice after seeing the roll: exact odds would need the player's strategy"
            )
        self.asked[purpose] = self.asked.get(purpose, 0) + count
        return (self.face,) * count


def refuse_unmodelled_disarm(state: AttackState) -> None:
    """Before the disarm step: a Disarmed attacker that loses its highest die is a choice of faces
    the odds cannot count."""
    if (
        DISARM in state.attacker.statuses
        and state.rules.interpretation("disarm_effect") != "minus_one_accuracy"
    ):
        raise OddsUnsupported(
            f"{state.decl.attacker} is Disarmed and loses its highest die: not modelled exactly "
            "(use the interpretation disarm_effect=minus_one_accuracy, or no Disarm)"
        )


def crit_profile(state: AttackState) -> tuple[CritProfile | None, set[str]]:
    """Before the critical step: the weapon's critical effect as the arithmetic counts it, and the
    targets it applies to; or ``OddsUnsupported`` for what the odds cannot count."""
    crit = state.weapon.critical
    if state.extra_critical_faces():
        raise OddsUnsupported("an effect changes which faces are critical hits: not modelled by the odds")
    if crit is not None and crit.window != "critical":
        raise OddsUnsupported(
            f"{state.weapon.name}'s critical effect resolves {crit.window}: not modelled by the odds"
        )
    if crit is None or not crit.effects:
        return None, set(state.targets)
    recipients = list(state.targets)
    if len(state.targets) > 1 and state.rules.interpretation("aoe_crit_effect_scope") == "chosen_target":
        recipients = [chosen_crit_target(state)]
    damage_plus = extra = 0
    fracture = False
    other = []
    for eff in crit.effects:
        if eff.kind == "damage_plus":
            damage_plus += eff.amount
        elif eff.kind == "extra_dice":
            extra += eff.amount
        elif eff.kind == "inflict_status" and eff.status == FRACTURE:
            fracture = True
        elif eff.kind == "inflict_status":
            other.append(f"inflict {eff.status}")
        else:
            raise OddsUnsupported(f"critical effect {eff.describe()} is not modelled by the odds")
    profile = CritProfile(
        crit.crits_needed,
        crit.per_crit,
        int(state.rules.param("crit_effect_triggers_per_attack")),
        damage_plus,
        extra,
        fracture,
        tuple(other),
    )
    return profile, set(recipients)


def target_profiles(state: AttackState, crit_recipients: set[str]) -> tuple[TargetProfile, ...]:
    """Each target as combat damage would find it: its Accuracy by the engine's own sum
    (``AttackState.target_accuracy``, as the damage step scores), its modifiers, Shields and hit
    points."""
    found = []
    for name in state.targets:
        accuracy, _ = state.target_accuracy(name)
        unit = state.battle.units.get(name)
        if unit is not None and defeat_stoppers(unit):
            raise OddsUnsupported(
                f"{name} has a card that keeps it on the board when it would be defeated: "
                "not modelled by the odds"
            )
        found.append(
            TargetProfile(
                name,
                accuracy,
                state.mod_total("damage_plus", name),
                state.mod_total("damage_reduction", name),
                max(0, unit.shields - state.mod_total("ignore_shields", name)) if unit else 0,
                unit.hp if unit else 0,
                bool(unit and FRACTURE in unit.statuses),
                name in crit_recipients,
                unit is not None,
            )
        )
    return tuple(found)


@dataclass
class _Seen:
    """What the walk found where it stopped, before the critical step."""

    targets: tuple[TargetProfile, ...] = ()
    crit: CritProfile | None = None


@dataclass(frozen=True)
class ProfileResult:
    profile: AttackProfile | None  # None: the attack cannot be made
    events: tuple  # the engine's trace up to the roll (why it cannot be made, modifiers, ...)
    notes: tuple[str, ...] = ()


def profile_from_attack(battle: Battle, declaration: AttackDeclaration, rules: Rulebook) -> ProfileResult:
    if card_dice_needed(declaration):  # whenever the card rolls, its dice change what follows
        raise OddsUnsupported("a card rolls dice of its own: not modelled by the odds")
    dice = _ProbeDice(rules)
    state = AttackState(battle, declaration, dice, rules)
    seen = _Seen()

    def look(step: Step, state: AttackState) -> None:
        if step.name == "disarm":
            refuse_unmodelled_disarm(state)
        elif step.name == "critical":
            if state.nested:
                raise OddsUnsupported(
                    "an effect makes an attack of its own during this one: not modelled by the odds"
                )
            # The odds count the critical effect and the damage themselves: the walk stops here,
            # and the targets are read as the damage step would find them (with the probe's faces no
            # critical effect triggers, so nothing between here and damage changes them).
            seen.crit, recipients = crit_profile(state)
            seen.targets = target_profiles(state, recipients)
            raise AttackEnded

    result = walk(state, before_step=look)
    if not result.legal:
        return ProfileResult(None, result.events)
    if not seen.targets:  # only an effect that ends the attack stops it before damage
        return ProfileResult(None, result.events, (result.ended_early,))
    # The walk stops where damage would be dealt, so nothing after it can end the attack.
    notes = []
    crit = seen.crit
    if crit and crit.other:
        notes.append(
            f"critical effect also does: {', '.join(crit.other)} (no change to this attack's damage)"
        )
    late = [e.describe() for e in state.weapon.timed_effects if e.timing == "after_combat_damage"]
    if late:
        notes.append(
            f"{state.weapon.name}'s weapon effect After Combat Damage ({'; '.join(late)}) comes after "
            "the damage these odds are about"
        )
    extra = dice.asked.get("additional", 0)
    if extra:
        notes.append(f"{extra} additional dice from Responses are rolled with the attack dice")
    count = dice.asked.get("attack", 0) + extra
    return ProfileResult(AttackProfile(count, seen.targets, crit), result.events, tuple(notes))


def simulate(
    battle: Battle, declaration: AttackDeclaration, rules: Rulebook, dice: DiceSource, samples: int
) -> dict[str, dict[str, dict[int, int]]]:
    """The engine itself, run ``samples`` times with ``dice``: per target, how often each number of
    hits, hit points left and defeat came up. The exact odds are checked against this."""
    out: dict[str, dict[str, dict[int, int]]] = {}
    for _ in range(samples):
        result = resolve_attack(battle, declaration, dice, rules)
        for name, t in result.per_target.items():
            row = out.setdefault(name, {"hits": {}, "hp_after": {}, "defeated": {}})
            for key, value in (("hits", t.hits), ("hp_after", t.hp_after), ("defeated", int(t.defeated))):
                row[key][value] = row[key].get(value, 0) + 1
    return out
