"""Exact odds of one attack's outcome, by enumeration with fractions (no sampling).

Hits are binomial in the pool with the to-hit chance; wounds, given the hits, are binomial in the
hits with the chance that a save die fails; bases removed follow from wounds, residual wounds and
the Wound stat. Shaken means the target holds a token after the attack: it had one, or the hits
met its Courage (MB-4.2), or the removal could not keep coherency (MB-6.5), which the caller
decides per number of bases removed with the coherency rules.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from math import comb


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def success_chance(needed: int, sides: int) -> Fraction:
    """Chance that one die shows ``needed`` or more."""
    return Fraction(max(0, min(sides, sides - needed + 1)), sides)


@dataclass(frozen=True)
class AttackProfile:
    pool: int
    threshold: int
    save: int
    courage: int
    wound_stat: int
    residual: int
    bases: int
    already_shaken: bool = False
    incoherent_removals: frozenset[int] = frozenset()  # removal counts that cannot keep coherency
    sides: int = 6


@dataclass(frozen=True)
class AttackOdds:
    profile: AttackProfile
    hits: dict[int, Fraction]
    wounds: dict[int, Fraction]
    bases_removed: dict[int, Fraction]
    shaken: Fraction
    destroyed: Fraction

    def mean(self, name: str) -> Fraction:
        return sum((k * p for k, p in getattr(self, name).items()), Fraction(0))


def attack_odds(profile: AttackProfile) -> AttackOdds:
    hit = success_chance(profile.threshold, profile.sides)
    wound = 1 - success_chance(profile.save, profile.sides)  # a save die that fails
    hits = binomial(profile.pool, hit)
    wounds: dict[int, Fraction] = {}
    removed: dict[int, Fraction] = {}
    shaken = Fraction(0)
    for h, ph in hits.items():
        for w, pw in binomial(h, wound).items():
            p = ph * pw
            gone = min(profile.bases, (profile.residual + w) // profile.wound_stat)
            wounds[w] = wounds.get(w, Fraction(0)) + p
            removed[gone] = removed.get(gone, Fraction(0)) + p
            incoherent = gone < profile.bases and gone in profile.incoherent_removals
            if profile.already_shaken or h >= profile.courage or incoherent:
                shaken += p
    destroyed = removed.get(profile.bases, Fraction(0)) if profile.bases else Fraction(0)
    return AttackOdds(profile, hits, _sorted(wounds), _sorted(removed), shaken, destroyed)


def _sorted(d: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: d[k] for k in sorted(d)}


def incoherent_counts(counts: Collection[int], keeps: callable) -> frozenset[int]:
    """The removal counts for which ``keeps(count)`` says no removal keeps coherency."""
    return frozenset(c for c in counts if c > 0 and not keeps(c))
