"""Abilities that roll dice of their own: "roll 2 dice; for each 7 or more, deal 1 damage".

A ``roll_dice`` effect rolls ``dice`` attack dice (the chapter's ten-sided die, GA-ROLL-1) for
its card, counts those showing ``at_least`` or more (the natural face: no Accuracy, no
critical hits, which belong to the attack's own dice) and applies its ``effects`` once per die
that counts (``for_each: true``) or once if any does. The faces come from the dice source under
the purpose ``card``: a scenario scripts them as ``dice: {attack: [...], card: [...]}``, in the
order the cards roll. ``card_dice_needed`` says how many a declaration's Responses roll, so a
script with too few or too many is refused before the attack resolves; a scripted die no card
rolled (its card was not used) fails at the end, like any unused die.
"""

from __future__ import annotations

from rules.gundam_assemble.abilities import Ability, Effect
from rules.gundam_assemble.declaration import AttackDeclaration, Response
from rules.gundam_assemble.responses import WINDOW_CLAUSE
from rules.wording import plural

CARD_DICE = "card"  # the dice script's purpose for the cards' own rolls


def card_dice_needed(decl: AttackDeclaration) -> int:
    """The dice the declaration's Responses roll for themselves, each used once."""
    return sum(e.dice for r in decl.responses for e in r.ability.effects if e.kind == "roll_dice")


class CardDice:
    """The ``roll_dice`` effect, as part of the attack resolver (``attack._Resolver``)."""

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
        times = counted if eff.for_each else min(counted, 1)
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
