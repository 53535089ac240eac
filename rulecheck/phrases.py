"""The wording of a step, in one place: a ``Phrase`` and a ruleset's table of them.

A step's sentence is used three times: the step definition reads it, ``rulecheck explore`` writes
it for a witness, and ``rulecheck check --vacuous`` turns a claim into its opposite. A
``Phrase`` holds the sentence once, with named and typed fields, and gives all three::

    class MyGamePhrases(PhraseTable):
        hits = then("{unit} takes {hits:d} hits")
        defeated = then("{unit} is defeated")
        not_defeated = then("{unit} is not defeated", opposite=defeated)

    @then(MyGamePhrases.hits.parser)          # the step definition
    def takes_hits(unit: str, hits: int): ...

    MyGamePhrases.hits.write(unit='"Zaku"', hits=2)   # '"Zaku" takes 2 hits'
    MyGamePhrases.hits.read('"Zaku" takes 2 hits')    # {'unit': '"Zaku"', 'hits': 2}

A field is ``{name}`` (text), ``{name:d}`` (a whole number) or ``{name:g}`` (a number), as in the
``parse`` library pytest-bdd's ``parsers.parse`` uses. A step whose wording has optional or
alternative parts keeps a regular expression for reading (``regex=``), beside the pattern it is
written with; a part of that pattern in ``[...]`` is written only when its fields have values.

A Then-phrase may name its ``opposite``: the phrase that claims the contrary of the same fields
(the opposite's fields are the phrase's, or fewer; ``fill`` gives a value to any other). The link
goes both ways when the opposite names none of its own and has every field of the phrase. ``--vacuous`` rewrites a Then-step
to its opposite and requires the scenario to fail.

This module knows no game; a ruleset hands its table to the toolkit through the optional
``phrases()`` hook of its ``Ruleset`` (``rulecheck.ruleset_api.step_phrases``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pytest_bdd import parsers

FIELD = re.compile(r"\{(\w+)(?::([dg]?))?\}")
OPTIONAL = re.compile(r"\[([^\[\]]*\{\w+(?::[dg]?)?\}[^\[\]]*)\]")
KINDS = ("given", "when", "then")


class Phrase:
    """One step's wording (see the module's docstring)."""

    def __init__(
        self,
        kind: str,
        pattern: str,
        *,
        regex: str | None = None,
        opposite: Phrase | None = None,
        fill: dict[str, Any] | None = None,
    ):
        if kind not in KINDS:
            raise ValueError(f"a phrase's kind is one of {', '.join(KINDS)}, not {kind!r}")
        self.kind, self.pattern, self.regex = kind, pattern, regex
        self.opposite, self.fill = opposite, dict(fill or {})
        self.name = ""  # its attribute in its table (set by PhraseTable)
        self.fields: dict[str, str] = {m.group(1): m.group(2) or "" for m in FIELD.finditer(pattern)}
        self.parser = self._parser()

    def _parser(self):
        if self.regex is not None:
            return parsers.re(self.regex)
        if "[" in self.pattern and OPTIONAL.search(self.pattern):
            raise ValueError(f"{self.pattern!r}: an optional part needs a regex= to read it")
        return parsers.parse(self.pattern) if self.fields else parsers.string(self.pattern)

    def __repr__(self) -> str:
        return f"Phrase({self.kind}, {self.pattern!r})"

    def write(self, **values: Any) -> str:
        """The sentence with these values (a number as the step reads it; an optional part only
        when all its fields have a value). ``KeyError`` for a field without one."""
        unknown = set(values) - set(self.fields)
        if unknown:
            raise KeyError(f"{self.pattern!r} has no field {', '.join(sorted(unknown))}")

        def optional(m: re.Match) -> str:
            inside = [f.group(1) for f in FIELD.finditer(m.group(1))]
            return m.group(1) if all(values.get(f) is not None for f in inside) else ""

        text = OPTIONAL.sub(optional, self.pattern) if self.regex is not None else self.pattern
        return FIELD.sub(lambda m: _written(values[m.group(1)], m.group(2) or ""), text)

    def read(self, text: str) -> dict[str, Any] | None:
        """The field values of a sentence this phrase reads (what the step definition is given;
        an optional part left out is absent), or None when it does not read it."""
        if not self.parser.is_matching(text):
            return None
        found = self.parser.parse_arguments(text) or {}
        return {k: v for k, v in found.items() if v is not None}

    def flipped(self, text: str) -> str | None:
        """The sentence claiming the contrary of ``text`` (its opposite, written with the same
        values), or None when the phrase has no opposite or does not read ``text``."""
        if self.opposite is None:
            return None
        values = self.read(text)
        if values is None:
            return None
        wanted = self.opposite.fields
        given = {**self.fill, **{k: v for k, v in values.items() if k in wanted}}
        try:
            return self.opposite.write(**given)
        except KeyError:
            return None


def _written(value: Any, spec: str) -> str:
    if spec == "g" and isinstance(value, float):
        return f"{value:.12g}"  # as a person writes it: 1.5, not 1.5000000000000002
    return str(value)


def given(pattern: str, **options: Any) -> Phrase:
    return Phrase("given", pattern, **options)


def when(pattern: str, **options: Any) -> Phrase:
    return Phrase("when", pattern, **options)


def then(pattern: str, **options: Any) -> Phrase:
    return Phrase("then", pattern, **options)


class PhraseTable:
    """A ruleset's phrases, as class attributes; subclass it and list them.

    Each phrase learns its attribute name; an opposite named on one side is linked back when
    the opposite names none of its own and has every field of the phrase that named it."""

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        for name, value in vars(cls).items():
            if isinstance(value, Phrase):
                value.name = value.name or name
        for phrase in cls.phrases():
            other = phrase.opposite
            if other is not None and other.opposite is None and set(phrase.fields) <= set(other.fields):
                other.opposite = phrase

    @classmethod
    def phrases(cls) -> list[Phrase]:
        """Every phrase of the table (of its bases too), in the order written."""
        seen: dict[int, Phrase] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                if isinstance(value, Phrase):
                    seen[id(value)] = value
        return list(seen.values())


def literal_length(phrase: Phrase) -> int:
    """How much fixed text the phrase has: of two that read a step, pytest-bdd runs the longer."""
    return len(FIELD.sub("", phrase.pattern))


def reading(phrases: list[Phrase], kind: str, text: str) -> Iterator[Phrase]:
    """The phrases of this kind that read ``text``."""
    return (p for p in phrases if p.kind == kind and p.parser.is_matching(text))


class CommonPhrases(PhraseTable):
    """The steps every ruleset shares (``steps.common``): a scenario under a rule change. A
    ruleset's table subclasses this one, so its ``phrases()`` include them."""

    house_rule = given('the house rule "{overlay}"')
    interpretation_choice = given("the interpretation {name} is {option}")
    parameter_choice = given("the parameter {name} is {value}")
