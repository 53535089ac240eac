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
"""

from __future__ import annotations

import gc

_saved = None


def pytest_configure(config):
    global _saved
    gc.freeze()
    try:
        from mutmut.mutation import trampoline
    except ImportError:  # a plain pytest run that named this plugin: nothing to speed up
        return
    _saved = trampoline.get_mutant_under_test
    mutant = _saved()
    trampoline.get_mutant_under_test = lambda: mutant


def pytest_unconfigure(config):
    global _saved
    if _saved is not None:
        from mutmut.mutation import trampoline

        trampoline.get_mutant_under_test = _saved
        _saved = None
