"""The card vocabulary beyond the chapter's examples, as the other half of the attack's state.

``responses.ResponseWindows`` runs the Response windows and the effects the chapter's own examples
need; ``CardEffects`` adds what printed cards also do: lasting modifiers and their durations,
conditions on the result, use limits, closed windows, untargetable units, typed Upgrades, Energy,
repairs, damage to every enemy in reach, and attacks made by effects (nested, with a depth limit).
Like ``ResponseWindows`` it works on one attack's state (``attack.AttackState`` inherits both and
declares every attribute they use).
Python abilities (``python_abilities``) run here too.
"""

from __future__ import annotations

from dataclasses import replace

from rulecheck_gundam_assemble.engine.abilities import ANY_UPGRADE, UPGRADES, Ability, Effect
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError, Response
from rulecheck_gundam_assemble.engine.defeat import defeat_prevented
from rulecheck_gundam_assemble.engine.python_abilities import Play
from rulecheck_gundam_assemble.engine.responses import (
    MODIFIER_CLAUSE,
    RESPONSE_CLAUSE,
    WINDOW_CLAUSE,
    Modifier,
)
from rulecheck_gundam_assemble.engine.units import Lasting
from rules.dice import DiceScriptError, DiceSource
from rules.events import count_of
from rules.hexgrid import distance

# How deep attacks made by effects may nest (a Response attacks back, whose attack lets the other
# unit attack back, ...). Card text never loops for long; a deeper chain is a card that loops.
MAX_NESTED_ATTACKS = 8


def defeat_stoppers(unit) -> list[tuple[Ability, Effect]]:
    """The unit's ongoing abilities that step in when it would be defeated, each with its effect."""
    return [
        (a, e)
        for a in unit.profile.abilities.values()
        if a.window == "ongoing"
        for e in a.effects
        if e.kind == "prevent_defeat"
    ]


class NestedDice(DiceSource):
    """The dice of an attack made during another attack: its attack roll comes from the
    ``nested`` script, its other rolls from their usual queues; the outer attack finishes."""

    def __init__(self, outer: DiceSource):
        self.outer = outer

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return self.outer.roll(count, sides, "nested" if purpose == "attack" else purpose)

    def finish(self) -> None:
        pass


class CardEffects:
    """Card effects and checks beyond the chapter's examples (see the module docstring)."""

    def own_unit(self, r: Response, side: str) -> str | None:
        """The unit an ability speaks of as "this unit": its own, or for a Tactics card the
        attacker (its side attacks) or the single target (its side defends)."""
        if r.unit is not None:
            return r.unit
        if self.tactics_unit is not None:  # answering a move: the unit that moved or saw it
            return self.tactics_unit
        if side == self.side:  # GA-DECL-1: one unit attacks, the attacking player's one unit in it
            return self.decl.attacker
        # A Garrison target is not a unit: a card's "this unit" is never one.
        units = [t for t in self.targets if t in self.battle.units]
        if len(self.targets) == 1:
            return units[0] if units else None
        # reading: defending_card_unit (several targets: which one is the card's "this unit"?)
        if self.rules.interpretation("defending_card_unit") == "single_target_only":
            return None
        if r.target is None:
            raise AttackError(f"{r.ability.name}: choose which target is its unit ('target')", "target")
        if r.target not in units:
            raise AttackError(
                f"{r.ability.name}: {r.target} is not a target of this attack (targets: {', '.join(units)})",
                "target",
            )
        return r.target

    def card_without_its_unit(self, r: Response, side: str, window: str) -> bool:
        """A defending Tactics card whose effects act on "this unit" (or attack with it) when the
        reading defending_card_unit gives it no unit (several targets): it is not used, and the
        trace says why, rather than the attack failing or the card silently doing nothing."""
        if not r.ability.tactics or r.unit is not None or side == self.side:
            return False
        speaks_of_its_unit = any(
            e.on == "self" or e.kind in ("attack", "area_damage") for e in r.ability.effects
        )
        if not speaks_of_its_unit or self.own_unit(r, side) is not None:
            return False
        self.emit(
            f"{window}.not_allowed",
            (RESPONSE_CLAUSE[window], "GA-ROLL-3"),
            f"player {side} cannot use {r.ability.name}: the attack has {len(self.targets)} targets, "
            'so the defending card has no single unit to be its "this unit"',
            {"ability": r.ability.name, "targets": list(self.targets)},
            self.rules.cite("defending_card_unit"),
        )
        return True

    def attack_defeated_a_target(self) -> bool:
        """A card's "this attack defeated a target". A target that another attack, made by an
        effect during this one, defeated was defeated by that attack, under either reading."""
        # reading: attack_defeated_target
        if self.rules.interpretation("attack_defeated_target") == "any_cause":
            return bool(
                (self.defeated_in_attack - self.defeated_by_other_attacks) & set(self.original_targets)
            )
        return bool(self.defeated_by_damage_step & set(self.original_targets))

    def result_conditions_hold(self, r: Response, side: str, window: str) -> bool:
        """Conditions on the result (``self_survived``, ``target_defeated``, ...): all must hold."""
        unit = self.own_unit(r, side)
        state = self.battle.units.get(unit) if unit else None
        on_board = state is not None and not state.in_reserve and self.battle.board.has_piece(unit)
        facts = {
            "self_survived": on_board,
            "target_defeated": self.attack_defeated_a_target(),
            "defeated_enemy_this_turn": bool(unit and self.battle.defeated_this_turn.get(unit)),
            "damage_dealt": any(t.dealt + t.fracture > 0 for t in self.per_target.values()),
        }
        failed = self.failed_result_conditions(r.ability.result_conditions, state, facts)
        text = ", ".join(f"{k}={v}" for k, v in r.ability.result_conditions.items())
        self.emit(
            f"{window}.condition",
            (RESPONSE_CLAUSE[window],),
            f"{r.ability.name} asks for {text} (for {unit or 'no single unit'}): "
            + (f"not met ({'; '.join(failed)}), so it is not used" if failed else "met"),
            {"ability": r.ability.name, "met": not failed, "unit": unit},
        )
        return not failed

    @staticmethod
    def failed_result_conditions(wanted, state, facts) -> list[str]:
        """The result conditions that do not hold, each as ``key is <what it is>``."""
        failed = []
        for key, want in wanted.items():
            if key == "has_upgrade":  # want names the Upgrade type, or any
                got, want = bool(state and state.upgrade_count(want)), True
            elif key == "upgrades_at_least":  # "if this unit has 2 or more Upgrades (of any type)"
                n = state.upgrade_count(ANY_UPGRADE) if state else 0
                if n < want:
                    failed.append(f"it has {count_of(n, 'Upgrade')}, fewer than {want}")
                continue
            else:
                got = facts[key]
            if bool(got) != bool(want):
                failed.append(f"{key} is {bool(got)}")
        return failed

    # --- issue 27, part A: conditions on one effect, counting, recipients ----------------------
    def effect_result_conditions_hold(self, eff: Effect, user: str | None, stage: str, source: str) -> bool:
        """One effect's own conditions on the result (its card's other effects go on without it)."""
        state = self.battle.units.get(user) if user else None
        on_board = state is not None and not state.in_reserve and self.battle.board.has_piece(user)
        facts = {
            "self_survived": on_board,
            "target_defeated": self.attack_defeated_a_target(),
            "defeated_enemy_this_turn": bool(user and self.battle.defeated_this_turn.get(user)),
            "damage_dealt": any(t.dealt + t.fracture > 0 for t in self.per_target.values()),
        }
        failed = self.failed_result_conditions(eff.result_conditions, state, facts)
        text = ", ".join(f"{k}={v}" for k, v in eff.result_conditions.items())
        self.emit(
            f"{stage}.effect_condition",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: its effect ({replace(eff, conditions=()).describe()}) asks for {text} "
            f"(for {user or 'no single unit'}): "
            + (f"not met ({'; '.join(failed)}), so that effect does not happen" if failed else "met"),
            {"effect": eff.kind, "met": not failed, "unit": user},
        )
        return not failed

    def effect_target_conditions_hold(self, eff: Effect, name: str, stage: str, source: str) -> bool:
        """One effect's conditions on the target, for one recipient: on a target, about that target;
        on another unit (its own, the attacker, an ally), about any target (as GA-ROLL-5 has it)."""
        when = eff.target_conditions
        met = self.holds(when, name) if name in self.targets else self.holds_for_attack(when)
        text = ", ".join(f"{k}={v}" for k, v in when.items())
        about = name if name in self.targets else "any target"
        self.emit(
            f"{stage}.effect_condition",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: its effect on {name} asks for {text} (of {about}): "
            + ("met" if met else "not met, so it does not happen to " + name),
            {"effect": eff.kind, "met": met, "unit": name},
            self.condition_reading(when),
        )
        return met

    def condition_reading(self, when) -> str | None:
        """The reading a condition rests on, for the event that carries it: "damaged" is one."""
        return self.rules.cite("damaged_unit") if "target_damaged" in when else None

    def target_state(self, key: str, unit) -> bool:
        """The target-state conditions: "damaged" (the reading damaged_unit) and "has Shields"."""
        if key == "target_has_shields":
            return unit.shields > 0
        # reading: damaged_unit
        if self.rules.interpretation("damaged_unit") == "below_printed_hp":
            return unit.hp < unit.profile.hp
        outcome = self.per_target.get(unit.name)
        return bool(outcome and outcome.dealt + outcome.fracture > 0)

    def another_ally(self, user: str | None, r: Response | None) -> str:
        """ "Another allied unit": the player's scripted choice ('ally'), which the scenario's loader
        has checked (a unit of the battle, on the card's side, not the card's own unit)."""
        if self.choices is None:  # pragma: no cover - the loader gives only Responses this recipient
            raise AttackError("another allied unit: only a Response names one")
        side = self.battle.unit(user).side if user else (self.owner_side(r) if r else self.side)
        allies = [
            n for n, u in self.battle.units.items() if u.side == side and n != user and not u.in_reserve
        ]
        name = self.choices.choose("ally", allies)
        return name

    def weapon_window_effects(self, window: str) -> None:
        """The weapon's effects with a window of their own (GA-WPN-4): the attacking player's own
        effects, on every attack with the weapon; before the defender's Responses (GA-SEQ-14), and
        before or after the attacker's as weapon_window_effect_order says."""
        for eff in self.weapon.timed_effects:
            if eff.timing != window:
                continue
            self.emit(
                f"{window}.weapon_effect",
                ("GA-WPN-4", WINDOW_CLAUSE[window]),
                f"weapon effect of {self.weapon.name} in this window: {eff.describe()}",
                {"effect": eff.kind, "window": window},
            )
            self.apply_effect(
                eff, window, f"weapon effect of {self.weapon.name}", self.decl.attacker, None, None
            )

    def effect_amount(self, eff: Effect, user: str | None, source: str, stage: str) -> int:
        """``amount``, times the Upgrades of a type its unit has when the effect says ``per_upgrade``,
        or times the attack's targets still on the board (``for_each: targets``)."""
        if eff.for_each == "targets":
            # The targets still in the attack: a defeated one has dropped out (GA-DEF-2; the
            # reading target_defeated_mid_attack decides whether the attack goes on at all)
            live = [
                t for t in self.targets if t not in self.battle.units or not self.battle.unit(t).in_reserve
            ]
            self.emit(
                f"{stage}.counted",
                (WINDOW_CLAUSE.get(stage, "GA-SEQ-8"), "GA-ROLL-3"),
                f"{source}: the attack has {count_of(len(live), 'target')}, "
                f"so the effect's amount is {eff.amount} x {len(live)} = {eff.amount * len(live)}",
                {"count": len(live), "for_each": "targets"},
            )
            return eff.amount * len(live)
        if not eff.per_upgrade:
            return eff.amount
        counted = user or self.decl.attacker
        n = self.battle.unit(counted).upgrade_count(eff.per_upgrade)
        kind = "" if eff.per_upgrade == ANY_UPGRADE else eff.per_upgrade + " "
        self.emit(
            f"{stage}.upgrades_counted",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-8"),),
            f"{source}: {counted} has {count_of(n, kind + 'Upgrade')}, "
            f"so the effect's amount is {eff.amount} x {n} = {eff.amount * n}",
            {"unit": counted, "upgrade": eff.per_upgrade, "count": n},
        )
        return eff.amount * n

    def keep(self, eff: Effect, amount: int, source: str, unit: str, stage: str) -> None:
        """A modifier that outlasts this attack: it stays on ``unit`` until its duration ends."""
        self.battle = replace(
            self.battle, lasting=(*self.battle.lasting, Lasting(unit, eff, amount, source, eff.duration))
        )
        until = {"activation": "the end of the activation", "turn": "the end of the turn"}[eff.duration]
        self.emit(
            f"{stage}.lasting",
            (MODIFIER_CLAUSE[eff.kind],),
            f"{source}: the effect stays on {unit} until {until}",
            {"unit": unit, "effect": eff.kind, "amount": amount, "duration": eff.duration},
        )  # when "this turn" ends is asked when an activation ends (durations.end_activation)

    def collect_lasting(self, stage: str) -> None:
        """Lasting modifiers given before this attack: the attacker's apply to its attack, a
        target's damage reductions to the damage it takes."""
        for x in self.lasting_at_start:
            if x.effect.kind in ("range", "ignore_los", "cannot_be_targeted"):
                continue  # used when the targets were checked (reach_changes, untargetable)
            if x.unit == self.decl.attacker and x.effect.kind != "damage_reduction":
                recipient = None
            elif x.unit in self.targets and x.effect.kind == "damage_reduction":
                recipient = x.unit
            else:
                continue
            self.mods.append(Modifier(x.effect.kind, x.amount, x.source, {}, recipient, x.effect.faces))
            self.emit(
                f"{stage}.lasting",
                (MODIFIER_CLAUSE[x.effect.kind],),
                f"{x.source} still applies to {x.unit} ({replace(x.effect, amount=x.amount).describe()})",
                {"unit": x.unit, "effect": x.effect.kind, "amount": x.amount, "duration": x.duration},
                self.rules.cite("card_turn_duration") if x.duration == "turn" else None,
            )

    def extra_critical_faces(self) -> frozenset[int]:
        return frozenset(
            f
            for m in self.mods
            if m.kind == "critical_faces" and self.holds_for_attack(m.when)
            for f in m.faces
        )

    def upgrades(self, eff: Effect, name: str, stage: str, source: str) -> None:
        unit = self.battle.unit(name)
        have = list(unit.upgrades)
        if eff.kind == "grant_upgrade":
            if eff.upgrade == ANY_UPGRADE:
                eff = replace(eff, upgrade=self.gained_upgrade_type(name, stage, source))
            have += [eff.upgrade] * eff.amount
            text = f"{name} gains {count_of(eff.amount, eff.upgrade + ' Upgrade')}"
        else:
            if eff.upgrade == ANY_UPGRADE and not any(u in UPGRADES for u in have):
                self.emit(
                    f"{stage}.upgrades",
                    ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
                    f"{source}: {name} has no Upgrade to destroy",
                    {"unit": name, "upgrade": ANY_UPGRADE, "count": 0},
                )
                return
            if eff.upgrade == ANY_UPGRADE:
                eff = replace(eff, upgrade=self.upgrade_of_any_type(name, have, stage, source))
            gone = 0
            while gone < eff.amount and eff.upgrade in have:
                have.remove(eff.upgrade)
                gone += 1
            text = f"{count_of(gone, eff.upgrade + ' Upgrade')} of {name} destroyed" + (
                f" (it had only {gone})" if gone < eff.amount else ""
            )
        self.battle = self.battle.with_unit(replace(unit, upgrades=tuple(have)))
        self.emit(
            f"{stage}.upgrades",
            ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: {text}; it has {count_of(have.count(eff.upgrade), eff.upgrade + ' Upgrade')}",
            {"unit": name, "upgrade": eff.upgrade, "count": have.count(eff.upgrade)},
        )

    def gained_upgrade_type(self, name: str, stage: str, source: str) -> str:
        """The type of a gained "Upgrade of any type": its player's choice, scripted on the Response
        ('gained_upgrade'); unscripted it is refused in strict mode, like any choice (else the
        first type is taken and the trace says so). The loader gives no weapon effect this."""
        if self.choices is None:  # pragma: no cover - units.refuse_unscripted_upgrade_type
            raise AttackError(f"{source}: the type of the gained Upgrade is not scripted")
        picked = self.choices.choose("gained_upgrade", list(UPGRADES))
        self.emit(
            f"{stage}.upgrade_chosen",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: an Upgrade of any type for {name}; its player chooses {picked}",
            {"unit": name, "upgrade": picked},
        )
        return picked

    def upgrade_of_any_type(self, name: str, have: list[str], stage: str, source: str) -> str:
        """Which Upgrade "an Upgrade of any type" destroys: the one type it has, the Response's
        scripted choice ('upgrade'), or else the reading any_upgrade_destroyed."""
        types = [u for u in UPGRADES if u in have]
        if len(types) == 1:
            return types[0]
        if self.choices is not None and "upgrade" in self.choices.scripted:
            return self.choices.choose("upgrade", types)
        # reading: any_upgrade_destroyed
        if self.rules.interpretation("any_upgrade_destroyed") == "most_held":
            picked = max(types, key=lambda u: (have.count(u), -UPGRADES.index(u)))
        else:
            picked = next(u for u in reversed(have) if u in UPGRADES)
        self.emit(
            f"{stage}.upgrade_picked",
            ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: {name} has Upgrades of {len(types)} types ({', '.join(types)}) and the pick is not "
            f"scripted: the {picked} Upgrade",
            {"unit": name, "upgrade": picked},
            self.rules.cite("any_upgrade_destroyed"),
        )
        return picked

    def area_damage(
        self,
        eff: Effect,
        ability: Ability | None,
        user: str | None,
        stage: str,
        source: str,
        r: Response | None = None,
        fixed: list[str] | None = None,
    ) -> None:
        """Non-combat damage to every enemy unit and Garrison in the ability's reach of its unit."""
        if user is None or self.piece(user) is None:
            self.emit(
                f"{stage}.not_allowed",
                (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
                f"{source}: its unit is not on the board, so nothing is in reach",
            )
            return
        side = self.battle.unit(user).side
        enemies = [p for p in self.battle.board.enemies_of(side) if p.kind in ("unit", "garrison")]
        if eff.origin != "self":
            self.area_around_targets(eff, ability, user, enemies, stage, source, r, fixed)
            return
        reach = ability.reach if ability else None
        if eff.within is not None:
            reach = ("within", eff.within)
        if reach is None:
            # A weapon's effect has no ability's reach (abilities need one, abilities.py): the card
            # says "every enemy", and in_reach lets every enemy on the board take it; say so.
            where, clauses = "on the board", ("GA-CRIT-2",) if stage == "critical" else ("GA-WPN-4",)
        else:
            kind, n = reach
            where = f"{'within' if kind == 'within' else 'in range'} {n} of {user}"
            clauses = ("GA-WR-2",) if kind == "within" else ("GA-WR-1",)
        self.emit(
            f"{stage}.area_damage",
            clauses,
            f"{source}: every enemy unit and Garrison {where} takes {eff.amount} non-combat damage "
            f"({count_of(len(enemies), 'enemy', 'enemies')} on the board to check)",
            {"amount": eff.amount, "reach": list(reach) if reach else None},
        )
        for p in enemies:
            if not self.in_reach(ability, user, p.name, stage):
                continue
            self.area_hit(eff, p, stage, source, user)

    def area_hit(self, eff: Effect, p, stage: str, source: str, user: str) -> None:
        """One enemy an area reaches: a Garrison keeps a running total (the chapter gives Garrisons
        no hit points), a unit on the board takes the non-combat damage."""
        if p.kind == "garrison":
            total = self.battle.garrison_damage.get(p.name, 0) + eff.amount
            self.battle = replace(self.battle, garrison_damage={**self.battle.garrison_damage, p.name: total})
            self.emit(
                f"{stage}.non_combat_damage",
                ("GA-DMG-3",),
                f"{source}: {eff.amount} non-combat damage to the Garrison {p.name} "
                f"({total} in all; the chapter gives Garrisons no hit points)",
                {"target": p.name, "amount": eff.amount, "garrison_total": total},
            )
        elif p.name in self.battle.units and not self.battle.unit(p.name).in_reserve:
            self.non_combat(eff, p.name, stage, source, user)

    def area_around_targets(
        self,
        eff: Effect,
        ability: Ability | None,
        user: str,
        enemies,
        stage: str,
        source: str,
        r: Response | None,
        fixed: list[str] | None,
    ) -> None:
        """``from: targets``: non-combat damage to every enemy within N hexes of a target of the
        attack ("each enemy adjacent to the target"), the target itself not included; an enemy
        near two targets takes it once. ``from: one_target``: the same around the one target its
        player names (the Response's ``target``, chosen as for a ``one_target`` effect); whether the
        attack's other targets near it take it is the reading ``area_around_one_target``.
        Measured in hexes, without Line of Sight (GA-WR-2)."""
        n = eff.within if eff.within is not None else ability.reach[1]
        named = eff.origin == "one_target"
        around = self.recipients(replace(eff, on="one_target"), user, r, fixed) if named else self.targets
        centres = [self.piece(t) for t in around if self.piece(t) is not None]
        spared = set(self.targets)
        cite = None
        if named:
            # reading: area_around_one_target (the attack's other targets near the named one)
            near_targets = {
                p.name
                for p in enemies
                if p.name in spared
                and p.name not in around
                and any(distance(c.hex, p.hex) <= n for c in centres)
            }
            if near_targets:
                cite = self.rules.cite("area_around_one_target")
                if self.rules.interpretation("area_around_one_target") == "other_targets_hit":
                    spared = set(around)
        hit = [
            p for p in enemies if p.name not in spared and any(distance(c.hex, p.hex) <= n for c in centres)
        ]
        self.emit(
            f"{stage}.area_damage",
            ("GA-WR-2",),
            f"{source}: every enemy unit and Garrison within {n} of "
            + ("the named target" if named else "a target")
            + f" ({', '.join(c.name for c in centres) or 'none on the board'}) takes {eff.amount} non-combat damage: "
            + (", ".join(p.name for p in hit) or "none is"),
            {"amount": eff.amount, "from": eff.origin, "within": n, "hit": [p.name for p in hit]},
            cite,
        )
        for p in hit:
            self.area_hit(eff, p, stage, source, user)

    def nested_attack(
        self, eff: Effect, user: str | None, target: str, r: Response | None, stage: str, source: str
    ) -> None:
        """The ability's unit makes another attack: a full attack with its own sequence, whose
        events sit in this one's trace under ``<window>.nested``."""
        if user is None:
            raise AttackError(f"{source}: an attack effect needs a unit to attack with")
        unit = self.battle.unit(user)
        if unit.in_reserve or self.piece(user) is None:
            self.emit(
                f"{stage}.not_allowed",
                ("GA-DEF-2",),
                f"{source}: {user} is not on the board and cannot attack",
            )
            return
        if self.depth + 1 > MAX_NESTED_ATTACKS:
            raise AttackError(
                f"{source}: attacks made by effects nest more than {MAX_NESTED_ATTACKS} deep "
                "(does a card make an attack at every attack?)"
            )
        weapon = eff.weapon or (
            self.choices.choose("weapon", list(unit.profile.weapons)) if self.choices else None
        )
        if weapon not in unit.profile.weapons:
            raise AttackError(
                f"{source}: {user} has no weapon {weapon!r} (weapons: {', '.join(unit.profile.weapons)})"
            )
        decl = AttackDeclaration(
            attacker=user,
            weapon=weapon,
            target=target,
            responses=r.nested if r else (),
            tl_cost_change=eff.tl_cost,
            made_by=source,
        )
        self.emit(
            f"{stage}.nested_attack",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"), "GA-SEQ-13"),
            f"{source}: {user} attacks {target} with {weapon}"
            + (f" at {eff.tl_cost:+d} Timeline cost" if eff.tl_cost else "")
            + "; that attack runs its whole sequence before this one goes on",
            {"attacker": user, "target": target, "weapon": weapon, "depth": self.depth + 1},
        )
        inner = type(self)(self.battle, decl, NestedDice(self.dice), self.rules, self.depth + 1, self.strict)
        result = inner.run()
        # The nested attack's events keep their order; "> " marks them in the printed trace.
        self.events.extend(
            replace(e, step=f"{stage}.nested.{e.step}", text=f"> {e.text}") for e in result.events
        )
        self.nested.append(result)
        self.battle = result.battle
        for name in (target, self.decl.attacker):
            if (
                name in self.battle.units
                and self.battle.unit(name).in_reserve
                and name not in self.defeated_in_attack
            ):
                self.defeated_in_attack.add(name)
                self.defeated_by_other_attacks.add(name)
                if name == self.decl.attacker or stage != "after_combat_damage":
                    self.after_mid_attack_defeat(name, stage)

    def unit_tokens(self, eff: Effect, name: str, stage: str, source: str) -> None:
        """Energy, a status removed, hit points repaired: plain changes to one unit."""
        unit = self.battle.unit(name)
        if eff.kind == "gain_energy":
            new, text = (
                replace(unit, energy=unit.energy + eff.amount),
                f"Energy {unit.energy} -> {unit.energy + eff.amount}",
            )
        elif eff.kind == "spend_energy":
            # An effect, not a cost the card must pay first: a unit with fewer tokens spends what it
            # has (as a spend_shields turns over only the Shields there are)
            n = min(eff.amount, unit.energy)
            new, text = (
                replace(unit, energy=unit.energy - n),
                f"spends {n} Energy ({unit.energy} -> {unit.energy - n})",
            )
        elif eff.kind == "remove_status":
            new = replace(unit, statuses=unit.statuses - {eff.status})
            text = (
                f"{eff.status} removed" if eff.status in unit.statuses else f"had no {eff.status} to remove"
            )
        else:
            # GA-DEF-4: hit points have a maximum (a defeated unit's reset to it); a repair stops there
            hp = min(unit.profile.hp, unit.hp + eff.amount)
            new, text = replace(unit, hp=hp), f"hit points {unit.hp} -> {hp} (at most {unit.profile.hp})"
        self.battle = self.battle.with_unit(new)
        self.emit(
            f"{stage}.{eff.kind}",
            ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: {name} {text}",
            {"unit": name, "effect": eff.kind},
        )

    def closed_by(self, window: str) -> tuple[str | None, str]:
        """The weapon effect or ongoing ability that closes a Response window, if any, and whose
        Responses it closes it to: ``any`` (everyone's) or ``bystanders`` (units outside the attack).

        Before the attack (GA-DECL-2) no unit is a target yet, so only the weapon and the
        attacker's ongoing abilities are in play to close that window; a target's ongoing
        abilities close the windows from the target check on."""
        for e in self.weapon.effects:
            if e.kind == "forbid_responses" and window in e.windows:
                return f"{self.weapon.name}'s weapon effect", e.by
        for owner, ability in self.ongoing():
            for e in ability.effects:
                if e.kind == "forbid_responses" and window in e.windows:
                    return f"{owner}'s {ability.name}", e.by
        return None, "any"

    def involved(self) -> set[str]:
        return {self.decl.attacker, *self.targets}

    def use_allowed(self, r: Response, who: str, window: str) -> bool:
        return self.limited_use(r.ability, who, window, RESPONSE_CLAUSE[window])

    def already_used(self, ability: Ability, who: str) -> bool:
        """Whether ``who`` has used this limited ability as often as it allows (once per ...):
        ``limited_use``'s test without its refusal event or its record of the use."""
        key = (who, ability.name, ability.once_per)
        return key in self.battle.uses or (ability.once_per == "attack" and key in self.used_in_attack)

    def limited_use(self, ability: Ability, who: str, stage: str, clause: str) -> bool:
        """An ability limited to once per attack, activation or turn: refused after its use."""
        key = (who, ability.name, ability.once_per)
        used = key in self.battle.uses or (ability.once_per == "attack" and key in self.used_in_attack)
        if used:
            self.emit(
                f"{stage}.not_allowed",
                (clause,),
                f"{who} has already used {ability.name} this {ability.once_per}: "
                f"it can be used once per {ability.once_per}",
                {"ability": ability.name, "once_per": ability.once_per},
                self.rules.cite("card_turn_duration") if ability.once_per == "turn" else None,
            )
            return False
        if ability.once_per == "attack":
            self.used_in_attack.add(key)
        else:
            self.battle = replace(self.battle, uses=(*self.battle.uses, key))
        return True

    def kept_from_defeat(self, name: str, stage: str) -> bool:
        """Whether a card steps in as ``name`` reaches 0 hit points (``prevent_defeat``), keeping
        it on the board; the rest of the defeat is then not made (``defeat.defeat_prevented``).

        The text puts no order on several such cards: which one is used is the owner's choice,
        scripted as the declaration's ``defeat_prevented_by`` {unit: ability}. With one card that
        can step in there is nothing to choose; with several unscripted, strict resolution refuses,
        lenient takes the first in the unit's profile and the trace says so."""
        unit = self.battle.unit(name)  # on the board: a unit in Reserve takes no damage (non_combat)
        usable = []
        for ability, eff in defeat_stoppers(unit):
            if not self.trigger_fits(ability.trigger, name):
                continue
            if ability.once_per and self.already_used(ability, name):
                self.limited_use(ability, name, stage, "GA-DEF-1")  # the trace says why it cannot
                continue
            usable.append((ability, eff))
        if not usable:
            return False
        ability, eff = usable[0]
        if len(usable) > 1:
            ability, eff = self.defeat_preventer_chosen(name, stage, usable)
        if ability.once_per:
            self.limited_use(ability, name, stage, "GA-DEF-1")
        self.battle, events = defeat_prevented(
            self.battle, name, eff.hit_points, f"{name}'s {ability.name}", self.rules, stage
        )
        self.events.extend(events)
        return True

    def defeat_preventer_chosen(
        self, name: str, stage: str, usable: list[tuple[Ability, Effect]]
    ) -> tuple[Ability, Effect]:
        """Of several cards that can keep ``name`` from defeat, the one its owner uses."""
        options = ", ".join(a.name for a, _ in usable)
        chosen = self.decl.defeat_prevented_by.get(name)
        if chosen is not None:
            for ability, eff in usable:
                if ability.name == chosen:
                    return ability, eff
            raise AttackError(
                f"{chosen!r} cannot keep {name} from defeat here (the cards that can: {options})",
                f"defeat_prevented_by.{name}",
            )
        if self.strict:
            raise AttackError(
                f"{name} would be defeated and several of its cards can keep it on the board: "
                f"its owner chooses one; name it as defeat_prevented_by (cards: {options})",
                "defeat_prevented_by",
            )
        first = usable[0][0].name
        self.emit(
            f"{stage}.default_choice",
            ("GA-DEF-1",),
            f"{name} has several cards that keep it from defeat ({options}); which one its owner uses "
            f"is not scripted, so the first, {first}, steps in (lenient run)",
            {"unit": name, "choice": "defeat_prevented_by", "value": first},
        )
        return usable[0]

    def trigger_fits(self, trigger: str, name: str) -> bool:
        """Whether an ongoing ability of ``name`` with this trigger is in play in this attack."""
        attacking = self.battle.unit(name).side == self.side
        return {
            "own_attack": name == self.decl.attacker,
            "attacked": name in self.original_targets,
            "defending": not attacking,
            "ally_attacks": attacking and name != self.decl.attacker,
        }.get(trigger, True)

    def run_card(self, ability: Ability, play: Play, who: str) -> None:
        """A Python ability's ``resolve``; a bug in it is the card's error, reported in one line."""
        try:
            ability.card.resolve(play)
        except (AttackError, DiceScriptError):
            raise
        except Exception as exc:
            if isinstance(exc, self.ended_signal):  # the attack ended (its attacker was defeated)
                raise
            raise AttackError(
                f"{who}'s {ability.name}: the Python ability failed: {type(exc).__name__}: {exc}"
            ) from None

    def untargetable(self, name: str, area: bool) -> str | None:
        """The card that keeps ``name`` from being a target of this attack, if any."""
        unit = self.battle.units.get(name)
        if unit is None:
            return None

        def closes(e: Effect) -> bool:
            return e.kind == "cannot_be_targeted" and (e.by == "any" or area)

        for a in unit.profile.abilities.values():
            if a.window == "ongoing" and any(closes(e) for e in a.effects):
                return f"{name}'s {a.name}"
        for x in self.lasting_at_start:
            if x.unit == name and closes(x.effect):
                return x.source
        return None
