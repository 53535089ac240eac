"""Small pieces of English the CLI prints: counted nouns and probabilities."""

from __future__ import annotations

from fractions import Fraction

from rules.wording import plural

__all__ = ["percent", "plural"]


def percent(p: float | Fraction) -> str:
    """A probability as a percentage with two decimals, never rounding a possible outcome to
    '0.00%' or an uncertain one to '100.00%'."""
    if 0 < p < Fraction(1, 10000):
        return "<0.01%"
    if Fraction(9999, 10000) < p < 1:
        return ">99.99%"
    return f"{float(p):.2%}"
