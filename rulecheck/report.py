"""Traceability: which scenarios cover each clause, interpretation and FAQ entry, and how they did.

Coverage is read from the feature tags. A tag naming a clause, FAQ entry or interpretation that
the ruleset's rulebook does not have is an error, as is a scenario without a ``@ruling`` status.

Dependencies are not read from tags but computed (a run with ``dependencies``: each scenario re-run
under every other option of every interpretation it read). The tags are then checked claims: a
scenario whose ruling fails under another option must carry ``@interpretation:NAME`` and
``@ruling:interpretation``; a scenario tagged ``@interpretation:NAME`` must depend on NAME (a
scenario that shows what a reading decides fails under the reading's other options, or it shows
nothing); ``@ruling:interpretation`` needs some dependency.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulecheck.corpus import CorpusRun, ScenarioResult
from rulecheck.wording import plural
from rules.rulebook import RULING_STATUSES, Rulebook


def _status(results: list[ScenarioResult], clause: str | None = None) -> str:
    """A clause fails only where a failure concerns it (``ScenarioResult.failure_clauses``): a
    scenario citing several clauses that fails at a step checking one of them leaves the others
    "partial" (covered, not confirmed), not failed."""
    if not results:
        return "uncovered"
    if any(r.outcome == "failed" and (clause is None or clause in r.failure_clauses) for r in results):
        return "fail"
    if all(r.outcome == "passed" for r in results):
        return "pass"
    return "partial"


def _ref(r: ScenarioResult) -> dict[str, Any]:
    ref = {"feature": r.feature, "line": r.line, "scenario": r.name, "outcome": r.outcome}
    return {**ref, "corpus": r.corpus} if r.corpus else ref


def _from(ref: dict[str, Any]) -> str:
    """``[book] `` before a scenario of a run of several corpora (--with-book) that is not the
    project's; nothing in a run of one."""
    return f"[{ref['corpus']}] " if ref.get("corpus") and ref["corpus"] != "project" else ""


def tag_errors(book: Rulebook, results: list[ScenarioResult]) -> list[str]:
    errors = []
    for r in results:
        where = f"{r.feature}:{r.line}"
        for cid in r.tagged("clause"):
            if cid not in book.clauses:
                errors.append(f"{where}: tag @clause:{cid}: no such clause in {book.ruleset}")
        for q in r.tagged("faq"):
            if q not in book.faq:
                errors.append(f"{where}: tag @faq:{q}: no such FAQ entry in {book.ruleset}")
        for number in r.tagged("assumed"):
            if number not in book.parameters or not book.parameters[number].assumed:
                errors.append(f"{where}: tag @assumed:{number}: no such assumed number in {book.ruleset}")
        for name in r.tagged("interpretation"):
            if name not in book.interpretations:
                errors.append(
                    f"{where}: tag @interpretation:{name}: no such interpretation in {book.ruleset}"
                )
        statuses = r.tagged("ruling")
        if len(statuses) != 1 or statuses[0] not in RULING_STATUSES:
            errors.append(
                f"{where}: needs exactly one @ruling tag ({', '.join(RULING_STATUSES)}), has {statuses}"
            )
        if not r.tagged("clause"):
            errors.append(f"{where}: cites no clause (add @clause:...)")
    return errors


def _options(opts: list[str]) -> str:
    return ", ".join(opts)


def dependency_errors(book: Rulebook, results: list[ScenarioResult]) -> list[str]:
    """Tags that disagree with the computed dependencies (only for scenarios that were probed)."""
    errors = []
    for r in results:
        if r.probes is None or r.outcome != "passed":
            continue
        where = f"{r.feature}:{r.line} ({r.name})"
        deps = r.dependencies
        tagged = r.tagged("interpretation")
        ruling = r.tagged("ruling")
        assumed = r.tagged("assumed")
        for entry, values in deps.items():
            if not entry.startswith("parameters."):
                continue
            number = entry.removeprefix("parameters.")
            if number not in assumed:
                errors.append(
                    f"{where}: depends on the assumed number {number} (its ruling fails with "
                    f"{number}={_options(values)}) but lacks @assumed:{number}"
                )
        for number in assumed:
            param = book.parameters.get(number)
            if param is not None and param.assumed and f"parameters.{number}" not in deps:
                errors.append(
                    f"{where}: tagged @assumed:{number} but its ruling holds when the number moves; drop the tag"
                )
        for name, opts in deps.items():
            if name.startswith("parameters."):
                continue
            if name not in tagged:
                errors.append(
                    f"{where}: depends on interpretation {name} (its ruling fails under "
                    f"{name}={_options(opts)}) but lacks @interpretation:{name}"
                )
        if deps and "derived" in ruling:
            errors.append(
                f"{where}: labelled @ruling:derived but its ruling rests on {', '.join(deps)}; "
                "label it @ruling:interpretation"
            )
        for name in tagged:
            # A reading with a single option has nothing to compare against: the tag names it.
            if (
                name in book.interpretations
                and name not in deps
                and len(book.interpretations[name].options) > 1
            ):
                tried = r.probes.get(name)
                why = (
                    f"its ruling holds under {name}={_options(list(tried))} too"
                    if tried
                    else f"it never reads {name}"
                )
                errors.append(
                    f"{where}: tagged @interpretation:{name} but does not depend on it ({why}); "
                    "make the scenario tell the options apart or drop the tag"
                )
        if not deps and ruling == ["interpretation"]:
            errors.append(
                f"{where}: labelled @ruling:interpretation but no interpretation decides its ruling; "
                "label it @ruling:derived"
            )
    return errors


def ruleset_report(
    book: Rulebook, results: list[ScenarioResult], corpus: list[ScenarioResult] | None = None
) -> dict[str, Any]:
    """``corpus``: every scenario of the ruleset on disk, run or not, when ``results`` is a
    selection (``--tags``): a FAQ entry whose scenarios were all left out is "not selected", not
    "no scenario yet"."""
    by_clause: dict[str, list[ScenarioResult]] = {cid: [] for cid in book.clauses}
    by_interp: dict[str, list[ScenarioResult]] = {name: [] for name in book.interpretations}
    computed = bool(results) and all(r.probes is not None for r in results)
    by_faq: dict[str, list[ScenarioResult]] = {q: [] for q in book.faq}
    for r in results:
        for cid in r.tagged("clause"):
            by_clause.setdefault(cid, []).append(r)
        # Computed dependencies when the run has them; the tags only otherwise.
        for name in r.dependencies if computed else r.tagged("interpretation"):
            by_interp.setdefault(name, []).append(r)
        for q in r.tagged("faq"):
            by_faq.setdefault(q, []).append(r)
    clauses = [
        {
            "id": cid,
            "section": c.section,
            "text": c.text,
            "status": _status(by_clause[cid], cid),
            "scenarios": [_ref(r) for r in by_clause[cid]],
        }
        for cid, c in book.clauses.items()
    ]
    interpretations = [
        {
            "name": name,
            "kind": i.kind,
            "question": i.question,
            "option": book.interpretation(name),
            "default": i.default,
            "options": dict(i.options),
            "why": i.why,
            "clauses": list(i.clauses),
            "scenarios": [
                {**_ref(r), **({"flips_under": r.dependencies[name]} if computed else {})}
                for r in by_interp[name]
            ],
        }
        for name, i in book.interpretations.items()
    ]
    faq = [
        {
            "id": q,
            "question": e.question,
            "status": e.status,
            "justification": e.justification,
            "clauses": list(e.clauses),
            "interpretation": e.interpretation,
            **({"card_property": e.card_property} if e.card_property else {}),
            "scenarios": [_ref(r) for r in by_faq[q]],
        }
        for q, e in book.faq.items()
    ]
    elsewhere = {q for r in corpus or () for q in r.tagged("faq")}
    not_selected = [f["id"] for f in faq if not f["scenarios"] and f["id"] in elsewhere]
    needs_scenario = [
        f["id"]
        for f in faq
        if (f["status"] in ("derived", "interpretation") or f.get("card_property"))
        and not f["scenarios"]
        and f["id"] not in elsewhere
    ]
    return {
        "ruleset": book.ruleset,
        "title": book.title,
        "overlays": list(book.overlays),
        "scenarios": {
            "total": len(results),
            **Counter(r.outcome for r in results),
            **(
                {"by_corpus": dict(Counter(r.corpus for r in results))}
                if any(r.corpus for r in results)
                else {}
            ),
        },
        "clauses": clauses,
        "uncovered_clauses": [c["id"] for c in clauses if c["status"] == "uncovered"],
        "interpretations": interpretations,
        # Numbers the book names without sizing: the project's defaults, like interpretations.
        "assumed_numbers": [
            {"name": name, "value": p.value, "clause": p.clause, "note": p.note}
            for name, p in book.parameters.items()
            if p.assumed
        ],
        "dependencies": "computed" if computed else "from tags",
        "faq": faq,
        "faq_counts": dict(Counter(e.status for e in book.faq.values())),
        "faq_without_scenario": needs_scenario,
        "faq_not_selected": not_selected,
        "failures": [
            {
                **_ref(r),
                "message": r.message,
                "failed_step": r.failed_step,
                "clauses": list(r.failure_clauses),
            }
            for r in results
            if r.outcome == "failed"
        ],
        "errors": tag_errors(book, results) + dependency_errors(book, results),
        **_vacuous(results),
    }


def _vacuous(results: list[ScenarioResult]) -> dict[str, Any]:
    """The Then-steps that survived a perturbation (only in a run with vacuous)."""
    probed = [r for r in results if r.vacuous is not None]
    if not probed:
        return {}
    return {
        "then_steps_probed": sum(r.then_steps for r in probed),
        "vacuous_steps": [
            {"feature": r.feature, "scenario": r.name, **v} for r in probed for v in r.vacuous or ()
        ],
    }


def build_report(
    run: CorpusRun,
    books: dict[str, Rulebook],
    tags: str | None = None,
    corpus: dict[str, list[ScenarioResult]] | None = None,
) -> dict[str, Any]:
    """``tags``: the tag expression that selected the scenarios, if any (coverage is then the
    selection's, not the corpus's); ``corpus``: per ruleset, every scenario on disk (see
    ``ruleset_report``)."""
    rulesets = [
        ruleset_report(book, run.by_ruleset(name), (corpus or {}).get(name)) for name, book in books.items()
    ]
    ok = run.passed and not any(rs["errors"] or rs.get("vacuous_steps") for rs in rulesets)
    return {"ok": ok, "overlays": list(run.overlays), "tags": tags, "rulesets": rulesets}


def format_text(report: dict[str, Any], verbose: bool = False) -> str:
    out: list[str] = []
    for rs in report["rulesets"]:
        sc = rs["scenarios"]
        head = f"{rs['ruleset']} ({rs['title']}): {plural(sc['total'], 'scenario')}, {sc.get('passed', 0)} passed"
        if sc.get("failed"):
            head += f", {sc['failed']} FAILED"
        if sc.get("skipped"):
            head += f", {sc['skipped']} skipped"
        if sc.get("by_corpus"):
            head += f" ({', '.join(f'{n} from the {c}' for c, n in sc['by_corpus'].items())})"
        if rs["overlays"]:
            head += f"  [rules: {', '.join(rs['overlays'])}]"
        if report.get("tags"):
            head += f"  [tags: {report['tags']}]"
        out.append(head)
        for c in rs["clauses"]:
            if not c["scenarios"] and not verbose:
                continue
            n = len(c["scenarios"])
            mark = {"pass": "pass", "fail": "FAIL", "uncovered": "----", "partial": "part"}[c["status"]]
            out.append(f"  {mark}  {c['id']:<11} {n:>3} scenario{'s' if n != 1 else ' '}  {c['text']}")
            if verbose:
                out += [
                    f"          {s['outcome']:<7} {_from(s)}{s['feature']}:{s['line']} {s['scenario']}"
                    for s in c["scenarios"]
                ]
        if any(c["status"] == "partial" for c in rs["clauses"]):
            out.append(
                "  (part: covered, but a scenario citing the clause failed on another clause or was skipped)"
            )
        if rs["uncovered_clauses"]:
            selected = " selected" if report.get("tags") else ""
            out.append(
                f"  clauses no{selected} scenario covers ({len(rs['uncovered_clauses'])}): {', '.join(rs['uncovered_clauses'])}"
            )
        else:
            out.append(f"  every clause is covered ({plural(len(rs['clauses']), 'clause')})")
        how = rs.get("dependencies", "from tags")
        # Readings of the text first; placeholders for card text the chapter lacks apart.
        for kind, heading in (
            ("reading", f"interpretations in force (dependent scenarios {how})"),
            ("placeholder", "placeholders for card text the rules do not print, in force"),
        ):
            used = [i for i in rs["interpretations"] if i.get("kind", "reading") == kind]
            if not used:
                continue
            out.append(f"  {heading}:")
            for i in used:
                flag = "" if i["option"] == i["default"] else f" (default {i['default']})"
                n = len(i["scenarios"])
                out.append(
                    f"    {i['name']} = {i['option']}{flag}: {plural(n, 'scenario')} {'depends' if n == 1 else 'depend'} on it"
                )
                if verbose:
                    out += [
                        f"          {s['feature']}:{s['line']} {s['scenario']}"
                        + (f"  (fails under {', '.join(s['flips_under'])})" if s.get("flips_under") else "")
                        for s in i["scenarios"]
                    ]
        if rs.get("assumed_numbers"):
            out.append("  assumed numbers (the project's defaults where the book gives no number):")
            for a in rs["assumed_numbers"]:
                out.append(
                    f"    {a['name']} = {a['value']} ({a['clause']})" + (f": {a['note']}" if verbose else "")
                )
        if rs["faq"]:
            counts = ", ".join(f"{k} {v}" for k, v in sorted(rs["faq_counts"].items()))
            out.append(f"  FAQ ledger: {plural(len(rs['faq']), 'entry')} ({counts})")
            not_selected = set(rs.get("faq_not_selected", ()))
            for status in sorted(rs["faq_counts"]):
                ids = [
                    f["id"] + ("" if f["scenarios"] else "~" if f["id"] in not_selected else "*")
                    for f in rs["faq"]
                    if f["status"] == status
                ]
                out.append(f"    {status}: {', '.join(ids)}")
            marks = []
            if any(not f["scenarios"] and f["id"] not in not_selected for f in rs["faq"]):
                marks.append("* no scenario cites the entry yet")
            if not_selected:
                marks.append("~ its scenarios are not selected by the tag expression")
            if marks:
                out.append(f"    ({'; '.join(marks)})")
            decided = [f["id"] for f in rs["faq"] if f.get("card_property")]
            if decided:
                out.append(f"    decided by a hypothetical card: {', '.join(decided)}")
            if rs["faq_without_scenario"]:
                out.append(
                    f"    entries that need a scenario (a derived or interpreted ruling): {', '.join(rs['faq_without_scenario'])}"
                )
        for f in rs["failures"]:
            out.append(f"  FAILED {_from(f)}{f['feature']}:{f['line']} {f['scenario']}")
            out += [f"         {line}" for line in f["message"].splitlines()]
        for e in rs["errors"]:
            out.append(f"  ERROR {e}")
        if "vacuous_steps" in rs:
            found = rs["vacuous_steps"]
            out.append(
                f"  vacuous Then-steps: {len(found)} of {rs['then_steps_probed']} survive a change of what they expect"
            )
            for v in found:
                out.append(f"  VACUOUS {v['feature']}:{v['line']} {v['step']}")
                out += [f"          survives {s}" for s in v["survived"]]
    for name, where in (report.get("project_cards") or {}).items():
        out.append(f"card {name!r}: from the project's {where}")
    out.append("OK: every scenario passed" if report["ok"] else "NOT OK")
    return "\n".join(out)


def _md(text: str) -> str:
    """Table-cell safe: pipes would split the cell, newlines the row."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def format_markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown document: one section per ruleset, a clause table with the
    covering scenarios, the interpretations in force with their dependants, the FAQ ledger."""
    mark = {"pass": "pass", "fail": "**FAIL**", "uncovered": "uncovered", "partial": "partial"}
    out = ["# Rules compliance report", ""]
    if report["overlays"]:
        out += [f"Run under the overlays: {', '.join(f'`{o}`' for o in report['overlays'])}.", ""]
    if report.get("tags"):
        out += [f"Scenarios selected by the tag expression `{report['tags']}`.", ""]
    out += ["**Result: " + ("every scenario passed" if report["ok"] else "NOT OK") + "**", ""]
    for rs in report["rulesets"]:
        sc = rs["scenarios"]
        out += [f"## {rs['title']} (`{rs['ruleset']}`)", ""]
        counts = ", ".join(f"{sc.get(k, 0)} {k}" for k in ("passed", "failed", "skipped") if sc.get(k))
        out += [f"{plural(sc['total'], 'scenario')}: {counts or 'none run'}.", ""]
        if rs["overlays"]:
            out += [f"Rule overlays in force: {', '.join(rs['overlays'])}.", ""]
        out += [
            "### Clauses",
            "",
            "| clause | section | paraphrase | status | scenarios |",
            "|---|---|---|---|---|",
        ]
        for c in rs["clauses"]:
            scen = "<br>".join(f"{_md(s['scenario'])} ({s['feature']}:{s['line']})" for s in c["scenarios"])
            out.append(
                f"| {c['id']} | {_md(c['section'])} | {_md(c['text'])} | {mark[c['status']]} | {scen or '-'} |"
            )
        out.append("")
        if rs["uncovered_clauses"]:
            out += [f"Clauses no scenario covers: {', '.join(rs['uncovered_clauses'])}.", ""]
        else:
            out += [f"Every clause is covered ({plural(len(rs['clauses']), 'clause')}).", ""]
        if rs["interpretations"]:
            out += [
                "### Interpretations",
                "",
                "| name | question | option in force | scenarios |",
                "|---|---|---|---|",
            ]
            for i in rs["interpretations"]:
                option = f"`{i['option']}`" + (
                    "" if i["option"] == i["default"] else f" (default `{i['default']}`)"
                )
                scen = "<br>".join(_md(s["scenario"]) for s in i["scenarios"])
                out.append(f"| {i['name']} | {_md(i['question'])} | {option} | {scen or '-'} |")
            out.append("")
        if rs.get("assumed_numbers"):
            out += [
                "### Assumed numbers",
                "",
                "The book names these rules without giving a number; the project assumes one.",
                "",
                "| parameter | value | clause | why |",
                "|---|---|---|---|",
            ]
            for a in rs["assumed_numbers"]:
                out.append(f"| {a['name']} | {a['value']} | {a['clause']} | {_md(a['note'])} |")
            out.append("")
        if rs["faq"]:
            out += ["### FAQ ledger", ""]
            counts = ", ".join(f"{k} {v}" for k, v in sorted(rs["faq_counts"].items()))
            out += [f"{plural(len(rs['faq']), 'entry')} ({counts}).", ""]
            out += ["| entry | status | question | scenarios |", "|---|---|---|---|"]
            for f in rs["faq"]:
                out.append(f"| {f['id']} | {f['status']} | {_md(f['question'])} | {len(f['scenarios'])} |")
            out.append("")
        if rs["failures"]:
            out += ["### Failures", ""]
            for f in rs["failures"]:
                out += [f"- {_from(f)}{f['feature']}:{f['line']} {_md(f['scenario'])}", "", "  ```"]
                out += [f"  {line}" for line in f["message"].splitlines()]
                out += ["  ```", ""]
            out.append("")
        if rs["errors"]:
            out += ["### Tag errors", ""]
            out += [f"- {e}" for e in rs["errors"]]
            out.append("")
    return "\n".join(out)
