"""A corpus run in parts, put back together as one: ``check -n N`` (the selected scenarios spread
over N processes, each a ``run_corpus`` of its own) and ``--with-book`` (the project's run and the
bundled corpus's). The results, the Cucumber JSON and the JUnit XML of the parts are merged in
the order a single run gives them, so the reports are those of a serial run.

No new dependency: the processes are ``python -m rulecheck.corpus_parts REQUEST RESULT``, each
given its share of the scenarios as ``(feature, line)`` pairs, the way ``FILE:LINE`` selects.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rulecheck.source_yaml import InputError


def scenario_order(root: Path, rulesets: Sequence[str], paths: list | None) -> list[tuple[str, int]]:
    """Every scenario a run of ``root`` would collect, as (resolved feature file, line), in the
    order the run collects them (a feature-only project: by file path; a corpus bound by its
    test files: pytest-bdd's order, by feature name), narrowed to what ``paths`` select."""
    from rulecheck.corpus import corpora, feature_files_of, project_feature_corpora
    from rulecheck.pytest_bdd_compat import parse_feature
    from rulecheck.selection import selected

    found = corpora(root, rulesets)
    bound = bool(feature_files_of(found))
    order: list[tuple[str, int]] = []
    for c in (found if bound else project_feature_corpora(found)).values():
        if not c.features.is_dir():
            continue
        features = [parse_feature(p) for p in sorted(c.features.rglob("*.feature"))]
        if bound:
            features.sort(key=lambda f: f.name or f.filename)
        for feature in features:
            for tmpl in feature.scenarios.values():
                examples = [ctx for ex in tmpl.examples for ctx in ex.as_contexts()] or [None]
                wanted = paths is None or any(
                    selected(paths, Path(feature.filename), tmpl.line_number, e) for e in examples
                )
                if wanted:
                    order.append((str(Path(feature.filename).resolve()), tmpl.line_number))
    return order


def _share_of(pairs: Iterable[Sequence[Any]], paths: list | None) -> list[dict[str, Any]]:
    """One process's scenarios as JSON: each (feature, line), with the example rows the path
    arguments chose of it when they chose rows."""
    out = []
    for feature, line in pairs:
        rows = [w.row for w in paths or () if str(w.feature) == feature and w.span and w.span.first == line]
        whole = not rows or any(r is None for r in rows)
        out += (
            [{"feature": feature, "line": line, "row": None}]
            if whole
            else [{"feature": feature, "line": line, "row": r} for r in rows]
        )
    return out


def _wanted_of(share: Iterable[dict[str, Any]]) -> list:
    from rulecheck.selection import ScenarioSpan, Wanted

    return [
        Wanted(
            Path(s["feature"]), f"{s['feature']}:{s['line']}", ScenarioSpan(s["line"], s["line"]), s["row"]
        )
        for s in share
    ]


def run_in_processes(
    processes: int, root: Path, paths: list | None, part_of_a_run: bool = False, **options: Any
):
    """``run_corpus(root, paths=paths, **options)`` spread over ``processes`` processes; the
    same results, in the same order, and the same report files."""
    from rulecheck.corpus import CorpusRun, ScenarioResult

    rulesets = list(options.get("rulesets") or [])
    order = scenario_order(root, rulesets, paths)
    shares = [order[k::processes] for k in range(processes)]
    shares = [s for s in shares if s]
    cucumber, junit = options.pop("cucumber_json", None), options.pop("junit_xml", None)
    with tempfile.TemporaryDirectory(prefix="rulecheck-parts-") as tmp:
        folder = Path(tmp)
        running = []
        for k, share in enumerate(shares):
            request = {
                "root": str(root),
                "share": _share_of(share, paths),
                "options": options,
                "cucumber_json": str(folder / f"{k}.cucumber.json") if cucumber else None,
                "junit_xml": str(folder / f"{k}.junit.xml") if junit else None,
            }
            (folder / f"{k}.request.json").write_text(json.dumps(request), encoding="utf-8")
            command = [sys.executable, "-m", "rulecheck.corpus_parts", str(folder / f"{k}.request.json")]
            command.append(str(folder / f"{k}.result.json"))
            running.append(
                subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            )
        problems = [(p.wait(), p.stderr.read().strip()) for p in running]
        for p in running:
            p.stderr.close()
        done_parts = []
        for k, (code, err) in enumerate(problems):
            result_file = folder / f"{k}.result.json"
            done = json.loads(_own(result_file)) if result_file.is_file() else None
            if done is not None and "error" in done:
                raise InputError(*done["error"])
            if code != 0 or done is None:
                why = err.splitlines()[-1] if err else f"exit status {code}"
                raise RuntimeError(f"a process of the run (-n) failed: {why}")
            done_parts.append(done)
        results, exit_codes = [], []
        for done in done_parts:
            results += [ScenarioResult.from_json(r) for r in done["results"]]
            exit_codes.append(done["exit_code"])
        rank = {where: i for i, where in enumerate(order)}
        results.sort(key=lambda r: rank.get((str(_feature_file(root, r)), r.line), len(rank)))
        write_merged_reports(
            cucumber,
            [folder / f"{k}.cucumber.json" for k in range(len(shares))],
            junit,
            [folder / f"{k}.junit.xml" for k in range(len(shares))],
            results,
            options.get("overlays", ()),
            root,
            options.get("rulesets"),
        )
    if not part_of_a_run:
        _refuse_an_empty_selection(results, paths, options.get("tags"))
    code = 1 if any(c == 1 for c in exit_codes) else 0
    return CorpusRun(results, code, tuple(str(Path(o).resolve()) for o in options.get("overlays", ())))


def run_with_book(processes: int, root: Path, book_root: Path, paths: list | None, **options: Any):
    """The project's run and the bundled corpus's (``--with-book``), one after the other, as one
    run: each result says which corpus it came from (``project`` / ``book``), and so do the
    Cucumber JSON (a ``@corpus:NAME`` tag on each feature) and the JUnit XML (a ``corpus``
    property on each test case)."""
    from rulecheck.corpus import CorpusRun, run_corpus

    cucumber, junit = options.pop("cucumber_json", None), options.pop("junit_xml", None)
    labels = ("project", "book")
    results, codes = [], []
    with tempfile.TemporaryDirectory(prefix="rulecheck-book-") as tmp:
        folder = Path(tmp)
        for label, where in zip(labels, (root, book_root), strict=True):
            reports = {
                "cucumber_json": folder / f"{label}.cucumber.json" if cucumber else None,
                "junit_xml": folder / f"{label}.junit.xml" if junit else None,
            }
            if processes > 1:
                run = run_in_processes(processes, where, paths, **options, **reports, part_of_a_run=True)
            else:
                run = run_corpus(where, paths=paths, part_of_a_run=True, **options, **reports)
            for r in run.results:
                r.corpus = label
            results += run.results
            codes.append(run.exit_code)
        _refuse_an_empty_selection(results, paths, options.get("tags"))
        write_merged_reports(
            cucumber,
            [folder / f"{label}.cucumber.json" for label in labels],
            junit,
            [folder / f"{label}.junit.xml" for label in labels],
            results,
            options.get("overlays", ()),
            root,
            options.get("rulesets"),
            labels=labels,
        )
    code = 1 if 1 in codes else 0
    return CorpusRun(results, code, tuple(str(Path(o).resolve()) for o in options.get("overlays", ())))


def _refuse_an_empty_selection(results, paths: list | None, tags: str | None) -> None:
    if tags is not None and not results:
        raise InputError("--tags", None, "", f"the tag expression {tags!r} selects no scenario")
    if paths and not results:
        shown = " ".join(dict.fromkeys(w.text for w in paths))
        raise InputError(shown, None, "", "selects no scenario of the rulesets run")


def _feature_file(root: Path, result) -> Path:
    from rulecheck.corpus import feature_source

    return feature_source(root, result).resolve()


def write_merged_reports(
    cucumber, cucumber_parts, junit, junit_parts, results, overlays, root, rulesets, labels=None
):
    """The parts' Cucumber JSON and JUnit XML as one file each, written atomically; ``labels``
    (one per part, or None) names the corpus each part's scenarios came from."""
    from rulecheck.corpus import _report_files
    from rulecheck.output_overlap import corpus_inputs

    if not cucumber and not junit:
        return
    with _report_files(
        {"--cucumber-json": cucumber, "--junit-xml": junit}, corpus_inputs(root, rulesets, overlays)
    ) as pending:
        if "--cucumber-json" in pending:
            merged = merge_cucumber(cucumber_parts, results, labels)
            pending["--cucumber-json"].write_text(json.dumps(merged, indent=4), encoding="utf-8")
        if "--junit-xml" in pending:
            merge_junit(junit_parts, pending["--junit-xml"], results, labels)


def merge_cucumber(parts: Sequence[Path], results, labels=None) -> list:
    """One Cucumber JSON from the parts': a feature split over parts is one feature again, its
    scenarios in the run's order."""
    from rulecheck.input_files import MAX_OWN_REPORT_BYTES, read_input_text

    rank = {(r.feature, r.line): i for i, r in enumerate(results)}
    features: dict[tuple[str, str], dict] = {}
    for k, part in enumerate(parts):
        if not part.is_file():
            continue
        for feature in json.loads(
            read_input_text(part, MAX_OWN_REPORT_BYTES, "a Cucumber JSON report") or "[]"
        ):
            label = labels[k] if labels else ""
            if label:
                feature.setdefault("tags", []).append({"name": f"@corpus:{label}", "line": 1})
            key = (label, feature.get("uri", ""))
            if key in features:
                features[key]["elements"] += feature.get("elements", [])
            else:
                features[key] = feature

    def place(element_uri: str, line: int) -> int:
        return next((i for (f, ln), i in rank.items() if ln == line and f.endswith(element_uri)), len(rank))

    for feature in features.values():
        feature["elements"].sort(key=lambda e: place(feature.get("uri", ""), e.get("line", 0)))
    return sorted(
        features.values(),
        key=lambda f: min((place(f.get("uri", ""), e.get("line", 0)) for e in f["elements"]), default=0),
    )


def merge_junit(parts: Sequence[Path], target: Path, results, labels=None) -> None:
    """One JUnit XML from the parts': every test case in one test suite, in the run's order,
    with the suite's counts added up."""
    import xml.etree.ElementTree as ET

    rank = {(r.feature, r.name, r.line): i for i, r in enumerate(results)}
    suite = None
    cases = []
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    seconds = 0.0
    for k, part in enumerate(parts):
        if not part.is_file() or part.stat().st_size == 0:
            continue
        root = ET.parse(part).getroot()
        for s in root.iter("testsuite"):
            if suite is None:
                tree, suite = root, s
            for key in totals:
                totals[key] += int(s.get(key, 0))
            seconds += float(s.get("time", 0))
            for case in list(s.iter("testcase")):
                if labels:
                    props = ET.SubElement(case, "properties")
                    ET.SubElement(props, "property", name="corpus", value=labels[k])
                cases.append(case)
    if suite is None:
        return
    for case in list(suite):
        if case.tag == "testcase":
            suite.remove(case)
    cases.sort(
        key=lambda c: rank.get((c.get("file", ""), c.get("name", ""), int(c.get("line", 0))), len(rank))
    )
    suite.extend(cases)
    for key, value in totals.items():
        suite.set(key, str(value))
    suite.set("time", f"{seconds:.3f}")
    tree_out = ET.ElementTree(tree)
    tree_out.write(target, encoding="utf-8", xml_declaration=True)


def _own(path: Path) -> str:
    """A request or a result this run wrote in its own temporary folder."""
    from rulecheck.input_files import MAX_OWN_REPORT_BYTES, read_input_text

    return read_input_text(path, MAX_OWN_REPORT_BYTES, "a JSON file of this run")


def _work(request_file: str, result_file: str) -> int:
    """One process's share: a ``run_corpus`` of its scenarios; the results as JSON."""
    from rulecheck.corpus import run_corpus

    request = json.loads(_own(Path(request_file)))
    try:
        run = run_corpus(
            Path(request["root"]),
            paths=_wanted_of(request["share"]),
            cucumber_json=request["cucumber_json"],
            junit_xml=request["junit_xml"],
            part_of_a_run=True,
            **request["options"],
        )
    except InputError as exc:
        error = {"error": [exc.file, exc.line, exc.field, exc.message]}
        Path(result_file).write_text(json.dumps(error), encoding="utf-8")
        return 2
    done = {"exit_code": run.exit_code, "results": [r.to_json() for r in run.results]}
    Path(result_file).write_text(json.dumps(done), encoding="utf-8")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):
        sys.exit(_work(sys.argv[1], sys.argv[2]))
