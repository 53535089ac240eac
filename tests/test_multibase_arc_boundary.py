"""Issue 12: a base that exactly touches the front arc's line gets the reading's verdict at every
facing, whatever the rounding of cos and sin, and a round base is a circle, not a polygon."""

from __future__ import annotations

import math

import pytest

from rulecheck_multibase.engine.battlefield import Base, Battlefield, Stats, Unit
from rulecheck_multibase.engine.geometry import base_distance, corners, direction
from rulecheck_multibase.engine.target import verify_target
from rules.rulebook import load

BOOK = load("multibase")
STRICT = BOOK.with_changes(interpretations={"arc_boundary": "outside"})
STATS = Stats(ranged_attack=2, melee_attack=1, range=24.0, courage=3, save=4, wounds=1)
FACINGS = [float(d) for d in range(360)] + [(3.0, 4.0), (-4.0, 3.0), (5.0, -12.0)]


def position(facing, target_shape: str, along: float = 3.0) -> Battlefield:
    """An attacker at (10, 7) facing ``facing``; the target sits behind the arc line, touching it
    ``along`` inches to the attacker's left: a rectangle with its front edge on the line, or a
    circle tangent to it."""
    fx, fy = direction(facing)
    lx, ly = -fy, fx
    ox, oy = 10.0 + along * lx, 7.0 + along * ly  # the touching point, on the arc line
    attacker = Unit("A", "red", STATS, (Base("a", "rect", 10.0, 7.0, facing, width=2.0, depth=1.0),))
    if target_shape == "rect":  # same facing: its front edge is the arc line
        target = Base("t", "rect", ox - fx * 0.5, oy - fy * 0.5, facing, width=1.0, depth=1.0)
    else:
        target = Base("t", "round", ox - fx * 0.75, oy - fy * 0.75, radius=0.75)
    return Battlefield((attacker, Unit("T", "blue", STATS, (target,))))


def ruling(field: Battlefield, rules) -> tuple[bool, bool]:
    check, _ = verify_target(field, "A", "T", True, rules)
    return check.trace.in_arc, check.valid


@pytest.mark.parametrize("shape", ["rect", "round"])
def test_a_base_touching_the_arc_line_is_inside_at_every_facing_by_default(shape):
    wrong = [f for f in FACINGS if ruling(position(f, shape), BOOK) != (True, True)]
    assert wrong == [], f"expected in arc with a clear Trace at every facing; outside at {wrong}"


@pytest.mark.parametrize("shape", ["rect", "round"])
def test_the_same_touch_is_outside_at_every_facing_under_the_strict_reading(shape):
    wrong = [f for f in FACINGS if ruling(position(f, shape), STRICT) != (False, False)]
    assert wrong == [], f"expected out of arc at every facing; inside at {wrong}"


@pytest.mark.parametrize("shape", ["rect", "round"])
def test_a_hair_behind_the_line_is_outside_and_a_hair_in_front_inside_under_both_readings(shape):
    # 1e-6 inch is a thousand times the tolerance: the verdict is geometry's, not rounding's.
    for facing in FACINGS[::7]:
        fx, fy = direction(facing)
        field = position(facing, shape)
        for step, expected in ((-1e-6, False), (1e-6, True)):
            t = field.unit("T").bases[0].moved(fx * step, fy * step)
            moved = field.with_unit(Unit("T", "blue", STATS, (t,)))
            for rules in (BOOK, STRICT):
                assert ruling(moved, rules)[0] is expected, (
                    facing,
                    step,
                    rules.interpretation("arc_boundary"),
                )


def test_a_direction_vector_is_the_same_facing_as_its_angle_in_degrees():
    degrees = math.degrees(math.atan2(4, 3))
    a = Base("a", "rect", 0.0, 0.0, (3, 4), width=2.0, depth=1.0)
    b = Base("b", "rect", 0.0, 0.0, degrees, width=2.0, depth=1.0)
    assert direction((3, 4)) == (0.6, 0.8)  # the vector is normalised, not turned into an angle
    probe = Base("p", "round", 5.0, 1.0, radius=0.5)
    assert base_distance(a, probe) == pytest.approx(base_distance(b, probe), abs=1e-12)


def test_range_to_a_round_base_is_to_the_circle_not_a_polygon():
    # 45 degrees off the axes, where an inscribed polygon's edge would sit inside the circle.
    a = Base("a", "round", 0.0, 0.0, radius=1.0)
    b = Base("b", "round", 3.0, 3.0, radius=1.0)
    assert base_distance(a, b) == pytest.approx(math.hypot(3, 3) - 2, abs=1e-12)
    r = Base("r", "rect", 5.0, 0.0, 30.0, width=2.0, depth=2.0)
    corner_gap = min(math.hypot(x, y) for x, y in corners(r)) - 1.0
    assert base_distance(a, r) <= corner_gap + 1e-12


def test_a_line_through_where_two_round_bases_touch_stays_clear_and_closes_once_they_overlap():
    # Two round bases of another unit touch at (5, 0.5), between two square bases: the line y = 0.5
    # grazes both circles, so the Trace is clear. Pushed a millionth of an inch together they
    # overlap and every line is blocked. Polygons standing for the circles would leave a gap.
    shooter = Unit("A", "red", STATS, (Base("a", "rect", 0.0, 0.5, 0.0, width=1.0, depth=1.0),))
    target = Unit("T", "blue", STATS, (Base("t", "rect", 10.0, 0.5, 180.0, width=1.0, depth=1.0),))
    for overlap, clear in ((0.0, True), (1e-6, False)):
        upper = Base("u", "round", 5.0, 2.5, radius=2.0)
        lower = Base("l", "round", 5.0, -1.5 + overlap, radius=2.0)
        field = Battlefield((shooter, target, Unit("B", "green", STATS, (upper, lower))))
        check, _ = verify_target(field, "A", "T", True, BOOK)
        assert check.trace.clear is clear, (overlap, check.trace)
