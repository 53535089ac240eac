"""pytest wiring shared by the corpus and `rulecheck check`.

* Feature tags such as ``@clause:GA-LOS-3`` or ``@faq:Q3`` are not valid marker names, so
  ``pytest_bdd_apply_tag`` maps ``prefix:value`` to the marker ``prefix`` with ``value`` as its
  argument. Any other tag falls through to pytest-bdd's default,
  where ``--strict-markers`` rejects a tag nobody registered.
* The ``ruling`` fixture is every scenario's context: the rulebook in force (the book, plus any
  overlay given with ``--rules`` on the command line or applied by the scenario itself) and the
  outcomes the scenario produced, which reports and rule diffs compare.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from rulecheck.ruleset_api import ruleset as ruleset_named
from rules.rulebook import Rulebook

TAG_KINDS = ("clause", "faq", "ruling", "example", "interpretation", "assumed")


def split_tag(tag: str) -> tuple[str, str] | None:
    kind, sep, value = tag.partition(":")
    if sep and kind in TAG_KINDS and value:
        return kind, value
    return None


def pytest_bdd_apply_tag(tag: str, function):
    parsed = split_tag(tag)
    if parsed is None:
        return None
    kind, value = parsed
    getattr(pytest.mark, kind)(value)(function)
    return True


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulecheck")
    group.addoption(
        "--rules",
        action="append",
        default=[],
        metavar="OVERLAY",
        help="run under a rule overlay YAML (repeatable; applied in order)",
    )


@dataclass
class RulingContext:
    """What one scenario runs under and what it found.

    ``overlays`` maps a ruleset to the changes applied to it, in order: ``(name, parameters,
    interpretations)``. Steps get rules only through ``rules(ruleset)`` and write what a rule
    change could overturn with ``record(key, value)``.
    """

    overlays: dict[str, list[tuple[str, dict, dict]]] = field(default_factory=dict)
    outcomes: dict[str, Any] = field(default_factory=dict)
    shown: dict[str, Any] = field(default_factory=dict)  # see show()
    # ruleset -> {interpretation: option} applied after everything else, even the scenario's own
    # choice: how `check` re-runs a scenario under another reading to see whether its ruling holds.
    forced: dict[str, dict[str, str]] = field(default_factory=dict)
    # ruleset -> the book rules() built: steps ask for it again and again, in every re-run too
    _books: dict[str, Rulebook] = field(default_factory=dict, repr=False, compare=False)

    def rules(self, ruleset: str) -> Rulebook:
        book = self._books.get(ruleset)
        if book is None:
            book = self._books[ruleset] = self._build_rules(ruleset)
        return book

    def _build_rules(self, ruleset: str) -> Rulebook:
        book = ruleset_named(ruleset).rulebook()
        for name, params, interps in self.overlays.get(ruleset, []):
            book = book.with_changes(params, interps, name=name)
        if self.forced.get(ruleset):
            forced = self.forced[ruleset]
            # "parameters.NAME" forces an assumed number (computed dependencies); a bare name a reading
            params = {
                k.removeprefix("parameters."): v for k, v in forced.items() if k.startswith("parameters.")
            }
            interps = {k: v for k, v in forced.items() if not k.startswith("parameters.")}
            book = book.with_changes(params, interps, name=", ".join(f"{k}={v}" for k, v in forced.items()))
        return book

    def apply(
        self, ruleset: str, name: str, parameters: dict | None = None, interpretations: dict | None = None
    ):
        """A scenario-level rule change (an OpenFisca-style reform); checked at once."""
        self.overlays.setdefault(ruleset, []).append(
            (name, dict(parameters or {}), dict(interpretations or {}))
        )
        self._books.pop(ruleset, None)
        self.rules(ruleset)

    def record(self, key: str, value: Any) -> None:
        self.outcomes[key] = value

    def show(self, ruleset: str, position: dict, **highlights: Any) -> None:
        """What the docs site draws for this scenario: a JSON-able position and what to mark on it
        (``los=...``; ``events=[...]`` for the trace). A later call replaces the position and adds
        to the highlights. Kept apart from ``outcomes`` so rule diffs never compare drawings.

        Every sightline shown is also kept, in order, under ``sightlines``: a scenario that checks
        Line of Sight both ways (two Whens) is drawn with both lines, not only the last."""
        sightlines = list(self.shown.get("sightlines", ()))
        if highlights.get("los") and highlights["los"] not in sightlines:
            sightlines.append(highlights["los"])
        self.shown = {**self.shown, **highlights, "ruleset": ruleset, "position": position}
        if sightlines:
            self.shown["sightlines"] = sightlines


def _session_overlays(config: pytest.Config) -> dict[str, list[tuple[str, dict, dict]]]:
    cached = getattr(config, "_rulecheck_overlays", None)
    if cached is None:
        from rulecheck.overlays import load_overlay  # toolkit I/O, only when asked for

        cached = {}
        for path in config.getoption("rules") or []:
            ov = load_overlay(path)
            cached.setdefault(ov.ruleset, []).append((ov.name, ov.parameters, ov.interpretations))
        config._rulecheck_overlays = cached
    return cached


@pytest.fixture
def ruling(request: pytest.FixtureRequest) -> RulingContext:
    # A failed scenario is re-run under the book alone to find where the overlay's run left it.
    book_only = getattr(request.config, "_rulecheck_book_only", False)
    base = {} if book_only else _session_overlays(request.config)
    forced = getattr(request.config, "_rulecheck_forced", None) or {}
    ctx = RulingContext(overlays={k: list(v) for k, v in base.items()}, forced=forced)
    request.node._rulecheck_ruling = ctx
    return ctx


def shown_events(shown: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The explanation trace a scenario showed: its attack's events, or its sightline's."""
    shown = shown or {}
    return shown.get("events") or (shown.get("los") or {}).get("events") or []


def format_events(events: list[dict[str, Any]]) -> list[str]:
    """An explanation trace (events as ``Event.to_json`` gives them) as numbered lines."""
    out = []
    for n, e in enumerate(events, 1):
        clauses = ", ".join(e.get("clauses") or ())
        interp = f" [{e['interpretation']}]" if e.get("interpretation") else ""
        out.append(f"{n:>3}. [{clauses}] {e.get('text', '')}{interp}")
    return out


def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args, exception):
    """A failing step says which it is, and the failure carries the explanation trace, so every
    report made from the exception (check, Cucumber JSON, JUnit XML, the docs site) has both."""
    where = f"{step.keyword.strip()} {step.name} (line {step.line_number})"
    request.node._rulecheck_failed_step = {
        "keyword": step.keyword.strip(),
        "text": step.name,
        "line": step.line_number,
    }
    request.node._rulecheck_failed_step_type = step.type  # given, when or then: what kind of step broke
    ctx = getattr(request.node, "_rulecheck_ruling", None)
    events = shown_events(ctx.shown if ctx is not None else None)
    if not isinstance(exception, AssertionError) or getattr(exception, "_rulecheck_explained", False):
        return
    message = str(exception.args[0]) if exception.args else ""
    extra = f"\nfailing step: {where}"
    if events:
        extra += "\nexplanation trace:\n" + "\n".join(format_events(events))
    exception.args = (message + extra, *exception.args[1:])
    exception._rulecheck_explained = True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    ctx = getattr(item, "_rulecheck_ruling", None)
    if ctx is not None and report.when == "call" and ctx.outcomes:
        report.user_properties.append(
            ("rulecheck_outcomes", json.dumps(ctx.outcomes, sort_keys=True, default=str))
        )
    if ctx is not None and report.when == "call" and ctx.shown:
        report.user_properties.append(("rulecheck_show", json.dumps(ctx.shown, default=str)))
    failed_step = getattr(item, "_rulecheck_failed_step", None)
    if report.when == "call" and report.failed and failed_step:
        report.user_properties.append(("rulecheck_failed_step", json.dumps(failed_step)))
        step_type = getattr(item, "_rulecheck_failed_step_type", "")
        report.user_properties.append(("rulecheck_failed_step_type", step_type))


def pytest_configure(config: pytest.Config) -> None:
    # The tag markers are also registered in pyproject.toml; repeated here for the corpus an
    # installed wheel runs, which has no pytest configuration file.
    for kind in TAG_KINDS:
        config.addinivalue_line("markers", f"{kind}(value): from the @{kind}:VALUE tags of a scenario")
    from rulecheck import pytest_bdd_compat

    # the same step definitions found, once per step text instead of once per step run, and the
    # same rendered data tables, without deep-copying each one (under a supported pytest-bdd)
    pytest_bdd_compat.install()
