"""Progress on stderr for runs that take a while (``check``, ``report``, ``docs``, ``diff``,
``mutate``).

A command turns it on with ``shown(quiet=...)``; ``rulecheck.corpus.run_corpus`` then reports each
finished scenario through ``corpus_plugin()``. Nothing is written when stderr is not a terminal
(a pipe or a CI log wants the result, not a ticking counter), with ``--quiet``, or before the run
has taken a second, so quick runs stay silent.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from typing import TextIO

DELAY_SECONDS = 1.0


class Progress:
    """One line on a terminal, rewritten in place: ``label  done/total``."""

    def __init__(self, stream: TextIO, delay: float | None = None):
        self.stream = stream
        self.delay = DELAY_SECONDS if delay is None else delay
        self.started = time.monotonic()
        self.width = 0

    def update(self, label: str, done: int, total: int) -> None:
        if time.monotonic() - self.started < self.delay:
            return
        text = f"{label}  {done}/{total}"
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


_active: Progress | None = None


def enabled(quiet: bool, stream: TextIO | None = None) -> bool:
    stream = stream or sys.stderr
    return not quiet and stream.isatty()


@contextlib.contextmanager
def shown(quiet: bool = False, stream: TextIO | None = None) -> Iterator[Progress | None]:
    """Report progress for the length of the block, if stderr is a terminal and not ``quiet``."""
    global _active
    stream = stream or sys.stderr
    if not enabled(quiet, stream):
        yield None
        return
    previous, _active = _active, Progress(stream)
    try:
        yield _active
    finally:
        _active.clear()
        _active = previous


class _CorpusProgress:
    """pytest plugin: counts finished scenarios of one corpus run."""

    def __init__(self, progress: Progress, label: str):
        self.progress, self.label = progress, label
        self.total = self.done = 0

    def pytest_collection_finish(self, session) -> None:
        self.total = len(session.items)

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "teardown":
            self.done += 1
            self.progress.update(self.label, self.done, self.total)


def corpus_plugin(label: str = "running scenarios") -> _CorpusProgress | None:
    """A plugin for the current corpus run, or None when progress is off."""
    return _CorpusProgress(_active, label) if _active is not None else None
