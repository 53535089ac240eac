"""Running a ruleset's evaluator on generated positions: the dice pools, the rulebook of a
version, what the run read, and the line protocol ``explore --rev`` speaks.

A ruleset's ``Explorer.evaluator(kind)`` names, as ``module:function``, the function that rules
on one position of that kind: ``(position, rules, catalogue) -> answer``, where the answer has
``outcome`` (plain JSON), ``events`` (the trace, as JSON) and ``dice_used`` (faces taken per roll
purpose), or ``{"invalid": why}`` for a position the engine cannot rule on (a dice pool too
short, a position no scenario file could state), or ``{"refused": why}`` for one the rules
refuse (a declaration the attack checks reject, a scripted choice not among the legal ones):
that one is a ruling, and can differ between two versions. The bundled games' evaluators are
``rulecheck_gundam_assemble.evaluate`` and ``rulecheck_multibase.evaluate``;
a position's format is its ruleset's (see its strategies module).

This module imports no game, and only the standard library and ``rules.rulebook`` (imported
when first needed), so ``explore --rev`` can run it as a script in the checkout of another
revision: with that checkout first on ``sys.path``, ``python evaluate.py [CATALOGUE]`` reads one
request per line on stdin and writes one answer per line; the evaluator a request names is
imported from that checkout, so the position is loaded and ruled on by that revision's game.

Every answer also lists the rulebook entries the run read (``reads``: ``interpretations.NAME`` and
``parameters.NAME``), as `rulecheck check` records them: a reading a run never asks cannot change
its ruling, which is how the search steers towards positions where the compared readings matter.

Dice come from pools, not a strict script: both versions draw from the same pools, and the
answer says how many faces each roll used, so a scenario can script exactly what the version it
asserts needs.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any


class PoolExhausted(Exception):
    """The generated dice pool was too short for this resolution: not a usable position."""


class PoolDice:
    """Faces drawn in order from one pool per purpose; records how many each purpose used."""

    def __init__(self, pools: dict[str, list[int]]):
        self.pools = pools
        self.used: dict[str, int] = {}

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        key = purpose
        pool = self.pools.get(key, [])
        start = self.used.get(key, 0)
        if start + count > len(pool):
            raise PoolExhausted(f"{key}: needs {start + count} faces, the pool has {len(pool)}")
        self.used[key] = start + count
        return tuple(min(max(f, 1), sides) for f in pool[start : start + count])

    def finish(self) -> None:
        """Unused faces are fine here: the scenario scripts only the faces used."""


def jsonable(value: Any) -> Any:
    """``value`` as JSON gives it back (sets as sorted lists, anything else as its text)."""
    return json.loads(
        json.dumps(value, default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v))
    )


def _rulebook(ruleset: str, parameters: dict, interpretations: dict, book=None):
    """The version's rulebook: ``book`` (the ruleset's, as its ``Ruleset.rulebook()`` gives it)
    with the changes; alone against another revision's engine, the bundled book of that name."""
    if book is None:
        from rules.rulebook import load

        book = load(ruleset)
    if parameters or interpretations:
        book = book.with_changes(parameters, interpretations, "explore")
    return book


# --- entry points ---------------------------------------------------------------------------------


def evaluate(request: dict[str, Any], catalogue=None, book=None) -> dict[str, Any]:
    """The answer of ``_evaluate`` with the rulebook entries it read; an engine crash comes back
    as ``{"crash": why}``. ``book``: the ruleset's rulebook as the book has it (else loaded by
    the request's ruleset name, for a bundled ruleset)."""
    from rules.rulebook import observing_reads

    reads: set[str] = set()
    try:
        with observing_reads(lambda _book, entry: reads.add(entry)):
            answer = _evaluate(request, catalogue, book)
    except Exception as exc:  # an engine crash is a finding, not the end of the search
        return {"crash": f"{type(exc).__name__}: {exc}"}
    answer["reads"] = sorted(reads)
    return answer


def _evaluate(request: dict[str, Any], catalogue=None, book=None) -> dict[str, Any]:
    """``request``: ``ruleset``, ``evaluator`` (``module:function`` of the ruleset's own
    package), ``position``, and the version's ``parameters`` and
    ``interpretations`` (changes to the book). Never raises for a position the engine refuses to
    read: that comes back as ``{"invalid": why}``, and a position the rules refuse (a declaration
    the attack checks reject, a scripted removal or push not among the legal ones) as
    ``{"refused": why}``: that one is a ruling, and can differ between two versions."""
    rules = _rulebook(
        request["ruleset"], request.get("parameters") or {}, request.get("interpretations") or {}, book
    )
    return evaluator(request["evaluator"])(request["position"], rules, catalogue)


def evaluator(key: str):
    """The function a request names, ``module:function``."""
    module, _, function = key.partition(":")
    return getattr(importlib.import_module(module), function)


def catalogue_for(key: str, path: str | None):
    """What the evaluator ``key`` needs besides the position, read from ``path`` by its
    module's ``load_catalogue`` (None without a path, or when the module reads none)."""
    loader = getattr(importlib.import_module(key.partition(":")[0]), "load_catalogue", None)
    return loader(path) if path and loader else None


def serve(catalogue_path: str | None, stdin=None, stdout=None) -> None:
    """One JSON request per line in, one JSON answer per line out, until stdin closes."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    catalogues: dict[str, Any] = {}  # by evaluator, each read once
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        key = request["evaluator"]
        if key not in catalogues:
            catalogues[key] = catalogue_for(key, catalogue_path)
        answer = evaluate(request, catalogues[key])
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1] if len(sys.argv) > 1 else None)
