"""The attack sequence (section "Attack Timing and Responses", GA-SEQ-1..14), start to end.

``resolve_attack(battle, declaration, dice, rules)`` takes an immutable ``Battle`` and returns an
``AttackResult``: the new battle, every event in the book's order, and the outcome per target.

How it is built: one ``AttackState`` per attack holds everything the attack has found so far
(declared once, every attribute annotated); each step of the book's sequence is a function of this
module that reads and writes that state (``declare``, ``check``, ``pay``, ``roll``, ``disarm``,
``critical``, ``damage``, ``fracture``, ``defeats``, ... and the Response windows between them);
``SEQUENCE`` lists them in the book's order with their stage, and ``walk`` makes them one after
another. The exact odds (engine/odds.py) walk the same steps. Each event's step starts with the
stage it belongs to (``STAGES``), so the trace reads as the book's list: declare, check
range/LOS/Engagement, pay, Before Attack Roll, roll, After Attack Roll, Disarm, critical hit
effects, damage, Fracture, defeat, After Combat Damage.

Player choices are inputs: the target or the placed area, each Response (window, ability, who uses
it, and its own choices), the critical hit effect's target where one must be chosen. In every
window the attacking player's Responses resolve before the defending player's (GA-SEQ-14),
whatever order the scenario lists them in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from rulecheck_gundam_assemble.engine.abilities import TARGET_CONDITIONS, TARGET_STATE_CONDITIONS, Ability
from rulecheck_gundam_assemble.engine.area_effect import area_targets, find_placement, placements
from rulecheck_gundam_assemble.engine.attack_dice import count_crits, score_dice, terrain_accuracy
from rulecheck_gundam_assemble.engine.board import Piece
from rulecheck_gundam_assemble.engine.card_delayed import CardDelayed
from rulecheck_gundam_assemble.engine.card_dice import CardDice
from rulecheck_gundam_assemble.engine.card_effects import CardEffects
from rulecheck_gundam_assemble.engine.card_moves import CardMoves, check_scripted_moves
from rulecheck_gundam_assemble.engine.damage import (
    combat_damage,
    damage_counted,
    lose_hit_points,
    use_shields,
)
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError
from rulecheck_gundam_assemble.engine.defeat import defeat
from rulecheck_gundam_assemble.engine.engagement import engaged_with, engagement_check
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, LosResult
from rulecheck_gundam_assemble.engine.responses import Modifier, ResponseWindows
from rulecheck_gundam_assemble.engine.status_effects import DISARM, FRACTURE, disarm_dice, fracture_extra
from rulecheck_gundam_assemble.engine.targeting import check_reach
from rulecheck_gundam_assemble.engine.units import Battle, UnitState, Weapon
from rules.dice import DiceSource
from rules.events import Event, count_of
from rules.hexgrid import Hex
from rules.rulebook import Rulebook
from rules.wording import plural

# The book's order. "before_attack" is GA-DECL-2 (abilities used before the attack starts);
# "end" closes the trace.
STAGES = (
    "before_attack",
    "declare",
    "check",
    "pay",
    "before_attack_roll",
    "roll",
    "after_attack_roll",
    "disarm",
    "critical",
    "damage",
    "fracture",
    "defeat",
    "after_combat_damage",
    "end",
)


def stage_of(event: Event) -> str:
    return event.step.split(".", 1)[0]


@dataclass(frozen=True)
class TargetOutcome:
    name: str
    accuracy: int
    hits: int
    crits: int
    damage_plus: int
    reduction: int
    shields_used: int
    prevented: int
    dealt: int
    fracture: int
    hp_after: int
    defeated: bool

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        return dict(self.__dict__)


@dataclass(frozen=True)
class AttackResult:
    legal: bool
    battle: Battle
    events: tuple[Event, ...]
    targets: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()
    strength: int = 0
    tl_cost_paid: int | None = None
    critical_triggers: int = 0
    per_target: Mapping[str, TargetOutcome] = field(default_factory=dict)
    ended_early: str | None = None
    nested: tuple[AttackResult, ...] = ()  # attacks made by effects during this one
    sightlines: tuple[LosResult, ...] = ()  # the Line of Sight each single target was checked by

    def outcome(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        return {
            "legal": self.legal,
            "targets": list(self.targets),
            "dice": list(self.faces),
            "strength": self.strength,
            "tl_cost_paid": self.tl_cost_paid,
            "critical_triggers": self.critical_triggers,
            "per_target": {k: v.to_json() for k, v in self.per_target.items()},
            "victory_points": dict(self.battle.victory_points),
            "units": {k: u.to_json() for k, u in self.battle.units.items()},
            "activation_ended": self.battle.activation_ended,
            "ended_early": self.ended_early,
            **({"nested": [n.outcome() for n in self.nested]} if self.nested else {}),
            **({"garrison_damage": dict(self.battle.garrison_damage)} if self.battle.garrison_damage else {}),
            **(
                {
                    "lasting": [
                        {
                            "unit": x.unit,
                            "source": x.source,
                            "effect": x.effect.kind,
                            "amount": x.amount,
                            "until": f"end of {x.duration}",
                        }
                        for x in self.battle.lasting
                    ]
                }
                if self.battle.lasting
                else {}
            ),
        }


class AttackEnded(Exception):
    """Raised by a step to end the attack sequence where it stands; ``walk`` catches it."""


class AttackState(ResponseWindows, CardEffects, CardMoves, CardDice, CardDelayed):
    """Everything one attack resolution knows, declared once.

    Owned by exactly one resolution: ``resolve_attack`` (or a caller of ``walk``, as the exact odds)
    makes it, the steps of ``SEQUENCE`` and the card mixins (``ResponseWindows``, ``CardEffects``,
    ``CardMoves``, ``CardDice``, ``CardDelayed``) change it in place, and nothing keeps it once the
    ``AttackResult`` is built. An attack an effect makes during this one gets an ``AttackState`` of
    its own and hands back only its ``AttackResult`` (``CardEffects.nested_attack``). The ``Battle``
    it holds is immutable: a step replaces it, never changes it.

    Every attribute a step or a mixin sets or reads is annotated here (tests/test_attack_steps.py
    checks the modules against this list); the methods below answer questions about the state
    (which modifiers apply, a target's Accuracy) and record events."""

    # what end_attack raises; a Python ability's error handling lets it pass
    ended_signal: ClassVar[type[Exception]] = AttackEnded

    # --- inputs: set once, from the declaration ---------------------------------------------------
    decl: AttackDeclaration  # the declared attack: attacker, weapon, targets, scripted choices
    dice: DiceSource  # where every die of this attack comes from
    rules: Rulebook  # the rulebook under its overlays: parameters and readings
    depth: int  # 0, or how deep this attack is nested in attacks made by effects
    strict: bool  # an unscripted choice is an error (else its first option is taken)
    weapon: Weapon  # the attacker's declared weapon
    side: str  # the attacking player's side
    lasting_at_start: tuple  # the battle's lasting modifiers as they were before this attack

    # --- the battle as it stands: replaced (never changed) by each step that changes it ----------
    battle: Battle  # units, board, Timeline, victory points, lasting effects

    # --- what the sequence has found so far --------------------------------------------------------
    events: list[Event]  # the trace, in the book's order
    # every modifier in play: Responses, ongoing abilities, lasting effects, weapon effects
    mods: list[Modifier]
    before_strength: list[Modifier]  # Strength bonuses used before the attack (GA-DECL-2, FAQ Q.12)
    attacker_at_check: Piece | None  # where the attacker stood when the attack was checked
    # what cards added to the weapon's range (GA-WPN-2) and whether they made the attack ignore
    # Line of Sight (GA-ILOS-1): a target pushed mid-attack is judged against the same reach
    reach_bonus: int
    reach_ignores_los: bool
    sightlines: list[LosResult]  # the Line of Sight each single target was checked by
    targets: list[str]  # the targets now (a card may take one out mid-attack)
    original_targets: list[str]  # the targets as checked at GA-SEQ-2
    tl_paid: int | None  # the Timeline cost paid (GA-SEQ-3); None until paid
    strength: int  # the number of attack dice rolled (GA-ROLL-1)
    faces: tuple[int, ...]  # the attack dice as they stand (rerolls and Disarm change them)
    disarm_timing_asked: bool  # the timing of Disarm is a question in this attack (asked only then)
    disarm_accuracy: int  # Accuracy Disarm took away under disarm_effect=minus_one_accuracy
    crit_triggers: int  # how many times the critical hit effect triggered (GA-CRIT-2)
    # a critical effect that waits for After Combat Damage: (times it triggered, its recipients)
    crit_deferred: tuple[int, list[str]] | None
    per_target: dict[str, TargetOutcome]  # what the damage step and after did to each target
    defeated_in_attack: set[str]  # every unit defeated during this attack
    defeated_by_damage_step: set[str]  # at GA-SEQ-11, by this attack's own damage
    defeated_by_other_attacks: set[str]  # by an attack an effect made during this one
    nested: list[AttackResult]  # attacks made by effects during this one
    ended: str | None  # why the attack ended early, if it did

    # --- bookkeeping of card effects ---------------------------------------------------------------
    choices: Any  # the scripted choices of the Response being resolved (None between Responses)
    used_in_attack: set[tuple[str, str, str]]  # abilities limited to once per attack that were used
    critical_moves_left: dict[str, list[Hex]]  # scripted hexes of a critical dash or push not yet used
    move_responses_used: set[int]  # after_dash / after_enemy_move Responses used, by index
    tactics_unit: str | None  # a Tactics card's unit while it answers a move

    def __init__(
        self,
        battle: Battle,
        decl: AttackDeclaration,
        dice: DiceSource,
        rules: Rulebook,
        depth: int = 0,
        strict: bool = True,
    ):
        self.depth = depth  # 0, or how deep this attack is nested in attacks made by effects
        self.strict = strict  # an unscripted choice is an error (else its first option is taken)
        self.lasting_at_start = battle.lasting  # lasting modifiers given before this attack
        self.defeated_in_attack: set[str] = set()
        self.defeated_by_damage_step: set[str] = set()  # at GA-SEQ-11, by this attack's own damage
        self.defeated_by_other_attacks: set[str] = set()  # by an attack an effect made during this one
        self.attacker_at_check: Piece | None = None
        self.original_targets: list[str] = []
        self.nested: list[AttackResult] = []
        self.choices = None  # the scripted choices of the Response being resolved
        self.crit_deferred: tuple[int, list[str]] | None = None
        self.used_in_attack: set[tuple[str, str, str]] = set()  # once_per: attack
        # the scripted hexes of a critical dash or push not yet used (card_moves)
        self.critical_moves_left = {n: list(h) for n, h in decl.critical_moves.items()}
        self.move_responses_used: set[int] = set()  # after_dash / after_enemy_move Responses used
        self.tactics_unit: str | None = None  # a Tactics card's unit while it answers a move
        self.battle = battle
        self.decl = decl
        self.dice = dice
        self.rules = rules
        self.events: list[Event] = []
        self.mods: list[Modifier] = []
        self.targets: list[str] = []
        self.faces: tuple[int, ...] = ()
        self.strength = 0
        self.tl_paid: int | None = None
        self.crit_triggers = 0
        self.disarm_accuracy = 0
        self.per_target: dict[str, TargetOutcome] = {}
        self.sightlines: list[LosResult] = []
        # what cards changed of this attack's reach (GA-WPN-2, GA-ILOS-1), kept for a target
        # pushed mid-attack: it is judged against the same reach as at declaration
        self.reach_bonus = 0
        self.reach_ignores_los = False
        self.ended: str | None = None
        self.before_strength: list[Modifier] = []
        self.disarm_timing_asked = False
        if decl.attacker not in battle.units:
            raise AttackError(f"attacker {decl.attacker!r} is not a unit of this battle", "attacker")
        profile = battle.unit(decl.attacker).profile
        if decl.weapon not in profile.weapons:
            raise AttackError(
                f"{decl.attacker} has no weapon {decl.weapon!r} (weapons: {', '.join(profile.weapons) or 'none'})",
                "weapon",
            )
        self.weapon: Weapon = profile.weapons[decl.weapon]
        self.side = battle.unit(decl.attacker).side
        for i, r in enumerate(decl.responses):
            if r.window != r.ability.window:
                raise AttackError(
                    f"{r.ability.name} is a {r.ability.window} ability, not a {r.window} response",
                    f"responses[{i}].window",
                )
            if r.unit is not None and r.unit not in battle.units:
                raise AttackError(
                    f"response {r.ability.name}: no unit named {r.unit!r}", f"responses[{i}].unit"
                )
        if depth == 0 and battle.board.has_piece(decl.attacker):
            check_scripted_moves(battle, decl, rules)  # every scripted hex, before anything happens

    # --- questions about the state, and the trace ------------------------------------------------
    def emit(self, step: str, clauses, text: str, data=None, interpretation: str | None = None) -> None:
        self.events.append(
            Event(
                step,
                tuple(clauses) if not isinstance(clauses, str) else (clauses,),
                text,
                data or {},
                interpretation,
            )
        )

    @property
    def attacker(self) -> UnitState:
        return self.battle.unit(self.decl.attacker)

    def piece(self, name: str) -> Piece | None:
        return self.battle.piece(name)

    def holds(self, when: Mapping[str, Any], target: str) -> bool:
        when = {k: v for k, v in when.items() if k in TARGET_CONDITIONS}  # result ones: responses.py
        if not when:
            return True
        a, t = self.piece(self.decl.attacker), self.piece(target)
        if a is None or t is None:
            return False
        board = self.battle.board
        ea, et = board.elevation(a.hex), board.elevation(t.hex)
        # Each fact is worked out only when a condition asks for it, so the rulebook is asked
        # only for what a condition reads (explore and check rely on what was asked).
        facts = {
            "target_elevation": lambda: "higher" if et > ea else "lower" if et < ea else "same",
            "target_in_water": lambda: board.in_water(t.hex),
            "target_terrain": lambda: board.terrain(t.hex).terrain,
            "target_engaged": lambda: bool(engaged_with(board, t, self.rules)),
            "attack_tl_cost": self.attack_tl_cost,
        }
        unit = self.battle.units.get(target)  # None for a Garrison

        def met(key: str, want: Any) -> bool:
            if key in TARGET_STATE_CONDITIONS:  # issue 27: the target's damage and Shields
                return unit is not None and self.target_state(key, unit) == want
            if key == "target_status":
                return unit is not None and want in unit.statuses
            if key == "target_hp_at_most":
                return unit is not None and unit.hp <= want
            return facts[key]() == want

        return all(met(key, want) for key, want in when.items())

    def holds_for_attack(self, when: Mapping[str, Any]) -> bool:
        """A Strength or Accuracy modifier applies to all targets when it applies to any (GA-ROLL-5)."""
        return any(self.holds(when, t) for t in self.targets) if when else True

    def attack_tl_cost(self) -> int:
        # Asked only when it can matter: the cost paid is not the printed one.
        if self.tl_paid is None or self.tl_paid == self.weapon.tl_cost:
            return self.weapon.tl_cost
        if self.rules.interpretation("reduced_tl_cost_identity") == "printed_cost":
            return self.weapon.tl_cost
        return self.tl_paid

    def ongoing(self) -> list[tuple[str, Ability]]:
        """Ongoing abilities in play for this attack: the attacker's and each target's."""
        out = [
            (self.decl.attacker, a)
            for a in self.attacker.profile.abilities.values()
            if a.window == "ongoing" and a.trigger in ("own_attack", "any")
        ]
        for t in self.targets:
            unit = self.battle.units.get(t)
            if unit is not None:
                out += [
                    (t, a)
                    for a in unit.profile.abilities.values()
                    if a.window == "ongoing" and a.trigger in ("attacked", "defending", "any")
                ]
        return out

    def collect_ongoing(self, kinds: tuple[str, ...], stage: str) -> None:
        for owner, ability in self.ongoing():
            for eff in ability.effects:
                if eff.kind in kinds:
                    recipient = owner if eff.on == "self" else None
                    self.mods.append(
                        Modifier(
                            eff.kind,
                            eff.amount,
                            f"{owner}'s {ability.name}",
                            ability.when,
                            recipient,
                            eff.faces,
                        )
                    )
                    self.emit(
                        f"{stage}.ongoing",
                        ("GA-SEQ-13",),
                        f"{owner}'s ongoing ability {ability.name}: {eff.describe()}",
                        {"unit": owner, "ability": ability.name, "effect": eff.kind, "amount": eff.amount},
                    )

    def report_conditions(self, kind: str, stage: str) -> None:
        """Say, for each conditional Strength or Accuracy modifier, whether it applies (GA-ROLL-5)."""
        for m in self.mods:
            if m.kind != kind or not m.when or m.recipient is not None:
                continue
            meets = [t for t in self.targets if self.holds(m.when, t)]
            if meets:
                text = (
                    f"{m.source}: its condition holds against {', '.join(meets)}, so it applies to the whole "
                    f"attack"
                    + (f", against all {len(self.targets)} targets" if len(self.targets) > 1 else "")
                )
            else:
                text = f"{m.source}: its condition holds against no target; it does not apply"
            self.emit(
                f"{stage}.condition",
                ("GA-ROLL-5",),
                text,
                {"effect": kind, "amount": m.amount, "applies": bool(meets), "meets": meets},
            )

    def mod_total(self, kind: str, recipient: str | None = None) -> int:
        total = 0
        for m in self.mods:
            if m.kind != kind:
                continue
            if m.recipient is None:
                ok = (
                    self.holds_for_attack(m.when)
                    if kind in ("strength", "accuracy")
                    else (recipient is None or self.holds(m.when, recipient))
                )
            else:
                ok = m.recipient == recipient and self.holds(m.when, recipient)
            if ok:
                total += m.amount
        return total

    def target_accuracy(self, name: str) -> tuple[int, list[Event]]:
        """The Accuracy this attack's dice are scored at against target ``name``, with the events
        that say why: the terrain and elevation between attacker and target (GA-HIT-2, GA-ELEV-*)
        plus the attack's Accuracy modifiers (cards, and Disarm's -1 under
        disarm_effect=minus_one_accuracy). The one sum: the damage step scores the dice with it and
        the exact odds (rulecheck_gundam_assemble/engine/odds.py) count with it."""
        # Where the attacker stands; under defeated_attacker_outside_activation=attack_continues a
        # defeated attacker has left the board, and its attack is measured from where it stood.
        attacker = self.piece(self.decl.attacker) or self.attacker_at_check
        terrain, events = terrain_accuracy(self.battle.board, attacker, self.piece(name), self.rules)
        return terrain + self.mod_total("accuracy") + self.disarm_accuracy, events

    def run(self) -> AttackResult:
        """Walk this attack through the whole sequence (an attack made by an effect is run this way)."""
        return walk(self)

    def strength_after_attack(self) -> None:
        """Remember the Strength bonuses the activating unit used before this attack: whether they
        apply to its next attack is decided there (``strength_bonus_duration``, FAQ Q.12)."""
        if not self.before_strength or self.battle.activating != self.decl.attacker:
            return
        lasting = tuple((m.source, m.amount) for m in self.before_strength)
        self.battle = replace(self.battle, activation_strength=self.battle.activation_strength + lasting)

    def result(self, legal: bool) -> AttackResult:
        self.emit(
            "end.attack",
            ("GA-SEQ-13",),
            "the attack is over" if legal else "the attack cannot be made; nothing is paid or rolled",
            {"legal": legal},
        )
        return AttackResult(
            legal,
            self.battle,
            tuple(self.events),
            tuple(self.targets),
            self.faces,
            self.strength,
            self.tl_paid,
            self.crit_triggers,
            dict(self.per_target),
            self.ended,
            tuple(self.nested),
            tuple(self.sightlines),
        )

    def end_attack(self, why: str, clauses, interpretation: str | None = None) -> None:
        self.ended = why
        self.emit("end.early", clauses, why, {}, interpretation)
        raise AttackEnded

    # --- the clauses of the check step (GA-SEQ-2) -----------------------------------------------
    def check_single(self, attacker: Piece) -> list[Piece] | None:
        name = self.decl.target
        if name is None:
            raise AttackError("a weapon with a numeric range needs a 'target'", "target")
        if self.decl.area is not None:  # would otherwise be ignored without a word
            raise AttackError(
                f"{self.weapon.name} has a numeric range: give a 'target', not an 'area'", "area"
            )
        names = [name, *self.decl.more_targets]
        if len(names) > self.weapon.targets or len(set(names)) < len(names):
            self.emit(
                "check.illegal",
                ("GA-ROLL-3", "GA-TGT-1"),
                f"{self.weapon.name} attacks at most {count_of(self.weapon.targets, 'target')}, each once; "
                f"{len(names)} were named",
                {"targets": names, "allowed": self.weapon.targets},
            )
            return None
        bonus, ignores = self.reach_changes()
        self.reach_bonus, self.reach_ignores_los = bonus, ignores
        mode = LosMode.IGNORE if self.weapon.ignores_los or ignores else LosMode.STANDARD
        found = []
        for name in names:
            target = self.piece(name)
            if target is None:
                self.emit("check.illegal", ("GA-TGT-1", "GA-DEF-2"), f"{name} is not on the board")
                return None
            if target.side == self.side:
                self.emit(
                    "check.illegal",
                    ("GA-TGT-1",),
                    f"{name} is an ally: only enemies can be attacked",
                    {"target": name},
                )
                return None
            hidden = self.untargetable(name, area=False)
            if hidden:
                self.emit(
                    "check.illegal",
                    ("GA-TGT-1",),
                    f"{name} cannot be targeted ({hidden})",
                    {"target": name, "card": hidden},
                )
                return None
            reach = check_reach(
                self.battle.board, attacker, target, self.rules, self.weapon.range + bonus, mode=mode
            )
            self.events.extend(replace(e, step=f"check.{e.step}") for e in reach.events)
            if reach.los is not None:
                self.sightlines.append(reach.los)
            if not reach.eligible:
                return None
            found.append(target)
        return found

    def reach_changes(self) -> tuple[int, bool]:
        """Range and Line of Sight changes for this attack, needed before targets are checked: from
        Responses used before the attack, the attacker's ongoing abilities and lasting effects."""
        found: list[tuple[str, str, int]] = [
            (m.kind, m.source, m.amount) for m in self.mods if m.kind in ("range", "ignore_los")
        ]
        for a in self.attacker.profile.abilities.values():
            if a.window == "ongoing" and a.trigger in ("own_attack", "any"):
                found += [
                    (e.kind, f"{self.decl.attacker}'s {a.name}", e.amount)
                    for e in a.effects
                    if e.kind in ("range", "ignore_los")
                ]
        found += [
            (x.effect.kind, x.source, x.amount)
            for x in self.lasting_at_start
            if x.unit == self.decl.attacker and x.effect.kind in ("range", "ignore_los")
        ]
        bonus = sum(n for kind, _, n in found if kind == "range")
        for kind, source, n in found:
            self.emit(
                "check.reach_change",
                ("GA-WPN-2",) if kind == "range" else ("GA-ILOS-1",),
                f"{source}: "
                + (
                    f"{n:+d} range for this attack"
                    if kind == "range"
                    else "this attack ignores Line of Sight"
                ),
                {"effect": kind, "amount": n},
            )
        return bonus, any(kind == "ignore_los" for kind, _, _ in found)

    def check_area(self, attacker: Piece) -> list[Piece] | None:
        assert self.weapon.area is not None
        if self.decl.area is None:
            raise AttackError(
                f"{self.weapon.name} is an area of effect weapon: give the placed 'area' hexes", "area"
            )
        if self.decl.target is not None:
            raise AttackError(
                f"{self.weapon.name} is an area of effect weapon: give the 'area', not a 'target'", "target"
            )
        orientation = self.rules.interpretation("aoe_diagram_orientation")
        legal = placements(self.weapon.area, attacker.hex, orientation=orientation)
        placement = find_placement(self.weapon.area, attacker.hex, self.decl.area, orientation)
        if placement is None:
            self.emit(
                "check.illegal",
                ("GA-AOE-2",),
                f"the chosen hexes do not match {self.weapon.name}'s diagram ({len(legal)} legal placements)",
                {"legal_placements": [sorted(p.hexes) for p in legal]},
                self.rules.cite("aoe_diagram_orientation"),
            )
            return None
        self.emit(
            "check.area",
            ("GA-AOE-2",),
            f"the pattern is placed on {sorted(map(list, placement.hexes))} "
            f"(one of {len(legal)} legal placements" + (", mirrored" if placement.mirrored else "") + ")",
            {"hexes": sorted(placement.hexes), "symmetry": placement.symmetry},
            self.rules.cite("aoe_diagram_orientation"),
        )
        found = area_targets(self.battle.board, attacker, placement, self.rules, self.weapon.ignores_los)
        self.events.extend(found.events)
        eligible = []
        for p in found.targets:
            hidden = self.untargetable(p.name, area=True)
            if hidden:
                self.emit(
                    "check.not_eligible",
                    ("GA-AOE-5", "GA-TGT-1"),
                    f"{p.name} is in the area but cannot be targeted by it ({hidden}): it is not an eligible "
                    "enemy, so the attack goes on without it",
                    {"target": p.name, "card": hidden},
                )
            else:
                eligible.append(p)
        if not eligible:
            self.emit(
                "check.illegal", ("GA-AOE-3",), "no enemy in the area is in Line of Sight: nothing to attack"
            )
            return None
        return eligible


# --- the steps of the book's sequence ---------------------------------------------------------


def before_attack(state: AttackState) -> None:
    """GA-DECL-2: the Responses used before the attack starts. Writes ``mods``, ``battle``,
    ``events`` (through the window) and ``before_strength``: the Strength bonuses used here, which
    may carry to the next attack of the activation (``strength_after_attack``)."""
    state.window("before_attack")
    state.before_strength = [m for m in state.mods if m.kind == "strength" and not m.lasting]


def declare(state: AttackState) -> None:
    """GA-SEQ-1, GA-DECL-1: the attacker declares its weapon and its target(s) or placed area.
    Reads ``decl``, ``weapon``, ``depth``; writes ``events``."""
    what = (
        f"the area {sorted(map(list, state.decl.area))}"
        if state.decl.area is not None
        else "; ".join([state.decl.target, *state.decl.more_targets])
        if state.decl.target
        else "(no target)"
    )
    state.emit(
        "declare.attack",
        ("GA-SEQ-1", "GA-DECL-1"),
        f"{state.decl.attacker} declares an attack with {state.weapon.name} on {what}"
        # an attack a card makes outside another attack (an attack made in one is nested)
        + (f", made by {state.decl.made_by}" if state.decl.made_by and not state.depth else ""),
        {"attacker": state.decl.attacker, "weapon": state.weapon.name},
    )


def check(state: AttackState) -> bool:
    """GA-SEQ-2: range, Line of Sight, targets and Engagement (GA-TGT-*, GA-AOE-*, GA-ENG-2,
    GA-DEF-6), through ``check_single`` or ``check_area``. Returns False when the attack cannot be
    made. Reads ``decl``, ``weapon``, ``battle``, ``mods``; writes ``attacker_at_check``,
    ``reach_bonus``, ``reach_ignores_los``, ``sightlines``, ``targets``, ``original_targets``, and
    ``mods`` (ongoing abilities and lasting effects come into play here), ``events``."""
    unit, piece = state.attacker, state.piece(state.decl.attacker)
    state.attacker_at_check = piece
    if unit.in_reserve or piece is None:
        state.emit(
            "check.illegal",
            ("GA-DEF-6",),
            f"{unit.name} is in Reserve and must be redeployed before it acts",
        )
        return False
    w = state.weapon
    state.emit(
        "check.weapon",
        ("GA-SEQ-2", "GA-WPN-1", "GA-WPN-2", "GA-WPN-3"),
        f"{w.name}: TL cost {w.tl_cost}, range {'SP (area)' if w.is_area else w.range}, "
        f"Strength {w.strength}",
        {"tl_cost": w.tl_cost, "range": w.range, "strength": w.strength},
    )
    targets = state.check_area(piece) if w.is_area else state.check_single(piece)
    if targets is None:
        return False
    legal, event = engagement_check(state.battle.board, piece, targets, state.rules)
    state.events.append(event)
    if not legal:
        state.emit(
            "check.illegal",
            ("GA-ENG-2",),
            "the attack must include an enemy the attacker is Engaged with",
        )
        return False
    state.targets = [t.name for t in targets]
    state.original_targets = list(state.targets)
    # Ongoing abilities are in play from here on; each modifier is used at its own step.
    state.collect_ongoing(
        (
            "tl_cost",
            "strength",
            "accuracy",
            "damage_plus",
            "damage_reduction",
            "critical_faces",
            "ignore_shields",
        ),
        "check",
    )
    state.collect_lasting("check")
    return True


def pay(state: AttackState) -> None:
    """GA-SEQ-3, GA-WPN-1: the attacker pays the weapon's Timeline cost, as modified (the
    reading tl_cost_floor when modifiers take it below 1). Reads ``weapon``, ``mods``, ``decl``;
    writes ``battle`` (the attacker's Timeline), ``tl_paid``, ``events``."""
    if state.decl.tl_cost_change:
        state.emit(
            "pay.cost_change",
            ("GA-WPN-1",),
            f"{state.decl.made_by}: this attack's Timeline cost changes by {state.decl.tl_cost_change:+d}",
            {"change": state.decl.tl_cost_change},
        )
    raw = state.weapon.tl_cost + state.mod_total("tl_cost") + state.decl.tl_cost_change
    raw = state.absolute_cost(raw)  # a card's "this attack costs N", if any (card_dice)
    # The floor is a question only when modifiers take the cost below 1.
    floor = (0 if state.rules.interpretation("tl_cost_floor") == "zero" else 1) if raw < 1 else 1
    paid = max(floor, raw)
    unit = state.attacker
    note = None
    if raw != state.weapon.tl_cost:
        note = state.rules.cite("tl_cost_floor") if raw < floor else None
    state.battle = state.battle.with_unit(replace(unit, timeline=unit.timeline + paid))
    state.tl_paid = paid
    # The text keeps a line of its own: presentation, which mutmut leaves alone (pyproject.toml).
    # fmt: off
    extra = (
        f" (modified from {state.weapon.tl_cost}" + (f", stopped at {floor}" if raw < floor else "") + ")"
    )
    # fmt: on
    state.emit(
        "pay.timeline",
        ("GA-SEQ-3", "GA-WPN-1"),
        f"{unit.name} pays {paid} Timeline: its token moves {unit.timeline} -> {unit.timeline + paid}"
        + (extra if raw != state.weapon.tl_cost else ""),
        {"printed": state.weapon.tl_cost, "paid": paid, "from": unit.timeline, "to": unit.timeline + paid},
        note,
    )


def before_attack_roll(state: AttackState) -> None:
    """GA-SEQ-4: the Before Attack Roll window, attacker's Responses first (GA-SEQ-14). Reads the
    declared Responses; writes ``mods``, ``battle``, ``targets``, ``events``."""
    state.window("before_attack_roll")


def roll(state: AttackState) -> None:
    """GA-SEQ-5, GA-ROLL-1..3, GA-WPN-4: the weapon's effects join the modifiers, the
    Strength is worked out (conditions per GA-ROLL-5; a bonus used before an earlier attack of the
    activation per strength_bonus_duration) and that many dice are rolled at once. Reads ``mods``,
    ``weapon``, ``targets``, ``battle``; writes ``mods``, ``strength``, ``faces``, ``events``."""
    # Asked only when it can matter: an earlier attack of this activation used such a bonus.
    if state.battle.activating == state.decl.attacker and state.battle.activation_strength:
        lasts = state.rules.interpretation("strength_bonus_duration") == "whole_activation"
        for source, amount in state.battle.activation_strength:
            if lasts:
                state.mods.append(
                    Modifier("strength", amount, f"{source} (earlier this activation)", {}, None)
                )
            state.emit(
                "roll.earlier_strength",
                ("GA-DECL-2", "GA-ROLL-1"),
                f"{source}, used before an earlier attack this activation: "
                + (f"Strength {amount:+d} again" if lasts else "its Strength applied to that attack only"),
                {"amount": amount if lasts else 0},
                state.rules.cite("strength_bonus_duration"),
            )
    for e in state.weapon.effects:
        state.mods.append(
            Modifier(e.kind, e.amount, f"weapon effect of {state.weapon.name}", e.target_conditions, None)
        )
        state.emit(
            "roll.weapon_effect",
            ("GA-WPN-4",),
            f"weapon effect of {state.weapon.name}: {e.describe()}",
            None,
            state.condition_reading(e.target_conditions),
        )
    state.report_conditions("strength", "roll")
    mod = state.mod_total("strength")
    state.strength = max(0, state.weapon.strength + mod)
    state.faces = state.dice.roll(state.strength, state.rules.param("attack_die_sides"), "attack")
    state.emit(
        "roll.dice",
        ("GA-SEQ-5", "GA-ROLL-1", "GA-ROLL-2", "GA-ROLL-3"),
        f"{state.strength} attack dice (Strength {state.weapon.strength}"
        + (f" {mod:+d}" if mod else "")
        + f") rolled at once: {list(state.faces)}"
        + (" for every target" if len(state.targets) > 1 else ""),
        {"strength": state.strength, "faces": list(state.faces)},
    )


def after_attack_roll(state: AttackState) -> None:
    """GA-SEQ-6: the After Attack Roll window. Writes ``disarm_timing_asked``: the timing of Disarm
    is a question only for a Disarmed attacker whose defender has After Attack Roll Responses.
    Under disarm_timing=before_defender_responses only the attacker's Responses resolve here, and
    the defender's wait for ``defender_responses_after_disarm``; else the whole window resolves."""
    # The timing of Disarm is a question only for a Disarmed attacker whose defender has After
    # Attack Roll Responses to resolve before or after it: asked only then.
    state.disarm_timing_asked = DISARM in state.attacker.statuses and any(
        r.window == "after_attack_roll" and state.owner_side(r) != state.side for r in state.decl.responses
    )
    if disarm_before_defender(state):
        state.window("after_attack_roll", only="attacker")
    else:
        state.window("after_attack_roll")


def disarm_before_defender(state: AttackState) -> bool:
    """Whether Disarm resolves between the attacker's and the defender's After Attack Roll
    Responses (GA-SEQ-7; the reading disarm_timing, asked only when it can matter)."""
    return (
        state.disarm_timing_asked
        and state.rules.interpretation("disarm_timing") == "before_defender_responses"
    )


def disarm(state: AttackState) -> None:
    """GA-SEQ-7: a Disarmed attacker's dice are changed (``disarm_dice``: the highest die
    removed, or -1 Accuracy under disarm_effect) and Disarm is removed. Reads ``faces``,
    ``disarm_timing_asked``; writes ``faces``, ``disarm_accuracy``, ``battle``, ``events``."""
    unit = state.attacker
    if DISARM not in unit.statuses:
        return
    state.faces, acc, event = disarm_dice(state.faces, state.rules)
    state.disarm_accuracy += acc
    if state.disarm_timing_asked:
        event = replace(event, interpretation=f"{event.interpretation}; {state.rules.cite('disarm_timing')}")
    state.events.append(event)
    state.battle = state.battle.with_unit(replace(unit, statuses=unit.statuses - {DISARM}))
    state.emit("disarm.removed", ("GA-SEQ-7",), f"Disarm is removed from {unit.name}")


def defender_responses_after_disarm(state: AttackState) -> None:
    """GA-SEQ-6/7 under disarm_timing=before_defender_responses: the defending player's After
    Attack Roll Responses, after Disarm. Otherwise nothing (they resolved in ``after_attack_roll``)."""
    if disarm_before_defender(state):
        state.window("after_attack_roll", only="defender")


def chosen_crit_target(state: AttackState) -> str:
    """The one target a critical effect applies to under ``aoe_crit_effect_scope=chosen_target``:
    the attacking player's choice (the declaration's ``crit_target``), which must be one of the
    attack's targets. Unscripted, strict resolution refuses it; lenient takes the first target
    and the trace says so."""
    chosen = state.decl.crit_target
    if chosen is not None:
        if chosen not in state.targets:
            raise AttackError(
                f"{chosen} is not a target of this attack, so a critical effect cannot be applied to it "
                f"(targets: {', '.join(state.targets)})",
                "crit_target",
            )
        return chosen
    if state.strict:
        raise AttackError(
            "the critical effect applies to one target the attacking player chooses "
            f"(aoe_crit_effect_scope=chosen_target): name it as crit_target (targets: {', '.join(state.targets)})",
            "crit_target",
        )
    state.emit(
        "critical.default_choice",
        ("GA-CRIT-3",),
        f"no target chosen for the critical effect: the first, {state.targets[0]}, is taken (lenient run)",
        {"crit_target": state.targets[0]},
        "aoe_crit_effect_scope",
    )
    return state.targets[0]


def critical(state: AttackState) -> None:
    """GA-SEQ-8, GA-CRIT-1..4: critical hits are counted (with faces an effect made
    critical) and the weapon's critical effect triggers as many times as the card allows, on the
    target(s) the reading aoe_crit_effect_scope names; an effect that resolves After Combat Damage
    waits (``crit_deferred``). Reads ``faces``, ``weapon``, ``targets``, ``decl``; writes
    ``crit_triggers``, ``crit_deferred``, and whatever the effects change (``battle``, ``mods``),
    ``events``."""
    crit = state.weapon.critical
    extra = state.extra_critical_faces()
    if extra:
        state.emit(
            "critical.faces",
            ("GA-CRIT-4", "GA-HIT-4"),
            f"an effect makes {' and '.join(map(str, sorted(extra)))} critical hits too for this attack: "
            f"critical faces are {sorted(set(state.rules.param('critical_faces')) | extra)}",
            {"extra": sorted(extra)},
        )
    crits = count_crits(state.faces, state.rules, extra)
    if crit is None or not crit.effects:
        state.emit(
            "critical.none",
            ("GA-SEQ-8",),
            f"{count_of(crits, 'critical hit')}; {state.weapon.name} has no critical effect",
        )
        return
    if crits < crit.crits_needed:
        state.emit(
            "critical.none",
            ("GA-SEQ-8", "GA-CRIT-2"),
            f"{count_of(crits, 'critical hit')} rolled; the critical effect needs {crit.crits_needed}",
            {"crits": crits},
        )
        return
    limit = state.rules.param("crit_effect_triggers_per_attack")
    times = crits // crit.crits_needed if crit.per_crit else min(limit, crits // crit.crits_needed)
    state.crit_triggers = times
    recipients = list(state.targets)
    interp = None
    if len(state.targets) > 1:  # asked only when it can matter: several targets
        interp = state.rules.cite("aoe_crit_effect_scope")
        if state.rules.interpretation("aoe_crit_effect_scope") == "chosen_target":
            recipients = [chosen_crit_target(state)]
    state.emit(
        "critical.triggered",
        ("GA-SEQ-8", "GA-CRIT-2", "GA-CRIT-3"),
        f"{count_of(crits, 'critical hit')}: {state.weapon.name}'s critical effect "
        f"({crit.describe()}) triggers "
        + (f"{times} times" if times > 1 else "once")
        + ("" if crit.per_crit else " for this attack"),
        {"crits": crits, "times": times, "recipients": recipients},
        interp,
    )
    if crit.window == "after_combat_damage":
        state.crit_deferred = (times, recipients)
        state.emit(
            "critical.deferred",
            ("GA-SEQ-8", "GA-SEQ-12", "GA-SEQ-13"),
            f"{state.weapon.name}'s critical effect resolves After Combat Damage, as its card says: "
            "nothing of it happens before damage is dealt",
            {"window": crit.window},
        )
        return
    for _ in range(times):
        for eff in crit.effects:
            state.apply_effect(
                eff,
                "critical",
                f"critical effect of {state.weapon.name}",
                state.decl.attacker,
                None,
                recipients,
            )


def damage(state: AttackState) -> None:
    """GA-SEQ-9, GA-ROLL-4/6, GA-HIT-*, GA-DMG-1..6: against each target the dice are
    scored at that target's Accuracy (``AttackState.target_accuracy``, the one sum), damage is
    worked out after Damage+X, reductions and Shields, and then lands on every target at once.
    Reads ``faces``, ``mods``, ``targets``, ``crit_triggers``; writes ``battle`` (hit points,
    Shields), ``per_target``, ``events``."""
    planned: list[tuple[str, int, Any]] = []
    state.report_conditions("accuracy", "damage")
    extra = state.extra_critical_faces()
    for name in state.targets:
        accuracy, acc_events = state.target_accuracy(name)
        state.events.extend(acc_events)
        score = score_dice(state.faces, accuracy, state.rules, extra)
        state.emit(
            "damage.hits",
            ("GA-ROLL-4", "GA-HIT-1", "GA-HIT-2", "GA-HIT-3", "GA-HIT-4", "GA-CRIT-1"),
            f"against {name} at {accuracy:+d} Accuracy the dice {list(state.faces)} "
            f"score {plural(score.hits, 'hit')} "
            f"({score.crits} critical)",
            {
                "target": name,
                "accuracy": accuracy,
                "hits": score.hits,
                "crits": score.crits,
                "results": list(score.results),
            },
        )
        unit = state.battle.units.get(name)
        if unit is None:  # a Garrison: the chapter gives it no hit points
            state.emit("damage.no_hit_points", ("GA-DMG-3",), f"{name} has no hit points in this chapter")
            continue
        ignored = min(unit.shields, state.mod_total("ignore_shields", name))
        dmg = combat_damage(
            score.hits,
            state.mod_total("damage_plus", name),
            state.mod_total("damage_reduction", name),
            unit.shields - ignored,
            state.rules,
        )
        if ignored:
            state.emit(
                "damage.shields_ignored",
                ("GA-DMG-2", "GA-DMG-4"),
                f"{ignored} of {name}'s {unit.shields} active Shields are ignored by this attack",
                {"target": name, "ignored": ignored},
            )
        planned.append((name, accuracy, (score, dmg)))
    # Damage lands on every target at once (GA-ROLL-6): compute first, then apply.
    for name, accuracy, (score, dmg) in planned:
        unit = state.battle.unit(name)
        clauses = ["GA-SEQ-9", "GA-DMG-1", "GA-DMG-3"]
        parts = [plural(dmg.hits, "hit")]
        if dmg.damage_plus:
            clauses.append("GA-DMG-6")
            parts.append(f"Damage{dmg.damage_plus:+d}")
        if dmg.reduction:
            clauses.append("GA-DMG-4")
            parts.append(f"reduced by {dmg.reduction}")
        if dmg.shields_used or unit.shields:
            clauses += ["GA-DMG-2", "GA-DMG-4"]
            # The text keeps a line of its own: presentation, which mutmut leaves alone (pyproject.toml).
            # fmt: off
            parts.append(
                f"{dmg.prevented} prevented by {dmg.shields_used} of {unit.shields} active Shields"
            )
            # fmt: on
        if len(state.targets) > 1:
            clauses.append("GA-ROLL-6")
        new = lose_hit_points(use_shields(unit, dmg.shields_used, state.rules), dmg.dealt)
        state.battle = state.battle.with_unit(new)
        cites = [state.rules.cite("shields_after_use")] if dmg.shields_used else []
        if dmg.hits == 0 and state.mod_total("damage_plus", name):
            cites.append(state.rules.cite("damage_plus_without_hits"))
        dealt = dmg.dealt
        if dmg.dealt > unit.hp:
            dealt = damage_counted(dmg.dealt, unit.hp, state.rules)
            cites.append(state.rules.cite("excess_damage_dealt"))
            parts.append(f"{dealt} of it counted as dealt against {unit.hp} hit points left")
        state.emit(
            "damage.dealt",
            tuple(dict.fromkeys(clauses)),
            f"{name}: {', '.join(parts)}: {dmg.dealt} damage, hit points {unit.hp} -> {new.hp}",
            {"target": name, "dealt": dealt, "prevented": dmg.prevented, "hp": new.hp},
            "; ".join(cites) or None,
        )
        if state.crit_triggers and dmg.dealt == 0 and dmg.prevented:
            state.emit(
                "damage.critical_still_applies",
                ("GA-DMG-5",),
                f"Shields stopped all damage to {name}; the critical hit effect still applied",
            )
        state.per_target[name] = TargetOutcome(
            name,
            accuracy,
            score.hits,
            score.crits,
            dmg.damage_plus,
            dmg.reduction,
            dmg.shields_used,
            dmg.prevented,
            dealt,
            0,
            new.hp,
            False,
        )


def fracture(state: AttackState) -> None:
    """GA-SEQ-10: a Fractured target dealt damage takes more (the reading
    fracture_effect). Reads ``per_target``; writes ``battle``, ``per_target``, ``events``."""
    for name, out in list(state.per_target.items()):
        unit = state.battle.unit(name)
        if FRACTURE not in unit.statuses or out.dealt == 0:
            continue
        extra, stays = fracture_extra(state.rules)
        new = lose_hit_points(unit, extra)
        if not stays:
            new = replace(new, statuses=new.statuses - {FRACTURE})
        state.battle = state.battle.with_unit(new)
        state.per_target[name] = replace(out, fracture=extra, hp_after=new.hp)
        state.emit(
            "fracture.triggered",
            ("GA-SEQ-10",),
            f"damage was dealt to the Fractured {name}: {extra} more damage, "
            f"hit points {unit.hp} -> {new.hp}" + ("" if stays else "; Fracture is removed"),
            {"target": name, "extra": extra, "hp": new.hp},
            state.rules.cite("fracture_effect"),
        )


def defeats(state: AttackState) -> None:
    """GA-SEQ-11, GA-DEF-3: targets at 0 hit points are defeated (unless a card keeps them
    on the board), in the order the reading simultaneous_defeat_order gives. Reads ``targets``,
    ``battle``, ``decl``; writes ``battle``, ``defeated_in_attack``, ``defeated_by_damage_step``,
    ``per_target``, ``events``."""
    at_zero = [
        n
        for n in state.targets
        if n in state.battle.units and state.battle.unit(n).hp == 0 and not state.battle.unit(n).in_reserve
    ]
    down = []
    for n in at_zero:
        if not state.kept_from_defeat(n, "defeat"):
            down.append(n)
        elif n in state.per_target:  # a card kept it on the board with some hit points
            state.per_target[n] = replace(state.per_target[n], hp_after=state.battle.unit(n).hp)
    interp = None
    if len(down) > 1:
        # Asked only when it can matter: the owner has said an order of their own.
        interp = state.rules.cite("simultaneous_defeat_order") if state.decl.defeat_order else None
        if (
            state.decl.defeat_order
            and state.rules.interpretation("simultaneous_defeat_order") == "owner_chooses"
        ):
            order = [n for n in state.decl.defeat_order if n in down]
            down = order + [n for n in down if n not in order]
        state.emit(
            "defeat.order",
            ("GA-DEF-3", "GA-ROLL-6"),
            f"{len(down)} units are defeated at once; penalties apply in the order {', '.join(down)}",
            {"order": down},
            interp,
        )
    if not at_zero:
        state.emit("defeat.none", ("GA-SEQ-11",), "no unit is at 0 hit points")
    for name in down:
        state.battle, events = defeat(state.battle, name, state.rules, "defeat")
        state.events.extend(events)
        state.defeated_in_attack.add(name)
        state.defeated_by_damage_step.add(name)
        state.battle = state.battle.with_defeat(state.decl.attacker, name)
        if name in state.per_target:
            state.per_target[name] = replace(state.per_target[name], defeated=True)


def deferred_critical(state: AttackState) -> None:
    """A critical hit effect whose card says it resolves After Combat Damage: it resolves first
    in that window, the attacking player's own effect (GA-SEQ-14). Reads ``crit_deferred``,
    ``weapon``; writes what the effect changes, ``events``."""
    if state.crit_deferred is None:
        return
    times, recipients = state.crit_deferred
    assert state.weapon.critical is not None
    state.emit(
        "after_combat_damage.critical_effect",
        ("GA-SEQ-12", "GA-CRIT-2", "GA-WPN-5"),
        f"{state.weapon.name}'s critical effect ({state.weapon.critical.describe()}) resolves now, "
        "after combat damage",
        {"times": times, "recipients": recipients},
    )
    for _ in range(times):
        for eff in state.weapon.critical.effects:
            state.apply_effect(
                eff,
                "after_combat_damage",
                f"critical effect of {state.weapon.name}",
                state.decl.attacker,
                None,
                recipients,
            )


def after_combat_damage(state: AttackState) -> None:
    """GA-SEQ-12: the After Combat Damage window, attacker's Responses first (GA-SEQ-14)."""
    state.window("after_combat_damage")


@dataclass(frozen=True)
class Step:
    """One step of the book's attack sequence: the name of the function of this module that makes
    it, and the stage of ``STAGES`` its events belong to."""

    name: str
    stage: str

    @property
    def function(self) -> Callable[[AttackState], bool | None]:
        """The step's function; it returns False only when the attack cannot be made (``check``).
        Looked up when the step is made, not kept, so a function swapped in this module (mutation
        testing: benchmarks/equivalent_patch.py) is the one that runs."""
        return globals()[self.name]


# The book's sequence (GA-SEQ-1..14), as ``walk`` makes it.
SEQUENCE: tuple[Step, ...] = (
    Step("before_attack", "before_attack"),
    Step("declare", "declare"),
    Step("check", "check"),
    Step("pay", "pay"),
    Step("before_attack_roll", "before_attack_roll"),
    Step("roll", "roll"),
    Step("after_attack_roll", "after_attack_roll"),
    Step("disarm", "disarm"),
    Step("defender_responses_after_disarm", "after_attack_roll"),
    Step("critical", "critical"),
    Step("damage", "damage"),
    Step("fracture", "fracture"),
    Step("defeats", "defeat"),
    Step("deferred_critical", "after_combat_damage"),
    Step("after_combat_damage", "after_combat_damage"),
)


def walk(state: AttackState, before_step: Callable[[Step, AttackState], None] | None = None) -> AttackResult:
    """Make the steps of ``SEQUENCE`` in order on ``state`` and return the result.

    A step that finds the attack cannot be made (``check``) ends the walk at once: nothing is paid
    or rolled. A step that ends the attack early raises ``AttackEnded``; the walk then closes the
    attack as after its last step: the scripted dice must all have been used, scripted moves and
    move Responses not used are errors, and Strength bonuses are remembered for the activation.

    ``before_step(step, state)``, if given, is called before each step: it may read the state,
    refuse (raise), or stop the walk there by raising ``AttackEnded`` (the exact odds,
    rulecheck_gundam_assemble/engine/odds.py, stop before the critical step this way)."""
    try:
        for step in SEQUENCE:
            if before_step is not None:
                before_step(step, state)
            if step.function(state) is False:
                return state.result(legal=False)
    except AttackEnded:
        pass
    state.dice.finish()
    state.unused_critical_moves()
    state.unused_move_responses()
    state.strength_after_attack()
    return state.result(legal=True)


def resolve_attack(
    battle: Battle, declaration: AttackDeclaration, dice: DiceSource, rules: Rulebook, strict: bool = True
) -> AttackResult:
    """Resolve one attack from declaration to After Combat Damage.

    Pure apart from drawing from ``dice``; ``dice.finish()`` is called at the end, so scripted
    faces left unused fail the resolution (DiceScriptError). ``strict``: a choice an ability asks
    for that the declaration does not script is an error (else its first option is taken, and the
    trace says so)."""
    return walk(AttackState(battle, declaration, dice, rules, strict=strict))
