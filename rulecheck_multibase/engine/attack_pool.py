"""Step 2, the attack pool (MB-2.1 to MB-2.3)."""

from __future__ import annotations

from collections.abc import Mapping

from rulecheck_multibase.engine.battlefield import Unit
from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


def attack_pool(
    unit: Unit, ranged: bool, bonus_dice: Mapping[str, int], rules: Rulebook
) -> tuple[int, list[Event]]:
    """Attack stat times remaining bases, plus dice from keywords and statuses (Charge, Volley Fire...)."""
    stat_name = "Ranged Attack" if ranged else "Melee Attack"
    stat = unit.stats.ranged_attack if ranged else unit.stats.melee_attack
    bases = len(unit.bases)
    events = [
        Event(
            "pool.base",
            ("MB-2.1",),
            f"{unit.name}: {stat_name} {stat} x {plural(bases, 'remaining base')} = {plural(stat * bases, 'die')}",
            {"stat": stat, "bases": bases},
        )
    ]
    total = stat * bases
    for source, dice in bonus_dice.items():
        total += dice
        events.append(
            Event(
                "pool.bonus",
                ("MB-2.2",),
                f"{unit.name}: +{plural(dice, 'die')} from {source}",
                {source: dice},
            )
        )
    sides = int(rules.param("die_sides"))
    events.append(Event("pool.total", ("MB-2.3",), f"{unit.name} gathers {total}d{sides}", {"dice": total}))
    return total, events
