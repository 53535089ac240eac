"""Hypothesis strategies for the positions ``explore`` compares: plain JSON dicts (see ``evaluate``).

Every strategy is built so that hypothesis's shrinking yields a readable witness: boards shrink
to fewer and smaller cells with terrain only where it matters, pieces to fewer and plainer ones,
dice to low faces, optional Responses and choices to none. Pieces that would share a hex move to
the next free one instead of rejecting the example, so generation rarely wastes a draw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from rulecheck.corpus import PROJECT_ROOT
from rulecheck.explore.ga_attacks import Bias, ga_attack_positions, ga_catalogue  # noqa: F401

CATALOGUE = PROJECT_ROOT / "scenarios" / "gundam_assemble" / "units.yaml"

KINDS = {"gundam_assemble": ("los", "attack"), "multibase": ("attack", "casualties")}


def _free(index: int, taken: set[int], n: int) -> int | None:
    for step in range(n):
        candidate = (index + step) % n
        if candidate not in taken:
            return candidate
    return None


@st.composite
def _ga_layout(draw, max_reach: int = 6) -> tuple[dict[str, Any], int, int]:
    """A rectangular board around two hexes, the second up to ``max_reach`` rows and columns
    from the first, with terrain; terrain and other pieces favour the hexes the line between
    the two passes through, runs between or touches at a corner, where they matter."""
    from rules.hex_sightline import sightline
    from rules.hexgrid import from_offset

    dcol = draw(st.sampled_from(sorted(range(-max_reach, max_reach + 1), key=abs)))
    drow = draw(st.integers(0, max_reach))
    if dcol == 0 and drow == 0:
        dcol = 1  # two pieces never share a hex
    left, right, top, bottom = (draw(st.integers(0, 2)) for _ in range(4))
    width = left + abs(dcol) + right + 1
    height = top + drow + bottom + 1
    oc = left + max(0, -dcol)
    origin_cell, target_cell = (oc, top), (oc + dcol, top + drow)
    n = width * height
    index = {from_offset(c, r): r * width + c for r in range(height) for c in range(width)}
    line = sightline(from_offset(*origin_cell), from_offset(*target_cell))
    near = [
        h for h in (*line.through, *(x for pair in line.between for x in pair), *line.corners) if h in index
    ]
    near_cells = sorted({index[h] for h in near}) or list(range(n))
    spot = st.sampled_from(near_cells) | st.sampled_from(range(n))
    cells = [[0, False] for _ in range(n)]
    for i, elevation, water in draw(st.lists(st.tuples(spot, st.integers(0, 4), st.booleans()), max_size=6)):
        cells[i] = [elevation, water]
    board = {"width": width, "height": height, "cells": cells, "_spot": near_cells}
    return board, origin_cell[1] * width + origin_cell[0], target_cell[1] * width + target_cell[0]


def _hex(piece: dict[str, Any]) -> tuple[int, int]:
    from rules.hexgrid import from_offset

    return from_offset(piece["col"], piece["row"])


def _cell(board: dict[str, Any], index: int) -> tuple[int, int]:
    return index % board["width"], index // board["width"]


@st.composite
def _extra_pieces(
    draw, board: dict[str, Any], taken: set[int], names: list[str], kinds=("unit", "garrison", "structure")
) -> list[dict[str, Any]]:
    """Other units, Garrisons and structures of either side."""
    n = board["width"] * board["height"]
    pieces = []
    structures: set[int] = set()
    counts: dict[str, int] = {}
    for kind, side, index, stated in draw(
        st.lists(
            st.tuples(
                st.sampled_from(kinds),
                st.sampled_from(["B", "A"]),
                st.sampled_from(board["_spot"]) | st.sampled_from(range(n)),
                st.none() | st.integers(0, 4),
            ),
            max_size=4,
        )
    ):
        slots = structures if kind == "structure" else taken
        where = _free(index, slots, n)
        if where is None:
            continue
        slots.add(where)
        label = {"unit": "Unit", "garrison": "Garrison", "structure": "Base"}[kind]
        owner = "Enemy" if side == "B" else "Allied"
        counts[label + owner] = counts.get(label + owner, 0) + 1
        name = names.pop(0) if kind == "unit" and names else f"{owner} {label} {counts[label + owner]}"
        col, row = _cell(board, where)
        piece = {"name": name, "side": side, "kind": kind, "col": col, "row": row}
        if kind == "structure" and stated is not None:
            piece["elevation"] = stated
        pieces.append(piece)
    return pieces


@st.composite
def ga_los_positions(draw) -> dict[str, Any]:
    board, origin, target = draw(_ga_layout())
    taken = {origin, target}
    pieces = [
        {"name": name, "side": side, "kind": "unit", "col": _cell(board, i)[0], "row": _cell(board, i)[1]}
        for name, side, i in (("RX-78-2 Gundam", "A", origin), ("Char's Zaku II", "B", target))
    ]
    pieces += draw(_extra_pieces(board, taken, ["Zaku II: Minelayer", "RGM-79 GM"]))
    del board["_spot"]
    return {**board, "pieces": pieces, "los": {"from": "RX-78-2 Gundam", "to": "Char's Zaku II"}}


# --- Gundam Assemble attacks: rulecheck/explore/ga_attacks.py ---------------------------------


# --- multibase -------------------------------------------------------------------------------------

# Rectangles first: they shrink to them, and the engine's exact Trace (every line through two
# outline vertices) costs far more for a 128-gon round base than for a 4-corner rectangle.
SHAPES = (
    {"shape": "rect", "width": 1.0, "depth": 1.0},
    {"shape": "rect", "width": 2.0, "depth": 1.0},
    {"shape": "round", "radius": 0.5},
)


@st.composite
def _mb_unit(
    draw,
    name: str,
    faction: str,
    y: float,
    facing: float,
    min_bases: int,
    max_bases: int,
    spacing,
    max_wounds=3,
) -> dict[str, Any]:
    shape = draw(st.sampled_from(SHAPES[:2]) | st.sampled_from(SHAPES))
    count = draw(st.integers(min_bases, max_bases))
    turn = draw(st.sampled_from([0, 45, -45, 90, -90, 180, 30, -30]))
    bases = []
    x = draw(st.integers(0, 8)) / 2
    for i in range(count):
        gap = draw(spacing)
        bases.append(
            {
                "name": f"{name[0].lower()}{i + 1}",
                **shape,
                "x": x,
                "y": y + draw(st.integers(0, 2)) / 2,
                "facing": (facing + turn) % 360,
            }
        )
        x += (shape.get("radius", 0) * 2 or shape.get("width", 0)) + gap
    wounds = draw(st.integers(1, max_wounds))
    return {
        "name": name,
        "faction": faction,
        "stats": {
            "ranged_attack": draw(st.integers(1, 4)),
            "melee_attack": draw(st.integers(1, 3)),
            "range": float(draw(st.sampled_from([12, 6, 24, 18]))),
            "courage": draw(st.integers(2, 9)),
            "save": draw(st.integers(2, 6)),
            "wounds": wounds,
        },
        "shaken": draw(st.booleans()),
        "wounds_taken": draw(st.integers(0, wounds - 1)),
        "bases": bases,
    }


@st.composite
def mb_positions(draw, casualties: bool = False) -> dict[str, Any]:
    gaps = st.sampled_from([0.5, 1.0, 0.0, 1.5, 2.0]) if casualties else st.sampled_from([0.5, 1.0])
    distance = draw(st.integers(2, 30)) / 2
    alpha = draw(_mb_unit("Alpha", "Red", 0.0, 90.0, 1, 3, st.just(0.5)))
    if casualties:  # enough dice, in range, to remove bases
        alpha["stats"].update(ranged_attack=alpha["stats"]["ranged_attack"] + 2, range=24.0)
    bravo = draw(
        _mb_unit(
            "Bravo",
            "Blue",
            distance,
            270.0,
            4 if casualties else 1,
            6 if casualties else 3,
            gaps,
            1 if casualties else 3,
        )
    )
    units = [alpha, bravo]
    if not casualties and draw(st.booleans()):
        charlie = draw(
            _mb_unit("Charlie", draw(st.sampled_from(["Blue", "Red"])), distance / 2, 0.0, 1, 1, st.just(0.5))
        )
        units.append(charlie)
    terrain = []
    if not casualties and draw(st.booleans()):
        x0 = draw(st.integers(-4, 8)) / 2
        w = draw(st.integers(1, 8)) / 2
        y0 = draw(st.integers(1, max(1, int(distance * 2) - 1))) / 2
        terrain.append(
            {"name": "Wall", "polygon": [[x0, y0], [x0 + w, y0], [x0 + w, y0 + 0.5], [x0, y0 + 0.5]]}
        )
    close = draw(st.booleans()) if not casualties else False
    attack: dict[str, Any] = {"attacker": "Alpha", "target": "Bravo", "close_combat": close}
    if draw(st.booleans()):
        attack["in_cover"] = ["Bravo"]
    for unit in ("Alpha", "Bravo"):
        modifier = draw(st.sampled_from([0, 0, -1, 1, -2, 2, -3, 3]))
        if modifier:
            attack.setdefault("threshold_modifiers", {})[unit] = {"a special rule": modifier}
        bonus = draw(st.sampled_from([0, 0, 1, 2]))
        if bonus:
            attack.setdefault("bonus_dice", {})[unit] = {"a special rule": bonus}
    hit = st.integers(1, 6) if not casualties else st.integers(3, 6)
    save = st.integers(1, 6) if not casualties else st.integers(1, 3)
    dice = {
        u["name"]: {
            "to_hit": draw(st.lists(hit, min_size=20, max_size=20)),
            "save": draw(st.lists(save, min_size=12, max_size=12)),
        }
        for u in units[:2]
    }
    # Picks only on attack positions: on casualty positions the engine then lists the legal
    # removals (or makes the only one), which is where readings of coherency differ.
    removals = (
        []
        if casualties
        else draw(st.lists(st.sampled_from([b["name"] for b in bravo["bases"]]), max_size=2, unique=True))
    )
    if removals:
        attack["removals"] = {"Bravo": removals}
    return {"units": units, "terrain": terrain, "attack": attack, "dice": dice}


def positions(ruleset: str, kind: str, bias: Bias | None = None):
    """The strategy for one kind of position; ``bias`` weights the Gundam Assemble attack
    generator's choices (see ``ga_attacks``)."""
    if ruleset == "gundam_assemble":
        return ga_los_positions() if kind == "los" else ga_attack_positions(bias or Bias())
    return mb_positions(casualties=kind == "casualties")


def catalogue_path(root: Path = PROJECT_ROOT) -> Path:
    return root / "scenarios" / "gundam_assemble" / "units.yaml"
