"""A throwaway checkout whose engine is mutated, and the pytest run that judges it.

Shared by ``benchmarks/mutant_check.py`` (a mutmut mutant: the mutated packages mutmut wrote,
linked in) and ``benchmarks/own_mutants.py`` (a mutant of its own operators: the packages copied,
one module rewritten). Both build the same folder: this checkout's features, steps, tests and
CLI linked in, so a scenario written here is what runs, and the engine's packages taken from
elsewhere; both run pytest there the same way (``-x``, no cache, no xdist).

``ForkJudge`` judges many mutants of one folder cheaply: a server process imports pytest and the
third-party libraries once (never the project: the engine must be imported fresh, mutated, by
each child), and each mutant is one forked child that runs one pytest session in the folder
while the module's mutated source sits in it; the original is written back after each child.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# This checkout's own files, linked (never written) into the folder.
LINKED = (
    "features",
    "steps",
    "rulecheck",
    "scenarios",
    "tests",
    "conftest.py",
    "benchmarks",
    "pyproject.toml",
)
# The packages that hold mutated code: the shared engine library and each game's package.
PACKAGES = ("rules", "rulecheck_gundam_assemble", "rulecheck_multibase")
PYTEST_ARGS = ("-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist")


def build_tree(folder: Path, packages: Mapping[str, Path], *, copy: bool, root: Path = ROOT) -> None:
    """Fill ``folder``: ``LINKED`` entries of ``root`` as symlinks, each package of ``packages``
    (name -> where it comes from) linked, or copied without bytecode when ``copy``."""
    for entry in LINKED:
        if (root / entry).exists():
            os.symlink(root / entry, folder / entry)
    for name, source in packages.items():
        if copy:
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            os.symlink(source, folder / name)


def run_pytest(
    folder: Path, tests: Iterable[str], env: Mapping[str, str], **kwargs
) -> subprocess.CompletedProcess:
    """One pytest session in ``folder`` (a subprocess, so the folder's packages are imported)."""
    args = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *tests]
    return subprocess.run(args, cwd=folder, env={**os.environ, **env}, **kwargs)


# pytest's exit codes: 0 every test passed, 1 some test failed, 2 interrupted (a collection error
# stops the session before any test: with -x, a module that fails to import), 3 internal error,
# 4 usage error, 5 no test collected.
PASSED, FAILED, INTERRUPTED = 0, 1, 2

# Third-party modules the children share, imported once by the server. The project's own
# packages are never imported there: each child must import the mutated source afresh.
PRELOAD = (
    "pytest",
    "_pytest.python",
    "pytest_bdd",
    "hypothesis",
    "shapely",
    "shapely.geometry",
    "numpy",
    "yaml",
)


class _Session:
    """The plugin a child's session runs with: tests that killed a mutant of the same module
    first, then the fastest (the verdict does not depend on the order, since a survivor runs every
    selected test; a killed mutant costs the tests run before the one that kills it), and what it
    reports back: the first failing test and each test's duration."""

    def __init__(self, rank: Mapping[str, float]):
        self.rank = rank
        self.failed: str | None = None
        self.durations: dict[str, float] = {}

    def pytest_collection_modifyitems(self, items):
        items.sort(key=lambda item: self.rank.get(item.nodeid, float("inf")))

    def pytest_runtest_logreport(self, report):
        if report.when == "call":
            self.durations[report.nodeid] = report.duration
        if report.failed and self.failed is None:
            self.failed = report.nodeid


class ForkJudge:
    """Runs pytest sessions in ``folder``, each in a child forked from this process."""

    def __init__(
        self, folder: Path, env: Mapping[str, str] | None = None, packages: Iterable[str] = PACKAGES
    ):
        self.folder = folder
        # what a child sets before its session: no bytecode is written (a mutated module's must
        # never be left behind for the next mutant, whose source may have the same size and mtime)
        self.env = {**(env or {}), "PYTHONDONTWRITEBYTECODE": "1"}
        for name in PRELOAD:
            with contextlib.suppress(ImportError):
                __import__(name)
        self._warm_features(packages)
        loaded = [n for n in sys.modules if n.split(".")[0] in set(packages)]
        if loaded:  # a child would see the unmutated module the server holds
            raise RuntimeError(f"the judge's server imported the project: {loaded[:3]}")

    def _warm_features(self, packages: Iterable[str]) -> None:
        """Parse every feature file of the folder's packages once, into pytest-bdd's own cache of
        parsed features (keyed by the file's path), which the children inherit: a feature file is
        data no mutant of the engine changes, and parsing them was a third of a session's start."""
        try:
            from pytest_bdd.feature import get_feature
        except ImportError:
            return
        for package in packages:
            for path in sorted((self.folder / package).rglob("*.feature")):
                get_feature(str(path.parent), path.name)

    def session(self, tests: list[str], rank: Mapping[str, float], time_limit: float) -> dict:
        """One pytest session: ``{"code": exit code or None when stopped at the time limit,
        "failed": first failing test, "durations": {...}, "seconds": wall time}``."""
        report = self.folder / ".judge-report.json"
        report.unlink(missing_ok=True)
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: one session, then exit without running the server's cleanup
            code = 3
            try:
                # what the server holds (pytest, the libraries, the parsed features) is never
                # garbage: keep the collector from walking it in every child
                gc.freeze()
                os.environ.update(self.env)
                sys.dont_write_bytecode = True
                os.chdir(self.folder)
                sys.path.insert(0, str(self.folder))
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
                import pytest

                plugin = _Session(rank)
                # --assert=plain: no test module is rewritten (a session's largest fixed cost, as
                # the rewritten modules cannot be cached without bytecode); a failing assert
                # fails the test as before, only its message is plainer.
                code = int(pytest.main([*PYTEST_ARGS, "--assert=plain", *tests], plugins=[plugin]))
                report.write_text(
                    json.dumps({"code": code, "failed": plugin.failed, "durations": plugin.durations})
                )
            finally:
                os._exit(0 if report.exists() else 3)
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() - started > time_limit:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return {"code": None, "failed": None, "durations": {}, "seconds": time.monotonic() - started}
            time.sleep(0.02)
        seconds = time.monotonic() - started
        if not report.is_file():
            raise RuntimeError(f"a judging session ended without a report (status {status})")
        out = json.loads(report.read_text())
        report.unlink()
        return {**out, "seconds": seconds}
