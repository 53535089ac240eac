"""Every command within 10 s and 500 MB on inputs at the published limits (``rules/limits.py``).

    python benchmarks/limits_speed.py [--quick] [--no-docs] [--only SUBSTRING]

Builds scenarios at each published limit, several shapes per limit (the largest board full of
units, the most bases, the most terrain corners in the most polygons, the biggest coordinates
and bases, the most dice, the largest and deepest YAML, a card used the most times...), runs
every command that reads such a file (`explain`, `explain --json`, `draw`, `draw --json`,
`draw --from/--to`, `los`, `odds`), each in a process of its own as a user runs it, and records
its wall time and peak memory (the child's ru_maxrss from ``os.wait4``). A baseline, `rulecheck
explain` of a small bundled scenario, runs in the same run, and each command's time is printed as
a multiple of it, so a slow machine shows up as a slow baseline rather than as slow commands.

Prints a table and writes it into docs/performance.md between ``<!-- limits:start -->`` and
``<!-- limits:end -->`` (the file is created with only that section if it is missing; the rest
of an existing file is left alone). Exits 1 if any command passes 10 s or 500 MB, or ends with
another exit status than its shape expects (0, or 2 for an input that is refused by design: a
builder that drifted past a limit would measure a refusal, not the work).

``--quick`` builds one shape per ruleset's worst case only. A child is killed at 60 s and its
address space capped at 4 GB, so a regression fails the run instead of filling the machine.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import limits  # noqa: E402

CLI = [sys.executable, "-m", "rulecheck.cli"]
WALL_LIMIT = 10.0  # seconds
MEMORY_LIMIT_MB = 500.0  # peak resident set
KILL_AFTER = 60.0  # seconds: a hang is reported, not waited out
ADDRESS_SPACE_CAP = 4 << 30  # bytes: a blow-up fails fast instead of taking the shared machine
DOCS = ROOT / "docs" / "performance.md"
START, END = "<!-- limits:start -->", "<!-- limits:end -->"
BASELINE = (
    "baseline: explain ranged_volley",
    ["explain", "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml"],
)


@dataclass
class Shape:
    """One input at a limit: files to write (name -> text) and the commands that read it."""

    name: str
    limit: str  # which published limits it sits on
    files: dict[str, str]
    commands: list[tuple[str, list[str]]]  # (label, argv after `rulecheck`), {dir} = its folder
    expect: int = 0  # exit status: 2 for a shape the loader refuses by design
    quick: bool = False


def dump(doc: dict) -> str:
    return yaml.safe_dump(doc, sort_keys=False, width=10_000)


def count(limit: float, scale: float, least: int = 1) -> int:
    """``limit`` scaled (1.0: exactly the limit), never below ``least``."""
    return max(least, int(limit * scale))


# --- multibase ---------------------------------------------------------------------------------
STATS = {"ranged_attack": 1, "melee_attack": 1, "range": 1000, "courage": 3, "save": 4, "wounds": 1}


def mb_unit(name: str, faction: str, bases: list[dict], **extra) -> dict:
    return {"name": name, "faction": faction, "stats": dict(STATS), "bases": bases, **extra}


def round_base(name: str, x: float, y: float, radius: float = 0.5, facing: float = 90) -> dict:
    return {"name": name, "shape": "round", "radius": radius, "x": x, "y": y, "facing": facing}


def row(prefix: str, n: int, y: float, spacing: float, radius: float, facing: float) -> list[dict]:
    """``n`` round bases in a line across the table, centred on x = 0."""
    left = -(n - 1) * spacing / 2
    return [round_base(f"{prefix}{i}", round(left + i * spacing, 6), y, radius, facing) for i in range(n)]


def zigzag_wall(name: str, y: float, width: float, corners: int) -> dict:
    """A simple polygon of exactly ``corners`` corners: a straight bottom edge and a zigzag top,
    half of its top corners reflex (the worst case for the Trace's corner pivots)."""
    top = corners - 2
    points = [[-width / 2, y], [width / 2, y]]
    for i in range(top):
        x = width / 2 - width * i / (top - 1)
        points.append([round(x, 6), round(y + 1 + (0.5 if i % 2 else 0.0), 6)])
    return {"name": name, "polygon": points}


def mb_attack(attacker: str, target: str, **extra) -> dict:
    return {"kind": "ranged", "attacker": attacker, "target": target, **extra}


def misses(doc: dict, attacker: str) -> dict:
    """Scripted to-hit faces for an attack every base of ``attacker`` makes: all 1s (misses), so
    no saves are rolled. A hidden target rolls nothing and needs none."""
    unit = next(u for u in doc["units"] if u["name"] == attacker)
    doc["dice"] = {attacker: {"to_hit": [1] * (unit["stats"]["ranged_attack"] * len(unit["bases"]))}}
    return doc


def mb_commands(from_unit: str, to_unit: str, odds: bool = True) -> list[tuple[str, list[str]]]:
    out = [
        ("explain", ["explain", "{file}"]),
        ("explain --json", ["explain", "{file}", "--json"]),
        ("draw", ["draw", "{file}"]),
        ("draw --json", ["draw", "{file}", "--json"]),
        ("draw --from/--to", ["draw", "{file}", "--from", from_unit, "--to", to_unit]),
    ]
    if odds:
        out.append(("odds", ["odds", "{file}"]))
    return out


def accepted(doc: dict) -> bool:
    """Does the loader take this multibase document (every limit, the Trace work among them)?"""
    from rulecheck.source_yaml import InputError, LocatedYaml
    from rulecheck_multibase.ruleset import scenario_from_doc

    try:
        scenario_from_doc(LocatedYaml("built", doc, {}))
    except InputError:
        return False
    return True


def largest(make: Callable[[int], dict], most: int, least: int = 1) -> tuple[int, dict]:
    """The largest k in least..most whose ``make(k)`` the loader accepts (it must accept least)."""
    lo, hi = least, most
    if not accepted(make(least)):
        raise ValueError(f"the builder's smallest input ({least}) is refused: it drifted past a limit")
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(make(mid)) else (lo, mid - 1)
    return lo, make(lo)


def terrain_pieces() -> tuple[int, int]:
    """(corners per polygon, polygons): MAX_TERRAIN_CORNERS in polygons of MAX_TERRAIN_POINTS."""
    return limits.MAX_TERRAIN_POINTS, max(1, limits.MAX_TERRAIN_CORNERS // limits.MAX_TERRAIN_POINTS)


def walls_doc(corners: int, polygons: int, between: int, gap: bool) -> dict:
    """``polygons`` zigzag walls, ``between`` of them between two units of three bases (the rest
    off to the side, where no Trace looks); with ``gap``, the walls leave a narrow way through."""
    terrain = []
    for k in range(polygons):
        wall = zigzag_wall(f"wall {k}", 5 + 3 * k, 60, corners)
        shift = -30.05 if gap else 0.0  # a gap right of x = -0.05
        if k >= between:
            shift += 500.0
        wall["polygon"] = [[round(x + shift, 6), y] for x, y in wall["polygon"]]
        terrain.append(wall)
    doc = {
        "ruleset": "multibase",
        "title": f"{polygons} walls of {corners} corners, {between} between two units",
        "terrain": terrain,
        "units": [
            mb_unit("Alpha", "Red", row("a", 3, 0, 3, 1, 90)),
            mb_unit("Bravo", "Blue", row("b", 3, 5 + 3 * polygons + 10, 3, 1, 270)),
        ],
        "attack": mb_attack("Alpha", "Bravo"),
    }
    return misses(doc, "Alpha") if gap else doc


def mb_terrain_corners(scale: float, gap: bool = False) -> Shape:
    """The most corners (MAX_TERRAIN_CORNERS) in the most polygons of MAX_TERRAIN_POINTS, as many
    of them between the two units as the Trace-work limit accepts: the Trace must try lines past
    all of those (the target is hidden; or, with a gap, found only past the corners)."""
    corners, polygons = terrain_pieces()
    corners = count(corners, scale, 4)
    between, doc = largest(lambda k: walls_doc(corners, polygons, k, gap), polygons, 0)
    return Shape(
        f"mb: most terrain corners, {between} walls between, " + ("a gap" if gap else "target hidden"),
        f"MAX_TERRAIN_POINTS={limits.MAX_TERRAIN_POINTS}, MAX_TERRAIN_CORNERS={limits.MAX_TERRAIN_CORNERS}, "
        f"MAX_TRACE_WORK={limits.MAX_TRACE_WORK:,}",
        {"scenario.yaml": dump(doc)},
        mb_commands("Alpha", "Bravo"),
        quick=not gap,
    )


def mb_terrain_corners_partly_clear(scale: float) -> Shape:
    return mb_terrain_corners(scale, gap=True)


def mb_terrain_corners_refused(scale: float) -> Shape:
    """Every wall between the units: past the Trace-work limit, refused (exit 2) at once."""
    corners, polygons = terrain_pieces()
    doc = walls_doc(count(corners, scale, 4), polygons, polygons, False)
    return Shape(
        "mb: most terrain corners, all between (refused)",
        f"MAX_TRACE_WORK={limits.MAX_TRACE_WORK:,}, MAX_TRACE_LINES={limits.MAX_TRACE_LINES:,}",
        {"scenario.yaml": dump(doc)},
        [
            ("explain", ["explain", "{file}"]),
            ("draw --from/--to", ["draw", "{file}", "--from", "Alpha", "--to", "Bravo"]),
        ],
        expect=0 if accepted(doc) else 2,
    )


def hidden_bases_doc(per_unit: int, total: int, n_units: int) -> dict:
    """Two units of ``per_unit`` bases facing each other, every other base (up to ``total``, in
    up to ``n_units`` units) in staggered rows between them (the default reading: bases
    obstruct), and a wall hiding the target, so every pair of bases is traced and found blocked."""
    others = total - 2 * per_unit
    spacing = 2.0
    units = [
        mb_unit("Alpha", "Red", row("a", per_unit, 0, spacing, 0.5, 90)),
        mb_unit("Bravo", "Blue", row("b", per_unit, 60, spacing, 0.5, 270)),
    ]
    per_row = max(per_unit, math.ceil(others / 24))  # 24 rows fit between the units and the wall
    screens = max(1, min(n_units - 2, others))
    sizes = [others // screens + (1 if i < others % screens else 0) for i in range(screens)]
    placed = 0
    for i, size in enumerate(sizes):
        bases = []
        for _ in range(size):
            r, c = divmod(placed, per_row)
            x = -(per_row - 1) * spacing / 2 + c * spacing + (spacing / 2 if r % 2 else 0)
            bases.append(round_base(f"s{placed}", round(x, 6), 10 + r * 1.2, 0.5, 270))
            placed += 1
        if bases:
            units.append(mb_unit(f"Screen {i}", "Green", bases))
    width = per_row * spacing + 10
    return {
        "ruleset": "multibase",
        "title": f"{per_unit} bases against {per_unit}, {others} between, the target hidden",
        "terrain": [{"name": "wall", "polygon": [[-width, 40], [width, 40], [width, 41], [-width, 41]]}],
        "units": units,
        "attack": mb_attack("Alpha", "Bravo"),
    }


def mb_most_bases_hidden(scale: float) -> Shape:
    """MAX_TOTAL_BASES bases in MAX_UNITS units; the attacker and target as large as the
    Trace-work limit accepts with all the others screening them and a wall hiding the target."""
    total = count(limits.MAX_TOTAL_BASES, scale, 6)
    n_units = count(limits.MAX_UNITS, scale, 3)
    most = min(count(limits.MAX_BASES, scale, 2), (total - 1) // 2)
    per_unit, doc = largest(lambda k: hidden_bases_doc(k, total, n_units), most, 1)
    return Shape(
        f"mb: {total} bases, {per_unit} v {per_unit} hidden",
        f"MAX_TOTAL_BASES={limits.MAX_TOTAL_BASES}, MAX_UNITS={limits.MAX_UNITS}, "
        f"MAX_TRACE_WORK={limits.MAX_TRACE_WORK:,}",
        {"scenario.yaml": dump(doc)},
        mb_commands("Alpha", "Bravo"),
        quick=True,
    )


def mb_most_bases_hidden_refused(scale: float) -> Shape:
    """Two units of MAX_BASES, hidden, the other bases between: refused (exit 2) at once."""
    per_unit = count(limits.MAX_BASES, scale, 2)
    doc = hidden_bases_doc(
        per_unit, count(limits.MAX_TOTAL_BASES, scale, 2 * per_unit + 1), count(limits.MAX_UNITS, scale, 3)
    )
    return Shape(
        f"mb: {per_unit} v {per_unit} bases hidden (refused)",
        f"MAX_BASES={limits.MAX_BASES}, MAX_TRACE_WORK={limits.MAX_TRACE_WORK:,}",
        {"scenario.yaml": dump(doc)},
        [
            ("explain", ["explain", "{file}"]),
            ("draw --from/--to", ["draw", "{file}", "--from", "Alpha", "--to", "Bravo"]),
        ],
        expect=0 if accepted(doc) else 2,
    )


def mb_most_bases_open(scale: float) -> Shape:
    """MAX_TOTAL_BASES bases in MAX_UNITS units on an open table, the target in plain view."""
    n_units = count(limits.MAX_UNITS, scale, 3)
    total = count(limits.MAX_TOTAL_BASES, scale, n_units)
    sizes = [total // n_units + (1 if i < total % n_units else 0) for i in range(n_units)]
    units = []
    for i, size in enumerate(sizes):
        col, line = divmod(i, 20)
        bases = [round_base(f"b{j}", col * 12 + j * 1.1, line * 3, 0.5, 90) for j in range(size)]
        units.append(mb_unit(f"Unit {i}", "Red" if i % 2 == 0 else "Blue", bases))
    doc = {
        "ruleset": "multibase",
        "title": f"{total} bases in {n_units} units",
        "units": units,
        "attack": mb_attack("Unit 0", "Unit 1"),
    }
    misses(doc, "Unit 0")
    return Shape(
        "mb: most units and bases, open",
        f"MAX_UNITS={limits.MAX_UNITS}, MAX_TOTAL_BASES={limits.MAX_TOTAL_BASES}",
        {"scenario.yaml": dump(doc)},
        mb_commands("Unit 0", "Unit 1"),
    )


def mb_far_and_big(scale: float) -> Shape:
    """Bases in a corner of the table (MAX_TABLE_INCHES) and as large as allowed (MAX_BASE_SIZE),
    the longest range (MAX_STAT) between them, and a terrain piece across the whole table."""
    far = limits.MAX_TABLE_INCHES
    size = limits.MAX_BASE_SIZE
    reach = limits.MAX_STAT * 0.9  # from edge to edge, within range
    left, top = -far + size, far - size

    def rect(name: str, x: float, facing: float) -> dict:
        return {
            "name": name,
            "shape": "rect",
            "width": size,
            "depth": size,
            "x": x,
            "y": top - 3 * size,
            "facing": facing,
        }

    doc = {
        "ruleset": "multibase",
        "title": "bases in a corner of the table, as large as allowed",
        "terrain": [
            {"name": "ridge", "polygon": [[-far, -far], [-far + 1, -far], [far, far], [far - 1, far]]}
        ],
        "units": [
            mb_unit("Alpha", "Red", [round_base("a1", left, top, size, 0), rect("a2", left, 0)]),
            mb_unit(
                "Bravo",
                "Blue",
                [
                    round_base("b1", left + 2 * size + reach, top, size, 180),
                    rect("b2", left + 2 * size + reach, 180),
                ],
            ),
        ],
        "attack": mb_attack("Alpha", "Bravo"),
    }
    doc["units"][0]["stats"]["range"] = limits.MAX_STAT
    misses(doc, "Alpha")
    return Shape(
        "mb: table corner, largest bases, longest range",
        f"MAX_TABLE_INCHES={limits.MAX_TABLE_INCHES:g}, MAX_BASE_SIZE={limits.MAX_BASE_SIZE:g}, "
        f"MAX_STAT={limits.MAX_STAT}",
        {"scenario.yaml": dump(doc)},
        mb_commands("Alpha", "Bravo"),
    )


def mb_most_dice(scale: float) -> Shape:
    """MAX_ATTACK_DICE scripted to-hit faces (and as many saves), MAX_ODDS_DICE in the odds pool:
    a unit of bases whose Ranged Attack adds up to the limit, against a target as large."""
    dice = count(min(limits.MAX_ATTACK_DICE, limits.MAX_ODDS_DICE), scale, 2)
    bases = count(limits.MAX_BASES, scale, 2)
    per_base = max(1, dice // bases)
    bases = dice // per_base
    attacker = mb_unit("Alpha", "Red", row("a", bases, 0, 1.1, 0.5, 90))
    attacker["stats"]["ranged_attack"] = per_base
    # Four target bases, each taking up to MAX_STAT wounds: the removals stay few (their own
    # limits, MAX_REMOVAL_OPTIONS and MAX_REMOVAL_WORK, are measured by the bad-input cases).
    target = mb_unit("Bravo", "Blue", row("b", 4, 20, 1.1, 0.5, 270))
    target["stats"]["wounds"] = limits.MAX_STAT
    doc = {
        "ruleset": "multibase",
        "title": f"{bases * per_base} dice",
        "units": [attacker, target],
        "attack": mb_attack("Alpha", "Bravo"),
        "dice": {
            "Alpha": {"to_hit": [6] * (bases * per_base)},
            "Bravo": {"save": [1] * (bases * per_base)},
        },
    }
    return Shape(
        "mb: most dice",
        f"MAX_ATTACK_DICE={limits.MAX_ATTACK_DICE}, MAX_ODDS_DICE={limits.MAX_ODDS_DICE}",
        {"scenario.yaml": dump(doc)},
        mb_commands("Alpha", "Bravo"),
    )


def mb_largest_yaml(scale: float) -> Shape:
    """A scenario of MAX_YAML_BYTES (most of it a description) with MAX_YAML_ALIASES aliases and
    close to MAX_YAML_NODES values."""
    aliases = count(limits.MAX_YAML_ALIASES, scale, 2)
    stats = "{ranged_attack: 1, melee_attack: 1, range: 1000, courage: 3, save: 4, wounds: 1}"
    lines = ["ruleset: multibase", "title: the largest document", "units:"]
    lines += [
        "  - name: Alpha",
        "    faction: Red",
        f"    stats: &stats {stats}",
        "    bases: [{name: a0, shape: round, radius: 0.5, x: 0, y: 0, facing: 90}]",
    ]
    for i in range(1, aliases + 1):  # each unit's stats is an alias of the first
        lines += [
            f"  - name: U{i}",
            f"    faction: {'Blue' if i == 1 else 'Green'}",
            "    stats: *stats",
            f"    bases: [{{name: b, shape: round, radius: 0.5, x: {2 * i}, y: 10, facing: 270}}]",
        ]
    lines += ["attack: {kind: ranged, attacker: Alpha, target: U1}", "dice: {Alpha: {to_hit: [1]}}"]
    # Values up to the node budget: a terrain piece far off the table with many corners.
    budget = count(limits.MAX_YAML_NODES, scale, 100) - 200 - 40 * aliases
    corners, polygons = terrain_pieces()
    corners = min(corners, budget // 3)
    pieces = max(1, min(budget // 3 // corners, polygons))
    lines += ["terrain:"]
    for k in range(pieces):
        wall = zigzag_wall(f"far {k}", 3000 + 3 * k, 60, corners)
        lines.append(f"  - {{name: {wall['name']!r}, polygon: {wall['polygon']}}}")
    text = "\n".join(lines) + "\n"
    room = count(limits.MAX_YAML_BYTES, scale, 2000) - len(text.encode()) - 40
    text = text.replace(
        "title: the largest document",
        "title: the largest document\ndescription: >\n  " + "x" * max(0, room),
        1,
    )
    return Shape(
        "mb: largest YAML (bytes, aliases, values)",
        f"MAX_YAML_BYTES={limits.MAX_YAML_BYTES}, MAX_YAML_ALIASES={limits.MAX_YAML_ALIASES}, "
        f"MAX_YAML_NODES={limits.MAX_YAML_NODES}",
        {"scenario.yaml": text},
        mb_commands("Alpha", "U1"),
    )


# --- Gundam Assemble -----------------------------------------------------------------------------
def hexagon(radius: int, centre: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    cq, cr = centre
    return [
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ]


def board_radius(scale: float) -> int:
    """The largest hexagonal board within MAX_BOARD_HEXES (3 r (r + 1) + 1 hexes)."""
    hexes = count(limits.MAX_BOARD_HEXES, scale, 7)
    return int((math.sqrt(12 * hexes - 3) - 3) // 6)


def ga_commands(from_unit: str, to_unit: str, attack: bool = True) -> list[tuple[str, list[str]]]:
    out = [
        ("los", ["los", "{file}", "--from", from_unit, "--to", to_unit]),
        ("los --json", ["los", "{file}", "--from", from_unit, "--to", to_unit, "--json"]),
        ("draw", ["draw", "{file}"]),
        ("draw --json", ["draw", "{file}", "--json"]),
        ("draw --from/--to", ["draw", "{file}", "--from", from_unit, "--to", to_unit]),
    ]
    if attack:
        out += [
            ("explain", ["explain", "{file}"]),
            ("explain --json", ["explain", "{file}", "--json"]),
            ("odds", ["odds", "{file}"]),
        ]
    return out


def ga_full_board(scale: float, centre: tuple[int, int] = (0, 0), name: str = "ga: largest board") -> Shape:
    """The largest hexagon within MAX_BOARD_HEXES, every hex listed with elevation and
    structures scattered, MAX_UNITS pieces along the line between the two farthest corners."""
    radius = board_radius(scale)
    hexes = hexagon(radius, centre)
    cq, cr = centre
    listed = [
        {"at": [q, r], "elevation": (q * 7 + r * 3) % 3} for q, r in hexes if (q - cq + 2 * (r - cr)) % 5 == 0
    ]
    n_units = count(limits.MAX_UNITS, scale, 3)
    units = [
        {"name": "Shooter", "side": "A", "at": [cq - radius, cr], "profile": "QZ-82 Sentinel"},
        {"name": "Mark", "side": "B", "at": [cq + radius, cr], "profile": "Cara's Strider"},
    ]
    # The rest stand near the line between them, a few hexes off it, so the line passes them by.
    taken = {(cq - radius, cr), (cq + radius, cr)}
    candidates = [h for h in hexes if abs(h[1] - cr) in (1, 2) and h not in taken]
    step = max(1, len(candidates) // (n_units - 2))
    for i, (q, r) in enumerate(candidates[::step][: n_units - 2]):
        units.append({"name": f"GM {i}", "side": "A" if i % 2 else "B", "at": [q, r], "profile": "PK-5 Kite"})
    doc = {
        "ruleset": "gundam_assemble",
        "title": f"a board of {len(hexes)} hexes with {len(units)} units",
        "board": {"radius": radius, "centre": [cq, cr]} if centre != (0, 0) else {"radius": radius},
        "hexes": listed,
        "units": units,
        "attack": {
            "attacker": "Shooter",
            "weapon": "Beam Rifle",
            "target": "Mark",
            "dice": [4, 4, 4, 4],
        },
    }
    return Shape(
        name,
        f"MAX_BOARD_HEXES={limits.MAX_BOARD_HEXES}, MAX_UNITS={limits.MAX_UNITS}"
        + (f", MAX_COORDINATE={limits.MAX_COORDINATE}" if centre != (0, 0) else ""),
        {"scenario.yaml": dump(doc)},
        ga_commands("Shooter", "Mark"),
        quick=centre == (0, 0),
    )


def ga_far_board(scale: float) -> Shape:
    """The same board as far out as coordinates go (its corner at MAX_COORDINATE)."""
    radius = board_radius(scale)
    far = limits.MAX_COORDINATE - radius
    return ga_full_board(scale, (far, -far), "ga: largest board at the coordinate limit")


CARDS = """\
units:
  - name: Limit Gunner
    hp: {hp}
    vp: 1
    weapons:
      - name: Limit Cannon
        tl_cost: 1
        range: 4
        strength: {dice}
"""


def ga_most_dice_and_uses(scale: float) -> Shape:
    """MAX_ATTACK_DICE scripted faces (MAX_ODDS_DICE in the odds), a Tactics card used
    MAX_CARD_USES times, MAX_STAT Shields on the target."""
    uses = count(limits.MAX_CARD_USES, scale, 1)
    dice = count(min(limits.MAX_ATTACK_DICE, limits.MAX_ODDS_DICE), scale, 4) - 2 * uses
    doc = {
        "ruleset": "gundam_assemble",
        "title": "the most dice and the most uses of a card",
        "cards": ["cards.yaml"],
        "hexes": [{"at": [2, 0], "elevation": 1}],
        "units": [
            {"name": "Gunner", "side": "A", "at": [0, 0], "profile": "Limit Gunner"},
            {"name": "Cara's Strider", "side": "B", "at": [2, 0], "shields": limits.MAX_STAT},
        ],
        "attack": {
            "attacker": "Gunner",
            "weapon": "Limit Cannon",
            "target": "Cara's Strider",
            "dice": [(7 * i) % 10 + 1 for i in range(dice + 2 * uses)],
            "responses": [{"tactics": "Uphill Barrage", "side": "A"}] * uses,
        },
    }
    return Shape(
        "ga: most dice, card used most",
        f"MAX_ATTACK_DICE={limits.MAX_ATTACK_DICE}, MAX_CARD_USES={limits.MAX_CARD_USES}, "
        f"MAX_STAT={limits.MAX_STAT}",
        {"scenario.yaml": dump(doc), "cards.yaml": CARDS.format(hp=limits.MAX_STAT, dice=dice)},
        ga_commands("Gunner", "Cara's Strider"),
    )


def ga_most_responses(scale: float) -> Shape:
    """MAX_RESPONSES responses, each card at most MAX_CARD_USES times."""
    n = count(limits.MAX_RESPONSES, scale, 2)
    # Cards that change no die count, so four scripted faces serve however many are played.
    attacking = ["Steady Aim", "Deadeye", "Overcharge", "Quick Strike", "Rapid Deployment", "Total Overclock"]
    attacking += ["Overclocked Thrusters", "Uphill Barrage"]  # (the target is not higher: no extra dice)
    defending = ["Shaky Footing", "Reinforced Plating"]
    cards = [(c, "A") for c in attacking] + [(c, "B") for c in defending]
    responses = []
    for i in range(n):
        card, side = cards[i // limits.MAX_CARD_USES % len(cards)]
        responses.append({"tactics": card, "side": side})
    doc = {
        "ruleset": "gundam_assemble",
        "title": f"{n} responses",
        "units": [
            {"name": "QZ-82 Sentinel", "side": "A", "at": [0, 0]},
            {"name": "Cara's Strider", "side": "B", "at": [2, 0]},
        ],
        "attack": {
            "attacker": "QZ-82 Sentinel",
            "weapon": "Beam Rifle",
            "target": "Cara's Strider",
            "dice": [4, 4, 4, 4],
            "responses": responses,
        },
    }
    return Shape(
        "ga: most responses",
        f"MAX_RESPONSES={limits.MAX_RESPONSES}, MAX_CARD_USES={limits.MAX_CARD_USES}",
        {"scenario.yaml": dump(doc)},
        ga_commands("QZ-82 Sentinel", "Cara's Strider"),
    )


def ga_deepest_yaml(scale: float) -> Shape:
    """A document nested MAX_YAML_DEPTH deep: no scenario field nests so deep, so the loader
    refuses it (exit 2); what is measured is that reading it costs nothing."""
    depth = count(limits.MAX_YAML_DEPTH, scale, 3)
    nested = "1"
    for _ in range(depth - 1):
        nested = f"[{nested}]"
    text = f"ruleset: gundam_assemble\nunits: []\ndeep: {nested}\n"
    return Shape(
        "ga: deepest YAML (refused by the schema)",
        f"MAX_YAML_DEPTH={limits.MAX_YAML_DEPTH}",
        {"scenario.yaml": text},
        [("explain", ["explain", "{file}"]), ("draw", ["draw", "{file}"])],
        expect=2,
    )


BUILDERS: list[Callable[[float], Shape]] = [
    mb_terrain_corners,
    mb_terrain_corners_partly_clear,
    mb_terrain_corners_refused,
    mb_most_bases_hidden,
    mb_most_bases_hidden_refused,
    mb_most_bases_open,
    mb_far_and_big,
    mb_most_dice,
    mb_largest_yaml,
    ga_full_board,
    ga_far_board,
    ga_most_dice_and_uses,
    ga_most_responses,
    ga_deepest_yaml,
]


def build(scale: float = 1.0, quick: bool = False) -> list[Shape]:
    shapes = [b(scale) for b in BUILDERS]
    return [s for s in shapes if s.quick] if quick else shapes


def write(shape: Shape, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in shape.files.items():
        (folder / name).write_text(text)
    return folder / "scenario.yaml"


# --- measuring -----------------------------------------------------------------------------------
@dataclass
class Run:
    wall: float
    peak_mb: float
    status: int | None  # None: killed at KILL_AFTER
    stderr: str = field(default="", repr=False)


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))


def measure(argv: list[str], cwd: Path) -> Run:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [*CLI, *argv], cwd=cwd, stdout=out, stderr=err, preexec_fn=_cap_memory, start_new_session=True
        )
        status: int | None = None
        while True:
            pid, raw, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(raw)
                break
            if time.perf_counter() - start > KILL_AFTER:
                os.killpg(proc.pid, signal.SIGKILL)
                _, raw, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        wall = time.perf_counter() - start
        proc.returncode = status if status is not None else -9  # reaped by wait4
        err.seek(0)
        return Run(wall, usage.ru_maxrss / 1024, status, err.read().decode(errors="replace")[-500:])


def fails(run: Run, expect: int) -> str:
    if run.status is None:
        return f"killed after {KILL_AFTER:.0f} s"
    if run.status != expect:
        return f"exit {run.status} (expected {expect}): {run.stderr.strip()[-300:]}"
    if run.wall > WALL_LIMIT:
        return f"over {WALL_LIMIT:.0f} s"
    if run.peak_mb > MEMORY_LIMIT_MB:
        return f"over {MEMORY_LIMIT_MB:.0f} MB"
    return ""


def table(rows: list[tuple[str, str, Run, str]], baseline: Run) -> list[str]:
    out = [
        f"Baseline `rulecheck {' '.join(BASELINE[1])}`: {baseline.wall:.2f} s, {baseline.peak_mb:.0f} MB "
        f"peak. Limits: {WALL_LIMIT:.0f} s and {MEMORY_LIMIT_MB:.0f} MB per command.",
        "",
        "| input at the limit | command | wall s | peak MB | x baseline | |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    for shape, label, run, problem in rows:
        out.append(
            f"| {shape} | `{label}` | {run.wall:.2f} | {run.peak_mb:.0f} | "
            f"{run.wall / baseline.wall:.1f} | {problem or 'ok'} |"
        )
    return out


def write_docs(lines: list[str], limits_line: str) -> None:
    section = "\n".join([START, limits_line, "", *lines, END])
    if DOCS.exists():
        text = DOCS.read_text()
        if START in text and END in text:
            head, rest = text.split(START, 1)
            _, tail = rest.split(END, 1)
            DOCS.write_text(head + section + tail)
            return
        DOCS.write_text(text.rstrip("\n") + "\n\n" + section + "\n")
        return
    DOCS.parent.mkdir(parents=True, exist_ok=True)
    DOCS.write_text("# Performance\n\n## Inputs at the published limits\n\n" + section + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="only the worst shape of each ruleset")
    parser.add_argument("--no-docs", action="store_true", help=f"do not write {DOCS.relative_to(ROOT)}")
    parser.add_argument("--only", help="only shapes whose name contains this")
    args = parser.parse_args()
    shapes = [s for s in build(1.0, args.quick) if not args.only or args.only in s.name]
    measure(BASELINE[1], ROOT)  # warm-up: bytecode caches
    baseline = measure(BASELINE[1], ROOT)
    rows = []
    with tempfile.TemporaryDirectory(prefix="limits_speed_") as tmp:
        for i, shape in enumerate(shapes):
            file = write(shape, Path(tmp) / f"shape{i}")
            for label, argv in shape.commands:
                run = measure([a.format(file=file) for a in argv], ROOT)
                problem = fails(run, shape.expect)
                rows.append((shape.name, label, run, problem))
                print(
                    f"{shape.name:45} {label:18} {run.wall:7.2f} s {run.peak_mb:7.0f} MB "
                    f"{run.wall / baseline.wall:6.1f}x  {problem or 'ok'}",
                    flush=True,
                )
    lines = table(rows, baseline)
    print()
    print("\n".join(lines))
    if not args.no_docs and not args.only:
        write_docs(lines, f"`python benchmarks/limits_speed.py{' --quick' if args.quick else ''}`:")
    bad = [r for r in rows if r[3]]
    if bad:
        print(f"\n{len(bad)} of {len(rows)} commands failed the limits", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
