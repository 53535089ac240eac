"""The bundled rulesets' adapters, and the toolkit's way to read any ruleset's scenario file.

Each bundled ruleset has a module here exposing ``ADAPTER``, an implementation of the
``rulecheck.ruleset_api.Ruleset`` protocol, declared in ``pyproject.toml`` under the
``rulecheck.rulesets`` entry point group; the toolkit finds them (and any other installed
ruleset) only through that group. The command-line code picks the ruleset from the scenario
file's ``ruleset:`` key.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulecheck.ruleset_api import (
    Corpus,
    Explanation,
    Ruleset,
    distribution_json,
    ruleset,
    ruleset_names,
    unknown,
)
from rulecheck.source_yaml import LocatedYaml, load_yaml

__all__ = [
    "Explanation",
    "adapter",
    "distribution_json",
    "load_scenario",
    "load_scenario_for",
    "project_corpus",
    "ruleset_of",
]


def project_corpus(name: str, root: Path, step_modules: tuple[str, ...] = ()) -> Corpus:
    """A bundled ruleset's corpus: in the project folder, laid out by ruleset name (features/NAME,
    tests/test_features_NAME.py bound through the project's conftest.py, scenarios/NAME, and
    rules/NAME for its overlays and listed equivalent mutants); ``step_modules``: its own modules
    of the shared ``steps`` package (a project of this ruleset loads those and no other ruleset's)."""
    return Corpus(
        step_modules=step_modules,
        features=root / "features" / name,
        tests=(root / "tests" / f"test_features_{name}.py",),
        scenarios=root / "scenarios" / name,
        overlays=root / "rules" / name / "overlays",
        equivalent_mutants=root / "rules" / name / "equivalent_mutants.yaml",
    )


def adapter(name: str):
    """The installed ruleset of this name (see ``rulecheck.ruleset_api.ruleset``)."""
    return ruleset(name)


def ruleset_of(path: str | Path) -> str:
    """The ``ruleset:`` key of a scenario file, checked against the installed rulesets."""
    return _ruleset_of_doc(load_yaml(path))


def _ruleset_of_doc(doc: LocatedYaml) -> str:
    if not isinstance(doc.data, dict):
        raise doc.error((), "a scenario is a mapping (expected keys such as ruleset, board, units)")
    name = doc.data.get("ruleset")
    if name is None:
        raise doc.error(
            ("ruleset",), f"missing required key 'ruleset' (one of: {', '.join(ruleset_names())})"
        )
    if not isinstance(name, str) or name not in ruleset_names():
        raise doc.error(("ruleset",), unknown(name))
    return name


def load_scenario(path: str | Path):
    """Load any installed ruleset's scenario file; returns ``(ruleset, scenario)``. The file is
    read and parsed once: its ``ruleset:`` key picks the ruleset, which builds the scenario from
    the same document (reading it twice cost about a quarter of the time of loading a scenario)."""
    doc = load_yaml(path)
    name = _ruleset_of_doc(doc)
    return name, ruleset(name).scenario_from_doc(doc)


def load_scenario_for(path: str | Path, hook: Callable[[Ruleset], Any], what: str) -> tuple[Ruleset, Any]:
    """Load a scenario file for a command that needs an optional hook of its ruleset (``hook``,
    e.g. ``ruleset_api.line_of_sight``): ``(ruleset, scenario)``. A file of a ruleset without it
    is one line at its ``ruleset:`` key, before the rest of the file is read."""
    doc = load_yaml(path)
    game = ruleset(_ruleset_of_doc(doc))
    if hook(game) is None:
        raise doc.error(("ruleset",), f"expected a ruleset with {what}; {game.name} has none")
    return game, game.scenario_from_doc(doc)
