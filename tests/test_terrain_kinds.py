"""Terrain kinds: a map with declared extra kinds loads, draws (coloured, named in the legend)
and resolves; the board-wide Line of Sight table agrees with the exact check on blocking terrain;
mistakes in a declaration are one line with file, line and field."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.drawing import draw_svg
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.diagram import board_from_json, board_to_json
from rulecheck_gundam_assemble.draw import hex_ruling
from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight
from rulecheck_gundam_assemble.engine.terrain import rulebook_kinds
from rulecheck_gundam_assemble.engine.visibility import visibility_table
from rulecheck_multibase.draw import multibase_ruling
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (
    ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "attack_desert_and_fire.yaml"
)
RULES = load("gundam_assemble")


def resolve(ruleset, scenario, rules, origin=None, target=None):
    """The ruling a picture shows, as the ruleset's draw hook resolves it."""
    ruling = hex_ruling if ruleset == "gundam_assemble" else multibase_ruling
    return ruling(scenario, rules, origin, target)


def test_the_ruleset_declares_the_chapters_two_kinds():
    kinds = rulebook_kinds(RULES)
    assert set(kinds) == {"open", "water"}
    assert kinds["water"].accuracy_against(RULES) == RULES.param("water_accuracy") == -1
    assert kinds["water"].symbol == "~" and not kinds["water"].blocks


def test_a_map_with_declared_kinds_loads_draws_and_resolves(capsys):
    scenario = ga.load_scenario(SCENARIO)
    kinds = {t.terrain for t in scenario.board.hexes.values()}
    assert kinds == {"desert", "fire", "space"}
    svg = draw_svg(scenario, resolve("gundam_assemble", scenario, RULES))
    for name, colour in (("desert", "#e8cf8a"), ("fire", "#e4572e"), ("space", "#b8c0ff")):
        assert f'data-terrain="{name}"' in svg and f'fill="{colour}"' in svg
    # the legend's lines, read as one text (a long line is wrapped to the picture's width)
    legend = " ".join(" ".join(ET.fromstring(svg).itertext()).split())
    assert "terrain fire (^): blocks Line of Sight" in legend
    assert "terrain desert (:): Accuracy -1 against a target in it" in legend
    assert "terrain space (*): no effect on Line of Sight or Accuracy" in legend
    assert main(["explain", str(SCENARIO)]) == 0
    assert "stands in desert (a declared terrain kind): -1 Accuracy" in capsys.readouterr().out
    # the docs site stores boards as JSON and redraws them: the declared kinds survive the trip
    again = board_from_json(board_to_json(scenario.board))
    assert again.terrain_kinds == scenario.board.terrain_kinds and again.hexes == scenario.board.hexes


def test_the_board_wide_table_agrees_with_the_exact_check_on_blocking_terrain():
    board = ga.load_scenario(SCENARIO).board
    cells = sorted(board.extent)
    for side in board.sides:
        table = visibility_table(board, side, RULES, cells)
        for a in cells:
            for b in cells:
                if a != b:
                    assert table.sees(a, b) == line_of_sight(board, a, b, side, RULES).clear, (a, b)


BASE = """\
ruleset: gundam_assemble
terrain_kinds:
  fire: {symbol: "^", line_of_sight: blocks}
map: |
  G  ^  Z
units:
  - {name: QZ-82 Sentinel, side: A, mark: G}
  - {name: "Cara's Strider", side: B, mark: Z}
"""

BAD = [
    (
        "G  ^  Z",
        "G  %  Z",
        5,
        "map",
        "is not a map cell (expected '.', an elevation digit, a terrain symbol ('~' for water, '^' for fire)",
    ),
    (
        "line_of_sight: blocks",
        "line_of_sight: sometimes",
        3,
        "terrain_kinds.fire.line_of_sight",
        "'sometimes' is not one of",
    ),
    ('symbol: "^"', 'symbol: "~"', 3, "terrain_kinds.fire.symbol", "symbol '~' already marks water"),
    ("  fire:", "  water:", 3, "terrain_kinds.water", "is a terrain kind of the ruleset already"),
    (
        "line_of_sight: blocks}",
        "line_of_sight: blocks, height: 3}",
        3,
        "terrain_kinds.fire.height",
        "unknown key 'height'",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "field", "message"), BAD)
def test_a_bad_terrain_declaration_is_one_line(capsys, tmp_path, old, new, line, field, message):
    assert old in BASE
    path = tmp_path / "s.yaml"
    path.write_text(BASE.replace(old, new))
    assert main(["los", str(path), "--from", "QZ-82 Sentinel", "--to", "Cara's Strider"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert f"s.yaml:{line}: {field}" in err and message in err, err


def test_an_undeclared_kind_in_a_hex_list_is_one_line(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "ruleset: gundam_assemble\nhexes:\n  - {at: [1, 0], terrain: lava}\nunits:\n"
        '  - {name: QZ-82 Sentinel, side: A, at: [0, 0]}\n  - {name: "Cara\'s Strider", side: B, at: [2, 0]}\n'
    )
    assert main(["los", str(path), "--from", "QZ-82 Sentinel", "--to", "Cara's Strider"]) == 2
    err = capsys.readouterr().err.strip()
    assert "s.yaml:3: hexes[0].terrain: unknown terrain kind 'lava' (declared: open, water;" in err, err
