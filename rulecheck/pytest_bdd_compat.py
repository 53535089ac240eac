"""Every pytest-bdd (and pytest) internal rulecheck relies on, in one place.

pytest-bdd has no public API for what rulecheck needs (its public names are ``given``, ``when``,
``then``, ``step``, ``scenario`` and ``scenarios``): from a collected test to its scenario (the
wrapper registry), the registered step definitions, the features of a folder, a feature parsed
without its process-wide cache, a Gherkin document built from text rulecheck has read itself,
the parsed documents handed back to pytest-bdd as it collects, an Outline example's parameters,
and two functions replaced by faster equivalents that give the same results (the step lookup and
the data-table render, below). Of pytest, one private method: a test's fixture request made
afresh for a re-run, and dropped after it.

The supported range is ``SUPPORTED``, the one pyproject.toml pins; ``ci/lower-bounds.txt``
installs its lowest version in ``ci/run-wheel``, which runs ``tests/test_pytest_bdd_compat.py``
there too. Each replacement checks the installed version is in that range, and the shapes it
relies on, before patching; outside it pytest-bdd keeps its own (slower, never different).
``problems()`` lists what the installed pytest-bdd lacks of ``INTERNALS``; the tests fail with
``SUPPORTED`` in their message when one is gone or changed.

Nothing here imports pytest-bdd at import time: a quick command (``explain``, ``los``) imports
this module's callers without loading the corpus runner.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import os
import sys
import weakref
from collections.abc import Callable, Iterator
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

SUPPORTED = "pytest-bdd>=9.0,<10"

# module -> name -> the parameter names expected (None: not a function, only present)
INTERNALS: dict[str, dict[str, tuple[str, ...] | None]] = {
    "pytest_bdd.scenario": {
        "scenario_wrapper_template_registry": None,
        "find_fixturedefs_for_step": ("step", "fixturemanager", "node"),
        "getfixturedefs": None,
        "get_required_args": None,
        "step_function_context_registry": None,
        # the test function's name pytest-bdd gives a scenario (``-k`` matches it)
        "make_python_name": ("string",),
        # get_step_function is replaced by one that reads pytest's ranking directly
        "get_step_function": ("request", "step"),
        "iterparentnodeids": None,
    },
    "pytest_bdd.steps": {"step_function_context_registry": None},
    "pytest_bdd.feature": {"get_features": ("paths", "encoding")},
    "pytest_bdd.parser": {
        "FeatureParser": ("basedir", "filename", "encoding"),
        # reusing_documents hands pytest-bdd the documents check has parsed already
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
    # a re-run of a test (rulecheck.corpus._rerun) makes its fixture request afresh
    "_pytest.python": {"Function": None},
    # pytest's own ``-k`` grammar, for commands that select scenarios without a pytest session
    "_pytest.mark.expression": {"Expression": None},
}

# The name of the parameter pytest-bdd gives each test of a Scenario Outline: its example's values.
EXAMPLE_PARAMETER = "_pytest_bdd_example"


def keyword_expression():
    """pytest's ``-k`` expression module: ``Expression.compile(text)`` and the error it raises
    for an unreadable one (``ParseError`` in pytest 8, ``SyntaxError`` in pytest 9), as
    ``(module, error type)``."""
    module = importlib.import_module("_pytest.mark.expression")
    return module, getattr(module, "ParseError", SyntaxError)


def scenario_test_name(scenario: str) -> str:
    """The test function pytest-bdd makes of a scenario of this name."""
    from pytest_bdd.scenario import make_python_name

    return f"test_{make_python_name(scenario)}"


def import_plugin_without_highlighting() -> None:
    """pytest-bdd's plugin imports mako (for ``--generate-missing``, which a check never runs),
    and mako imports pygments' lexers to colour its HTML error pages when pygments is installed:
    a tenth of a one-scenario check's start. mako falls back to plain escaping when that import
    fails, so the plugin is imported once with the highlighting module made unimportable."""
    blocked = "mako.ext.pygmentplugin"
    if "pytest_bdd.plugin" in sys.modules or "mako.exceptions" in sys.modules:
        return
    sys.modules[blocked] = None  # type: ignore[assignment]  # None: "cannot be imported"
    try:
        import pytest_bdd.plugin  # noqa: F401
    finally:
        if blocked in sys.modules and sys.modules[blocked] is None:
            del sys.modules[blocked]


def installed_version() -> str | None:
    """The installed pytest-bdd's version, or None when it is not installed as a distribution."""
    try:
        return version("pytest-bdd")
    except PackageNotFoundError:
        return None


def supported(found: str | None) -> bool:
    """Whether a pytest-bdd of version ``found`` is in ``SUPPORTED``: the version guard every
    replacement below checks before it patches anything."""
    # the version range alone (packaging's requirement grammar is a tenth of a one-scenario
    # check's imports, and SUPPORTED names no extras or markers)
    from packaging.specifiers import SpecifierSet
    from packaging.version import InvalidVersion, Version

    if found is None:
        return False
    try:
        specifier = SpecifierSet(SUPPORTED.removeprefix("pytest-bdd"))
        return specifier.contains(Version(found), prereleases=True)
    except InvalidVersion:
        return False


def problems() -> list[str]:
    """What the installed pytest-bdd (and pytest) lacks of ``INTERNALS`` (empty when all is there)."""
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
    if not hasattr(importlib.import_module("_pytest.python").Function, "_initrequest"):
        found.append("_pytest.python.Function._initrequest is missing")
    return found


# --- reading what pytest-bdd collected and parsed ---------------------------------------------


def scenario_of(test_function):
    """The pytest-bdd scenario template a collected test function runs, or None."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    return scenario_wrapper_template_registry.get(test_function)


def step_contexts():
    """Every registered step definition's context (``.parser``, ``.type``, ``.step_func``)."""
    from pytest_bdd.steps import step_function_context_registry

    return list(step_function_context_registry.values())


def features(folders: list[str | Path]) -> list:
    """Every feature of these folders (and feature files), parsed by pytest-bdd and cached by it
    for the process, as its collection sees them."""
    from pytest_bdd.feature import get_features

    return get_features([str(f) for f in folders])


def parse_feature(path: Path):
    """A feature file parsed afresh (``get_features`` keeps a process-wide cache by file name, so
    a file edited between two runs in one process would read as before)."""
    from pytest_bdd.parser import FeatureParser

    return FeatureParser(str(path.parent), path.name).parse()


def example_of(item) -> dict[str, str] | None:
    """The example values of the Scenario Outline row a collected test runs, or None."""
    callspec = getattr(item, "callspec", None)
    return callspec.params.get(EXAMPLE_PARAMETER) if callspec is not None else None


def gherkin_parse_error() -> type[Exception]:
    """pytest-bdd's exception for a feature file that is not Gherkin (``.line``, ``.line_content``)."""
    from pytest_bdd.exceptions import GherkinParseError

    return GherkinParseError


def gherkin_document(text: str, filename: str):
    """A feature file's text as pytest-bdd's ``GherkinDocument``, parsed by the same Gherkin
    parser (``gherkin-official``) with the same errors as its own ``get_gherkin_document``: a
    ``GherkinParseError`` with the line and its content."""
    from gherkin.errors import CompositeParserException
    from gherkin.parser import Parser
    from pytest_bdd.exceptions import GherkinParseError
    from pytest_bdd.gherkin_parser import GherkinDocument, handle_gherkin_parser_error

    try:
        data = Parser().parse(text)
    except CompositeParserException as exc:
        line = exc.errors[0].location["line"]
        lines = text.splitlines()
        content = lines[line - 1] if 0 < line <= len(lines) else ""
        handle_gherkin_parser_error(exc.args[0], line, content, filename, exc)
        raise GherkinParseError(f"Unknown parsing error: {exc.args[0]}", line, content, filename) from exc
    return GherkinDocument.from_dict(data)


@contextlib.contextmanager
def reusing_documents(kept: Callable[[str, str], Any]) -> Iterator[None]:
    """While inside, pytest-bdd's collection asks ``kept(absolute path, encoding)`` for a
    feature's document before parsing the file again; ``kept`` gives None to have it parsed."""
    import pytest_bdd.parser as bdd_parser

    original = bdd_parser.get_gherkin_document

    def get_gherkin_document(abs_filename: str, encoding: str = "utf-8"):
        doc = kept(os.path.abspath(abs_filename), encoding)
        return doc if doc is not None else original(abs_filename, encoding)

    bdd_parser.get_gherkin_document = get_gherkin_document
    try:
        yield
    finally:
        bdd_parser.get_gherkin_document = original


def fresh_request(item) -> None:
    """Give a collected test a new fixture request, as pytest does before it first runs one, so
    the test can run once more in the same session (pytest has no public way to)."""
    item._initrequest()


def drop_request(item) -> None:
    """Let go of a re-run test's fixture request and values, as pytest does after a test."""
    item._request = False
    item.funcargs = None


# --- a faster step lookup ------------------------------------------------------------------------
#
# pytest-bdd (``pytest_bdd.scenario.find_fixturedefs_for_step``) finds the definition of a step by
# asking pytest, for every fixture name in the session, which definitions the running test can
# see, then matching the step definitions among them against the step's text: one visibility
# lookup per fixture name for every step of every scenario (about 200,000 for the bundled corpus,
# a third of a corpus run). Which step definitions a test can see depends only on where the test
# is defined (a definition in a test module or class is visible there only), so here that list is
# built once per place, with pytest-bdd's own helpers in its own order, and each step text is then
# matched against it once per place: the same definitions, in the same order. Each pytest session
# keeps its own lists, so in-process runs (`diff`, `mutate`) never share one.

_VISIBLE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fixture manager -> place -> defs
# fixture manager -> (place, step type, step text) -> the definitions that match it
_MATCHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ORIGINAL: dict[str, Any] = {}  # what install() replaced, by name, for the tests to compare with


def _fixture_names(bdd_scenario, fixturemanager) -> list[str]:
    """Every fixture name of the session, in the order pytest-bdd's own lookup goes through them.
    pytest-bdd 9.0.1 has a helper for it (pytest 9.2 changed its registry); 9.0.0's lookup reads
    pytest's registry (``_arg2fixturedefs``) itself, as here."""
    names = getattr(bdd_scenario, "get_fixture_names", None)
    return (
        names(fixturemanager=fixturemanager) if names is not None else list(fixturemanager._arg2fixturedefs)
    )


def _step_definitions(fixturemanager, node) -> list:
    """The step definitions visible to ``node``, with their contexts, in pytest-bdd's order."""
    bdd_scenario = importlib.import_module("pytest_bdd.scenario")
    places = _VISIBLE.setdefault(fixturemanager, {})
    place = node.parent.nodeid if node.parent is not None else ""
    found = places.get(place)
    if found is None:
        found = places[place] = [
            (fixturedef, context)
            for name in _fixture_names(bdd_scenario, fixturemanager)
            for fixturedef in bdd_scenario.getfixturedefs(fixturemanager, name, node) or []
            if (context := bdd_scenario.step_function_context_registry.get(fixturedef.func)) is not None
        ]
    return found


def find_fixturedefs_for_step(step, fixturemanager, node):
    # The definitions matching a step text are the same each time the step runs (re-runs under
    # other readings, perturbed re-runs of --vacuous), so they are matched once per place.
    place = node.parent.nodeid if node.parent is not None else ""
    matched = _MATCHED.setdefault(fixturemanager, {})
    key = (place, step.type, step.name)
    found = matched.get(key)
    if found is None:
        found = matched[key] = [
            fixturedef
            for fixturedef, context in _step_definitions(fixturemanager, node)
            if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name)
        ]
    yield from found


def get_step_function(request, step):
    """The step definition a step runs, as pytest-bdd's ``get_step_function`` finds it, without
    its detour through pytest: it registers the matching definitions as a temporary fixture and
    asks the request for that fixture's value, which is the context of the definition pytest
    ranks highest (the last, once sorted by how deep each is defined). That fixture has no
    dependencies and no side effect, so the context is read off the same definition directly:
    an eighth of a project's run was this detour, paid again on every dependency re-run."""
    bdd_scenario = importlib.import_module("pytest_bdd.scenario")
    found = list(find_fixturedefs_for_step(step, request._fixturemanager, request.node))
    if not found:
        return None
    found.sort(key=lambda fixturedef: list(bdd_scenario.iterparentnodeids(fixturedef.baseid)))
    return bdd_scenario.step_function_context_registry.get(found[-1].func)


# pytest-bdd reads each step function's signature (``inspect.signature``, twice) every time the
# step runs: about a tenth of a corpus run. A function's signature never changes, so it is read
# once per function.
_signature = functools.lru_cache(maxsize=4096)(inspect.signature)


@functools.lru_cache(maxsize=4096)
def _required_args(func) -> tuple[str, ...]:
    return tuple(_ORIGINAL["get_required_args"](func))


def get_required_args(func) -> list[str]:
    return list(_required_args(func))


# --- a cheaper data-table render -----------------------------------------------------------------
#
# Each time a scenario runs, pytest-bdd renders its steps (to fill in a Scenario Outline's
# ``<parameters>``), and renders a step's data table by deep-copying the whole table first: every
# row, cell and source location, for every table of every run and re-run. In a corpus run with
# computed dependencies that copying was about a seventh of the time. Rendering only changes cell
# values, so here the table is rebuilt with new rows and cells, each value rendered by pytest-bdd's
# own ``render_string``, and the locations (never written) shared.


def render_datatable(datatable, context):
    render = importlib.import_module("pytest_bdd.parser").render_string
    gherkin = importlib.import_module("pytest_bdd.gherkin_parser")
    return gherkin.DataTable(
        location=datatable.location,
        rows=[
            gherkin.Row(
                id=row.id,
                location=row.location,
                cells=[
                    gherkin.Cell(location=cell.location, value=render(cell.value, context))
                    for cell in row.cells
                ],
            )
            for row in datatable.rows
        ],
    )


def _datatable_shaped() -> bool:
    bdd_parser = importlib.import_module("pytest_bdd.parser")
    gherkin = importlib.import_module("pytest_bdd.gherkin_parser")
    fields = {
        name: getattr(getattr(gherkin, name, None), "__dataclass_fields__", {})
        for name in ("DataTable", "Row", "Cell")
    }
    return (
        isinstance(bdd_parser.Step.__dict__.get("render_datatable"), staticmethod)
        and hasattr(bdd_parser, "render_string")
        and set(fields["DataTable"]) == {"location", "rows"}
        and set(fields["Row"]) == {"id", "location", "cells"}
        and set(fields["Cell"]) == {"location", "value"}
    )


def install() -> list[str]:
    """Route pytest-bdd's step lookup and data-table render through the replacements above, when
    the installed pytest-bdd is in ``SUPPORTED`` and has the functions and shapes they replace.
    Returns what it replaced (none elsewhere: pytest-bdd then keeps its own, slower, never
    different). Installing twice changes nothing."""
    if not supported(installed_version()):
        return []
    bdd_scenario = importlib.import_module("pytest_bdd.scenario")
    bdd_parser = importlib.import_module("pytest_bdd.parser")
    replaced = []
    lookup = getattr(bdd_scenario, "find_fixturedefs_for_step", None)
    helpers = ("getfixturedefs", "step_function_context_registry")
    if lookup is not None and all(hasattr(bdd_scenario, h) for h in helpers):
        _ORIGINAL.setdefault("find_fixturedefs_for_step", lookup)
        bdd_scenario.find_fixturedefs_for_step = find_fixturedefs_for_step
        replaced.append("find_fixturedefs_for_step")
        original = getattr(bdd_scenario, "get_step_function", None)
        if original is not None and hasattr(bdd_scenario, "iterparentnodeids"):
            _ORIGINAL.setdefault("get_step_function", original)
            bdd_scenario.get_step_function = get_step_function
            replaced.append("get_step_function")
    if getattr(bdd_scenario, "signature", None) in (inspect.signature, _signature):
        bdd_scenario.signature = _signature
        replaced.append("signature")
    required = getattr(bdd_scenario, "get_required_args", None)
    if required is not None:
        _ORIGINAL.setdefault("get_required_args", required)
        bdd_scenario.get_required_args = get_required_args
        replaced.append("get_required_args")
    if _datatable_shaped():
        _ORIGINAL.setdefault("render_datatable", bdd_parser.Step.__dict__["render_datatable"].__func__)
        bdd_parser.Step.render_datatable = staticmethod(render_datatable)
        replaced.append("render_datatable")
    return replaced
