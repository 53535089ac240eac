"""Scenarios chosen on the command line by path: feature files, folders and ``FILE:LINE``.

A line selects the Scenario or Scenario Outline it falls in, from its keyword line to its last
step (with that step's table or doc string) or example row; the line of an Examples row selects
that one example. Paths are relative to the current folder. Anything that selects nothing is
refused as one line naming the argument.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rulecheck.source_yaml import InputError, escape_controls

_FILE_LINE = re.compile(r"^(?P<file>.+?):(?P<line>[^:/\\]*)$")


@dataclass(frozen=True)
class ScenarioSpan:
    first: int  # the Scenario keyword's line
    last: int  # its last step, table or example row
    rows: dict[int, dict[str, str]] = field(default_factory=dict)  # example row line -> its values


@dataclass(frozen=True)
class Wanted:
    """One path argument: a whole feature file (``span`` None), one scenario, or one example."""

    feature: Path  # resolved
    text: str = ""  # the argument as given
    span: ScenarioSpan | None = None
    row: dict[str, str] | None = None


def _where(text: str) -> str:
    return escape_controls(text)


def scenario_spans(path: Path, shown: str) -> list[ScenarioSpan]:
    from rulecheck.corpus import gherkin_document

    doc = gherkin_document(path, shown)
    spans: list[ScenarioSpan] = []

    def visit(children) -> None:
        for child in children or ():
            if child.rule is not None:
                visit(child.rule.children)
            scenario = child.scenario
            if scenario is None:
                continue
            last = scenario.location.line
            for step in scenario.steps:
                last = max(last, step.location.line)
                if step.datatable is not None and step.datatable.rows:
                    last = max(last, step.datatable.rows[-1].location.line)
                if step.docstring is not None:
                    last = max(last, step.docstring.location.line + step.docstring.content.count("\n") + 1)
            rows: dict[int, dict[str, str]] = {}
            for examples in scenario.examples:
                header = [c.value for c in examples.table_header.cells] if examples.table_header else []
                for row in examples.table_body or ():
                    rows[row.location.line] = dict(zip(header, (c.value for c in row.cells), strict=False))
                    last = max(last, row.location.line)
            spans.append(ScenarioSpan(scenario.location.line, last, rows))

    visit(doc.feature.children if doc.feature else ())
    return spans


def wanted_paths(texts: Iterable[str], cwd: Path | None = None) -> list[Wanted]:
    """Each argument read and checked: a missing path, a file that is no feature file, a folder
    with none, a line that is no number, past the end or outside every scenario are refused."""
    cwd = cwd or Path.cwd()
    out: list[Wanted] = []
    for text in texts:
        path, line = Path(text), None
        m = _FILE_LINE.match(text)
        if m and not (cwd / text).exists():
            path, line = Path(m["file"]), m["line"]
        full = (cwd / path).resolve()
        if not full.exists():
            raise InputError(_where(str(path)), None, "", "no such file or folder")
        if full.is_dir():
            if line is not None:
                raise InputError(_where(text), None, "", "a line number needs a feature file, not a folder")
            features = sorted(p for p in full.rglob("*.feature") if p.is_file())
            if not features:
                raise InputError(_where(text), None, "", "no feature file (*.feature) in this folder")
            out += [Wanted(p, text) for p in features]
            continue
        if full.suffix != ".feature":
            raise InputError(
                _where(str(path)),
                None,
                "",
                "not a feature file (expected FILE.feature, FILE.feature:LINE or a folder)",
            )
        if line is None:
            out.append(Wanted(full, text))
            continue
        if not line.isdigit() or int(line) < 1:
            raise InputError(
                _where(str(path)), None, "line", f"expected a line number after ':', got {line!r}"
            )
        number = int(line)
        spans = scenario_spans(full, str(path))
        from rulecheck.input_files import MAX_FEATURE_BYTES, read_input_text

        length = len(read_input_text(full, MAX_FEATURE_BYTES, "a feature file").splitlines())
        if number > length:
            raise InputError(_where(str(path)), number, "", f"past the end of the file ({length} lines)")
        span = next((s for s in spans if s.first <= number <= s.last), None)
        if span is None:
            raise InputError(
                _where(str(path)),
                number,
                "",
                "no scenario at this line (a line from a Scenario's keyword to its last step or example row)",
            )
        out.append(Wanted(full, text, span, span.rows.get(number)))
    return out


def selected(wanted: list[Wanted], feature: Path, line: int, example: dict[str, str] | None) -> bool:
    """Whether the scenario at ``line`` of ``feature`` (with an outline's ``example`` values) is
    among those the path arguments want."""
    resolved = Path(feature).resolve()
    for w in wanted:
        if w.feature != resolved:
            continue
        if w.span is None or (w.span.first == line and (w.row is None or w.row == example)):
            return True
    return False
