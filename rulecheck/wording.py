"""Small pieces of English the CLI prints: counted nouns and probabilities."""

from __future__ import annotations

from fractions import Fraction

# Nouns whose plural is not just noun + "s".
_IRREGULAR = {"base": "bases", "mutant": "mutants", "entry": "entries", "survivor": "survivors"}


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """'1 scenario', '2 scenarios', '0 entries'."""
    if count == 1:
        return f"{count} {noun}"
    form = plural_form or _IRREGULAR.get(noun) or (noun[:-1] + "ies" if noun.endswith("y") else noun + "s")
    return f"{count} {form}"


def percent(p: float | Fraction) -> str:
    """A probability as a percentage with two decimals, never rounding a possible outcome to
    '0.00%' or an uncertain one to '100.00%'."""
    if 0 < p < Fraction(1, 10000):
        return "<0.01%"
    if Fraction(9999, 10000) < p < 1:
        return ">99.99%"
    return f"{float(p):.2%}"
