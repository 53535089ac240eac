"""`rulecheck docs`: the feature corpus as a static site (plain HTML files, no server).

* ``index.html``: per ruleset, the rulebook's sections with the coverage of their clauses, each
  clause linking to the scenarios that cite it;
* ``rulebook-<ruleset>.html``: every clause, FAQ entry and interpretation with an anchor
  (``#clause-GA-LOS-3``, ``#faq-Q3``, ``#interp-los_corner_touch``), which the scenario tags link to;
* ``interpretations.html``: the interpretations list, option in force and why;
* ``features/<ruleset>/<feature>.html``: one page per feature; each scenario with its steps, its
  tags as links, its diagram (inline SVG), its result in this run and the explanation trace.

The results and drawings come from running the corpus now (``run_corpus``); the drawings are what
the steps showed with ``ruling.show`` and are redrawn by the diagram modules.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from rulecheck.corpus import PROJECT_ROOT, ScenarioResult, feature_source, run_corpus
from rulecheck.output_files import build_dir
from rulecheck.ruleset_api import find
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.wording import plural
from rulecheck.xml_text import html_escape as escape
from rules.rulebook import Rulebook

_SHOWN: dict[str, dict[str, Any]] = {}  # nodeid -> what the scenario showed; filled by the hook below

CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}
a{color:#1f5fbf} nav a{margin-right:1em} h2{border-bottom:1px solid #ccc}
.scenario{border:1px solid #ddd;border-radius:6px;padding:.5em 1em;margin:1em 0}
.passed{color:#1e7b34}.failed{color:#b00020}.skipped,.not-run{color:#8a6d00}
.steps{background:#f7f7f7;padding:.5em;white-space:pre-wrap;font-family:monospace}
.tag{display:inline-block;background:#eef;border-radius:3px;padding:0 .4em;margin:0 .2em .2em 0;font-size:90%}
.bar{display:inline-block;height:.8em;background:#1e7b34}.barbox{display:inline-block;width:120px;background:#ddd}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .5em;vertical-align:top}
.diagram svg{max-width:100%;min-width:min(100%,560px);height:auto}
.failing-step{background:#fdd;color:#b00020;font-weight:bold}.failing-step::after{content:"  <- failed"}
.failure{background:#fff4f4;border-left:3px solid #b00020;padding:.5em;white-space:pre-wrap}
"""


def pytest_runtest_logreport(report) -> None:
    """Loaded into the corpus run with ``-p rulecheck.docs_site``: keeps what each scenario showed."""
    if report.when != "call":
        return
    for key, value in report.user_properties:
        if key == "rulecheck_show":
            _SHOWN[report.nodeid] = json.loads(value)


# --- reading the features -------------------------------------------------------------------------

_SCENARIO = re.compile(r"^\s*(Scenario|Scenario Outline|Example):\s*(.*)$")
_STOP = re.compile(r"^\s*(Scenario|Scenario Outline|Example|Rule|Feature|Examples):")


def feature_steps(path: Path) -> dict[int, list[tuple[int, str]]]:
    """Scenario line -> its step lines (with docstrings and tables) and their line numbers, read
    from the feature file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: dict[int, list[str]] = {}
    i = 0
    while i < len(lines):
        if _SCENARIO.match(lines[i]):
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not _STOP.match(lines[i]) and not lines[i].strip().startswith("@"):
                if lines[i].strip() and not lines[i].strip().startswith("#"):
                    body.append((i + 1, lines[i].rstrip()))
                i += 1
            indent = min((len(x) - len(x.lstrip()) for _, x in body), default=0)
            out[start] = [(n, x[indent:]) for n, x in body]
            continue
        i += 1
    return out


# --- pieces of pages ------------------------------------------------------------------------------


def page(title: str, body: str, depth: int) -> str:
    up = "../" * depth
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f"<nav><a href='{up}index.html'>Coverage by section</a>"
        f"<a href='{up}interpretations.html'>Interpretations</a></nav>"
        f"<h1>{escape(title)}</h1>{body}</body></html>\n"
    )


def anchor(kind: str, value: str) -> str:
    return f"{kind}-" + re.sub(r"[^A-Za-z0-9_.-]", "_", value)


def tag_link(tag: str, ruleset: str, depth: int) -> str:
    kind, _, value = tag.partition(":")
    target = {"clause": "clause", "faq": "faq", "interpretation": "interp"}.get(kind)
    if target and value:
        href = f"{'../' * depth}rulebook-{ruleset}.html#{anchor(target, value)}"
        return f"<a class='tag' href='{escape(href)}'>@{escape(tag)}</a>"
    return f"<span class='tag'>@{escape(tag)}</span>"


def diagram(shown: dict[str, Any] | None) -> str:
    if not shown:
        return ""
    try:
        found = find(shown["ruleset"])
        if found is None:
            raise KeyError(shown["ruleset"])
        svg = found.diagram_from_json(shown)
    except (KeyError, TypeError, ValueError) as exc:  # a drawing must never sink the whole site
        return f"<p class='failed'>diagram unavailable: {escape(str(exc))}</p>"
    return f"<div class='diagram'>{svg}</div>"


def trace(shown: dict[str, Any] | None) -> str:
    events = (shown or {}).get("events") or ((shown or {}).get("los") or {}).get("events") or []
    if not events:
        return ""
    rows = "".join(
        f"<li>[{escape(', '.join(e.get('clauses', [])))}] {escape(e.get('text', ''))}"
        + (f" <em>(interpretation: {escape(e['interpretation'])})</em>" if e.get("interpretation") else "")
        + "</li>"
        for e in events
    )
    return f"<details><summary>Explanation trace ({len(events)} steps)</summary><ol>{rows}</ol></details>"


def feature_page_path(result: ScenarioResult) -> str:
    return f"features/{result.ruleset}/{Path(result.feature).stem}.html"


def scenario_href(result: ScenarioResult, depth: int) -> str:
    return f"{'../' * depth}{feature_page_path(result)}#{anchor('s', str(result.line))}"


# --- the site --------------------------------------------------------------------------------------


def build_site(
    out_dir: Path,
    root: Path = PROJECT_ROOT,
    rulesets: list[str] | None = None,
    tags: str | None = None,
    force: bool = False,
) -> dict[str, Any]:
    """Run the corpus and write the site into ``out_dir`` (built beside it and swapped in at the
    end, so a failed build never leaves half a site; see ``output_files.build_dir`` for what an
    existing folder may hold). Returns a summary: pages written, scenarios, results."""
    results: list[ScenarioResult] = []

    def fill(tmp: Path) -> int:  # runs once the target is known to be writable
        _SHOWN.clear()
        corpus = run_corpus(root, rulesets, tags=tags, pytest_args=["-p", "rulecheck.docs_site"])
        results.extend(corpus.results)
        names = sorted({r.ruleset for r in results}) or list(rulesets or [])
        return _write(tmp, root, results, {name: ruleset_named(name).rulebook() for name in names})

    pages = build_dir(out_dir, fill, force)
    counts: dict[str, int] = defaultdict(int)
    for r in results:
        counts[r.outcome] += 1
    return {"pages": pages, "scenarios": len(results), "outcomes": dict(counts)}


def _write(out: Path, root: Path, results: list[ScenarioResult], books: dict[str, Rulebook]) -> int:
    by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
    for r in results:
        by_feature[r.feature].append(r)
    written = 0

    # feature pages
    for feature, rs in sorted(by_feature.items()):
        rs.sort(key=lambda r: r.line)
        steps = feature_steps(feature_source(root, rs[0]))
        parts = [f"<p>Feature file <code>{escape(feature)}</code></p>"]
        for r in rs:
            shown = _SHOWN.get(r.nodeid)
            tags = "".join(tag_link(t, r.ruleset, 2) for t in r.tags)
            result = f"<span class='{escape(r.outcome.replace(' ', '-'))}'>{escape(r.outcome)}</span>"
            failing = (r.failed_step or {}).get("line")
            step_lines = "\n".join(
                f"<mark class='failing-step' title='this step failed'>{escape(text)}</mark>"
                if n == failing
                else escape(text)
                for n, text in steps.get(r.line, [])
            )
            if r.message:
                result += f"<pre class='failure'>{escape(r.message)}</pre>"
            parts.append(
                f"<section class='scenario' id='{anchor('s', str(r.line))}'>"
                f"<h2>{escape(r.name)}</h2><p>{tags}</p>"
                f"<p>Last result: {result} (line {r.line})</p>"
                f"<div class='steps'>{step_lines}</div>"
                f"{diagram(shown)}{trace(shown)}</section>"
            )
        path = out / feature_page_path(rs[0])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page(rs[0].feature_name, "".join(parts), 2), encoding="utf-8")
        written += 1

    # rulebook pages: clauses, FAQ, interpretations with anchors
    index_parts = []
    for name, book in books.items():
        rs = [r for r in results if r.ruleset == name]
        cites: dict[tuple[str, str], list[ScenarioResult]] = defaultdict(list)
        for r in rs:
            for kind in ("clause", "faq", "interpretation"):
                for v in r.tagged(kind):
                    cites[(kind, v)].append(r)

        def refs(kind: str, value: str, depth: int, cites=cites) -> str:
            links = [
                f"<a class='{escape(r.outcome)}' href='{escape(scenario_href(r, depth))}'>{escape(r.name)}</a>"
                for r in cites.get((kind, value), [])
            ]
            return "<br>".join(links) or "<em>no scenario</em>"

        rows = "".join(
            f"<tr id='{anchor('clause', c.id)}'><td>{escape(c.id)}</td><td>{escape(c.section)}</td>"
            f"<td>{escape(c.text)}</td><td>{refs('clause', c.id, 0)}</td></tr>"
            for c in book.clauses.values()
        )
        faq = "".join(
            f"<tr id='{anchor('faq', q.id)}'><td>{escape(q.id)}</td><td>{escape(q.question)}</td>"
            f"<td>{escape(q.status)}<br><small>{escape(q.justification)}</small>"
            + (f"<br>decided by a hypothetical card: {escape(q.card_property)}" if q.card_property else "")
            + f"</td><td>{refs('faq', q.id, 0)}</td></tr>"
            for q in book.faq.values()
        )
        interps = _interp_rows(book, refs)
        body = (
            f"<p>{escape(book.title)}</p><h2>Clauses</h2><table><tr><th>id</th><th>section</th>"
            f"<th>paraphrase</th><th>scenarios</th></tr>{rows}</table>"
            f"<h2>FAQ entries</h2><table><tr><th>entry</th><th>question</th><th>status</th>"
            f"<th>scenarios</th></tr>{faq}</table>"
            f"<h2>Interpretations</h2><table><tr><th>name</th><th>question</th><th>in force</th>"
            f"<th>why</th><th>scenarios</th></tr>{interps}</table>"
        )
        (out / f"rulebook-{name}.html").write_text(
            page(f"{book.title}: rulebook index", body, 0), encoding="utf-8"
        )
        written += 1

        # coverage by section
        sections: dict[str, list] = defaultdict(list)
        for c in book.clauses.values():
            sections[c.section].append(c)
        srows = []
        for section, clauses in sections.items():
            covered = [c for c in clauses if cites.get(("clause", c.id))]
            passing = [c for c in covered if all(r.outcome == "passed" for r in cites[("clause", c.id)])]
            pct = 100 * len(covered) / len(clauses)
            links = " ".join(
                f"<a href='rulebook-{name}.html#{anchor('clause', c.id)}'>{escape(c.id)}</a>" for c in clauses
            )
            srows.append(
                f"<tr><td>{escape(section)}</td><td>{len(covered)}/{len(clauses)} "
                f"<span class='barbox'><span class='bar' style='width:{pct:.0f}%'></span></span></td>"
                f"<td>{len(passing)}</td><td>{links}</td></tr>"
            )
        feats = "".join(
            f"<li><a href='{escape(feature_page_path(v[0]))}'>{escape(v[0].feature_name)}</a> "
            f"({plural(len(v), 'scenario')})</li>"
            for k, v in sorted(by_feature.items())
            if v[0].ruleset == name
        )
        passed = sum(r.outcome == "passed" for r in rs)
        index_parts.append(
            f"<h2>{escape(book.title)}</h2><p>{passed} of {plural(len(rs), 'scenario')} pass. "
            f"<a href='rulebook-{name}.html'>Clauses, FAQ and interpretations</a></p>"
            f"<table><tr><th>section</th><th>clauses covered</th><th>all passing</th><th>clauses</th></tr>"
            f"{''.join(srows)}</table><h3>Features</h3><ul>{feats}</ul>"
        )
    (out / "index.html").write_text(
        page("rulecheck: rulings by rulebook section", "".join(index_parts), 0), encoding="utf-8"
    )
    written += 1

    listing = "".join(
        f"<h2>{escape(book.title)}</h2><table><tr><th>name</th><th>question</th><th>in force</th><th>why</th>"
        f"<th>details</th></tr>"
        + "".join(
            f"<tr><td>{escape(i.name)}</td><td>{escape(i.question)}</td><td>{escape(book.interpretation(i.name))}</td>"
            f"<td>{escape(i.why)}</td><td><a href='rulebook-{name}.html#{anchor('interp', i.name)}'>"
            f"options and scenarios</a></td></tr>"
            for i in book.interpretations.values()
        )
        + "</table>"
        for name, book in books.items()
    )
    (out / "interpretations.html").write_text(page("Interpretations", listing, 0), encoding="utf-8")
    return written + 1


def _interp_rows(book: Rulebook, refs) -> str:
    out = []
    for i in book.interpretations.values():
        options = "".join(
            f"<li><b>{escape(k)}</b>: {escape(v)}{' (default)' if k == i.default else ''}</li>"
            for k, v in i.options.items()
        )
        out.append(
            f"<tr id='{anchor('interp', i.name)}'><td>{escape(i.name)}</td><td>{escape(i.question)}"
            f"<ul>{options}</ul></td><td>{escape(book.interpretation(i.name))}</td><td>{escape(i.why)}</td>"
            f"<td>{refs('interpretation', i.name, 0)}</td></tr>"
        )
    return "".join(out)
