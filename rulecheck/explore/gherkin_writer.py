"""Witnesses as Gherkin scenarios in the corpus's own style, plus their SVG diagrams.

The ruleset's ``Explorer`` writes a witness's position and ruling as steps (``witness_steps``,
``witness_thens``), with its phrase table (``rulecheck.phrases``), so what explore writes is
what the step definitions read; this module puts them together. Each scenario is tagged with
the clauses of the first diverging event and with the interpretation or overlay it rests on,
applies the asserted version's rule change with the corpus's own steps, asserts that version's
outcome on every value the two versions disagree on, and says in its description what the other
version rules instead.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rulecheck.explore.search import Exploration, Witness
from rulecheck.phrases import CommonPhrases as P
from rulecheck.ruleset_api import ruleset as ruleset_named

INDENT = "    "


def q(name: str) -> str:
    """A piece, unit or weapon name as the step dialect writes it: in double quotes."""
    return f'"{name}"'


def _values(value: Any) -> str:
    """A ruling's value in players' words: yes/no, none, plain numbers, nested values spelt out
    (never a Python literal)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "; ".join("+".join(map(_values, v)) for v in value)
    if isinstance(value, list):
        return ", ".join(map(_values, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key_words(str(k))}: {_values(v)}" for k, v in value.items()) or "none"
    return str(value)


ENGINE_ERROR_KEY = "engine error"  # the outcome of a side whose engine raised (search.as_ruling)
REFUSAL_KEY = "engine refuses"  # the outcome of a side whose engine refused the position


def key_words(key: str) -> str:
    """An outcome key in players' words: ``units.Bravo.removal_options`` -> ``Bravo removal
    options``, ``target_valid`` -> ``target valid``."""
    parts = key.split(".")
    if len(parts) > 1 and parts[0] == "units":
        parts = parts[1:]
    return " ".join(parts).replace("_", " ")


def gherkin_table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    return [
        "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in [header, *rows]
    ]


def _rule_steps(side: dict[str, Any]) -> list[str]:
    """The shared steps (``steps.common``) that put a scenario under this version's rule changes."""
    if side.get("overlay"):
        return [P.house_rule.write(overlay=side["overlay"])]
    steps = [
        P.interpretation_choice.write(name=k, option=v) for k, v in side.get("interpretations", {}).items()
    ]
    steps += [
        P.parameter_choice.write(name=k, value=json.dumps(v)) for k, v in side.get("parameters", {}).items()
    ]
    return steps


def dependencies(exploration: Exploration, witness: Witness, assert_side: str = "new") -> list[str]:
    """The other interpretations the asserted ruling rests on: those with an option under which
    some asserted value changes (what `check` computes for every scenario)."""
    return _rests_on(exploration, witness, assert_side)[0]


def assumed_numbers(exploration: Exploration, witness: Witness, assert_side: str = "new") -> list[str]:
    """The assumed numbers (rulebook parameters with basis ``assumed``) the asserted ruling rests
    on: those the run read and one step up or down of which changes an asserted value, as
    `check` moves them (its ``@assumed:NAME`` tags)."""
    return _rests_on(exploration, witness, assert_side)[1]


def _rests_on(exploration: Exploration, witness: Witness, assert_side: str) -> tuple[list[str], list[str]]:
    """(interpretations, assumed numbers) whose change makes the written scenario fail: each
    other option of an interpretation, each assumed number moved one step up and down, the
    position re-ruled as the scenario states it."""
    from rulecheck.assumed_numbers import number_mutations
    from rulecheck.explore.evaluate import evaluate
    from rulecheck.explore.search import differences
    from rulecheck.mutation import _settable
    from rulecheck.ruleset_api import ruleset

    explorer = ruleset(exploration.ruleset).explore
    evaluator = explorer.evaluator(exploration.kind)
    side = exploration.new if assert_side == "new" else exploration.old
    chosen = dict(side.get("interpretations") or {})
    numbers = dict(side.get("parameters") or {})
    answer = witness.new if assert_side == "new" else witness.old
    book = ruleset(exploration.ruleset).rulebook()
    catalogue = explorer.catalogue()
    position = witness.position

    def rule(parameters: dict, interpretations: dict) -> dict[str, Any]:
        request = {
            "ruleset": exploration.ruleset,
            "kind": exploration.kind,
            "evaluator": evaluator,
            "position": position,
            "parameters": parameters,
            "interpretations": interpretations,
        }
        return evaluate(request, catalogue, book)

    stated = explorer.stated_position(position, answer)
    if stated is not None or "reads" not in answer:  # as the scenario states it, ruled on as it asserts
        position = stated if stated is not None else position
        answer = rule(numbers, chosen)

    which = 1 if assert_side == "new" else 0

    def said(got: dict[str, Any]) -> tuple[list[str], list[str]]:
        """The Then steps the scenario would hold for this ruling: its asserted values read
        from ``got`` and phrased as the scenario phrases them."""
        changes = {}
        for key, pair in witness.changes.items():
            values = list(pair)
            values[which] = _at(got["outcome"], key)
            changes[key] = tuple(values)
        return explorer.witness_thens(_Asserting(position, changes), got, which)

    expected = said(answer)

    def fails(got: dict[str, Any]) -> bool:
        if "outcome" not in got or _other_faces(answer, got):
            return True
        extra = set(explorer.asserted_extra(witness, answer))
        if extra & set(differences(answer["outcome"], got["outcome"])):
            return True
        return said(got) != expected

    interpretations = []
    for name, interp in book.interpretations.items():
        if name in chosen:
            continue
        if any(
            option != interp.default and fails(rule(numbers, {**chosen, name: option}))
            for option in interp.options
        ):
            interpretations.append(name)
    in_force = book.with_changes(numbers, chosen, "explore") if numbers or chosen else book
    assumed = []
    for entry in answer.get("reads") or ():
        kind, _, name = entry.partition(".")
        param = book.parameters.get(name) if kind == "parameters" else None
        if param is None or not param.assumed:
            continue
        moved = [v for v in number_mutations(in_force.param(name)) if _settable(in_force, name, v)]
        if any(fails(rule({**numbers, name: value}, chosen)) for value in moved):
            assumed.append(name)
    return interpretations, assumed


class _Asserting:
    """A witness as ``Explorer.witness_thens`` reads it, with the asserted side's values swapped
    for another ruling's (what the written scenario would then hold)."""

    def __init__(self, position: dict[str, Any], changes: dict[str, tuple[Any, Any]]):
        self.position, self.changes = position, changes


def _at(node: Any, key: str) -> Any:
    """The value at a flattened outcome key (``search.differences`` joins nested keys with
    dots; a unit's name may hold a dot too)."""
    if isinstance(node, dict):
        if key in node:
            return node[key]
        for k in node:
            if key.startswith(f"{k}."):
                return _at(node[k], key[len(k) + 1 :])
    return None


SECOND = "second attack: "  # evaluate.SECOND: the keys of a position's second attack


def _used(dice_used: dict[str, int] | None) -> dict[str, int]:
    """Faces used per roll, leaving out rolls of no dice (a scenario scripts nothing for them)."""
    return {k: n for k, n in (dice_used or {}).items() if n}


def _other_faces(answer: dict[str, Any], got: dict[str, Any]) -> bool:
    """Does an attack that runs under the other reading roll other dice than the scenario
    scripts (exactly the faces used)? Then the scenario fails there as surely as on a changed
    value. A refused attack rolls nothing and leaves scripted faces unread without failing."""
    for used, key in (("dice_used", "attack"), ("dice_used_second", SECOND + "attack")):
        if used not in answer and used not in got:
            continue
        # An outcome without an "attack" verdict (multibase) scripts its dice exactly whatever
        # the ruling: any other count of faces fails there.
        status = got.get("outcome", {}).get(key)
        runs = status == "allowed" if status is not None else True
        if runs and _used(got.get(used)) != _used(answer.get(used)):
            return True
    return False


def changed_clauses(exploration: Exploration) -> tuple[str, ...]:
    """The clauses of the rulebook entries the two sides change: a witness's tags when its two
    traces never part (only an outcome the trace does not spell out differs)."""
    book = ruleset_named(exploration.ruleset).rulebook()
    out: dict[str, None] = {}
    for side in (exploration.old, exploration.new):
        for name in side.get("interpretations") or {}:
            out.update(dict.fromkeys(book.interpretations[name].clauses))
        for name in side.get("parameters") or {}:
            out[book.parameters[name].clause] = None
    return tuple(out)


def rule_tags(
    old: dict[str, Any],
    new: dict[str, Any],
    clauses: tuple[str, ...],
    also: list[str] = (),
    assumed: list[str] = (),
) -> list[str]:
    names = sorted({*old.get("interpretations", {}), *new.get("interpretations", {}), *also})
    tags = [f"@clause:{c}" for c in clauses] + [f"@assumed:{n}" for n in sorted(assumed)]
    if names:
        tags.append("@ruling:interpretation")
        tags += [f"@interpretation:{n}" for n in names]
    else:
        tags.append("@ruling:derived")
    return tags


# --- scenarios -----------------------------------------------------------------------------------


def _summary(changes: dict[str, tuple[Any, Any]], which: int) -> str:
    raised = changes.get(ENGINE_ERROR_KEY, (None, None))[which]
    if raised is not None:
        return f"the engine raises {raised}"
    refused = changes.get(REFUSAL_KEY, (None, None))[which]
    if refused is not None:
        return f"the engine refuses {refused}"
    return "; ".join(f"{key_words(k)}: {_values(v[which])}" for k, v in changes.items())


def trace_clauses(answer: dict[str, Any], start: int) -> tuple[str, ...]:
    """Clauses for a witness whose parting event cites none: those of the first event from
    ``start`` on that cites some, else of the last one before it."""
    events = answer.get("events") or []
    for e in [*events[start:], *reversed(events[:start])]:
        if e.get("clauses"):
            return tuple(e["clauses"])
    return ()


def title_for(exploration: Exploration, witness: Witness, index: int, assert_side: str) -> str:
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    changes = witness.changes
    which = 1 if assert_side == "new" else 0
    # the first value the asserted version has (a value only the other has reads "None")
    first = next((k for k, v in changes.items() if v[which] is not None), next(iter(changes)))
    raised = changes.get(ENGINE_ERROR_KEY, (None, None))[1 - which]
    refused = changes.get(REFUSAL_KEY, (None, None))[1 - which]
    if raised is not None or refused is not None:
        instead = f"raises {raised}" if raised is not None else f"refuses {refused}"
        text = f"{_values(changes[first][which])} ({key_words(first)}) under {side['label']}, where {other['label']} {instead}"
        return "Explored " + f"{index}: " + re.sub(r"\s+", " ", text)
    text = f"{_values(changes[first][which])} ({key_words(first)}) under {side['label']}, not {_values(changes[first][1 - which])} under {other['label']}"
    text = re.sub(r"\s+", " ", text)
    return f"Explored {index}: {text}"


def ruling_side(witness: Witness, assert_side: str) -> str:
    """The side a witness's scenario asserts: the one asked for, unless its engine raised or
    refused the position there (a scenario cannot assert either; asserting the other side's
    ruling fails on it)."""
    answer = witness.new if assert_side == "new" else witness.old
    if "crash" in answer or "refused" in answer:
        return "old" if assert_side == "new" else "new"
    return assert_side


def scenario_text(
    exploration: Exploration, witness: Witness, index: int, assert_side: str = "new"
) -> str | None:
    """The scenario, or None when no corpus step can assert any of the values that differ."""
    assert_side = ruling_side(witness, assert_side)
    ruleset, kind = exploration.ruleset, exploration.kind
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    answer = witness.new if assert_side == "new" else witness.old
    which = 1 if assert_side == "new" else 0
    explorer = ruleset_named(ruleset).explore
    thens, first_thens = explorer.witness_thens(witness, answer, which)
    thens, first_thens = list(dict.fromkeys(thens)), list(dict.fromkeys(first_thens))
    if not thens and not first_thens:
        return None
    steps, given, when, later = explorer.witness_steps(kind, witness, answer)
    steps += [f"And {s}" for s in _rule_steps(side)]
    steps += [f"And {g}" for g in given]
    steps.append(f"When {when}")
    if first_thens:
        steps.append(f"Then {first_thens[0]}")
        steps += [f"And {t}" for t in first_thens[1:]]
    if later:
        steps.append(f"{'When' if first_thens else 'And'} {later[0]}")
        steps += [f"And {t}" for t in later[1:]]
    if thens:
        steps.append(f"Then {thens[0]}")
        steps += [f"And {t}" for t in thens[1:]]

    d = witness.divergence
    other_event = (d.old if assert_side == "new" else d.new) or {"text": "(its trace ends here)"}
    this_event = (d.new if assert_side == "new" else d.old) or {"text": "(its trace ends here)"}
    description = [
        f"Found by rulecheck explore (seed {exploration.seed}); the traces part at event {d.index + 1}.",
        f"Here: {this_event['text']}.",
        f"Under {other['label']} instead: {other_event['text']}; so {_summary(witness.changes, 1 - which)}.",
    ]
    interpretations, assumed = _rests_on(exploration, witness, assert_side)
    tags = rule_tags(
        exploration.old,
        exploration.new,
        d.clauses or changed_clauses(exploration) or trace_clauses(answer, d.index),
        interpretations,
        assumed,
    )
    lines = [f"  {' '.join(tags)}", f"  Scenario: {title_for(exploration, witness, index, assert_side)}"]
    lines += [f"{INDENT}{line}" for line in description]
    lines.append("")
    lines += [f"{INDENT}{s}" for s in steps]
    return "\n".join(lines)


def feature_text(exploration: Exploration, assert_side: str = "new") -> tuple[str, list[int]]:
    """The feature file and the indexes of the witnesses it holds (some may have no step)."""
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    what = {"los": "Line of Sight", "attack": "attacks"}.get(exploration.kind, exploration.kind)
    head = [
        f"Feature: Explored {what}: where {side['label']} and {other['label']} disagree",
        f"  Minimal positions found by `rulecheck explore` (seed {exploration.seed}, {exploration.positions}",
        f"  positions compared). Each scenario asserts the ruling under {side['label']}; its description",
        "  says what the other version rules.",
    ]
    scenarios, written = [], []
    for i, w in enumerate(exploration.witnesses, 1):
        text = scenario_text(exploration, w, i, assert_side)
        if text is not None:
            scenarios.append(text)
            written.append(i - 1)
    return "\n".join(head) + "\n\n" + "\n\n".join(scenarios) + "\n", written


def diagram(exploration: Exploration, witness: Witness, assert_side: str = "new") -> str:
    """The witness's position drawn with the asserted version's rules (this checkout's engine)."""
    assert_side = ruling_side(witness, assert_side)
    side = exploration.new if assert_side == "new" else exploration.old
    rules = (
        ruleset_named(exploration.ruleset)
        .rulebook()
        .with_changes(side.get("parameters"), side.get("interpretations"), "explore")
    )
    title = f"{side['label']}: {_summary(witness.changes, 1 if assert_side == 'new' else 0)}"[:110]
    return ruleset_named(exploration.ruleset).explore.diagram(witness.position, rules, title)
