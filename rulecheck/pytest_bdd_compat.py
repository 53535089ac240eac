"""Every pytest-bdd internal rulecheck relies on, in one place.

pytest-bdd has no public API for what rulecheck needs: from a collected test to its scenario
(the wrapper registry), the registered step definitions, a feature parsed without its
process-wide cache, and the two functions rulecheck replaces with faster equivalents
(``bdd_step_lookup``, ``bdd_datatable``). pyproject.toml pins ``pytest-bdd>=9.0,<10``; these
names exist with these shapes across that range (ci/lower-bounds.txt runs the lowest).
``tests/test_pytest_bdd_compat.py`` checks each against the installed pytest-bdd and fails with
``SUPPORTED`` in its message when one is gone or changed.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

SUPPORTED = "pytest-bdd>=9.0,<10"

# module -> name -> the parameter names expected (None: not a function, only present)
INTERNALS: dict[str, dict[str, tuple[str, ...] | None]] = {
    "pytest_bdd.scenario": {
        "scenario_wrapper_template_registry": None,
        "find_fixturedefs_for_step": ("step", "fixturemanager", "node"),
        "get_fixture_names": None,
        "getfixturedefs": None,
    },
    "pytest_bdd.steps": {"step_function_context_registry": None},
    "pytest_bdd.parser": {
        "FeatureParser": ("basedir", "filename", "encoding"),
        # corpus._parsed_features_reused hands pytest-bdd the documents check has parsed already
        "get_gherkin_document": ("abs_filename", "encoding"),
        "Step": None,
        "render_string": None,
    },
    "pytest_bdd.gherkin_parser": {
        "GherkinDocument": None,
        "DataTable": None,
        "Row": None,
        "Cell": None,
        "handle_gherkin_parser_error": (
            "raw_error",
            "line",
            "line_content",
            "filename",
            "original_exception",
        ),
    },
    "pytest_bdd.exceptions": {"GherkinParseError": None},
}


def problems() -> list[str]:
    """What the installed pytest-bdd lacks of ``INTERNALS`` (empty when all is there)."""
    found = []
    for module_name, names in INTERNALS.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            found.append(f"{module_name} is missing")
            continue
        for name, params in names.items():
            if not hasattr(module, name):
                found.append(f"{module_name}.{name} is missing")
                continue
            if params is not None:
                got = tuple(inspect.signature(getattr(module, name)).parameters)
                if got != params:
                    found.append(f"{module_name}.{name}{got} (expected parameters {params})")
    return found


def scenario_of(test_function):
    """The pytest-bdd scenario template a collected test function runs, or None."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    return scenario_wrapper_template_registry.get(test_function)


def step_contexts():
    """Every registered step definition's context (``.parser``, ``.type``, ``.step_func``)."""
    from pytest_bdd.steps import step_function_context_registry

    return list(step_function_context_registry.values())


def parse_feature(path: Path):
    """A feature file parsed afresh (``get_features`` keeps a process-wide cache by file name, so
    a file edited between two runs in one process would read as before)."""
    from pytest_bdd.parser import FeatureParser

    return FeatureParser(str(path.parent), path.name).parse()
