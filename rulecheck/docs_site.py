"""`rulecheck docs`: the feature corpus as a static site (plain HTML files, no server).

* ``index.html``: per ruleset, the rulebook's sections with the coverage of their clauses, each
  clause linking to the scenarios that cite it;
* ``rulebook-<ruleset>.html``: every clause, FAQ entry and interpretation with an anchor
  (``#clause-GA-LOS-3``, ``#faq-Q3``, ``#interp-los_corner_touch``), which the scenario tags link to;
* ``interpretations.html``: the interpretations list, option in force and why;
* ``features/<ruleset>/<feature>.html``: one page per feature; its description and Background,
  then each scenario with its description, its steps (each marked passed, failed or skipped, with
  its duration; tables and doc strings as written), its tags as links, its diagram (inline SVG),
  its result in this run and the explanation trace;
* ``scenarios.html``: every scenario of the run, with its result, to filter by result and tag and
  to search (plain inline JavaScript; without it the pages read the same, unfiltered).

The features are read with the Gherkin parser pytest-bdd runs them with (``gherkin-official``
through ``pytest_bdd.gherkin_parser``), so what the site shows is what ran. Features written by
``rulecheck explore`` (``explored_*.feature``) are listed apart from the book's.

The results and drawings come from running the corpus now (``run_corpus``); the drawings are what
the steps showed with ``ruling.show`` and are redrawn by the diagram modules.
"""

from __future__ import annotations

import json
import re
import textwrap
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rulecheck import __version__
from rulecheck.corpus import PROJECT_ROOT, ScenarioResult, corpora, feature_source, run_corpus
from rulecheck.output_files import build_dir, write_new
from rulecheck.output_overlap import Output, corpus_inputs, refuse_overlaps
from rulecheck.pytest_plugin import shown_events
from rulecheck.ruleset_api import find, scenario_file_named
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.source_yaml import InputError, load_yaml
from rulecheck.wording import plural
from rulecheck.xml_text import html_escape as escape
from rules.rulebook import Rulebook

# During a run, node id -> what the scenario showed (filled by the hook below), and node id ->
# step line -> (status, seconds): how each step went; after the site's runs, keyed by ``_key``.
_SHOWN: dict[Any, dict[str, Any]] = {}
_STEPS: dict[Any, dict[int, tuple[str, float]]] = defaultdict(dict)
_STEP_STARTED: dict[str, float] = {}

EXPLORED_PREFIX = "explored_"  # rulecheck explore names the features it writes so (explore/report.py)

MARKS = {"passed": "\u2714", "failed": "\u2718", "skipped": "\u2013", "not run": "\u2013"}

CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}
a{color:#1f5fbf} nav a{margin-right:1em} h2{border-bottom:1px solid #ccc}
.meta{color:#555;font-size:90%}
.description{white-space:pre-line;margin:.5em 0 1em}
.scenario,.background{border:1px solid #ddd;border-left-width:5px;border-radius:6px;padding:.5em 1em;margin:1em 0}
.scenario.s-passed{border-left-color:#1e7b34}.scenario.s-failed{border-left-color:#b00020}
.scenario.s-skipped,.scenario.s-not-run{border-left-color:#c9a400}.background{border-left-color:#888;background:#fafafa}
.passed{color:#1e7b34}.failed{color:#b00020}.skipped,.not-run{color:#8a6d00}
.steps{list-style:none;padding:.3em .5em;margin:.3em 0;background:#f7f7f7;font-family:monospace}
.step{padding:.1em 0}.step .mark{display:inline-block;width:1.3em;font-weight:bold}
.step .kw{font-weight:bold;color:#444}.step .dur{color:#777;font-size:85%;margin-left:.6em;white-space:nowrap}
.step.st-skipped .text{color:#888}.step.st-failed{background:#fff0f0}
.datatable{margin:.2em 0 .2em 2.6em;font-size:90%}.docstring{margin:.2em 0 .2em 2.6em;background:#eee;padding:.3em}
.tag{display:inline-block;background:#eef;border-radius:3px;padding:0 .4em;margin:0 .2em .2em 0;font-size:90%;white-space:nowrap}
.cid,td.id{white-space:nowrap}
.bar{display:inline-block;height:.8em;background:#1e7b34}.barbox{display:inline-block;width:120px;background:#ddd}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .5em;vertical-align:top}
.diagram svg{max-width:100%;min-width:min(100%,560px);height:auto}
.failing-step{background:#fdd;color:#b00020;font-weight:bold}.failing-step::after{content:"  <- failed"}
.failure{background:#fff4f4;border-left:3px solid #b00020;padding:.5em;white-space:pre-wrap}
.scenario-file{background:#f4f8ff;border-left:3px solid #1f5fbf;padding:.3em .6em;margin:.4em 0}
.counts span{margin-right:1em}
#filter{background:#f4f4f4;border:1px solid #ddd;border-radius:6px;padding:.5em 1em;margin:1em 0}
#filter label,#filter-count{margin-right:1em;white-space:nowrap}
[hidden]{display:none !important}
"""

# Filter by result and by tag, and search by text, over the elements of class "item" of a page
# (their data-status and data-tags, and their text). The bar is hidden in the HTML and shown by
# the script, so a browser without JavaScript shows every scenario and no dead controls.
FILTER_SCRIPT = r"""
(function(){
  var bar=document.getElementById('filter'); if(!bar) return; bar.hidden=false;
  var items=[].slice.call(document.querySelectorAll('.item'));
  var text=document.getElementById('filter-text'), tag=document.getElementById('filter-tag');
  // A tag expression as `rulecheck check --tags` reads it: @tag (also any @tag:VALUE),
  // @prefix* , and, or, not, parentheses. One that does not parse matches nothing.
  function tagMatches(tags, expr){
    var toks=expr.match(/\(|\)|@[^\s()]+|[^\s()]+/g); if(!toks) return true;
    var i=0;
    function atom(){
      var t=toks[i++];
      if(t==='('){ var v=or(); if(toks[i++]!==')') throw 0; return v; }
      if(t==='not') return !atom();
      if(!t || t.charAt(0)!=='@') throw 0;
      var w=t.slice(1);
      return tags.some(function(x){
        if(w.slice(-1)==='*') return x.indexOf(w.slice(0,-1))===0;
        return x===w || (w.indexOf(':')<0 && x.indexOf(w+':')===0);
      });
    }
    function and(){ var v=atom(); while(toks[i]==='and'){ i++; v=atom()&&v; } return v; }
    function or(){ var v=and(); while(toks[i]==='or'){ i++; v=and()||v; } return v; }
    try { var v=or(); return i===toks.length && v; } catch(e) { return false; }
  }
  function apply(){
    var q=text.value.toLowerCase().trim(), want=tag.value.toLowerCase().trim();
    var on={}; [].forEach.call(bar.querySelectorAll('input[type=checkbox]'),function(c){on[c.value]=c.checked;});
    var shown=0;
    items.forEach(function(el){
      var tags=(el.getAttribute('data-tags')||'').toLowerCase().split(' ');
      var ok=on[el.getAttribute('data-status')]!==false && tagMatches(tags,want)
        && (!q || el.textContent.toLowerCase().indexOf(q)>=0);
      el.hidden=!ok; if(ok) shown++;
    });
    document.getElementById('filter-count').textContent=shown+' of '+items.length+' scenarios shown';
  }
  // A link can carry a filter: scenarios.html?status=failed&tag=@clause:GA-LOS-*&q=hill
  var params=new URLSearchParams(location.search);
  if(params.get('q')) text.value=params.get('q');
  if(params.get('tag')) tag.value=params.get('tag');
  if(params.get('status')){
    var want=params.get('status').split(',');
    [].forEach.call(bar.querySelectorAll('input[type=checkbox]'),function(c){c.checked=want.indexOf(c.value)>=0;});
  }
  bar.addEventListener('input',apply); bar.addEventListener('change',apply); apply();
})();
"""


def pytest_runtest_logreport(report) -> None:
    """Loaded into the corpus run with ``-p rulecheck.docs_site``: keeps what each scenario showed."""
    if report.when != "call":
        return
    for key, value in report.user_properties:
        if key == "rulecheck_show":
            _SHOWN[report.nodeid] = json.loads(value)


def pytest_bdd_before_step(request, feature, scenario, step, step_func) -> None:
    _STEP_STARTED[request.node.nodeid] = time.perf_counter()


def _step_done(request, step, status: str) -> None:
    nodeid = request.node.nodeid
    started = _STEP_STARTED.pop(nodeid, None)
    took = time.perf_counter() - started if started is not None else 0.0
    _STEPS[nodeid].setdefault(step.line_number, (status, took))  # a re-run never overwrites the run


def pytest_bdd_after_step(request, feature, scenario, step, step_func, step_func_args) -> None:
    _step_done(request, step, "passed")


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args, exception) -> None:
    _step_done(request, step, "failed")


# --- reading the features -------------------------------------------------------------------------


def gherkin_feature(path: Path):
    """The feature as pytest-bdd parses it (its Gherkin document's ``feature``)."""
    from rulecheck.corpus import gherkin_document  # read through the one reader of inputs

    return gherkin_document(path, str(path)).feature


def feature_scenarios(feature) -> tuple[Any, list[Any]]:
    """The feature's Background (or None) and its scenarios, those inside Rules included."""
    background, scenarios = None, []
    for child in feature.children:
        if child.background is not None:
            background = child.background
        if child.scenario is not None:
            scenarios.append(child.scenario)
        if child.rule is not None:
            scenarios += [c.scenario for c in child.rule.children if c.scenario is not None]
    return background, scenarios


def description(text: str | None) -> str:
    text = textwrap.dedent(text or "").strip()
    return f"<div class='description'>{escape(text)}</div>" if text else ""


def scenario_file(root: Path, ruleset: str, step_text: str) -> str:
    """A step that loads a named scenario file (the ruleset's ``scenario_file_named`` hook says
    which): the file's title and description."""
    game = find(ruleset)
    name = scenario_file_named(game, step_text) if game is not None else None
    if not name:
        return ""
    found = corpora(root, [ruleset]).get(ruleset)
    folder = found.scenarios if found is not None and found.scenarios else root / "scenarios" / ruleset
    path = folder / (name if name.endswith((".yaml", ".yml")) else f"{name}.yaml")
    try:
        data = load_yaml(path).data
    except InputError:  # the scenario itself reports a bad file; the page just leaves it out
        return ""
    if not isinstance(data, dict):
        return ""
    title, about = str(data.get("title") or ""), str(data.get("description") or "").strip()
    return (
        f"<div class='scenario-file'>Scenario file <code>{escape(str(path.relative_to(root) if path.is_relative_to(root) else path))}</code>"
        + (f": <b>{escape(title)}</b>" if title else "")
        + (f"<div class='description'>{escape(about)}</div>" if about else "")
        + "</div>"
    )


def duration(seconds: float) -> str:
    if seconds < 0.0001:
        return "under 0.1 ms"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def step_item(step, status: str, took: float | None, failing: bool) -> str:
    text = escape(step.text)
    if failing:
        text = f"<mark class='failing-step' title='this step failed'>{text}</mark>"
    parts = [
        f"<li class='step st-{status.replace(' ', '-')}'><span class='mark {status.replace(' ', '-')}' "
        f"title='{escape(status)}'>"
        f"{MARKS.get(status, '')}</span><span class='kw'>{escape(step.keyword.strip())}</span> "
        f"<span class='text'>{text}</span>",
        f"<span class='dur'>{duration(took)}</span>" if took is not None else "",
    ]
    if step.datatable is not None:
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(c.value)}</td>" for c in row.cells) + "</tr>"
            for row in step.datatable.rows
        )
        parts.append(f"<table class='datatable'>{rows}</table>")
    if step.docstring is not None:
        parts.append(f"<pre class='docstring'>{escape(step.docstring.content)}</pre>")
    return "".join(parts) + "</li>"


def step_list(steps, result: ScenarioResult) -> tuple[str, float]:
    """The steps with a mark each: what ran (passed or failed, with its duration), skipped after."""
    ran = _STEPS.get(_key(result), {})
    failing = (result.failed_step or {}).get("line")
    items, total = [], 0.0
    for step in steps:
        line = step.location.line
        status, took = ran.get(line, ("skipped", None))
        total += took or 0.0
        items.append(step_item(step, status, took, line == failing))
    return f"<ol class='steps'>{''.join(items)}</ol>", total


def counts(results: list[ScenarioResult]) -> str:
    by: dict[str, int] = defaultdict(int)
    for r in results:
        by[r.outcome] += 1
    parts = [
        f"<span class='{k.replace(' ', '-')}'>{MARKS[k]} {by[k]} {k}</span>"
        for k in ("passed", "failed", "skipped", "not run")
        if by.get(k)
    ]
    return f"<span class='counts'>{plural(len(results), 'scenario')}: {''.join(parts) or 'none run'}</span>"


def filter_bar(results: list[ScenarioResult]) -> str:
    tags = sorted({t for r in results for t in r.tags})
    options = "".join(f"<option value='@{escape(t)}'>" for t in tags)
    boxes = "".join(
        f"<label><input type='checkbox' value='{k}' checked> {MARKS[k]} {k}</label>"
        for k in ("passed", "failed", "skipped")
    )
    return (
        "<form id='filter' hidden onsubmit='return false'>"
        f"{boxes}<label>tags <input id='filter-tag' list='filter-tags' size='30' "
        "placeholder='@clause:GA-LOS-* and not @ruling:derived'></label>"
        f"<datalist id='filter-tags'>{options}</datalist>"
        "<label>search <input id='filter-text' type='search' placeholder='words in a scenario'></label>"
        "<span id='filter-count'></span></form>"
    )


def _item_attributes(r: ScenarioResult) -> str:
    return f"data-status='{escape(r.outcome)}' data-tags='{escape(' '.join(r.tags))}'"


# --- pieces of pages ------------------------------------------------------------------------------


def page(title: str, body: str, depth: int, stamp: str = "") -> str:
    up = "../" * depth
    script = f"<script>{FILTER_SCRIPT}</script>" if "id='filter'" in body else ""
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f"<nav><a href='{up}index.html'>Coverage by section</a>"
        f"<a href='{up}scenarios.html'>All scenarios</a>"
        f"<a href='{up}interpretations.html'>Interpretations</a></nav>"
        f"<h1>{escape(title)}</h1>{body}"
        + (f"<footer class='meta'><hr>{stamp}</footer>" if stamp else "")
        + f"{script}</body></html>\n"
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
    events = shown_events(shown)
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
    # --with-book: the book's feature files may carry the names of the project's
    book = "book-" if result.corpus == "book" else ""
    return f"features/{result.ruleset}/{book}{Path(result.feature).stem}.html"


def _key(result: ScenarioResult) -> tuple[str, str]:
    """What ``_SHOWN`` and ``_STEPS`` keep a run's scenario under: its corpus and node id (two
    corpora of one site, --with-book, may hold the same node id)."""
    return (result.corpus, result.nodeid)


def _from(result: ScenarioResult) -> str:
    """``[book] `` before a scenario of the bundled corpus in a site of several (--with-book), as
    check's report marks it."""
    return f"[{result.corpus}] " if result.corpus and result.corpus != "project" else ""


def scenario_href(result: ScenarioResult, depth: int) -> str:
    return f"{'../' * depth}{feature_page_path(result)}#{anchor('s', str(result.line))}"


# --- the site --------------------------------------------------------------------------------------


def build_site(
    out_dir: Path,
    root: Path = PROJECT_ROOT,
    rulesets: list[str] | None = None,
    tags: str | None = None,
    force: bool = False,
    paths: list | None = None,
    pytest_args: Sequence[str] = (),
    keyword: str | None = None,
    with_book: bool = False,
) -> dict[str, Any]:
    """Run the corpus (and the bundled one after it, ``with_book``) and write the site into ``out_dir`` (built beside it and swapped in at the
    end, so a failed build never leaves half a site; see ``output_files.build_dir`` for what an
    existing folder may hold). Returns a summary: pages written, scenarios, results."""
    results: list[ScenarioResult] = []
    # --with-book: the project's run, then the bundled corpus's, each result marked with its corpus
    runs = [("project", root), ("book", PROJECT_ROOT)] if with_book else [("", root)]

    def fill(tmp: Path) -> int:  # runs once the target is known to be writable
        shown: dict[tuple[str, str], dict[str, Any]] = {}
        steps: dict[tuple[str, str], dict[int, tuple[str, float]]] = {}
        started, began = time.perf_counter(), datetime.now(UTC)
        for label, where in runs:
            _SHOWN.clear()
            _STEPS.clear()
            corpus = run_corpus(
                where,
                rulesets,
                tags=tags,
                pytest_args=["-p", "rulecheck.docs_site", *pytest_args],
                paths=paths,
                part_of_a_run=with_book,
            )
            for r in corpus.results:
                r.corpus = label
            shown.update({(label, nodeid): v for nodeid, v in _SHOWN.items()})
            steps.update({(label, nodeid): v for nodeid, v in _STEPS.items()})
            results.extend(corpus.results)
        _SHOWN.clear()
        _STEPS.clear()
        _SHOWN.update(shown)
        _STEPS.update(steps)
        if keyword and not results:  # before a page is written: the old site stays
            raise InputError("-k", None, "", f"the expression {keyword!r} selects no scenario")
        if with_book:  # each run may select nothing; the whole may not
            from rulecheck.corpus_parts import _refuse_an_empty_selection

            _refuse_an_empty_selection(results, paths, tags)
        names = sorted({r.ruleset for r in results}) or list(rulesets or [])
        stamp = (
            f"Run {began:%Y-%m-%d %H:%M} UTC in {time.perf_counter() - started:.1f} s by rulecheck {__version__}"
            + (f", scenarios selected by <code>{escape(tags)}</code>" if tags else "")
            + (f", scenario names matching <code>-k {escape(keyword)}</code>" if keyword else "")
            + "."
        )
        return _write(
            tmp, root, results, {name: ruleset_named(name).rulebook() for name in names}, stamp, tags
        )

    inputs = [i for _, where in runs for i in corpus_inputs(where, rulesets)]
    refuse_overlaps([Output(out_dir, folder=True)], inputs)
    pages = build_dir(out_dir, fill, force)
    counts: dict[str, int] = defaultdict(int)
    for r in results:
        counts[r.outcome] += 1
    return {"pages": pages, "scenarios": len(results), "outcomes": dict(counts)}


def _write(
    out: Path,
    root: Path,
    results: list[ScenarioResult],
    books: dict[str, Rulebook],
    stamp: str = "",
    tags: str | None = None,
) -> int:
    by_feature: dict[tuple[str, str], list[ScenarioResult]] = defaultdict(list)
    for r in results:
        by_feature[(r.corpus, r.feature)].append(r)
    written = 0

    # feature pages
    for feature, rs in sorted(by_feature.items()):
        rs.sort(key=lambda r: r.line)
        path = out / feature_page_path(rs[0])
        path.parent.mkdir(parents=True, exist_ok=True)
        body = _feature_body(PROJECT_ROOT if rs[0].corpus == "book" else root, feature[1], rs)
        write_new(path, page(rs[0].feature_name, body, 2, stamp))
        written += 1

    # every scenario, to filter and search
    rows = "".join(
        f"<tr class='item' {_item_attributes(r)}><td class='id {escape(r.outcome.replace(' ', '-'))}' "
        f"title='{escape(r.outcome)}'>{MARKS.get(r.outcome, '?')} {escape(r.outcome)}</td>"
        f"<td>{escape(_from(r))}<a href='{escape(scenario_href(r, 0))}'>{escape(r.name)}</a>"
        + (" <em>(explored)</em>" if _explored(r) else "")
        + f"</td><td>{escape(r.feature_name)}</td>"
        f"<td>{''.join(tag_link(t, r.ruleset, 0) for t in r.tags)}</td></tr>"
        for r in sorted(results, key=lambda r: (r.outcome == "passed", r.feature, r.line))
    )
    write_new(
        out / "scenarios.html",
        page(
            "Every scenario of this run",
            f"<p>{counts(results)}</p>{filter_bar(results)}<table><tr><th>result</th><th>scenario</th>"
            f"<th>feature</th><th>tags</th></tr>{rows}</table>",
            0,
            stamp,
        ),
    )
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
            return "<br>".join(links) or ("<em>no selected scenario</em>" if tags else "<em>no scenario</em>")

        rows = "".join(
            f"<tr id='{anchor('clause', c.id)}'><td class='id'>{escape(c.id)}</td><td>{escape(c.section)}</td>"
            f"<td>{escape(c.text)}</td><td>{refs('clause', c.id, 0)}</td></tr>"
            for c in book.clauses.values()
        )
        faq = "".join(
            f"<tr id='{anchor('faq', q.id)}'><td class='id'>{escape(q.id)}</td><td>{escape(q.question)}</td>"
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
        write_new(out / f"rulebook-{name}.html", page(f"{book.title}: rulebook index", body, 0))
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
                f"<a class='cid' href='rulebook-{name}.html#{anchor('clause', c.id)}'>{escape(c.id)}</a>"
                for c in clauses
            )
            srows.append(
                f"<tr><td>{escape(section)}</td><td>{len(covered)}/{len(clauses)} "
                f"<span class='barbox'><span class='bar' style='width:{pct:.0f}%'></span></span></td>"
                f"<td>{len(passing)}</td><td>{links}</td></tr>"
            )

        def feats(explored: bool, name=name) -> str:
            return "".join(
                f"<li>{escape(_from(v[0]))}<a href='{escape(feature_page_path(v[0]))}'>{escape(v[0].feature_name)}</a> "
                f"{counts(v)}</li>"
                for k, v in sorted(by_feature.items())
                if v[0].ruleset == name and _explored(v[0]) == explored
            )

        explored = feats(True)
        index_parts.append(
            f"<h2>{escape(book.title)}</h2><p>{counts(rs)} "
            f"<a href='rulebook-{name}.html'>Clauses, FAQ and interpretations</a></p>"
            f"<table><tr><th>section</th><th>clauses covered</th><th>all passing</th><th>clauses</th></tr>"
            f"{''.join(srows)}</table><h3>Features</h3><ul>{feats(False)}</ul>"
            + (
                "<h3>Explored features</h3><p class='meta'>Written by <code>rulecheck explore</code>: "
                "minimal positions where a reading or a house rule rules otherwise than the book, "
                "with machine-made titles. Not part of the rulings book.</p>"
                f"<ul>{explored}</ul>"
                if explored
                else ""
            )
        )
    overall = f"<p><b>This run:</b> {counts(results)} <a href='scenarios.html'>Filter and search them</a></p>"
    write_new(
        out / "index.html",
        page("rulecheck: rulings by rulebook section", overall + "".join(index_parts), 0, stamp),
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
    write_new(out / "interpretations.html", page("Interpretations", listing, 0, stamp))
    return written + 1


def _explored(r: ScenarioResult) -> bool:
    return Path(r.feature).name.startswith(EXPLORED_PREFIX)


def _feature_body(root: Path, feature: str, rs: list[ScenarioResult]) -> str:
    """A feature page: the feature as written (description, Background, each scenario selected
    with its description and steps), with how each step went in this run."""
    doc = gherkin_feature(feature_source(root, rs[0]))
    background, scenarios = feature_scenarios(doc)
    by_line: dict[int, list[ScenarioResult]] = defaultdict(list)
    for r in rs:
        by_line[r.line].append(r)
    ruleset = rs[0].ruleset
    source = {"book": " of the bundled corpus (the book's own rulings)", "project": " of this project"}
    parts = [
        f"<p class='meta'>Feature file <code>{escape(feature)}</code>{source.get(rs[0].corpus, '')}"
        f" &middot; {counts(rs)}</p>"
    ]
    if _explored(rs[0]):
        parts.append(
            "<p class='meta'>Written by <code>rulecheck explore</code>; not part of the rulings book.</p>"
        )
    parts.append(description(doc.description))
    if background is not None:
        rows = "".join(step_item(s, "as written", None, False) for s in background.steps)
        parts.append(
            "<section class='background'><h2>Background</h2>"
            f"<p class='meta'>Run before every scenario of this feature; each scenario below marks how "
            f"its own run of these steps went.</p>{description(background.description)}"
            f"<ol class='steps'>{rows}</ol></section>"
        )
    if len(rs) > 1:
        parts.append(filter_bar(rs))
    for sc in scenarios:
        for r in by_line.get(sc.location.line, []):
            shown = _SHOWN.get(_key(r))
            tags = "".join(tag_link(t, ruleset, 2) for t in r.tags)
            status = r.outcome.replace(" ", "-")
            result = f"<span class='{escape(status)}'>{escape(r.outcome)}</span>"
            files = "".join(scenario_file(root, ruleset, st.text) for st in sc.steps)
            bg = ""
            if background is not None:
                bg_steps, bg_took = step_list(background.steps, r)
                ran = [
                    _STEPS.get(_key(r), {}).get(st.location.line, ("skipped", 0.0))[0]
                    for st in background.steps
                ]
                bg_status = "failed" if "failed" in ran else "passed" if set(ran) == {"passed"} else "skipped"
                bg = (
                    f"<details><summary>Background ({plural(len(background.steps), 'step')}"
                    f", {MARKS[bg_status]} {bg_status}, {duration(bg_took)})</summary>{bg_steps}</details>"
                )
            steps, took = step_list(sc.steps, r)
            result += f" (line {r.line}, {duration(took)})"
            if r.message:
                result += f"<pre class='failure'>{escape(r.message)}</pre>"
            example = r.nodeid.partition("[")[2].rstrip("]")
            parts.append(
                f"<section class='scenario item s-{escape(status)}' id='{anchor('s', str(r.line))}' "
                f"{_item_attributes(r)}>"
                f"<h2><span class='{escape(status)}' title='{escape(r.outcome)}'>{MARKS.get(r.outcome, '?')}</span> "
                f"{escape(_from(r))}{escape(r.name)}{f' [{escape(example)}]' if example else ''}</h2><p>{tags}</p>"
                f"{description(sc.description)}{files}"
                f"<p>Last result: {result}</p>"
                f"{bg}{steps}{diagram(shown)}{trace(shown)}</section>"
            )
    return "".join(parts)


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
