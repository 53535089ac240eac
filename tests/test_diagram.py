"""`rulecheck draw`: every bundled scenario draws, and the SVG shows what the engine decided."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.diagram import board_from_json, board_to_json, draw_board

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted(
    p for p in ROOT.glob("rulecheck_*/scenarios/*/*.yaml") if p.name != "units.yaml"
)  # units.yaml is the unit catalogue, not a position
OGGO = ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml"


def draw(tmp_path: Path, scenario: Path, *extra: str) -> ET.Element:
    out = tmp_path / "out.svg"
    assert main(["draw", str(scenario), "-o", str(out), *extra]) == 0
    return ET.parse(out).getroot()


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_scenario_draws_as_valid_svg(tmp_path, scenario):
    root = draw(tmp_path, scenario)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    label = "piece-name" if scenario.parent.name == "gundam_assemble" else "unit-name"
    assert groups(root, label), "no piece is labelled"


def test_the_hill_is_marked_as_the_blocker_between_the_oggo_and_chars_zaku(tmp_path):
    root = draw(tmp_path, OGGO, "--from", "ML-07C Crab", "--to", "Cara's Strider")
    # The map's '3' is row 2, column 1: axial (0, 2) in odd-r layout.
    blockers = groups(root, "blocker")
    assert [(b.get("data-hex"), b.get("data-clause")) for b in blockers] == [("0,2", "GA-LOS-3")]
    assert groups(root, "line-of-sight")[0].get("class").split()[-1] == "blocked"
    assert {"ML-07C Crab", "Cara's Strider", "QZ-82 Sentinel"} <= set(texts(root))
    hill = root.find(".//*[@id='hex-0_2']")
    assert hill is not None and hill.get("data-elevation") == "3"


def test_the_oggo_sees_the_gundam_and_nothing_is_marked(tmp_path):
    root = draw(tmp_path, OGGO, "--from", "ML-07C Crab", "--to", "QZ-82 Sentinel")
    assert not groups(root, "blocker")
    assert "clear" in groups(root, "line-of-sight")[0].get("class").split()
    # The line runs between the hill and an open hex: the hill would block if picked, so it is
    # marked as avoidable, not as a blocker.
    assert [e.get("data-hex") for e in groups(root, "choice-blocker")] == ["0,2"]


def test_an_area_attack_shows_the_placed_hexes_and_every_legal_placement(tmp_path):
    root = draw(
        tmp_path, ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml"
    )
    assert sorted(e.get("data-hex") for e in groups(root, "aoe-hex")) == ["2,-1", "2,0", "3,-1"]
    thumbs = groups(root, "aoe-thumb")
    assert len(thumbs) == 6  # the Quad Bop pattern may not be mirrored: six rotations
    assert len(groups(root, "chosen")) == 1
    # One area Line of Sight per enemy in the placed hexes.
    assert len(groups(root, "line-of-sight")) == 2


def test_choice_points_are_marked_left_and_right():
    board = ga.load_scenario(OGGO).board
    from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight
    from rules.rulebook import load

    # The Oggo's line to the Gundam runs exactly between two hexes at two places.
    los = line_of_sight(board, (0, 1), (2, 3), "A", load("gundam_assemble"))
    assert len(los.choice_points) == 2
    root = ET.fromstring(draw_board(board, lines_of_sight=[los]))
    marks = sorted(e.get("data-choice") for e in groups(root, "los-choice"))
    assert marks == sorted(f"{i + 1}{side}" for i in range(len(los.choice_points)) for side in "LR")


def test_a_board_round_trips_through_json_for_the_docs():
    board = ga.load_scenario(OGGO).board
    assert board_from_json(board_to_json(board)) == board


def test_multibase_draws_bases_arcs_range_and_trace(tmp_path):
    root = draw(tmp_path, ROOT / "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml")
    bases = groups(root, "base")
    assert sorted(b.get("data-name") for b in bases) == ["a1", "a2", "a3", "b1", "b2", "b3", "b4"]
    assert len(groups(root, "front-arc")) == 1  # the attacking bases' arcs as one shape
    assert len(groups(root, "facing")) == 7
    rng = groups(root, "range-line")[0]
    assert (rng.get("data-from"), rng.get("data-to")) == ("a2", "b2")
    assert ["".join(t.itertext()) for t in groups(root, "range-distance")] == ['11.5"']
    assert groups(root, "clear") and groups(root, "trace")
    assert "low wall" in texts(root)


def test_a_failed_draw_leaves_the_previous_file_alone(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["draw", str(OGGO), "-o", str(out)]) == 0
    good = out.read_text()
    assert main(["draw", str(OGGO), "--from", "Nobody", "--to", "QZ-82 Sentinel", "-o", str(out)]) == 2
    assert "no piece or unit named 'Nobody'" in capsys.readouterr().err
    assert out.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["board.svg"]  # no temporary file left behind


def test_draw_without_output_prints_the_svg(capsys):
    assert main(["draw", str(OGGO)]) == 0
    ET.fromstring(capsys.readouterr().out)
