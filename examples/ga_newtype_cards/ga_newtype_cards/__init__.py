"""An example faction package: one ability written in Python (an invented test card).

"Newtype Flash" (After Attack Roll, on its unit's own attack): pick one attack die and reroll it;
if the new face is 8 or more, the attack gets Damage+1 against each target. The die picked is the
player's choice, so it is a scripted input (``choices: {die: 3}``) like every other choice.
"""

from __future__ import annotations

from rulecheck_gundam_assemble.engine.python_abilities import CardAbility, Play


class NewtypeFlash(CardAbility):
    window = "after_attack_roll"
    trigger = "own_attack"
    text = "reroll one attack die; on 8 or more, Damage+1 against each target"

    def resolve(self, play: Play) -> None:
        face = play.choose("die", sorted(set(play.faces)))
        (new,) = play.reroll([face])
        if new >= 8:
            play.emit(
                "flash", ("GA-ROLL-1", "GA-DMG-6"), f"the rerolled die shows {new}: Damage+1", {"face": new}
            )
            play.effect({"kind": "damage_plus", "amount": 1}, recipients=play.targets)
        else:
            play.emit(
                "no_flash", ("GA-ROLL-1",), f"the rerolled die shows {new}: no extra damage", {"face": new}
            )
