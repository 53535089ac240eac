"""Abilities that roll dice of their own ("roll 2 dice; for each 7 or more, deal 1 damage"), and
an absolute Timeline cost ("this attack costs 0").

A ``roll_dice`` effect rolls ``dice`` attack dice (the chapter's ten-sided die, GA-ROLL-1) for
its card, counts those showing ``at_least`` or more (the natural face: no Accuracy, no
critical hits, which belong to the attack's own dice) and applies its ``effects`` once per die
that counts (``per_die: true``) or once if any does. The faces come from the dice source under
the purpose ``card``: a scenario scripts them as ``dice: {attack: [...], card: [...]}``, in the
order the cards roll. ``card_dice_needed`` says how many a declaration's Responses roll, so a
script with too few or too many is refused before the attack resolves; a scripted die no card
rolled (its card was not used) fails at the end, like any unused die.

A ``tl_cost`` effect with ``set_to: N`` makes the attack cost N instead of its printed cost. The
chapter knows only costs changed by so much (GA-WPN-1), so whether the other +/- changes still
apply to N is the placeholder ``absolute_tl_cost``.
"""

from __future__ import annotations

from rulecheck_gundam_assemble.engine.abilities import Ability, Effect
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, Response
from rulecheck_gundam_assemble.engine.responses import WINDOW_CLAUSE
from rules.wording import plural

CARD_DICE = "card"  # the dice script's purpose for the cards' own rolls


def card_dice_needed(decl: AttackDeclaration) -> int:
    """The dice the declaration's Responses roll for themselves, each used once."""
    return sum(e.dice for r in decl.responses for e in r.ability.effects if e.kind == "roll_dice")


class CardDice:
    """The ``roll_dice`` effect and the absolute cost: methods of one attack's state
    (``attack.AttackState``, which declares every attribute they use)."""

    def absolute_cost(self, raw: int) -> int:
        """The cost to pay before the floor: ``raw`` (printed, +/- changes), or the last absolute
        cost a card set, with the changes after it or not (``absolute_tl_cost``)."""
        set_by = [(self.decl.made_by, self.decl.tl_cost_set)] if self.decl.tl_cost_set is not None else []
        set_by += [
            (m.source, m.amount)
            for m in self.mods
            if m.kind == "tl_cost_set" and self.holds_for_attack(m.when)
        ]
        if not set_by:
            return raw
        source, amount = set_by[-1]
        if len({a for _, a in set_by}) > 1:
            source, amount = self.one_absolute_cost(set_by)
        changes = raw - self.weapon.tl_cost
        # reading: absolute_tl_cost
        after = self.rules.interpretation("absolute_tl_cost") == "changes_after"
        cost = amount + changes if after else amount
        self.emit(
            "pay.absolute_cost",
            ("GA-WPN-1", "GA-SEQ-3"),
            f"{source} sets the cost to {amount} instead of the printed {self.weapon.tl_cost}"
            + (
                f"; the other changes ({changes:+d}) apply to it: {cost}"
                if after and changes
                else "; the other changes do not apply to it"
                if changes
                else ""
            ),
            {"set_to": amount, "changes": changes, "cost": cost},
            self.rules.cite("absolute_tl_cost") if changes else None,
        )
        return cost

    def one_absolute_cost(self, set_by: list[tuple[str | None, int]]) -> tuple[str | None, int]:
        """Which of several different costs cards set is paid: the chapter prints no card that sets
        a cost, so this is the placeholder several_absolute_tl_costs (``set_by`` is in the order
        the cards were used: the card that makes the attack first)."""
        # reading: several_absolute_tl_costs
        if self.rules.interpretation("several_absolute_tl_costs") == "lowest":
            source, amount = min(set_by, key=lambda s: s[1])
        else:
            source, amount = set_by[-1]
        self.emit(
            "pay.absolute_costs",
            ("GA-WPN-1", "GA-SEQ-3"),
            f"{len(set_by)} cards set the cost ("
            + ", ".join(f"{who} {n}" for who, n in set_by)
            + f"): {source}'s {amount} is the one paid",
            {"set": [[who, n] for who, n in set_by], "paid": amount},
            self.rules.cite("several_absolute_tl_costs"),
        )
        return source, amount

    def card_roll(
        self,
        eff: Effect,
        stage: str,
        source: str,
        user: str | None,
        r: Response | None,
        fixed: list[str] | None,
        ability: Ability | None,
    ) -> None:
        sides = self.rules.param("attack_die_sides")
        faces = self.dice.roll(eff.dice, sides, CARD_DICE)
        counted = sum(1 for f in faces if f >= eff.at_least)
        times = counted if eff.per_die else min(counted, 1)
        self.emit(
            f"{stage}.card_roll",
            (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"), "GA-ROLL-1"),
            f"{source}: rolls {plural(eff.dice, 'die', 'dice')} of its own: {list(faces)}; "
            f"{plural(counted, 'die', 'dice')} at {eff.at_least} or more, so its effects apply "
            + ("once" if times == 1 else f"{times} times" if times else "not at all"),
            {"faces": list(faces), "at_least": eff.at_least, "counted": counted, "times": times},
        )
        for _ in range(times):
            for inner in eff.then:
                self.apply_effect(inner, stage, source, user, r, fixed, ability)
