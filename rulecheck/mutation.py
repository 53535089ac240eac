"""Mutation score: how much of the book does the corpus pin down?

A mutant is the book with one entry changed: each number up and down by one (each number of a
list of faces on its own; a float by one unit of its leading digit, so 0.5 becomes 0.4 and 0.6),
each boolean flipped, each interpretation set to each of its other options. The corpus kills a
mutant when some scenario that passes under the book fails under it. A surviving mutant is a rule
no scenario pins down; an *equivalent* mutant changes nothing a scenario could observe, and
``rules/<ruleset>/equivalent_mutants.yaml`` says why it survives.

Speed: the book is run once, recording which entries each scenario reads (see ``corpus``). The
engines are pure and read every number and every open question through the rulebook, so a
scenario that did not read an entry runs identically under a mutant of it: each mutant re-runs
only its entry's readers, which is exact, not an approximation. ``verify`` re-runs a sample of
mutants on their ruleset's whole corpus and checks that the verdict and the failing scenarios
agree. A mutant's run stops at its first failing scenario (one kill is enough). The mutants run
in parallel worker processes, each running pytest in-process, so the cost
is a few corpus runs per core rather than one pytest start-up per scenario.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulecheck.assumed_numbers import number_mutations
from rulecheck.corpus import PROJECT_ROOT, CorpusRun, ScenarioResult, run_corpus
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.ruleset_api import ruleset_names as bundled_rulesets
from rulecheck.source_yaml import InputError, load_yaml
from rulecheck.wording import plural
from rules.rulebook import Rulebook, RulebookError

KINDS = ("book", "assumed", "interpretation")  # how the score is split


@dataclass(frozen=True)
class Mutant:
    ruleset: str
    entry: str  # "parameters.NAME" or "interpretations.NAME"
    old: Any
    new: Any
    # book: a number the book gives; assumed: a number the project assumes; interpretation
    kind: str = "book"

    @property
    def id(self) -> str:
        """``parameters.hit_threshold=5``: how equivalent_mutants.yaml and --only name it."""
        return f"{self.entry}={_show(self.new)}"

    @property
    def label(self) -> str:
        return f"{self.ruleset} {self.entry}: {_show(self.old)} -> {_show(self.new)}"

    @property
    def is_number(self) -> bool:
        return self.entry.startswith("parameters.")

    def overlay(self) -> dict[str, Any]:
        kind, name = self.entry.split(".", 1)
        return {
            "ruleset": self.ruleset,
            "name": f"mutant {self.id}",
            "source": "rulecheck mutate (a deliberate wrong rule)",
            kind: {name: self.new},
        }


def _show(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _settable(book: Rulebook, name: str, value: Any) -> bool:
    """May an overlay set this value? The rulebook's own check of an overlay decides."""
    try:
        book.with_changes({name: value})
    except RulebookError:
        return False
    return True


def mutants_for(book: Rulebook) -> list[Mutant]:
    out: list[Mutant] = []
    seen: set[tuple[str, str]] = set()
    for name, p in book.parameters.items():
        for new in number_mutations(p.value):
            key = (f"parameters.{name}", json.dumps(new))
            if not _settable(book, name, new):
                continue  # no overlay may make this change (geometry_tolerance 0)
            if new != p.value and key not in seen:
                seen.add(key)
                out.append(Mutant(book.ruleset, f"parameters.{name}", p.value, new, p.basis))
    for name, i in book.interpretations.items():
        current = book.interpretation(name)
        for option in i.options:
            if option != current:
                out.append(Mutant(book.ruleset, f"interpretations.{name}", current, option, "interpretation"))
    return out


def select_mutants(mutants: list[Mutant], only: Iterable[str] | None) -> list[Mutant]:
    """``only``: entry names (``hit_threshold``), entries (``parameters.hit_threshold``) or ids."""
    wanted = set(only or ())
    if not wanted:
        return mutants
    picked = [m for m in mutants if m.id in wanted or m.entry in wanted or m.entry.split(".", 1)[1] in wanted]
    known = {m.id for m in mutants} | {m.entry for m in mutants} | {m.entry.split(".", 1)[1] for m in mutants}
    unknown = sorted(wanted - known)
    if unknown:
        raise InputError("--only", None, "", f"no mutant or rulebook entry {unknown[0]!r}")
    return picked


# --- equivalent mutants ---------------------------------------------------------------------------


def equivalents_path(root: Path, ruleset: str) -> Path | None:
    """The ruleset's list of equivalent mutants (its ``Corpus.equivalent_mutants``), if it has one."""
    return ruleset_named(ruleset).corpus(root).equivalent_mutants


def load_equivalents(root: Path, ruleset: str) -> dict[str, str]:
    """Mutant id -> why no scenario can tell it from the book."""
    path = equivalents_path(root, ruleset)
    if path is None or not (path.exists() or path.is_symlink()):
        return {}  # a folder or a pipe by that name is refused by load_yaml's reader
    doc = load_yaml(path)
    if not isinstance(doc.data, list):
        raise doc.error((), "expected a list of {mutant, reason}")
    out = {}
    for i, entry in enumerate(doc.data):
        if not isinstance(entry, dict) or not entry.get("mutant") or not entry.get("reason"):
            raise doc.error((i,), "each entry needs 'mutant' (its id) and 'reason'")
        out[str(entry["mutant"])] = str(entry["reason"])
    return out


# --- running ---------------------------------------------------------------------------------------


@dataclass
class MutantResult:
    mutant: Mutant
    targets: int  # scenarios re-run (those that read the entry and pass under the book)
    killed_by: list[str] = field(default_factory=list)  # the scenario that failed first
    moved: list[str] = field(default_factory=list)  # passed, but with other recorded outcomes
    seconds: float = 0.0
    equivalent: str = ""  # the reason, for a listed equivalent mutant that survives
    corpus: str | None = None  # --with-book: the corpus whose scenario killed it (project, book)

    @property
    def killed(self) -> bool:
        return bool(self.killed_by)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.mutant.ruleset,
            "mutant": self.mutant.id,
            "entry": self.mutant.entry,
            "kind": self.mutant.kind,
            "old": self.mutant.old,
            "new": self.mutant.new,
            "killed": self.killed,
            "targets": self.targets,
            "killed_by": self.killed_by,
            "outcomes_moved_in": self.moved,
            "equivalent": self.equivalent or None,
            "seconds": round(self.seconds, 3),
            **({"corpus": self.corpus} if self.corpus is not None else {}),
        }


def _run_mutant(
    root: str, mutant: Mutant, nodeids: list[str], baseline: dict[str, dict], first_kill: bool = True
) -> tuple[list[str], list[str]]:
    """In a worker: the mutant's targets under the mutant. Returns the keys of the scenarios that
    failed and of those that passed with different recorded outcomes. ``first_kill`` stops at the
    first failure (pytest's -x): one is enough to kill, and most mutants die early."""
    if not nodeids:
        return [], []
    with tempfile.TemporaryDirectory(prefix="rulecheck-mutant-") as tmp:
        overlay = Path(tmp) / "mutant.yaml"
        overlay.write_text(yaml.safe_dump(mutant.overlay(), sort_keys=False), encoding="utf-8")
        run = run_corpus(
            Path(root),
            [mutant.ruleset],
            overlays=[overlay],
            select=nodeids,
            pytest_args=["-x"] if first_kill else [],
        )
    failed = [r.key for r in run.results if r.outcome == "failed"]
    moved = [r.key for r in run.results if r.outcome == "passed" and r.outcomes != baseline.get(r.key)]
    return failed, moved


@contextlib.contextmanager
def _pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    # fork: a worker starts with the modules and parsed features already loaded by the baseline.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)
    try:
        yield pool
    except BaseException:
        # A failure or a signal (Ctrl-C, SIGTERM): the mutants not started are dropped, not run
        # to the end before the run stops.
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


@dataclass
class MutationRun:
    baseline: CorpusRun
    results: list[MutantResult]
    left_out: list[ScenarioResult]  # scenarios that fail under the book: they cannot kill
    verified: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    shard: tuple[int, int] | None = None
    run: dict[str, Any] = field(default_factory=dict)  # the whole run's settings (run_settings)

    def for_ruleset(self, ruleset: str) -> list[MutantResult]:
        return [r for r in self.results if r.mutant.ruleset == ruleset]

    def score(self, ruleset: str, kind: str | None = None) -> dict[str, Any]:
        """The score of one ruleset; ``kind`` (book, assumed, interpretation) restricts it to the
        mutants of book numbers, of the project's assumed numbers or of interpretations."""
        return score_of([r.to_json() for r in self.results], ruleset, kind)

    def _has(self, ruleset: str, kind: str) -> bool:
        return any(r.mutant.kind == kind for r in self.for_ruleset(ruleset))

    def to_json(self) -> dict[str, Any]:
        mutants = [r.to_json() for r in self.results]
        return {
            "shard": list(self.shard) if self.shard else None,
            "run": self.run,
            **scores(mutants),
            "mutants": mutants,
            "left_out_failing_on_the_book": [r.key for r in self.left_out],
            "verified": self.verified,
            "seconds": round(self.seconds, 2),
        }


def run_mutation(
    root: Path = PROJECT_ROOT,
    rulesets: Iterable[str] | None = None,
    tags: str | None = None,
    only: Iterable[str] | None = None,
    jobs: int | None = None,
    verify: int = 0,
    progress: Callable[[str], None] | None = None,
    shard: tuple[int, int] | None = None,
    paths: list | None = None,
    keyword: str | None = None,
    part_of_a_run: bool = False,
) -> MutationRun:
    """``shard=(K, N)``: only every N-th mutant from the K-th (round robin over the full list),
    so N runs cover each mutant once; ``merge_results`` joins their JSON."""
    start = time.perf_counter()
    say = progress or (lambda _msg: None)
    names = list(rulesets or []) or bundled_rulesets()
    # Pick the mutants first: a bad --only should not cost a corpus run.
    mutants = select_mutants([m for name in names for m in mutants_for(ruleset_named(name).rulebook())], only)
    settings = run_settings(root, names, tags, only, len(mutants))
    if keyword:  # shards that ran other scenarios scored other things: merge-results compares this
        settings["keyword"] = keyword
    if shard is not None:
        mutants = [m for i, m in enumerate(mutants) if i % shard[1] == shard[0] - 1]
    equivalents = {name: load_equivalents(root, name) for name in names}
    say("baseline: running the corpus under the book, recording what each scenario reads")
    baseline = run_corpus(
        root,
        names,
        tags=tags,
        record_reads=True,
        paths=paths,
        pytest_args=[f"-k={keyword}"] if keyword else [],
        part_of_a_run=part_of_a_run,  # --with-book: one corpus may select nothing; the whole says
    )
    if keyword and not baseline.results and not part_of_a_run:  # --with-book: the whole run says
        raise InputError("-k", None, "", f"the expression {keyword!r} selects no scenario")
    left_out = [r for r in baseline.results if r.outcome != "passed"]
    if left_out:
        say(f"{plural(len(left_out), 'scenario')} fail under the book and cannot kill a mutant; left out")
    passing = CorpusRun([r for r in baseline.results if r.outcome == "passed"], 0)
    outcomes = {r.key: r.outcomes for r in passing.results}

    results: list[MutantResult] = []
    work: list[tuple[int, list[str]]] = []
    for index, m in enumerate(mutants):
        targets = [r.nodeid for r in passing.readers(m.ruleset, [m.entry])]
        results.append(MutantResult(m, len(targets)))
        if targets:
            work.append((index, targets))
    work.sort(key=lambda w: -len(w[1]))  # longest first keeps both workers busy to the end
    jobs = max(1, jobs or os.cpu_count() or 1)
    done = len(mutants) - len(work)
    say(
        f"{plural(len(mutants), 'mutant')}; {done} read by no scenario; running {len(work)} on {plural(jobs, 'process', 'processes')}"
    )
    with _pool(jobs) as pool:
        futures = {}
        for index, targets in work:
            fut = pool.submit(_run_mutant, str(root), mutants[index], targets, outcomes)
            futures[fut] = (index, time.perf_counter())
        for fut in as_completed(futures):
            index, t0 = futures[fut]
            failed, moved = fut.result()
            res, m = results[index], mutants[index]
            res.killed_by, res.moved, res.seconds = failed, moved, time.perf_counter() - t0
            done += 1
            verdict = f"killed by {failed[0]}" if failed else f"SURVIVED {plural(res.targets, 'scenario')}"
            say(f"[{done}/{len(mutants)}] {m.label}: {verdict}")
    for res in results:
        if not res.killed:
            res.equivalent = equivalents.get(res.mutant.ruleset, {}).get(res.mutant.id, "")

    verified = []
    if verify:
        verified = _verify(root, results, passing, outcomes, verify, jobs, say)
    return MutationRun(baseline, results, left_out, verified, time.perf_counter() - start, shard, settings)


def run_settings(
    root: Path, names: list[str], tags: str | None, only: Iterable[str] | None, total: int
) -> dict[str, Any]:
    """What a mutation run was asked to do and what it read, as its JSON records it: shards that
    differ here scored different things and must not be merged. ``total``: mutants before the
    split into shards."""
    from rulecheck import run_identity

    return {
        "command": "mutate",
        **run_identity.common(),
        "corpus": run_identity.corpus_digest(Path(root), names),
        "rulesets": list(names),
        "tags": tags,
        "only": sorted(set(only)) if only else None,
        "mutants_in_run": total,
    }


def _verify(root, results, passing, outcomes, count, jobs, say) -> list[dict[str, Any]]:
    """Re-run ``count`` mutants (spread over the list) on their ruleset's whole passing corpus,
    without stopping at the first failure, and check the claim the targeted run rests on: every
    scenario that fails under the mutant is one that read the mutated entry, and the verdict is
    the same."""
    step = max(1, len(results) // count)
    sample = results[::step][:count]
    say(f"verifying {plural(len(sample), 'mutant')} against their ruleset's whole corpus")
    out = []
    with _pool(jobs) as pool:
        futures = {
            pool.submit(
                _run_mutant,
                str(root),
                r.mutant,
                [s.nodeid for s in passing.results if s.ruleset == r.mutant.ruleset],
                outcomes,
                False,
            ): r
            for r in sample
        }
        for fut in as_completed(futures):
            r = futures[fut]
            failed, _ = fut.result()
            readers = {s.key for s in passing.readers(r.mutant.ruleset, [r.mutant.entry])}
            agrees = bool(failed) == r.killed and set(failed) <= readers
            out.append(
                {
                    "mutant": r.mutant.label,
                    "targeted": r.targets,
                    "full_corpus_failures": len(failed),
                    "agrees": agrees,
                }
            )
            say(f"  {'agrees' if agrees else 'DISAGREES'}: {r.mutant.label}")
    return out


# --- text --------------------------------------------------------------------------------------------


def format_text(run: MutationRun) -> str:
    out = []
    for name in sorted({r.mutant.ruleset for r in run.results}):
        s = run.score(name)
        out.append(
            f"{name}: mutation score {s['score']:.0%} ({s['killed']} of {plural(s['mutants'], 'mutant')} killed, "
            f"{s['equivalent']} equivalent, {s['survivors']} surviving)"
        )
        for kind, label in (
            ("book", "book numbers"),
            ("assumed", "assumed numbers"),
            ("interpretation", "interpretations"),
        ):
            if run._has(name, kind):
                k = run.score(name, kind)
                out.append(
                    f"  {label}: {k['score']:.0%} ({k['killed']} of {k['mutants']} killed, {k['equivalent']} equivalent)"
                )
        for r in run.for_ruleset(name):
            if r.killed:
                continue
            why = (
                "no scenario reads it"
                if not r.targets
                else f"{plural(r.targets, 'scenario')} read it, none fails"
                + (f"; outcomes move in {len(r.moved)} but nothing asserts them" if r.moved else "")
            )
            if r.equivalent:
                out.append(f"  equivalent  {r.mutant.id}: {r.equivalent}")
            else:
                out.append(f"  SURVIVES    {r.mutant.id} (book: {_show(r.mutant.old)}): {why}")
    if run.left_out:
        out.append(f"{plural(len(run.left_out), 'scenario')} fail under the book and were left out:")
        out += [f"  {r.feature}:{r.line} {r.name}" for r in run.left_out]
    if run.verified:
        agree = sum(v["agrees"] for v in run.verified)
        out.append(
            f"verified {agree} of {len(run.verified)} sampled mutants: the whole corpus gives the same verdict"
        )
    out.append(f"{plural(len(run.results), 'mutant')} in {run.seconds:.1f} s")
    return "\n".join(out)


# --- shards --------------------------------------------------------------------------------------


def score_of(mutants: list[dict[str, Any]], ruleset: str, kind: str | None = None) -> dict[str, Any]:
    """The score of one ruleset over mutant reports (``MutantResult.to_json``), for a whole run
    or for the shards' reports merged; ``kind`` restricts it to one kind of rulebook entry."""
    rs = [m for m in mutants if m["ruleset"] == ruleset and (kind is None or m["kind"] == kind)]
    killed = sum(bool(m["killed"]) for m in rs)
    equivalent = sum(1 for m in rs if not m["killed"] and m.get("equivalent"))
    # The score leaves out the listed equivalent mutants: no corpus could kill them.
    scored = len(rs) - equivalent
    return {
        "ruleset": ruleset,
        **({"kind": kind} if kind else {}),
        "mutants": len(rs),
        "killed": killed,
        "equivalent": equivalent,
        "survivors": len(rs) - killed - equivalent,
        "score": round(killed / scored, 4) if scored else 1.0,
    }


def scores(mutants: list[dict[str, Any]]) -> dict[str, Any]:
    """Per ruleset, and per ruleset and kind of entry (only the kinds it has)."""
    rulesets = sorted({m["ruleset"] for m in mutants})
    kinds = {(m["ruleset"], m["kind"]) for m in mutants}
    return {
        "scores": [score_of(mutants, rs) for rs in rulesets],
        "scores_by_kind": [score_of(mutants, rs, k) for rs in rulesets for k in KINDS if (rs, k) in kinds],
    }


def merge_results(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One mutation report from the ``--json`` reports of ``mutate --shard K/N`` runs, scores
    recomputed over all. ``merge-results`` checks first that the reports are one complete split
    with no mutant in two of them; a mutant met twice here would keep its first report."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for report in reports:
        for m in report["mutants"]:
            seen.setdefault((m["ruleset"], m["mutant"]), m)
    mutants = list(seen.values())
    left_out = sorted({k for r in reports for k in r.get("left_out_failing_on_the_book", [])})
    return {
        "shard": None,
        "shards": [r.get("shard") for r in reports],
        "run": reports[0].get("run") if reports else None,
        **scores(mutants),
        "mutants": mutants,
        "left_out_failing_on_the_book": left_out,
        "verified": [v for r in reports for v in r.get("verified", [])],
        "seconds": round(max((r.get("seconds", 0) for r in reports), default=0), 2),
    }


def format_merged(merged: dict[str, Any]) -> str:
    out = []
    for s in merged["scores"]:
        out.append(
            f"{s['ruleset']}: mutation score {s['score']:.0%} ({s['killed']} of {s['mutants']} mutants killed, "
            f"{s['equivalent']} equivalent, {s['survivors']} surviving)"
        )
        for m in merged["mutants"]:
            if m["ruleset"] == s["ruleset"] and not m["killed"]:
                if m.get("equivalent"):
                    out.append(f"  equivalent  {m['mutant']}: {m['equivalent']}")
                else:
                    out.append(f"  SURVIVES    {m['mutant']} (book: {_show(m['old'])})")
    out.append(f"{len(merged['mutants'])} mutants from {len(merged['shards'])} result files")
    return "\n".join(out)
