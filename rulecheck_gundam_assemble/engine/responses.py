"""Response windows during an attack: Before the attack (GA-DECL-2), Before Attack Roll (GA-SEQ-4),
After Attack Roll (GA-SEQ-6) and After Combat Damage (GA-SEQ-12), and what each ability or Tactics
card's effects do when used in one.

In every window the attacking player's Responses resolve before the defending player's
(GA-SEQ-14), whatever order the scenario lists them in. ``ResponseWindows`` is the part of the
attack's state (``attack.AttackState``) that does this; it works on that state (battle,
declaration, rules, events, modifiers, targets, dice, all declared there) through its helpers.
What printed cards add beyond the chapter's examples (durations, conditions on the result,
nested attacks, ...) is in ``card_effects.CardEffects``, the state's other half.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulecheck_gundam_assemble.engine.abilities import Ability, Effect
from rulecheck_gundam_assemble.engine.damage import lose_hit_points, non_combat_damage, use_shields
from rulecheck_gundam_assemble.engine.declaration import AttackError, Response
from rulecheck_gundam_assemble.engine.defeat import defeat
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, line_of_sight
from rulecheck_gundam_assemble.engine.python_abilities import Choices, Play
from rulecheck_gundam_assemble.engine.status_effects import FRACTURE, fracture_extra
from rulecheck_gundam_assemble.engine.targeting import check_reach
from rulecheck_gundam_assemble.engine.units import UnitState
from rules.events import count_of
from rules.hexgrid import Hex, distance
from rules.wording import plural

WINDOW_CLAUSE = {
    "before_attack": "GA-DECL-2",
    "before_attack_roll": "GA-SEQ-4",
    "after_attack_roll": "GA-SEQ-6",
    "after_combat_damage": "GA-SEQ-12",
}
WINDOW_TITLE = {
    "before_attack": "Before the attack",
    "before_attack_roll": "Before Attack Roll",
    "after_attack_roll": "After Attack Roll",
    "after_combat_damage": "After Combat Damage",
}
# Where a Response may also be used: right after a move made by a critical hit effect (an
# after_dash or after_enemy_move Response, card_moves.after_move), at the critical step (GA-SEQ-8).
RESPONSE_CLAUSE = {**WINDOW_CLAUSE, "critical": "GA-SEQ-8"}
RESPONSE_TITLE = {**WINDOW_TITLE, "critical": "critical hit effect"}


@dataclass
class Modifier:
    """A modifier collected from an ability, weapon effect or critical hit effect."""

    kind: str
    amount: int
    source: str
    when: Mapping[str, Any]
    recipient: str | None  # a target's name, or None for the whole attack
    faces: tuple[int, ...] = ()  # critical_faces
    lasting: bool = False  # its card prints a duration (so strength_bonus_duration does not apply)


# The clause each lasting or modifier kind rests on.
MODIFIER_CLAUSE = {
    "strength": "GA-ROLL-1",
    "accuracy": "GA-HIT-2",
    "tl_cost": "GA-WPN-1",
    "damage_plus": "GA-DMG-6",
    "damage_reduction": "GA-DMG-4",
    "critical_faces": "GA-CRIT-4",
    "range": "GA-WPN-2",
    "ignore_los": "GA-ILOS-1",
    "cannot_be_targeted": "GA-TGT-1",
}


class ResponseWindows:
    """The windows and effects half of the attack's state (see the module docstring)."""

    def window(self, name: str, only: str | None = None) -> None:
        chosen = [r for r in self.decl.responses if r.window == name]
        closed, by = self.closed_by(name)
        refused = [r for r in chosen if by == "any" or (r.unit is not None and r.unit not in self.involved())]
        if closed and refused:
            self.emit(
                f"{name}.closed",
                (WINDOW_CLAUSE[name],),
                f"{closed} allows no Responses {WINDOW_TITLE[name]}"
                + ("" if by == "any" else " from units outside the attack")
                + f": {', '.join(r.ability.name for r in refused)} cannot be used",
                {"closed_by": closed, "refused": [r.ability.name for r in refused]},
            )
            chosen = [r for r in chosen if r not in refused]
        mine = [r for r in chosen if self.owner_side(r) == self.side]
        theirs = [r for r in chosen if self.owner_side(r) != self.side]
        if only == "attacker":
            theirs = []
        elif only == "defender":
            mine = []
        ordered = mine + theirs
        clause = WINDOW_CLAUSE[name]
        if only != "defender":
            self.emit(
                f"{name}.window",
                (clause,),
                f"{WINDOW_TITLE[name]}: "
                + (count_of(len(ordered), "response") if ordered else "no responses")
                + (" (attacker's first)" if mine and theirs else ""),
                {"responses": [r.ability.name for r in ordered]},
            )
        if mine and theirs:
            self.emit(
                f"{name}.order",
                ("GA-SEQ-14",),
                "both players respond: the attacking player's abilities resolve first, then the defender's",
            )
        if name == "before_attack":
            # Targets are not known yet; conditions on them are checked when the modifier is used.
            pass
        weapon_late = only != "defender" and self.weapon_effects_after_own(name, mine)
        if only != "defender" and not weapon_late:
            self.weapon_window_effects(name)
        for r in mine:
            self.respond(r, name)
        if weapon_late:
            self.weapon_window_effects(name)
        for r in theirs:
            self.respond(r, name)

    def weapon_effects_after_own(self, name: str, mine: list[Response]) -> bool:
        """Whether the weapon's own effects in this window wait for the attacking player's
        Responses in it. Both are the attacking player's, and GA-SEQ-14 orders only the two
        players, so the order is the reading weapon_window_effect_order; asked only when the weapon
        has an effect in this window and the attacker responds in it."""
        if not mine or not any(e.timing == name for e in self.weapon.timed_effects):
            return False
        # reading: weapon_window_effect_order
        late = self.rules.interpretation("weapon_window_effect_order") == "after_attacker_responses"
        self.emit(
            f"{name}.weapon_effect_order",
            ("GA-WPN-4", "GA-SEQ-14"),
            f"{self.weapon.name}'s own effect in this window resolves "
            + ("after" if late else "before")
            + " the attacking player's Responses",
            {"weapon_first": not late},
            self.rules.cite("weapon_window_effect_order"),
        )
        return late

    def owner_side(self, r: Response) -> str:
        if r.unit is not None:
            return self.battle.unit(r.unit).side
        if r.side is None:
            raise AttackError(f"Tactics card {r.ability.name}: say which player plays it ('side')")
        return r.side

    def respond(self, r: Response, window: str) -> None:
        ability, who = r.ability, (r.unit or f"player {r.side}")
        side = self.owner_side(r)
        defeated = r.unit is not None and self.battle.unit(r.unit).in_reserve
        if defeated and self.rules.interpretation("defeated_unit_responses") == "cannot_respond":
            self.emit(
                f"{window}.not_allowed",
                ("GA-DEF-2",),
                f"{r.unit} has been defeated and is in Reserve: it cannot use {ability.name}",
                {"unit": r.unit, "ability": ability.name},
                self.rules.cite("defeated_unit_responses"),
            )
            return
        reason = self.trigger_problem(r, side)
        if reason:
            self.emit(
                f"{window}.not_allowed",
                (RESPONSE_CLAUSE[window],),
                f"{who} cannot use {ability.name}: {reason}",
                {"ability": ability.name},
            )
            return
        if self.card_without_its_unit(r, side, window):
            return
        if ability.result_conditions and not self.result_conditions_hold(r, side, window):
            return
        if ability.once_per and not self.use_allowed(r, who, window):
            return
        kind = "Tactics card" if ability.tactics else "ability"
        self.emit(
            f"{window}.response",
            (RESPONSE_CLAUSE[window], "GA-SEQ-14"),
            f"{who} ({'attacker' if side == self.side else 'defender'}) uses the {kind} {ability.name}: "
            f"{ability.describe()}",
            {"ability": ability.name, "side": side},
        )
        choices = Choices(f"{who}'s {ability.name}", r.choices, self.strict)
        self.choices = choices
        try:
            if ability.card is not None:
                self.run_card(ability, Play(self, r, window, side, choices), who)
            for eff in ability.effects:
                self.apply_effect(eff, window, f"{who}'s {ability.name}", r.unit, r, None, ability)
            choices.finish()
        except AttackError as exc:
            if exc.field in ("choices", "target") and self.depth == 0 and r in self.decl.responses:
                raise AttackError(
                    str(exc), f"responses[{self.decl.responses.index(r)}].{exc.field}"
                ) from None
            raise
        for key, value in choices.defaults:
            self.emit(
                f"{window}.default_choice",
                (RESPONSE_CLAUSE[window],),
                f"{who}'s {ability.name}: the choice {key!r} was not scripted; the first option {value!r} is taken",
                {"choice": key, "value": value},
            )
        self.choices = None

    def trigger_problem(self, r: Response, side: str) -> str | None:
        t = r.ability.trigger
        if t == "any":
            return None
        if t == "own_attack":
            ok = r.unit == self.decl.attacker if r.unit else side == self.side
            return None if ok else "it is used only on its own side's attack"
        if t == "ally_attacks":
            ok = side == self.side and r.unit != self.decl.attacker
            return None if ok else "it is used only when an ally attacks"
        if t == "attacked":
            return None if r.unit in self.targets else "its unit is not a target of this attack"
        if t == "defending":
            return None if side != self.side else "it is used only by the defending player"
        return None

    def recipients(
        self, eff: Effect, user: str | None, r: Response | None, fixed: list[str] | None
    ) -> list[str]:
        if eff.on == "self":
            return [user] if user else []
        if eff.on == "attacker":
            return [self.decl.attacker]
        if eff.on == "another_ally":
            return [self.another_ally(user, r)]
        # the loader gives these effects no "attack" recipient (abilities.recipients_for)
        live = [t for t in self.targets if t in self.battle.units and not self.battle.unit(t).in_reserve]
        if fixed is not None:
            return [t for t in fixed if t in live]
        if eff.on == "targets":
            return live
        # one_target (Q.25): one attacked enemy, or every one of them under each_target
        chosen = r.target if r and r.target else None
        if chosen is not None and chosen not in live:
            raise AttackError(
                f"{r.ability.name}: {chosen} is not a target of this attack still on the board "
                f"(targets: {', '.join(live) or 'none'})",
                "target",
            )
        if len(live) > 1 and self.rules.interpretation("single_target_ability_with_aoe") == "each_target":
            return live
        if chosen is None and len(live) == 1:
            chosen = live[0]
        if chosen is None:
            raise AttackError(
                f"{r.ability.name if r else 'effect'}: choose which target it affects ('target')"
            )
        return [chosen]

    def in_reach(self, ability: Ability | None, user: str | None, recipient: str, window: str) -> bool:
        if ability is None or ability.reach is None or user is None or user == recipient:
            return True
        src, dst = self.piece(user), self.piece(recipient)
        if src is None or dst is None:
            return False
        kind, n = ability.reach
        reach = check_reach(self.battle.board, src, dst, self.rules, n, within_hexes=kind == "within")
        self.events.extend(replace(e, step=f"{window}.{e.step}") for e in reach.events)
        if not reach.eligible:
            self.emit(
                f"{window}.out_of_reach",
                ("GA-WR-2",) if kind == "within" else ("GA-WR-1", "GA-LOS-9"),
                f"{ability.name} cannot affect {recipient}",
            )
            return False
        if kind != "within":
            self.emit(
                f"{window}.reach",
                ("GA-LOS-9",),
                f"{ability.name} needs Line of Sight to {recipient} only, not to the other units involved",
            )
        return True

    def apply_effect(
        self,
        eff: Effect,
        window: str,
        source: str,
        user: str | None,
        r: Response | None,
        fixed: list[str] | None,
        ability: Ability | None = None,
    ) -> None:
        when = {**(ability.target_conditions if ability else {}), **eff.target_conditions}
        stage = window
        if user is None and r is not None and r.ability.tactics:
            # A Tactics card's "this unit" is its side's unit in the attack (see own_unit).
            user = self.own_unit(r, self.owner_side(r))
        if eff.result_conditions and not self.effect_result_conditions_hold(eff, user, stage, source):
            return
        amount = self.effect_amount(eff, user, source, stage)
        if eff.kind == "tl_cost" and eff.set_to is not None:  # "this attack costs N"
            self.mods.append(Modifier("tl_cost_set", eff.set_to, source, when, None))
            self.emit(
                f"{stage}.modifier",
                ("GA-WPN-1",),
                f"{source}: this attack's Timeline cost is {eff.set_to}",
                {"effect": "tl_cost", "set_to": eff.set_to},
            )
            return
        if eff.kind in ("strength", "accuracy", "tl_cost", "critical_faces", "range", "ignore_los"):
            self.mods.append(
                Modifier(eff.kind, amount, source, when, None, eff.faces, eff.duration != "attack")
            )
            cond = f" (when {', '.join(f'{k}={v}' for k, v in when.items())})" if when else ""
            self.emit(
                f"{stage}.modifier",
                (MODIFIER_CLAUSE[eff.kind],),
                f"{source}: {eff.describe()}{cond}",
                {"effect": eff.kind, "amount": amount, **({"faces": list(eff.faces)} if eff.faces else {})},
                self.condition_reading(when),
            )
            if eff.duration != "attack":  # it changes this unit's later attacks (abilities.ATTACK_WIDE)
                self.keep(eff, amount, source, self.decl.attacker, stage)
            return
        if eff.kind in ("extra_dice", "reroll"):
            self.dice_effect(replace(eff, amount=amount), stage, source, r)
            return
        if eff.kind == "area_damage":
            self.area_damage(replace(eff, amount=amount), ability, user, stage, source, r, fixed)
            return
        if eff.kind == "roll_dice":
            self.card_roll(eff, stage, source, user, r, fixed, ability)
            return
        if eff.kind == "at_end_of_turn":
            self.delay(eff, stage, source, user, r, fixed)
            return
        # Before the attack no unit is a target yet: "one target" is the enemy the player names.
        named = stage == "before_attack" and eff.on == "one_target"
        for name in self.named_enemy(r, source) if named else self.recipients(eff, user, r, fixed):
            if not self.in_reach(ability, user, name, stage):
                continue
            if eff.target_conditions and not self.effect_target_conditions_hold(eff, name, stage, source):
                continue
            if eff.kind in ("damage_plus", "damage_reduction"):
                self.mods.append(Modifier(eff.kind, amount, source, when, name))
                self.emit(
                    f"{stage}.modifier",
                    ("GA-DMG-6" if eff.kind == "damage_plus" else "GA-DMG-4",),
                    f"{source}: {replace(eff, amount=amount).describe()} against {name}",
                    {"target": name},
                )
                if eff.duration != "attack":
                    self.keep(eff, amount, source, name, stage)
            elif eff.kind in ("grant_upgrade", "destroy_upgrade"):
                self.upgrades(replace(eff, amount=amount), name, stage, source)
            elif eff.kind == "ignore_shields":
                self.mods.append(Modifier(eff.kind, amount, source, when, name))
                self.emit(
                    f"{stage}.modifier",
                    ("GA-DMG-2", "GA-DMG-4"),
                    f"{source}: the attack ignores {count_of(amount, 'active Shield')} of {name}",
                    {"target": name, "amount": amount},
                )
            elif eff.kind == "cannot_be_targeted":
                self.keep(eff, 0, source, name, stage)
            elif eff.kind in ("gain_energy", "spend_energy", "remove_status", "repair"):
                self.unit_tokens(replace(eff, amount=amount), name, stage, source)
            elif eff.kind == "attack":
                self.nested_attack(eff, user, name, r, stage, source)
            elif eff.kind == "inflict_status":
                unit = self.battle.unit(name)
                self.battle = self.battle.with_unit(replace(unit, statuses=unit.statuses | {eff.status}))
                self.emit(
                    f"{stage}.status",
                    ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
                    f"{source}: {name} gains the {eff.status} status",
                    {"target": name, "status": eff.status},
                )
            elif eff.kind in ("gain_shields", "spend_shields"):
                self.shields(eff, name, stage, source)
            elif eff.kind == "non_combat_damage":
                self.non_combat(replace(eff, amount=amount), name, stage, source, user)
            elif eff.kind == "move":
                self.move(name, r, stage, source)
            elif eff.kind in ("dash", "push", "pull"):
                self.card_move(replace(eff, amount=amount), name, user, r, stage, source)

    def shields(self, eff: Effect, name: str, stage: str, source: str) -> None:
        unit = self.battle.unit(name)
        if eff.kind == "gain_shields":
            # reading: gained_shield_token
            turned = self.rules.interpretation("gained_shield_token") == "turn_over_deactivated"
            new = replace(
                unit,
                shields=unit.shields + eff.amount,
                deactivated_shields=max(0, unit.deactivated_shields - eff.amount)
                if turned
                else unit.deactivated_shields,
            )
        else:
            n = min(eff.amount, unit.shields)
            new = replace(unit, shields=unit.shields - n, deactivated_shields=unit.deactivated_shields + n)
        self.battle = self.battle.with_unit(new)
        self.emit(
            f"{stage}.shields",
            ("GA-DMG-2",),
            f"{source}: {name} has {new.shields} active Shields (was {unit.shields})",
            {"unit": name, "shields": new.shields},
        )

    def non_combat(self, eff: Effect, name: str, stage: str, source: str, by: str | None = None) -> None:
        unit = self.battle.unit(name)
        if unit.in_reserve:  # defeated earlier in the attack (a Response of its own, FAQ Q.19)
            self.emit(
                f"{stage}.not_allowed",
                ("GA-DEF-2",),
                f"{source}: {name} is in Reserve, off the board: it takes no damage",
                {"target": name},
            )
            return
        reduction = self.mod_total("damage_reduction", name)
        amount, shields_used = non_combat_damage(eff.amount, reduction, self.rules, unit.shields)
        new = lose_hit_points(use_shields(unit, shields_used, self.rules), amount)
        self.battle = self.battle.with_unit(new)
        asked = reduction or (unit.shields and eff.amount)
        self.emit(
            f"{stage}.non_combat_damage",
            ("GA-DMG-2", "GA-DMG-3"),
            f"{source}: {amount} non-combat damage to {name} "
            + (
                f"({shields_used} active Shields stopped some), "
                if shields_used
                else "(Shields do not stop it), "
            )
            + f"hit points {unit.hp} -> {new.hp}",
            {"target": name, "amount": amount, "hp": new.hp},
            self.rules.cite("non_combat_damage_mitigation") if asked else None,
        )
        if amount and FRACTURE in unit.statuses:
            new = self.fracture_on_non_combat(name, stage)
        if new.hp == 0 and not self.kept_from_defeat(name, stage):
            self.battle, events = defeat(self.battle, name, self.rules, stage)
            self.events.extend(events)
            self.defeated_in_attack.add(name)
            if by is not None and self.battle.unit(by).side != unit.side:
                self.battle = self.battle.with_defeat(by, name)
            self.after_mid_attack_defeat(name, stage)

    def fracture_on_non_combat(self, name: str, stage: str) -> UnitState:
        """Fracture triggers "when damage is dealt" (GA-SEQ-10), a step of the attack sequence;
        whether damage outside that step sets it off is ``fracture_trigger``."""
        unit = self.battle.unit(name)
        cite = self.rules.cite("fracture_trigger")
        if self.rules.interpretation("fracture_trigger") == "attack_damage_only":
            self.emit(
                f"{stage}.fracture_not_triggered",
                ("GA-SEQ-10",),
                f"{name} is Fractured, but non-combat damage is not the attack's damage: Fracture does not trigger",
                {"target": name},
                cite,
            )
            return unit
        extra, stays = fracture_extra(self.rules)
        new = lose_hit_points(unit, extra)
        if not stays:
            new = replace(new, statuses=new.statuses - {FRACTURE})
        self.battle = self.battle.with_unit(new)
        self.emit(
            f"{stage}.fracture",
            ("GA-SEQ-10",),
            f"non-combat damage was dealt to the Fractured {name}: {extra} more damage, "
            f"hit points {unit.hp} -> {new.hp}" + ("" if stays else "; Fracture is removed"),
            {"target": name, "extra": extra, "hp": new.hp},
            f"{cite}; {self.rules.cite('fracture_effect')}",
        )
        return new

    def after_mid_attack_defeat(self, name: str, stage: str) -> None:
        if name == self.decl.attacker and self.battle.activating == name:
            # GA-DEF-7: defeated during its own activation, which ends at once, and its attack with it
            self.end_attack(  # under either reading of target_defeated_mid_attack: not asked
                f"the attacker {name} was defeated during its own activation: its attack ends",
                ("GA-DEF-2", "GA-DEF-7"),
            )
        if name == self.decl.attacker:
            # reading: defeated_attacker_outside_activation (GA-DEF-7 speaks of its own activation)
            cite = self.rules.cite("defeated_attacker_outside_activation")
            if self.rules.interpretation("defeated_attacker_outside_activation") == "attack_ends":
                self.end_attack(
                    f"the attacker {name} was defeated and is in Reserve: its attack ends",
                    ("GA-DEF-2",),
                    cite,
                )
            self.emit(
                f"{stage}.attacker_defeated",
                ("GA-DEF-2",),
                f"the attacker {name} was defeated outside its own activation: its attack goes on",
                {},
                cite,
            )
        if name in self.targets and stage not in ("after_combat_damage",):
            self.targets = [t for t in self.targets if t != name]
            if not self.targets:  # the attack ends under either reading: it is not asked
                self.end_attack(
                    f"{name} was defeated before the attack dealt damage and no target is left: "
                    "the attack ends (the Timeline cost stays paid)",
                    ("GA-SEQ-13", "GA-DEF-2"),
                )
            cite = self.rules.cite("target_defeated_mid_attack")
            if self.rules.interpretation("target_defeated_mid_attack") == "attack_ends":
                self.end_attack(
                    f"{name} was defeated before the attack dealt damage: the attack ends",
                    ("GA-SEQ-13", "GA-DEF-2"),
                    cite,
                )
            self.emit(
                f"{stage}.target_dropped",
                ("GA-SEQ-13", "GA-DEF-2"),
                f"{name} drops out of the attack; it goes on against {', '.join(self.targets)}",
                {},
                cite,
            )

    def not_on_the_board(self, name: str, stage: str, source: str) -> bool:
        """A unit defeated earlier is in Reserve, not on the board: no effect moves it (said once,
        with GA-DEF-2)."""
        if self.piece(name) is not None:
            return False
        self.emit(
            f"{stage}.not_allowed",
            ("GA-DEF-2",),
            f"{source}: {name} is not on the board and cannot be moved",
            {"unit": name},
        )
        return True

    def move(self, name: str, r: Response | None, stage: str, source: str) -> None:
        if r is None or r.to is None:
            raise AttackError(f"{source}: a move effect needs the hex it moves to ('to')")
        if self.not_on_the_board(name, stage, source):
            return
        there = self.battle.board.figure_at(tuple(r.to))
        if there is not None and there.name != name:
            raise AttackError(f"{source}: {name} cannot move to {list(r.to)}, where {there.name} stands")
        self.place(name, tuple(r.to), stage, source)

    def place(self, name: str, to: Hex, stage: str, source: str) -> None:
        """Put ``name`` on ``to``; a target (or the attacker) moved mid-attack may leave the reach
        the attack was declared with (Q.23, ``target_leaves_range_mid_attack``)."""
        piece = self.piece(name)
        self.battle = replace(self.battle, board=self.battle.board.with_piece_moved(name, to))
        self.emit(
            f"{stage}.moved",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: {name} moves from {list(piece.hex)} to {list(to)}",
            {"unit": name, "to": list(to)},
        )
        # A Dash of the attacker moves it away from (or behind cover of) every target at once.
        for target in list(self.targets) if name == self.decl.attacker else [name]:
            if target in self.targets:
                self.still_in_reach(target, stage)

    def still_in_reach(self, name: str, stage: str) -> None:
        attacker = self.piece(self.decl.attacker)
        where = self.piece(name).hex
        d = distance(attacker.hex, where)
        if self.weapon.is_area:  # an area weapon's reach is its placed hexes (GA-AOE-5)
            mode = LosMode.IGNORE if self.weapon.ignores_los else LosMode.AREA_EFFECT
            in_reach = where in (self.decl.area or ())
            beyond = "" if in_reach else ", outside the placed area"
        else:  # the reach the attack was declared with, cards' range and Line of Sight changes included
            mode = LosMode.IGNORE if self.weapon.ignores_los or self.reach_ignores_los else LosMode.STANDARD
            reach = self.weapon.range + self.reach_bonus
            in_reach = d <= reach
            beyond = "" if in_reach else f", beyond range {reach}"
        los = line_of_sight(self.battle.board, attacker.hex, where, self.side, self.rules, mode)
        if in_reach and los.clear:
            return
        cite = self.rules.cite("target_leaves_range_mid_attack")
        why = (
            f"{name} is now {plural(d, 'hex')} away"
            + beyond
            + ("" if los.clear else ", out of Line of Sight")
        )
        if self.rules.interpretation("target_leaves_range_mid_attack") == "attack_ends":
            self.end_attack(f"{why}: the attack ends", ("GA-SEQ-2", "GA-SEQ-13"), cite)
        self.emit(
            f"{stage}.still_targeted",
            ("GA-SEQ-2", "GA-SEQ-13"),
            f"{why}; range and Line of Sight were checked when the attack was declared, so it goes on",
            {},
            cite,
        )

    def unscripted_reroll(self, amount: int, r: Response | None) -> list[int]:
        """The dice a reroll picks up when the scenario does not say: the book gives the pick to
        the rerolling player, so an unscripted pick is a reading."""
        # reading: unscripted_reroll_pick
        lowest = sorted(self.faces)[:amount]
        if self.rules.interpretation("unscripted_reroll_pick") == "lowest":
            return lowest
        defending = r is not None and self.owner_side(r) != self.side
        return sorted(self.faces, reverse=True)[:amount] if defending else lowest

    def dice_effect(self, eff: Effect, stage: str, source: str, r: Response | None) -> None:
        sides = self.rules.param("attack_die_sides")
        if eff.kind == "extra_dice":
            new = self.dice.roll(eff.amount, sides, "additional")
            self.faces = self.faces + new
            self.emit(
                f"{stage}.additional_dice",
                ("GA-ROLL-1",) + (("GA-CRIT-3",) if stage == "critical" else ()),
                f"{source}: {eff.amount} additional attack dice roll {list(new)}; "
                f"the dice are now {list(self.faces)}",
                {"new": list(new), "faces": list(self.faces)},
            )
            return
        scripted = bool(r and r.dice)
        picked = list(r.dice) if scripted else self.unscripted_reroll(eff.amount, r)
        if len(picked) > eff.amount:
            raise AttackError(f"{source}: rerolls {eff.amount} dice, {len(picked)} were picked")
        faces = list(self.faces)
        for f in picked:
            if f not in faces:
                raise AttackError(f"{source}: no die shows {f} to reroll (dice: {self.faces})")
            faces.remove(f)
        new = self.dice.roll(len(picked), sides, "reroll")
        self.faces = tuple(faces) + new
        self.emit(
            f"{stage}.reroll",
            ("GA-ROLL-1",),
            f"{source}: rerolls {picked} -> {list(new)}; the dice are now {list(self.faces)}"
            + ("" if scripted else " (the pick was not scripted)"),
            {"picked": picked, "new": list(new), "faces": list(self.faces)},
            None if scripted else self.rules.cite("unscripted_reroll_pick"),
        )
