"""`rulecheck docs`: the site builds, every link resolves, and the diagrams render in a real browser
(headless Chromium on file:// URLs; skipped, with the reason, when no browser is installed)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
import zlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent

# A slice of the corpus keeps the test quick: Line of Sight choice points and blocking (hex
# diagrams with lines and markers) and multibase target declaration (bases, arcs, Trace).
TAGS = "@clause:GA-LOS-8 or @clause:GA-LOS-3 or @clause:MB-1.1"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    assert main(["docs", str(out), "--tags", TAGS]) == 0
    return out


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.svgs = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if tag == "svg":
            self.svgs += 1


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_site_has_index_rulebooks_interpretations_and_feature_pages(site):
    names = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    assert {
        "index.html",
        "interpretations.html",
        "rulebook-gundam_assemble.html",
        "rulebook-multibase.html",
    } <= names
    assert "features/gundam_assemble/los_choice_points.html" in names
    page = (site / "features/gundam_assemble/los_choice_points.html").read_text()
    assert "Last result: <span class='passed'>passed</span>" in page
    assert "href='../../rulebook-gundam_assemble.html#clause-GA-LOS-8'" in page
    assert "Explanation trace" in page and "GA-LOS-8" in page
    index = (site / "index.html").read_text()
    assert "clauses covered" in index and "Line of Sight" in index


def test_every_link_resolves_to_a_file_and_anchor(site):
    parsed = {p: _parse(p) for p in site.rglob("*.html")}
    broken = []
    for page, links in parsed.items():
        for href in links.hrefs:
            target, frag = urldefrag(href)
            path = (page.parent / target).resolve() if target else page
            if not path.is_file():
                broken.append(f"{page.relative_to(site)}: {href} (no file)")
            elif frag and frag not in (parsed[path] if path in parsed else _parse(path)).ids:
                broken.append(f"{page.relative_to(site)}: {href} (no anchor)")
    assert not broken, "\n".join(broken[:20])
    assert sum(len(x.hrefs) for x in parsed.values()) > 50


def _browser() -> str | None:
    return next(
        (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None
    )


def _chromium(args: list[str]) -> subprocess.CompletedProcess:
    browser = _browser()
    with tempfile.TemporaryDirectory() as profile:
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
        ]
        return subprocess.run([browser, *flags, *args], capture_output=True, text=True, timeout=90)


def _png_colours(path: Path) -> int:
    """How many distinct pixel values a (non-interlaced, 8-bit RGB/RGBA) PNG has."""
    data = path.read_bytes()
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour_type = header[:4]
    assert depth == 8 and colour_type in (2, 6)
    bpp = 3 if colour_type == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    prev = bytearray(stride)
    seen = set()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        seen.update(bytes(line[i : i + bpp]) for i in range(0, stride, bpp * 7))
        prev = line
    return len(seen)


needs_browser = pytest.mark.skipif(
    _browser() is None,
    reason="no Chromium on this machine (CI installs Debian's chromium: ci/install-system-deps)",
)


@needs_browser
@pytest.mark.slow  # starts a headless browser per page (about 2 s each)
@pytest.mark.parametrize(
    "page", ["features/gundam_assemble/los_choice_points.html", "features/multibase/declare_target.html"]
)
def test_diagrams_render_in_headless_chromium(site, page, tmp_path):
    path = site / page
    expected = _parse(path).svgs
    assert expected > 0
    dom = _chromium(["--dump-dom", path.as_uri()])
    assert dom.returncode == 0, dom.stderr[-500:]
    # The browser parsed every inline diagram as SVG, with its drawn content.
    assert dom.stdout.count("<svg") == expected
    assert "rulecheck-diagram" in dom.stdout
    marker = "line-of-sight" if "gundam" in page else 'class="base"'
    assert marker in dom.stdout
    shot = tmp_path / "page.png"
    run = _chromium(["--window-size=700,500", f"--screenshot={shot}", path.as_uri()])
    assert shot.is_file(), run.stderr[-500:]
    assert _png_colours(shot) > 8, "the screenshot is blank"


def test_every_docs_diagram_has_its_highlights_on_their_hexes(site):
    import re

    from test_diagram_geometry import highlight_offsets

    checked = 0
    for page in sorted(site.glob("features/*/*.html")):
        for svg in re.findall(r"<svg .*?</svg>", page.read_text(encoding="utf-8"), re.S):
            found = highlight_offsets(svg)
            checked += len(found)
            assert all(d < 0.01 for _, _, d in found), (
                f"{page.name}: {[o for o in found if o[2] >= 0.01][:3]}"
            )
    assert checked > 0


def test_an_attack_page_draws_the_sightline_its_target_check_turned_on(tmp_path):
    # "A target in range but behind a hill ... cannot be attacked": the ruling is the blocked
    # sightline, so its docs diagram must show that line and the hill that blocks it.
    out = tmp_path / "site"
    assert main(["docs", str(out), "--ruleset", "gundam_assemble", "--tags", "@faq:Q98", "-q"]) == 0
    page = (out / "features" / "gundam_assemble" / "attack_targeting.html").read_text(encoding="utf-8")
    assert 'class="los-line"' in page and 'class="blocker"' in page and "GA-LOS-3" in page


@pytest.mark.parametrize(
    ("ruleset", "step", "shown"),
    [
        (
            "gundam_assemble",
            'the scenario "hypothetical_card_flow.yaml"',
            "rulecheck_gundam_assemble/scenarios/gundam_assemble/",
        ),
        (
            "multibase",
            'the multibase scenario "ranged_volley"',
            "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml",
        ),
        ("multibase", 'the scenario "ranged_volley"', None),  # Gundam Assemble's wording, not multibase's
        ("gundam_assemble", '"Alpha" shoots "Bravo"', None),
    ],
)
def test_a_step_that_loads_a_scenario_file_shows_the_file_under_it(ruleset, step, shown):
    """Which steps load a scenario file is the ruleset's to say (its scenario_file_named hook):
    the page shows that file's name and title under the step, and nothing under any other."""
    from rulecheck.docs_site import scenario_file

    block = scenario_file(ROOT, ruleset, step)
    if shown is None:
        assert block == ""
    else:
        assert "Scenario file <code>" + shown in block and "<b>" in block
