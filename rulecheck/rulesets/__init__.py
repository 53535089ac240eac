"""Per-ruleset adapters: how the toolkit loads, explains, draws and gives odds for a scenario.

Each ruleset has a module here exposing ``ADAPTER`` with at least:

* ``load_scenario(path) -> scenario`` (raises ``InputError`` with file, line and field);
* ``scenario_from_doc(doc) -> scenario``: the same from a file already read (``LocatedYaml``);
* ``explain(scenario, rules) -> Explanation``: resolve what the scenario describes;

and optionally ``draw(scenario, rules, **options) -> str`` (SVG) and ``odds(scenario, rules)``.
The command-line code picks the adapter from the scenario file's ``ruleset:`` key.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.source_yaml import InputError, LocatedYaml, load_yaml
from rules.events import Event
from rules.rulebook import rulesets


@dataclass(frozen=True)
class Explanation:
    """A resolved ruling: the trace and the outcome (verdicts, hits, damage, tokens...)."""

    title: str
    events: tuple[Event, ...]
    outcome: dict[str, Any] = field(default_factory=dict)
    interpretations: dict[str, str] = field(default_factory=dict)  # the ones the ruling used

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "outcome": self.outcome,
            "interpretations": self.interpretations,
            "events": [e.to_json() for e in self.events],
        }


def distribution_json(dist) -> dict[str, dict[str, Any]]:
    """An exact distribution {value: Fraction} as JSON: the fraction as text and its float."""
    return {str(k): {"exact": str(v), "p": float(v)} for k, v in dist.items()}


def adapter(ruleset: str):
    return importlib.import_module(f"rulecheck.rulesets.{ruleset}").ADAPTER


def ruleset_of(path: str | Path) -> str:
    """The ``ruleset:`` key of a scenario file, checked against the bundled rulesets."""
    return _ruleset_of_doc(load_yaml(path))


def _ruleset_of_doc(doc: LocatedYaml) -> str:
    if not isinstance(doc.data, dict):
        raise doc.error((), "a scenario is a mapping (expected keys such as ruleset, board, units)")
    name = doc.data.get("ruleset")
    if name is None:
        raise doc.error(("ruleset",), f"missing required key 'ruleset' (one of: {', '.join(rulesets())})")
    if name not in rulesets():
        raise doc.error(("ruleset",), f"unknown ruleset {name!r} (expected one of: {', '.join(rulesets())})")
    return name


def load_scenario(path: str | Path):
    """Load any bundled ruleset's scenario file; returns ``(ruleset, scenario)``. The file is read
    and parsed once: its ``ruleset:`` key picks the adapter, which builds the scenario from the
    same document (reading it twice cost about a quarter of the time of loading a scenario)."""
    doc = load_yaml(path)
    name = _ruleset_of_doc(doc)
    try:
        mod = adapter(name)
    except ModuleNotFoundError:  # pragma: no cover - every bundled ruleset has an adapter
        raise InputError(path, None, "ruleset", f"no scenario support for {name!r}") from None
    return name, mod.scenario_from_doc(doc)
