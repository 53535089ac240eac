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
in docs/performance.md, "Code mutation".

It also decides which selected tests judge a mutant (``JUDGES``): the scenario corpus judges the
rules, and a test written to check one module against an outside truth (exact odds against
seeded runs of the engine, the board-wide visibility against the hex-by-hex Line of Sight, the
sightline table against shapely) judges that module only. Run on a mutant of the attack code,
the seeded odds tests would only repeat, at 5 to 12 s a test, what the corpus must tell; a mutant
only they would catch is a gap in the corpus, and must show as a survivor.
"""

from __future__ import annotations

import gc

_saved = None

# test file -> the modules whose mutants it judges (prefixes of mutant names); test files not
# listed judge every mutant that reaches them.
JUDGES = {
    "tests/test_odds.py": ("rulecheck_gundam_assemble.engine.odds.", "rules.dice."),
    "tests/test_multibase_odds.py": ("rulecheck_multibase.engine.odds.", "rules.dice."),
    "tests/test_los_properties.py": (
        "rulecheck_gundam_assemble.engine.visibility.",
        "rulecheck_gundam_assemble.engine.line_of_sight.",
        "rules.hex_sightline.",
        "rules.hexgrid.",
    ),
    "tests/test_sightline_table.py": ("rules.hex_sightline.", "rules.hexgrid."),
}


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


def _clear_engine_caches() -> None:
    """Forget every result our code cached: the rulebooks, the card catalogue, the sightline
    table, geometry. The fork server filled some of these while it collected the tests, with no
    mutant active; left in place, they would hand the child the unmutated loader's result and
    hide the mutant (a mutant of the rulebook parser would survive without ever running)."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in (
            "rules",
            "rulecheck",
            "steps",
            "rulecheck_gundam_assemble",
            "rulecheck_multibase",
        ):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    sightlines = sys.modules.get("rules.hex_sightline")
    if sightlines is not None:
        sightlines._known.clear()


def pytest_runtest_setup(item):
    # The statistics run maps each test to the engine functions it calls; with a cache carried
    # from one test to the next, a loader would be mapped to the first test that ran it only.
    try:
        from mutmut.mutation.trampoline import get_mutant_under_test
    except ImportError:
        return
    if get_mutant_under_test() == "stats":
        _clear_engine_caches()


def pytest_collection_modifyitems(config, items):
    try:
        from mutmut.mutation.trampoline import get_mutant_under_test
    except ImportError:
        return
    mutant = get_mutant_under_test() or ""
    if "__mutmut_" not in mutant:  # the clean run, the statistics run: every test
        _durations()  # read in the fork server's warm-up, before any child forks
        _compile_step_patterns()
        return
    _clear_engine_caches()
    keep, drop = [], []
    for item in items:
        judges = JUDGES.get(item.nodeid.split("::")[0])
        (keep if judges is None or mutant.startswith(judges) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    # Tests that killed a mutant of the same function first, then the fastest: a session stops
    # at the first failure (-x), so a killed mutant costs the time of the tests before the one
    # that kills it. The mutants of one function are mostly killed by the same few tests. The
    # verdict does not depend on the order: a survivor runs every selected test either way.
    durations = _durations()
    killers = _killers_of(_function_of(mutant))
    keep.sort(key=lambda item: (killers.get(item.nodeid, len(killers)), durations.get(item.nodeid, 0.0)))
    items[:] = keep


def pytest_collection_finish(session):
    # What the collection made (hundreds of test items) is kept to the end of the session:
    # moved out of the collector's reach, as gc.freeze() above did for the inherited heap.
    gc.freeze()


def _compile_step_patterns() -> None:
    """Compile every step definition's pattern in the fork server, so that the children inherit
    them compiled: the ``parse`` library compiles a pattern on its first match, and a child that
    ran a few scenarios spent most of its time on that (about 1 s)."""
    from rulecheck.pytest_bdd_compat import step_contexts

    for context in step_contexts():
        context.parser.is_matching("")


def pytest_runtest_logreport(report):
    if not report.failed:
        return
    try:
        from mutmut.mutation.trampoline import get_mutant_under_test
    except ImportError:
        return
    mutant = get_mutant_under_test() or ""
    if "__mutmut_" in mutant:
        _remember_killer(_function_of(mutant), report.nodeid)


# One file per function in mutants/killers/, each line a test that killed one of its mutants,
# appended by the children (a line is one short write in append mode, so children running at
# once do not interleave).
_KILLERS = "killers"


def _function_of(mutant: str) -> str:
    return mutant.rsplit("__mutmut_", 1)[0]


def _killers_of(function: str) -> dict[str, int]:
    """The tests that killed a mutant of ``function``, most recent first, with their rank."""
    from pathlib import Path

    try:
        lines = (Path(_KILLERS) / function).read_text().splitlines()
    except OSError:
        return {}
    ranks: dict[str, int] = {}
    for nodeid in reversed(lines):
        ranks.setdefault(nodeid, len(ranks))
    return ranks


def _remember_killer(function: str, nodeid: str) -> None:
    import os

    os.makedirs(_KILLERS, exist_ok=True)
    with open(os.path.join(_KILLERS, function), "a") as out:
        out.write(nodeid + "\n")


_DURATIONS: dict[str, float] | None = None


def _durations() -> dict[str, float]:
    """Each test's duration from mutmut's statistics run (read once, in the fork server, so every
    child inherits it)."""
    global _DURATIONS
    if _DURATIONS is None:
        import json
        from pathlib import Path

        try:
            _DURATIONS = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
        except (OSError, ValueError, KeyError):
            _DURATIONS = {}
    return _DURATIONS
