"""Counted nouns in event texts: "1 hit", "2 hits", "1 die", "3 dice". Shared by the engine's
events and the toolkit's output (``rulecheck.wording``)."""

from __future__ import annotations

_IRREGULAR = {"die": "dice", "hex": "hexes", "entry": "entries", "process": "processes"}


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 remaining base', '2 remaining bases'; the last word of ``noun`` takes the plural."""
    if count == 1:
        return f"{count} {noun}"
    if plural_form is None:
        head, _, last = noun.rpartition(" ")
        form = _IRREGULAR.get(last) or (last[:-1] + "ies" if last.endswith("y") else last + "s")
        plural_form = f"{head} {form}" if head else form
    return f"{count} {plural_form}"
