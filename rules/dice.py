"""Dice sources. Dice are inputs (docs/architecture.md, "Dice and choices are inputs").

``ScriptedDice`` plays back faces a scenario wrote down and is strict both ways: asking for more
faces than scripted fails, and ``finish()`` fails when scripted faces were left unused (as an
XMage test fails on an unused scripted command). ``SeededDice`` draws from a seeded RNG.
Each ruleset's odds module builds its exact distributions; ``at_least`` is shared by both.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


class DiceScriptError(Exception):
    """The scripted dice do not match what the resolution needed. ``purpose`` is the script key
    at fault (``attack``, ``to_hit:Alpha``), so a loader can point at the line that scripted it."""

    def __init__(self, message: str, purpose: str | None = None):
        super().__init__(message)
        self.purpose = purpose


class DiceSource:
    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        raise NotImplementedError

    def finish(self) -> None:
        """Called when a resolution ends; a strict source checks nothing is left over."""


@dataclass
class ScriptedDice(DiceSource):
    """Faces consumed in order, optionally labelled per purpose (``attack``, ``save``, ``reroll``).

    ``script`` maps a purpose to its faces; ``"*"`` is a shared queue used when a purpose has
    none of its own.
    """

    script: dict[str, list[int]]
    used: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, faces: Sequence[int] | None = None, **by_purpose: Sequence[int]) -> ScriptedDice:
        script = {k: list(v) for k, v in by_purpose.items()}
        if faces is not None:
            script["*"] = list(faces)
        return cls(script)

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        key = purpose if purpose in self.script else "*"
        queue = self.script.get(key, [])
        start = self.used.get(key, 0)
        if start + count > len(queue):
            have = len(queue) - start
            raise DiceScriptError(
                f"the {purpose} roll needs {count} d{sides} but the script has {have} "
                f"{'face' if have == 1 else 'faces'} left for {key!r}",
                key,
            )
        faces = tuple(queue[start : start + count])
        bad = [f for f in faces if not 1 <= f <= sides]
        if bad:
            raise DiceScriptError(f"scripted face {bad[0]} is not on a d{sides} ({purpose} roll)", key)
        self.used[key] = start + count
        return faces

    def finish(self) -> None:
        left = {k: v[self.used.get(k, 0) :] for k, v in self.script.items() if len(v) > self.used.get(k, 0)}
        if left:
            detail = "; ".join(f"{k}: {v}" for k, v in left.items())
            raise DiceScriptError(f"scripted dice left unused ({detail})", next(iter(left)))


@dataclass
class SeededDice(DiceSource):
    seed: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return tuple(self._rng.randint(1, sides) for _ in range(count))


def at_least(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """P(X >= k) for every k from 0 to the largest value of an exact distribution."""
    out: dict[int, Fraction] = {}
    running = Fraction(0)
    for k in range(max(dist, default=0), -1, -1):
        running += dist.get(k, Fraction(0))
        out[k] = running
    return dict(sorted(out.items()))
