"""Hypothesis strategies for Gundam Assemble, in the manner of ``hypothesis.extra``: the game's
objects for property tests, and the positions ``rulecheck explore`` compares.

Engine objects (what the property tests under ``tests/`` draw):

* ``hexes()`` and ``hex_pairs()``: axial hexes, and two distinct hexes at most a distance apart;
* ``terrain_maps()`` and ``boards()``: elevations and water on the hexes of ``AREA`` (a hexagon
  of radius 4), with units, Garrisons and structures of either side;
* ``los_readings()`` and ``los_modes()``: the Line of Sight interpretations and check modes;
* ``attack_faces()`` and ``accuracies()``: attack dice and Accuracy totals;
* ``attacks_around_the_attacker()``, ``beam_rifle_attacks()`` and ``attacks_on_a_holdout()``:
  whole attacks (a board or battle, unit entries, a declaration or scripted dice).

Explore positions (plain JSON; ``rulecheck_gundam_assemble.evaluate`` turns one into a
scenario document and loads it as a scenario file is loaded):

* ``los_positions()``: two units and the board around the line between them (kind ``los``);
* ``attack_positions(bias)``: an attack laid out around its weapon, with Responses, dice and
  sometimes a second attack (kind ``attack``); its choices are weighted by ``bias``.

Every strategy is built so that hypothesis's shrinking yields a readable example: boards shrink
to fewer and smaller cells with terrain only where it matters, pieces to fewer and plainer ones,
dice to low faces, optional Responses and choices to none. Pieces that would share a hex move to
the next free one instead of rejecting the example, so generation rarely wastes a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from rulecheck.corpus import PROJECT_ROOT
from rulecheck.explore.strategies import Bias, drawn, weighted_choice
from rulecheck_gundam_assemble.engine.area_effect import placements
from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode
from rulecheck_gundam_assemble.engine.units import battle_from_entries, parse_catalogue
from rulecheck_gundam_assemble.evaluate import load_catalogue
from rulecheck_gundam_assemble.files import card_catalogue
from rules.hex_sightline import sightline
from rules.hexgrid import add, distance, from_offset, ring, spiral, to_offset
from rules.rulebook import load as load_rulebook

CATALOGUE = card_catalogue(PROJECT_ROOT)
STATUSES = ("Disarm", "Fracture")


@cache
def catalogue():
    """The bundled unit and tactics cards, as the engine reads them."""
    return load_catalogue(str(CATALOGUE))


# --- hexes, boards and readings -------------------------------------------------------------


def hexes(reach: int = 25) -> st.SearchStrategy[tuple[int, int]]:
    """An axial hex (q, r), each coordinate within ``reach`` of 0."""
    coordinate = st.integers(-reach, reach)
    return st.tuples(coordinate, coordinate)


@st.composite
def hex_pairs(draw, max_distance: int = 40) -> tuple[tuple[int, int], tuple[int, int]]:
    """Two different hexes at most ``max_distance`` apart (the first within 25 of the origin)."""
    a = draw(hexes())
    b = draw(st.tuples(st.integers(-max_distance, max_distance), st.integers(-max_distance, max_distance)))
    b = add(a, b)
    assume(0 < distance(a, b) <= max_distance)
    return a, b


AREA = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if distance((0, 0), (q, r)) <= 4]
"""The hexes ``boards()`` places terrain and pieces on: a hexagon of radius 4 around (0, 0)."""

LOS_READINGS = {
    "los_choice_points": ["independent", "one_side"],
    "los_corner_touch": ["ignore", "counts"],
    "los_garrison_blocks": ["as_enemy", "never"],
    "los_intermediate_terrain": ["clear", "blocks"],
}


def los_readings() -> st.SearchStrategy[dict[str, str]]:
    """One option of each Line of Sight interpretation, as ``Rulebook.with_changes`` takes them."""
    return st.fixed_dictionaries({name: st.sampled_from(options) for name, options in LOS_READINGS.items()})


def los_modes() -> st.SearchStrategy[LosMode]:
    """A standard check or an area effect's."""
    return st.sampled_from([LosMode.STANDARD, LosMode.AREA_EFFECT])


def terrain_maps(area: list[tuple[int, int]] = AREA) -> st.SearchStrategy[dict[tuple[int, int], HexTerrain]]:
    """Up to 25 hexes of ``area`` raised 0-3 levels, open or water."""
    return st.dictionaries(
        st.sampled_from(area),
        st.builds(HexTerrain, st.integers(0, 3), st.sampled_from(["open", "water"])),
        max_size=25,
    )


@st.composite
def boards(draw, with_pieces: bool = True) -> Board:
    """A board on ``AREA``: terrain, and (``with_pieces``) up to six units and Garrisons (``P0``...)
    and three structures (``S0``...) of sides A and B, no two figures in one hex."""
    terrain = draw(terrain_maps())
    n_figures = draw(st.integers(0, 6)) if with_pieces else 0
    n_structures = draw(st.integers(0, 3)) if with_pieces else 0
    # Distinct hexes for the pieces only: a permutation of the whole area cost 60 draws an example.
    n = n_figures + n_structures
    cells = draw(st.lists(st.sampled_from(AREA), min_size=n, max_size=n, unique=True))
    pieces = [
        Piece(f"P{i}", draw(st.sampled_from("AB")), h, draw(st.sampled_from(["unit", "unit", "garrison"])))
        for i, h in enumerate(cells[:n_figures])
    ]
    pieces += [
        Piece(f"S{i}", draw(st.sampled_from("AB")), h, "structure")
        for i, h in enumerate(cells[n_figures : n_figures + n_structures])
    ]
    return Board(terrain, tuple(pieces))


# --- dice -------------------------------------------------------------------------------------


def attack_faces(max_size: int = 12, sides: int | None = None) -> st.SearchStrategy[list[int]]:
    """Up to ``max_size`` attack dice faces (the book's die size unless ``sides`` is given)."""
    sides = sides or load_rulebook("gundam_assemble").param("attack_die_sides")
    return st.lists(st.integers(1, sides), min_size=0, max_size=max_size)


def accuracies() -> st.SearchStrategy[int]:
    """An Accuracy total, -6 to +6."""
    return st.integers(-6, 6)


# --- whole attacks, as engine objects ----------------------------------------------------------

ARMED = [
    ("QZ-82 Sentinel", "Beam Rifle"),
    ("Strider: Minelayer", "Scatter Mines"),
    ("QX-40 Bastion", "Quad Bop Missile Launcher"),
    ("QX-40 Bastion", "180mm Cannon"),
]
"""Attackers and weapons of the bundled cards: single-target and area weapons of both sizes."""
ENEMIES = ["Cara's Strider", "PK-5 Kite", "ML-07C Crab"]
NEAR = list(spiral((0, 0), 4))


@st.composite
def attacks_around_the_attacker(draw) -> tuple[Board, dict[str, dict[str, Any]], AttackDeclaration]:
    """An attacker of ``ARMED`` (side A) at (0, 0), one to three enemies within four hexes with
    few hit points (often on the weapon's area), maybe an ally in the way, terrain around, and its
    declaration: a target within six hexes, or a placement of the weapon's area. (board, unit entries, declaration), for
    ``battle_from_entries`` with the bundled cards."""
    attacker, weapon = draw(st.sampled_from(ARMED))
    # An area weapon's placement first, so enemies can stand on it (half of them, about): an
    # attack with several targets is where the order of defeats and the critical target matter.
    pattern = catalogue().units[attacker].weapons[weapon].area
    area = draw(st.sampled_from(placements(pattern, (0, 0)))).hexes if pattern is not None else None
    free = list(NEAR[1:])
    pieces = [Piece(attacker, "A", (0, 0))]
    entries = {attacker: {"side": "A", "activating": True}}
    for name in draw(st.lists(st.sampled_from(ENEMIES), min_size=1, max_size=3, unique=True)):
        covered = [h for h in free if area and h in area]
        h = draw(st.sampled_from(free) | st.sampled_from(covered)) if covered else draw(st.sampled_from(free))
        free.remove(h)
        pieces.append(Piece(name, "B", h))
        entries[name] = {
            "side": "B",
            "hp": draw(st.integers(1, 4)),
            "shields": draw(st.integers(0, 1)),
            "status": draw(st.sampled_from([[], ["Fracture"]])),
        }
    if draw(st.booleans()):  # an ally in the way, perhaps
        h = draw(st.sampled_from(free))
        free.remove(h)
        ally = "PK-5 Kite (A)"
        pieces.append(Piece(ally, "A", h))
        entries[ally] = {"side": "A", "profile": "PK-5 Kite"}
    terrain = {
        h: HexTerrain(draw(st.integers(0, 2)), draw(st.sampled_from(["open", "open", "water"])))
        for h in draw(st.lists(st.sampled_from(NEAR), max_size=8, unique=True))
    }
    board = Board(terrain, tuple(pieces))
    target = None
    if area is None:
        enemies = [p for p in pieces if p.side == "B" and distance(p.hex, (0, 0)) <= 6]
        target = draw(st.sampled_from(enemies)).name
    return board, entries, AttackDeclaration(attacker, weapon, target=target, area=area)


TARGET_HEXES = [(2, 0), (1, 0), (0, 2), (3, -1), (-2, 1)]


def _beam_rifle_dice(draw) -> list[int]:
    strength = catalogue().units["QZ-82 Sentinel"].weapons["Beam Rifle"].strength
    sides = load_rulebook("gundam_assemble").param("attack_die_sides")
    return draw(st.lists(st.integers(1, sides), min_size=strength, max_size=strength))


@st.composite
def beam_rifle_attacks(draw):
    """The QZ-82 Sentinel (A, activating, at (0, 0)) and Cara's Strider (B) a few hexes off, on
    terrain, with random hit points, Shields, status and Timeline: (battle, the Beam Rifle's
    attack dice)."""
    target_hex = draw(st.sampled_from(TARGET_HEXES))
    elevation = draw(st.integers(0, 2))
    water = draw(st.booleans())
    board = Board(
        {target_hex: HexTerrain(elevation, "water" if water else "open")},
        (Piece("QZ-82 Sentinel", "A", (0, 0)), Piece("Cara's Strider", "B", target_hex)),
    )
    entries = {
        "QZ-82 Sentinel": {"side": "A", "activating": True},
        "Cara's Strider": {
            "side": "B",
            "hp": draw(st.integers(1, 5)),
            "shields": draw(st.integers(0, 3)),
            "status": draw(st.sampled_from([[], ["Fracture"]])),
            "timeline": draw(st.integers(0, 8)),
        },
    }
    battle = battle_from_entries(board, entries, catalogue())
    return battle, _beam_rifle_dice(draw)


@st.composite
def attacks_on_a_holdout(draw):
    """The QZ-82 Sentinel fires its Beam Rifle at a unit whose card keeps it on the board with
    ``keep`` hit points when it would be defeated (prevent_defeat, no use limit); its card's
    maximum may be lower than ``keep``. (battle, attack dice, keep)."""
    keep, top = draw(st.integers(1, 12)), draw(st.integers(1, 6))
    card = {
        "name": "Holdout",
        "hp": top,
        "vp": 2,
        "abilities": [
            {
                "name": "Will Not Fall",
                "window": "ongoing",
                "trigger": "any",
                "effects": [{"kind": "prevent_defeat", "hit_points": keep}],
            }
        ],
    }
    cards = parse_catalogue({"units": [card]}, base=catalogue())
    board = Board({}, (Piece("QZ-82 Sentinel", "A", (0, 0)), Piece("Holdout", "B", (2, 0))))
    entries = {"QZ-82 Sentinel": {"side": "A"}, "Holdout": {"side": "B", "hp": draw(st.integers(1, top))}}
    dice = _beam_rifle_dice(draw)
    return battle_from_entries(board, entries, cards), dice, keep


# --- explore: Line of Sight positions -------------------------------------------------------------


def _free(index: int, taken: set[int], n: int) -> int | None:
    for step in range(n):
        candidate = (index + step) % n
        if candidate not in taken:
            return candidate
    return None


# Offsets (dcol, drow) from an origin on an even or odd row (odd-r offset coordinates) whose
# line runs exactly between two hexes (GA-LOS-8's choice points) or touches hexes at a corner:
# the lines along the grid's between-hex directions and their near neighbours. Few of the
# offsets a plain draw picks are among them, so a third of the lines are drawn from here.
def _lane_offsets(parity: int, max_reach: int) -> list[tuple[int, int]]:
    origin = (2 * max_reach, parity)
    start = from_offset(*origin)
    found = []
    for drow in range(max_reach + 1):
        for dcol in range(-max_reach, max_reach + 1):
            end = from_offset(origin[0] + dcol, parity + drow)
            if distance(start, end) < 2:  # adjacent: no Line of Sight is needed
                continue
            line = sightline(start, end)
            if line.between or line.corners:
                # several choice points first: they are what combining them (one side or each
                # place on its own) decides; then the shortest
                found.append((-min(len(line.between), 2), abs(dcol) + drow, dcol, drow))
    return [(dcol, drow) for *_, dcol, drow in sorted(found)]


@st.composite
def _los_layout(draw, max_reach: int = 6) -> tuple[dict[str, Any], int, int]:
    """A rectangular board around two hexes, the second up to ``max_reach`` rows and columns
    from the first, with terrain; terrain and other pieces favour the hexes the line between
    the two passes through, runs between or touches at a corner, where they matter. A third of
    the lines run exactly between hexes or touch corners (a lane), with blockers drawn on either
    side of it (``_lane_sides``)."""
    lane = draw(st.sampled_from([False, False, True]))
    top = draw(st.integers(0, 2))
    if lane:
        dcol, drow = draw(st.sampled_from(_lane_offsets(top % 2, max_reach)))
    else:
        dcol = draw(st.sampled_from(sorted(range(-max_reach, max_reach + 1), key=abs)))
        drow = draw(st.integers(0, max_reach))
    if dcol == 0 and drow == 0:
        dcol = 1  # two pieces never share a hex
    left, right, bottom = (draw(st.integers(0, 2)) for _ in range(3))
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
    origin, target = origin_cell[1] * width + origin_cell[0], target_cell[1] * width + target_cell[0]
    board = {"width": width, "height": height, "cells": cells, "_spot": near_cells, "_lane": None}
    if lane:
        board["_lane"] = draw(_lane_sides(board, line, index, origin, target))
    return board, origin, target


# What stands on one side of a lane, at a place where the line runs between two hexes or at a
# corner it touches: nothing, raised terrain, an enemy unit, Garrison or structure, or an ally.
SIDE_KINDS = ("none", "terrain", "unit", "structure", "garrison", "ally")


@st.composite
def _lane_sides(draw, board, line, index, origin: int, target: int) -> list[tuple[str, int, int, str]]:
    """Blockers on the hexes either side of a lane, often on one side at one place and on the
    other side at the next (each place on its own leaves the line clear, one side for the whole
    line does not), at elevations around the two units': higher than both, level with the higher
    one, strictly between them, level with the lower one. The units stand at elevations of their
    own in most lanes. Returns (kind, cell, elevation, side) for ``los_positions`` to place;
    terrain is set on the board here."""
    cells = board["cells"]
    for i in (origin, target):
        cells[i] = [draw(st.sampled_from([0, 0, 1, 2, 3])), False]
    lo, hi = sorted((cells[origin][0], cells[target][0]))
    heights = [hi + 1, hi, lo, hi + 2, *range(lo + 1, hi)]
    places = [(a, b) for a, b in line.between if a in index and b in index]
    places += [(h, None) for h in line.corners if h in index]
    out: list[tuple[str, int, int, str]] = []
    flip = draw(st.booleans())  # which side the first blocker stands on
    for k, (a, b) in enumerate(places):
        # alternate sides place by place (the case the readings part on), or draw each freely
        pattern = draw(st.sampled_from(["alternate", "alternate", "free"]))
        if pattern == "alternate" and b is not None:
            sides = [(b if (k % 2) ^ flip else a, draw(st.sampled_from(SIDE_KINDS[1:])))]
            if draw(st.integers(0, 3)) == 0:  # and something on the other side too
                sides.append((a if (k % 2) ^ flip else b, draw(st.sampled_from(SIDE_KINDS))))
        else:
            sides = [(h, draw(st.sampled_from(SIDE_KINDS))) for h in (a, b) if h is not None]
        for h, kind in sides:
            if kind == "none":
                continue
            cell, elevation = index[h], draw(st.sampled_from(heights))
            if kind == "terrain":
                cells[cell] = [elevation, False]
                continue
            if kind != "structure":  # a unit or Garrison stands on the hex at that elevation
                cells[cell] = [elevation, False]
            side = "A" if kind == "ally" else draw(st.sampled_from(["B", "B", "A"]))
            out.append(("unit" if kind == "ally" else kind, cell, elevation, side))
    return out


def _hex(piece: dict[str, Any]) -> tuple[int, int]:
    return from_offset(piece["col"], piece["row"])


def _cell(board: dict[str, Any], index: int) -> tuple[int, int]:
    return index % board["width"], index // board["width"]


@st.composite
def _extra_pieces(
    draw,
    board: dict[str, Any],
    taken: set[int],
    names: list[str],
    kinds=("unit", "garrison", "structure"),
    counts: dict[str, int] | None = None,
    structures: set[int] | None = None,
) -> list[dict[str, Any]]:
    """Other units, Garrisons and structures of either side (``counts`` and ``structures``: the
    names given and structure hexes taken by pieces placed before)."""
    n = board["width"] * board["height"]
    pieces = []
    structures = set() if structures is None else structures
    counts = {} if counts is None else counts
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
def los_positions(draw) -> dict[str, Any]:
    """Two units (QZ-82 Sentinel, side A; Cara's Strider, B) and the board around the line
    between them, with terrain and other pieces where the line runs (kind ``los``)."""
    board, origin, target = draw(_los_layout())
    taken = {origin, target}
    pieces = [
        {"name": name, "side": side, "kind": "unit", "col": _cell(board, i)[0], "row": _cell(board, i)[1]}
        for name, side, i in (("QZ-82 Sentinel", "A", origin), ("Cara's Strider", "B", target))
    ]
    names = ["Strider: Minelayer", "PK-5 Kite"]
    counts: dict[str, int] = {}
    structures: set[int] = set()
    pieces += _lane_pieces(board, taken, names, counts, structures)
    pieces += draw(_extra_pieces(board, taken, names, counts=counts, structures=structures))
    del board["_spot"], board["_lane"]
    return {**board, "pieces": pieces, "los": {"from": "QZ-82 Sentinel", "to": "Cara's Strider"}}


def _lane_pieces(
    board: dict[str, Any], taken: set[int], names: list[str], counts: dict[str, int], structures: set[int]
) -> list[dict[str, Any]]:
    """The units, Garrisons and structures ``_lane_sides`` drew beside a lane."""
    pieces = []
    for kind, cell, elevation, side in board["_lane"] or ():
        slots = structures if kind == "structure" else taken
        if cell in slots:
            continue
        slots.add(cell)
        owner = "Enemy" if side == "B" else "Allied"
        label = {"unit": "Unit", "garrison": "Garrison", "structure": "Base"}[kind]
        counts[label + owner] = counts.get(label + owner, 0) + 1
        name = names.pop(0) if kind == "unit" and names else f"{owner} {label} {counts[label + owner]}"
        col, row = _cell(board, cell)
        piece = {"name": name, "side": side, "kind": kind, "col": col, "row": row}
        if kind == "structure":
            piece["elevation"] = elevation
        pieces.append(piece)
    return pieces


# --- explore: attack positions ------------------------------------------------------------------
#
# A position is laid out around its attack, not the other way round: the weapon comes first, then
# a target in its range (mostly) or on its placed area, other units on the area or near the
# target, terrain and Garrisons where the line and the area run; units often have few hit points
# left, so defeats happen (mid-attack, several at once); Responses are drawn from those whose
# trigger can hold, with the faces, hexes and weapons a reroll, a move or an attack back needs
# scripted as a scenario scripts them; a quarter of the positions go on with a second attack
# after nothing, the end of the activation or the end of the turn (for readings about durations).
#
# Every choice that shapes what the engine will be asked is a knob, drawn with weights from a
# ``Bias`` (``rulecheck.explore.strategies``), which the search learns between rounds.

# Where even weights waste positions: most attacks have a few Responses and other units, most
# single-target attacks are in range (the others still test the range check), and a position
# without a second attack is the common case.
STARTING_WEIGHTS = {
    ("target distance", "beyond"): 0.3,
    ("response count", "0"): 0.2,
    ("response count", "1"): 0.7,
    ("second response count", "0"): 0.3,
    ("other units", "0"): 0.4,
    ("second attack", "none"): 1.5,
    ("garrisons and structures", "0"): 0.6,
}


def _weighted(draw, bias: Bias, knob: str, options: list[Any]) -> Any:
    """One of ``options`` by ``bias``, from this generator's starting weights."""
    return weighted_choice(draw, bias, knob, options, STARTING_WEIGHTS)


# --- the board around the attack ---------------------------------------------------------------


@dataclass
class Layout:
    """Pieces at hexes relative to the attacker at (0, 0), framed into an offset-coordinate map
    at the end (``frame``)."""

    at: dict[str, tuple[int, int]] = field(default_factory=dict)  # unit or Garrison -> hex
    structures: dict[str, tuple[int, int]] = field(default_factory=dict)

    def free(self, h: tuple[int, int]) -> bool:
        return h not in self.at.values()


def _near(h: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    return list(spiral(h, radius))


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes the line between two hexes passes through, runs between or touches."""
    line = sightline(a, b)
    return list(dict.fromkeys([*line.through, *(x for pair in line.between for x in pair), *line.corners]))


def _frame(draw, hexes: list[tuple[int, int]]) -> tuple[int, int, tuple[int, int]]:
    """Width, height and the axial shift that puts every hex on a rectangular map with a margin
    of 0-1 cells (an even number of rows down, so the offset layout keeps its shape)."""
    cells = [to_offset(h) for h in hexes]
    left, right, top, bottom = (draw(st.integers(0, 1)) for _ in range(4))
    dc = left - min(c for c, _ in cells)
    dr = top - min(r for _, r in cells)
    dr += dr % 2
    width = max(c for c, _ in cells) + dc + right + 1
    height = max(r for _, r in cells) + dr + bottom + 1
    return width, height, (dc - dr // 2, dr)


# --- Responses -------------------------------------------------------------------------------------


def _can_trigger(trigger: str, side: str, unit: str | None, attacker: str, attacking: str, targets) -> bool:
    if trigger == "own_attack":
        return side == attacking and unit in (None, attacker)
    if trigger == "ally_attacks":
        return side == attacking and unit not in (None, attacker)
    if trigger == "attacked":
        return unit in targets
    if trigger == "defending":
        return side != attacking
    return True


@st.composite
def _responses(
    draw,
    bias: Bias,
    knob: str,
    units: dict[str, str],
    attacker: str,
    targets: list[str],
    free: list,
    first_kind: str | None = None,
) -> list[dict[str, Any]]:
    """Responses whose trigger can hold in this attack (one in five positions also tries any
    other, which the engine refuses), each with what it needs scripted: the target of a
    one-target effect, the hex a move ends on, the weapon an attack back uses."""
    cards_in_play = catalogue()
    loose = _weighted(draw, bias, f"{knob}responses loose", [False, True, False, False, False])
    options: list[tuple[str, str, str | None, Any]] = []  # (label, side, unit, ability)
    for name, ability in sorted(cards_in_play.tactics.items()):
        for side in ("A", "B"):
            if loose or _can_trigger(ability.trigger, side, None, attacker, units[attacker], targets):
                options.append((f"tactics {name} {side}", side, None, ability))
    for unit, side in units.items():
        for name, ability in sorted(cards_in_play.units[unit].abilities.items()):
            if ability.window == "ongoing":
                continue
            if loose or _can_trigger(ability.trigger, side, unit, attacker, units[attacker], targets):
                options.append((f"ability {name}", side, unit, ability))
    # What a Response does first (so a rare kind, a move or a reroll, is drawn as often as a
    # common one), then which card or ability of that kind.
    by_kind: dict[str, list] = {}
    for option in options:
        by_kind.setdefault(option[3].effects[0].kind if option[3].effects else "none", []).append(option)
    kinds = sorted(by_kind)
    count = _weighted(draw, bias, f"{knob}response count", [0, 1, 2, 3, 4])
    # A target beyond the weapon's range is met first by what extends it (``first_kind``).
    first = [first_kind] if first_kind in by_kind else []
    count = max(count, len(first))
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()
    for n in range(count):
        if not options:
            break
        kind = first[0] if n == 0 and first else _weighted(draw, bias, f"{knob}response kind", kinds)
        label, side, unit, ability = _weighted(draw, bias, f"{knob}response", by_kind[kind])
        if label + str(unit) in seen:
            continue
        seen.add(label + str(unit))
        entry: dict[str, Any] = (
            {"side": side, "tactics": ability.name}
            if unit is None
            else {"unit": unit, "ability": ability.name}
        )
        effects = {e.kind for e in ability.effects}
        if any(e.on == "one_target" for e in ability.effects):
            if not targets:
                continue
            entry["target"] = draw(st.sampled_from(targets))
        if "move" in effects:
            if not free:
                continue
            entry["to"] = list(draw(st.sampled_from(free)))
        if "attack" in effects and not any(e.weapon for e in ability.effects if e.kind == "attack"):
            entry["weapon"] = (
                draw(st.sampled_from(sorted(cards_in_play.units[unit].weapons))) if unit else None
            )
            if entry["weapon"] is None:
                continue
        chosen.append(entry)
    return chosen


FACES = {"any": (1, 10), "low": (1, 3), "high": (7, 10), "critical": (9, 10)}


def _dice(draw, bias: Bias, knob: str, sizes: dict[str, int]) -> dict[str, list[int]]:
    """A pool of faces per roll purpose; the attack roll's faces are often all low (every die
    misses, natural 1s) or all high (hits and critical hits), which uniform faces rarely are."""
    out = {}
    for purpose, n in sizes.items():
        low, high = FACES[_weighted(draw, bias, f"{knob}{purpose} dice", list(FACES))]
        out[purpose] = draw(st.lists(st.integers(low, high), min_size=n, max_size=n))
    return out


DICE = {"attack": 12, "additional": 4, "reroll": 4, "nested": 8}


# --- the attack ------------------------------------------------------------------------------------


@st.composite
def attack_positions(draw, bias: Bias | None = None) -> dict[str, Any]:
    """An attack laid out around its weapon (kind ``attack``), its choices weighted by ``bias``
    (even weights, from this generator's starting ones, when None)."""
    bias = bias or Bias()
    drawn.clear()
    cards_in_play = catalogue()
    cards = sorted(cards_in_play.units)
    area_kind = _weighted(draw, bias, "weapon", ["single", "area"])
    armed = [
        (c, w)
        for c in cards
        for w, weapon in sorted(cards_in_play.units[c].weapons.items())
        if (weapon.area is not None) == (area_kind == "area")
    ]
    attacker, weapon_name = _weighted(draw, bias, "attacker weapon", armed)
    weapon = cards_in_play.units[attacker].weapons[weapon_name]
    layout = Layout({attacker: (0, 0)})
    sides = {attacker: "A", f"_card:{attacker}": attacker}

    # The target: in the weapon's range (mostly), or on the placed area.
    area: list[tuple[int, int]] = []
    far = "in range"
    if weapon.area is not None:
        every = placements(weapon.area, (0, 0), orientation="rotate_or_mirror")
        legal = placements(weapon.area, (0, 0), orientation="rotate")
        pool = every if _weighted(draw, bias, "area placement", ["legal", "any"]) == "any" else legal
        area = sorted(draw(st.sampled_from(sorted(pool, key=lambda p: sorted(p.hexes)))).hexes)
        target_at = draw(st.sampled_from(area))
    else:
        reach = weapon.range
        far = _weighted(draw, bias, "target distance", ["in range", "beyond"])
        # Beyond: up to four hexes out, as far as a range bonus (Long Shot: +2) reaches, and
        # further, where counting it twice would.
        d = draw(st.integers(1, reach)) if far == "in range" else draw(st.integers(reach + 1, reach + 4))
        target_at = draw(st.sampled_from(ring((0, 0), d)))
    target = _weighted(draw, bias, "target", [c for c in cards if c != attacker])
    layout.at[target] = target_at
    sides.update({target: "B", f"_card:{target}": target})

    # Other units: on the area, next to the target or anywhere near.
    spots = [h for h in area if h != target_at] + [h for h in _near(target_at, 1) if h != (0, 0)]
    spots += [h for h in _near((0, 0), 3) if h not in spots and h != (0, 0)]
    for _ in range(_weighted(draw, bias, "other units", [0, 1, 2, 3])):
        left = [c for c in cards if c not in layout.at]
        card = draw(st.sampled_from(left))
        side = _weighted(draw, bias, "other side", ["B", "A"])
        where = draw(st.sampled_from(spots[: len(area) + 7]) | st.sampled_from(spots))
        if not layout.free(where):
            continue
        layout.at[card] = where
        sides.update({card: side, f"_card:{card}": card})
    # Garrisons and structures, on the area or along the line of the attack.
    line = _line((0, 0), target_at)
    for i in range(_weighted(draw, bias, "garrisons and structures", [0, 1, 2])):
        kind = _weighted(draw, bias, "fixture", ["garrison", "structure"])
        side = draw(st.sampled_from(["B", "A"]))
        open_area = [h for h in area if layout.free(h)]
        where = draw(st.sampled_from(open_area or line or [target_at]) | st.sampled_from(spots))
        name = (
            f"{'Enemy' if side == 'B' else 'Allied'} {'Garrison' if kind == 'garrison' else 'Base'} {i + 1}"
        )
        if kind == "garrison":
            if not layout.free(where):
                continue
            layout.at[name] = where
            sides[name] = side
        elif where not in layout.structures.values() and where != (0, 0):
            layout.structures[name] = where
            sides[name] = side

    # The second attack's units and hexes are known now: frame the map around everything.
    free = [h for h in _near(target_at, 3) if layout.free(h)]
    width, height, shift = _frame(draw, [*layout.at.values(), *layout.structures.values(), *area, *line])
    on_map = {
        h
        for h in free
        if 0 <= to_offset(add(h, shift))[0] < width and 0 <= to_offset(add(h, shift))[1] < height
    }
    free = [h for h in free if h in on_map]
    cells = [[0, False] for _ in range(width * height)]
    terrain_spots = [h for h in [*line, *area] if h not in (0, 0)] or [target_at]
    for _ in range(_weighted(draw, bias, "terrain", [0, 1, 2, 3])):
        h = add(
            draw(st.sampled_from(terrain_spots) | st.sampled_from(sorted(on_map) or terrain_spots)), shift
        )
        c, r = to_offset(h)
        if 0 <= c < width and 0 <= r < height:
            cells[r * width + c] = [draw(st.integers(0, 3)), draw(st.booleans())]

    pieces = []
    for name, h in layout.at.items():
        c, r = to_offset(add(h, shift))
        kind = "garrison" if name.startswith(("Enemy Garrison", "Allied Garrison")) else "unit"
        piece: dict[str, Any] = {"name": name, "side": sides[name], "kind": kind, "col": c, "row": r}
        if kind == "unit":
            piece.update(_unit_state(draw, bias, name, attacker, target))
        pieces.append(piece)
    for name, h in layout.structures.items():
        c, r = to_offset(add(h, shift))
        piece = {"name": name, "side": sides[name], "kind": "structure", "col": c, "row": r}
        stated = draw(st.none() | st.integers(0, 4))
        if stated is not None:
            piece["elevation"] = stated
        pieces.append(piece)
    units = {n: sides[n] for n in layout.at if not n.startswith(("Enemy Garrison", "Allied Garrison"))}
    position: dict[str, Any] = {"width": width, "height": height, "cells": cells, "pieces": pieces}

    def absolute(h):
        return list(add(h, shift))

    # The attack.
    attack: dict[str, Any] = {"attacker": attacker, "weapon": weapon_name}
    if weapon.area is not None:
        attack["area"] = [absolute(h) for h in area]
        aimed = [n for n in units if units[n] == "B" and layout.at[n] in area]
        if len(aimed) > 1 and _weighted(draw, bias, "critical choice", ["none", "chosen"]) == "chosen":
            attack["crit_target"] = draw(st.sampled_from(aimed))
        if len(aimed) > 1 and _weighted(draw, bias, "defeat order", ["none", "chosen"]) == "chosen":
            attack["defeat_order"] = draw(st.permutations(aimed))
    else:
        attack["target"] = target
        aimed = [target]
    extend = far == "beyond" and _weighted(draw, bias, "beyond with a range bonus", ["yes", "no"]) == "yes"
    attack["responses"] = [
        _absolute_to(r, shift)
        for r in draw(_responses(bias, "", units, attacker, aimed, free, "range" if extend else None))
    ]
    attack["dice"] = _dice(draw, bias, "", DICE)
    position["attack"] = attack

    # A second attack: after nothing (the same activation), the activation's end or the turn's.
    after = _weighted(draw, bias, "second attack", ["none", "nothing", "activation", "turn"])
    if after != "none":
        # What lasts, or not, from one attack to the next: a card used before the first attack.
        lasting = [n for n, a in sorted(cards_in_play.tactics.items()) if a.window == "before_attack"]
        card = _weighted(draw, bias, "carried over", ["a card", "nothing"])
        if card == "a card" and units[attacker] == "A":
            name = _weighted(draw, bias, "carried card", lasting)
            if not any(r.get("tactics") == name for r in attack["responses"]):
                attack["responses"].append({"side": "A", "tactics": name})
        same = _weighted(draw, bias, "second attacker", ["same", "other"]) == "same"
        second_attacker = attacker if same else draw(st.sampled_from(sorted(units)))
        # Its second attack: the attacker is the unit activating. Before another unit's attack
        # it mostly is too, so what the activation keeps (a Strength bonus used before an
        # earlier attack, strength_bonus_duration) meets an attack that must not use it.
        if same or _weighted(draw, bias, "first attacker activating", ["yes", "no"]) == "yes":
            next(p for p in pieces if p["name"] == attacker)["activating"] = True
        weapons = sorted(cards_in_play.units[second_attacker].weapons)
        second_weapon = draw(st.sampled_from(weapons))
        enemies = sorted(n for n in units if units[n] != units[second_attacker])
        second: dict[str, Any] = {"after": after, "attacker": second_attacker, "weapon": second_weapon}
        w2 = cards_in_play.units[second_attacker].weapons[second_weapon]
        if w2.area is not None:
            legal = placements(w2.area, layout.at[second_attacker], orientation="rotate")
            hitting = [p for p in legal if any(layout.at[e] in p.hexes for e in enemies)] or legal
            chosen = sorted(draw(st.sampled_from(sorted(hitting, key=lambda p: sorted(p.hexes)))).hexes)
            second["area"] = [absolute(h) for h in chosen]
            aimed2 = [e for e in enemies if layout.at[e] in chosen]
        elif enemies:
            second["target"] = draw(st.sampled_from(enemies))
            aimed2 = [second["target"]]
        else:
            second = {}
        if second:
            responses = draw(_responses(bias, "second ", units, second_attacker, aimed2, free))
            if responses:
                second["responses"] = [_absolute_to(r, shift) for r in responses]
            second["dice"] = _dice(draw, bias, "second ", DICE)
            position["second"] = second
    if not attack["responses"]:
        del attack["responses"]
    return position


def _absolute_to(response: dict[str, Any], shift: tuple[int, int]) -> dict[str, Any]:
    if "to" in response:
        return {**response, "to": list(add(tuple(response["to"]), shift))}
    return response


def _unit_state(draw, bias: Bias, name: str, attacker: str, target: str) -> dict[str, Any]:
    """Hit points (often few, so defeats happen), Shields, statuses, Timeline, activation."""
    card = catalogue().units[name]
    role = "attacker" if name == attacker else "target" if name == target else "other"
    state: dict[str, Any] = {}
    hp = _weighted(draw, bias, f"{role} hit points", ["full", "1", "2", "some lost"])
    lost = {"full": 0, "1": card.hp - 1, "2": max(0, card.hp - 2)}.get(hp)
    if lost is None:
        lost = draw(st.integers(0, card.hp - 1))
    if lost:
        state["hp"] = card.hp - lost
    shields = _weighted(draw, bias, f"{role} shields", ["as printed", "fewer", "more"])
    if shields == "fewer" and card.shields:
        state["shields"] = card.shields - draw(st.integers(1, card.shields))
    elif shields == "more":
        state["shields"] = card.shields + 1
    if _weighted(draw, bias, f"{role} deactivated shields", ["0", "1"]) == "1":
        state["deactivated_shields"] = 1
    status = _weighted(draw, bias, f"{role} status", ["none", "Disarm", "Fracture", "both"])
    if status != "none":
        state["status"] = list(STATUSES) if status == "both" else [status]
    timeline = draw(st.sampled_from([0, 0, 1, 3, 5]))
    if timeline:
        state["timeline"] = timeline
    if role == "attacker" and _weighted(draw, bias, "activating", ["no", "yes"]) == "yes":
        state["activating"] = True
    return state
