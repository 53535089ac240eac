"""The pytest plugin that runs a rulecheck project: plain ``pytest`` collects its feature files.

Registered as a ``pytest11`` entry point, so pytest loads it in every session of every project
of a Python environment where rulecheck is installed. It acts only in a folder governed by a
rulecheck configuration (``rulecheck.toml``, or ``[tool.rulecheck]`` in ``pyproject.toml``, found
from the invocation folder or pytest's rootdir upwards): there it collects
``features/<ruleset>/**/*.feature`` (or the folder the ``features`` key names) with the ruleset's
step definitions (the shared ``steps`` package and ``Corpus.step_modules``), and registers every
tag as a marker, so ``--strict-markers`` passes. Anywhere else it does nothing: no collection, no
fixture, no step module imported, and this module imports nothing beyond the standard library
until a configuration file is seen.

``rulecheck check`` on a project runs through the same ``ProjectFeatures`` plugin (it passes
one to ``pytest.main``), so it and ``pytest`` give the same verdicts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest  # already imported: pytest is what loads this module

CONFIG_FILE = "rulecheck.toml"
# `[tool.rulecheck]`, a dotted `tool.rulecheck.KEY = ...`, or a bare `[tool]` table that may hold it
_MENTIONS_THE_TABLE = re.compile(rb'tool\s*\.\s*["\']?rulecheck|^\s*\[\s*tool\s*\]', re.MULTILINE)


def _may_hold_a_config(start: Path) -> bool:
    """Cheap first look, before importing the configuration reader: a ``rulecheck.toml``, or a
    ``pyproject.toml`` that mentions ``tool.rulecheck``, in ``start`` or a folder above."""
    try:
        start = start.resolve()
    except OSError:
        return False
    for folder in (start, *start.parents):
        if (folder / CONFIG_FILE).exists() or (folder / CONFIG_FILE).is_symlink():
            return True
        pyproject = folder / "pyproject.toml"
        try:
            if pyproject.is_file() and _MENTIONS_THE_TABLE.search(_head(pyproject)):
                return True
        except OSError:
            return True  # let the one reader say what is wrong with it
    return False


def _head(path: Path) -> bytes:
    """The first megabyte of a regular file (the config reader's own limit): only to decide
    whether to read it properly, through ``rulecheck.input_files``."""
    with open(path, "rb") as f:
        return f.read(1_000_000)


def pytest_load_initial_conftests(early_config, parser, args) -> None:
    """Early enough that the step modules' options (``--rules``) are parsed with pytest's own."""
    manager = early_config.pluginmanager
    if any(isinstance(p, ProjectFeatures) for p in manager.get_plugins()):
        return  # `rulecheck check` brought its own, for the project it was pointed at
    places = [early_config.invocation_params.dir]
    rootpath = getattr(early_config, "rootpath", None)
    if rootpath is not None and rootpath != places[0]:
        places.append(rootpath)
    for place in places:
        if not _may_hold_a_config(Path(place)):
            continue
        config = _project_config(Path(place))
        if config is None:
            continue
        features = ProjectFeatures.for_config(config)
        if features.bound_by_test_files:
            return  # the project binds its features in tests/test_features_*.py, as the bundled corpus does
        manager.register(features, "rulecheck-project")
        features.load_steps(manager)
        return


def _project_config(place: Path):
    from rulecheck.project_config import find_config
    from rulecheck.source_yaml import InputError

    try:
        return find_config(place)
    except InputError as exc:
        raise pytest.UsageError(f"rulecheck: {exc}") from None


class ProjectFeatures:
    """Collects a project's feature files as tests bound to its rulesets' step definitions."""

    def __init__(self, found):
        """``found``: each ruleset's ``Corpus`` (``rulecheck.corpus.corpora``)."""
        from rulecheck.corpus import feature_folders

        self.folders = feature_folders(found)  # each folder of feature files (resolved) -> ruleset
        self.own_step_modules = [m for c in found.values() for m in c.step_modules]
        self.rulesets = set(found)
        self.bound_by_test_files = any(t.is_file() for c in found.values() for t in c.tests)
        self.steps_loaded = False

    @classmethod
    def for_config(cls, config) -> ProjectFeatures:
        from rulecheck.corpus import corpora

        return cls(corpora(config.root, config.rulesets or None))

    def step_plugins(self) -> list[str]:
        """``rulecheck.pytest_plugin`` and the step modules of the project's rulesets
        (``step_modules``)."""
        return ["rulecheck.pytest_plugin", *step_modules(self.own_step_modules)]

    def load_steps(self, manager) -> None:
        """Register the step modules as plugins (once), before pytest parses its options: they
        add ``--rules``."""
        import sys

        if self.steps_loaded:
            return
        self.steps_loaded = True
        pytest.register_assert_rewrite("steps")
        for name in self.step_plugins():
            if manager.has_plugin(name):
                continue
            if name in sys.modules:  # rulecheck's own modules may be imported already
                manager.register(sys.modules[name], name)
            else:
                manager.import_plugin(name)

    def pytest_load_initial_conftests(self, early_config, parser, args) -> None:
        self.load_steps(early_config.pluginmanager)

    def ruleset_of(self, path: Path) -> str | None:
        resolved = path.resolve()
        for folder, name in self.folders.items():
            if resolved.is_relative_to(folder):
                return name
        return None

    def pytest_collect_file(self, file_path: Path, parent):
        if file_path.suffix != ".feature" or self.ruleset_of(file_path) is None:
            return None
        return FeatureFile.from_parent(parent, path=file_path)


def step_modules(own: list[str] | tuple[str, ...]) -> list[str]:
    """The step modules a run loads: the shared ones (``steps.SHARED``: steps.common), then
    ``own``, the modules the rulesets run declare (``Corpus.step_modules``). The bundled step
    library holds every bundled ruleset's steps; a project's run loads only those of its own
    rulesets (a Gundam Assemble project never imports the multibase steps, and with them shapely
    and numpy: about a third of the start of a one-scenario run). Nothing here loads another
    ruleset's adapter, which would import its engine."""
    import importlib

    try:
        shared = tuple(getattr(importlib.import_module("steps"), "SHARED", ()))
    except ImportError:
        shared = ()
    return list(dict.fromkeys([*shared, *own]))


def _feature_module(path: Path):
    """A module holding one test per scenario of the feature file, made by pytest-bdd's own
    ``scenarios`` (which binds the scenarios into its caller's namespace)."""
    import types

    module = types.ModuleType(path.stem, f"The scenarios of {path}")
    module.__file__ = str(path)
    code = compile(
        f"from pytest_bdd import scenarios\nscenarios({str(path)!r}, features_base_dir={str(path.parent)!r})\n",
        str(path),
        "exec",
    )
    exec(code, module.__dict__)
    return module


def _register_tags(config, path: Path) -> None:
    """Every tag of the feature file as a registered marker (``prefix:value`` tags are markers
    named by their prefix, which rulecheck.pytest_plugin registers)."""
    from rulecheck.corpus import feature_tags
    from rulecheck.pytest_plugin import split_tag

    known = {line.split("(")[0].split(":")[0].strip() for line in config.getini("markers")}
    for tag in sorted(feature_tags(path)):
        if split_tag(tag) is None and tag not in known:
            config.addinivalue_line("markers", f"{tag}: from the @{tag} tag of a feature file")
            known.add(tag)


class FeatureFile(pytest.Module):
    """A feature file, collected as the module of its scenarios."""

    def _getobj(self):
        _register_tags(self.config, self.path)
        return _feature_module(self.path)
