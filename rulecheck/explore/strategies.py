"""What explore's generators share, whatever the game: weighted choices a search can learn, and
the strategy of one kind of a ruleset's positions.

The game's own strategies live in its ruleset's strategies module (for the bundled games,
``rulecheck_gundam_assemble.strategies`` and ``rulecheck_multibase.strategies``),
reached here through its ``Explorer.positions``; this module imports no game.

A generator that learns draws each choice that shapes what the engine will be asked (a *knob*)
with ``weighted_choice``, from a ``Bias``. ``search`` starts with even weights and, between
rounds, raises the weights of the knob values under which the compared reading was asked
(``Bias.learn``), so the budget goes where a difference is possible. Each weighted choice is an
integer that shrinks to 0, the first and plainest value, so witnesses still shrink to readable
positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hypothesis import strategies as st

from rulecheck.ruleset_api import ruleset as ruleset_named

RESOLUTION = 1000  # a weighted choice is an integer below this

# The knob values drawn for the position being generated, in order: (knob, value). ``search``
# reads it right after hypothesis hands the position over (generation is single-threaded); a
# generator that learns clears it when it starts a position.
drawn: list[tuple[str, str]] = []


@dataclass(frozen=True)
class Bias:
    """Weights per knob and value (the generator's starting weight, else 1.0, where not given).
    Frozen: one ``find`` runs on one Bias, so hypothesis's replay of a choice sequence always
    gives the same position."""

    weights: tuple[tuple[tuple[str, str], float], ...] = ()

    def weight(self, knob: str, value: str, starting: Mapping[tuple[str, str], float] | None = None) -> float:
        """The weight of one value; ``starting``: the generator's own weights before any learning."""
        return dict(self.weights).get((knob, value), (starting or {}).get((knob, value), 1.0))

    def learn(self, seen: list[tuple[list[tuple[str, str]], bool]], floor: float = 0.2) -> Bias:
        """Weights from positions seen (their knob values, and whether the reading was asked):
        each value's weight is its smoothed rate of asking relative to its knob's rate, at
        least ``floor`` so no value is ever dropped."""
        counts: dict[tuple[str, str], list[int]] = {}
        per_knob: dict[str, list[int]] = {}
        for knobs, asked in seen:
            for key in set(knobs):
                c = counts.setdefault(key, [0, 0])
                c[0] += 1
                c[1] += asked
            for knob in {k for k, _ in knobs}:
                c = per_knob.setdefault(knob, [0, 0])
                c[0] += 1
                c[1] += asked
        weights = {}
        for (knob, value), (n, k) in counts.items():
            total_n, total_k = per_knob[knob]
            base = (total_k + 1) / (total_n + 2)
            rate = (k + base) / (n + 1)
            weights[(knob, value)] = max(floor, min(20.0, rate / base))
        return Bias(tuple(sorted(weights.items())))


def weighted_choice(
    draw,
    bias: Bias,
    knob: str,
    options: list[Any],
    starting: Mapping[tuple[str, str], float] | None = None,
) -> Any:
    """One of ``options`` (the first is the plainest), by ``bias``'s weights (``starting``: the
    generator's own before any learning); noted in ``drawn``. Call it inside an ``st.composite``
    with its ``draw``."""
    if len(options) == 1:
        drawn.append((knob, str(options[0])))
        return options[0]
    table = _spread(tuple(bias.weight(knob, str(o), starting) for o in options))
    chosen = options[table[draw(st.integers(0, RESOLUTION - 1))]]
    drawn.append((knob, str(chosen)))
    return chosen


@lru_cache(maxsize=4096)
def _spread(weights: tuple[float, ...]) -> tuple[int, ...]:
    """``RESOLUTION`` option indexes, each about as often as its weight says, interleaved (smooth
    weighted round robin) and starting with the first option. Hypothesis draws small integers
    far more often than large ones; interleaving spreads those draws over every option instead
    of piling them on the first, while 0, where shrinking ends, stays the plainest option."""
    total = sum(weights)
    current = [0.0] * len(weights)
    table = [0]
    current[0] -= total
    for _ in range(RESOLUTION - 1):
        for i, w in enumerate(weights):
            current[i] += w
        best = max(range(len(weights)), key=lambda i: current[i])
        current[best] -= total
        table.append(best)
    return tuple(table)


def positions(ruleset: str, kind: str, bias: Bias | None = None):
    """The strategy for one kind of a ruleset's positions (its ``Explorer.positions``); ``bias``
    weights the choices of a generator that learns."""
    return ruleset_named(ruleset).explore.positions(kind, bias or Bias())
