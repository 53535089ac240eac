"""After hypothesis has shrunk a witness: take it to a fixpoint by hand.

Hypothesis shrinks the choices a strategy made, and stops when its clock or its heuristics do: a
witness can keep a unit, a Response, a die or an odd coordinate that the difference does not
need. ``tighten`` tries every one-step simplification of the position itself and keeps the first
that still shows the same difference (the same first divergence), until none does or its own
time is up. Every variant is judged by the two engines, so a simplification the position's
format cannot take is simply refused there.

Which simplifications a position has depends on its shape, which only its ruleset knows: the
ruleset's ``Explorer.simpler_positions`` gives them (``variants`` below, with a ``Shape`` that
names the lists that keep their length, the numbers whose 0 is the plain case, and so on), and
``Explorer.used_dice_only`` cuts its dice to the faces used. This module names no position's key.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Shape:
    """What a ruleset's positions allow a simplification to do, by key."""

    fixed_lists: frozenset[str] = frozenset()
    """Lists whose length is part of the format (a map's cells, a polygon): never shortened."""
    nonempty: frozenset[str] = frozenset()
    """Lists that keep at least one element (a unit has a base)."""
    zeroable: frozenset[str] = frozenset()
    """Numbers whose 0 is the plain case a scenario can state (no wounds, flat ground). Others
    only move to rounder values: 0 there stacks pieces or makes a stat the format refuses."""
    required: frozenset[str] = frozenset()
    """Parts a position cannot go without (dropping them only fails on both sides)."""
    kept_whole: frozenset[str] = frozenset()
    """Mappings whose entries stay (a unit's dice pools stay named)."""
    kept_flags: frozenset[str] = frozenset()
    """Flags never turned off (a stated choice's strictness)."""
    angles: frozenset[str] = frozenset()
    """Numbers that are angles: rounder is a multiple of 90, then of 45 degrees."""


def _rounder(key: str, value: float, shape: Shape) -> list[float]:
    """Rounder values for one number, roundest first."""
    out: list[float] = []
    if key in shape.angles:
        out += [round(value / 90) * 90 % 360, round(value / 45) * 45 % 360]
    if isinstance(value, float):
        out += [float(round(value)), round(value * 2) / 2]
    return [v for v in dict.fromkeys(out) if v != value]


def variants(node: Any, shape: Shape = Shape(), key: str = "") -> Iterator[Any]:
    """Every one-step simplification of ``node`` (a JSON value), biggest steps first: drop one
    element of a list (a unit, a base, a piece, a card, a Response, an attack, a die), drop an
    optional part (a second attack, a bonus), turn a flag off, set a number to 0, move a number
    to a rounder value (a whole or half inch, an angle to a multiple of 90 or 45 degrees)."""
    if isinstance(node, dict):
        for k in list(node):
            if k not in shape.required and key not in shape.kept_whole and isinstance(node[k], dict):
                yield {x: v for x, v in node.items() if x != k}
        for k, v in node.items():
            for smaller in variants(v, shape, k):
                yield {**node, k: smaller}
    elif isinstance(node, list):
        if key not in shape.fixed_lists and not (key in shape.nonempty and len(node) == 1):
            for i in range(len(node) - 1, -1, -1):
                yield node[:i] + node[i + 1 :]
        for i, v in enumerate(node):
            for smaller in variants(v, shape, key):
                yield [*node[:i], smaller, *node[i + 1 :]]
    elif isinstance(node, bool):
        if node and key not in shape.kept_flags:
            yield False
    elif node is None:
        return
    elif isinstance(node, (int, float)):
        if node != 0 and key in shape.zeroable:
            yield type(node)(0)
        yield from _rounder(key, node, shape)


def tighten(
    position: dict[str, Any],
    judge: Callable[[dict[str, Any]], Any],
    until: float,
    simpler: Callable[[dict[str, Any]], Iterator[dict[str, Any]]] = variants,
) -> tuple[dict[str, Any], Any, bool]:
    """Simplify ``position`` while ``judge`` (a variant -> a finding, or None when the variant
    does not show the same difference) still finds it; ``simpler`` gives a position's one-step
    simplifications (the ruleset's ``simpler_positions``). Returns the simplest position, its
    finding (None if nothing was simpler) and whether a fixpoint was reached before ``until``."""
    best, found = position, None
    while True:
        for variant in simpler(best):
            if time.perf_counter() > until:
                return best, found, False
            verdict = judge(variant)
            if verdict is not None:
                best, found = variant, verdict
                break
        else:
            return best, found, True
