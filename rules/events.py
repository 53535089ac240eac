"""Events: the engine's trace. Every decision the engine takes is an event naming its clauses.

Resolution functions return the new state plus a list of events; steps assert on them and
``rulecheck explain`` prints them as a judge would explain a ruling.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One step of a ruling.

    ``step`` is a stable machine name (``los.blocked``, ``attack.roll``); ``clauses`` the clause ids
    the decision rests on; ``text`` a one-line paraphrase for people; ``data`` the numbers behind
    it; ``interpretation`` the named interpretation (and option) it relied on, if any.
    """

    step: str
    clauses: tuple[str, ...]
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    interpretation: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.clauses, str):  # a lone id is a common slip; keep it a tuple
            object.__setattr__(self, "clauses", (self.clauses,))
        if not self.clauses:
            raise ValueError(f"event {self.step!r} cites no clause")

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        out: dict[str, Any] = {"step": self.step, "clauses": list(self.clauses), "text": self.text}
        if self.data:
            out["data"] = _jsonable(self.data)
        if self.interpretation:
            out["interpretation"] = self.interpretation
        return out


def _jsonable(value: Any) -> Any:
    # pragma: no mutate block (presentation: no ruling reads it)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value


def steps(events: Iterable[Event]) -> list[str]:
    return [e.step for e in events]


def cited(events: Iterable[Event]) -> set[str]:
    """Every clause id the events cite."""
    return {c for e in events for c in e.clauses}


def interpretations_cited(events: Iterable[Event]) -> dict[str, str]:
    """name -> option for every interpretation the events rest on. One event may rest on several,
    written ``name=option`` and separated by ',' or ';'."""
    used: dict[str, str] = {}
    for e in events:
        for part in (e.interpretation or "").replace(";", ",").split(","):
            name, sep, option = part.strip().partition("=")
            if sep:
                used[name] = option
    return used


def count_of(n: int, one: str, many: str | None = None) -> str:
    """'1 hex', '3 hexes', '0 responses': counts in event texts."""
    # pragma: no mutate block (presentation: no ruling reads it)
    return f"{n} {one if n == 1 else many or one + 's'}"


def format_trace(events: Iterable[Event]) -> str:
    """The human trace: one numbered line per event, clause ids in brackets."""
    # pragma: no mutate block (presentation: no ruling reads it)
    lines = []
    for i, e in enumerate(events, 1):
        tail = f"  (interpretation: {e.interpretation})" if e.interpretation else ""
        lines.append(f"{i:>2}. [{', '.join(e.clauses)}] {e.text}{tail}")
    return "\n".join(lines)
