"""An assumed number moved one step up and one down: what ``mutate`` tries, and what ``check``
re-runs a scenario under to see whether its ruling rests on that number. Kept apart from
``rulecheck.mutation`` so a check does not import the mutation runner (its process pool) for it."""

from __future__ import annotations

import math
from typing import Any


def float_step(value: float) -> float:
    """One unit of the leading digit: 0.5 -> 0.1, 1e-9 -> 1e-9, 2.0 -> 1."""
    if value == 0 or abs(value) >= 1:
        return 1.0
    return 10.0 ** math.floor(math.log10(abs(value)))


def number_mutations(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1]
    if isinstance(value, float):
        step = float_step(value)
        return [round(value + step, 12), round(value - step, 12)]
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        # A list of faces: each face on its own up and down by one; a face that lands on another
        # merges with it (so [9, 10] also yields [10] and [9]).
        out = []
        for i, v in enumerate(value):
            for moved in (v + 1, v - 1):
                changed = sorted(set(value[:i] + [moved] + value[i + 1 :]))
                out.append(changed)
        return out
    return []  # text and other shapes have no "one up"
