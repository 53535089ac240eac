"""``--dry-run``: parse every selected feature file and match every step against the rulesets'
step definitions, running nothing (no engine, no pytest session).

Each step no definition matches is one line, ``FILE:LINE: ...``, with the closest known phrasing
(``rulecheck.step_catalogue``); the steps of a Scenario Outline are matched as each example
renders them, as pytest-bdd runs them.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.ruleset_api import Corpus


@dataclass(frozen=True)
class Unmatched:
    where: str  # FILE:LINE, relative to the project
    kind: str  # given, when, then
    text: str
    closest: str | None
    corpus: str = ""  # --with-book: "project" or "book"


@dataclass
class DryRun:
    scenarios: int
    steps: int
    unmatched: list[Unmatched]
    uses: list[StepUse] = field(default_factory=list)


@dataclass(frozen=True)
class StepUse:
    """One step line of a selected scenario and the step definition it matches (``rulecheck steps
    PATH``): the definition's phrasing and function, or None with the closest phrasing."""

    where: str  # FILE:LINE, relative to the project
    kind: str  # given, when, then
    keyword: str  # the word the feature file uses: Given, And, But, ...
    text: str
    phrasing: str | None
    function: str | None
    closest: str | None = None
    corpus: str = ""  # --with-book: "project" or "book" (the root ``where`` is relative to)

    def to_json(self) -> dict:
        shown = {
            "where": self.where,
            "kind": self.kind,
            "text": f"{self.keyword} {self.text}",
            "phrasing": self.phrasing,
            "function": self.function,
            "closest": self.closest,
        }
        return {**shown, "corpus": self.corpus} if self.corpus else shown


def combined(runs: Mapping[str, DryRun]) -> DryRun:
    """Dry runs of several corpora (--with-book: ``project``, ``book``) as one, each step saying
    which corpus it came from."""
    from dataclasses import replace

    return DryRun(
        sum(r.scenarios for r in runs.values()),
        sum(r.steps for r in runs.values()),
        [replace(u, corpus=label) for label, r in runs.items() for u in r.unmatched],
        [replace(u, corpus=label) for label, r in runs.items() for u in r.uses],
    )


def _from(corpus: str) -> str:
    """``[book] `` before a step of the bundled corpus in a run of several, as check marks it."""
    return f"[{corpus}] " if corpus and corpus != "project" else ""


def keyword_filter(expression: str | None):
    """pytest's ``-k`` over a scenario: its name, its test function's name (as pytest-bdd names
    it), its feature file's name and its tags, any case; None when no expression is given."""
    if not expression:
        return None
    from rulecheck.pytest_bdd_compat import keyword_expression
    from rulecheck.source_yaml import InputError

    pytest_expression, unreadable = keyword_expression()
    try:
        compiled = pytest_expression.Expression.compile(expression)
    except (unreadable, SyntaxError) as exc:
        column = getattr(exc, "column", None) or getattr(exc, "offset", None)
        message = getattr(exc, "message", None) or getattr(exc, "msg", None) or str(exc)
        why = f"at column {column}: {message}" if column else message
        raise InputError("-k", None, "", f"cannot read the expression {expression}: {why}") from None

    def wanted(names: Iterable[str]) -> bool:
        lowered = [n.lower() for n in names]
        return compiled.evaluate(lambda word, **_: any(word.lower() in n for n in lowered))  # type: ignore[arg-type]

    return wanted


def _step_contexts(found: Mapping[str, Corpus]) -> list:
    """The step definitions a run of these corpora loads: the shared ``steps`` modules
    (``steps.SHARED``) and each ruleset's own (``Corpus.step_modules``), as ``rulecheck check``
    loads them."""
    from rulecheck.project_plugin import step_modules
    from rulecheck.pytest_bdd_compat import step_contexts

    modules = step_modules([m for c in found.values() for m in c.step_modules])
    for module in modules:
        importlib.import_module(module)
    return [c for c in step_contexts() if c.step_func.__module__ in set(modules)]


def dry_run(
    root: Path,
    found: Mapping[str, Corpus],
    features: Iterable[Path],
    wanted: list | None = None,
    tag_filter=None,
    keyword: str | None = None,
) -> DryRun:
    from rulecheck.corpus import _relative
    from rulecheck.pytest_bdd_compat import parse_feature
    from rulecheck.selection import selected
    from rulecheck.step_catalogue import readable

    contexts = _step_contexts(found)
    phrasings: dict[str, list[str]] = {}
    for kind in ("given", "when", "then"):
        phrasings[kind] = sorted(
            {
                readable(c.parser.name)
                for c in contexts
                if c.type in (None, kind) and isinstance(c.parser.name, str)
            }
        )
    by_name = keyword_filter(keyword)
    matched_before: dict[tuple[str, str], Any] = {}
    unmatched: dict[tuple[str, int, str], Unmatched] = {}
    uses: dict[tuple[str, str], StepUse] = {}
    scenarios = steps = 0
    for feature in (parse_feature(Path(f)) for f in dict.fromkeys(features)):
        for tmpl in feature.scenarios.values():
            tags = set(tmpl.tags | feature.tags | (tmpl.rule.tags if tmpl.rule else set()))
            if tag_filter is not None and not tag_filter(tags):
                continue
            if by_name is not None and not by_name(
                [tmpl.name, _test_name(tmpl.name), Path(feature.filename).name, *tags]
            ):
                continue
            examples = [ctx for ex in tmpl.examples for ctx in ex.as_contexts()] or [None]
            for example in examples:
                if wanted is not None and not selected(
                    wanted, Path(feature.filename), tmpl.line_number, example
                ):
                    continue
                scenarios += 1
                for step in tmpl.render(example or {}).steps:
                    steps += 1
                    key = (step.type, step.name)
                    if key not in matched_before:
                        matching = [
                            c
                            for c in contexts
                            if c.type in (None, step.type) and c.parser.is_matching(step.name)
                        ]
                        # the most specific phrasing, as the step catalogue picks an example's
                        matched_before[key] = max(
                            matching, key=lambda c: _literal(readable(c.parser.name)), default=None
                        )
                    found = matched_before[key]
                    where = f"{_relative(feature.filename, root)}:{step.line_number}"
                    close = None
                    if found is None:
                        close = difflib.get_close_matches(step.name, phrasings[step.type], n=1, cutoff=0.0)
                        close = close[0] if close else None
                        unmatched.setdefault(
                            (where, step.line_number, step.name),
                            Unmatched(where, step.type, step.name, close),
                        )
                    uses.setdefault(
                        (where, step.name),
                        StepUse(
                            where,
                            step.type,
                            step.keyword.strip(),
                            step.name,
                            readable(found.parser.name) if found is not None else None,
                            f"{found.step_func.__module__}.{found.step_func.__name__}" if found else None,
                            close,
                        ),
                    )
    return DryRun(scenarios, steps, list(unmatched.values()), list(uses.values()))


def _test_name(scenario: str) -> str:
    """The test function pytest-bdd makes of a scenario (``-k`` matches its name too)."""
    from rulecheck.pytest_bdd_compat import scenario_test_name

    return scenario_test_name(scenario)


def _literal(phrasing: str) -> int:
    import re

    return len(re.sub(r"\{[^}]*\}", "", phrasing))


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def format_text(result: DryRun) -> str:
    lines = [
        f"{_from(u.corpus)}{u.where}: no step definition matches {u.kind.capitalize()} {u.text!r}"
        + (f"; the closest phrasing is {u.closest!r}" if u.closest else "")
        for u in result.unmatched
    ]
    if result.unmatched:
        lines.append(
            f"{len(result.unmatched)} of {_count(result.steps, 'step')} in {_count(result.scenarios, 'scenario')} "
            "match no step definition (nothing was run)"
        )
    else:
        lines.append(
            f"all {result.steps} steps in {result.scenarios} scenarios match a step definition (nothing was run)"
        )
    return "\n".join(lines)


def format_uses(result: DryRun) -> str:
    """``rulecheck steps PATH``: each step of the selected scenarios and the step definition it
    matches (its phrasing and function), or the closest phrasing when none does."""
    width = max((len(_from(u.corpus) + u.where) for u in result.uses), default=0)
    lines = []
    for u in result.uses:
        said = f"{u.keyword} {u.text}"
        where = _from(u.corpus) + u.where
        if u.phrasing is not None:
            lines.append(f"{where:<{width}}  {said}\n{'':<{width}}    matches {u.phrasing!r} ({u.function})")
        else:
            closest = f"; the closest phrasing is {u.closest!r}" if u.closest else ""
            lines.append(f"{where:<{width}}  {said}\n{'':<{width}}    matches no step definition{closest}")
    matched = sum(1 for u in result.uses if u.phrasing is not None)
    lines.append(
        f"{matched} of {_count(len(result.uses), 'step line')} in {_count(result.scenarios, 'scenario')} "
        f"match a step definition; {len(result.uses) - matched} match none"
    )
    return "\n".join(lines)
