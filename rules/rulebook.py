"""A ruleset's rulebook.yaml as an immutable object: clauses, the book's numbers, interpretations
and the FAQ ledger (docs/architecture.md, "The rulebook file").

The engine asks a ``Rulebook`` for every number (``rules.param("hit_threshold")``) and for every
decision the text leaves open (``rules.interpretation("los_choice_points")``). A rule change, an
errata or a house rule is an overlay: ``rules.with_changes(parameters=..., interpretations=...)``
returns a new rulebook and leaves the original untouched, so one process can run a corpus under
several rule sets side by side.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from rules import limits

# libyaml's safe loader when PyYAML was built with it (the same documents, about 8x faster: a
# command reads a whole rulebook to answer one question); the pure-Python one otherwise.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

RULES_DIR = Path(__file__).resolve().parent
# Each bundled game is a package of its own beside this one (rulecheck_<name>/), its engine and
# rulebook in its engine/ folder; they are found by that layout, not imported (the shared library
# imports no game).
GAME_PACKAGES = RULES_DIR.parent
RULING_STATUSES = ("official", "derived", "interpretation")
FAQ_STATUSES = ("derived", "interpretation", "needs-card-text", "official")
# Where a number comes from: the book states it (at its clause), or the project assumes it where
# the book names a rule without sizing it. An assumed number is an interpretation-like default.
PARAMETER_BASES = ("book", "assumed")
# What an interpretation is: a reading of the chapter's own text (it decides something the text
# leaves open), or a placeholder for a card's wording the chapter does not print (Disarm's effect,
# say): the text has nothing to read there, so the option stands in for the card.
INTERPRETATION_KINDS = ("reading", "placeholder")


class RulebookError(Exception):
    """A rulebook or an overlay names something that does not exist, or has a bad value.

    ``field`` is the dotted path of the offending entry, so a caller that knows the source file's
    line numbers can point at it."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Clause:
    id: str
    section: str
    text: str  # a paraphrase, never the book's sentence


@dataclass(frozen=True)
class Parameter:
    name: str
    value: Any
    clause: str
    note: str = ""
    basis: str = "book"  # see PARAMETER_BASES

    @property
    def assumed(self) -> bool:
        return self.basis == "assumed"


@dataclass(frozen=True)
class Interpretation:
    name: str
    question: str
    options: Mapping[str, str]
    default: str
    why: str
    clauses: tuple[str, ...]
    faq: tuple[str, ...] = ()
    kind: str = "reading"  # see INTERPRETATION_KINDS

    @property
    def placeholder(self) -> bool:
        return self.kind == "placeholder"


class UnknownOption(RulebookError):
    """The engine compared an interpretation's option with a name that is not one of its options:
    a misspelling that would otherwise read as a silent ``False``."""


class Option(str):
    """The option in force for one interpretation, as ``Rulebook.interpretation`` hands it out.

    It is the option's name (a ``str``: printed, joined, hashed and written out as before), and it
    knows its interpretation's options, so comparing it with a name that is not one of them raises
    ``UnknownOption`` instead of being quietly unequal. tests/test_typed_interpretations.py checks
    the same of every literal compared in the engine's source, before anything runs."""

    interpretation: str
    options: tuple[str, ...]

    def __new__(cls, value: str, interpretation: str, options: tuple[str, ...]) -> Option:
        option = super().__new__(cls, value)
        option.interpretation = interpretation
        option.options = options
        return option

    def __reduce__(self) -> tuple[Any, ...]:
        return (Option, (str(self), self.interpretation, self.options))

    def _known(self, other: object) -> object:
        if isinstance(other, str) and not isinstance(other, Option) and other not in self.options:
            raise UnknownOption(
                f"interpretations.{self.interpretation}",
                f"no option {other!r} (expected one of {', '.join(self.options)})",
            )
        return other

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, self._known(other))

    def __ne__(self, other: object) -> bool:
        return str.__ne__(self, self._known(other))

    __hash__ = str.__hash__


# An option written out (an event's fields, a report's interpretations) is its name: YAML's
# dumpers look a value's exact type up, so they are told that an Option is written as a str
# (as a plain str: the dumper compares the value with strings of its own, such as '').
for _dumper in {yaml.SafeDumper, getattr(yaml, "CSafeDumper", yaml.SafeDumper), yaml.Dumper}:
    _dumper.add_representer(Option, lambda dumper, option: dumper.represent_str(str(option)))


@dataclass(frozen=True)
class FaqEntry:
    id: str  # "Q3"
    question: str
    status: str
    clauses: tuple[str, ...]
    interpretation: str | None = None
    note: str = ""
    justification: str = ""  # one line: why this status (what decides it, or what is missing)
    # For an entry that turns on a card the chapter does not print: the card property it turns on,
    # when scenarios decide it with a hypothetical card that has exactly that property.
    card_property: str | None = None


@dataclass(frozen=True)
class Rulebook:
    ruleset: str
    title: str
    source: str
    clauses: Mapping[str, Clause]
    parameters: Mapping[str, Parameter]
    interpretations: Mapping[str, Interpretation]
    faq: Mapping[str, FaqEntry]
    chosen: Mapping[str, str] = field(default_factory=dict)  # interpretation -> option in force
    # Terrain kinds the ruleset declares (name -> fields; rulecheck_gundam_assemble/engine/terrain.py reads them).
    terrain: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    overlays: tuple[str, ...] = ()  # names of the overlays applied, in order

    # --- queries the engine makes -----------------------------------------------------------
    def param(self, name: str) -> Any:
        try:
            return self.parameters[name].value
        except KeyError:
            raise RulebookError(f"parameters.{name}", f"no such parameter in {self.ruleset}") from None

    def interpretation(self, name: str) -> Option:
        """The option in force for ``name``; an unknown name raises, and so does comparing the
        answer with a name that is not one of its options (``Option``)."""
        if name not in self.interpretations:
            raise RulebookError(f"interpretations.{name}", f"no such interpretation in {self.ruleset}")
        entry = self.interpretations[name]
        return Option(self.chosen.get(name, entry.default), name, tuple(entry.options))

    def cite(self, name: str) -> str:
        """``name=option`` for an event's ``interpretation`` field."""
        return f"{name}={self.interpretation(name)}"

    def clause(self, clause_id: str) -> Clause:
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise RulebookError(f"clauses.{clause_id}", f"no such clause in {self.ruleset}") from None

    # --- overlays ----------------------------------------------------------------------------
    def with_changes(
        self,
        parameters: Mapping[str, Any] | None = None,
        interpretations: Mapping[str, str] | None = None,
        name: str = "overlay",
    ) -> Rulebook:
        params = dict(self.parameters)
        for key, value in (parameters or {}).items():
            if key not in params:
                raise RulebookError(f"parameters.{key}", f"no such parameter in {self.ruleset}")
            value = _checked_value(self.ruleset, key, params[key].value, value)
            params[key] = replace(params[key], value=value)
        chosen = dict(self.chosen)
        for key, option in (interpretations or {}).items():
            if key not in self.interpretations:
                raise RulebookError(f"interpretations.{key}", f"no such interpretation in {self.ruleset}")
            options = self.interpretations[key].options
            if not isinstance(option, str) or option not in options:
                raise RulebookError(
                    f"interpretations.{key}",
                    f"unknown option {option!r} (expected one of {', '.join(options)})",
                )
            chosen[key] = option
        return replace(
            self,
            parameters=MappingProxyType(params),
            chosen=MappingProxyType(chosen),
            overlays=(*self.overlays, name),
        )

    def differences(self, other: Rulebook) -> dict[str, tuple[Any, Any]]:
        """What ``other`` changes relative to this rulebook, by parameter or interpretation."""
        out: dict[str, tuple[Any, Any]] = {}
        for k, p in self.parameters.items():
            if other.parameters[k].value != p.value:
                out[f"parameters.{k}"] = (p.value, other.parameters[k].value)
        for k in self.interpretations:
            if other.interpretation(k) != self.interpretation(k):
                out[f"interpretations.{k}"] = (self.interpretation(k), other.interpretation(k))
        return out


def _type_name(value: Any) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "text", list: "list", dict: "mapping"}.get(
        type(value), type(value).__name__
    )


def _checked_value(ruleset: str, key: str, old: Any, value: Any) -> Any:
    """An overlay's value for parameter ``key``: the type of the book's value, within the range
    ``rules.limits`` gives (a float parameter takes an integer too)."""
    where = f"parameters.{key}"
    if isinstance(old, float) and type(value) is int:
        value = float(value)
    if type(value) is not type(old):
        raise RulebookError(where, f"expected {_type_name(old)}, got {_type_name(value)} {value!r}")
    low, high = limits.parameter_range(ruleset, key)
    items = value if isinstance(value, list) else [value]
    if isinstance(value, list):
        if len(value) > limits.MAX_LIST_PARAMETER:
            raise RulebookError(where, f"at most {limits.MAX_LIST_PARAMETER} items")
        item_type = type(old[0]) if old else int
        for item in value:
            if type(item) is not item_type:
                raise RulebookError(
                    where, f"expected a list of {_type_name(item_type())}s, got {_type_name(item)} {item!r}"
                )
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            continue
        if item != item or not low <= item <= high:  # item != item: NaN
            raise RulebookError(where, f"expected a number from {low} to {high}, got {item!r}")
    return value


def _tuple(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


ENTRY_KEYS = {
    "clauses": {"section", "text"},
    "parameters": {"value", "clause", "note", "basis"},
    "interpretations": {"question", "clauses", "options", "default", "why", "faq", "kind"},
    "faq": {"question", "status", "clauses", "interpretation", "note", "justification", "card_property"},
    "terrain": {"symbol", "accuracy", "line_of_sight", "clause", "colour", "note"},
}


def _check_keys(data: Mapping[str, Any]) -> None:
    """Every entry has only the keys it may have. A stray key is usually a YAML slip, such as an
    unquoted comma in a flow mapping cutting a paraphrase short."""
    for section, allowed in ENTRY_KEYS.items():
        for name, entry in (data.get(section) or {}).items():
            if not isinstance(entry, Mapping):
                raise RulebookError(f"{section}.{name}", "expected a mapping")
            extra = sorted(set(map(str, entry)) - allowed)
            if extra:
                raise RulebookError(
                    f"{section}.{name}.{extra[0]}",
                    f"unknown key (expected one of: {', '.join(sorted(allowed))})",
                )


def parse_rulebook(data: Mapping[str, Any]) -> Rulebook:
    """Build and cross-check a rulebook from its YAML data."""
    _check_keys(data)
    clauses = {
        cid: Clause(cid, str(c.get("section", "")), str(c["text"]))
        for cid, c in (data.get("clauses") or {}).items()
    }

    def check_clauses(where: str, ids: tuple[str, ...]) -> tuple[str, ...]:
        for cid in ids:
            if cid not in clauses:
                raise RulebookError(where, f"unknown clause {cid!r}")
        return ids

    parameters = {}
    for name, p in (data.get("parameters") or {}).items():
        basis = p.get("basis")
        if basis not in PARAMETER_BASES:
            raise RulebookError(
                f"parameters.{name}.basis",
                f"{basis!r}: say whether the book gives this number or the project assumes it "
                f"({', '.join(PARAMETER_BASES)})",
            )
        if basis == "assumed" and not str(p.get("note") or "").strip():
            raise RulebookError(f"parameters.{name}.note", "an assumed number needs a note saying why")
        parameters[name] = Parameter(
            name,
            p["value"],
            check_clauses(f"parameters.{name}.clause", (p["clause"],))[0],
            p.get("note", ""),
            basis,
        )
    interpretations = {}
    for name, i in (data.get("interpretations") or {}).items():
        options = dict(i["options"])
        if i["default"] not in options:
            raise RulebookError(
                f"interpretations.{name}.default", f"{i['default']!r} is not one of its options"
            )
        kind = i.get("kind", "reading")
        if kind not in INTERPRETATION_KINDS:
            raise RulebookError(
                f"interpretations.{name}.kind", f"{kind!r} is not one of {', '.join(INTERPRETATION_KINDS)}"
            )
        interpretations[name] = Interpretation(
            name,
            i["question"],
            MappingProxyType(options),
            i["default"],
            i.get("why", ""),
            check_clauses(f"interpretations.{name}.clauses", _tuple(i.get("clauses"))),
            _tuple(i.get("faq")),
            kind,
        )
    faq = {}
    for qid, q in (data.get("faq") or {}).items():
        status = q["status"]
        if status not in FAQ_STATUSES:
            raise RulebookError(f"faq.{qid}.status", f"{status!r} is not one of {', '.join(FAQ_STATUSES)}")
        interp = q.get("interpretation")
        if interp is not None and interp not in interpretations:
            raise RulebookError(f"faq.{qid}.interpretation", f"unknown interpretation {interp!r}")
        if status == "interpretation" and interp is None:
            raise RulebookError(f"faq.{qid}", "an 'interpretation' entry must name its interpretation")
        if status in ("derived", "needs-card-text") and interp is not None:
            raise RulebookError(f"faq.{qid}.interpretation", f"a {status!r} entry rests on no interpretation")
        if status == "derived" and not _tuple(q.get("clauses")):
            raise RulebookError(f"faq.{qid}.clauses", "a 'derived' entry cites the clauses that decide it")
        justification = q.get("justification")
        if not isinstance(justification, str) or not justification.strip():
            raise RulebookError(
                f"faq.{qid}.justification", "every FAQ entry justifies its status in one line"
            )
        if "\n" in justification.strip():
            raise RulebookError(f"faq.{qid}.justification", "the justification is one line")
        faq[qid] = FaqEntry(
            qid,
            q["question"],
            status,
            check_clauses(f"faq.{qid}.clauses", _tuple(q.get("clauses"))),
            interp,
            q.get("note", ""),
            justification.strip(),
            q.get("card_property"),
        )
    return Rulebook(
        ruleset=data["ruleset"],
        title=data.get("title", data["ruleset"]),
        source=data.get("source", ""),
        clauses=MappingProxyType(clauses),
        parameters=MappingProxyType(parameters),
        interpretations=MappingProxyType(interpretations),
        faq=MappingProxyType(faq),
        terrain=MappingProxyType(_terrain(data, clauses, parameters)),
    )


def _terrain(data: Mapping[str, Any], clauses: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict:
    out = {}
    for name, t in (data.get("terrain") or {}).items():
        if t.get("clause") is not None and t["clause"] not in clauses:
            raise RulebookError(f"terrain.{name}.clause", f"unknown clause {t['clause']!r}")
        if isinstance(t.get("accuracy"), str) and t["accuracy"] not in parameters:
            raise RulebookError(f"terrain.{name}.accuracy", f"unknown parameter {t['accuracy']!r}")
        out[str(name)] = MappingProxyType(dict(t))
    return out


def engine_dir(ruleset: str) -> Path:
    """The folder of a bundled ruleset's engine: its modules, rulebook.yaml and overlays/."""
    return GAME_PACKAGES / f"rulecheck_{ruleset}" / "engine"


def rulebook_path(ruleset: str) -> Path:
    return engine_dir(ruleset) / "rulebook.yaml"


@cache
def load(ruleset: str) -> Rulebook:
    """The rulebook of a bundled ruleset, as the book has it (no overlay)."""
    path = rulebook_path(ruleset)
    if not path.is_file():
        raise RulebookError("ruleset", f"unknown ruleset {ruleset!r}")
    with path.open(encoding="utf-8") as fh:
        return parse_rulebook(yaml.load(fh, Loader=SAFE_LOADER))


def rulesets() -> list[str]:
    return sorted(
        p.parent.parent.name.removeprefix("rulecheck_")
        for p in GAME_PACKAGES.glob("rulecheck_*/engine/rulebook.yaml")
    )


@contextlib.contextmanager
def observing_reads(on_read: Callable[[Rulebook, str], None]) -> Iterator[None]:
    """Call ``on_read(book, entry)`` (``parameters.NAME`` or ``interpretations.NAME``) for every
    question asked of any rulebook while the block runs. The engine asks the rulebook for every
    number and every open question, so this is how ``check`` computes a scenario's dependencies
    and how ``explore`` knows whether a run could differ under another reading."""
    original_param, original_interpretation = Rulebook.param, Rulebook.interpretation

    def param(book: Rulebook, name: str) -> Any:
        on_read(book, f"parameters.{name}")
        return original_param(book, name)

    def interpretation(book: Rulebook, name: str) -> str:
        on_read(book, f"interpretations.{name}")
        return original_interpretation(book, name)

    Rulebook.param, Rulebook.interpretation = param, interpretation
    try:
        yield
    finally:
        Rulebook.param, Rulebook.interpretation = original_param, original_interpretation
