"""Step 6, wounds and casualty removal (MB-6.1 to MB-6.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from math import comb, factorial

from rulecheck_multibase.engine.battlefield import Unit
from rulecheck_multibase.engine.coherency import is_coherent, stray_count
from rules import limits
from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


class IllegalRemoval(ValueError):
    """The defending player picked bases the rules do not let them remove."""

    def __init__(self, unit: str, message: str):
        super().__init__(message)
        self.unit = unit


def allocate_wounds(unit: Unit, wounds: int) -> tuple[int, int, list[Event]]:
    """Bases to remove and wounds left over, counting wounds already on the unit (MB-6.1, MB-6.2)."""
    per_base = unit.stats.wounds
    total = unit.wounds + wounds
    removals, residual = divmod(total, per_base)
    events = [
        Event(
            "casualties.wounds",
            ("MB-6.1", "MB-6.2"),
            f"{unit.name}: {plural(unit.wounds, 'wound')} already on the unit + {wounds} new = {total}; "
            f"Wound stat {per_base} removes {plural(removals, 'base')}, {plural(residual, 'wound')} "
            f"{'stays' if residual == 1 else 'stay'}",
            {
                "carried": unit.wounds,
                "new": wounds,
                "total": total,
                "removals": removals,
                "residual": residual,
            },
        )
    ]
    return removals, residual, events


@dataclass(frozen=True)
class RemovalOptions:
    count: int
    options: tuple[tuple[str, ...], ...]  # every choice the defending player may make
    coherent: bool  # False: no choice keeps coherency, so every choice is open (MB-6.5)


def _keeps_coherency(unit: Unit, chosen: Sequence[str], rules: Rulebook) -> bool:
    def survivors(gone: set[str]):
        return [b for b in unit.bases if b.name not in gone]

    if rules.interpretation("multi_removal_coherency") == "after_all":
        return is_coherent(survivors(set(chosen)), rules)
    for order in permutations(chosen):
        if all(is_coherent(survivors(set(order[: i + 1])), rules) for i in range(len(order))):
            return True
    return False


def check_removal_budget(unit: Unit, count: int, rules: Rulebook) -> None:
    """Raise ``LimitExceeded`` if listing the removals of ``count`` bases would take too long."""
    names = [b.name for b in unit.bases]
    ways = comb(len(names), count)
    # each way is a coherency check over the bases left (pairs of bases), and under after_each
    # possibly one per order of removal
    orders = factorial(count) if rules.interpretation("multi_removal_coherency") != "after_all" else 1
    work = ways * orders * len(names) ** 2
    if ways > limits.MAX_REMOVAL_OPTIONS or work > limits.MAX_REMOVAL_WORK:
        why = (
            f"rulecheck lists at most {limits.MAX_REMOVAL_OPTIONS}"
            if ways > limits.MAX_REMOVAL_OPTIONS
            else f"checking each for coherency takes about {work} base-pair tests (limit {limits.MAX_REMOVAL_WORK})"
        )
        raise limits.LimitExceeded(
            f"{unit.name} has {ways} ways to remove {count} of its {len(names)} bases; {why}"
        )


def removal_options(unit: Unit, count: int, rules: Rulebook) -> RemovalOptions:
    """The removals the defending player may choose (MB-6.3), restricted by coherency (MB-6.4)."""
    names = [b.name for b in unit.bases]
    if count >= len(names):
        return RemovalOptions(len(names), (tuple(names),), True)
    check_removal_budget(unit, count, rules)
    every = [tuple(c) for c in combinations(names, count)]
    legal = tuple(c for c in every if _keeps_coherency(unit, c, rules))
    if legal:
        return RemovalOptions(count, legal, True)
    if rules.interpretation("impossible_coherency_removal") == "fewest_stray":
        left = {c: stray_count([b for b in unit.bases if b.name not in c], rules) for c in every}
        every = [c for c in every if left[c] == min(left.values())]
    return RemovalOptions(count, tuple(every), False)


def options_event(unit: Unit, found: RemovalOptions, rules: Rulebook) -> Event:
    shown = "; ".join("+".join(c) for c in found.options)
    if found.coherent:
        return Event(
            "casualties.options",
            ("MB-6.3", "MB-6.4"),
            f"{unit.name} may remove: {shown}",
            {"count": found.count, "options": [list(c) for c in found.options]},
            f"{rules.cite('coherency')}, {rules.cite('multi_removal_coherency')}",
        )
    return Event(
        "casualties.coherency_impossible",
        ("MB-6.4", "MB-6.5"),
        f"no removal of {plural(found.count, 'base')} keeps {unit.name} in coherency; "
        + (
            f"any choice is open: {shown}"
            if rules.interpretation("impossible_coherency_removal") == "any_removal"
            else f"the choices that leave the fewest bases out of coherency: {shown}"
        ),
        {"count": found.count, "options": [list(c) for c in found.options]},
        f"{rules.cite('coherency')}, {rules.cite('multi_removal_coherency')}, "
        f"{rules.cite('impossible_coherency_removal')}",
    )


def remove_bases(
    unit: Unit, chosen: Sequence[str], found: RemovalOptions, residual: int
) -> tuple[Unit, Event]:
    names = [b.name for b in unit.bases]
    key = tuple(n for n in names if n in chosen) if len(set(chosen)) == len(chosen) else tuple(chosen)
    if len(key) != len(chosen):
        key = tuple(chosen)  # names a base the unit does not have: reported below as not allowed
    if key not in found.options:
        allowed = "; ".join("+".join(c) for c in found.options)
        raise IllegalRemoval(unit.name, f"{unit.name} cannot remove {'+'.join(chosen)} (allowed: {allowed})")
    gone = unit.without_bases(set(chosen))
    return replace(gone, wounds=residual), Event(
        "casualties.removed",
        ("MB-6.3",),
        f"{unit.name} removes {'+'.join(key)}; {plural(len(gone.bases), 'base')} and {plural(residual, 'wound')} remain",
        {"removed": list(key), "bases_left": len(gone.bases), "residual": residual},
    )
