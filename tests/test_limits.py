"""The limits are data that must fit the books: every parameter has a range, the book's own values
and every mutant `rulecheck mutate` makes lie inside it, and a value outside is refused."""

from __future__ import annotations

import math

import pytest

from rulecheck.mutation import mutants_for
from rules import limits
from rules.rulebook import RulebookError, load, rulesets


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_parameter_has_a_range_holding_the_book_value(ruleset):
    book = load(ruleset)
    assert set(limits.PARAMETER_RANGES[ruleset]) == set(book.parameters)
    for name, parameter in book.parameters.items():
        low, high = limits.parameter_range(ruleset, name)
        values = parameter.value if isinstance(parameter.value, list) else [parameter.value]
        assert all(low <= v <= high for v in values if not isinstance(v, bool)), name


@pytest.mark.parametrize("ruleset", rulesets())
def test_every_mutant_is_a_value_an_overlay_may_set(ruleset):
    book = load(ruleset)
    for mutant in mutants_for(book):
        overlay = mutant.overlay()
        book.with_changes(overlay.get("parameters"), overlay.get("interpretations"), mutant.id)


@pytest.mark.parametrize("ruleset", rulesets())
def test_a_value_past_either_end_of_a_range_is_refused(ruleset):
    book = load(ruleset)
    for name, parameter in book.parameters.items():
        if isinstance(parameter.value, bool):
            continue
        low, high = limits.parameter_range(ruleset, name)
        kind = float if isinstance(parameter.value, float) else int
        for bad in (kind(low) - 1, kind(high) + 1):
            value = [bad] if isinstance(parameter.value, list) else bad
            with pytest.raises(RulebookError, match="expected a number from"):
                book.with_changes({name: value})


# Every range an overlay may set, as numbers: a user's overlay at either end is read, one past it
# is refused. (The test above takes the ranges from rules/limits.py, so it holds whatever they
# are; this one fails when a range moves.)
RANGES = {
    "gundam_assemble": {
        "los_min_range": (0, 100),
        "melee_range": (0, 100),
        "hit_threshold": (0, 101),
        "attack_die_sides": (1, 100),
        "natural_miss_faces": (0, 101),
        "critical_faces": (0, 101),
        "elevation_accuracy_lower_target": (-10, 10),
        "elevation_accuracy_higher_target": (-10, 10),
        "water_accuracy": (-10, 10),
        "damage_per_hit": (0, 100),
        "damage_per_shield": (0, 100),
        "crit_effect_triggers_per_attack": (0, 100),
        "engagement_distance": (0, 100),
        "defeat_timeline_penalty": (-100, 100),
    },
    "multibase": {
        "die_sides": (1, 100),
        "to_hit_baseline": (0, 101),
        "threshold_min": (0, 101),
        "threshold_max": (0, 101),
        "cover_modifier": (-10, 10),
        "long_range_modifier": (-10, 10),
        "long_range_fraction": (0.0, 1.0),
        "shaken_attacker_modifier": (-10, 10),
        "shaken_target_modifier": (-10, 10),
        "max_shaken_tokens": (0, 100),
        "front_arc_degrees": (0, 360),
        "coherency_distance": (0.0, 1000.0),
        "geometry_tolerance": (1e-10, 0.001),
    },
}


@pytest.mark.parametrize("ruleset", sorted(RANGES))
def test_an_overlay_value_at_either_end_of_its_range_is_read_and_one_past_it_refused(ruleset):
    book = load(ruleset)
    assert set(RANGES[ruleset]) == {n for n, p in book.parameters.items() if not isinstance(p.value, bool)}
    for name, (low, high) in RANGES[ruleset].items():
        listed = isinstance(book.parameters[name].value, list)
        step = 0.5 if isinstance(low, float) else 1
        for good in (low, high):
            book.with_changes({name: [good] if listed else good})
        for bad in (low - step, high + step):
            with pytest.raises(RulebookError, match="expected a number from"):
                book.with_changes({name: [bad] if listed else bad})


# --- every published input limit: accepted at the limit, refused one past it --------------------
GA_UNITS = [
    {"name": "QZ-82 Sentinel", "side": "A", "at": [0, 0]},
    {"name": "Cara's Strider", "side": "B", "at": [2, 0]},
]
GA_ATTACK = {"attacker": "QZ-82 Sentinel", "weapon": "Beam Rifle", "target": "Cara's Strider"}
MB_STATS = {"ranged_attack": 1, "melee_attack": 1, "range": 30, "courage": 3, "save": 4, "wounds": 1}


def ga(**changes) -> dict:
    return {"ruleset": "gundam_assemble", "units": [dict(u) for u in GA_UNITS], **changes}


def mb_unit(name: str, faction: str, n: int, y: float, **base) -> dict:
    bases = [
        {"name": f"{name}{i}", "shape": "round", "radius": 0.5, "x": 1.1 * i, "y": y, **base}
        for i in range(n)
    ]
    return {"name": name, "faction": faction, "stats": dict(MB_STATS), "bases": bases}


def mb(units=None, **changes) -> dict:
    units = units or [mb_unit("A", "Red", 1, 0, facing=90), mb_unit("B", "Blue", 1, 5, facing=270)]
    return {
        "ruleset": "multibase",
        "units": units,
        "attack": {"kind": "ranged", "attacker": "A", "target": "B"},
        **changes,
    }


def square(x: float, y: float, corners: int = 4) -> list[list[float]]:
    """A simple polygon of ``corners`` corners near (x, y): a bottom edge and a zigzag top."""
    top = corners - 2
    return [[x, y], [x + 10, y]] + [[x + 10 - 10 * i / (top - 1), y + 1 + (i % 2) * 0.5] for i in range(top)]


def rectangle(n: int) -> dict:
    """A rectangular board of exactly ``n`` hexes, as square as n allows."""
    width = next(w for w in range(math.isqrt(n), 0, -1) if n % w == 0)
    return {"width": n // width, "height": width}


def many_units(n: int) -> list[dict]:
    return [mb_unit(f"U{i}", "Red" if i else "Blue", 1, 3 * i, facing=90) for i in range(n)]


def total_bases(n: int) -> list[dict]:
    """``n`` bases in units of at most MAX_BASES."""
    units, left, i = [], n, 0
    while left:
        k = min(left, limits.MAX_BASES)
        units.append(mb_unit(f"U{i}", "Red" if i else "Blue", k, 3 * i))
        left, i = left - k, i + 1
    return units


def corners_in_all(n: int) -> list[dict]:
    """``n`` corners in all, in polygons of at most MAX_TERRAIN_POINTS (the last two share the rest)."""
    full, rest = divmod(n - limits.MAX_TERRAIN_POINTS, limits.MAX_TERRAIN_POINTS)
    last = rest + limits.MAX_TERRAIN_POINTS
    pieces = terrain(limits.MAX_TERRAIN_POINTS, full)
    pieces += [
        {"name": f"last {k}", "polygon": square(-500 - 20 * k, -50, c)}
        for k, c in enumerate((last - last // 2, last // 2))
    ]
    assert sum(len(p["polygon"]) for p in pieces) == n
    return pieces


def terrain(corners_each: int, pieces: int) -> list[dict]:
    return [{"name": f"t{k}", "polygon": square(1000 + 20 * k, 0, corners_each)} for k in range(pieces)]


def responses(n: int) -> list[dict]:
    """``n`` Tactics cards, each used at most MAX_CARD_USES times."""
    cards = ["Steady Aim", "Deadeye", "Overcharge", "Quick Strike", "Rapid Deployment", "Total Overclock"]
    cards += ["Adrenaline Surge", "Full Burst", "Second Salvo", "Reinforced Plating", "Shaky Footing"]
    defending = {"Reinforced Plating", "Shaky Footing"}
    picked = [cards[i // limits.MAX_CARD_USES] for i in range(n)]
    return [{"tactics": c, "side": "B" if c in defending else "A"} for c in picked]


# (limit, document at n) -> a document with n of the limited thing; command "load" only reads it.
LIMITS = {
    "MAX_BOARD_HEXES": ("load", lambda n: ga(board=rectangle(n))),
    "MAX_COORDINATE": ("load", lambda n: ga(units=[{**GA_UNITS[0], "at": [n, -n]}, GA_UNITS[1]])),
    "MAX_UNITS (gundam_assemble)": (
        "load",
        lambda n: ga(
            units=GA_UNITS
            + [{"name": f"GM {i}", "side": "A", "at": [i, 5], "profile": "PK-5 Kite"} for i in range(n - 2)]
        ),
    ),
    "MAX_NAME_LENGTH": (
        "load",
        lambda n: ga(units=[{**GA_UNITS[0], "name": "G" * n, "profile": "QZ-82 Sentinel"}, GA_UNITS[1]]),
    ),
    "MAX_STAT (gundam_assemble)": ("load", lambda n: ga(units=[GA_UNITS[0], {**GA_UNITS[1], "shields": n}])),
    "MAX_ATTACK_DICE": ("odds", lambda n: ga(attack={**GA_ATTACK, "dice": [4] * n})),
    "MAX_CARD_USES": (
        "odds",
        lambda n: ga(attack={**GA_ATTACK, "responses": [{"tactics": "Steady Aim", "side": "A"}] * n}),
    ),
    "MAX_RESPONSES": ("odds", lambda n: ga(attack={**GA_ATTACK, "responses": responses(n)})),
    "MAX_TABLE_INCHES": (
        "load",
        lambda n: mb([mb_unit("A", "Red", 1, -n, facing=90), mb_unit("B", "Blue", 1, 5, facing=270)]),
    ),
    "MAX_BASE_SIZE": (
        "load",
        lambda n: mb([mb_unit("A", "Red", 1, 0, radius=n), mb_unit("B", "Blue", 1, 500)]),
    ),
    "MAX_BASES": ("load", lambda n: mb([mb_unit("A", "Red", n, 0), mb_unit("B", "Blue", 1, 5)])),
    "MAX_TOTAL_BASES": (
        "load",
        lambda n: mb(total_bases(n), attack={"kind": "ranged", "attacker": "U1", "target": "U0"}),
    ),
    "MAX_UNITS (multibase)": (
        "load",
        lambda n: mb(many_units(n), attack={"kind": "ranged", "attacker": "U1", "target": "U0"}),
    ),
    "MAX_STAT (multibase)": (
        "load",
        lambda n: mb(
            [{**mb_unit("A", "Red", 1, 0), "stats": {**MB_STATS, "range": n}}, mb_unit("B", "Blue", 1, 5)]
        ),
    ),
    "MAX_TERRAIN_POINTS": ("load", lambda n: mb(terrain=terrain(n, 1))),
    "MAX_TERRAIN_CORNERS": (
        "load",
        lambda n: mb(terrain=corners_in_all(n)),
    ),
}


# The limits as docs/bad-input.md publishes them: each is checked at this number and one past it,
# so a limit that moved away from what the page promises fails here (not only one that stopped
# being checked). MAX_NAME_LENGTH (200 characters, rules/limits.py) is not on the page yet.
PUBLISHED = {
    "MAX_NAME_LENGTH": 200,
    "MAX_YAML_BYTES": 1_000_000,
    "MAX_YAML_ALIASES": 50,
    "MAX_YAML_NODES": 20_000,
    "MAX_YAML_DEPTH": 40,
    "MAX_BOARD_HEXES": 10_000,
    "MAX_COORDINATE": 1_000,
    "MAX_TABLE_INCHES": 10_000,
    "MAX_BASE_SIZE": 100,
    "MAX_BASES": 100,
    "MAX_TOTAL_BASES": 500,
    "MAX_UNITS": 200,
    "MAX_TERRAIN_POINTS": 100,
    "MAX_TERRAIN_CORNERS": 1_000,
    "MAX_ATTACK_DICE": 200,
    "MAX_CARD_USES": 10,
    "MAX_RESPONSES": 100,
    "MAX_STAT": 1_000,
}


def limit_value(name: str) -> int:
    name = name.split()[0]
    return PUBLISHED[name]


def outcome(command: str, doc: dict, tmp_path, monkeypatch) -> tuple[int, str]:
    import contextlib
    import io

    import yaml

    from rulecheck.cli import main

    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    monkeypatch.chdir(tmp_path)
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["explain" if command == "load" else command, "s.yaml"])
    return code, err.getvalue()


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_an_input_at_a_published_limit_is_read_and_one_past_it_is_refused(name, tmp_path, monkeypatch):
    command, make = LIMITS[name]
    n = limit_value(name)
    if command == "load":
        from rulecheck.rulesets import load_scenario

        (tmp_path / "at.yaml").write_text(__import__("yaml").safe_dump(make(n)))
        load_scenario(tmp_path / "at.yaml")
    else:
        code, err = outcome(command, make(n), tmp_path, monkeypatch)
        assert code == 0, err
    code, err = outcome(command, make(n + 1), tmp_path, monkeypatch)
    assert code == 2 and len(err.splitlines()) == 1, err
    assert str(n) in err.replace(",", ""), err  # the refusal names the limit


def yaml_at(name: str, n: int) -> str:
    if name == "MAX_YAML_BYTES":
        head = "ruleset: multibase\ntitle: "
        return head + "x" * (n - len(head) - 1) + "\n"
    if name == "MAX_YAML_ALIASES":
        return "a: &x 1\nb: [" + ", ".join(["*x"] * n) + "]\n"
    if name == "MAX_YAML_NODES":  # the root mapping and the list are values too
        return "a: [" + ", ".join(["1"] * (n - 2)) + "]\n"
    if name == "MAX_YAML_DEPTH":
        return "[" * n + "]" * n + "\n"
    raise AssertionError(name)


@pytest.mark.parametrize("name", ["MAX_YAML_BYTES", "MAX_YAML_ALIASES", "MAX_YAML_NODES", "MAX_YAML_DEPTH"])
def test_a_yaml_document_at_a_published_limit_is_read_and_one_past_it_is_refused(name, tmp_path):
    from rulecheck.source_yaml import InputError, load_yaml

    n = limit_value(name)
    (tmp_path / "at.yaml").write_text(yaml_at(name, n))
    load_yaml(tmp_path / "at.yaml")
    (tmp_path / "past.yaml").write_text(yaml_at(name, n + 1))
    with pytest.raises(InputError, match=str(n)):
        load_yaml(tmp_path / "past.yaml")


@pytest.mark.parametrize("which", ["MAX_TRACE_WORK", "MAX_TRACE_LINES"])
def test_a_trace_at_the_work_limit_is_read_and_one_past_it_is_refused(which, monkeypatch):
    """The Trace-work bound of a position with a wall between two units of three bases, set as
    the limit: the position is read; with the limit one lower, it is refused naming the limit."""
    from rulecheck_multibase.ruleset import scenario_from_data, trace_work

    doc = mb(
        [mb_unit("A", "Red", 3, 0, facing=90), mb_unit("B", "Blue", 3, 20, facing=270)],
        terrain=[{"name": "wall", "polygon": square(-3, 10, 20)}],
    )
    work, lines = trace_work(scenario_from_data(doc).field, "A", "B")
    assert work > 0 and lines > 0
    n = work if which == "MAX_TRACE_WORK" else lines
    monkeypatch.setattr(limits, which, n)
    scenario_from_data(doc)
    monkeypatch.setattr(limits, which, n - 1)
    from rulecheck.source_yaml import InputError

    with pytest.raises(InputError, match=f"{n - 1:,}"):
        scenario_from_data(doc)
