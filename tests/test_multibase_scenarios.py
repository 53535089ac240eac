"""multibase scenario files: load, explain, and reject bad input at the right line; tag coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.rulesets import load_scenario as load_any
from rulecheck.rulesets.multibase import ADAPTER
from rulecheck.source_yaml import InputError
from rules.events import Event, cited
from rules.rulebook import load
from rules.wording import plural

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "multibase"
FEATURES = ROOT / "features" / "multibase"
BOOK = load("multibase")
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
    from rules.multibase.battlefield import Base, Stats, Unit

    stats = Stats(ranged_attack=1, melee_attack=1, range=24.0, courage=9, save=6, wounds=1)
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

    from rules.dice import ScriptedDice
    from rules.multibase.attack import AttackSpec, resolve_attack
    from rules.multibase.battlefield import Base, Battlefield, Stats, Unit

    stats = Stats(ranged_attack=1, melee_attack=1, range=24.0, courage=9, save=6, wounds=1)
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
    from rules.multibase.attack import PushChoiceError

    with pytest.raises(PushChoiceError, match="must choose how to push Charlie"):
        _square_attack(strict=True)
    lenient = _square_attack(strict=False).casualties["Charlie"]
    assert lenient.awaiting_push and not lenient.pushed
    assert sorted(lenient.push_options) == [("c2",), ("c3",)]
    chosen = _square_attack(strict=True, pushes={"Charlie": ("c2",)}).casualties["Charlie"]
    assert list(chosen.pushed) == ["c2"] and not chosen.awaiting_push
    with pytest.raises(PushChoiceError, match="cannot push c1"):
        _square_attack(strict=True, pushes={"Charlie": ("c1",)})


def test_a_push_the_bounded_search_cannot_find_is_reported_and_not_made():
    from rules.multibase.attack import PushChoiceError

    result = _square_attack(strict=True, positions=SCATTERED)
    charlie = result.casualties["Charlie"]
    assert not charlie.coherency_possible and charlie.removed == ("c5",)
    assert charlie.push_options == () and not charlie.pushed and not charlie.awaiting_push
    assert [e.data["unit"] for e in result.events if e.step == "coherency.no_push_found"] == ["Charlie"]
    assert [(b.x, b.y) for b in result.field.unit("Charlie").bases] == [(x, y) for _, x, y in SCATTERED[:4]]
    with pytest.raises(PushChoiceError, match="Charlie has no push the engine can make"):
        _square_attack(strict=True, pushes={"Charlie": ("c1",)}, positions=SCATTERED)


def test_the_reported_trace_segment_is_a_clear_one():
    """The segment a clear Trace reports (event data, diagrams) passes no obstacle, even when the
    first lines the search tries are blocked: two round bases leave a narrow gap off the centre."""
    from shapely.geometry import LineString, Point

    from rules.multibase.battlefield import Base, Battlefield, Stats, Unit
    from rules.multibase.geometry import trace

    stats = Stats(ranged_attack=1, melee_attack=1, range=24.0, courage=9, save=6, wounds=1)
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

    from rules.multibase.battlefield import Base, Battlefield, Stats, Unit
    from rules.multibase.target import verify_target

    stats = Stats(ranged_attack=1, melee_attack=1, range=4.0, courage=9, save=6, wounds=1)
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
    from rules.multibase.casualties import options_event, removal_options

    far = _bravo_in_a_row(5.0)
    each_step = BOOK.with_changes(interpretations={"multi_removal_coherency": "each_step"})
    every = removal_options(far, 3, each_step)
    assert every.coherent and every.options == (("b1", "b2", "b3"),) and every.count == 3
    assert options_event(far, every, each_step).data["count"] == 3
    near = _bravo_in_a_row(1.5)
    ends = removal_options(near, 1, BOOK)
    assert ends.coherent and ends.count == 1 and sorted(ends.options) == [("b1",), ("b3",)]


def test_a_pick_naming_a_base_twice_or_a_base_the_unit_lacks_is_refused_as_not_allowed():
    from rules.multibase.casualties import IllegalRemoval, removal_options, remove_bases

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
    from rules import limits
    from rules.multibase.casualties import check_removal_budget

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
    from rules.multibase.battlefield import Base
    from rules.multibase.coherency import is_coherent, push_options

    rules = BOOK.with_changes(interpretations={"coherency": "each_within"})
    lone = tuple(Base(f"c{i + 1}", "round", 4.0 * i, 10, 270.0, radius=0.5) for i in range(5))
    plans = push_options(lone, rules)
    assert plans and all(is_coherent(p.bases, rules) and len(p.pushes) == 3 for p in plans)
