"""Swap one engine function for another everywhere the running program can reach it: the module
attribute (or class attribute, for a method) and every module of the project (rules, rulecheck,
steps and each game's rulecheck_* package) that imported it by name. Used by
benchmarks/equivalent_sample.py and tests/test_equivalent_mutants.py."""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator


def original(module: str, cls: str | None, func: str):
    owner = importlib.import_module(module)
    return getattr(owner, cls).__dict__[func] if cls else getattr(owner, func)


@contextlib.contextmanager
def patched(
    module: str, cls: str | None, func: str, replacement: Callable[[object], object]
) -> Iterator[None]:
    """Within the block, ``module[.cls].func`` is ``replacement(original)``."""
    old = original(module, cls, func)
    new = replacement(old)
    undo: list[tuple[object, str, object]] = []
    if cls:
        owner = getattr(importlib.import_module(module), cls)
        undo.append((owner, func, old))
        setattr(owner, func, new)
    else:
        for mod in list(sys.modules.values()):
            top = "" if mod is None else mod.__name__.split(".")[0]
            # the project's own modules: the toolkit, the shared engine and each game's package
            if top not in ("rules", "rulecheck", "steps") and not top.startswith("rulecheck_"):
                continue
            for attr, value in list(vars(mod).items()):
                if value is old:
                    undo.append((mod, attr, old))
                    setattr(mod, attr, new)
    try:
        yield
    finally:
        for owner, attr, value in reversed(undo):
            setattr(owner, attr, value)
