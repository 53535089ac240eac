"""``rulecheck explain``'s outcome as a reader wants it: one row per target and per unit, in
words, instead of the outcome dictionary the engine returns (which ``--json`` still prints).

The rows belong to the ruleset (its ``outcome_lines`` hook, e.g.
``rulecheck_multibase.outcome``); this module holds what every such table shares: the
column layout, how a plain value reads, and the keys a table does not know yet."""

from __future__ import annotations

from typing import Any


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell; the first column left-aligned, the rest right."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells):
        first = f"{cells[0]!s:<{widths[0]}}"
        return "  " + "  ".join([first] + [f"{c!s:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)])

    return [line(headers), *(line(r) for r in rows)]


def yes(flag: Any) -> str:
    return "yes" if flag else "-"


def plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value) or "-"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return yes(value)
    return str(value)


def unknown_keys(outcome: dict[str, Any], known: set[str]) -> list[str]:
    """The lines for keys a newer engine added that a ruleset's table does not know yet: shown
    plainly, not lost."""
    extra = [k for k in outcome if k not in known]
    return [""] + [f"{k.replace('_', ' ')}: {plain(outcome[k])}" for k in extra] if extra else []


def outcome_lines(ruleset: str, outcome: dict[str, Any]) -> list[str]:
    """The outcome as the ruleset lays it out (``Ruleset.outcome_lines``), indented; a ruleset
    not installed here (a results file from elsewhere) gets its keys and values plainly."""
    from rulecheck.ruleset_api import find

    found = find(ruleset)
    lines = (
        found.outcome_lines(outcome)
        if found
        else [f"{k.replace('_', ' ')}: {plain(v)}" for k, v in outcome.items()]
    )
    return [f"  {line}" if line else "" for line in lines]
