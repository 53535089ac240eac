"""multibase scenario files: load, explain, and reject bad input at the right line; tag coverage."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import pytest

from rulecheck.rulesets import load_scenario as load_any
from rulecheck.source_yaml import InputError
from rulecheck_multibase.engine.battlefield import Stats
from rulecheck_multibase.ruleset import ADAPTER
from rules.events import Event, cited
from rules.rulebook import load
from rules.wording import plural

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "rulecheck_multibase" / "scenarios" / "multibase"
FEATURES = ROOT / "rulecheck_multibase" / "features" / "multibase"
BOOK = load("multibase")
# A profile where only the position decides: one die each way, a 24-inch range, no Courage test to fail.
PLAIN_STATS = Stats(ranged_attack=1, melee_attack=1, range=24.0, courage=9, save=6, wounds=1)
VOLLEY = (SCENARIOS / "ranged_volley.yaml").read_text(encoding="utf-8")


def test_the_ranged_scenario_explains_to_the_documented_outcome():
    ruleset, scenario = load_any(SCENARIOS / "ranged_volley.yaml")
    assert ruleset == "multibase"
    explained = ADAPTER.explain(scenario, BOOK)
    bravo = explained.outcome["units"]["Bravo"]
    assert explained.outcome["attacks"]["Alpha"] == {
        "target": "Bravo",
        "pool": 7,
        "threshold": 5,
        "hits": 4,
        "saves": 1,
        "wounds": 3,
    }
    assert bravo["shaken"] and bravo["bases_removed"] == ["b3", "b4"] and bravo["residual_wounds"] == 0
    # the report says true or false, never null: a JSON reader compares with true
    assert bravo["coherency_possible"] is True and bravo["awaiting_choice"] is False
    assert explained.interpretations["unstated_modifier_sizes"] == "one_step"
    # the wound count the explanation reports: one wound already on Bravo, three new, two bases
    wounds = next(e for e in explained.events if e.step == "casualties.wounds")
    assert wounds.data == {"carried": 1, "new": 3, "total": 4, "removals": 2, "residual": 0}
    assert {c for e in explained.events for c in e.clauses} >= {"MB-1.1", "MB-1.2", "MB-3.2", "MB-6.4"}


def test_the_ranged_trace_counts_its_dice_hits_bases_and_wounds_in_plain_english():
    """The trace ``explain`` prints: counted nouns take their plural (``rules.wording.plural``)
    unless the count is one, the last word of a longer noun, the irregular dice, and a plural
    form given by the caller."""
    _, scenario = load_any(SCENARIOS / "ranged_volley.yaml")
    texts = {e.step: e.text for e in ADAPTER.explain(scenario, BOOK).events}
    assert texts["pool.base"] == "Alpha: Ranged Attack 2 x 3 remaining bases = 6 dice"
    assert texts["pool.bonus"] == "Alpha: +1 die from Volley Fire"
    assert texts["to_hit.roll"] == "Alpha rolls [6, 6, 5, 5, 4, 2, 1] needing 5+: 4 hits"
    assert texts["saves.gather"] == "Bravo rolls 4 save dice, one per hit"
    assert texts["saves.roll"] == "Bravo rolls [1, 2, 3, 6] needing 4+: 1 hit cancelled"
    assert texts["casualties.wounds"] == (
        "Bravo: 1 wound already on the unit + 3 new = 4; Wound stat 2 removes 2 bases, 0 wounds stay"
    )


@pytest.mark.parametrize(
    ("count", "noun", "given", "shown"),
    [
        (1, "FAQ entry", None, "1 FAQ entry"),
        (2, "FAQ entry", None, "2 FAQ entries"),  # irregular, the last word only
        (0, "legal placement", None, "0 legal placements"),
        (3, "casualty", None, "3 casualties"),  # a noun in -y the table does not list
        (2, "save die", None, "2 save dice"),  # an irregular last word
        (2, "save die", "save dice", "2 save dice"),
        (1, "save die", "save dice", "1 save die"),
    ],
)
def test_a_counted_noun_takes_its_plural_unless_the_count_is_one(count, noun, given, shown):
    assert plural(count, noun, given) == shown


def test_an_event_keeps_a_lone_clause_id_as_one_id_and_refuses_none():
    """``cited`` and the trace read clause ids off ``Event.clauses``: one id written as a string
    stays one id, not its letters; an event citing nothing is refused with its step named."""
    assert Event("los.clear", "GA-LOS-1", "clear").clauses == ("GA-LOS-1",)
    assert cited([Event("los.clear", "GA-LOS-1", "clear")]) == {"GA-LOS-1"}
    with pytest.raises(ValueError) as err:
        Event("los.clear", (), "clear")
    assert str(err.value) == "event 'los.clear' cites no clause"


def test_a_removal_the_scenario_does_not_pick_is_reported_as_an_open_choice(tmp_path):
    unpicked = _write(tmp_path, VOLLEY.replace("  removals: {Bravo: [b4, b3]}\n", ""))
    bravo = ADAPTER.explain(ADAPTER.load_scenario(unpicked), BOOK).outcome["units"]["Bravo"]
    assert bravo["awaiting_choice"] is True and bravo["bases_removed"] == []
    assert sorted(bravo["removal_options"]) == [["b1", "b2"], ["b1", "b4"], ["b3", "b4"]]
    assert bravo["coherency_possible"] is True  # a JSON reader compares with true: never null


def test_a_target_out_of_range_is_reported_as_not_valid(tmp_path):
    short = VOLLEY.replace("range: 30,", "range: 6,")
    short = short[: short.index("\ndice:") + 1]  # no roll is made
    outcome = ADAPTER.explain(ADAPTER.load_scenario(_write(tmp_path, short)), BOOK).outcome
    # the report says false, never null: a JSON reader compares with false
    assert outcome["target_valid"] is False
    assert outcome["attacks"] == {} and outcome["units"] == {}


def test_the_close_combat_scenario_explains_both_directions():
    scenario = ADAPTER.load_scenario(SCENARIOS / "close_combat_charge.yaml")
    outcome = ADAPTER.explain(scenario, BOOK).outcome
    assert set(outcome["attacks"]) == {"Hammer", "Anvil"}
    assert outcome["units"]["Hammer"]["shaken"] and outcome["units"]["Anvil"]["shaken"]
    assert outcome["units"]["Hammer"]["residual_wounds"] == 1


def test_a_rule_change_overturns_the_outcome():
    scenario = ADAPTER.load_scenario(SCENARIOS / "ranged_volley.yaml")
    no_cover = BOOK.with_changes(parameters={"cover_modifier": 0})
    # At 4+ the fifth die (a 4) also hits, so the scripted saves no longer match: the script fails,
    # and the error points at the line that scripted Bravo's saves.
    with pytest.raises(
        InputError, match=r"ranged_volley.yaml:\d+: dice.Bravo.save: the save:Bravo roll needs 5 d6"
    ):
        ADAPTER.explain(scenario, no_cover)


def _bravo_in_a_row(spacing: float, numbers=(1, 2, 3)):
    """Bravo: round bases b<i> in a row along y = 6, centre i x ``spacing`` inches along."""
    from rulecheck_multibase.engine.battlefield import Base, Unit

    stats = PLAIN_STATS
    return Unit(
        "Bravo",
        "Blue",
        stats,
        tuple(Base(f"b{i}", "round", spacing * i, 6, 270.0, radius=0.5) for i in numbers),
    )


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("  kind: ranged", "  kind: ranged\n  flank: true", "attack.flank", "unknown key 'flank'"),
        (
            "courage: 3, save: 4",
            "courage: three, save: 4",
            "units[1].stats.courage",
            "expected a whole number",
        ),
        ("  target: Bravo", "  target: Bravoo", "attack.target", "unknown unit 'Bravoo'"),
        ("  - name: Bravo", "  - name: Alpha", "units[1].name", "duplicate unit name 'Alpha'"),
        ("{name: b2, shape", "{name: b1, shape", "units[1].bases[1].name", "duplicate base name 'b1'"),
        (
            "removals: {Bravo: [b4, b3]}",
            "removals: {Bravo: [b4, b9]}",
            "attack.removals.Bravo[1]",
            "no base 'b9'",
        ),
        ("  Bravo: {save:", "  Zulu: {save:", "dice.Zulu", "unknown unit 'Zulu'"),
        (
            "{name: b4, shape: round, radius: 0.5,",
            "{name: b4, shape: round,",
            "units[1].bases[3]",
            "'radius'",
        ),
        (
            "ruleset: multibase",
            "ruleset: multibase\nrules: {interpretations: {coherency: tight}}",
            "rules.interpretations.coherency",
            "unknown option 'tight'",
        ),
        ("ruleset: multibase", "ruleset: multibase\ninitiative: {pool: [Red]}", "initiative.pool", "Blue"),
    ],
)
def test_bad_input_is_one_line_naming_file_line_and_field(tmp_path, old, new, field, message):
    assert old in VOLLEY
    text = VOLLEY.replace(old, new, 1)
    path = _write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        ADAPTER.load_scenario(path)
    error = caught.value
    assert "\n" not in str(error)
    assert error.file == str(path) and error.field == field and message in error.message
    # The error points at the edited line (the added one, when the edit adds a line).
    assert error.line == VOLLEY[: VOLLEY.index(old)].count("\n") + 1 + new.count("\n")


def test_an_illegal_scripted_removal_is_reported_at_its_line(tmp_path):
    text = VOLLEY.replace("removals: {Bravo: [b4, b3]}", "removals: {Bravo: [b2, b3]}")
    scenario = ADAPTER.load_scenario(_write(tmp_path, text))
    with pytest.raises(InputError, match=r"bad.yaml:\d+: attack.removals.Bravo: Bravo cannot remove b2\+b3"):
        ADAPTER.explain(scenario, BOOK)


def test_unused_and_missing_scripted_dice_fail_with_a_clear_message(tmp_path):
    extra = ADAPTER.load_scenario(
        _write(tmp_path, VOLLEY.replace("save: [1, 2, 3, 6]", "save: [1, 2, 3, 6, 6]"))
    )
    with pytest.raises(InputError, match=r"dice.Bravo.save: scripted dice left unused \(save:Bravo: \[6\]\)"):
        ADAPTER.explain(extra, BOOK)
    short = ADAPTER.load_scenario(_write(tmp_path, VOLLEY.replace("save: [1, 2, 3, 6]", "save: [1, 2]")))
    with pytest.raises(InputError, match="save:Bravo roll needs 4 d6 but the script has 2 faces left"):
        ADAPTER.explain(short, BOOK)


# --- the corpus's tags ----------------------------------------------------------------------------


SQUARE = (("c1", 0, 10), ("c2", 1.5, 10), ("c3", 0, 11.5), ("c4", 1.5, 11.5))
SCATTERED = tuple((f"c{i + 1}", 5.0 * i, 10) for i in range(5))  # five bases 4 inches apart


def _square_attack(strict: bool, pushes=None, positions=SQUARE):
    """Alpha kills one base of a coherent 2x2 square; under two_neighbours the L left is not.
    With ``positions`` SCATTERED the last of five lone bases goes, and the four left need more
    moves than the push search makes (SEARCH_DEPTH)."""
    from dataclasses import replace

    from rulecheck_multibase.engine.attack import AttackSpec, resolve_attack
    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit
    from rules.dice import ScriptedDice

    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (Base("a1", "rect", 0, 0, 90.0, width=2.0, depth=1.0),))
    bases = tuple(Base(n, "round", x, y, 270.0, radius=0.5) for n, x, y in positions)
    field = Battlefield((alpha, Unit("Charlie", "Blue", stats, bases)), ())
    spec = AttackSpec("Alpha", "Charlie", removals={"Charlie": (positions[-1][0],)}, strict=strict)
    if pushes is not None:
        spec = replace(spec, pushes=pushes)
    rules = BOOK.with_changes(interpretations={"coherency": "two_neighbours"})
    dice = ScriptedDice.of(**{"to_hit:Alpha": [6], "save:Charlie": [1]})
    return resolve_attack(field, spec, rules, dice)


def test_an_unscripted_push_choice_is_an_error_when_strict_and_left_open_otherwise():
    from rulecheck_multibase.engine.attack import PushChoiceError

    with pytest.raises(PushChoiceError, match="must choose how to push Charlie") as err:
        _square_attack(strict=True)
    assert err.value.unit == "Charlie"  # the CLI points its one line at attack.pushes.Charlie
    lenient = _square_attack(strict=False).casualties["Charlie"]
    assert lenient.awaiting_push and not lenient.pushed
    assert sorted(lenient.push_options) == [("c2",), ("c3",)]
    chosen = _square_attack(strict=True, pushes={"Charlie": ("c2",)}).casualties["Charlie"]
    assert list(chosen.pushed) == ["c2"] and not chosen.awaiting_push
    with pytest.raises(PushChoiceError, match="cannot push c1") as err:
        _square_attack(strict=True, pushes={"Charlie": ("c1",)})
    assert err.value.unit == "Charlie"


SQUARE_FILE = """ruleset: multibase
title: one base of a square goes, and the L left needs a push
rules: {interpretations: {coherency: two_neighbours}}
units:
  - name: Alpha
    faction: Red
    stats: {ranged_attack: 1, melee_attack: 1, range: 24, courage: 9, save: 6, wounds: 1}
    bases: [{name: a1, shape: rect, width: 2, depth: 1, x: 0, y: 0, facing: 90}]
  - name: Charlie
    faction: Blue
    stats: {ranged_attack: 1, melee_attack: 1, range: 24, courage: 9, save: 6, wounds: 1}
    bases:
      - {name: c1, shape: round, radius: 0.5, x: 0, y: 10, facing: 270}
      - {name: c2, shape: round, radius: 0.5, x: 1.5, y: 10, facing: 270}
      - {name: c3, shape: round, radius: 0.5, x: 0, y: 11.5, facing: 270}
      - {name: c4, shape: round, radius: 0.5, x: 1.5, y: 11.5, facing: 270}
attack: {kind: ranged, attacker: Alpha, target: Charlie, removals: {Charlie: [c4]}}
dice: {Alpha: {to_hit: [6]}, Charlie: {save: [1]}}
"""


def test_a_scenario_file_may_leave_a_push_choice_open_and_the_engine_lists_the_pushes(tmp_path):
    """Unscripted, a push the owning player must choose is one line naming attack.pushes; with
    ``open_pushes: true`` the engine makes none and lists the legal ones (what explore writes
    where two engines share no push)."""
    with pytest.raises(InputError, match="must choose how to push Charlie"):
        ADAPTER.explain(ADAPTER.load_scenario(_write(tmp_path, SQUARE_FILE)), BOOK)
    opened = SQUARE_FILE.replace(
        "removals: {Charlie: [c4]}}", "removals: {Charlie: [c4]}, open_pushes: true}"
    )
    charlie = ADAPTER.explain(ADAPTER.load_scenario(_write(tmp_path, opened)), BOOK).outcome["units"][
        "Charlie"
    ]
    assert charlie["awaiting_push"] and not charlie["pushed"]
    assert sorted(charlie["push_options"]) == [["c2"], ["c3"]]


def test_a_push_the_bounded_search_cannot_find_is_reported_and_not_made():
    from rulecheck_multibase.engine.attack import PushChoiceError

    result = _square_attack(strict=True, positions=SCATTERED)
    charlie = result.casualties["Charlie"]
    assert not charlie.coherency_possible and charlie.removed == ("c5",)
    assert charlie.push_options == () and not charlie.pushed and not charlie.awaiting_push
    assert [e.data["unit"] for e in result.events if e.step == "coherency.no_push_found"] == ["Charlie"]
    assert [(b.x, b.y) for b in result.field.unit("Charlie").bases] == [(x, y) for _, x, y in SCATTERED[:4]]
    with pytest.raises(PushChoiceError, match="Charlie has no push the engine can make") as err:
        _square_attack(strict=True, pushes={"Charlie": ("c1",)}, positions=SCATTERED)
    assert err.value.unit == "Charlie"  # the CLI points its one line at attack.pushes.Charlie


def test_the_reported_trace_segment_is_a_clear_one():
    """The segment a clear Trace reports (event data, diagrams) passes no obstacle, even when the
    first lines the search tries are blocked: two round bases leave a narrow gap off the centre."""
    from shapely.geometry import LineString, Point

    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit
    from rulecheck_multibase.engine.geometry import trace

    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (Base("a1", "round", 0, 0, 90.0, radius=0.5),))
    bravo = Unit("Bravo", "Blue", stats, (Base("b1", "round", 0, 10, 270.0, radius=0.5),))
    posts = ((-1.4, 5.0), (0.8, 5.0))
    charlie = Unit(
        "Charlie",
        "Green",
        stats,
        tuple(Base(f"c{i}", "round", x, y, 90.0, radius=1.0) for i, (x, y) in enumerate(posts)),
    )
    seen = trace(Battlefield((alpha, bravo, charlie)), alpha, bravo, BOOK)
    assert seen.clear and seen.segment is not None
    line = LineString(seen.segment)
    assert all(line.distance(Point(x, y)) >= 1.0 - 1e-6 for x, y in posts)
    assert Point(seen.segment[0]).distance(Point(0, 0)) <= 0.5 + 1e-6
    assert Point(seen.segment[1]).distance(Point(0, 10)) <= 0.5 + 1e-6


ARC_READINGS = {"arc_origin", "arc_boundary", "trace_target_part"}


def test_the_arc_readings_are_asked_only_for_a_target_base_partly_in_the_arc(tmp_path):
    """A target wholly inside or wholly behind the front arc is traced alike under every arc
    reading, so the explanation lists none of them (they are not what the ruling depends on)."""
    inside = ADAPTER.explain(ADAPTER.load_scenario(SCENARIOS / "ranged_volley.yaml"), BOOK)
    assert inside.outcome["target_valid"] is True
    assert not ARC_READINGS & set(inside.interpretations)
    # only the two units are on the table: no reading of what obstructs a Trace can matter
    assert "trace_blockers" not in inside.interpretations
    behind = VOLLEY.replace("y: 12.5", "y: -12.5")
    behind = behind[: behind.index("\ndice:") + 1]  # no roll is made
    refused = ADAPTER.explain(ADAPTER.load_scenario(_write(tmp_path, behind)), BOOK)
    assert refused.outcome["target_valid"] is False
    assert not ARC_READINGS & set(refused.interpretations)
    all_round = BOOK.with_changes(parameters={"front_arc_degrees": 360})
    wide = ADAPTER.explain(ADAPTER.load_scenario(SCENARIOS / "ranged_volley.yaml"), all_round)
    assert not ARC_READINGS & set(wide.interpretations)


def test_equally_close_attacker_bases_name_the_first_and_ask_no_range_reading():
    """Two attacker bases 2 inches from the target (3-4-5 slants): floating point puts the first a
    hair further, inside geometry_tolerance. The range is named from the first listed, and as both
    readings of range_from measure the same bases, none is cited; nor with one attacker base."""
    from dataclasses import replace

    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit
    from rulecheck_multibase.engine.target import verify_target

    stats = replace(PLAIN_STATS, range=4.0)
    lancer = Unit(
        "Lancer",
        "Red",
        stats,
        (Base("l1", "round", -0.8, 4.0, 90.0, radius=0.5), Base("l2", "round", 2.8, 4.0, 90.0, radius=0.5)),
    )
    dart = Unit("Dart", "Blue", stats, (Base("d1", "round", 1.0, 6.4, 270.0, radius=0.5),))
    for attacker in (lancer, replace(lancer, bases=lancer.bases[1:])):
        check, events = verify_target(Battlefield((attacker, dart)), "Lancer", "Dart", True, BOOK)
        measured = next(e for e in events if e.step == "target.range")
        assert check.valid and measured.data["from"] == attacker.bases[0].name
        assert abs(measured.data["distance"] - 2.0) <= 1e-9
        assert not measured.interpretation


def test_losing_every_base_raises_no_coherency_question_even_for_a_split_unit():
    """Removing all of a unit's bases destroys it: whatever the order, no survivor is left out of
    coherency (MB-6.4 has nothing to judge), even under each_step for a unit split beforehand,
    whose intermediate states would each be split. The count reported is the bases removed."""
    from rulecheck_multibase.engine.casualties import options_event, removal_options

    far = _bravo_in_a_row(5.0)
    each_step = BOOK.with_changes(interpretations={"multi_removal_coherency": "each_step"})
    every = removal_options(far, 3, each_step)
    assert every.coherent and every.options == (("b1", "b2", "b3"),) and every.count == 3
    assert options_event(far, every, each_step).data["count"] == 3
    near = _bravo_in_a_row(1.5)
    ends = removal_options(near, 1, BOOK)
    assert ends.coherent and ends.count == 1 and sorted(ends.options) == [("b1",), ("b3",)]


def test_a_pick_naming_a_base_twice_or_a_base_the_unit_lacks_is_refused_as_not_allowed():
    from rulecheck_multibase.engine.casualties import IllegalRemoval, removal_options, remove_bases

    bravo = _bravo_in_a_row(1.5)
    for count, pick in ((2, ("b1", "b1")), (1, ("b9",)), (2, ("b3", "b9"))):
        with pytest.raises(IllegalRemoval, match="cannot remove"):
            remove_bases(bravo, pick, removal_options(bravo, count, BOOK), 0)
    kept, event = remove_bases(bravo, ("b3", "b2"), removal_options(bravo, 2, BOOK), 0)
    assert [b.name for b in kept.bases] == ["b1"] and event.data["removed"] == ["b2", "b3"]


@pytest.mark.parametrize(
    ("reading", "options_limit", "work_limit", "refused"),
    [
        # 4 bases, 2 removed: 6 ways; each checks 4^2 base pairs, once (after_all) or per order (2)
        ("after_all", 6, 96, False),
        ("after_all", 5, 96, True),
        ("after_all", 6, 95, True),
        ("each_step", 6, 192, False),
        ("each_step", 6, 191, True),
    ],
)
def test_the_removal_budget_counts_ways_orders_and_base_pairs(
    monkeypatch, reading, options_limit, work_limit, refused
):
    from rulecheck_multibase.engine.casualties import check_removal_budget
    from rules import limits

    monkeypatch.setattr(limits, "MAX_REMOVAL_OPTIONS", options_limit)
    monkeypatch.setattr(limits, "MAX_REMOVAL_WORK", work_limit)
    bravo = _bravo_in_a_row(1.5, range(4))
    rules = BOOK.with_changes(interpretations={"multi_removal_coherency": reading})
    if refused:
        with pytest.raises(limits.LimitExceeded, match="6 ways to remove 2 of its 4 bases"):
            check_removal_budget(bravo, 2, rules)
    else:
        check_removal_budget(bravo, 2, rules)


def test_each_push_event_reports_the_move_the_base_made():
    """The coherency.push event's (dx, dy) is where the base went, its length the distance, and it
    names the base it moved towards (MB-6.5)."""
    import math
    import re

    result = _square_attack(strict=True, pushes={"Charlie": ("c2",)})
    before = {n: (x, y) for n, x, y in SQUARE}
    after = {b.name: (b.x, b.y) for b in result.field.unit("Charlie").bases}
    pushes = [e for e in result.events if e.step == "coherency.push"]
    assert [e.data["base"] for e in pushes] == ["c2"]
    for e in pushes:
        name = e.data["base"]
        moved = (after[name][0] - before[name][0], after[name][1] - before[name][1])
        assert math.isclose(e.data["dx"], moved[0], abs_tol=1e-9) and math.isclose(
            e.data["dy"], moved[1], abs_tol=1e-9
        )
        assert math.isclose(math.hypot(e.data["dx"], e.data["dy"]), e.data["distance"], abs_tol=1e-9)
        towards = re.search(r"towards (\w+)", e.text).group(1)
        assert towards in after and towards != name


def test_under_each_within_five_lone_bases_are_pushed_in_as_many_moves_as_it_takes():
    """Each lone base goes to its nearest base: five lone bases need three moves (two pairs and one
    more), more than the two_neighbours search depth; each_within searches one level per base."""
    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.coherency import is_coherent, push_options

    rules = BOOK.with_changes(interpretations={"coherency": "each_within"})
    lone = tuple(Base(f"c{i + 1}", "round", 4.0 * i, 10, 270.0, radius=0.5) for i in range(5))
    plans = push_options(lone, rules)
    assert plans and all(is_coherent(p.bases, rules) and len(p.pushes) == 3 for p in plans)


TWO_NEIGHBOUR_PUSHES = [
    pytest.param(
        (("c1", 1.0, 4.0), ("c2", 1.5, 7.5), ("c3", 7.0, 7.5)),
        [("c3", "c2", 3.5), ("c1", "c3", 2.3012)],
        (("c1", 2.3375, 5.8725), ("c2", 1.5, 7.5), ("c3", 3.5, 7.5)),
        id="the far base goes to the nearer, then the other to it, not to its own nearest",
    ),
    pytest.param(
        (("c1", 3.0, 2.5), ("c2", 6.0, 7.0), ("c3", 3.0, 0.0)),
        [("c3", "c1", 0.5), ("c2", "c3", 5.1589)],
        (("c1", 3.0, 2.5), ("c2", 3.8381, 2.3159), ("c3", 3.0, 0.5)),
        id="a short first move kept apart from a longer one on the same vertical line",
    ),
    pytest.param(
        (("c1", 2.5, 3.0), ("c2", 7.0, 6.0), ("c3", 0.0, 3.0)),
        [("c3", "c1", 0.5), ("c2", "c3", 5.1589)],
        (("c1", 2.5, 3.0), ("c2", 2.3159, 3.8381), ("c3", 0.5, 3.0)),
        id="the same turned a quarter: on the same horizontal line",
    ),
    pytest.param(
        (("c1", 6.5, 6.5), ("c2", 3.5, 6.5), ("c3", 7.5, 3.5), ("c4", 4.5, 6.5), ("c5", 4.0, 1.0)),
        [("c3", "c2", 3.0), ("c5", "c2", 3.5227)],
        (("c1", 6.5, 6.5), ("c2", 3.5, 6.5), ("c3", 5.1, 5.3), ("c4", 4.5, 6.5), ("c5", 3.6811, 4.5082)),
        id="c5 midway below c2 and c4: of two equally short pushes of the same bases, the first found",
    ),
]


@pytest.mark.parametrize(("positions", "moves", "after"), TWO_NEIGHBOUR_PUSHES)
def test_under_two_neighbours_the_two_move_push_is_the_least_one(positions, moves, after):
    """No single move gives every base two neighbours, so the search keeps every distinct first
    move (each to any base out of reach, not only the nearest) and offers the least two-move push;
    of two equally short pushes of the same bases, the first found. Pinned: the moves, their order
    and lengths, and where the bases end."""
    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.coherency import is_coherent, push_options

    rules = BOOK.with_changes(interpretations={"coherency": "two_neighbours"})
    bases = tuple(Base(n, "round", x, y, 270.0, radius=0.5) for n, x, y in positions)
    (plan,) = push_options(bases, rules)
    assert [(p.base, p.towards, round(p.distance, 4)) for p in plan.pushes] == moves
    assert tuple((b.name, round(b.x, 4), round(b.y, 4)) for b in plan.bases) == after
    assert is_coherent(plan.bases, rules)


# Seven bases, five short of two neighbours: more than SEARCH_WIDTH (16) distinct first moves.
WIDE_PUSH = (
    ("c1", 3.9, 4.5),
    ("c2", 2.6, 5.0),
    ("c3", 1.1, 2.1),
    ("c4", 0.8, 0.2),
    ("c5", 0.1, 4.8),
    ("c6", 8.9, 8.5),
    ("c7", 2.9, 2.0),
)


def test_the_push_search_keeps_sixteen_positions_a_move_and_says_when_that_finds_no_push(monkeypatch):
    """Under two_neighbours the search keeps the 16 first moves of least distance (SEARCH_WIDTH);
    here the only two-move push starts with a longer first move, so the engine finds none (an
    attack then reports coherency.no_push_found rather than guess). Kept wider, the same search
    finds that push: the bound decides, as the search's docstring (_single_moves) says."""
    from rulecheck_multibase.engine import coherency
    from rulecheck_multibase.engine.battlefield import Base

    rules = BOOK.with_changes(interpretations={"coherency": "two_neighbours"})
    bases = tuple(Base(n, "round", x, y, 270.0, radius=0.5) for n, x, y in WIDE_PUSH)
    assert not coherency.is_coherent(bases, rules)
    assert coherency.push_options(bases, rules) == []
    monkeypatch.setattr(coherency, "SEARCH_WIDTH", 17)
    (plan,) = coherency.push_options(bases, rules)
    assert [(p.base, p.towards, round(p.distance, 4)) for p in plan.pushes] == [
        ("c5", "c4", 2.653),
        ("c6", "c3", 8.0896),
    ]


# --- the geometry against an independent computation with shapely -------------------------------
# The engine decides the front arc, the Trace and the arc class in closed form; these tests draw
# the same positions with shapely (the arc as a wide fan polygon from its apex, round bases as
# fine polygons, lines as sampled segments) and compare the verdicts. Positions within 1e-6 inch
# of a boundary are left out: there the polygons' own rounding could decide.

FAN_REACH = 200.0  # inches: far beyond every position below
MARGIN = 1e-6


def _wedge(apex, facing_degrees: float, arc_degrees: float):
    """The front arc as a polygon: the apex and a fan of far points, its two edges exact rays."""
    import math

    from shapely.geometry import Polygon

    half = math.radians(arc_degrees) / 2
    start = math.radians(facing_degrees) - half
    steps = 64
    rim = [
        (
            apex[0] + FAN_REACH * math.cos(start + k * 2 * half / steps),
            apex[1] + FAN_REACH * math.sin(start + k * 2 * half / steps),
        )
        for k in range(steps + 1)
    ]
    return Polygon([apex, *rim])


def _half_planes(apex, facing_degrees: float, arc_degrees: float):
    """The two half-planes whose union is an arc wider than 180 degrees: each edge ray's side
    towards the facing, as a large square."""
    import math

    from shapely.geometry import Polygon

    out = []
    for sign in (-1, 1):
        edge = math.radians(facing_degrees + sign * arc_degrees / 2)
        ex, ey = math.cos(edge), math.sin(edge)
        inward = (sign * ey, -sign * ex)  # the edge turned a quarter towards the facing
        far = FAN_REACH
        out.append(
            Polygon(
                [
                    (apex[0] - ex * far, apex[1] - ey * far),
                    (apex[0] + ex * far, apex[1] + ey * far),
                    (apex[0] + ex * far + inward[0] * far, apex[1] + ey * far + inward[1] * far),
                    (apex[0] - ex * far + inward[0] * far, apex[1] - ey * far + inward[1] * far),
                ]
            )
        )
    return out


def _drawn(base, sides: int = 1024):
    """A base as shapely draws it: the rectangle, or a circle of 1024 sides (its polygon lies
    within 5e-6 of the circle for a radius up to 1 inch)."""
    import math

    from shapely.geometry import Point, Polygon

    if base.shape == "round":
        return Point(base.x, base.y).buffer(base.radius, quad_segs=sides // 4)
    fa = math.radians(base.facing)
    fx, fy = math.cos(fa), math.sin(fa)
    lx, ly = -fy, fx
    hw, hd = base.width / 2, base.depth / 2
    return Polygon(
        [
            (base.x + w * lx + d * fx, base.y + w * ly + d * fy)
            for w, d in ((-hw, hd), (hw, hd), (hw, -hd), (-hw, -hd))
        ]
    )


def _apart(base, other) -> bool:
    """Do two bases stand clear of each other (by a hundredth of an inch, drawn coarsely)?"""
    return _drawn(base, sides=32).distance(_drawn(other, sides=32)) > 0.01


def _apex(base, origin: str):
    import math

    if base.shape == "rect" and origin == "front_edge":
        fa = math.radians(base.facing)
        return (base.x + math.cos(fa) * base.depth / 2, base.y + math.sin(fa) * base.depth / 2)
    return (base.x, base.y)


def _sample_targets():
    """Round and rectangular bases on a ring of positions around the origin, at several sizes and
    facings: near the apex, across the arc's edges, behind it."""
    from rulecheck_multibase.engine.battlefield import Base

    out = []
    for i, (x, y) in enumerate(
        [(dx * 0.75, dy * 0.75) for dx in range(-5, 6) for dy in range(-5, 6) if (dx, dy) != (0, 0)]
    ):
        if abs(x) + abs(y) < 1.5:
            continue  # would overlap the attacker
        if i % 2:
            out.append(
                Base(f"t{i}", "round", OFF[0] + x + 0.05, OFF[1] + y - 0.03, 0.0, radius=0.3 + 0.2 * (i % 3))
            )
        else:
            out.append(
                Base(f"t{i}", "rect", OFF[0] + x - 0.04, OFF[1] + y + 0.02, 17.0 * i, width=1.2, depth=0.6)
            )
    return out


def _targets_near_the_apex(attacker):
    """Round and rectangular bases all around a small attacker, close to its arc's apex: where
    the arc's nearest point to a base is the apex or the foot on one edge."""
    import math

    from rulecheck_multibase.engine.battlefield import Base

    out = []
    for k in range(24):
        angle = math.radians(15 * k + 3)
        for reach, r in ((0.45, 0.3), (0.8, 0.6), (1.3, 0.5)):
            x, y = reach * math.cos(angle), reach * math.sin(angle)
            out.append(Base(f"d{k}_{reach}", "round", attacker.x + x, attacker.y + y, 0.0, radius=r))
            out.append(
                Base(
                    f"r{k}_{reach}",
                    "rect",
                    attacker.x + 1.5 * x,
                    attacker.y + 1.5 * y,
                    7.0 * k,
                    width=2 * r,
                    depth=r,
                )
            )
    return [b for b in out if _apart(b, attacker)]


ARC_CASES = [
    # (arc degrees, attacker shape, attacker facing, arc origin)
    (180, "round", 90.0, "centre_line"),
    (180, "rect", 30.0, "centre_line"),
    (180, "rect", 30.0, "front_edge"),
    (120, "round", 90.0, "centre_line"),
    (120, "rect", 200.0, "front_edge"),
    (90, "round", 45.0, "centre_line"),
    (60, "rect", 300.0, "centre_line"),
    (240, "round", 90.0, "centre_line"),
    (240, "rect", 130.0, "front_edge"),
    (300, "round", 10.0, "centre_line"),
    (360, "round", 10.0, "centre_line"),
    (120, "tiny", 91.0, "centre_line"),
    (60, "tiny", 250.0, "centre_line"),
    (90, "tiny", 0.0, "centre_line"),
    (170, "tiny", 135.0, "centre_line"),
    (240, "tiny", 90.0, "centre_line"),
    (181, "tiny", 181.0, "centre_line"),
    (300, "tiny", 320.0, "centre_line"),
]


OFF = (3.1, -1.7)  # the attacker stands here, not at the origin: no arc line passes through (0, 0)


def _attacker(shape: str, facing: float):
    from rulecheck_multibase.engine.battlefield import Base

    if shape == "round":
        return Base("a1", "round", *OFF, facing, radius=0.5)
    if shape == "tiny":  # a small round base: targets can stand close to the apex on every side
        return Base("a1", "round", *OFF, facing, radius=0.05)
    return Base("a1", "rect", *OFF, facing, width=1.0, depth=0.5)


@functools.cache
def _grown(region, by: float):
    """A region grown (or shrunk) by ``by`` inches, drawn once per region."""
    return region.buffer(by)


def _against(target, wedge, halves):
    """(gap, depth, within, within_half) of a target base against the arc: gap > 0 when it
    misses the arc by that much, depth > 0 when it reaches that far in; within > 0 when it lies
    wholly inside with that room to spare (within_half: inside one of the half-planes), < 0
    when part of it is outside. Round bases are measured from their centre, exactly."""
    from shapely.geometry import Point

    if target.shape == "round":
        centre, r = Point(target.x, target.y), target.radius
        to_wedge = wedge.distance(centre) if not wedge.contains(centre) else -wedge.exterior.distance(centre)

        def room(region):
            inside = region.contains(centre)
            return (region.exterior.distance(centre) - r) if inside else -1.0

        return to_wedge - r, r - to_wedge, room(wedge), max((room(h) for h in halves), default=-1.0)
    drawn = _drawn(target)
    inner, outer = _grown(wedge, -MARGIN), _grown(wedge, MARGIN)
    within = 1.0 if drawn.within(inner) else (-1.0 if not drawn.within(outer) else 0.0)
    within_half = max((1.0 if drawn.within(_grown(h, -MARGIN)) else -1.0 for h in halves), default=-1.0)
    gap = wedge.distance(drawn)
    return (
        (gap if gap > 0 else -wedge.intersection(drawn).area),
        wedge.intersection(drawn).area,
        within,
        within_half,
    )


@pytest.mark.parametrize(("degrees", "shape", "facing", "origin"), ARC_CASES)
def test_the_front_arc_verdict_and_class_agree_with_shapely(degrees, shape, facing, origin):
    """MB-1.1: a target base meets the arc (arc_parts) exactly when its drawn shape meets the
    fan polygon; the arc class (which decides whether the arc readings are asked) is "inside"
    when the base lies wholly in the arc (in one of the two half-planes, for an arc wider than
    180 degrees), "outside" when it misses it, "partial" otherwise."""
    from rulecheck_multibase.engine.geometry import _arc_class, arc_cuts, arc_parts, part_of

    rules = BOOK.with_changes(
        parameters={"front_arc_degrees": degrees}, interpretations={"arc_origin": origin}
    )
    attacker = _attacker(shape, facing)
    apex = _apex(attacker, origin)
    wedge = _wedge(apex, facing, degrees) if degrees < 360 else None
    halves = _half_planes(apex, facing, degrees) if 180 < degrees < 360 else []
    mode, cuts = arc_cuts(attacker, rules)
    checked = 0
    near = _targets_near_the_apex(attacker) if shape == "tiny" else []
    apart = [t for t in _sample_targets() if _apart(t, attacker)]
    for target in apart + near:
        meets = bool(arc_parts(attacker, target, rules))
        cls = _arc_class(mode, cuts, part_of(target))
        checked += 1
        if wedge is None:
            assert meets and cls == "inside"
            continue
        gap, depth, within, within_half = _against(target, wedge, halves)
        if gap > MARGIN:
            assert not meets and cls == "outside", target
        elif depth > MARGIN:
            assert meets and cls != "outside", target
        else:
            checked -= 1
            continue
        if (degrees <= 180 and within > MARGIN) or within_half > MARGIN:
            assert cls == "inside", target
        elif within < -MARGIN and gap < -MARGIN:
            assert cls == "partial", target
    assert checked > 40


def _trace_scenes():
    """Attacker a1 (Alpha), target b1 (Bravo) and what stands between: walls and a third unit's
    bases, with clear gaps and blocked ones of a tenth of an inch or more."""
    from rulecheck_multibase.engine.battlefield import Base, Terrain

    def rnd(name, x, y, r, facing=90.0):
        return Base(name, "round", x, y, facing, radius=r)

    def rect(name, x, y, w, d, facing=90.0):
        return Base(name, "rect", x, y, facing, width=w, depth=d)

    def wall(name, *corners):
        return Terrain(name, tuple(corners), blocks_trace=True)

    return [
        # small bases 0.7 inch apart with a third unit's base between them: every line is blocked
        (rnd("a1", 0, 0, 0.1), rnd("b1", 0, 0.9, 0.1), [rnd("c1", 0, 0.45, 0.3)], []),
        # a third unit's large base just behind the attacker, another just behind the target, on
        # the line joining them: neither is between them
        (
            rnd("a1", 0, 0, 0.5, 45.0),
            rnd("b1", 5, 5, 0.5),
            [rnd("c1", -1.096, -1.096, 1.0), rnd("c2", 6.096, 6.096, 1.0)],
            [],
        ),
        # a round target across the arc line, a wall over all but the edge of its part in the
        # arc: the clear lines run along the arc line to where it crosses the target
        (
            rnd("a1", 0, 0, 0.5),
            rnd("b1", 6, -0.2, 0.7),
            [],
            [wall("w", (2, 0.12), (4, 0.12), (4, 3), (2, 3))],
        ),
        (
            rnd("a1", 0, 0, 0.5, 60.0),
            rnd("b1", 6.5, 3.5, 0.7),
            [],
            [wall("w", (2.5, 2.0), (4.5, 3.2), (3.5, 5), (1.5, 3.8))],
        ),
        # the target on the attacker's left, behind it along the candidate lines' direction
        (rnd("a1", 0, 0, 0.5, 180.0), rect("b1", -6, 0.4, 1.0, 0.6, 0.0), [rnd("c1", -3, 1.4, 0.6)], []),
        # two pillars with a gap off the centre line; the target partly behind the arc line
        (
            rnd("a1", 0, 0, 0.5),
            rnd("b1", 0.4, 8, 0.6),
            [rnd("c1", -1.1, 4, 0.8), rnd("c2", 1.0, 4.5, 0.7)],
            [],
        ),
        # a round target half behind the attacker's centre line, a wall over its front half
        (rnd("a1", 0, 0, 0.5), rnd("b1", 6, 0.2, 0.7), [], [wall("w", (2, 0.6), (4, 0.6), (4, 3), (2, 3))]),
        (rnd("a1", 0, 0, 0.5), rnd("b1", 6, 0.2, 0.7), [], [wall("w", (2, -0.1), (4, -0.1), (4, 3), (2, 3))]),
        # a rectangle facing 30 degrees; a ring of round bases with one gap
        (
            rect("a1", 0, 0, 2, 1, 30.0),
            rect("b1", -3, 7, 1.5, 0.8, 200.0),
            [rnd(f"c{k}", -1.5 + 0.9 * k, 3.5 + 0.2 * k, 0.4) for k in range(4) if k != 2],
            [],
        ),
        (
            rect("a1", 0, 0, 2, 1, 30.0),
            rect("b1", -3, 7, 1.5, 0.8, 200.0),
            [rnd(f"c{k}", -1.5 + 0.8 * k, 3.5 + 0.2 * k, 0.45) for k in range(5)],
            [],
        ),
        # two staggered rectangles of a third unit, and a wall corner
        (
            rnd("a1", 0, 0, 0.5, 60.0),
            rnd("b1", 3, 8, 0.5),
            [rect("c1", 0.3, 3, 2.0, 0.5, 10.0), rect("c2", 2.7, 5, 2.0, 0.5, 170.0)],
            [wall("w", (-3, 6), (1.5, 6), (1.5, 6.5), (-3, 6.5))],
        ),
        # a target beside the attacker, most of it behind the arc line, a wall in front of it
        (rect("a1", 0, 0, 2, 1), rnd("b1", 3, -0.2, 0.6), [rnd("c1", 2.0, 1.2, 0.5)], []),
        (
            rect("a1", 0, 0, 2, 1),
            rect("b1", 3.5, 0.0, 1.0, 1.2, 45.0),
            [],
            [wall("w", (2.2, 0.7), (5, 0.7), (5, 2), (2.2, 2))],
        ),
        # rounds tangent-close: the gap between two discs is 0.15 inch
        (
            rnd("a1", 0, 0, 0.5),
            rnd("b1", 0, 9, 0.5),
            [rnd("c1", -0.8, 4.5, 0.7), rnd("c2", 0.85, 4.5, 0.8)],
            [],
        ),
        (
            rnd("a1", 0, 0, 0.5),
            rnd("b1", 0, 9, 0.5),
            [rnd("c1", -0.8, 4.5, 0.7), rnd("c2", 0.75, 4.5, 0.8)],
            [],
        ),
        # a wide target across the arc line behind a row of walls
        (
            rnd("a1", 0, 0, 0.5),
            rect("b1", 5, 0.3, 3.0, 1.0, 90.0),
            [],
            [
                wall("w1", (1.5, 0.4), (2.5, 0.4), (2.5, 3), (1.5, 3)),
                wall("w2", (3, -0.2), (3.4, -0.2), (3.4, 0.2), (3, 0.2)),
            ],
        ),
    ]


TRACE_RULES = [
    {},
    {"parameters": {"front_arc_degrees": 120}},
    {"parameters": {"front_arc_degrees": 240}},
    {"interpretations": {"arc_origin": "front_edge"}},
    {"interpretations": {"trace_target_part": "whole_base"}},
    {"interpretations": {"trace_grazing": "blocks"}},  # room to spare is clear under either option
]


def _brute_force_trace(attacker, target, bases, walls, arc_region, samples: int = 32):
    """Is some sampled segment from the attacker's outline to the target's reachable outline at
    least 0.01 inch clear of every obstacle? (None when no sample is.)"""
    import numpy as np
    import shapely
    from shapely.geometry import Point, Polygon

    def outline(shape):
        ring = shape.boundary
        return [ring.interpolate(t, normalized=True) for t in np.linspace(0, 1, samples, endpoint=False)]

    reach = _drawn(target) if arc_region is None else _drawn(target).intersection(arc_region)
    if reach.is_empty:
        return None
    starts = [(p.x, p.y) for p in outline(_drawn(attacker))]
    ends = [(p.x, p.y) for p in outline(reach)]
    lines = shapely.linestrings([[s, e] for s in starts for e in ends])
    clearance = np.full(len(lines), np.inf)
    for b in bases:
        clearance = np.minimum(
            clearance,
            shapely.distance(lines, Point(b.x, b.y)) - b.radius
            if b.shape == "round"
            else np.where(shapely.intersects(lines, _drawn(b)), -1.0, shapely.distance(lines, _drawn(b))),
        )
    for w in walls:
        poly = Polygon(w.polygon)
        clearance = np.minimum(
            clearance, np.where(shapely.intersects(lines, poly), -1.0, shapely.distance(lines, poly))
        )
    best = int(np.argmax(clearance))
    return lines[best] if clearance[best] >= 0.01 else None


@functools.cache
def _trace_expected(scene: int, rule_index: int):
    """What shapely says of a scene under a rulebook: (target in arc, a sampled clear segment or
    None, the region of the target a segment may end on). Cached: it does not depend on the
    engine."""
    attacker_base, target_base, others, walls = _trace_scenes()[scene]
    rules = BOOK.with_changes(**TRACE_RULES[rule_index])
    apex = _apex(attacker_base, rules.interpretation("arc_origin"))
    wedge = _wedge(apex, attacker_base.facing, float(rules.param("front_arc_degrees")))
    in_arc = _drawn(target_base).distance(wedge) < MARGIN
    whole = rules.interpretation("trace_target_part") == "whole_base"
    region = None if whole else wedge
    sampled = _brute_force_trace(attacker_base, target_base, others, walls, region) if in_arc else None
    reach = _drawn(target_base) if whole else _drawn(target_base).intersection(wedge.buffer(MARGIN))
    return in_arc, sampled, reach


@pytest.mark.parametrize("rule_index", range(len(TRACE_RULES)))
@pytest.mark.parametrize("scene", range(len(_trace_scenes())))
def test_the_trace_agrees_with_sampled_segments_drawn_by_shapely(scene, rule_index):
    """MB-1.1: where some sampled segment from the attacker to the part of the target in its arc
    passes every obstacle with room to spare, the Trace is clear; and every segment the engine
    reports as clear starts on the attacker, ends on the target's part in the arc, and crosses
    no obstacle."""
    from shapely.geometry import LineString, Point, Polygon

    from rulecheck_multibase.engine.battlefield import Battlefield, Unit
    from rulecheck_multibase.engine.geometry import trace

    attacker_base, target_base, others, walls = _trace_scenes()[scene]
    rules = BOOK.with_changes(**TRACE_RULES[rule_index])
    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (attacker_base,))
    bravo = Unit("Bravo", "Blue", stats, (target_base,))
    units = (alpha, bravo) + ((Unit("Charlie", "Green", stats, tuple(others)),) if others else ())
    seen = trace(Battlefield(units, tuple(walls)), alpha, bravo, rules)
    in_arc, sampled, reach = _trace_expected(scene, rule_index)
    assert seen.in_arc == in_arc
    if sampled is not None:
        assert seen.clear, (scene, rule_index, sampled)
    if not seen.clear:
        return
    start = Point(seen.segment[0])
    if attacker_base.shape == "round":
        assert start.distance(Point(attacker_base.x, attacker_base.y)) <= attacker_base.radius + MARGIN
    else:
        assert start.distance(_drawn(attacker_base)) <= MARGIN
    assert Point(seen.segment[1]).distance(reach) <= 1e-5  # a round base's polygon lies inside its circle
    line = LineString(seen.segment)
    # the shortest stretch between the two: it runs through neither the attacker nor the part reached
    for region in (_drawn(attacker_base), reach):
        assert line.intersection(region.buffer(-1e-5)).length <= 1e-5
    for b in others:
        if b.shape == "round":
            assert line.distance(Point(b.x, b.y)) >= b.radius - MARGIN
        else:
            assert not line.intersects(_drawn(b).buffer(-MARGIN))
    for w in walls:
        assert not line.intersects(Polygon(w.polygon).buffer(-MARGIN))


ARC_POSITIONS = [
    # (arc degrees, attacker facing, attacker centre, target centre, target radius)
    (120, 0.0, (0.6, 0.0), (-0.6, 0.0), 0.3),  # behind the apex, mirrored across x = 0
    (90, 0.0, (1.3, -0.7), (0.8, 1.3), 0.5),  # beside the apex, clear of both edges
    (60, 250.0, (1.3, -0.7), (0.4, -1.2), 0.15),  # inside one edge's half-plane, behind the other
    (0, 90.0, (1.3, -0.7), (3.0, 2.0), 0.5),  # an arc of no width: the two edges are parallel
    (181, 90.0, (0.0, 0.0), (8.0, -0.55), 0.5),  # reaches past the centre line into the extra half degree
    (179, 90.0, (0.0, 0.0), (8.0, 0.55), 0.5),  # short of the 89.5-degree line
]


@pytest.mark.parametrize(("degrees", "facing", "at", "centre", "radius"), ARC_POSITIONS)
def test_the_front_arc_verdict_at_chosen_positions_agrees_with_shapely(degrees, facing, at, centre, radius):
    """The same comparison at positions chosen where a wrong crossing point of the two arc
    lines, or a wrong foot on one of them, would put the base in the arc."""
    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.geometry import arc_parts

    rules = BOOK.with_changes(parameters={"front_arc_degrees": degrees})
    attacker = Base("a1", "round", *at, facing, radius=0.05)
    target = Base("b1", "round", *centre, 270.0, radius=radius)
    gap, depth, _, _ = _against(target, _wedge(at, facing, degrees), [])
    assert abs(gap) > 0.01
    assert bool(arc_parts(attacker, target, rules)) == (gap < 0)


@pytest.mark.parametrize(
    "target",
    [("round", 5.0, 0.0, 0.0, 0.5, 0.0, 0.0), ("rect", 5.0, -0.5, 0.0, 0.0, 1.0, 2.0)],
    ids=["centre on the line", "edge on the line"],
)
def test_a_base_whose_centre_or_edge_lies_exactly_on_the_grown_arc_line_is_in_the_arc(target):
    """The attacker stands geometry_tolerance up the table, so its arc line, moved out by the
    tolerance, is exactly y = 0: a round base centred on it has half its area in the arc, and a
    rectangle whose front edge lies on it touches the arc (both inside by default)."""
    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.geometry import arc_parts

    attacker = Base("a1", "round", 0.0, float(BOOK.param("geometry_tolerance")), 90.0, radius=0.5)
    shape, x, y, facing, radius, width, depth = target
    base = Base("b1", shape, x, y, facing, radius=radius, width=width, depth=depth)
    assert arc_parts(attacker, base, BOOK)


def test_the_range_a_diagram_draws_names_the_closest_pair_of_bases():
    """The diagram measures with unit_distance's default (no tie allowance): of two attacker bases
    3 and 3.5 inches from the target, the second listed, the closer, is named."""
    from rulecheck_multibase.engine.battlefield import Base, Unit
    from rulecheck_multibase.engine.geometry import unit_distance

    stats = PLAIN_STATS
    alpha = Unit(
        "Alpha",
        "Red",
        stats,
        (Base("a1", "round", -0.5, 4.5, 0.0, radius=0.5), Base("a2", "round", 4.0, 0.5, 90.0, radius=0.5)),
    )
    bravo = Unit("Bravo", "Blue", stats, (Base("b1", "round", 4.0, 4.5, 270.0, radius=0.5),))
    measured = unit_distance(alpha, bravo)
    assert (measured.from_base, measured.to_base) == ("a2", "b1")
    assert measured.distance == pytest.approx(3.0)


@pytest.mark.parametrize("slant", [0.0, 0.3])
def test_the_one_line_between_two_touching_round_bases_is_clear(slant):
    """Two touching round bases of a third unit leave one line between them, tangent to both at
    their contact point: it grazes both, so the Trace is clear along it (as in the scenario, and
    turned so that the line is not vertical)."""
    import math

    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit
    from rulecheck_multibase.engine.geometry import trace

    c, s = math.cos(slant), math.sin(slant)

    def at(name, x, y, r):  # (x, y) turned by the slant about the origin
        return Base(name, "round", c * x - s * y, s * x + c * y, 90.0 + math.degrees(slant), radius=r)

    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (at("a1", 0, 0, 0.5),))
    bravo = Unit("Bravo", "Blue", stats, (at("b1", 0, 10, 0.5),))
    charlie = Unit("Charlie", "Green", stats, (at("c1", -1, 5, 1.0), at("c2", 1, 5, 1.0)))
    assert trace(Battlefield((alpha, bravo, charlie)), alpha, bravo, BOOK).clear


@pytest.mark.parametrize("side", [1.0, -1.0])
def test_the_one_line_between_a_wall_corner_and_a_round_base_touching_it_is_clear(side):
    """A wall's corner touches a third unit's round base: the one line between them passes
    through the corner tangent to the base, grazing both, so the Trace is clear along it (the
    base on the right of the line, then on its left)."""
    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Terrain, Unit
    from rulecheck_multibase.engine.geometry import trace

    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (Base("a1", "round", 0.0, 0.0, 90.0, radius=0.5),))
    bravo = Unit("Bravo", "Blue", stats, (Base("b1", "round", 0.0, 10.0, 270.0, radius=0.5),))
    charlie = Unit("Charlie", "Green", stats, (Base("c1", "round", side, 5.0, 90.0, radius=1.0),))
    wall = Terrain("wall", ((-5.0 * side, 4.0), (0.0, 5.0), (-5.0 * side, 6.0)), blocks_trace=True)
    assert trace(Battlefield((alpha, bravo, charlie), (wall,)), alpha, bravo, BOOK).clear


def _turned(degrees: float, x: float, y: float, mirror: bool = False) -> tuple[float, float]:
    """(x, y) turned counter-clockwise about the origin, mirrored in the y axis first if asked."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    x = -x if mirror else x
    return (c * x - s * y, s * x + c * y)


@pytest.mark.parametrize("side", [1.0, -1.0])
def test_a_gap_beside_a_wall_corner_gives_the_same_trace_however_the_table_is_turned(side):
    """A third unit's round base touches a wall's corner (or stands 1e-6 or 1e-3 inch off it),
    and the only lines from Alpha to Bravo run through that gap: the Trace is clear at every
    turn of the table, in steps of 10 degrees. Pushed 1e-3 inch into the corner, the base closes
    the gap and the Trace is blocked at every turn. (Candidate lines once pivoted on the corners
    of the very shape they were tested against, so whether such a line touched it, and was
    blocked, depended on rounding: turned by 0.2 or 2 radians, these positions were blocked.)"""

    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Terrain, Unit
    from rulecheck_multibase.engine.geometry import trace

    stats = PLAIN_STATS

    def turned(degrees: float, gap: float) -> bool:
        def at(x, y):
            return _turned(degrees, x, y)

        def base(name, x, y, radius, facing):
            return Base(name, "round", *at(x, y), facing + degrees, radius=radius)

        alpha = Unit("Alpha", "Red", stats, (base("a1", 0, 0, 0.5, 90),))
        bravo = Unit("Bravo", "Blue", stats, (base("b1", 0, 10, 0.5, 270),))
        charlie = Unit("Charlie", "Green", stats, (base("c1", side * (1 + gap), 5, 1.0, 90),))
        wall = Terrain("wall", (at(-5 * side, 4), at(0, 5), at(-5 * side, 6)), blocks_trace=True)
        return trace(Battlefield((alpha, bravo, charlie), (wall,)), alpha, bravo, BOOK).clear

    for gap in (0.0, 1e-6, 1e-3):
        assert [d for d in range(0, 360, 10) if not turned(d, gap)] == [], gap
    assert [d for d in range(0, 360, 10) if turned(d, -1e-3)] == []


@pytest.mark.parametrize("tolerance", [1e-10, 1e-3])
def test_a_slot_a_tenth_of_an_inch_wide_is_clear_at_every_turn_under_any_allowed_tolerance(tolerance):
    """Two walls leave a slot 0.1 inch wide, and no line through two corners of the bases passes
    through it: the Trace must pivot on the walls' corners. At every whole-degree turn of the table
    it is clear, under the smallest tolerance a rulebook may set and the largest. (At a tolerance
    of 0, once allowed, it was blocked at 25 of the 360 turns: the lines through the corners
    touched the walls or not by rounding. 0 is now refused.)"""

    from shapely.geometry import Polygon

    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.geometry import Obstacle, trace_between
    from rules.rulebook import RulebookError

    with pytest.raises(RulebookError, match="geometry_tolerance: expected a number from 1e-10 to 0.001"):
        BOOK.with_changes({"geometry_tolerance": 0.0}, {})
    rules = BOOK.with_changes({"geometry_tolerance": tolerance}, {})

    def clear(degrees: int) -> bool:
        def at(x, y):
            return _turned(degrees, x, y)

        alpha = Base("a1", "rect", *at(0, 0), 90.0 + degrees, width=2.0, depth=1.0)
        bravo = Base("b1", "rect", *at(6, 0.25), 90.0 + degrees, width=1.0, depth=1.0)
        low = Obstacle("low", shape=Polygon([at(2.5, -3), at(4, -3), at(4, 0.3), at(2.5, 0.3)]))
        high = Obstacle("high", shape=Polygon([at(2.5, 0.4), at(4, 0.4), at(4, 3), at(2.5, 3)]))
        return trace_between(alpha, bravo, [low, high], rules)[0]

    assert [d for d in range(360) if not clear(d)] == []


def test_a_push_scripted_for_a_unit_with_no_push_to_make_is_refused_naming_that_unit():
    """The CLI points the one-line error at ``attack.pushes.<unit>``: the refusal names the unit
    whose scripted push was never made."""
    from rulecheck_multibase.engine.attack import PushChoiceError

    with pytest.raises(PushChoiceError) as err:
        _square_attack(strict=True, pushes={"Charlie": ("c2",), "Alpha": ("a1",)})
    assert (err.value.unit, str(err.value)) == (
        "Alpha",
        "a push is scripted for Alpha, but it has no push to make",
    )


def test_a_one_inch_range_is_long_beyond_half_an_inch():
    """MB-3.2's long range is a fraction of the weapon's range, whatever that range is: a 1-inch
    range is long beyond half an inch, and exactly half is at the limit; a range of 0 has none."""
    from rulecheck_multibase.engine.attack import range_fraction

    assert float(BOOK.param("long_range_fraction")) == 0.5
    assert range_fraction(0.75, 1.0, BOOK) == 0.75
    assert range_fraction(0.5 + 1e-12, 1.0, BOOK) == 0.5
    assert range_fraction(0.25, 0.5, BOOK) == 0.5
    assert range_fraction(3.0, 12.0, BOOK) == 0.25 and range_fraction(9.0, 12.0, BOOK) == 0.75
    assert range_fraction(0.3, 0.0, BOOK) is None


def test_a_removal_no_choice_of_which_keeps_coherency_is_every_choice_and_says_so():
    """Four bases 5 inches apart are out of coherency whichever one goes: every base is offered,
    the count stays the number due, and the options say that none keeps the unit coherent."""
    from rulecheck_multibase.engine.battlefield import Base, Unit
    from rulecheck_multibase.engine.casualties import RemovalOptions, removal_options

    stats = PLAIN_STATS
    bases = tuple(Base(f"c{i + 1}", "round", 5.0 * i, 10, 270.0, radius=0.5) for i in range(4))
    found = removal_options(Unit("Charlie", "Blue", stats, bases), 1, BOOK)
    assert found == RemovalOptions(1, (("c1",), ("c2",), ("c3",), ("c4",)), False)
    assert found.coherent is False and found.count == 1


def test_asking_for_a_base_or_unit_that_is_not_there_names_it():
    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Unit

    stats = PLAIN_STATS
    charlie = Unit("Charlie", "Blue", stats, (Base("c1", "round", 0, 0, 90.0, radius=0.5),))
    with pytest.raises(KeyError, match="unit 'Charlie' has no base 'c9'"):
        charlie.base("c9")
    with pytest.raises(KeyError, match="no unit 'Delta' on the battlefield"):
        Battlefield((charlie,), ()).unit("Delta")


def test_pushes_equally_short_to_the_table_s_precision_are_all_offered():
    """Three lone bases at the corners of a triangle with 4-inch sides, its apex written to six
    decimals: each corner may stay while the other two come in, and the three pushes (connected
    coherency, least_distance) differ in length by less than a ten-millionth of an inch, so all
    three are offered, not only the one that rounding makes shortest."""
    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.coherency import push_options

    corners = (("c1", 0.0, 0.0), ("c2", 4.0, 0.0), ("c3", 2.0, 3.464102))
    bases = tuple(Base(n, "round", x, y, 270.0, radius=0.5) for n, x, y in corners)
    plans = push_options(bases, BOOK)
    assert sorted(p.moved for p in plans) == [("c1", "c2"), ("c1", "c3"), ("c2", "c3")]
    assert max(p.total for p in plans) - min(p.total for p in plans) > 1e-8


# --- The Trace search is complete and sound (MB-1.1) -------------------------------------------
# Two bases with a slot between two walls across the line joining them, the target often only
# partly inside the front arc. A brute-force sample of segments (attacker outline to the outline
# of the target's part inside the arc) that keep a margin from every wall must mean the engine
# finds a clear Trace (completeness); and any segment the engine returns must really join the two
# bases and cross no wall (soundness), both checked with shapely, not with the engine's own clipping.
def _slot_position(data):
    import math

    from hypothesis import strategies as st

    from rulecheck_multibase.engine.battlefield import Base

    draw = data.draw
    facing = draw(st.floats(0, 360), label="facing")
    if draw(st.booleans(), label="round attacker"):
        attacker = Base("a1", "round", 0.0, 0.0, facing, radius=draw(st.sampled_from([0.5, 1.0])))
    else:
        attacker = Base("a1", "rect", 0.0, 0.0, facing, width=2.0, depth=1.0)
    bearing = math.radians(facing + draw(st.floats(-100, 100), label="bearing"))
    far = draw(st.floats(3, 8), label="distance")
    tx, ty = far * math.cos(bearing), far * math.sin(bearing)
    if draw(st.booleans(), label="round target"):
        target = Base("b1", "round", tx, ty, 0.0, radius=draw(st.sampled_from([0.5, 1.0, 1.5])))
    else:
        target = Base("b1", "rect", tx, ty, draw(st.floats(0, 360)), width=2.0, depth=1.0)
    # The slot: two walls square to the line between the centres, a gap of `width` between them,
    # its middle `offset` off that line, `along` of the way from the attacker to the target.
    along, offset = draw(st.floats(0.35, 0.65), label="along"), draw(st.floats(-1.5, 1.5), label="offset")
    width, thick = draw(st.floats(0.05, 0.6), label="width"), draw(st.floats(0.1, 1.0), label="thickness")
    ux, uy = math.cos(bearing), math.sin(bearing)
    nx, ny = -uy, ux
    mx, my = along * tx + offset * nx, along * ty + offset * ny
    walls = []
    for side in (1, -1):
        near, outer = width / 2, width / 2 + 4
        walls.append(
            [
                (mx + side * d * nx + a * ux, my + side * d * ny + a * uy)
                for d, a in ((near, -thick / 2), (outer, -thick / 2), (outer, thick / 2), (near, thick / 2))
            ]
        )
    return attacker, target, walls


def _outline(base, count):
    import math

    from rulecheck_multibase.engine.geometry import corners

    if base.shape == "round":
        return [
            (
                base.x + base.radius * math.cos(2 * math.pi * k / count),
                base.y + base.radius * math.sin(2 * math.pi * k / count),
            )
            for k in range(count)
        ]
    ring = corners(base)
    return [
        (p[0] + (q[0] - p[0]) * k / (count // 4), p[1] + (q[1] - p[1]) * k / (count // 4))
        for p, q in zip(ring, ring[1:] + ring[:1], strict=True)
        for k in range(count // 4)
    ]


@pytest.mark.parametrize("tolerance", [None, 1e-3])
@pytest.mark.parametrize("target_part", ["inside_arc", "whole_base"])
def test_the_trace_finds_a_line_through_any_slot_a_sample_finds_and_every_line_it_returns_is_clear(
    target_part, tolerance
):
    """Under the rulebook's tolerance: a sampled segment 1e-3 inch clear of both walls means the
    Trace must be clear. Under a tolerance of 1e-3 inch, the guarantee docs/scenarios.md gives: a segment that
    passes no more than half the tolerance into a wall (it clears the walls shrunk by half the
    tolerance) means the Trace must be clear. Either way every segment the Trace returns joins the
    bases within the tolerance and passes no more than the tolerance into a wall."""
    import math

    import numpy as np
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from shapely import LineString, Point, Polygon, distance, intersects, linestrings

    from rulecheck_multibase.engine.battlefield import Battlefield, Terrain, Unit
    from rulecheck_multibase.engine.geometry import arc_cuts, core, radius_of, trace

    changes = {} if tolerance is None else {"geometry_tolerance": tolerance}
    rules = BOOK.with_changes(changes, interpretations={"trace_target_part": target_part})
    tol = float(rules.param("geometry_tolerance"))
    stats = PLAIN_STATS
    # A sampled segment this far from every wall (shrunk by half the tolerance when that is
    # large) is clear beyond any rounding.
    margin, sink = (1e-3, 0.0) if tolerance is None else (1e-6, tol / 2)

    # 40 positions per reading: each samples 576 segments against two walls with shapely and runs
    # the Trace (about 12 ms a position), so 80 in all keep the test near 1 s in the CI profile.
    @settings(max_examples=40)
    @given(st.data())
    def check(data):
        attacker, target, walls = _slot_position(data)
        shapes = [Polygon(w) for w in walls]
        if any(
            s.intersects(Point(b.x, b.y).buffer(max(b.radius, 1.2)))
            for s in shapes
            for b in (attacker, target)
        ):
            return  # a wall standing on a base: not a slot between them
        field = Battlefield(
            (Unit("Alpha", "Red", stats, (attacker,)), Unit("Bravo", "Blue", stats, (target,))),
            tuple(Terrain(f"wall {k}", tuple(w)) for k, w in enumerate(walls)),
        )
        seen = trace(field, field.units[0], field.units[1], rules)
        mode, cuts = arc_cuts(attacker, rules)

        def in_arc(p, slack):
            inside = [nx * p[0] + ny * p[1] - b >= -slack for nx, ny, b in cuts]
            return (all if mode == "all" else any)(inside)

        outline = _outline(target, 24)
        if target_part == "whole_base":  # any point of a base that is in the arc at all
            ends = outline if any(in_arc(p, 0.0) for p in outline) else []
        else:
            ends = [p for p in outline if in_arc(p, 0.0)]
        starts = _outline(attacker, 24)
        if ends:
            pairs = np.array([(s, e) for s in starts for e in ends])
            segments = linestrings(pairs)
            room = np.min([distance(s.buffer(-sink), segments) for s in shapes], axis=0)
            if (room > margin).any():
                k = int(np.argmax(room))
                assert seen.clear, (
                    f"no Trace found, but {pairs[k].tolist()} clears every wall by {room[k]:.4f}"
                )
        if seen.clear:
            (x0, y0), (x1, y1) = seen.segment
            # A rectangle grows by the tolerance square to each edge, so its corners reach
            # sqrt(2) tolerances out (docs/scenarios.md, Geometry).
            reach = max(1e-7, 1.01 * math.sqrt(2) * tol)
            assert core(attacker).distance(Point(x0, y0)) - radius_of(attacker) < reach
            assert core(target).distance(Point(x1, y1)) - radius_of(target) < reach
            assert target_part == "whole_base" or in_arc((x1, y1), reach)
            line = LineString(seen.segment)
            assert not any(
                intersects(s.buffer(-(1 + 1e-6) * tol if tolerance else -2 * tol), line) for s in shapes
            ), f"{seen.segment} crosses a wall"

    check()


def test_the_trace_shown_runs_between_the_bases_own_corners_when_such_a_line_is_clear():
    """The Trace tries lines through the bases' own corners first and pivots on an obstacle's
    corners only when all of those are blocked: a line pivoting on a corner grazes that obstacle.
    Here a wall stands to one side of the gap and a corner-to-corner line passes well clear of it,
    so the segment the Trace reports (and the diagram draws) keeps its distance from the wall."""
    from shapely import LineString, Polygon

    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Terrain, Unit
    from rulecheck_multibase.engine.geometry import trace

    stats = PLAIN_STATS
    alpha = Unit("Alpha", "Red", stats, (Base("a1", "rect", 0.0, 0.0, 90.0, width=2.0, depth=1.0),))
    bravo = Unit("Bravo", "Blue", stats, (Base("b1", "rect", 1.3, 8.0, 270.0, width=2.0, depth=1.0),))
    wall = ((-0.6, 4.6), (0.4, 4.6), (0.4, 5.1), (-0.6, 5.1))
    seen = trace(Battlefield((alpha, bravo), (Terrain("wall", wall),)), alpha, bravo, BOOK)
    assert seen.clear and LineString(seen.segment).distance(Polygon(wall)) > 0.5


@pytest.mark.parametrize("coherency", ["connected", "each_within"])
def test_a_symmetric_push_is_the_same_at_every_turn_of_the_table_and_in_the_mirror(coherency):
    """t0 and t1 stand 3 inches either side of t2, so their distances to it tie exactly. A tie
    goes to the earlier base in the unit's order: which base moves first, and towards which, is
    the same at every 3-degree turn of the table and mirrored. (The nearest was once picked by
    the raw distances, so rounding after a turn decided it: a hypothesis run found the two pushes
    listed the other way round on a turned table.)"""

    from rulecheck_multibase.engine.battlefield import Base
    from rulecheck_multibase.engine.coherency import push_options

    rules = BOOK.with_changes(interpretations={"coherency": coherency})

    def plans(degrees: int, mirror: bool) -> list:
        ox, oy = 7.3, -2.9  # off the origin, so that the two tied distances round differently
        bases = []
        for name, x, y in (("t0", -3.1, 0.2), ("t1", 3.1, 0.2), ("t2", 0.0, 0.2), ("t3", 0.0, 1.7)):
            tx, ty = _turned(degrees, x, y, mirror)
            bases.append(Base(name, "round", ox + tx, oy + ty, 90.0, radius=0.5))
        return [
            [(p.base, p.towards, round(p.distance, 9)) for p in plan.pushes]
            for plan in sorted(push_options(bases, rules), key=lambda plan: plan.moved)
        ]

    untouched = plans(0, False)
    assert untouched
    assert [d for d in range(0, 360, 3) for m in (False, True) if plans(d, m) != untouched] == []


def _explained(shaken_attacker: bool, courage: int, target_shaken: bool, faces, saves, far_in_cover=False):
    """The events `explain --json` shows of a one-base attack, each as (step, data); the Trace's
    segment (floating point) is left out."""
    from rulecheck_multibase.engine.attack import AttackSpec, resolve_attack
    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Initiative, Unit
    from rules.dice import ScriptedDice

    two_dice = Stats(ranged_attack=2, melee_attack=1, range=24.0, courage=9, save=6, wounds=1)
    target_stats = Stats(ranged_attack=1, melee_attack=1, range=24.0, courage=courage, save=6, wounds=1)
    alpha = Unit(
        "Alpha",
        "Red",
        two_dice,
        (Base("a1", "rect", 0, 0, 90.0, width=2.0, depth=1.0),),
        int(shaken_attacker),
    )
    at = 16 if far_in_cover else 4
    bravo = Unit(
        "Bravo", "Blue", target_stats, (Base("b1", "round", 0, at, 270.0, radius=0.5),), int(target_shaken)
    )
    field = Battlefield((alpha, bravo), (), Initiative(pool=("Blue",)))
    spec = AttackSpec("Alpha", "Bravo", in_cover=frozenset({"Bravo"} if far_in_cover else ()))
    dice = ScriptedDice.of(**{"to_hit:Alpha": faces, "save:Bravo": saves})
    events = resolve_attack(field, spec, BOOK, dice).events
    return [(e.step, {} if e.step == "target.trace" else e.data) for e in events]


OPENING = [
    ("target.declared", {}),
    ("target.trace", {}),
]


def test_explain_shows_each_modifier_by_source_the_hits_and_a_shaken_target_destroyed():
    """What explain --json shows is part of the ruling: each event's step name and data, in
    order (the modifiers by source, the hits of the roll, the Shaken token gained, the unit
    destroyed with its markers and its initiative token)."""
    assert _explained(True, 1, False, [6, 6], [1, 1], far_in_cover=True) == [
        *OPENING,
        ("target.range", {"distance": 15.0, "max_range": 24.0, "from": "a1", "to": "b1"}),
        ("pool.base", {"stat": 2, "bases": 1}),
        ("pool.total", {"dice": 2}),
        ("to_hit.baseline", {}),
        ("to_hit.modifier", {"source": "target in cover", "modifier": 1, "threshold": 5}),
        ("to_hit.modifier", {"source": "long range", "modifier": 1, "threshold": 6}),
        ("to_hit.modifier", {"source": "attacker Shaken", "modifier": 1, "threshold": 7}),
        ("to_hit.clamp", {"raw": 7, "threshold": 6}),
        ("to_hit.roll", {"faces": [6, 6], "threshold": 6, "hits": 2}),
        ("shaken.check", {"unit": "Bravo", "hits": 2, "courage": 1}),
        ("shaken.gained", {"unit": "Bravo"}),
        ("saves.gather", {"dice": 2}),
        ("saves.roll", {"faces": [1, 1], "save": 6, "saved": 0}),
        ("saves.wounds", {"wounds": 2}),
        ("casualties.wounds", {"carried": 0, "new": 2, "total": 2, "removals": 2, "residual": 0}),
        ("casualties.options", {"count": 1, "options": [["b1"]]}),
        ("casualties.removed", {"removed": ["b1"], "bases_left": 0, "residual": 0}),
        ("destruction.destroyed", {}),
        ("destruction.cleanup", {"markers": ["Shaken"]}),
        ("destruction.initiative_removed", {"pool": []}),
    ]


def test_explain_shows_a_courage_check_passed_and_a_token_already_held():
    close = ("target.range", {"distance": 3.0, "max_range": 24.0, "from": "a1", "to": "b1"})
    pool = [("pool.base", {"stat": 2, "bases": 1}), ("pool.total", {"dice": 2}), ("to_hit.baseline", {})]
    assert _explained(False, 9, False, [4, 1], [6]) == [
        *OPENING,
        close,
        *pool,
        ("to_hit.roll", {"faces": [4, 1], "threshold": 4, "hits": 1}),
        ("shaken.check", {"unit": "Bravo", "hits": 1, "courage": 9}),
        ("shaken.passed", {}),
        ("saves.gather", {"dice": 1}),
        ("saves.roll", {"faces": [6], "save": 6, "saved": 1}),
        ("saves.wounds", {"wounds": 0}),
        ("casualties.wounds", {"carried": 0, "new": 0, "total": 0, "removals": 0, "residual": 0}),
    ]
    held = _explained(False, 1, True, [5, 2], [1])
    assert held[len(OPENING) + 4 : len(OPENING) + 7] == [
        ("to_hit.roll", {"faces": [5, 2], "threshold": 4, "hits": 1}),
        ("shaken.check", {"unit": "Bravo", "hits": 1, "courage": 1}),
        ("shaken.already", {"unit": "Bravo", "tokens": 1}),
    ]
