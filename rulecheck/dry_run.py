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
from dataclasses import dataclass
from pathlib import Path

from rulecheck.ruleset_api import Corpus


@dataclass(frozen=True)
class Unmatched:
    where: str  # FILE:LINE, relative to the project
    kind: str  # given, when, then
    text: str
    closest: str | None


@dataclass
class DryRun:
    scenarios: int
    steps: int
    unmatched: list[Unmatched]


def _step_contexts(found: Mapping[str, Corpus]) -> list:
    """The step definitions of the shared ``steps`` package and each ruleset's own step modules."""
    from rulecheck.pytest_bdd_compat import step_contexts

    spec = importlib.util.find_spec("steps")
    modules = set()
    if spec is not None and spec.origin:
        modules |= {f"steps.{p.stem}" for p in Path(spec.origin).parent.glob("*.py") if p.stem != "__init__"}
    modules |= {m for c in found.values() for m in c.step_modules}
    for module in sorted(modules):
        importlib.import_module(module)
    return [c for c in step_contexts() if c.step_func.__module__ in modules]


def dry_run(
    root: Path,
    found: Mapping[str, Corpus],
    features: Iterable[Path],
    wanted: list | None = None,
    tag_filter=None,
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
    matched_before: dict[tuple[str, str], bool] = {}
    unmatched: dict[tuple[str, int, str], Unmatched] = {}
    scenarios = steps = 0
    for feature in (parse_feature(Path(f)) for f in dict.fromkeys(features)):
        for tmpl in feature.scenarios.values():
            tags = set(tmpl.tags | feature.tags | (tmpl.rule.tags if tmpl.rule else set()))
            if tag_filter is not None and not tag_filter(tags):
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
                        matched_before[key] = any(
                            c.type in (None, step.type) and c.parser.is_matching(step.name) for c in contexts
                        )
                    if matched_before[key]:
                        continue
                    where = f"{_relative(feature.filename, root)}:{step.line_number}"
                    close = difflib.get_close_matches(step.name, phrasings[step.type], n=1, cutoff=0.0)
                    unmatched.setdefault(
                        (where, step.line_number, step.name),
                        Unmatched(where, step.type, step.name, close[0] if close else None),
                    )
    return DryRun(scenarios, steps, list(unmatched.values()))


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def format_text(result: DryRun) -> str:
    lines = [
        f"{u.where}: no step definition matches {u.kind.capitalize()} {u.text!r}"
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
