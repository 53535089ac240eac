"""Ruling diff: run the corpus under two rule sets and list every scenario whose outcome changed.

The comparison is on what each scenario recorded through ``ruling.record`` (verdicts, hits,
damage, defeats, tokens), not only on pass/fail: a rule change shows what it overturns even
where a feature's expected values were written for the old rules (those scenarios now fail, and
the diff shows the values that moved).

Two sources for the "new" side:

* an overlay (``diff_overlay``): the book is run once recording which rulebook entries each
  scenario reads; only the scenarios that read something the overlay changes are run again under
  it. That is exact, not a sample: the engines are pure and take every number and every open
  question from the rulebook, so a scenario that never read a changed entry runs identically.
  ``full=True`` re-runs everything instead (to check that claim).
* another revision (``diff_revision``): the engine, steps and tool code of a git commit are
  checked out into a temporary worktree and run in a subprocess with that code first on
  ``sys.path``, against the current corpus (features, scenario files and bundled overlays are
  copied over) unless ``own_corpus`` asks for the revision's own. The worktree is removed after.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.corpus import PROJECT_ROOT, CorpusRun, ScenarioResult, run_corpus
from rulecheck.input_files import MAX_RESULT_BYTES, read_input_text
from rulecheck.overlays import load_overlay
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.source_yaml import InputError
from rulecheck.wording import plural

ABSENT = "(not recorded)"
TRACE_LINES = 8  # events of a changed trace printed per scenario in text


@dataclass
class ScenarioChange:
    key: str
    ruleset: str
    feature: str
    line: int
    scenario: str
    clauses: tuple[str, ...]
    old_outcome: str  # passed, failed, ... or "absent" when the scenario exists on one side only
    new_outcome: str
    new_message: str = ""
    values: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # recorded key -> (old, new)
    # The events that left the trace ("- ...") and came into it ("+ ..."), in their own words
    # with their clause ids, in trace order; empty when the two traces read the same.
    trace_changes: list[str] = field(default_factory=list)
    corpus: str | None = None  # diff --with-book: project or book

    def to_json(self) -> dict[str, Any]:
        return {
            **({"corpus": self.corpus} if self.corpus is not None else {}),
            "key": self.key,
            "ruleset": self.ruleset,
            "feature": self.feature,
            "line": self.line,
            "scenario": self.scenario,
            "clauses": list(self.clauses),
            "old_outcome": self.old_outcome,
            "new_outcome": self.new_outcome,
            "new_message": self.new_message,
            "values": {k: {"old": o, "new": n} for k, (o, n) in self.values.items()},
            "trace_changes": self.trace_changes,
        }


@dataclass
class RulingDiff:
    old_label: str
    new_label: str
    changes: list[ScenarioChange]
    compared: int  # scenarios compared
    rerun: int  # scenarios actually run on the new side
    rule_changes: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # for an overlay

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    def by_clause(self) -> dict[str, list[ScenarioChange]]:
        """Each clause with the changed scenarios that cite it, in clause order of first citation."""
        out: dict[str, list[ScenarioChange]] = {}
        for change in self.changes:
            for cid in change.clauses or ("(no clause)",):
                out.setdefault(cid, []).append(change)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old_label,
            "new": self.new_label,
            "changed": self.changed,
            "compared": self.compared,
            "rerun": self.rerun,
            "rule_changes": {k: {"old": o, "new": n} for k, (o, n) in self.rule_changes.items()},
            "scenarios": [c.to_json() for c in self.changes],
            "by_clause": {cid: [c.key for c in cs] for cid, cs in self.by_clause().items()},
        }


def _clauses(r: ScenarioResult) -> tuple[str, ...]:
    return tuple(r.tagged("clause"))


def compare_results(old: Iterable[ScenarioResult], new: Iterable[ScenarioResult]) -> list[ScenarioChange]:
    """Every scenario whose pass/fail or recorded outcomes differ, plus those on one side only."""
    old_by, new_by = {r.key: r for r in old}, {r.key: r for r in new}
    changes = []
    for key in [*old_by, *(k for k in new_by if k not in old_by)]:
        a, b = old_by.get(key), new_by.get(key)
        ref = b or a
        values = {}
        if a is not None and b is not None:
            for k in [*a.outcomes, *(k for k in b.outcomes if k not in a.outcomes)]:
                va, vb = a.outcomes.get(k, ABSENT), b.outcomes.get(k, ABSENT)
                if va != vb:
                    values[k] = (va, vb)
            if a.outcome == b.outcome and not values:
                continue
        changes.append(
            ScenarioChange(
                key=key,
                ruleset=ref.ruleset,
                feature=ref.feature,
                line=ref.line,
                scenario=ref.name,
                clauses=_clauses(ref),
                old_outcome=a.outcome if a is not None else "absent",
                new_outcome=b.outcome if b is not None else "absent",
                new_message=b.message if b is not None else "",
                values=values,
                trace_changes=trace_changes(a.trace, b.trace) if a is not None and b is not None else [],
            )
        )
    return changes


def _event_words(e: dict[str, Any]) -> str:
    return f"[{', '.join(e.get('clauses') or ())}] {e.get('text', '')}"


def trace_changes(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    """What a player reads differently in the new explanation trace: each event that left it
    ("- ...") or came into it ("+ ..."), as its text and clause ids, in trace order."""
    return [
        f"{sign} {x}"
        for sign, x in _left_and_came([_event_words(e) for e in old], [_event_words(e) for e in new])
    ]


def _left_and_came(a: list[str], b: list[str]) -> list[tuple[str, str]]:
    """The items that left list ``a`` ("-") and came into list ``b`` ("+"), in order."""
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag in ("delete", "replace"):
            out += [("-", x) for x in a[i1:i2]]
        if tag in ("insert", "replace"):
            out += [("+", x) for x in b[j1:j2]]
    return out


# --- an overlay ----------------------------------------------------------------------------------


def diff_overlay(
    overlay_path: str | Path,
    root: Path = PROJECT_ROOT,
    full: bool = False,
    baseline: CorpusRun | None = None,
    paths: list | None = None,
    pytest_args: Sequence[str] = (),
    part_of_a_run: bool = False,
) -> RulingDiff:
    """The book against the book plus ``overlay_path``, on the overlay's ruleset. ``paths`` and
    ``pytest_args`` (``-k``) select the scenarios compared. ``part_of_a_run``: one corpus of
    ``--with-book``, which may select nothing (the command says so of the whole)."""
    overlay = load_overlay(overlay_path)
    book = ruleset_named(overlay.ruleset).rulebook()
    changed_book = book.with_changes(overlay.parameters, overlay.interpretations, overlay.name)
    rule_changes = book.differences(changed_book)
    if baseline is None:
        baseline = run_corpus(
            root,
            [overlay.ruleset],
            record_reads=not full,
            paths=paths,
            pytest_args=pytest_args,
            part_of_a_run=part_of_a_run,
        )
    old = baseline.by_ruleset(overlay.ruleset)
    # A scenario that read nothing the overlay changes runs identically under it (pure engine).
    selected = None if full else [r.nodeid for r in baseline.readers(overlay.ruleset, rule_changes)]
    new_run = (
        run_corpus(
            root,
            [overlay.ruleset],
            overlays=[overlay_path],
            select=selected,
            paths=paths,
            pytest_args=pytest_args,
            part_of_a_run=part_of_a_run,
        )
        if selected is None or selected
        else CorpusRun([], 0)
    )
    rerun = {r.key: r for r in new_run.results}
    new = [rerun.get(r.key, r) for r in old]
    return RulingDiff(
        old_label=f"{overlay.ruleset} as the book has it",
        new_label=f'{overlay.ruleset} under "{overlay.name}" ({overlay.file})',
        changes=compare_results(old, new),
        compared=len(old),
        rerun=len(new_run.results),
        rule_changes=rule_changes,
    )


def with_the_book(project: RulingDiff, book: RulingDiff) -> RulingDiff:
    """``diff --with-book``: the project's diff and the bundled corpus's under the same change,
    as one; each changed scenario says which corpus it came from."""
    for label, diff in (("project", project), ("book", book)):
        for change in diff.changes:
            change.corpus = label
    return RulingDiff(
        old_label=project.old_label,
        new_label=project.new_label,
        changes=project.changes + book.changes,
        compared=project.compared + book.compared,
        rerun=project.rerun + book.rerun,
        rule_changes=project.rule_changes,
    )


# --- another revision -----------------------------------------------------------------------------

# Runs in the subprocess, with the revision's own code first on sys.path. It uses only
# run_corpus(root, rulesets) and ScenarioResult.to_json(), which every revision with a corpus has.
_RUN_AT_REVISION = """
import json, sys
root, out, rulesets = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path.insert(0, root)
from rulecheck.corpus import run_corpus
run = run_corpus(__import__("pathlib").Path(root), rulesets or None)
with open(out, "w", encoding="utf-8") as fh:
    json.dump([r.to_json() for r in run.results], fh)
"""

CORPUS_DIRS = ("features", "scenarios")


def _git(root: Path, *args: str) -> str:
    proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise InputError("--rev", None, "", (proc.stderr.strip().splitlines() or ["git failed"])[-1])
    return proc.stdout.strip()


def resolve_revision(root: Path, rev: str) -> str:
    if rev.startswith("-"):
        raise InputError("--rev", None, "", f"{rev!r} is not a revision")
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except InputError:
        raise InputError("--rev", None, "", f"no commit {rev!r} in {root}") from None


def _use_current_corpus(root: Path, tree: Path) -> None:
    """Make the worktree's corpus the current one: same scenarios, the revision's code."""
    for name in CORPUS_DIRS:
        if (tree / name).exists():
            shutil.rmtree(tree / name)
        if (root / name).is_dir():
            shutil.copytree(root / name, tree / name)
    for overlays in root.glob("rules/*/overlays"):
        target = tree / overlays.relative_to(root)
        if target.parent.is_dir():  # only for rulesets the revision has
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(overlays, target)


def run_at_revision(
    root: Path, rev: str, rulesets: Iterable[str] | None = None, own_corpus: bool = False
) -> subprocess.Popen:
    """Start the corpus at ``rev`` in a subprocess; ``collect_revision`` waits and cleans up."""
    sha = resolve_revision(root, rev)
    tmp = Path(tempfile.mkdtemp(prefix="rulecheck-rev-"))
    tree = tmp / "tree"
    out = tmp / "results.json"
    try:
        _git(root, "worktree", "add", "--detach", "--quiet", str(tree), sha)
        if not own_corpus:
            _use_current_corpus(root, tree)
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.Popen(
            [sys.executable, "-c", _RUN_AT_REVISION, str(tree), str(out), *(rulesets or ())],
            cwd=tree,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    except BaseException:
        _remove_worktree(root, tmp)
        raise
    proc.rulecheck_tmp = tmp  # type: ignore[attr-defined]
    proc.rulecheck_sha = sha  # type: ignore[attr-defined]
    return proc


def _remove_worktree(root: Path, tmp: Path) -> None:
    subprocess.run(
        ["git", "-C", str(root), "worktree", "remove", "--force", str(tmp / "tree")], capture_output=True
    )
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(["git", "-C", str(root), "worktree", "prune"], capture_output=True)


def collect_revision(root: Path, proc: subprocess.Popen) -> list[ScenarioResult]:
    tmp: Path = proc.rulecheck_tmp  # type: ignore[attr-defined]
    try:
        output, _ = proc.communicate()
        out = tmp / "results.json"
        if proc.returncode != 0 or not out.is_file():
            last = (output or "").strip().splitlines()[-1:] or ["no output"]
            raise InputError(
                "--rev", None, "", f"the corpus at {proc.rulecheck_sha[:10]} did not run: {last[0][:300]}"
            )
        data = json.loads(read_input_text(out, MAX_RESULT_BYTES, "the corpus's JSON results"))
        return [ScenarioResult.from_json(d) for d in data]
    finally:
        _remove_worktree(root, tmp)


def diff_revision(
    rev: str,
    root: Path = PROJECT_ROOT,
    rulesets: Iterable[str] | None = None,
    own_corpus: bool = False,
    paths: list | None = None,
    pytest_args: Sequence[str] = (),
) -> RulingDiff:
    """The engine at ``rev`` against the working tree, on the current corpus. The two runs go side
    by side: the revision in its subprocess, the working tree in this process.

    ``paths`` and ``pytest_args`` (``-k``) select the scenarios compared: the working tree runs
    only those, and of the revision's results only the scenarios of the same feature file and
    name are compared (the revision runs its whole corpus: an older revision's runner may not
    know a selection)."""
    rulesets = list(rulesets or [])
    selecting = bool(paths) or bool(pytest_args)
    proc = run_at_revision(root, rev, rulesets, own_corpus)
    try:
        current = run_corpus(root, rulesets or None, paths=paths, pytest_args=pytest_args)
        keyword = next((a.removeprefix("-k=") for a in pytest_args if a.startswith("-k=")), None)
        if keyword is not None and not current.results:
            raise InputError("-k", None, "", f"the expression {keyword!r} selects no scenario")
    except BaseException:
        proc.kill()
        proc.communicate()
        _remove_worktree(root, proc.rulecheck_tmp)  # type: ignore[attr-defined]
        raise
    old = collect_revision(root, proc)
    if selecting:
        wanted = {r.key for r in current.results}
        old = [r for r in old if r.key in wanted]
    sha = proc.rulecheck_sha  # type: ignore[attr-defined]
    corpus = "its own corpus" if own_corpus else "the current corpus"
    return RulingDiff(
        old_label=f"the engine at {rev} ({sha[:10]}) on {corpus}",
        new_label="the working tree",
        changes=compare_results(old, current.results),
        compared=len(current.results),
        rerun=len(current.results),
    )


# --- text ------------------------------------------------------------------------------------------


def _show(value: Any) -> str:
    return json.dumps(value, sort_keys=True) if not isinstance(value, str) else value


def _show_change(old: Any, new: Any) -> str:
    """``old -> new``; for two lists (an attack's steps) only what left and what came in."""
    if isinstance(old, list) and isinstance(new, list):
        a, b = [_show(x) for x in old], [_show(x) for x in new]
        parts = [f"{sign}{x}" for sign, x in _left_and_came(a, b)]
        if parts and len(parts) < len(a) + len(b):
            return " ".join(parts)
    return f"{_show(old)} -> {_show(new)}"


def format_text(diff: RulingDiff) -> str:
    out = [f"old: {diff.old_label}", f"new: {diff.new_label}"]
    for name, (a, b) in diff.rule_changes.items():
        out.append(f"  changes {name}: {_show(a)} -> {_show(b)}")
    if diff.rerun != diff.compared:
        out.append(
            f"{diff.rerun} of {plural(diff.compared, 'scenario')} re-run: the others read nothing the change touches"
        )
    if not diff.changes:
        out.append(f"no scenario's outcome changed ({diff.compared} compared)")
        return "\n".join(out)
    out.append(f"{len(diff.changes)} of {plural(diff.compared, 'scenario')} changed, by clause:")
    shown: dict[str, str] = {}
    for cid, changes in diff.by_clause().items():
        out.append(f"{cid}")
        for c in changes:
            book = "  [book]" if c.corpus == "book" else ""  # diff --with-book: the book's ruling
            out.append(f"  {c.feature}:{c.line}  {c.scenario}{book}")
            if c.key in shown:
                out.append(f"      (changes listed under {shown[c.key]})")
                continue
            shown[c.key] = cid
            # A side that recorded nothing stopped before resolving (an engine or dice-script error):
            # its message says why, and listing every value as missing would say nothing more.
            silent = bool(c.values) and all(ABSENT in pair for pair in c.values.values())
            if c.old_outcome != c.new_outcome:
                why = f"  ({c.new_message})" if c.new_message and (silent or not c.values) else ""
                out.append(f"      scenario: {c.old_outcome} -> {c.new_outcome}{why}")
            if silent:
                out.append("      no outcome recorded on one side")
                continue
            for k, (a, b) in c.values.items():
                if k == "steps" and c.trace_changes:
                    continue  # the engine's step names: the trace below says the same in words
                out.append(f"      {k}: {_show_change(a, b)}")
            if c.trace_changes:
                out.append("      explanation trace (- as it was, + as it is now):")
                out += [f"        {line}" for line in c.trace_changes[:TRACE_LINES]]
                if len(c.trace_changes) > TRACE_LINES:
                    out.append(
                        f"        ... and {len(c.trace_changes) - TRACE_LINES} more (--json lists them all)"
                    )
    return "\n".join(out)
