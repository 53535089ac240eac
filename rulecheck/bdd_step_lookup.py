"""A faster step lookup for pytest-bdd, installed by ``rulecheck.pytest_plugin``.

pytest-bdd (``pytest_bdd.scenario.find_fixturedefs_for_step``) finds the definition of a step by
asking pytest, for every fixture name in the session, which definitions the running test can
see, then matching the step definitions among them against the step's text: one visibility
lookup per fixture name for every step of every scenario (about 200,000 for the bundled corpus,
a third of a corpus run). Which step definitions a test can see depends only on where the test
is defined (a definition in a test module or class is visible there only), so here that list is
built once per place, with pytest-bdd's own helpers in its own order, and each step text is then
matched against it once per place: the same definitions, in the same order. Each pytest session keeps its own
lists, so in-process runs (`diff`, `mutate`) never share one. ``tests/test_bdd_step_lookup.py``
checks the two lookups agree on every step of the corpus.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import weakref

# The module, not the ``scenario`` function pytest_bdd exports under the same name.
bdd_scenario = importlib.import_module("pytest_bdd.scenario")

_ORIGINAL = getattr(bdd_scenario, "find_fixturedefs_for_step", None)
_HELPERS = ("get_fixture_names", "getfixturedefs", "step_function_context_registry")
_VISIBLE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fixture manager -> place -> defs
# fixture manager -> (place, step type, step text) -> the definitions that match it
_MATCHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _step_definitions(fixturemanager, node) -> list:
    """The step definitions visible to ``node``, with their contexts, in pytest-bdd's order."""
    places = _VISIBLE.setdefault(fixturemanager, {})
    place = node.parent.nodeid if node.parent is not None else ""
    found = places.get(place)
    if found is None:
        found = places[place] = [
            (fixturedef, context)
            for name in bdd_scenario.get_fixture_names(fixturemanager=fixturemanager)
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
    found = list(find_fixturedefs_for_step(step, request._fixturemanager, request.node))
    if not found:
        return None
    found.sort(key=lambda fixturedef: list(bdd_scenario.iterparentnodeids(fixturedef.baseid)))
    return bdd_scenario.step_function_context_registry.get(found[-1].func)


_ORIGINAL_GET_STEP_FUNCTION = getattr(bdd_scenario, "get_step_function", None)


# pytest-bdd reads each step function's signature (``inspect.signature``, twice) every time the
# step runs: about a tenth of a corpus run. A function's signature never changes, so it is read
# once per function.
_signature = functools.lru_cache(maxsize=4096)(inspect.signature)


@functools.lru_cache(maxsize=4096)
def _required_args(func) -> tuple[str, ...]:
    return tuple(_ORIGINAL_REQUIRED_ARGS(func))


def get_required_args(func) -> list[str]:
    return list(_required_args(func))


_ORIGINAL_REQUIRED_ARGS = getattr(bdd_scenario, "get_required_args", None)


def install() -> None:
    """Route pytest-bdd's lookup through the lists above. A pytest-bdd without the function or
    its helpers (another version) keeps its own lookup: slower, never different."""
    if _ORIGINAL is not None and all(hasattr(bdd_scenario, h) for h in _HELPERS):
        bdd_scenario.find_fixturedefs_for_step = find_fixturedefs_for_step
        if _ORIGINAL_GET_STEP_FUNCTION is not None and hasattr(bdd_scenario, "iterparentnodeids"):
            bdd_scenario.get_step_function = get_step_function
    if getattr(bdd_scenario, "signature", None) is inspect.signature:
        bdd_scenario.signature = _signature
    if _ORIGINAL_REQUIRED_ARGS is not None:
        bdd_scenario.get_required_args = get_required_args
