"""The odds' counting against brute force: every face sequence of a few dice, scored one by one.

``rules.gundam_assemble.odds`` counts a roll as a multinomial over face classes, each target on
its own projection; ``rules.multibase.odds`` counts hits and failed saves as binomials over one
denominator. Here the same numbers come from enumerating every sequence of faces and scoring each
die with the engine's ``score_die`` (or the to-hit and save thresholds), with fractions throughout.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from rules.gundam_assemble.attack_dice import CRIT, HIT, score_die
from rules.gundam_assemble.damage import combat_damage
from rules.gundam_assemble.odds import (
    AttackProfile,
    CritProfile,
    TargetProfile,
    attack_odds,
    roll_distribution,
)
from rules.multibase import odds as mb
from rules.rulebook import load

RULES = load("gundam_assemble")
SIDES = int(RULES.param("attack_die_sides"))
CRIT_FACES = set(RULES.param("critical_faces"))

targets = st.lists(
    st.builds(
        TargetProfile,
        name=st.sampled_from("abcd"),
        accuracy=st.integers(-3, 3),
        damage_plus=st.integers(0, 2),
        reduction=st.integers(0, 2),
        shields=st.integers(0, 3),
        hp=st.integers(1, 8),
    ),
    min_size=1,
    max_size=3,
)


def brute_force(dice: int, profile: AttackProfile) -> dict[tuple, Fraction]:
    """Each of the sides ** dice face sequences, scored die by die (each face scored once)."""
    scored = {
        f: (
            int(f in CRIT_FACES),
            *(int(score_die(f, t.accuracy, RULES) in (HIT, CRIT)) for t in profile.targets),
        )
        for f in range(1, SIDES + 1)
    }
    seen: dict[tuple, int] = {}
    for faces in product(range(1, SIDES + 1), repeat=dice):
        key = (
            tuple(map(sum, zip(*(scored[f] for f in faces), strict=True))) if faces else (0,) * len(scored[1])
        )
        seen[key] = seen.get(key, 0) + 1
    return {k: Fraction(n, SIDES**dice) for k, n in seen.items()}


@given(st.integers(0, 3), targets)
def test_the_multinomial_roll_equals_every_face_sequence_counted(dice, ts):
    profile = AttackProfile(dice, tuple(ts))
    assert roll_distribution(dice, profile, RULES) == brute_force(dice, profile)


@given(st.integers(1, 2), targets, st.integers(0, 2))
def test_each_targets_odds_equal_the_brute_force_marginals(dice, ts, damage_plus):
    """Per-target odds are computed on a projection of the classes; a single Damage+X critical
    effect is applied on top, as the engine does."""
    crit = CritProfile(damage_plus=damage_plus)
    odds = attack_odds(AttackProfile(dice, tuple(ts), crit), RULES)
    joint = brute_force(dice, AttackProfile(dice, tuple(ts)))
    for i, t in enumerate(ts):
        hits: dict[int, Fraction] = {}
        defeated = Fraction(0)
        for (crits, *n_hits), p in joint.items():
            hits[n_hits[i]] = hits.get(n_hits[i], Fraction(0)) + p
            plus = t.damage_plus + (damage_plus if crits else 0)
            if combat_damage(n_hits[i], plus, t.reduction, t.shields, RULES).dealt >= t.hp:
                defeated += p
        assert odds.targets[i].hits == {k: hits[k] for k in sorted(hits)}
        assert odds.targets[i].defeated == defeated


@given(
    st.integers(0, 2),
    st.integers(1, 7),
    st.integers(1, 7),
    st.integers(1, 3),
    st.integers(1, 2),
    st.integers(0, 1),
    st.integers(0, 3),
)
def test_multibase_odds_equal_every_hit_and_save_sequence_counted(
    pool, threshold, save, courage, wound, residual, bases
):
    profile = mb.AttackProfile(pool, threshold, save, courage, wound, residual, bases)
    odds = mb.attack_odds(profile)
    # Every hit roll and save roll, counted over 6 ** (2 * pool): an unrolled save die stands
    # for 6 sequences.
    removed: dict[int, int] = {}
    shaken = 0
    for hit_faces in product(range(1, 7), repeat=pool):
        hits = sum(f >= threshold for f in hit_faces)
        for save_faces in product(range(1, 7), repeat=hits):
            ways = 6 ** (pool - hits)
            wounds = sum(f < save for f in save_faces)
            gone = min(bases, (residual + wounds) // wound)
            removed[gone] = removed.get(gone, 0) + ways
            shaken += ways if hits >= courage else 0
    total = 6 ** (2 * pool)
    possible = {k: p for k, p in odds.bases_removed.items() if p}  # the odds also list 0 chances
    assert possible == {k: Fraction(removed[k], total) for k in sorted(removed)}
    assert odds.shaken == Fraction(shaken, total)
