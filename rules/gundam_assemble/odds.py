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
  the attack dice are convolved die by die into a joint distribution of (critical hits, hits
  per target), because one roll counts against every target of an area attack (GA-ROLL-3/4). The
  critical effect then adds its Damage+X (or additional dice, convolved in) and each target's
  damage comes from ``damage.combat_damage``, the same function the engine uses.

Player choices that depend on the faces rolled (rerolls, Disarm removing the highest die) are not
a distribution the engine can give without a strategy; ``OddsUnsupported`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.dice import DiceSource
from rules.gundam_assemble.attack import _AttackEnded, _Resolver, resolve_attack
from rules.gundam_assemble.attack_dice import CRIT, HIT, score_die, terrain_accuracy
from rules.gundam_assemble.damage import combat_damage
from rules.gundam_assemble.declaration import AttackDeclaration
from rules.gundam_assemble.status_effects import DISARM, FRACTURE, fracture_extra
from rules.gundam_assemble.units import Battle
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

    def mean(self, name: str) -> Fraction:
        return sum((k * p for k, p in getattr(self, name).items()), Fraction(0))


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


def roll_distribution(dice: int, profile: AttackProfile, rules: Rulebook) -> dict[tuple, Fraction]:
    """Joint distribution of (critical hits, hits against each target) for ``dice`` attack dice.

    Die by die, counting equally likely face sequences with integers (the denominator is
    sides ** dice), so the work is dice x states x classes and no fraction is reduced until the end."""
    classes = list(_face_classes(profile, rules).items())
    counts: dict[tuple, int] = {(0,) * (1 + len(profile.targets)): 1}
    for _ in range(dice):
        nxt: dict[tuple, int] = {}
        for key, ways in counts.items():
            for step, faces in classes:
                k = tuple(x + y for x, y in zip(key, step, strict=True))
                nxt[k] = nxt.get(k, 0) + ways * faces
        counts = nxt
    total = int(rules.param("attack_die_sides")) ** dice
    return {k: Fraction(ways, total) for k, ways in counts.items()}


def _triggers(crits: int, crit: CritProfile | None) -> int:
    if crit is None or crits < crit.crits_needed:
        return 0
    times = crits // crit.crits_needed
    return times if crit.per_crit else min(crit.max_triggers, times)


def attack_odds(profile: AttackProfile, rules: Rulebook) -> AttackOdds:
    base = roll_distribution(profile.dice, profile, rules)
    crit = profile.crit
    # (triggers, crits, hits...) after the critical effect's additional dice, if any.
    final: dict[tuple, Fraction] = {}
    extra_cache: dict[int, dict[tuple, Fraction]] = {}
    for key, p in base.items():
        times = _triggers(key[0], crit)
        extra = times * crit.extra_dice if crit else 0
        if extra:
            if extra not in extra_cache:
                extra_cache[extra] = roll_distribution(extra, profile, rules)
            for k2, p2 in extra_cache[extra].items():
                k = (times, *(x + y for x, y in zip(key, k2, strict=True)))
                final[k] = final.get(k, Fraction(0)) + p * p2
        else:
            final[(times, *key)] = final.get((times, *key), Fraction(0)) + p

    triggers: Distribution = {}
    per_target = []
    fracture_damage = fracture_extra(rules)[0]
    for i, t in enumerate(profile.targets):
        hits: Distribution = {}
        crits: Distribution = {}
        damage: Distribution = {}
        defeated = Fraction(0)
        for (times, n_crit, *n_hits), p in final.items():
            if i == 0:
                triggers[times] = triggers.get(times, Fraction(0)) + p
            h = n_hits[i]
            hits[h] = hits.get(h, Fraction(0)) + p
            crits[n_crit] = crits.get(n_crit, Fraction(0)) + p
            if not t.has_hit_points:
                continue
            plus = t.damage_plus + (times * crit.damage_plus if crit and t.crit_recipient else 0)
            dealt = combat_damage(h, plus, t.reduction, t.shields, rules).dealt
            fractured = t.fractured or bool(crit and crit.fracture and times and t.crit_recipient)
            lost = min(t.hp, dealt)
            if fractured and dealt > 0:
                lost = min(t.hp, lost + fracture_damage)
            damage[lost] = damage.get(lost, Fraction(0)) + p
            if t.hp - lost <= 0:
                defeated += p
        per_target.append(TargetOdds(t, _sorted(hits), _sorted(crits), _sorted(damage), defeated))
    return AttackOdds(profile, _sorted(triggers), tuple(per_target))


def _sorted(d: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: d[k] for k in sorted(d)}


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


class _Probe(_Resolver):
    """The engine's attack sequence, stopped where combat damage would be dealt."""

    targets_seen: tuple[TargetProfile, ...] = ()
    crit_seen: CritProfile | None = None

    def disarm(self) -> None:
        if (
            DISARM in self.attacker.statuses
            and self.rules.interpretation("disarm_effect") != "minus_one_accuracy"
        ):
            raise OddsUnsupported(
                f"{self.decl.attacker} is Disarmed and loses its highest die: not modelled exactly "
                "(use the interpretation disarm_effect=minus_one_accuracy, or no Disarm)"
            )
        super().disarm()

    def critical(self) -> None:
        crit = self.weapon.critical
        if self.extra_critical_faces():
            raise OddsUnsupported("an effect changes which faces are critical hits: not modelled by the odds")
        if crit is not None and crit.window != "critical":
            raise OddsUnsupported(
                f"{self.weapon.name}'s critical effect resolves {crit.window}: not modelled by the odds"
            )
        if crit is None or not crit.effects:
            return
        recipients = list(self.targets)
        if len(self.targets) > 1 and self.rules.interpretation("aoe_crit_effect_scope") == "chosen_target":
            recipients = [self.decl.crit_target or self.targets[0]]
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
        self.crit_seen = CritProfile(
            crit.crits_needed,
            crit.per_crit,
            int(self.rules.param("crit_effect_triggers_per_attack")),
            damage_plus,
            extra,
            fracture,
            tuple(other),
        )
        self._crit_recipients = set(recipients)

    def damage(self) -> None:
        board = self.battle.board
        attacker = self.piece(self.decl.attacker)
        acc_mod = self.mod_total("accuracy") + self.disarm_accuracy
        recipients = getattr(self, "_crit_recipients", set(self.targets))
        found = []
        for name in self.targets:
            terrain, _ = terrain_accuracy(board, attacker, self.piece(name), self.rules)
            unit = self.battle.units.get(name)
            found.append(
                TargetProfile(
                    name,
                    terrain + acc_mod,
                    self.mod_total("damage_plus", name),
                    self.mod_total("damage_reduction", name),
                    max(0, unit.shields - self.mod_total("ignore_shields", name)) if unit else 0,
                    unit.hp if unit else 0,
                    bool(unit and FRACTURE in unit.statuses),
                    name in recipients,
                    unit is not None,
                )
            )
        self.targets_seen = tuple(found)
        raise _AttackEnded


@dataclass(frozen=True)
class ProfileResult:
    profile: AttackProfile | None  # None: the attack cannot be made
    events: tuple  # the engine's trace up to the roll (why it cannot be made, modifiers, ...)
    notes: tuple[str, ...] = ()


def profile_from_attack(battle: Battle, declaration: AttackDeclaration, rules: Rulebook) -> ProfileResult:
    dice = _ProbeDice(rules)
    probe = _Probe(battle, declaration, dice, rules)
    result = probe.run()
    if not result.legal:
        return ProfileResult(None, result.events)
    if not probe.targets_seen:
        return ProfileResult(None, result.events, (result.ended_early or "the attack ended before damage",))
    notes = []
    if result.ended_early:
        notes.append(result.ended_early)
    crit = probe.crit_seen
    if crit and crit.other:
        notes.append(
            f"critical effect also does: {', '.join(crit.other)} (no change to this attack's damage)"
        )
    extra = dice.asked.get("additional", 0)
    if extra:
        notes.append(f"{extra} additional dice from Responses are rolled with the attack dice")
    count = dice.asked.get("attack", 0) + extra
    return ProfileResult(AttackProfile(count, probe.targets_seen, crit), result.events, tuple(notes))


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
