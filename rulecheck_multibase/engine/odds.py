"""Exact odds of one attack's outcome, by enumeration (no sampling).

Hits are binomial in the pool with the to-hit chance; wounds, given the hits, are binomial in the
hits with the chance that a save die fails. Both are counted in whole numbers of equally likely
face sequences over one denominator (the hit dice and as many save dice, an unrolled save die
standing for ``sides`` sequences), and each reported probability becomes a fraction once; bases removed follow from wounds, residual wounds and
the Wound stat. Shaken means the target holds a token after the attack: it had one, or the hits
met its Courage (MB-4.2), or the removal could not keep coherency (MB-6.5), which the caller
decides per number of bases removed with the coherency rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb


def binomial_ways(n: int, yes: int, no: int) -> list[int]:
    """Face sequences of ``n`` dice with exactly k showing one of ``yes`` faces (the rest one of
    ``no``), for k = 0..n."""
    return [comb(n, k) * yes**k * no ** (n - k) for k in range(n + 1)]


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


def _faces_at_least(needed: int, sides: int) -> int:
    return max(0, min(sides, sides - needed + 1))


def attack_odds(profile: AttackProfile) -> AttackOdds:
    sides, pool = profile.sides, profile.pool
    hit = _faces_at_least(profile.threshold, sides)
    fail = sides - _faces_at_least(profile.save, sides)  # faces on which a save die fails
    total = sides ** (2 * pool)
    hits = binomial_ways(pool, hit, sides - hit)
    wounds: dict[int, int] = {}
    removed: dict[int, int] = {}
    shaken = 0
    for h, ways_h in enumerate(hits):
        scale = ways_h * sides ** (pool - h)  # the save dice a miss never rolls
        for w, ways_w in enumerate(binomial_ways(h, fail, sides - fail)):
            ways = scale * ways_w
            gone = min(profile.bases, (profile.residual + w) // profile.wound_stat)
            wounds[w] = wounds.get(w, 0) + ways
            removed[gone] = removed.get(gone, 0) + ways
            incoherent = gone < profile.bases and gone in profile.incoherent_removals
            if profile.already_shaken or h >= profile.courage or incoherent:
                shaken += ways
    hit_total = sides**pool
    destroyed = Fraction(removed.get(profile.bases, 0), total) if profile.bases else Fraction(0)
    return AttackOdds(
        profile,
        {h: Fraction(ways, hit_total) for h, ways in enumerate(hits)},
        _fractions(wounds, total),
        _fractions(removed, total),
        Fraction(shaken, total),
        destroyed,
    )


def _fractions(counts: dict[int, int], total: int) -> dict[int, Fraction]:
    return {k: Fraction(counts[k], total) for k in sorted(counts)}
