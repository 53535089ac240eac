"""After hypothesis has shrunk a witness: take it to a fixpoint by hand.

Hypothesis shrinks the choices a strategy made, and stops when its clock or its heuristics do: a
witness can keep a unit, a Response, a die or an odd coordinate that the difference does not
need. ``tighten`` tries every one-step simplification of the position itself (drop one element of
any list: a unit, a base, a piece, a card, a Response, an attack, a die; drop an optional part: a
second attack, a bonus; set a number to 0; move a number to a rounder value: a whole or half
inch, a facing to a multiple of 90 or 45 degrees) and keeps the first that still shows the same
difference (the same first divergence), until none does or its time is up. Every variant is
judged by the two engines, so a simplification the position's format cannot take is simply
refused there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

# Lists whose length is part of the format (a map's cells, a pair of numbers): never shortened.
FIXED_LISTS = frozenset({"cells", "polygon", "segment"})
# Keys a position cannot go without (dropping them only fails on both sides).
# Lists that keep at least one element (a unit has a base; a position has pieces).
NONEMPTY = frozenset({"bases", "units", "pieces"})
# Numbers whose 0 is the plain case a scenario can state: open flat ground (a map cell), no
# wounds, Shields or Timeline. Others (a unit's stats, hit points, where a piece stands, a base's
# size) stay at what the search found or only move to rounder values: 0 there stacks pieces,
# flattens a base or makes a stat the scenario format refuses.
ZEROABLE = frozenset({"cells", "wounds_taken", "shields", "deactivated_shields", "timeline", "energy"})
REQUIRED = frozenset(
    {"attack", "los", "units", "pieces", "cells", "width", "height", "dice", "bases", "stats"}
)


def _rounder(key: str, value: float) -> list[float]:
    """Rounder values for one number, roundest first."""
    out: list[float] = []
    if key == "facing":
        out += [round(value / 90) * 90 % 360, round(value / 45) * 45 % 360]
    if isinstance(value, float):
        out += [float(round(value)), round(value * 2) / 2]
    out = [v for v in dict.fromkeys(out) if v != value]
    return out


def variants(node: Any, key: str = "") -> Iterator[Any]:
    """Every one-step simplification of ``node`` (a JSON value), biggest steps first."""
    if isinstance(node, dict):
        # An optional part (a second attack, a bonus, a unit's modifiers) may go whole; a list
        # only empties element by element, and a unit's dice pools stay named.
        for k in list(node):
            if k not in REQUIRED and key != "dice" and isinstance(node[k], dict):
                yield {x: v for x, v in node.items() if x != k}
        for k, v in node.items():
            for smaller in variants(v, k):
                yield {**node, k: smaller}
    elif isinstance(node, list):
        if key not in FIXED_LISTS and not (key in NONEMPTY and len(node) == 1):
            for i in range(len(node) - 1, -1, -1):
                yield node[:i] + node[i + 1 :]
        for i, v in enumerate(node):
            for smaller in variants(v, key):
                yield [*node[:i], smaller, *node[i + 1 :]]
    elif isinstance(node, bool):
        if node and key not in ("strict",):
            yield False
    elif node is None:
        return
    elif isinstance(node, (int, float)):
        if node != 0 and key in ZEROABLE:
            yield type(node)(0)
        yield from _rounder(key, node)


def trim_dice(position: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
    """The position with each dice pool cut to the faces either side used (a scenario scripts
    only those; the rest only make the witness look bigger)."""

    def used(key: str, which: str = "dice_used") -> int:
        return max((answer.get(which) or {}).get(key, 0) for answer in answers)

    out = dict(position)
    for part, which in (("attack", "dice_used"), ("second", "dice_used_second")):
        attack = out.get(part)
        if isinstance(attack, dict) and isinstance(attack.get("dice"), dict):
            out[part] = {**attack, "dice": {k: v[: used(k, which)] for k, v in attack["dice"].items()}}
    dice = out.get("dice")
    # Only a pool of named rolls per unit ({unit: {kind: [faces]}}) is cut; a position of another
    # shape (a ruleset's own, e.g. a plain list of faces) is left as it is.
    if isinstance(dice, dict) and all(
        isinstance(rolls, dict) and all(isinstance(f, list) for f in rolls.values())
        for rolls in dice.values()
    ):
        out["dice"] = {
            unit: {kind: faces[: used(f"{kind}:{unit}")] for kind, faces in rolls.items()}
            for unit, rolls in dice.items()
        }
    return out


def tighten(
    position: dict[str, Any],
    judge: Callable[[dict[str, Any]], Any],
    until: float,
) -> tuple[dict[str, Any], Any, bool]:
    """Simplify ``position`` while ``judge`` (a variant -> a finding, or None when the variant
    does not show the same difference) still finds it. Returns the simplest position, its
    finding (None if nothing was simpler) and whether a fixpoint was reached before ``until``."""
    best, found = position, None
    while True:
        for variant in variants(best):
            if time.perf_counter() > until:
                return best, found, False
            verdict = judge(variant)
            if verdict is not None:
                best, found = variant, verdict
                break
        else:
            return best, found, True
