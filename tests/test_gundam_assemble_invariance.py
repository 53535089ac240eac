"""Issue 12: a Gundam Assemble attack resolves the same under the twelve symmetries of the hex grid
(six rotations, each with or without a mirror) and any translation.

The whole attack is moved: the board's hexes, every piece and the area of effect placement. A
mirror also flips the unit cards' area diagrams that may not be flipped on the table (``mirror:
false``), since a mirrored world holds mirrored cards; without that the mirrored placement of a
chiral diagram would be illegal, which is the diagram's rule, not a dependence on the board's
orientation. Compared: legality, the targets, the dice, hits, damage, hit points, Shields,
statuses, defeats and victory points, and which steps the engine took with which clauses (the
texts name hexes, which move)."""

from __future__ import annotations

import copy
from collections import Counter

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck_gundam_assemble.engine.attack import resolve_attack
from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration
from rulecheck_gundam_assemble.engine.units import battle_from_entries, parse_catalogue
from rulecheck_gundam_assemble.strategies import attacks_around_the_attacker
from rules.dice import SeededDice
from rules.hexgrid import SYMMETRIES, add, is_mirror, reflect, symmetry
from rules.rulebook import load
from steps.common import PROJECT_ROOT

RULES = load("gundam_assemble")
CARDS = yaml.safe_load(
    (PROJECT_ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml").read_text()
)


def _mirrored_cards(data):
    """The catalogue as a mirror shows it: diagrams that may not be flipped are flipped."""
    data = copy.deepcopy(data)
    for unit in data["units"]:
        for weapon in unit.get("weapons", []):
            area = weapon.get("area")
            if area and not area.get("mirror"):
                area["hexes"] = [list(reflect(tuple(h))) for h in area["hexes"]]
    return data


CATALOGUE = parse_catalogue(CARDS)
MIRRORED = parse_catalogue(_mirrored_cards(CARDS))


def moved(case, index: int, shift):
    board, entries, decl = case
    f = symmetry(index)

    def at(h):
        return add(f(h), shift)

    new_board = Board(
        {at(h): t for h, t in board.hexes.items()},
        tuple(Piece(p.name, p.side, at(p.hex), p.kind, p.elevation) for p in board.pieces),
    )
    area = frozenset(map(at, decl.area)) if decl.area is not None else None
    new_decl = AttackDeclaration(decl.attacker, decl.weapon, target=decl.target, area=area)
    return new_board, entries, new_decl


def ruling(board, entries, decl, catalogue, seed):
    result = resolve_attack(battle_from_entries(board, entries, catalogue), decl, SeededDice(seed), RULES)
    out = result.outcome()
    out["targets"] = sorted(out["targets"])
    out["steps"] = Counter((e.step, e.clauses) for e in result.events)
    return out


@settings(max_examples=150)  # each example resolves the attack twice
@given(
    attacks_around_the_attacker(),
    st.sampled_from(SYMMETRIES),
    st.tuples(st.integers(-30, 30), st.integers(-30, 30)),
    st.integers(0, 10**6),
)
def test_a_whole_attack_resolves_the_same_under_every_hex_symmetry_and_translation(case, index, shift, seed):
    before = ruling(*case, CATALOGUE, seed)
    after = ruling(*moved(case, index, shift), MIRRORED if is_mirror(index) else CATALOGUE, seed)
    assert after == before


def test_the_generated_attacks_reach_hits_defeats_and_blocked_sightlines():
    """The property above is not vacuous: its positions do all of these under some symmetry."""
    seen = Counter()

    @settings(max_examples=150, database=None, derandomize=True)
    @given(attacks_around_the_attacker(), st.integers(0, 10**6))
    def look(case, seed):
        out = ruling(*case, CATALOGUE, seed)
        seen["legal"] += out["legal"]
        seen["several targets"] += len(out["targets"]) > 1
        seen["hits"] += any(t.get("hits", 0) for t in out["per_target"].values())
        seen["defeat"] += any(s.endswith(".defeated") for s, _ in out["steps"])
        seen["blocked"] += any(
            "out_of_sight" in s or "no_los" in s or "blocked" in s for s, _ in out["steps"]
        )

    look()
    assert all(seen[k] > 0 for k in ("legal", "several targets", "hits", "defeat", "blocked")), seen
