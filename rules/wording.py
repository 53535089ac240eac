"""Counted nouns in event texts: "1 hit", "2 hits", "1 die", "3 dice". Shared by the engine's
events and the toolkit's output (``rulecheck.wording``)."""

from __future__ import annotations

_IRREGULAR = {"die": "dice", "hex": "hexes", "entry": "entries", "process": "processes"}


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    if count == 1:
        return f"{count} {noun}"
    last = noun.rsplit(" ", 1)[-1]
    form = plural_form or _IRREGULAR.get(last) or (last[:-1] + "ies" if last.endswith("y") else last + "s")
    return f"{count} {noun[: len(noun) - len(last)]}{form}" if not plural_form else f"{count} {plural_form}"
