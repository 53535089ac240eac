"""Make one mutmut mutant cheaper to test (loaded with ``-p`` by ``[tool.mutmut]`` only).

mutmut forks one child per mutant from a server that has collected the tests, and each child
runs one pytest session. Two costs of that child do not depend on the engine at all:

- the garbage collector walks the whole heap the child inherited (every collected test,
  pytest-bdd's parsed features, the rulebooks), at pytest's exit twice and otherwise whenever a
  generation fills. ``gc.freeze()`` at the start of the session moves what exists then into the
  permanent generation, so a collection walks only what this session made.
- mutmut's trampoline around every engine function looks up the mutant under test in
  ``os.environ`` on each call (tens of thousands of calls a scenario run). The mutant cannot
  change within one session, so the session reads it once.

Neither changes which function the trampoline calls, so no verdict changes; the measured gain is
in README "How much of the engine's code does the corpus pin down?".

One more thing does change verdicts, on purpose: the engine's caches (the loaded rulebooks, the
bundled cards, the sightlines, multibase geometry). The server that forks the children has
collected the tests, and collection loads the rulebooks: a child would read the unmutated
rulebook from the cache, so no test could see a mutant of the loader. And in the statistics run
that tells mutmut which tests reach which function, a cached result is computed by the first
test only, so a mutant of the rulebook or card loader was tried against that one test. The
caches are therefore emptied when a mutant's session starts, and before every test of the
statistics run.
"""

from __future__ import annotations

import gc

_saved = None
_stats_run = False


def _clear_engine_caches() -> None:
    """Forget every cached result of engine code, so that the next call runs it again."""
    from rulecheck.card_plugins import bundled_catalogue, python_cards
    from rules import hex_sightline
    from rules.multibase import geometry
    from rules.rulebook import load

    load.cache_clear()
    bundled_catalogue.cache_clear()
    python_cards.cache_clear()
    hex_sightline.reset_cache()
    geometry.base_distance.cache_clear()
    geometry._trace.cache_clear()


def pytest_configure(config):
    global _saved, _stats_run
    gc.freeze()
    try:
        from mutmut.mutation import trampoline
    except ImportError:  # a plain pytest run that named this plugin: nothing to speed up
        return
    _saved = trampoline.get_mutant_under_test
    mutant = _saved()
    trampoline.get_mutant_under_test = lambda: mutant
    _stats_run = mutant == "stats"
    if mutant:
        _clear_engine_caches()


def pytest_runtest_setup(item):
    if _stats_run:
        _clear_engine_caches()


def pytest_unconfigure(config):
    global _saved, _stats_run
    _stats_run = False
    if _saved is not None:
        from mutmut.mutation import trampoline

        trampoline.get_mutant_under_test = _saved
        _saved = None
