"""Every step phrasing the corpus may use, each with an example taken from the corpus.

The phrasings are the step definitions registered by the modules in ``steps/`` (pytest-bdd keeps
them in its registry); the examples are the feature files' own steps. A corpus step is credited to
the definition that matches it with the most literal text (``{name} is not defeated`` before
``{name} is defeated``), which is the one pytest-bdd runs.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

KINDS = ("given", "when", "then")
_PLACEHOLDER = re.compile(r"\{[^}]*\}|\(\?P<[^>]+>(?:[^()]|\([^()]*\))*\)")


@dataclass
class Phrasing:
    kind: str  # given, when, then
    pattern: str
    function: str  # module.function, to find its code
    example: str | None = None
    where: str | None = None  # feature:line of the example

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "pattern": self.pattern,
            "function": self.function,
            "example": self.example,
            "where": self.where,
        }


def readable(pattern: str) -> str:
    """A regular-expression step as a reader writes it: ``(?P<who>.+?)`` -> ``{who}``, an optional
    group ``(?: on ...)?`` -> ``[ on ...]``."""
    if not pattern.endswith("$") and "(?P<" not in pattern:
        return pattern
    out, i = [], 0
    stack: list[str] = []
    while i < len(pattern):
        if pattern.startswith("(?P<", i):
            end = pattern.index(">", i)
            name, depth, j = pattern[i + 4 : end], 1, end + 1
            while depth:
                depth += {"(": 1, ")": -1}.get(pattern[j], 0)
                j += 1
            out.append("{" + name + "}")
            i = j
        elif pattern.startswith("(?:", i):
            stack.append("group")
            out.append("[")
            i += 3
        elif pattern[i] == ")" and stack:
            stack.pop()
            out.append("]")
            i += 2 if pattern.startswith(")?", i) else 1
        elif pattern[i] in "^$":
            i += 1
        elif pattern[i] == "\\" and i + 1 < len(pattern):
            out.append(pattern[i + 1])
            i += 2
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def _literal(pattern: str) -> int:
    return len(_PLACEHOLDER.sub("", pattern))


def catalogue(root: Path) -> list[Phrasing]:
    from rulecheck.corpus import corpora
    from rulecheck.pytest_bdd_compat import features as parsed_features
    from rulecheck.pytest_bdd_compat import step_contexts

    for path in sorted((root / "steps").glob("*.py")):
        if path.stem != "__init__":
            importlib.import_module(f"steps.{path.stem}")
    # A ruleset installed from a package of its own brings its steps and features (Corpus).
    own_folders = {
        c.features.resolve(): name
        for name, c in corpora(root).items()
        if not c.features.is_relative_to(root / "features")
    }
    own = [c for name, c in corpora(root).items() if name in own_folders.values()]
    modules = {m for c in own for m in c.step_modules}
    for module in sorted(modules):
        importlib.import_module(module)
    # Only the step libraries: pytest-bdd and test modules may register steps of their own.
    contexts = [
        c
        for c in step_contexts()
        if c.step_func.__module__.startswith("steps.") or c.step_func.__module__ in modules
    ]
    phrasings: dict[int, Phrasing] = {}
    for ctx in contexts:
        for kind in [ctx.type] if ctx.type else list(KINDS):
            fn = ctx.step_func
            phrasings[id(ctx), kind] = Phrasing(kind, ctx.parser.name, f"{fn.__module__}.{fn.__name__}")
    folders = [p for p in sorted((root / "features").glob("*")) if p.is_dir()] + [c.features for c in own]
    features = parsed_features(folders)
    for feature in features:
        for tmpl in feature.scenarios.values():
            for step in tmpl.steps:
                matching = [
                    phrasings[id(c), step.type]
                    for c in contexts
                    if (id(c), step.type) in phrasings and c.parser.is_matching(step.name)
                ]
                if not matching:
                    continue
                best = max(matching, key=lambda p: _literal(p.pattern))
                if best.example is None:
                    best.example = f"{step.keyword.strip()} {step.name}"
                    rel = _shown(Path(feature.filename), own_folders)  # a package's: features/<ruleset>/...
                    rel = rel.relative_to(root) if rel.is_absolute() and rel.is_relative_to(root) else rel
                    best.where = f"{rel}:{step.line_number}"
    order = {k: i for i, k in enumerate(KINDS)}
    # the shared steps first, then each ruleset's, in module order
    return sorted(
        phrasings.values(), key=lambda p: (order[p.kind], not p.function.startswith("steps."), p.function)
    )


def _shown(feature: Path, folders: dict[Path, str]) -> Path:
    """A package's feature file as results show it: ``features/<ruleset>/...``."""
    for folder, name in folders.items():
        if feature.resolve().is_relative_to(folder):
            return Path("features", name, feature.resolve().relative_to(folder))
    return feature


def format_text(phrasings: list[Phrasing]) -> str:
    out = []
    for kind in KINDS:
        group = [p for p in phrasings if p.kind == kind]
        out.append(f"{kind.capitalize()} ({len(group)} phrasings)")
        for p in group:
            out.append(f"  {readable(p.pattern)}")
            out.append(
                f"      e.g. {p.example}  ({p.where})" if p.example else "      (no example in the corpus)"
            )
    return "\n".join(out)
