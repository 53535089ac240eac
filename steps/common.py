"""Steps and helpers shared by every ruleset: house rules, step locations for error messages."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import given

from rulecheck.locations import corpus_root, rules_dirs
from rulecheck.overlays import load_overlay
from rulecheck.phrases import CommonPhrases as P
from rulecheck.project_files import find_file, project_of
from rulecheck.source_yaml import InputError
from rules import limits
from rules.dice import ScriptedDice
from rules.events import Event, interpretations_cited

PROJECT_ROOT = corpus_root()  # the checkout, or the corpus an installed wheel carries


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    # Remember where the running step is, so bad input in a feature names its file and line.
    request.node._rulecheck_step = (_shown_path(feature.filename, os.getcwd()), step.line_number)


@functools.lru_cache(maxsize=1024)
def _shown_path(filename: str, cwd: str) -> str:
    """A feature file as errors name it: relative to the bundled corpus, or to the project the run
    is in (it runs in the project's folder). Once per file, not on every step (pathlib's relative
    paths cost as much as a light step)."""
    path = Path(filename)
    base = PROJECT_ROOT if path.is_relative_to(PROJECT_ROOT) else Path(cwd)
    return str(path.relative_to(base) if path.is_relative_to(base) else path)


_running: dict[str, Any] = {"project": None, "feature": None}


def pytest_bdd_before_scenario(request, feature, scenario):
    # The project the feature belongs to: its scenario files, overlays and cards are found before
    # the bundled ones (rulecheck.project_files). Read once per feature file, not per scenario.
    if _running["feature"] != feature.filename:
        _running["project"], _running["feature"] = project_of(feature.filename), feature.filename
    request.node._rulecheck_project = _running["project"]


def feature_project(request: pytest.FixtureRequest | None = None):
    """The project of the running scenario's feature (None for the bundled corpus's own)."""
    node = getattr(request, "node", None)
    return getattr(node, "_rulecheck_project", _running["project"])


def project_file(
    request: pytest.FixtureRequest, kind: str, name: str, ruleset: str, suffix: str = ""
) -> Path:
    """A scenario file or overlay a feature names: the project's first, then the bundled one; one
    line naming the folders searched, at the step's line, when neither has it."""
    try:
        return find_file(kind, name, [ruleset], feature_project(request), suffix).path
    except InputError as exc:
        raise feature_error(request, "", exc.message) from None


def step_location(request: pytest.FixtureRequest) -> tuple[str, int]:
    return getattr(request.node, "_rulecheck_step", ("<feature>", 0))


def feature_error(
    request: pytest.FixtureRequest, field: str, message: str, line_delta: int = 0
) -> InputError:
    file, line = step_location(request)
    return InputError(file, line + line_delta, field, message)


def parse_hex(text: str) -> tuple[int, int]:
    """'[2, -1]' or '2,-1' -> (2, -1)."""
    parts = text.strip().strip("[]()").split(",")
    if len(parts) != 2:
        raise ValueError(f"not a hex {text!r} (expected [q, r])")
    q, r = int(parts[0]), int(parts[1])
    if max(abs(q), abs(r)) > limits.MAX_COORDINATE:
        raise ValueError(
            f"hex {text!r} has coordinates beyond +/-{limits.MAX_COORDINATE} (limit of rulecheck)"
        )
    return (q, r)


def parse_hex_list(text: str) -> list[tuple[int, int]]:
    """'[1, 0], [2, 0]' -> [(1, 0), (2, 0)]; 'none' -> []."""
    text = text.strip()
    if text in ("", "none", "nothing"):
        return []
    chunks = [c for c in text.replace(" ", "").split("],") if c]
    return [parse_hex(c + ("]" if not c.endswith("]") else "")) for c in chunks]


def table_errors(step=None, *, columns: str | None = None):
    """A table step whose cells do not convert (``2.5`` for a count, a missing column) fails with
    the project's one-line input error instead of a bare ValueError or KeyError. ``columns`` says
    which columns the table takes, so a missing one is named together with the expected ones."""

    def decorate(step):
        @functools.wraps(step)
        def wrapper(*args, **kwargs):
            try:
                return step(*args, **kwargs)
            except KeyError as exc:
                expected = f" (expected columns: {columns})" if columns else ""
                raise InputError(
                    "feature table", None, "", f"no column {exc} in the table{expected}"
                ) from None
            except (ValueError, TypeError) as exc:
                raise InputError(
                    "feature table", None, "", f"a cell is not what the step expects: {exc}"
                ) from None

        return wrapper

    return decorate(step) if step is not None else decorate


def table_rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    """A step's table as one dict a row, keyed by the header's column names (cells stripped)."""
    header, *rows = datatable
    return [dict(zip([h.strip() for h in header], [c.strip() for c in row], strict=True)) for row in rows]


def table_rows_at(
    request: pytest.FixtureRequest, datatable: list[list[str]]
) -> list[tuple[int, dict[str, str]]]:
    """``table_rows`` with the line each row stands on in the feature file (the step's line, then
    the header's, then one a row), so a bad cell is reported at its own row (``cell_error``)."""
    _, line = step_location(request)
    return [(line + 2 + i, row) for i, row in enumerate(table_rows(datatable))]


def cell_error(request: pytest.FixtureRequest, line: int, column: str, message: str) -> InputError:
    """A cell of a step's table that is not what the step takes: one line at the row's ``line``
    (from ``table_rows_at``), naming the column."""
    return InputError(step_location(request)[0], line, column, message)


@given(P.house_rule.parser)
def house_rule(request, ruling, overlay: str):
    """Apply an overlay to this scenario only: the project's ``overlays/NAME.yaml`` first, then the
    feature's ruleset's bundled overlay (the overlays folder its package ships: its
    ``Corpus.overlays``), then any bundled ruleset's."""
    try:
        found = project_file(request, "overlays", overlay, feature_ruleset(request), ".yaml")
    except InputError:
        others = sorted(p for folder in rules_dirs() for p in folder.glob(f"overlays/{overlay}.yaml"))
        if not others:
            raise
        found = others[0]
    ov = load_overlay(found)
    ruling.apply(ov.ruleset, ov.name, ov.parameters, ov.interpretations)


def feature_ruleset(request: pytest.FixtureRequest) -> str:
    """The ruleset a feature belongs to: its folder under features/."""
    return Path(step_location(request)[0]).parent.name


@given(P.interpretation_choice.parser)
def interpretation_choice(request, ruling, name: str, option: str):
    """Run this scenario under one option of a named interpretation of its own ruleset."""
    ruling.apply(feature_ruleset(request), f"{name}={option}", interpretations={name: option})


def expect(ok: bool, expected: str, got: object) -> None:
    """Fail in the words of the step: "expected <what the step claims>, got <what happened>".

    The failing step and the explanation trace are added to the message by rulecheck's pytest
    plugin, so a step says only what it expected and what it found."""
    if not ok:
        raise AssertionError(f"expected {expected}, got {got}")


def expect_cited(events: list[Event], clause: str, what: str) -> None:
    """The ``what`` (a ruling, a trace) cites ``clause``; else the clauses it does cite."""
    cited = {c for e in events for c in e.clauses}
    expect(clause in cited, f"the {what} to cite {clause}", f"a {what} citing {', '.join(sorted(cited))}")


def expect_interpretation_named(events: list[Event], name: str, what: str) -> None:
    """The ``what`` (a ruling, a trace) rests on the interpretation ``name``; else those it rests on."""
    used = interpretations_cited(events)
    expect(
        name in used, f"the {what} to name the interpretation {name}", f"{', '.join(sorted(used)) or 'none'}"
    )


class ScriptedDiceNotChecked(ScriptedDice):
    """The same scripted faces, without the check that every one was used: to replay an attack
    whose dice script no longer fits (under a house rule) and show how far its trace got."""

    def finish(self) -> None:
        pass


def replayable(dice: ScriptedDice) -> ScriptedDiceNotChecked:
    return ScriptedDiceNotChecked({k: list(v) for k, v in dice.script.items()})


def unquote(text: str) -> str:
    """'"Cara's Strider"' -> "Cara's Strider"; a bare name is left as it is."""
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def name_list(text: str) -> list[str]:
    """'"A"; "B"' (or 'A; B') -> ['A', 'B']: the names a step lists, in order."""
    return [unquote(n) for n in text.split(";") if n.strip()]


def pytest_bdd_before_step_call(request, feature, scenario, step, step_func, step_func_args):
    # One dialect: piece names are quoted in step text ("Cara's Strider" attacks ...). A step
    # written with a bare {name} receives the name without its quotes.
    for key, value in step_func_args.items():
        if isinstance(value, str) and value.count('"') == 2 and value.startswith('"') and value.endswith('"'):
            step_func_args[key] = value[1:-1]


@given(P.parameter_choice.parser)
def parameter_choice(request, ruling, name: str, value: str):
    """Run this scenario with one parameter of its own ruleset changed; the value is YAML
    (``3``, ``[10]``, ``0.5``), as ``rulecheck explore`` writes it."""
    import yaml

    ruleset = feature_ruleset(request)
    parsed = yaml.safe_load(value)
    if isinstance(ruling.rules(ruleset).param(name), float) and isinstance(parsed, int):
        parsed = float(parsed)
    ruling.apply(ruleset, f"{name}={value}", parameters={name: parsed})
