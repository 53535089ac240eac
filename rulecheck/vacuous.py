"""Every Then-step can fail: perturb each Then-step's expected value and require the scenario to fail.

A Then-step claims something about the ruling. If the scenario still passes when the step claims
something else (a number one up or down, the opposite verdict, another clause, interpretation or
piece), the step checks nothing and is *vacuous*. ``rulecheck check --vacuous`` runs each passing
scenario once more per perturbation, in the same process (see ``corpus.run_corpus``), and lists
the perturbations it survived.

What counts as a perturbation of one step's text:

* each number outside quotes and clause ids, one up and one down;
* a verdict flipped: the step written as the opposite its ruleset's phrase table gives it
  ("Line of Sight is clear" / "Line of Sight is blocked"; ``rulecheck.phrases``), else a generic
  negation ("is" / "is not", "has" / "does not have", "can" / "cannot", ...);
* a clause id replaced by the next clause of the book, an interpretation (or option) by another;
* a quoted piece name replaced by each other quoted name of the scenario: the step is vacuous only
  if it survives every one of at least two others (two pieces may share a value by coincidence);
  not for "the trace says ...", whose quoted text is a message (its negation, "the trace does not
  say ...", is what must fail);
* a data table with its last row dropped.

A perturbed text that no step definition matches is no perturbation and is skipped. A Then-step
with no perturbation at all that some step definition matches is listed too: nothing shows that
it can fail (a hard-coded claim such as "the push is not a Move action" with no counterpart).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rulecheck.phrases import Phrase, literal_length, reading
from rules.rulebook import Rulebook

# Negations any English step may carry, whatever its game: tried on a step that no phrase of its
# ruleset reads with an opposite (a step of the project's own, or of a ruleset with no phrase
# table). Both directions are tried; the first pair that matches is used (longest phrases first).
NEGATIONS = (
    ("does not have", "has"),
    ("is not", "is"),
    ("was not", "was"),
    ("cannot", "can"),
    ("has no", "has a"),
    ("no other", "another"),
)

TRACE_TEXT = re.compile(r"the trace (says|does not say) ")
CLAUSE = re.compile(r"\b[A-Z]{2,3}-[A-Z0-9]+(?:[-.][A-Z0-9]+)*\b")
QUOTED = re.compile(r'"[^"]*"')
NUMBER = re.compile(r"(?<![\w.-])(-?\d+(?:\.\d+)?)(?![\w.])")
BASE_ID = re.compile(r"(?<![\w-])([a-z]+)(\d+)(?![\w])")  # a base: a1, b2, c3


@dataclass(frozen=True)
class Perturbation:
    kind: str  # number, verdict, clause, interpretation, name, table
    text: str  # the step's new text
    datatable: Any = None  # a replaced data table (kind "table")
    what: str = ""  # the change, for the report


def _protected(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in QUOTED.finditer(text)] + [m.span() for m in CLAUSE.finditer(text)]


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in spans)


def _numbers(text: str) -> Iterator[Perturbation]:
    spans = _protected(text)
    for m in NUMBER.finditer(text):
        if _inside(m.span(), spans):
            continue
        value = m.group(1)
        for delta in (1, -1):
            moved = str(int(value) + delta) if value.isdigit() else f"{float(value) + delta:g}"
            if moved.startswith("-") and not text[: m.start()].endswith(("[", ", ", " ")):
                continue
            new = text[: m.start()] + moved + text[m.end() :]
            yield Perturbation("number", new, what=f"{value} -> {moved}")


def _base_ids(text: str) -> Iterator[Perturbation]:
    spans = _protected(text)
    for m in BASE_ID.finditer(text):
        if _inside(m.span(), spans):
            continue
        for delta in (1, -1):
            n = int(m.group(2)) + delta
            if n < 0:
                continue
            new = text[: m.start()] + f"{m.group(1)}{n}" + text[m.end() :]
            yield Perturbation("id", new, what=f"{m.group(0)} -> {m.group(1)}{n}")


def _lists(text: str) -> Iterator[Perturbation]:
    """A list the step ends with ("are Shaken, Dash"; "the dice are 5, 5, 1"): its last item dropped."""
    m = re.search(r"(, [^,]+)$", text)
    if m and '"' not in m.group(1):
        yield Perturbation("list", text[: m.start()], what=f"dropped{m.group(1)[1:]}")
    one = re.search(r" (?:are|holds) (\w+)$", text)
    if one and one.group(1) not in ("nothing", "none"):
        yield Perturbation("list", text[: one.start(1)] + "nothing", what=f"{one.group(1)} -> nothing")


def _verdicts(text: str, phrases: Sequence[Phrase] = ()) -> Iterator[Perturbation]:
    """The step's opposite: the opposite of the ruleset's phrase that reads it (the one
    pytest-bdd runs: the most literal text), else a generic negation flipped."""
    for phrase in sorted(reading(phrases, "then", text), key=literal_length, reverse=True):
        flipped = phrase.flipped(text)
        if flipped is not None:
            what = f"{phrase.pattern} -> {phrase.opposite.pattern}"
            yield Perturbation("verdict", flipped, what=what)
            return
    spans = _protected(text)
    for a, b in NEGATIONS:
        for old, new in ((a, b), (b, a)):
            for m in re.finditer(rf"\b{re.escape(old)}\b", text):
                if _inside(m.span(), spans):
                    continue
                yield Perturbation(
                    "verdict", text[: m.start()] + new + text[m.end() :], what=f"{old} -> {new}"
                )
                return  # one flip per step: the first verdict phrase found


def _clauses(text: str, book: Rulebook, cited: set[str]) -> Iterator[Perturbation]:
    """Another clause: one the scenario's trace does not cite, when the trace is known (a step
    that checks "cites X" would pass for any clause the ruling cites)."""
    ids = list(book.clauses)
    for m in CLAUSE.finditer(text):
        cid = m.group(0)
        if cid not in book.clauses:
            continue
        start = ids.index(cid)
        rotated = ids[start + 1 :] + ids[:start]
        other = next((c for c in rotated if c not in cited), rotated[0])
        yield Perturbation("clause", text[: m.start()] + other + text[m.end() :], what=f"{cid} -> {other}")


def _interpretations(text: str, book: Rulebook) -> Iterator[Perturbation]:
    names = list(book.interpretations)
    for name in names:
        for m in re.finditer(rf"\b{re.escape(name)}\b", text):
            other = names[(names.index(name) + 1) % len(names)]
            if other != name:  # a book of one interpretation has no other to name
                yield Perturbation(
                    "interpretation", text[: m.start()] + other + text[m.end() :], what=f"{name} -> {other}"
                )
            # its option, if the step names one (name=option)
            rest = text[m.end() :]
            if rest.startswith("="):
                opt = re.match(r"=(\w+)", rest)
                options = list(book.interpretations[name].options)
                if opt and opt.group(1) in options:
                    alt = options[(options.index(opt.group(1)) + 1) % len(options)]
                    new = text[: m.end()] + "=" + alt + rest[opt.end() :]
                    yield Perturbation("interpretation", new, what=f"{name}={opt.group(1)} -> {alt}")


def _names(text: str, names: list[str]) -> Iterator[Perturbation]:
    for m in QUOTED.finditer(text):
        current = m.group(0)[1:-1]
        for other in names:
            if other != current:
                new = text[: m.start()] + f'"{other}"' + text[m.end() :]
                yield Perturbation("name", new, what=f"{current} -> {other}")


def perturbations(
    step,
    book: Rulebook,
    names: list[str],
    cited: set[str] = frozenset(),
    phrases: Sequence[Phrase] = (),
) -> list[Perturbation]:
    """Every perturbation of one Then-step (a pytest-bdd parser Step); ``phrases``: its
    ruleset's phrase table (``ruleset_api.step_phrases``), whose opposites are its verdicts."""
    text = step.name
    out = [
        *_numbers(text),
        *_verdicts(text, phrases),
        *_clauses(text, book, cited),
        *_interpretations(text, book),
    ]
    out += [*_lists(text), *_base_ids(text)]
    if not TRACE_TEXT.match(text):  # what a trace says is a message, not a piece: its negation tests it
        out += _names(text, names)
    table = step.datatable
    if table is not None and len(table.rows) > 2:  # a header and at least two rows
        out.append(
            Perturbation("table", text, replace(table, rows=table.rows[:-1]), "last table row dropped")
        )
    return out


def scenario_names(template) -> list[str]:
    """The quoted names a scenario uses, in order of first use: the candidates for a name swap."""
    seen: list[str] = []
    for step in template.all_background_steps + template._steps:
        for m in QUOTED.finditer(step.name):
            name = m.group(0)[1:-1]
            if name not in seen:
                seen.append(name)
    return seen


@dataclass
class VacuousStep:
    line: int
    text: str
    survived: list[str]  # the perturbations the scenario passed under

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "step": self.text, "survived": self.survived}


def probe_then_steps(
    template, book: Rulebook, rerun, cited: set[str] = frozenset(), phrases: Sequence[Phrase] = ()
) -> tuple[int, list[VacuousStep]]:
    """Re-run a passing scenario once per perturbation of each of its own Then-steps.

    ``rerun()`` runs the scenario and returns None if it passed, else the exception it failed
    with; ``cited``: the clauses its explanation trace cites; ``phrases``: its ruleset's. Returns the number of Then-steps
    probed and the vacuous ones."""
    from pytest_bdd.exceptions import StepDefinitionNotFoundError

    names = scenario_names(template)
    probed, vacuous = 0, []
    for step in template._steps:
        if step.type != "then":
            continue
        probed += 1
        original = (step.name, step.datatable)
        survived: list[str] = []
        valid = 0
        name_runs, name_survivors = 0, []
        for p in perturbations(step, book, names, cited, phrases):
            step.name = p.text
            if p.datatable is not None:
                step.datatable = p.datatable
            try:
                error = rerun()
            finally:
                step.name, step.datatable = original
            if isinstance(error, StepDefinitionNotFoundError):
                continue  # no step says this: not a claim the step could make
            valid += 1
            if p.kind == "name":
                name_runs += 1
                if error is None:
                    name_survivors.append(p.what)
            elif error is None:
                survived.append(f"{p.kind}: {p.what}")
        if name_runs > 1 and len(name_survivors) == name_runs:
            survived.append(f"name: every other piece ({', '.join(name_survivors)})")
        if not valid:
            survived.append("no perturbation of it is a step: nothing shows it can fail")
        if survived:
            vacuous.append(VacuousStep(step.line_number, f"{step.keyword.strip()} {step.name}", survived))
    return probed, vacuous
