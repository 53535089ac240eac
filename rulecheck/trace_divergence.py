"""Where two explanation traces part: the first event that differs between two runs of the same
position (the book and a house rule, two interpretations). ``explore`` groups its witnesses by it;
a scenario that fails under an overlay names it, so its failure says which roll or check the
house rule changed, and how."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Divergence:
    """The first event where the traces differ (``None`` on a side whose trace ended first)."""

    index: int
    old: dict[str, Any] | None
    new: dict[str, Any] | None

    @property
    def clauses(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for e in (self.old, self.new):
            for c in (e or {}).get("clauses", ()):
                seen[c] = None
        return tuple(seen)

    @property
    def key(self) -> str:
        """The group: which decision each side took at the first difference."""

        def name(e: dict[str, Any] | None) -> str:
            return f"{e['step']} [{', '.join(e['clauses'])}]" if e else "(trace ends)"

        return f"{name(self.old)} | {name(self.new)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "key": self.key,
            "clauses": list(self.clauses),
            "old": self.old,
            "new": self.new,
        }


def _comparable(e: dict[str, Any]) -> tuple:
    # The reading an event cites is part of the explanation: two traces that cite different
    # options of it part there, even where the text is the same.
    return (
        e["step"],
        tuple(e["clauses"]),
        e.get("text"),
        json.dumps(e.get("data"), sort_keys=True),
        e.get("interpretation"),
    )


def first_divergence(old_events: list[dict], new_events: list[dict]) -> Divergence:
    for i, (a, b) in enumerate(zip(old_events, new_events, strict=False)):
        if _comparable(a) != _comparable(b):
            return Divergence(i, a, b)
    i = min(len(old_events), len(new_events))
    return Divergence(
        i,
        old_events[i] if i < len(old_events) else None,
        new_events[i] if i < len(new_events) else None,
    )


def deciding_divergence(old_events: list[dict], new_events: list[dict]) -> Divergence:
    """The first divergence, or a later one that names the rule that decides: while the two
    traces keep step for step (the same steps in the same order, as a Line of Sight trace does
    hex by hex), the first differing pair whose clauses differ is where a rule ruled otherwise;
    an earlier pair that differs only in wording (a corner over open ground "counts" under one
    reading, "does not count" under the other, with nothing to block) is not the cause."""
    first = first_divergence(old_events, new_events)
    if first.old is None or first.new is None or tuple(first.old["clauses"]) != tuple(first.new["clauses"]):
        return first
    for i in range(first.index, min(len(old_events), len(new_events))):
        a, b = old_events[i], new_events[i]
        if a["step"] != b["step"]:
            break
        if tuple(a["clauses"]) != tuple(b["clauses"]):
            return Divergence(i, a, b)
    return first
