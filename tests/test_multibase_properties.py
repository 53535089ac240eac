"""Property tests for the multibase engine (issue 4, item 9)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck_multibase.engine.attack_pool import attack_pool
from rulecheck_multibase.engine.battlefield import Base, Stats, Unit
from rulecheck_multibase.engine.casualties import allocate_wounds, removal_options, remove_bases
from rulecheck_multibase.engine.coherency import groups, is_coherent, push_options
from rulecheck_multibase.engine.geometry import base_distance
from rulecheck_multibase.engine.shaken import courage_check, give_shaken
from rulecheck_multibase.engine.to_hit import Circumstances, threshold
from rulecheck_multibase.strategies import bases_on_a_grid, coherency_rulebooks
from rules.rulebook import load

BOOK = load("multibase")
rulebooks = coherency_rulebooks()


def stats(courage: int = 3, wounds: int = 2) -> Stats:
    return Stats(ranged_attack=2, melee_attack=1, range=24.0, courage=courage, save=4, wounds=wounds)


@given(
    cover=st.booleans(),
    fraction=st.one_of(st.none(), st.floats(0, 1)),
    shaken=st.booleans(),
    extra=st.dictionaries(st.sampled_from(["Marksman", "Smoke", "Aimed", "Fog"]), st.integers(-12, 12)),
    sizes=st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(-5, 5)),
)
def test_the_threshold_always_ends_between_2_and_6(cover, fraction, shaken, extra, sizes):
    rules = BOOK.with_changes(
        parameters={
            "cover_modifier": sizes[0],
            "long_range_modifier": sizes[1],
            "shaken_attacker_modifier": sizes[2],
        }
    )
    needed, events = threshold("A", Circumstances(cover, fraction, shaken, extra), rules)
    assert 2 <= needed <= 6
    raw = events[-1].data.get("raw", needed) if events[-1].step == "to_hit.clamp" else needed
    # Clamped only when the raw threshold left the range, and then to the nearer end.
    assert needed == raw or needed == (2 if raw < 2 else 6)


@given(
    starts_shaken=st.booleans(),
    hits=st.lists(st.integers(0, 8), min_size=1, max_size=8),
    coherency_failures=st.integers(0, 3),
)
def test_a_unit_never_holds_more_than_one_shaken_token(starts_shaken, hits, coherency_failures):
    unit = Unit(
        "T", "Blue", stats(courage=2), (Base("b", "round", 0, 0, radius=0.5),), shaken=int(starts_shaken)
    )
    for h in hits:
        unit, _ = courage_check(unit, h, BOOK, close_combat=h % 2 == 0)
        assert unit.shaken <= 1
    for _ in range(coherency_failures):
        unit, _ = give_shaken(unit, BOOK, ("MB-6.5",), "cannot keep coherency")
        assert unit.shaken <= 1
    assert unit.shaken == int(starts_shaken or any(h >= 2 for h in hits) or coherency_failures > 0)


@given(
    wound_stat=st.integers(1, 4),
    attacks=st.lists(st.integers(0, 7), min_size=1, max_size=6),
    rules=rulebooks,
)
def test_wounds_are_conserved_until_destruction(wound_stat, attacks, rules):
    unit = Unit(
        "T",
        "Blue",
        stats(wounds=wound_stat),
        tuple(Base(f"b{i}", "round", i * 1.5, 0, radius=0.5) for i in range(5)),
    )
    taken = 0
    for wounds in attacks:
        due, residual, _ = allocate_wounds(unit, wounds)
        taken += wounds
        found = removal_options(unit, due, rules) if due else None
        if due >= len(unit.bases):
            return  # destroyed: nothing left to conserve wounds on
        if found:
            unit, _ = remove_bases(unit, found.options[0], found, residual)
        else:
            unit = Unit(unit.name, unit.faction, unit.stats, unit.bases, wounds=residual)
        removed = 5 - len(unit.bases)
        assert removed * wound_stat + unit.wounds == taken
        assert 0 <= unit.wounds < wound_stat


@given(unit_bases=bases_on_a_grid(min_size=2, max_size=6), data=st.data(), rules=rulebooks)
def test_every_offered_removal_keeps_coherency_whenever_one_can(unit_bases, data, rules):
    unit = Unit("T", "Blue", stats(), unit_bases)
    count = data.draw(st.integers(1, len(unit_bases) - 1))
    found = removal_options(unit, count, rules)
    names = [b.name for b in unit_bases]
    every = list(combinations(names, count))
    assert all(len(o) == count for o in found.options)
    if found.coherent:
        for option in found.options:
            assert is_coherent([b for b in unit_bases if b.name not in option], rules)
    else:
        # Nothing keeps coherency, so every subset is open to the defender (MB-6.5).
        assert sorted(found.options) == sorted(every)
        if rules.interpretation("multi_removal_coherency") == "after_all":
            assert not any(is_coherent([b for b in unit_bases if b.name not in c], rules) for c in every)


@given(
    attack_stat=st.integers(0, 6),
    count=st.integers(1, 8),
    ranged=st.booleans(),
    bonus=st.dictionaries(st.sampled_from(["Charge", "Volley Fire", "Keyword"]), st.integers(0, 4)),
)
def test_the_pool_is_the_stat_times_the_bases_plus_the_bonuses(attack_stat, count, ranged, bonus):
    unit_stats = Stats(attack_stat if ranged else 9, 9 if ranged else attack_stat, 24.0, 3, 4, 1)
    unit = Unit("A", "Red", unit_stats, tuple(Base(f"a{i}", "round", i, 0, radius=0.5) for i in range(count)))
    pool, _ = attack_pool(unit, ranged, bonus, BOOK)
    assert pool == attack_stat * count + sum(bonus.values())


@given(unit_bases=bases_on_a_grid(min_size=2, max_size=5), rules=rulebooks)
def test_every_legal_push_leaves_the_unit_coherent(unit_bases, rules):
    options = push_options(unit_bases, rules)
    if is_coherent(unit_bases, rules):
        assert options == []
        return
    assert options, "an incoherent unit always has a push under connected and each_within"
    least = min(p.total for p in options)
    for plan in options:
        assert is_coherent(plan.bases, rules)
        assert all(p.distance >= 0 for p in plan.pushes)
        assert abs(plan.total - least) < 1e-6  # push_anchor=least_distance: ties only
        assert {b.name for b in plan.bases} == {b.name for b in unit_bases}


@settings(max_examples=40)
@given(unit_bases=bases_on_a_grid(min_size=3, max_size=5))
def test_under_two_neighbours_every_listed_push_is_coherent(unit_bases):
    rules = BOOK.with_changes(interpretations={"coherency": "two_neighbours"})
    for plan in push_options(unit_bases, rules):
        assert is_coherent(plan.bases, rules)
        assert all(p.distance >= 0 for p in plan.pushes)


@given(
    cluster=st.integers(2, 4),
    lone_x=st.floats(-20, 20),
    lone_y=st.floats(3, 20),
    rules=rulebooks,
)
def test_a_lone_base_is_pushed_exactly_the_gap_beyond_coherency_distance(cluster, lone_x, lone_y, rules):
    line = [Base(f"c{i}", "round", i * 1.5, 0, radius=0.5) for i in range(cluster)]
    lone = Base("lone", "rect", lone_x, lone_y, 90.0, width=2.0, depth=1.0)
    reach = rules.param("coherency_distance")
    gap = min(base_distance(lone, b) for b in line)
    options = push_options((*line, lone), rules)
    if gap <= reach:
        assert options == []
        return
    # The lone base alone moves least: pushing the line instead moves two or more bases as far.
    assert [p.moved for p in options] == [("lone",)]
    pushes = options[0].pushes
    assert [p.base for p in pushes] == ["lone"]
    # A move of length L changes a distance by at most L, so gap - reach is the least that works.
    assert abs(pushes[0].distance - (gap - reach)) < 1e-9
    assert len(groups(options[0].bases, rules)) == 1
