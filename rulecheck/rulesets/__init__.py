"""The toolkit's way to read any ruleset's scenario file, and where a ruleset package keeps its files.

Every ruleset (the bundled games too) is a package of its own that declares an implementation of
``rulecheck.ruleset_api.Ruleset`` under the ``rulecheck.rulesets`` entry point group; the toolkit
finds them only through that group, and the command-line code picks the ruleset from a scenario
file's ``ruleset:`` key. A ruleset package calls ``package_layout(__file__, NAME)`` for the paths
of its corpus, schemas and step modules (``PackageLayout``), rather than spelling them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from rulecheck.locations import corpus_root
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
    "PackageLayout",
    "adapter",
    "distribution_json",
    "load_scenario",
    "load_scenario_for",
    "package_layout",
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


@dataclass(frozen=True)
class PackageLayout:
    """Where a ruleset package keeps its files, laid out as the bundled games lay theirs out:
    ``features/NAME/``, ``scenarios/NAME/``, ``schemas/``, the pytest binding
    ``corpus/test_features_NAME.py``, its step definitions in ``steps/`` (a package of step
    modules) or ``steps.py``, and its overlays and listed equivalent mutants in the folder of its
    rulebook (``rules_in``: ``engine`` for the bundled games, the package folder itself where the
    rulebook sits at the top)."""

    root: Path
    """The package's folder."""
    name: str
    """The ruleset's name, which names its features' and scenarios' folders."""
    module: str
    """The package's import name (its step modules are found under it)."""
    rules_in: str = "engine"

    @property
    def features(self) -> Path:
        return self.root / "features" / self.name

    @property
    def scenarios(self) -> Path:
        return self.root / "scenarios" / self.name

    @property
    def schemas(self) -> Path:
        return self.root / "schemas"

    @property
    def overlays(self) -> Path:
        return self.root / self.rules_in / "overlays"

    @property
    def rulebook_file(self) -> Path:
        return self.root / self.rules_in / "rulebook.yaml"

    @property
    def equivalent_mutants(self) -> Path:
        return self.root / self.rules_in / "equivalent_mutants.yaml"

    @property
    def corpus_tests(self) -> tuple[Path, ...]:
        return (self.root / "corpus" / f"test_features_{self.name}.py",)

    @cached_property
    def step_modules(self) -> tuple[str, ...]:
        """Its modules of step definitions: every module of its ``steps`` package, in name order,
        or its one ``steps`` module."""
        folder = self.root / "steps"
        if folder.is_dir():
            return tuple(
                f"{self.module}.steps.{p.stem}" for p in sorted(folder.glob("*.py")) if p.stem != "__init__"
            )
        return (f"{self.module}.steps",) if (self.root / "steps.py").is_file() else ()

    @property
    def pytest_plugins(self) -> list[str]:
        """What its ``corpus/conftest.py`` names in ``pytest_plugins``: rulecheck's plugin (tags as
        markers, the ``ruling`` fixture, ``--rules``), the shared steps, then its own steps."""
        return ["rulecheck.pytest_plugin", "steps.common", *self.step_modules]

    def corpus(self, root: Path | None = None) -> Corpus:
        """The corpus the package ships; ``root`` (the project a command runs on) does not change it."""
        return self._shipped

    @cached_property
    def _shipped(self) -> Corpus:
        return Corpus(
            features=self.features,
            tests=self.corpus_tests,
            scenarios=self.scenarios,
            overlays=self.overlays,
            equivalent_mutants=self.equivalent_mutants,
            step_modules=self.step_modules,
        )

    def corpus_or_project(self, root: Path) -> Corpus:
        """The package's corpus when ``root`` is the folder a corpus run starts from by default
        (``rulecheck.locations.corpus_root``); for another folder, the corpus laid out by ruleset
        name in it (``project_corpus``), as the bundled games' corpora were before each game was a
        package, so a project laid out that way keeps working."""
        if Path(root).resolve() == corpus_root().resolve():
            return self.corpus()
        return project_corpus(self.name, root, self.step_modules)


def package_layout(
    package_file: str | Path, name: str, *, module: str | None = None, rules_in: str = "engine"
) -> PackageLayout:
    """The layout of the ruleset package whose ``__init__.py`` (or any top-level module) is
    ``package_file``: call it with ``__file__``. ``module`` is the package's import name when it
    is not its folder's name (a package inside another)."""
    root = Path(package_file).resolve().parent
    return PackageLayout(root, name, module or root.name, rules_in)


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
