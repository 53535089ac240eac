"""What a diagram highlights sits on the hex it names, and its labels cover neither pieces nor
each other: checked on the SVG's own coordinates for every bundled scenario."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.commands.draw import render
from rulecheck.label_layout import overlap, text_box
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.diagram import board_from_json, board_to_json, draw_board
from rulecheck_gundam_assemble.engine.line_of_sight import piece_line_of_sight
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted(p for p in ROOT.glob("rulecheck_*/scenarios/*/*.yaml") if p.name != "units.yaml")
GA_SCENARIOS = [p for p in SCENARIOS if p.parent.name == "gundam_assemble"]
HIGHLIGHTS = ("los-through", "los-choice", "aoe-hex", "aoe-origin")


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def points_centre(polygon: ET.Element) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def highlight_offsets(svg: str) -> list[tuple[str, str, float]]:
    """(kind, hex, distance from the highlight's centre to its hex's centre) per highlight."""
    root = ET.fromstring(svg)
    hex_centres = {
        g.get("data-hex"): points_centre(g.find(f"{SVG}polygon")) for g in root.iter() if "hex" in classes(g)
    }
    out = []
    for e in root.iter():
        kind = next((k for k in HIGHLIGHTS if k in classes(e)), None)
        if kind is None:
            continue
        polygon = e if e.tag == f"{SVG}polygon" else e.find(f"{SVG}polygon")
        (x, y), (hx, hy) = points_centre(polygon), hex_centres[e.get("data-hex")]
        out.append((kind, e.get("data-hex"), ((x - hx) ** 2 + (y - hy) ** 2) ** 0.5))
    return out


def ga_diagrams(path: Path) -> list[str]:
    """The scenario's own diagram plus the Line of Sight between every two of its pieces."""
    scenario = ga.load_scenario(path)
    names = [p.name for p in scenario.board.pieces]
    drawn = [render(path)]
    drawn += [render(path, a, b) for a, b in itertools.permutations(names, 2)]
    return drawn


@pytest.mark.parametrize("path", GA_SCENARIOS, ids=lambda p: p.stem)
def test_every_highlight_is_centred_on_its_hex(path):
    found = [o for svg in ga_diagrams(path) for o in highlight_offsets(svg)]
    assert found, "expected the scenario's diagrams to highlight some hexes"
    off = [o for o in found if o[2] > 0.01]
    assert not off, f"expected every highlight on its hex's centre, got {off[:5]}"


@pytest.mark.parametrize("shift", [(40, -25), (-60, 90)])
def test_highlights_stay_centred_far_from_the_origin(shift):
    board = ga.load_scenario(
        ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml"
    ).board
    data = board_to_json(board)
    dq, dr = shift
    for entry in data["hexes"] + data["pieces"]:
        entry["at"] = [entry["at"][0] + dq, entry["at"][1] + dr]
    if data["extent"] is not None:
        data["extent"] = [[q + dq, r + dr] for q, r in data["extent"]]
    moved = board_from_json(data)
    oggo, gundam = moved.piece("ML-07C Crab"), moved.piece("QZ-82 Sentinel")
    svg = draw_board(
        moved, lines_of_sight=[piece_line_of_sight(moved, oggo, gundam, load("gundam_assemble"))]
    )
    found = highlight_offsets(svg)
    assert {k for k, _, _ in found} >= {"los-through", "los-choice"}
    assert max(d for _, _, d in found) < 0.01


def label_boxes(root: ET.Element, cls: str) -> list[tuple[str, tuple]]:
    out = []
    for e in root.iter(f"{SVG}text"):
        if cls in classes(e):
            box = text_box(
                "".join(e.itertext()), float(e.get("x")), float(e.get("y")), float(e.get("font-size"))
            )
            out.append(("".join(e.itertext()), box))
    return out


def piece_boxes(root: ET.Element) -> list[tuple[str, tuple]]:
    out = []
    for g in root.iter():
        if "piece" in classes(g):
            shape = next(c for c in g if c.tag in (f"{SVG}circle", f"{SVG}rect", f"{SVG}polygon"))
            if shape.tag == f"{SVG}circle":
                cx, cy, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
                out.append((g.get("data-name"), (cx - r, cy - r, cx + r, cy + r)))
            elif shape.tag == f"{SVG}rect":
                x, y, w, h = (float(shape.get(k)) for k in ("x", "y", "width", "height"))
                out.append((g.get("data-name"), (x, y, x + w, y + h)))
            else:
                pts = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
                xs, ys = [x for x, _ in pts], [y for _, y in pts]
                out.append((g.get("data-name"), (min(xs), min(ys), max(xs), max(ys))))
    return out


@pytest.mark.parametrize("path", GA_SCENARIOS, ids=lambda p: p.stem)
def test_piece_labels_cover_no_piece_and_no_other_label(path):
    for svg in ga_diagrams(path)[:3]:
        root = ET.fromstring(svg)
        labels = label_boxes(root, "piece-name") + label_boxes(root, "outcome-badge")
        pieces = piece_boxes(root)
        assert labels and pieces
        for (a, box_a), (b, box_b) in itertools.combinations(labels, 2):
            assert overlap(box_a, box_b) == 0, f"label {a!r} overlaps label {b!r}"
        for name, box in labels:
            for piece, shape in pieces:
                assert overlap(box, shape) == 0, f"label {name!r} covers the piece {piece!r}"


def multibase_svg(name: str) -> ET.Element:
    return ET.fromstring(render(ROOT / "rulecheck_multibase/scenarios/multibase" / f"{name}.yaml"))


def legend_entries(root: ET.Element) -> dict[str, str]:
    """Legend text -> the colour of its swatch."""
    legend = next(g for g in root.iter(f"{SVG}g") if "legend" in classes(g))
    out, swatch = {}, None
    for e in legend:
        if e.tag == f"{SVG}g":
            swatch = e.get("data-swatch")
        elif e.tag == f"{SVG}text":
            out["".join(e.itertext())] = swatch
            swatch = None
    return out


@pytest.mark.parametrize("name", ["ranged_volley", "close_combat_charge"])
def test_multibase_legend_colours_match_the_bases_and_the_faction_names(name):
    root = multibase_svg(name)
    entries = legend_entries(root)
    named = {"Red": "#c0392b", "Blue": "#1f5fbf"}
    for unit in root.iter(f"{SVG}g"):
        if "unit" not in classes(unit):
            continue
        faction = unit.get("data-faction")
        fill = unit.find(f"{SVG}g/{SVG}path").get("fill")
        line = next(t for t in entries if t.startswith(f"{faction}: "))
        assert entries[line] == fill, f"{faction}: legend swatch {entries[line]}, bases drawn {fill}"
        assert fill == named[faction]


def test_the_volley_shows_its_result_and_keeps_the_range_line_off_the_edge():
    root = multibase_svg("ranged_volley")
    removed = sorted(b.get("data-name") for b in root.iter() if "removed" in classes(b))
    assert removed == ["b3", "b4"]  # the engine removed these two
    badges = {"".join(t.itertext()) for t in root.iter(f"{SVG}text") if "outcome-badge" in classes(t)}
    assert badges == {"-2 bases, Shaken"}
    width = float(root.get("width"))
    for path in (e for e in root.iter(f"{SVG}path") if "max-range" in classes(e)):
        xs = [float(v.split(",")[0]) for v in path.get("d").replace("M ", "").replace(" Z", "").split(" L ")]
        assert all(0 < x < width for x in xs)
    assert any("maximum range" in t for t in legend_entries(root))


def test_every_ga_symbol_drawn_has_a_legend_entry():
    root = ET.fromstring(
        render(ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_char_elevation_water.yaml")
    )
    swatches = set(legend_entries(root).values())
    fills = {p.get("fill") for g in root.iter() if "hex" in classes(g) for p in g.iter(f"{SVG}polygon")}
    assert fills - {"#ffffff"} <= swatches, "every hex shade is explained"
    assert any(s and s.startswith("disc:") for s in swatches)
    assert any("water" in t for t in legend_entries(root))


@pytest.mark.parametrize("name", ["ranged_volley", "close_combat_charge"])
def test_multibase_labels_cover_no_base_and_no_other_label(name):
    root = multibase_svg(name)
    labels = label_boxes(root, "unit-name") + label_boxes(root, "outcome-badge")
    bases = []
    for g in root.iter(f"{SVG}g"):
        if "base" in classes(g):
            d = g.find(f"{SVG}path").get("d").replace("M ", "").replace(" Z", "")
            pts = [tuple(map(float, v.split(","))) for v in d.split(" L ")]
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            bases.append((g.get("data-name"), (min(xs), min(ys), max(xs), max(ys))))
    for (a, box_a), (b, box_b) in itertools.combinations(labels, 2):
        assert overlap(box_a, box_b) == 0, f"label {a!r} overlaps label {b!r}"
    for text, box in labels:
        for base, shape in bases:
            assert overlap(box, shape) == 0, f"label {text!r} covers base {base}"


def test_a_large_board_is_cropped_to_the_fight_and_a_small_one_drawn_whole():
    small = ga.load_scenario(
        ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml"
    ).board
    data = board_to_json(small)
    drawn = [g for g in ET.fromstring(draw_board(small)).iter() if "hex" in classes(g)]
    assert len(drawn) == len(small.extent)
    data["extent"] = [[q, r] for q in range(-10, 20) for r in range(-10, 20)]
    large = board_from_json(data)
    drawn = {g.get("data-hex") for g in ET.fromstring(draw_board(large)).iter() if "hex" in classes(g)}
    assert len(drawn) < 60 and {f"{p.hex[0]},{p.hex[1]}" for p in large.pieces} <= drawn
