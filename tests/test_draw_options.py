"""What a user of `rulecheck draw` (or of ``rulecheck.drawing.draw_svg``) sees: the attack's result
beside the sightline asked for, the dice and each target's Accuracy, cover and long range, the
caller's options (size, orientation, coordinates, colours, arrows, highlights) and PNG output."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.commands.draw import render
from rulecheck.drawing import COLORS, DrawOptionError, draw_svg, svg_to_png
from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import load_scenario
from rulecheck_gundam_assemble.draw import hex_ruling
from rulecheck_multibase.draw import multibase_ruling

ROOT = Path(__file__).resolve().parents[1]
GA = ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble"
MB = ROOT / "rulecheck_multibase/scenarios/multibase"
QUAD = GA / "attack_guntank_quad_bop.yaml"
VOLLEY = MB / "ranged_volley.yaml"
CHARGE = MB / "close_combat_charge.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def resolve(ruleset, scenario, rules, origin=None, target=None):
    """The ruling a picture shows, as the ruleset's draw hook resolves it."""
    ruling = hex_ruling if ruleset == "gundam_assemble" else multibase_ruling
    return ruling(scenario, rules, origin, target)


def classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def having(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in classes(e)]


def texts_of(root: ET.Element, cls: str) -> list[str]:
    return ["".join(e.itertext()) for e in having(root, cls)]


def legend_text(root: ET.Element) -> str:
    legend = next(g for g in root.iter(f"{SVG}g") if "legend" in classes(g))
    return " ".join("".join(t.itertext()) for t in legend.iter(f"{SVG}text"))


def resolved(path: Path, origin=None, target=None):
    ruleset, scenario = load_scenario(path)
    rules = rulebooks_for([ruleset], [])[ruleset]
    return scenario, resolve(ruleset, scenario, rules, origin, target)


# --- the result stays with the sightline ------------------------------------------------------


def test_a_sightline_asked_for_keeps_the_area_and_the_result_of_the_attack():
    root = ET.fromstring(render(QUAD, "QX-40 Bastion", "Cara's Strider"))
    assert sorted(e.get("data-hex") for e in having(root, "aoe-hex")) == ["2,-1", "2,0", "3,-1"]
    assert sorted(texts_of(root, "outcome-badge")) == ["Acc +0: defeated", "Acc -1: -3 HP, 2 left"]
    assert [p.get("data-name") for p in having(root, "defeated")] == ["Strider: Minelayer"]
    sights = having(root, "line-of-sight")
    assert [(s.get("data-from"), s.get("data-to")) for s in sights] == [("0,0", "2,-1")]


def test_a_trace_asked_for_keeps_the_removed_bases_and_the_state_badge():
    root = ET.fromstring(render(VOLLEY, "Alpha", "Bravo"))
    assert sorted(b.get("data-name") for b in having(root, "removed")) == ["b3", "b4"]
    assert texts_of(root, "outcome-badge") == ["-2 bases, Shaken"]
    assert having(root, "trace")


# --- what the ruling turns on ----------------------------------------------------------------


def test_an_attack_shows_its_dice_and_what_each_scored_against_each_target():
    root = ET.fromstring(render(QUAD))
    captions = texts_of(root, "dice-caption")
    assert captions[0] == "Attack roll, Strength 4: 4 dice"
    assert "Cara's Strider: Accuracy -1 (elevation -1): 2 hits (1 critical)" in captions
    assert "Strider: Minelayer: Accuracy +0: 3 hits (1 critical)" in captions
    dice = [(d.get("data-face"), sorted(classes(d) - {"die"})[0]) for d in having(root, "die")]
    # The faces as rolled, then per target as the engine read them: a 4 misses at -1 Accuracy.
    assert dice[:4] == [("9", "rolled"), ("4", "rolled"), ("6", "rolled"), ("3", "rolled")]
    assert dice[4:8] == [("9", "critical"), ("4", "miss"), ("6", "hit"), ("3", "miss")]
    assert dice[8:] == [("9", "critical"), ("4", "hit"), ("6", "hit"), ("3", "miss")]


def test_the_area_is_hatched_so_the_elevation_shade_stays_visible():
    root = ET.fromstring(render(QUAD))
    area = having(root, "aoe-hex")
    assert area and all(a.get("fill") == "url(#area-hatch)" for a in area)
    hill = next(g for g in having(root, "hex") if g.get("data-hex") == "2,-1")
    assert hill.find(f"{SVG}polygon").get("fill") == COLORS["elevation-1"]
    assert root.find(f".//{SVG}pattern[@id='area-hatch']") is not None


def test_a_long_title_is_wrapped_and_the_picture_keeps_to_the_board():
    root = ET.fromstring(render(QUAD))
    width = float(root.get("width"))
    title = texts_of(root, "title")
    assert len(title) >= 2 and " ".join(title).startswith("One Quad Bop roll")
    assert width < 600, f"expected the 5-hex board's width, got {width}"
    assert all(0.62 * 15 * len(line) + 8 <= width for line in title)


def test_the_volley_shows_cover_and_where_long_range_starts():
    root = ET.fromstring(render(VOLLEY))
    assert texts_of(root, "cover-badge") == ["in cover: +1 to hit"]
    (line,) = having(root, "long-range")
    xs = [float(v.split(",")[0]) for v in line.get("d").replace("M ", "").split(" L ")]
    # The picture reaches past the threshold, so the line crosses it, not just a corner.
    assert max(xs) - min(xs) > 0.8 * float(root.get("width")), "the long-range line spans the table"
    legend = legend_text(root)
    assert 'long range starts beyond 15"' in legend and "Bravo is within it" in legend


def test_removed_bases_keep_a_readable_name_over_their_cross():
    root = ET.fromstring(render(VOLLEY))
    names = having(root, "removed-name")
    assert sorted("".join(t.itertext()) for t in names) == ["b3", "b4"]
    assert all(t.get("fill") == COLORS["text"] for t in names)  # dark, not white on grey
    labels = next(g for g in root.iter(f"{SVG}g") if "labels" in classes(g))
    assert all(any(t is n for t in labels.iter()) for n in names), "drawn over the bases and crosses"


def test_close_combat_facings_stay_inside_their_own_bases():
    root = ET.fromstring(render(CHARGE))
    for base in having(root, "base"):
        d = base.find(f"{SVG}path").get("d").replace("M ", "").replace(" Z", "")
        pts = [tuple(map(float, v.split(","))) for v in d.split(" L ")]
        x0, x1 = min(x for x, _ in pts), max(x for x, _ in pts)
        y0, y1 = min(y for _, y in pts), max(y for _, y in pts)
        facing = next(e for e in base if "facing" in classes(e))
        for p in facing.get("points").split():
            x, y = map(float, p.split(","))
            assert x0 - 0.01 <= x <= x1 + 0.01 and y0 - 0.01 <= y <= y1 + 0.01, base.get("data-name")


# --- drawing computes no rule ---------------------------------------------------------------


def test_drawing_uses_the_ruling_it_is_handed_and_calls_no_engine(monkeypatch):
    ga_scenario, ga_ruling = resolved(QUAD)
    mb_scenario, mb_ruling = resolved(VOLLEY)

    def engine(*args, **kwargs):
        raise AssertionError("the drawing called the engine")

    import rulecheck_gundam_assemble.engine.line_of_sight as los
    import rulecheck_gundam_assemble.explain as ga_explain
    import rulecheck_multibase.engine.geometry as geometry
    import rulecheck_multibase.ruleset as mb

    for module, name in [
        (ga_explain, "explain"),
        (mb, "explain"),
        (los, "line_of_sight"),
        (los, "piece_line_of_sight"),
        (geometry, "trace"),
        (geometry, "unit_distance"),
    ]:
        monkeypatch.setattr(module, name, engine)
    assert "aoe-hex" in draw_svg(ga_scenario, ga_ruling)
    assert "trace clear" in draw_svg(mb_scenario, mb_ruling)


# --- the caller's options --------------------------------------------------------------------


def test_size_sets_the_width_and_keeps_the_proportions():
    scenario, ruling = resolved(QUAD)
    natural = ET.fromstring(draw_svg(scenario, ruling))
    sized = ET.fromstring(draw_svg(scenario, ruling, size=900))
    assert sized.get("width") == "900" and sized.get("viewBox") == natural.get("viewBox")
    _, _, w, h = map(float, natural.get("viewBox").split())
    ratio = h / w
    assert abs(float(sized.get("height")) - 900 * ratio) <= 1


def piece_xy(root: ET.Element, name: str) -> tuple[float, float]:
    g = next(g for g in having(root, "piece") if g.get("data-name") == name)
    c = g.find(f"{SVG}circle")
    return float(c.get("cx")), float(c.get("cy"))


def test_orientation_180_turns_the_board_around():
    scenario, ruling = resolved(QUAD)
    upright = ET.fromstring(draw_svg(scenario, ruling))
    turned = ET.fromstring(draw_svg(scenario, ruling, orientation=180))
    (ax, ay), (bx, by) = piece_xy(upright, "QX-40 Bastion"), piece_xy(upright, "Strider: Minelayer")
    (tax, tay), (tbx, tby) = piece_xy(turned, "QX-40 Bastion"), piece_xy(turned, "Strider: Minelayer")
    assert ax < bx and tax > tbx  # the Guntank was left of the Minelayer; seen turned, right of it
    assert abs((bx - ax) + (tbx - tax)) < 0.01 and abs((by - ay) + (tby - tay)) < 0.01


def test_a_turned_table_puts_the_attacker_at_the_top():
    scenario, ruling = resolved(VOLLEY)

    def unit_y(root, name):
        return float(next(t for t in having(root, "unit-name") if t.get("data-name") == name).get("y"))

    upright = ET.fromstring(draw_svg(scenario, ruling))
    turned = ET.fromstring(draw_svg(scenario, ruling, orientation=180))
    assert unit_y(upright, "Alpha") > unit_y(upright, "Bravo")
    assert unit_y(turned, "Alpha") < unit_y(turned, "Bravo")


def test_coordinates_can_be_left_out():
    for path in (QUAD, VOLLEY):
        scenario, ruling = resolved(path)
        assert having(ET.fromstring(draw_svg(scenario, ruling)), "coord")
        assert not having(ET.fromstring(draw_svg(scenario, ruling, coordinates=False)), "coord")


def test_a_colour_the_caller_gives_replaces_the_default_everywhere_it_is_used():
    scenario, ruling = resolved(QUAD)
    svg = draw_svg(scenario, ruling, colors={"side-1": "#000080", "water": "#00ffff"})
    assert "#000080" in svg and COLORS["side-1"] not in svg
    mb_scenario, mb_ruling = resolved(VOLLEY)
    root = ET.fromstring(draw_svg(mb_scenario, mb_ruling, colors={"side-2": "#550000"}))
    alpha = next(u for u in having(root, "unit") if u.get("data-name") == "Alpha")
    assert alpha.find(f"{SVG}g/{SVG}path").get("fill") == "#550000"


def test_arrows_and_highlights_are_drawn_where_the_caller_says():
    scenario, ruling = resolved(QUAD)
    root = ET.fromstring(draw_svg(scenario, ruling, arrows=[("0,0", "Cara's Strider")], highlights=["3,-1"]))
    assert [h.get("data-hex") for h in having(root, "caller-highlight")] == ["3,-1"]
    arrow = having(root, "caller-arrow")
    assert len(arrow) == 1
    line = arrow[0].find(f"{SVG}line")
    start, end = piece_xy(root, "QX-40 Bastion"), piece_xy(root, "Cara's Strider")
    assert (float(line.get("x1")), float(line.get("y1"))) == pytest.approx(start, abs=0.01)
    head = [tuple(map(float, p.split(","))) for p in arrow[0].find(f"{SVG}polygon").get("points").split()]
    assert head[0] == pytest.approx(end, abs=0.01)
    mb_scenario, mb_ruling = resolved(VOLLEY)
    root = ET.fromstring(draw_svg(mb_scenario, mb_ruling, arrows=[("Alpha/a3", "0,6")], highlights=["b1"]))
    assert len(having(root, "caller-arrow")) == 1
    b1 = next(b for b in having(root, "base") if b.get("data-name") == "b1")
    assert b1.find(f"{SVG}path").get("stroke") == COLORS["highlight"]


@pytest.mark.parametrize(
    "path, options, option",
    [
        (QUAD, {"colors": {"sky": "#fff"}}, "--color"),
        (QUAD, {"colors": {"side-1": "url(#x)"}}, "--color"),
        (QUAD, {"arrows": [("0,0", "40,40")]}, "--arrow"),
        (QUAD, {"highlights": ["Nobody"]}, "--highlight"),
        (QUAD, {"size": -5}, "--size"),
        (QUAD, {"orientation": 90}, "--flip"),
        (VOLLEY, {"arrows": [("Alpha", "500,0")]}, "--arrow"),
        (VOLLEY, {"highlights": ["z9"]}, "--highlight"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option(path, options, option):
    scenario, ruling = resolved(path)
    with pytest.raises(DrawOptionError) as caught:
        draw_svg(scenario, ruling, **options)
    assert caught.value.option == option


def test_the_options_are_keyword_only():
    scenario, ruling = resolved(QUAD)
    with pytest.raises(TypeError):
        draw_svg(scenario, ruling, 900)


def test_the_cli_flags_reach_the_picture(tmp_path):
    out = tmp_path / "quad.svg"
    args = ["draw", str(QUAD), "-o", str(out), "--size", "700", "--flip", "--no-coordinates"]
    args += ["--color", "side-2=#123456", "--arrow", "0,0", "3,-1", "--highlight", "QX-40 Bastion"]
    assert main(args) == 0
    root = ET.parse(out).getroot()
    assert root.get("width") == "700" and not having(root, "coord")
    assert having(root, "caller-arrow") and having(root, "caller-highlight")
    assert "#123456" in out.read_text()
    a, b = piece_xy(root, "QX-40 Bastion"), piece_xy(root, "Strider: Minelayer")
    assert a[0] > b[0], "--flip turned the board"


# --- PNG -------------------------------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture
def cairo():
    try:
        svg_to_png('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>')
    except DrawOptionError:
        pytest.skip("no cairosvg or no cairo library here (pip install 'rulecheck[png]', apt libcairo2)")


def test_draw_writes_a_png_when_the_output_ends_in_png(tmp_path, cairo):
    out = tmp_path / "quad.png"
    assert main(["draw", str(QUAD), "-o", str(out), "--size", "640"]) == 0
    width, height = png_size(out.read_bytes())
    svg = ET.fromstring(render(QUAD, size=640))
    assert (width, height) == (640, int(svg.get("height")))
    assert not list(tmp_path.glob(".*partial"))


def test_format_png_writes_png_to_stdout(tmp_path, cairo, capsysbinary):
    assert main(["draw", str(VOLLEY), "--format", "png"]) == 0
    width, height = png_size(capsysbinary.readouterr().out)
    svg = ET.fromstring(render(VOLLEY))
    assert (width, height) == (int(svg.get("width")), int(svg.get("height")))


def test_png_without_cairosvg_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    out = tmp_path / "quad.png"
    assert main(["draw", str(QUAD), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rulecheck[png]" in err and not out.exists()
