"""Diagrams measured in a real browser: headless Chromium lays out a page of diagrams, a script
in the page measures the rendered boxes, and the test reads the measurements back from the DOM
(``--dump-dom``). The highlight must sit on its hex, piece labels must not cover pieces, and a
docs page must draw its boards large enough to read."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from rulecheck.commands.draw import render
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.diagram import board_from_json, board_to_json, draw_board
from rulecheck_gundam_assemble.engine.line_of_sight import piece_line_of_sight
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
GA = ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble"
BROWSER = next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None
)
pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no Chromium on this machine (CI installs Debian's chromium: ci/install-system-deps)",
)

# Runs in the page once the diagrams are laid out; writes its measurements as JSON into #result.
MEASURE = """
<pre id="result"></pre>
<script>
const centre = r => [r.left + r.width / 2, r.top + r.height / 2];
const out = {highlights: [], labels: [], svgs: []};
for (const svg of document.querySelectorAll('svg.rulecheck-diagram')) {
  out.svgs.push(svg.getBoundingClientRect().width);
  const hexes = {};
  for (const g of svg.querySelectorAll('g.hex')) hexes[g.dataset.hex] = g.querySelector('polygon');
  for (const e of svg.querySelectorAll('.los-through, .los-choice, .aoe-hex, .aoe-origin')) {
    const shape = e.tagName === 'polygon' ? e : e.querySelector('polygon');
    const [x, y] = centre(shape.getBoundingClientRect());
    const [hx, hy] = centre(hexes[e.dataset.hex].getBoundingClientRect());
    out.highlights.push({kind: e.getAttribute('class'), hex: e.dataset.hex, off: Math.hypot(x - hx, y - hy)});
  }
  const pieces = [...svg.querySelectorAll('g.piece')].map(g => [g.dataset.name, g.firstElementChild.nextElementSibling.getBoundingClientRect()]);
  for (const t of svg.querySelectorAll('text.piece-name')) {
    const r = t.getBoundingClientRect();
    for (const [name, p] of pieces) {
      const w = Math.min(r.right, p.right) - Math.max(r.left, p.left);
      const h = Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top);
      if (w > 0.5 && h > 0.5) out.labels.push([t.textContent, name]);
    }
  }
}
document.getElementById('result').textContent = JSON.stringify(out);
</script>
"""


def measure(svgs: list[str], tmp_path: Path, css: str = "") -> dict:
    page = tmp_path / "page.html"
    page.write_text(
        f"<!doctype html><html><head><meta charset='utf-8'><style>{css}</style></head><body>"
        + "".join(f"<div class='diagram'>{s}</div>" for s in svgs)
        + MEASURE
        + "</body></html>",
        encoding="utf-8",
    )
    with tempfile.TemporaryDirectory() as profile:
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--window-size=1200,900",
        ]
        run = subprocess.run(
            [BROWSER, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
        )
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1), f"the page reported nothing: {run.stderr[-500:]}"
    return json.loads(html.unescape(found.group(1)))


def far_board_svg() -> str:
    data = board_to_json(ga.load_scenario(GA / "los_oggo_artillery_support.yaml").board)
    for entry in data["hexes"] + data["pieces"]:
        entry["at"] = [entry["at"][0] + 37, entry["at"][1] - 29]
    if data["extent"] is not None:
        data["extent"] = [[q + 37, r - 29] for q, r in data["extent"]]
    board = board_from_json(data)
    los = piece_line_of_sight(
        board, board.piece("ML-07C Crab"), board.piece("QZ-82 Sentinel"), load("gundam_assemble")
    )
    return draw_board(board, lines_of_sight=[los])


def test_highlights_sit_on_their_hexes_and_labels_beside_their_pieces_in_the_browser(tmp_path):
    svgs = [
        render(GA / "los_oggo_artillery_support.yaml", "ML-07C Crab", "QZ-82 Sentinel"),
        render(GA / "attack_oggo_artillery_support.yaml"),
        render(GA / "attack_guntank_quad_bop.yaml"),
        far_board_svg(),
    ]
    found = measure(svgs, tmp_path)
    kinds = {k for h in found["highlights"] for k in h["kind"].split()}
    assert {"los-through", "los-choice", "aoe-hex", "aoe-origin"} <= kinds
    off = [h for h in found["highlights"] if h["off"] > 0.5]
    assert not off, f"expected every highlight centred on its hex (within half a pixel), got {off[:5]}"
    assert found["labels"] == [], f"labels covering pieces: {found['labels']}"


def test_docs_diagrams_are_drawn_large_enough_to_read(tmp_path):
    from rulecheck.docs_site import CSS

    small = draw_board(ga.load_scenario(GA / "attack_char_elevation_water.yaml").board)
    found = measure([small], tmp_path, css=CSS)
    assert found["svgs"][0] >= 560, (
        f"expected the docs to show a board at least 560 px wide, got {found['svgs']}"
    )
