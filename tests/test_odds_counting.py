"""The odds' counting against brute force: every face sequence of a few dice, scored one by one.

``rulecheck_gundam_assemble.engine.odds`` counts a roll as a multinomial over face classes, each target on
its own projection; ``rulecheck_multibase.engine.odds`` counts hits and failed saves as binomials over one
denominator. Here the same numbers come from enumerating every sequence of faces and scoring each
die with the engine's ``score_die`` (or the to-hit and save thresholds), with fractions throughout.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rulecheck_gundam_assemble.engine.attack_dice import CRIT, HIT, count_crits, score_die
from rulecheck_gundam_assemble.engine.damage import combat_damage
from rulecheck_gundam_assemble.engine.odds import (
    AttackProfile,
    CritProfile,
    TargetProfile,
    attack_odds,
    roll_distribution,
)
from rulecheck_gundam_assemble.engine.status_effects import fracture_extra
from rulecheck_multibase.engine import odds as mb
from rules.rulebook import load

RULES = load("gundam_assemble")
SIDES = int(RULES.param("attack_die_sides"))
CRIT_FACES = set(RULES.param("critical_faces"))


def target_lists(most_hp: int, **more):
    """One to three targets; ``more`` draws further TargetProfile fields."""
    return st.lists(
        st.builds(
            TargetProfile,
            name=st.sampled_from("abcd"),
            accuracy=st.integers(-3, 3),
            damage_plus=st.integers(0, 2),
            reduction=st.integers(0, 2),
            shields=st.integers(0, 3),
            hp=st.integers(1, most_hp),
            **more,
        ),
        min_size=1,
        max_size=3,
    )


targets = target_lists(8)


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


# A house rule without natural misses: face 1 then scores like any other face, so no face class is
# the one that scores nothing (the book's natural miss), and the count must still place every die.
NO_NATURAL_MISS = RULES.with_changes({"natural_miss_faces": []}, name="no natural miss")


@pytest.mark.parametrize("accuracy", [3, 5])
def test_without_natural_misses_every_face_can_score_and_is_counted(accuracy):
    profile = AttackProfile(2, (_target("a", accuracy),))
    scored = {f: int(score_die(f, accuracy, NO_NATURAL_MISS) in (HIT, CRIT)) for f in range(1, SIDES + 1)}
    assert set(scored.values()) == {1}  # every face hits
    seen: dict[tuple, int] = {}
    for faces in product(range(1, SIDES + 1), repeat=2):
        key = (sum(f in CRIT_FACES for f in faces), sum(scored[f] for f in faces))
        seen[key] = seen.get(key, 0) + 1
    assert roll_distribution(2, profile, NO_NATURAL_MISS) == {
        k: Fraction(n, SIDES**2) for k, n in seen.items()
    }


@given(st.integers(0, 3), targets)
def test_the_multinomial_roll_equals_every_face_sequence_counted(dice, ts):
    profile = AttackProfile(dice, tuple(ts))
    assert roll_distribution(dice, profile, RULES) == brute_force(dice, profile)


# --- every field the odds command prints, against every face sequence --------------------------

FRACTURE_DAMAGE = fracture_extra(RULES)[0]


def _triggers_by_the_book(crits: int, crit: CritProfile | None) -> int:
    """How many times the critical effect triggers: never without one or below its threshold;
    once per ``crits_needed`` critical hits, up to the per-attack limit unless it is per crit."""
    if crit is None or crits < crit.crits_needed:
        return 0
    times = crits // crit.crits_needed
    return times if crit.per_crit else min(times, crit.max_triggers)


def _add(dist: dict[int, Fraction], key: int, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def brute_force_odds(profile: AttackProfile) -> dict:
    """Each face sequence of the attack dice and, for each, every sequence of the additional dice
    its critical effect rolls, weighted by its own chance (1 / sides ** dice rolled); every die
    scored by the engine's ``score_die`` and every target's damage by ``combat_damage``."""
    crit = profile.crit
    hit_on = [
        {f: score_die(f, t.accuracy, RULES) in (HIT, CRIT) for f in range(1, SIDES + 1)}
        for t in profile.targets
    ]
    triggers: dict[int, Fraction] = {}
    rows = [{"hits": {}, "crits": {}, "damage": {}, "defeated": Fraction(0)} for _ in profile.targets]
    for faces in product(range(1, SIDES + 1), repeat=profile.dice):
        times = _triggers_by_the_book(count_crits(faces, RULES), crit)
        extra = times * crit.extra_dice if crit else 0
        p = Fraction(1, SIDES ** (profile.dice + extra))
        for more in product(range(1, SIDES + 1), repeat=extra):
            rolled = faces + more
            _add(triggers, times, p)
            crits = count_crits(rolled, RULES)
            for t, hit, row in zip(profile.targets, hit_on, rows, strict=True):
                hits = sum(hit[f] for f in rolled)
                _add(row["hits"], hits, p)
                _add(row["crits"], crits, p)
                if not t.has_hit_points:
                    continue
                applies = crit is not None and t.crit_recipient and times > 0
                plus = t.damage_plus + (times * crit.damage_plus if applies else 0)
                dealt = combat_damage(hits, plus, t.reduction, t.shields, RULES).dealt
                fractured = t.fractured or (applies and crit.fracture)
                lost = min(t.hp, dealt + (FRACTURE_DAMAGE if fractured and dealt > 0 else 0))
                _add(row["damage"], lost, p)
                if lost >= t.hp:
                    row["defeated"] += p
    return {"triggers": triggers, "targets": rows}


def assert_odds_are_every_sequence_counted(profile: AttackProfile) -> None:
    odds = attack_odds(profile, RULES)
    truth = brute_force_odds(profile)
    assert odds.triggers == truth["triggers"]
    assert [t.profile for t in odds.targets] == list(profile.targets)
    for got, want in zip(odds.targets, truth["targets"], strict=True):
        assert got.hits == want["hits"], got.profile.name
        assert got.crits == want["crits"], got.profile.name
        assert got.damage == want["damage"], got.profile.name
        assert got.defeated == want["defeated"], got.profile.name


def _target(name: str, accuracy: int = 0, **fields) -> TargetProfile:
    values = {"damage_plus": 0, "reduction": 0, "shields": 0, "hp": 3, **fields}
    return TargetProfile(name, accuracy, **values)


PROFILES = {
    # No critical effect at all: crits are counted but nothing triggers and nothing is added.
    "no-critical-effect": AttackProfile(
        2, (_target("a", 1, damage_plus=1, shields=1, hp=2), _target("b", -2, reduction=1, hp=1))
    ),
    "no-dice": AttackProfile(0, (_target("a", damage_plus=1, hp=1),), CritProfile(damage_plus=1)),
    # Damage+1 to the recipient only: the other target keeps its own Damage+X.
    "damage-plus-recipient-and-not": AttackProfile(
        2,
        (
            _target("a", 0, damage_plus=1, shields=1, hp=3),
            _target("b", 1, damage_plus=1, shields=1, hp=3, crit_recipient=False),
        ),
        CritProfile(damage_plus=1),
    ),
    # Two critical hits needed, Damage+2, against a Shield and a reduction.
    "two-crits-needed": AttackProfile(
        2, (_target("a", -1, reduction=1, shields=2, hp=4),), CritProfile(crits_needed=2, damage_plus=2)
    ),
    # Damage+1 for every critical hit, no per-attack limit.
    "per-crit": AttackProfile(
        3, (_target("a", 0, shields=1, hp=3),), CritProfile(per_crit=True, damage_plus=1)
    ),
    # A per-attack limit of two triggers, reached by three critical hits.
    "limit-two": AttackProfile(3, (_target("a", 2, hp=4),), CritProfile(max_triggers=2, damage_plus=1)),
    # An additional die per trigger, rolled into the same attack, against two targets.
    "extra-die": AttackProfile(
        2,
        (_target("a", 0, shields=1, hp=2), _target("b", -3, damage_plus=1, hp=2, crit_recipient=False)),
        CritProfile(extra_dice=1),
    ),
    "extra-die-per-crit": AttackProfile(
        2, (_target("a", 1, reduction=1, hp=3),), CritProfile(per_crit=True, extra_dice=1, damage_plus=1)
    ),
    # Fracture from the critical effect on the recipient; one target already Fractured; a
    # Garrison with no hit points.
    "fracture": AttackProfile(
        2,
        (
            _target("a", 0, shields=2, hp=3),
            _target("b", 1, shields=1, hp=2, fractured=True, crit_recipient=False),
            _target("c", 0, shields=1, hp=3, crit_recipient=False),
            _target("garrison", 0, hp=0, has_hit_points=False),
        ),
        CritProfile(fracture=True),
    ),
}


@pytest.mark.parametrize("profile", PROFILES.values(), ids=PROFILES.keys())
def test_every_printed_distribution_equals_every_face_sequence_counted(profile):
    assert_odds_are_every_sequence_counted(profile)


crit_profiles = st.one_of(
    st.none(),
    st.builds(
        CritProfile,
        crits_needed=st.integers(1, 2),
        per_crit=st.booleans(),
        max_triggers=st.integers(1, 2),
        damage_plus=st.integers(0, 2),
        extra_dice=st.integers(0, 1),
        fracture=st.booleans(),
    ),
)
crit_targets = target_lists(6, fractured=st.booleans(), crit_recipient=st.booleans())


@settings(max_examples=60)
@given(st.integers(0, 2), crit_targets, crit_profiles)
def test_random_profiles_equal_every_face_sequence_counted(dice, ts, crit):
    assert_odds_are_every_sequence_counted(AttackProfile(dice, tuple(ts), crit))


@given(
    st.integers(0, 2),
    st.integers(1, 7),
    st.integers(1, 7),
    st.integers(1, 3),
    st.integers(1, 2),
    st.integers(0, 1),
    st.integers(0, 3),
    st.booleans(),
    st.sets(st.integers(1, 2)),
)
# Two sure hits below Courage 3, both saves failed: two of three bases go, which cannot keep
# coherency here, so the unit is Shaken only through the incoherent removal.
@example(2, 1, 7, 3, 1, 0, 3, False, {1, 2})
def test_multibase_odds_equal_every_hit_and_save_sequence_counted(
    pool, threshold, save, courage, wound, residual, bases, already_shaken, incoherent
):
    """``incoherent``: removal counts the caller found cannot keep coherency; it only ever lists
    counts that leave a base (1 to bases - 1)."""
    incoherent = frozenset(k for k in incoherent if k < bases)
    profile = mb.AttackProfile(
        pool, threshold, save, courage, wound, residual, bases, already_shaken, incoherent
    )
    odds = mb.attack_odds(profile)
    # Every hit roll and save roll, counted over 6 ** (2 * pool): an unrolled save die stands
    # for 6 sequences.
    hits_seen: dict[int, int] = {}
    wounds_seen: dict[int, int] = {}
    removed: dict[int, int] = {}
    shaken = 0
    for hit_faces in product(range(1, 7), repeat=pool):
        hits = sum(f >= threshold for f in hit_faces)
        hits_seen[hits] = hits_seen.get(hits, 0) + 1
        for save_faces in product(range(1, 7), repeat=hits):
            ways = 6 ** (pool - hits)
            wounds = sum(f < save for f in save_faces)
            gone = min(bases, (residual + wounds) // wound)
            wounds_seen[wounds] = wounds_seen.get(wounds, 0) + ways
            removed[gone] = removed.get(gone, 0) + ways
            if already_shaken or hits >= courage or gone in incoherent:
                shaken += ways
    total = 6 ** (2 * pool)
    possible_hits = {k: p for k, p in odds.hits.items() if p}  # the odds also list 0 chances
    assert possible_hits == {k: Fraction(hits_seen[k], 6**pool) for k in sorted(hits_seen)}
    possible = {k: p for k, p in odds.bases_removed.items() if p}
    assert possible == {k: Fraction(removed[k], total) for k in sorted(removed)}
    possible_wounds = {k: p for k, p in odds.wounds.items() if p}
    assert possible_wounds == {k: Fraction(wounds_seen[k], total) for k in sorted(wounds_seen)}
    assert odds.shaken == Fraction(shaken, total)
    # A unit with no bases left cannot be destroyed by this attack.
    assert odds.destroyed == (Fraction(removed.get(bases, 0), total) if bases else 0)
    assert odds.mean("hits") == sum(Fraction(k * n, 6**pool) for k, n in hits_seen.items())
    assert odds.mean("wounds") == sum(Fraction(k * n, total) for k, n in wounds_seen.items())
