"""No text on a picture covers another: every bundled scenario, drawn as the scenario asks and
turned 180 degrees (--flip), and with --from/--to for every ordered pair of its pieces (units, for
multibase), each text's box
computed from its font size and length and checked against every other text's box.

A text's box is estimated without a font, as ``rulecheck.label_layout.text_box`` does: 0.62 x the
font size per character wide (generous for a sans-serif font), from 0.95 x the font size above
the baseline to 0.3 x below it, placed by its text-anchor. Coordinates, elevation digits,
terrain marks, L/R marks, blocker clauses, piece and unit names, HP and state badges, base
names, the range distance, titles, legends and dice captions are all texts, so all are checked."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from rulecheck.commands.draw import render
from rulecheck.label_layout import overlap, text_box
from rulecheck.rulesets import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = sorted(p for p in ROOT.glob("rulecheck_*/scenarios/*/*.yaml") if p.name != "units.yaml")
TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\)")


def pieces(path: Path) -> list[str]:
    ruleset, scenario = load_scenario(path)
    if ruleset == "gundam_assemble":
        return [p.name for p in scenario.board.pieces]
    return [u.name for u in scenario.field.units]


@cache
def pictures(path: Path) -> tuple[tuple[str, str], ...]:
    """(what was asked, SVG) for the scenario's own picture (also turned 180 degrees) and every
    --from/--to pair."""
    drawn = [("as the scenario asks", render(path)), ("--flip", render(path, orientation=180))]
    drawn += [
        (f"--from {a!r} --to {b!r}", render(path, a, b)) for a, b in itertools.permutations(pieces(path), 2)
    ]
    return tuple(drawn)


def text_boxes(svg: str) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(class, text, box in document coordinates) of every <text>, through every translate()."""
    out = []

    def walk(e: ET.Element, dx: float, dy: float) -> None:
        transform = e.get("transform")
        if transform:
            found = TRANSLATE.fullmatch(transform.strip())
            assert found, f"a transform the test cannot follow: {transform!r}"
            dx, dy = dx + float(found.group(1)), dy + float(found.group(2))
        if e.tag == f"{SVG}text":
            text = "".join(e.itertext())
            x, y = float(e.get("x", 0)) + dx, float(e.get("y", 0)) + dy
            size = float(e.get("font-size"))
            out.append(
                (e.get("class") or "", text, text_box(text, x, y, size, e.get("text-anchor", "start")))
            )
        for child in e:
            walk(child, dx, dy)

    walk(ET.fromstring(svg), 0.0, 0.0)
    return out


def overlapping(boxes):
    """Every pair of boxes that overlap (a sweep over x, so a crowded picture stays quick)."""
    ordered = sorted(boxes, key=lambda b: b[2][0])
    found = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b[2][0] >= a[2][2]:
                break
            if overlap(a[2], b[2]) > 0:
                found.append((a[:2], b[:2]))
    return found


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_text_covers_another_on_any_bundled_picture(path):
    for asked, svg in pictures(path):
        boxes = text_boxes(svg)
        assert len(boxes) > 5, f"{asked}: expected the picture to have texts"
        bad = overlapping(boxes)
        assert not bad, f"{path.name} {asked}: {len(bad)} overlapping texts, e.g. {bad[:3]}"


def test_the_check_reaches_every_picture_and_every_kind_of_label():
    """The test above is not vacuous: it sees many pictures, and each kind of label in them."""
    drawn = [svg for path in SCENARIOS for _, svg in pictures(path)]
    kinds = {cls for svg in drawn for cls, _, _ in text_boxes(svg)}
    assert (
        len(drawn) >= 90
    )  # 96 when written: 18 scenarios, their own pictures (upright and turned) and every pair
    assert {
        "coord",
        "elevation",
        "los-choice-mark",
        "blocker-clause",
        "piece-name",
        "outcome-badge",
        "unit-name",
        "base-name",
        "range-distance",
    } <= kinds, kinds


def test_a_crowded_label_is_moved_off_another_not_laid_on_it():
    """Two texts asked for at the same spot: the second is moved until it is clear."""
    from rulecheck.label_layout import place

    obstacles = []
    first = place("QZ-82 Sentinel", 11, [(100, 100)], obstacles)
    second = place("Cara's Strider", 11, [(100, 100)], obstacles)
    assert first.box != second.box and overlap(first.box, second.box) == 0 and second.moved


def shape_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(name, box in document coordinates) of every piece (GA) and every base (multibase)."""
    root = ET.fromstring(svg)
    board = next(g for g in root.iter(f"{SVG}g") if "board" in (g.get("class") or "").split())
    dx, dy = map(float, TRANSLATE.fullmatch(board.get("transform")).groups())
    out = []
    for g in board.iter(f"{SVG}g"):
        cls = (g.get("class") or "").split()
        if "piece" in cls or "base" in cls:
            shape = next(
                c for c in g if c.tag in (f"{SVG}circle", f"{SVG}rect", f"{SVG}polygon", f"{SVG}path")
            )
            if shape.tag == f"{SVG}circle":
                cx, cy, r = (float(shape.get(k)) for k in ("cx", "cy", "r"))
                pts = [(cx - r, cy - r), (cx + r, cy + r)]
            elif shape.tag == f"{SVG}rect":
                x, y, w, h = (float(shape.get(k)) for k in ("x", "y", "width", "height"))
                pts = [(x, y), (x + w, y + h)]
            else:
                raw = shape.get("points") or shape.get("d").replace("M ", "").replace(" Z", "").replace(
                    " L ", " "
                )
                pts = [tuple(map(float, p.split(","))) for p in raw.split()]
            xs, ys = [x + dx for x, _ in pts], [y + dy for _, y in pts]
            out.append((g.get("data-name"), (min(xs), min(ys), max(xs), max(ys))))
    return out


# Texts that belong inside a piece or base, or under the board as fixed marks of a hex.
INSIDE = {"base-name", "elevation", "water-mark", "terrain-mark", "terrain-name"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_label_covers_a_piece_or_a_base(path):
    for asked, svg in pictures(path):
        shapes = shape_boxes(svg)
        assert shapes, f"{asked}: expected pieces"
        for cls, text, box in text_boxes(svg):
            if set(cls.split()) & INSIDE:
                continue
            for name, shape in shapes:
                assert overlap(box, shape) == 0, f"{path.name} {asked}: {cls} {text!r} covers {name!r}"


def test_the_label_index_answers_as_a_scan_of_every_box_does():
    """Boxes (the grid over placed labels) finds an overlap exactly when a scan of every box
    would: the index only makes the question cheap on a large board."""
    import random

    from rulecheck.label_layout import Boxes, overlap

    rng = random.Random(7)
    boxes = [(x, y, x + rng.uniform(1, 120), y + rng.uniform(1, 30)) for x, y in
             ((rng.uniform(-500, 500), rng.uniform(-500, 500)) for _ in range(400))]  # fmt: skip
    index = Boxes(boxes)
    for _ in range(2000):
        x, y = rng.uniform(-600, 600), rng.uniform(-600, 600)
        probe = (x, y, x + rng.uniform(0.5, 200), y + rng.uniform(0.5, 40))
        assert index.meets(probe) == any(overlap(probe, b) for b in boxes)
    assert list(index) == boxes
