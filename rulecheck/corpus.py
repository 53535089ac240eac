"""Run the feature corpus in-process through pytest and pytest-bdd, and collect one result per
scenario: its feature, line, tags, outcome, failure message and recorded outcomes.

``rulecheck check``, ``report``, ``diff``, ``mutate`` and ``docs`` all read a ``CorpusRun``; none
re-implements pytest. A tag expression (Cucumber syntax: ``@faq and not @ruling:interpretation``)
selects a subset; ``select`` picks scenarios by node id (what the mutation runner uses).

With ``record_reads`` the run also notes, per scenario, which parameters and interpretations of
which rulebook it asked for. The engines are pure and take every number and every open question
from ``Rulebook.param`` / ``Rulebook.interpretation``, so a scenario that never read an entry runs
identically whatever that entry's value: a rule change only needs to re-run the scenarios that
read what it changes.

Cucumber JSON and JUnit XML come from pytest-bdd's ``--cucumber-json`` and pytest's
``--junit-xml``; they are written to a temporary file beside the target and moved into place only
when the run finished, so an interrupted run never leaves half a file over a good one.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cucumber_tag_expressions
import cucumber_tag_expressions.model
import pytest

from rulecheck import progress
from rulecheck.input_files import MAX_FEATURE_BYTES, MAX_OWN_REPORT_BYTES, read_input_text
from rulecheck.locations import corpus_root
from rulecheck.output_files import check_file_target, pending_file, raise_if_signalled
from rulecheck.output_overlap import Output, corpus_inputs, refuse_overlaps
from rulecheck.pytest_plugin import shown_events, split_tag
from rulecheck.ruleset_api import Corpus, ruleset_names, step_phrases
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.source_yaml import InputError, RefusedChoice, escape_controls
from rules.rulebook import Rulebook, RulebookError, observing_reads

PROJECT_ROOT = corpus_root()  # the checkout, or the copy an installed wheel carries


@dataclass
class ScenarioResult:
    ruleset: str
    feature: str  # path relative to the project root
    feature_name: str
    name: str
    line: int
    tags: tuple[str, ...]
    outcome: str = "not run"  # passed, failed, skipped
    message: str = ""  # the whole failure message: "expected ..., got ...", the step, the trace
    failed_step: dict[str, Any] | None = None  # {"keyword", "text", "line"} of the step that failed
    # The clauses the failure concerns: those a failed Then-step checked (the scenario's own
    # clauses), or those of the first event where a run under an overlay left the book's. A Given
    # or When that broke with no such event checked none. None: not known (an older result file).
    failed_clauses: tuple[str, ...] | None = None
    outcomes: dict[str, Any] = field(default_factory=dict)
    nodeid: str = ""
    # The explanation trace the scenario showed (events as Event.to_json gives them): what `diff`
    # prints, in the events' own words, where a changed ruling took another path.
    trace: list[dict[str, Any]] = field(default_factory=list)
    # "ruleset:parameters.NAME" / "ruleset:interpretations.NAME" the scenario asked the rulebook
    # for; filled only by a run with record_reads.
    reads: frozenset[str] = frozenset()
    # Filled only by a run with dependencies: each interpretation the scenario read, with the other
    # options it was re-run under and whether its asserted ruling still held ({option: passed}).
    probes: dict[str, dict[str, bool]] | None = None
    # Filled only by a run with vacuous: the Then-steps probed and those that survived a
    # perturbation of their expected value (rulecheck.vacuous).
    then_steps: int = 0
    vacuous: list[dict[str, Any]] | None = None
    # Which corpus the scenario came from in a run of several (--with-book: "project" or
    # "book"); empty in a run of one.
    corpus: str = ""

    @property
    def dependencies(self) -> dict[str, list[str]]:
        """Interpretation -> the options under which this scenario's ruling fails: what it rests on."""
        return {
            name: [opt for opt, held in opts.items() if not held]
            for name, opts in (self.probes or {}).items()
            if not all(opts.values())
        }

    @property
    def failure_clauses(self) -> tuple[str, ...]:
        """The clauses this scenario's failure counts against (none if it passed)."""
        if self.outcome != "failed":
            return ()
        return tuple(self.tagged("clause")) if self.failed_clauses is None else self.failed_clauses

    def tagged(self, kind: str) -> list[str]:
        return [v for t in self.tags if (p := split_tag(t)) and p[0] == kind for v in [p[1]]]

    @property
    def key(self) -> str:
        """Stable identity across runs and revisions: feature file and scenario title, plus the
        example's id for an outline (its rows share one title)."""
        _, bracket, param = self.nodeid.partition("[")
        return f"{self.feature}::{self.name}" + (f"[{param}" if bracket else "")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScenarioResult:
        return cls(
            ruleset=data["ruleset"],
            feature=data["feature"],
            feature_name=data.get("feature_name", ""),
            name=data["scenario"],
            line=int(data.get("line", 0)),
            tags=tuple(data.get("tags", ())),
            outcome=data.get("outcome", "not run"),
            message=data.get("message", ""),
            failed_step=data.get("failed_step"),
            failed_clauses=tuple(data["failed_clauses"]) if data.get("failed_clauses") is not None else None,
            outcomes=dict(data.get("outcomes") or {}),
            nodeid=data.get("nodeid", ""),
            trace=list(data.get("trace") or ()),
            reads=frozenset(data.get("reads", ())),
            probes=data.get("probes"),
            then_steps=int(data.get("then_steps", 0)),
            vacuous=data.get("vacuous"),
            corpus=data.get("corpus", ""),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "feature": self.feature,
            "feature_name": self.feature_name,
            "scenario": self.name,
            "line": self.line,
            "tags": list(self.tags),
            "outcome": self.outcome,
            "message": self.message,
            "failed_step": self.failed_step,
            **({"failed_clauses": list(self.failed_clauses)} if self.failed_clauses is not None else {}),
            "outcomes": self.outcomes,
            "nodeid": self.nodeid,
            **({"trace": self.trace} if self.trace else {}),
            "reads": sorted(self.reads),
            **({"probes": self.probes, "depends_on": self.dependencies} if self.probes is not None else {}),
            **({"then_steps": self.then_steps, "vacuous": self.vacuous} if self.vacuous is not None else {}),
            **({"corpus": self.corpus} if self.corpus else {}),
        }


@dataclass
class CorpusRun:
    results: list[ScenarioResult]
    exit_code: int
    overlays: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.exit_code == 0 and all(r.outcome == "passed" for r in self.results)

    def by_ruleset(self, ruleset: str) -> list[ScenarioResult]:
        return [r for r in self.results if r.ruleset == ruleset]

    def by_key(self) -> dict[str, ScenarioResult]:
        return {r.key: r for r in self.results}

    def readers(self, ruleset: str, entries: Iterable[str]) -> list[ScenarioResult]:
        """The scenarios that read any of ``entries`` (``parameters.NAME``, ``interpretations.NAME``)
        of ``ruleset``: the only ones a change to those entries can affect. Needs a run with
        ``record_reads``."""
        wanted = {f"{ruleset}:{e}" for e in entries}
        return [r for r in self.results if r.reads & wanted]


# --- tag expressions ---------------------------------------------------------------------------
#
# Cucumber's own parser (cucumber-tag-expressions) reads the expression; rulecheck adds two ways a
# tag matches: ``@faq`` alone matches any ``@faq:...`` tag, and ``@clause:GA-LOS-*`` takes a
# trailing wildcard. Its error messages are rewritten to one line each.

_TAG_ERRORS = (
    (re.compile(r"Too few operands"), lambda m: "the tag expression ends too early"),
    (re.compile(r"Unclosed '\('"), lambda m: "a '(' in the tag expression is not closed"),
    (re.compile(r"Missing '\('"), lambda m: "a ')' in the tag expression has no '('"),
    (
        re.compile(r"Expected operator after (\S+)"),
        lambda m: f"expected 'and', 'or' or ')' after {m.group(1)!r}",
    ),
    (
        re.compile(r'Illegal escape before "(.)"'),
        lambda m: f"a '\\' escapes only '(', ')', '\\' or a space, not {m.group(1)!r}",
    ),
    (re.compile(r"Expected operand after BEGIN"), lambda m: "expected a tag, 'not' or '(' at the start"),
    (
        re.compile(r"Expected operand after (\S+)"),
        lambda m: f"expected a tag, 'not' or '(' after {m.group(1)!r}",
    ),
)


def project_root(text: str) -> Path:
    """``--root``: resolved once, here, so a relative path means the same after a chdir; a file,
    a pipe or a missing folder is refused as a usage error before any work."""
    import argparse

    from rulecheck.input_files import folder_problem

    path = Path(text).expanduser().resolve()
    problem = folder_problem(path)
    if problem:
        raise argparse.ArgumentTypeError(f"{escape_controls(text)}: {problem}")
    return path


def parse_tag_expression(text: str):
    """A predicate over a scenario's tags (without '@') for a Cucumber tag expression; any error is
    one line that names the expression."""
    try:
        return _parse_tag_expression(text)
    except InputError as exc:
        raise InputError("--tags", None, "", f"{exc.message} (in {text!r})") from None


def _parse_tag_expression(text: str):
    if not text.strip():
        raise InputError("--tags", None, "", "the tag expression is empty")
    try:
        expression = cucumber_tag_expressions.parse(text)
    except cucumber_tag_expressions.TagExpressionError as exc:
        raise InputError("--tags", None, "", _tag_error(str(exc))) from None
    literals = set(_tag_literals(expression))
    for name in sorted(literals):
        if not name.startswith("@") or len(name) == 1:
            raise InputError("--tags", None, "", f"{name!r} is not a tag (a tag starts with '@')")
    matchers = {name: _tag_matcher(name[1:]) for name in literals}

    def predicate(tags) -> bool:
        return bool(expression.evaluate({name for name, matches in matchers.items() if matches(tags)}))

    return predicate


def _tag_error(message: str) -> str:
    first = message.splitlines()[0] if message else message
    for pattern, say in _TAG_ERRORS:
        found = pattern.search(first)
        if found:
            return say(found)
    return f"cannot read the tag expression: {escape_controls(first)}"


def _tag_literals(expression) -> Iterator[str]:
    """Every tag an expression names (its tree: And and Or hold ``terms``, Not a ``term``)."""
    if isinstance(expression, cucumber_tag_expressions.model.Literal):
        yield expression.name
    for term in getattr(expression, "terms", ()):
        yield from _tag_literals(term)
    if getattr(expression, "term", None) is not None:
        yield from _tag_literals(expression.term)


def _tag_matcher(want: str):
    if want.endswith("*"):
        return lambda tags: any(t.startswith(want[:-1]) for t in tags)
    if ":" not in want:
        return lambda tags: any(t == want or t.startswith(want + ":") for t in tags)
    return lambda tags: want in tags


# --- the pytest plugin that collects results ---------------------------------------------------


def corpora(root: Path, rulesets: Iterable[str] | None = None) -> dict[str, Corpus]:
    """Each ruleset's corpus, as the ruleset says where it is (every installed one when
    ``rulesets`` is None; a name no package installs has none)."""
    installed = ruleset_names()
    names = [n for n in rulesets if n in installed] if rulesets else installed
    found = {name: ruleset_named(name).corpus(root) for name in names}
    return _with_configured_features(root, found)


def _with_configured_features(root: Path, found: dict[str, Corpus]) -> dict[str, Corpus]:
    """In a project, each ruleset's feature files are the project's own, in
    ``<features>/<ruleset>`` (``features`` beside the config unless its key says): a ruleset whose
    package ships its corpus (``Corpus.features`` inside the package) is not run in its place, and
    only the project's own test files bind them. Elsewhere, the corpus as the ruleset gives it."""
    from dataclasses import replace

    from rulecheck.project_config import project_at

    config = project_at(root)
    if config is None:
        return found
    here = Path(root).resolve()
    default = here / "features"
    folder = config.features_folder
    placed = {}
    for name, c in found.items():
        own = c.features.resolve().is_relative_to(here)
        if not own or c.features.resolve() == default / name:
            c = replace(
                c,
                features=folder / name,
                tests=tuple(t for t in c.tests if t.resolve().is_relative_to(here)),
            )
        placed[name] = c
    return placed


def rulesets_named_by_folder(root: Path, names: Iterable[str], paths: Iterable) -> list[str]:
    """In a project, the rulesets whose ``<features>/<ruleset>`` folder holds a path argument
    (``rulecheck.selection.Wanted``), found without loading any ruleset; empty elsewhere. Only a
    first guess: ``corpora`` says where each ruleset's features really are."""
    from rulecheck.project_config import project_at

    config = project_at(root)
    if config is None:
        return []
    folder = config.features_folder.resolve()
    return [n for n in names if any(w.feature.is_relative_to(folder / n) for w in paths)]


def feature_folders(found: Mapping[str, Corpus]) -> dict[Path, str]:
    """Each corpus's folder of feature files (resolved) -> its ruleset."""
    return {c.features.resolve(): name for name, c in found.items()}


def _feature_place(feature: Path, root: Path, folders: Mapping[Path, str]) -> tuple[str, str]:
    """A feature file's ruleset and its path as results show it: ``features/<ruleset>/...``, as
    in a project, wherever the ruleset keeps its corpus (a package of its own ships it)."""
    # once per file, not per scenario: resolving a path asks the file system about every folder
    # in it, a tenth of one scenario's check out of a 2,000-scenario project
    return _place_of(str(feature), root, tuple(folders.items()))


@functools.lru_cache(maxsize=4096)
def _place_of(feature_name: str, root: Path, folders: tuple[tuple[Path, str], ...]) -> tuple[str, str]:
    feature = Path(feature_name)
    resolved = feature.resolve()
    for folder, name in folders:
        if resolved.is_relative_to(folder):
            return name, str(Path("features", name, resolved.relative_to(folder)))
    try:
        rel = str(feature.relative_to(root))
    except ValueError:
        rel = str(feature)
    return feature.parent.name, rel


def feature_source(root: Path, result: ScenarioResult) -> Path:
    """The feature file a result came from: under the project, or in the package of a ruleset
    that ships its own corpus (where ``result.feature`` reads ``features/<ruleset>/...``)."""
    path = root / result.feature
    if path.is_file():
        return path
    found = corpora(root, [result.ruleset]).get(result.ruleset)
    shown, folder = Path(result.feature), Path("features", result.ruleset)
    if found is None or not shown.is_relative_to(folder):
        return path
    return found.features / shown.relative_to(folder)


def scenario_result(
    tmpl, root: Path, nodeid: str = "", folders: Mapping[Path, str] | None = None
) -> ScenarioResult:
    """A not-yet-run result for one pytest-bdd scenario template: where it is and its tags
    (its own, its rule's and its feature's)."""
    feature = Path(tmpl.feature.filename)
    rule_tags = tmpl.rule.tags if tmpl.rule else set()
    ruleset, rel = _feature_place(feature, root, folders or {})
    return ScenarioResult(
        ruleset=ruleset,
        feature=rel,
        feature_name=tmpl.feature.name,
        name=tmpl.name,
        line=tmpl.line_number,
        tags=tuple(sorted(tmpl.tags | tmpl.feature.tags | rule_tags)),
        nodeid=nodeid,
    )


def scenarios_on_disk(root: Path, ruleset: str) -> list[ScenarioResult]:
    """Every scenario of the ruleset's feature folder, parsed by pytest-bdd but not run: for
    checks of the corpus's traceability that need no results."""
    from rulecheck.pytest_bdd_compat import features as parsed_features

    found = corpora(root, [ruleset])
    with _parsed_features_reused():
        features = parsed_features([c.features for c in found.values()])
    folders = feature_folders(found)
    return [scenario_result(tmpl, root, folders=folders) for f in features for tmpl in f.scenarios.values()]


def check_feature_syntax(root: Path, rulesets: Iterable[str] | None) -> None:
    """Parse every feature file first, so a Gherkin syntax error (or a file with no Feature, or a
    folder with no scenario) is one line with its file and line instead of a pytest error."""
    from rulecheck.pytest_bdd_compat import gherkin_parse_error

    GherkinParseError = gherkin_parse_error()
    if rulesets:
        folders = [c.features for c in corpora(root, rulesets).values()]
    else:  # the project's features, and those of a ruleset whose package ships its own
        folders = [root / "features"] + [
            c.features for c in corpora(root).values() if not c.features.is_relative_to(root / "features")
        ]
    for folder in folders:
        scenarios = 0
        for path in sorted(folder.rglob("*.feature")):
            where = _relative(path, root)
            try:
                doc = gherkin_document(path, where, keep=True)
            except GherkinParseError as exc:
                raise InputError(where, exc.line, "", _gherkin_problem(exc)) from None
            except (KeyError, TypeError, ValueError):  # pytest-bdd on a file with no Feature at all
                doc = None
            if doc is None or doc.feature is None:
                raise InputError(where, 1, "", "no 'Feature:' line: a feature file starts with one")
            scenarios += _count_scenarios(doc.feature)
        if folder.is_dir() and scenarios == 0:
            raise InputError(_relative(folder, root), None, "", "no scenario in any feature file here")


def gherkin_document(path: Path, where: str, keep: bool = False):
    """A feature file parsed as pytest-bdd parses it (``get_gherkin_document``), but read
    through ``read_input_text``: a pipe, a folder or a huge file named ``*.feature`` is refused
    as one line naming ``where`` instead of hanging or filling memory."""
    from rulecheck.pytest_bdd_compat import gherkin_document as parsed

    try:
        text = read_input_text(path, MAX_FEATURE_BYTES, "a feature file")
    except InputError as exc:
        raise InputError(where, exc.line, exc.field, exc.message) from None
    kept = _PARSED.get(os.path.abspath(path))
    if kept is not None and kept[0] == text:
        return kept[1]
    doc = parsed(text, str(path))
    if keep or len(_PARSED) < _PARSED_KEPT:  # for the runs about to collect it (_parsed_features_reused)
        _PARSED[os.path.abspath(path)] = (text, doc)
    return doc


# Each feature file parsed (by check_feature_syntax, the path arguments' selection), by absolute
# path: (its text, its document). pytest-bdd parses every file again as it collects (a twentieth
# of a run's CPU), and once more for the scenarios a selection left out (scenarios_on_disk);
# it is handed the same document instead, when the file still holds the same text.
_PARSED: dict[str, tuple[str, Any]] = {}
_PARSED_KEPT = 20_000  # feature files: far more than a project holds, a bound on memory


def _parsed_features_reused():
    """pytest-bdd, as it collects, handed the documents ``check_feature_syntax`` parsed."""
    from rulecheck.pytest_bdd_compat import reusing_documents

    def kept_document(abs_filename: str, encoding: str):
        kept = _PARSED.get(abs_filename)
        # pytest-bdd reads in text mode (universal newlines): a file with a carriage return is
        # left to it, so the document is exactly what it would have parsed
        if kept is None or "\r" in kept[0] or encoding.lower().replace("-", "") != "utf8":
            return None
        try:
            same = read_input_text(abs_filename, MAX_FEATURE_BYTES, "a feature file") == kept[0]
        except InputError:
            same = False
        return kept[1] if same else None

    return reusing_documents(kept_document)


def feature_tags(path: Path) -> set[str]:
    """Every tag (without '@') of a feature file: the feature's, its rules', scenarios' and
    examples'."""
    doc = gherkin_document(path, str(path))
    found: set[str] = set()

    def visit(node) -> None:
        if node is None:
            return
        found.update(t.name.lstrip("@") for t in getattr(node, "tags", None) or ())
        for examples in getattr(node, "examples", None) or ():
            visit(examples)
        for child in getattr(node, "children", None) or ():
            visit(getattr(child, "scenario", None))
            visit(getattr(child, "rule", None))

    visit(doc.feature)
    return found


def _count_scenarios(node) -> int:
    count = 0
    for child in getattr(node, "children", None) or ():
        if getattr(child, "scenario", None) is not None:
            count += 1
        if getattr(child, "rule", None) is not None:
            count += _count_scenarios(child.rule)
    return count


def _gherkin_problem(exc) -> str:
    """The parser's complaint without its wrapping: ``(6:7): inconsistent cell count ...``."""
    text = str(exc.message)
    wrapped = "): " in text  # "Parser errors:\n(6:7): ..."
    text = text.rsplit("): ", 1)[1] if wrapped else text.split(". ")[0].rstrip(".")
    content = (exc.line_content or "").strip()
    return f"{text}: {content!r}" if content and content not in text else text


def _relative(path: Path | str, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root))
    except ValueError:
        return str(path)


def collection_error(root: Path, output: str, code: int) -> InputError:
    """pytest could not run the corpus: its last error line, as one line."""
    errors = [line[4:].strip() for line in output.splitlines() if line.startswith("E   ")]
    why = errors[-1] if errors else (output.strip().splitlines() or [f"exit status {code}"])[-1]
    # A -k expression pytest cannot read is the user's option, not the corpus: name the option.
    bad_k = re.search(r"Wrong expression passed to '-k': (.*)", output)
    if bad_k:
        return InputError("-k", None, "", f"cannot read the expression {bad_k.group(1).strip()}")
    return InputError(root, None, "", f"pytest could not run the corpus: {why}")


def undefined_step_error(root: Path, missing: tuple) -> InputError:
    """A step no step definition matches: where it is and the closest phrasing that exists."""
    import difflib

    from rulecheck.pytest_bdd_compat import step_contexts

    filename, line, step_type, text = missing
    known = sorted(
        {
            c.parser.name
            for c in step_contexts()
            if isinstance(getattr(c.parser, "name", None), str) and c.type in (None, step_type)
        }
    )
    close = difflib.get_close_matches(text, known, n=1, cutoff=0.0)
    hint = f"; the closest step is {close[0]!r}" if close else ""
    return InputError(
        _relative(filename, root), line, "", f"no step definition matches {step_type} {text!r}{hint}"
    )


class _Collector:
    def __init__(
        self,
        root: Path,
        tag_filter=None,
        select: set[str] | None = None,
        folders: Mapping[Path, str] | None = None,
    ):
        self.root = root
        self.folders = dict(folders or {})  # feature folder -> ruleset (feature_folders)
        self.tag_filter = tag_filter
        self.select = select
        self.results: dict[str, ScenarioResult] = {}
        self.undefined: tuple | None = None  # the first step no definition matched
        self.bad_input: InputError | None = None  # the first input error a step met
        # Set while a passing scenario is re-run (dependencies, vacuous steps): a perturbed
        # Then-step that no definition matches is the probe's business, not a broken feature.
        self.rerunning = False
        self.short_tracebacks = False
        self.overlaid = False  # run under a rule overlay: a refused scripted choice is a ruling
        self.wanted: list | None = None  # the path arguments' selection (rulecheck.selection)

    def pytest_collection_finish(self, session):
        """After collection, so that an error collecting the corpus reads as it always did."""
        if self.short_tracebacks:
            session.config.option.tbstyle = "native"

    def pytest_bdd_step_func_lookup_error(self, request, feature, scenario, step, exception):
        if self.undefined is None and not self.rerunning:
            self.undefined = (feature.filename, step.line_number, step.type, step.name)

    def pytest_bdd_step_error(self, request, feature, scenario, step, step_func, step_func_args, exception):
        """A step that meets bad input (a table cell it cannot read, an overlay that does not
        exist) makes the run a bad-input error, not a failed ruling; without a line of its own
        the error is placed at the step in its feature file."""
        if self.bad_input is not None or self.rerunning or not isinstance(exception, InputError):
            return
        if self.overlaid and isinstance(exception, RefusedChoice):
            return  # the overlay refuses what the book allowed: the scenario fails
        if exception.line is not None:
            self.bad_input = exception
            return
        where = "" if exception.file == "feature table" else f" ({exception.file})"
        self.bad_input = InputError(
            _relative(feature.filename, self.root),
            step.line_number,
            exception.field,
            f"{exception.message}{where}",
        )

    def _scenario(self, item):
        # pytest-bdd has no public way to get from a collected test to its scenario (see
        # rulecheck.pytest_bdd_compat, which checks the registry it reads exists).
        from rulecheck.pytest_bdd_compat import scenario_of

        fn = getattr(item, "obj", None)
        return scenario_of(fn) if fn is not None else None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        keep, drop = [], []
        for item in items:
            tmpl = self._scenario(item)
            if tmpl is None:
                drop.append(item)  # only scenarios belong to the corpus
                continue
            result = scenario_result(tmpl, self.root, item.nodeid, self.folders)
            if self.tag_filter is not None and not self.tag_filter(set(result.tags)):
                drop.append(item)
                continue
            if self.select is not None and item.nodeid not in self.select:
                drop.append(item)
                continue
            if self.wanted is not None and not _wanted_item(self.wanted, tmpl, item):
                drop.append(item)
                continue
            self.results[item.nodeid] = result
            keep.append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
        items[:] = keep

    def pytest_runtest_logreport(self, report):
        res = self.results.get(report.nodeid)
        if res is None:
            return
        if report.when == "call" or (report.when == "setup" and not report.passed):
            res.outcome = report.outcome
            if report.failed:
                res.message = _failure_message(report)
            for key, value in report.user_properties:
                if key == "rulecheck_outcomes":
                    res.outcomes = json.loads(value)
                elif key == "rulecheck_failed_step":
                    res.failed_step = json.loads(value)
                elif key == "rulecheck_failed_step_type":
                    # A Then-step checks the scenario's clauses; a Given or When that broke checks none.
                    res.failed_clauses = tuple(res.tagged("clause")) if value == "then" else ()
                elif key == "rulecheck_show":
                    res.trace = shown_events(json.loads(value))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        yield
        res = self.results.get(item.nodeid)
        if self.overlaid and not self.rerunning and res is not None and res.outcome == "failed":
            self.rerunning = True
            try:
                _explain_against_the_book(item, nextitem, res, res.trace)
            finally:
                self.rerunning = False


def _wanted_item(wanted: list, tmpl, item) -> bool:
    from rulecheck.pytest_bdd_compat import example_of
    from rulecheck.selection import selected

    return selected(wanted, Path(tmpl.feature.filename), tmpl.line_number, example_of(item))


def _features_asked_for(paths: list, root: Path, folders: Mapping[Path, str]) -> list[Path]:
    """The feature files the path arguments name, each inside a ruleset's folder of the project."""
    files: list[Path] = []
    for w in paths:
        if not any(w.feature.is_relative_to(folder) for folder in folders):
            shown = ", ".join(_relative(f, root) for f in folders)
            raise InputError(
                _relative(w.feature, root),
                None,
                "",
                f"not a feature file of this project (expected under {shown})",
            )
        if w.feature not in files:
            files.append(w.feature)
    return files


class _ReadRecorder:
    """Notes which rulebook entries each scenario asks for (``record_reads``).

    It wraps ``Rulebook.param`` and ``Rulebook.interpretation`` for the length of one run, so it
    sees every read: the engine's, a step's, and those made under an overlay. Reads outside a
    running scenario (collection) are not anyone's and are dropped.

    With ``probe`` (computed dependencies), each scenario that passed is run again, at once and in
    this process, under every other option of every interpretation it read, one change at a time,
    forced over any choice the scenario makes itself. An interpretation it did not read cannot
    change its ruling (the engines are pure and ask the rulebook for every open question), so this
    is exact, not a sample. The re-runs are not logged: reports and the Cucumber/JUnit files see
    the scenario once."""

    def __init__(
        self,
        collector: _Collector | None = None,
        probe: bool = False,
        vacuous: bool = False,
        phrases: dict[str, list] | None = None,
    ):
        self.current: str | None = None
        self.reads: dict[str, set[str]] = defaultdict(set)
        self.collector = collector
        self.probe = probe
        self.vacuous = vacuous
        self.phrases = phrases or {}  # each ruleset's phrase table: --vacuous flips to its opposites

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.current = item.nodeid
        try:
            yield
        finally:
            self.current = None
        if self.collector is None:
            return
        self.collector.rerunning = True
        try:
            if self.probe:
                self._probe(item, nextitem)
            if self.vacuous:
                self._probe_then_steps(item, nextitem)
        finally:
            self.collector.rerunning = False

    def _probe_then_steps(self, item, nextitem) -> None:
        from rulecheck.vacuous import probe_then_steps

        result = self.collector.results.get(item.nodeid)
        template = self.collector._scenario(item)
        ctx = getattr(item, "_rulecheck_ruling", None)
        if result is None or template is None or result.outcome != "passed":
            return
        book = ctx.rules(result.ruleset) if ctx is not None else ruleset_named(result.ruleset).rulebook()
        shown = ctx.shown if ctx is not None else {}
        events = shown.get("events") or (shown.get("los") or {}).get("events") or []
        cited = {c for e in events for c in e.get("clauses", ())}
        phrases = self.phrases.get(result.ruleset, [])
        probed, found = probe_then_steps(template, book, lambda: _rerun(item, nextitem), cited, phrases)
        result.then_steps = probed
        result.vacuous = [v.to_json() for v in found]

    def _probe(self, item, nextitem) -> None:
        result = self.collector.results.get(item.nodeid)
        if result is None:
            return
        result.probes = {}
        ctx = getattr(item, "_rulecheck_ruling", None)
        if result.outcome != "passed" or ctx is None:
            return  # a failing ruling has nothing to hold under another reading
        for entry in sorted(self.reads.get(item.nodeid, ())):
            ruleset, _, what = entry.partition(":")
            kind, _, name = what.partition(".")
            book = ctx.rules(ruleset)  # as the scenario ran: overlays and its own choices applied
            if kind == "parameters":
                self._probe_assumed(item, nextitem, result, book, name)
            if kind != "interpretations":
                continue
            in_force = book.interpretation(name)
            held: dict[str, bool] = {}
            for option in book.interpretations[name].options:
                if option == in_force:
                    continue
                item.config._rulecheck_forced = {ruleset: {name: option}}
                try:
                    held[option] = _rerun(item, nextitem) is None
                finally:
                    item.config._rulecheck_forced = None
            result.probes[name] = held

    def _probe_assumed(self, item, nextitem, result: ScenarioResult, book: Rulebook, name: str) -> None:
        """An assumed number is a dependency as a reading is: the scenario is re-run with it one
        step up and one down (as ``rulecheck mutate`` moves it), under ``parameters.NAME``."""
        from rulecheck.assumed_numbers import number_mutations

        param = book.parameters.get(name)
        if param is None or not param.assumed:
            return
        held: dict[str, bool] = {}
        for value in number_mutations(param.value):
            try:
                book.with_changes({name: value})
            except RulebookError:
                continue  # outside the range an overlay may set
            item.config._rulecheck_forced = {book.ruleset: {f"parameters.{name}": value}}
            try:
                held[json.dumps(value)] = _rerun(item, nextitem) is None
            finally:
                item.config._rulecheck_forced = None
        if held:
            result.probes[f"parameters.{name}"] = held

    def installed(self) -> contextlib.AbstractContextManager[None]:
        """Record, while the block runs, every rulebook entry the scenario in progress asks for."""

        def on_read(book: Rulebook, entry: str) -> None:
            if self.current is not None:
                self.reads[self.current].add(f"{book.ruleset}:{entry}")

        return observing_reads(on_read)


def _explain_against_the_book(item, nextitem, result: ScenarioResult, events: list[dict[str, Any]]) -> None:
    """A scenario failed under an overlay: run it once more under the book alone and name the first
    event where the two traces part (the roll the house rule changed, and how). The failure then
    counts against that event's clauses. Nothing is added when either run showed no trace."""
    from rulecheck.pytest_plugin import _session_overlays, format_events, shown_events
    from rulecheck.trace_divergence import first_divergence

    if not events:
        return
    item.config._rulecheck_book_only = True
    try:
        _rerun(item, nextitem)
    finally:
        item.config._rulecheck_book_only = False
    ctx = getattr(item, "_rulecheck_ruling", None)
    book_events = shown_events(ctx.shown if ctx is not None else None)
    if not book_events:
        return
    d = first_divergence(book_events, events)
    if d.old is None and d.new is None:
        return
    names = [name for changes in _session_overlays(item.config).values() for name, _, _ in changes]
    under = f"under {', '.join(names)}" if names else "under the overlay"

    def said(e: dict[str, Any] | None) -> str:
        return format_events([e])[0].split(". ", 1)[1] if e else "(the trace has ended)"

    result.message += (
        f"\nwhere this run first left the book (event {d.index + 1} of the trace):"
        f"\n  {under}: {said(d.new)}\n  as the book has it: {said(d.old)}"
    )
    tagged = set(result.tagged("clause"))
    result.failed_clauses = tuple(c for c in d.clauses if c in tagged) or tuple(result.tagged("clause"))


def _rerun(item, nextitem) -> BaseException | None:
    """Run ``item`` once more (setup, call, teardown, as pytest's ``runtestprotocol`` does); None if
    it passed, else the first exception. No report is made: formatting a failure's traceback costs
    more than running the scenario, and only the verdict is needed."""
    from rulecheck.pytest_bdd_compat import drop_request, fresh_request

    Exit, Failed, Skipped = pytest.exit.Exception, pytest.fail.Exception, pytest.skip.Exception
    fresh_request(item)
    hooks = item.ihook
    error: BaseException | None = None
    try:
        for when, hook, kwargs in (
            ("setup", hooks.pytest_runtest_setup, {}),
            ("call", hooks.pytest_runtest_call, {}),
            ("teardown", hooks.pytest_runtest_teardown, {"nextitem": nextitem}),
        ):
            if when == "call" and error is not None:
                continue
            try:
                hook(item=item, **kwargs)
            except (Exit, KeyboardInterrupt):
                raise
            except Skipped:
                pass
            except (Exception, Failed) as exc:  # pytest.fail and pytest.raises raise Failed, not an Exception
                error = error or exc
    finally:
        drop_request(item)
    return error


@contextlib.contextmanager
def _report_files(requested: dict[str, str | Path | None], inputs: list) -> Iterator[dict[str, Path]]:
    """Each requested report's temporary file beside its target (``output_files.pending_file``),
    by option; each is moved into place only if the body finishes. A report may not be one of the
    run's ``inputs`` nor the other report."""
    refuse_overlaps([Output(target, option) for option, target in requested.items() if target], inputs)
    with contextlib.ExitStack() as stack:
        for option, target in requested.items():
            if target:
                check_file_target(target, option)  # refuse every bad target before any is opened
        pending: dict[str, Path] = {}
        for option, target in requested.items():
            if target:
                pending[option] = stack.enter_context(pending_file(target, option))
        yield pending


def _tidy_cucumber_json(path: Path, results: Iterable[ScenarioResult]) -> None:
    """pytest-bdd's Cucumber JSON as its consumers expect it: the failed step's ``error_message``
    is the failure in the step's words (pytest-bdd puts the whole pytest traceback there, fixture
    internals first), and the steps after it, which never ran, are ``skipped`` (pytest-bdd marks
    them ``failed``)."""
    by_line: dict[int, list[ScenarioResult]] = defaultdict(list)
    for r in results:
        by_line[r.line].append(r)
    # pytest-bdd's own report, in rulecheck's temporary file (not a user's input)
    features = json.loads(read_input_text(path, MAX_OWN_REPORT_BYTES, "a Cucumber JSON report") or "[]")
    for feature in features:
        uri = feature.get("uri", "")
        for element in feature.get("elements", ()):
            found = [r for r in by_line.get(element.get("line"), ()) if r.feature.endswith(uri)]
            failed = False
            for step in element.get("steps", ()):
                result = step.setdefault("result", {})
                if failed:
                    step["result"] = {"status": "skipped", "duration": 0}
                elif result.get("status") == "failed":
                    failed = True
                    if found and found[0].message:
                        result["error_message"] = found[0].message
    path.write_text(json.dumps(features, indent=4), encoding="utf-8")


def _tidy_junit_xml(path: Path, results: Iterable[ScenarioResult]) -> None:
    """pytest's JUnit XML named as a reader of the features expects (as Cucumber's own JUnit
    formatter names it): ``classname`` the feature, ``name`` the scenario, not the Python test
    module and function; a failure's text is the failure in the step's words."""
    import xml.etree.ElementTree as ET

    by_test: dict[tuple[str, str], ScenarioResult] = {}
    for r in results:
        module, _, function = r.nodeid.partition("::")
        by_test[(module.removesuffix(".py").replace("/", "."), function)] = r
    if path.stat().st_size == 0:
        return  # pytest wrote nothing: pending_file refuses the empty report
    tree = ET.parse(path)
    for case in tree.getroot().iter("testcase"):
        r = by_test.get((case.get("classname", ""), case.get("name", "")))
        if r is None:
            continue
        case.set("classname", r.feature_name or r.feature)
        case.set("name", r.name)
        case.set("file", r.feature)
        case.set("line", str(r.line))
        for failure in case.iter("failure"):
            if r.message:
                failure.set("message", r.message.splitlines()[0])
                failure.text = r.message
    tree.write(path, encoding="utf-8", xml_declaration=True)


MESSAGE_LIMIT = 20_000  # characters: a whole trace fits; a runaway repr does not flood the report


def _failure_message(report) -> str:
    """The whole message of the failure (every line of it, not just the first), without pytest's
    assertion-rewriting detail ("assert False", "where ...") that repeats what the step said."""
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    lines = text.strip().removeprefix("AssertionError: ").splitlines()
    cut = next((i for i, line in enumerate(lines) if i and line.startswith("assert ")), len(lines))
    return "\n".join(lines[:cut]).strip()[:MESSAGE_LIMIT]


def feature_test_files(root: Path, rulesets: Iterable[str] | None = None) -> list[Path]:
    """The pytest files that bind each ruleset's features (``Corpus.tests``) that exist."""
    return feature_files_of(corpora(root, rulesets))


def feature_files_of(found: Mapping[str, Corpus]) -> list[Path]:
    return [t for c in found.values() for t in c.tests if t.is_file()]


def project_feature_corpora(found: Mapping[str, Corpus]) -> dict[str, Corpus]:
    """The corpora of a project of feature files only (``features/<ruleset>/*.feature``, no
    pytest files of its own): those with a feature file, which ``ProjectFeatures`` (the plugin
    plain ``pytest`` uses in a project) collects, bound to each ruleset's step modules."""
    return {
        name: c for name, c in found.items() if c.features.is_dir() and any(c.features.rglob("*.feature"))
    }


# pytest's own plugins a corpus run never uses: each costs its import and its hooks on every
# run (a tenth of the start of a one-scenario check). The corpus has no hypothesis tests, no
# doctests, no unittest classes, and nobody reads pytest's cache or asks for --pdb from a check.
UNUSED_BUILTIN_PLUGINS = (
    "cacheprovider",
    "doctest",
    "pastebin",
    "debugging",
    "unittest",
    "setuponly",
    "setupplan",
    "stepwise",
    "legacypath",
    "faulthandler",
    "subtests",
    # reports an exception raised in a finaliser as a warning, after a full garbage collection
    # at the end of the run: a tenth of a one-scenario check
    "unraisableexception",
)


def corpus_plugin_args(junit_xml: bool = False) -> list[str]:
    """The plugins of a corpus run, named instead of discovered: pytest-bdd, and rulecheck's own
    (passed to ``pytest.main`` or named by the corpus's conftest). Plugins other packages of the
    environment register (xdist, hypothesis's, a user's) are not loaded: they do not take part in
    a ruling and cost their imports on every run; pytest's JUnit XML plugin only when a report is
    asked for. The other plugins are kept out by ``_no_plugin_autoload`` around the run (the
    environment variable every supported pytest reads; the ``--disable-plugin-autoload`` option
    is pytest 8.4's, and under an older pytest the autoloaded pytest-bdd would clash with this
    ``-p``)."""
    args = ["-p", "pytest_bdd.plugin"]
    for name in (*UNUSED_BUILTIN_PLUGINS, *(() if junit_xml else ("junitxml",))):
        args += ["-p", f"no:{name}"]
    return args


@contextlib.contextmanager
def _no_plugin_autoload() -> Iterator[None]:
    """pytest loads no plugin of the environment's entry points while the run starts."""
    name = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"
    before = os.environ.get(name)
    os.environ[name] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before


@contextlib.contextmanager
def _fewer_garbage_collections() -> Iterator[None]:
    """A corpus run allocates many short-lived objects (pytest's reports and fixture requests, the
    engines' values): at Python's default threshold the cyclic garbage collector ran hundreds of
    times per 200 scenarios, each pass also walking every object the imports had made, a tenth of
    the run's CPU. For the run, what exists before it is frozen out of the collector's sight
    (``gc.freeze``) and a collection waits for more allocations; the settings are restored after."""
    import gc

    before = gc.get_threshold()
    frozen_by_caller = gc.get_freeze_count() > 0  # a mutation run's child freezes its own
    gc.freeze()
    gc.set_threshold(max(before[0], GC_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if not frozen_by_caller:
            gc.unfreeze()


GC_THRESHOLD = 10_000  # allocations less deallocations between two youngest-generation collections


def _import_pytest_bdd_plugin() -> None:
    from rulecheck.pytest_bdd_compat import import_plugin_without_highlighting

    import_plugin_without_highlighting()


def run_corpus(
    root: Path = PROJECT_ROOT,
    rulesets: Iterable[str] | None = None,
    tags: str | None = None,
    overlays: Iterable[str] = (),
    pytest_args: Iterable[str] = (),
    show_output: bool = False,
    select: Iterable[str] | None = None,
    record_reads: bool = False,
    cucumber_json: str | Path | None = None,
    junit_xml: str | Path | None = None,
    dependencies: bool = False,
    vacuous: bool = False,
    paths: list | None = None,
    part_of_a_run: bool = False,
) -> CorpusRun:
    """Run the feature scenarios of ``root`` and return one result per scenario.

    ``select``: only the scenarios with these node ids. ``paths``: only those the path
    arguments want (``rulecheck.selection.wanted_paths``). ``part_of_a_run``: one process's share
    of ``check -n`` (``corpus_parts``), which may select nothing: the whole run says so. ``record_reads``: fill each result's
    ``reads``. ``dependencies``: also fill each result's ``probes`` (see ``_ReadRecorder``).
    ``cucumber_json`` / ``junit_xml``: also write those reports (atomically)."""
    root = Path(root).resolve()  # once: the run changes directory into it
    record_reads = record_reads or dependencies or vacuous
    tag_filter = parse_tag_expression(tags) if tags is not None else None
    found = corpora(root, rulesets)
    files = feature_files_of(found)
    project_plugins: list[Any] = []
    if not files:
        from rulecheck.project_plugin import ProjectFeatures

        features_only = project_feature_corpora(found)
        files = [c.features for c in features_only.values()]
        project_plugins = [ProjectFeatures(features_only)] if files else []
        if files and paths:  # collect only the feature files asked for: FILE:LINE answers quickly
            files = _features_asked_for(paths, root, feature_folders(features_only))
    if not files:
        raise InputError(
            root,
            None,
            "",
            "no feature corpus here (expected features/<ruleset>/*.feature or tests/test_features_*.py)",
        )
    check_feature_syntax(root, rulesets)
    overlays = tuple(str(Path(o).resolve()) for o in overlays)
    args = [str(f) for f in files] + corpus_plugin_args(junit_xml=bool(junit_xml)) + ["-q"]
    args += ["--rootdir", str(root)]
    if (root / "pyproject.toml").is_file() and not all(f.is_relative_to(root) for f in files):
        # A corpus a ruleset's own package ships is outside the project: pytest would look for
        # its configuration above the files' common folder and miss the project's.
        args += ["-c", str(root / "pyproject.toml")]
    elif not (root / "pyproject.toml").is_file():
        # The corpus an installed wheel carries has no pytest configuration of its own; keep
        # pytest from picking up an unrelated one from a folder above it.
        args += ["-c", os.devnull, "-o", "bdd_features_base_dir=features"]
    for o in overlays:
        # One token: as "--rules PATH" pytest would take a path outside the project for a test
        # path, and look for its configuration (bdd_features_base_dir) above that instead.
        args.append(f"--rules={o}")
    args += list(pytest_args)
    collector = _Collector(
        root, tag_filter, set(select) if select is not None else None, feature_folders(found)
    )
    collector.overlaid = bool(overlays)
    collector.wanted = paths
    # A failed scenario's message is pytest's crash line (_failure_message), the same in every
    # traceback style; pytest's long style would also read and parse the source of every frame
    # for a traceback nobody sees, a third to a half of the CPU of a run with failing scenarios.
    # It stays long where pytest's output or a report file shows it.
    collector.short_tracebacks = not (show_output or cucumber_json or junit_xml)
    plugins: list[Any] = [*project_plugins, collector]
    # Asked before the run, so a ruleset whose phrases() hook fails is one line, not a crash in it
    phrases = {name: step_phrases(ruleset_named(name)) for name in found} if vacuous else {}
    recorder = (
        _ReadRecorder(collector, probe=dependencies, vacuous=vacuous, phrases=phrases)
        if record_reads
        else None
    )
    if recorder is not None:
        plugins.append(recorder)
    if (ticker := progress.corpus_plugin()) is not None:
        plugins.append(ticker)
    _import_pytest_bdd_plugin()
    sink = io.StringIO()
    with (
        _report_files(
            {"--cucumber-json": cucumber_json, "--junit-xml": junit_xml},
            corpus_inputs(root, rulesets, overlays),
        ) as reports,
        contextlib.chdir(root),
        recorder.installed() if recorder is not None else contextlib.nullcontext(),
        _parsed_features_reused(),
        _fewer_garbage_collections(),
        _no_plugin_autoload(),
    ):
        report_args = [f"{option}={tmp}" for option, tmp in reports.items()]
        if show_output:
            code = pytest.main(args + report_args, plugins=plugins)
        else:
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                code = pytest.main(args + report_args, plugins=plugins)
        code = int(code)
        raise_if_signalled()  # pytest turns a signal's KeyboardInterrupt into "interrupted"
        if code not in (0, 1, 5):  # don't move a report from a run that did not complete
            raise collection_error(root, sink.getvalue(), code)
        if collector.undefined is not None:
            raise undefined_step_error(root, collector.undefined)
        if collector.bad_input is not None:
            raise collector.bad_input
        if paths and not collector.results and not part_of_a_run:
            shown = escape_controls(" ".join(dict.fromkeys(w.text for w in paths)))
            raise InputError(shown, None, "", "selects no scenario of the rulesets run")
        if tag_filter is not None and not collector.results and not part_of_a_run:
            raise InputError("--tags", None, "", f"the tag expression {tags!r} selects no scenario")
        if "--cucumber-json" in reports:
            _tidy_cucumber_json(reports["--cucumber-json"], collector.results.values())
        if "--junit-xml" in reports:
            _tidy_junit_xml(reports["--junit-xml"], collector.results.values())
    if recorder is not None:
        for nodeid, result in collector.results.items():
            result.reads = frozenset(recorder.reads.get(nodeid, ()))
    return CorpusRun(list(collector.results.values()), 0 if code == 5 else code, overlays)
