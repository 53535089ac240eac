"""Recall of `rulecheck explore --rev` on planted changes of the engine, beside the corpus's.

    python benchmarks/explore_recall.py [--budget SECONDS] [--shrink SECONDS] [--quick]
                                        [--only ID ...] [--json PATH] [--write-docs]

Each change in ``benchmarks/explore_recall_changes.yaml`` (file, old text, new text) is applied
to a throwaway git worktree of this checkout's HEAD and committed there (a commit no branch
holds: this checkout's ``rules/`` is never touched). Then

* ``rulecheck explore --rev COMMIT`` runs from this checkout at a fixed budget (the old side is
  the planted engine, the new side this checkout's): *found* when it writes a witness, and the
  time to the first one;
* ``rulecheck check`` runs the bundled corpus on the planted engine (the worktree first on
  ``PYTHONPATH``): *caught* when a scenario fails.

It prints the share found per area with the median time to the first witness, beside the
corpus's catch rate, and lists the changes the corpus catches but explore misses and those the
corpus misses. ``--quick``: every fourth change, 15 s each. ``--write-docs`` puts the table into
docs/performance.md between ``<!-- recall:start -->`` and ``<!-- recall:end -->``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CHANGES = ROOT / "benchmarks" / "explore_recall_changes.yaml"
CHECK_SECONDS = 240  # the corpus takes about 5 s per ruleset; a change can make it hang
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- recall:start -->", "<!-- recall:end -->"
AREAS = {
    "ga_los": ("gundam_assemble", "los", "GA line of sight"),
    "ga_attack": ("gundam_assemble", "attack", "GA attacks"),
    "mb_geometry": ("multibase", "attack", "multibase geometry"),
    "mb_attack": ("multibase", "attack", "multibase attacks"),
}
# The CLI in this interpreter (the package has no __main__): the planted tree's when it is first
# on PYTHONPATH, this checkout's otherwise.
CLI = [sys.executable, "-c", "import sys; from rulecheck.cli import main; sys.exit(main())"]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "explore recall",
    "GIT_AUTHOR_EMAIL": "recall@localhost",
    "GIT_COMMITTER_NAME": "explore recall",
    "GIT_COMMITTER_EMAIL": "recall@localhost",
}


def load_changes() -> list[dict]:
    changes = yaml.safe_load(CHANGES.read_text(encoding="utf-8"))["changes"]
    for c in changes:
        if c["area"] not in AREAS:
            raise SystemExit(f"{CHANGES}: {c['id']}: area {c['area']!r} is not one of {', '.join(AREAS)}")
    return changes


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, env={**os.environ, **GIT_ENV}, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def plant(change: dict, tree: Path) -> str:
    """Apply the change in the worktree ``tree`` and commit it; the commit's sha."""
    path = tree / change["file"]
    text = path.read_text(encoding="utf-8")
    if text.count(change["old"]) != 1:
        raise SystemExit(
            f"{change['id']}: the old text occurs {text.count(change['old'])} times in {change['file']}"
        )
    path.write_text(text.replace(change["old"], change["new"]), encoding="utf-8")
    git("commit", "-q", "-a", "-m", f"planted change {change['id']}", cwd=tree)
    return git("rev-parse", "HEAD", cwd=tree)


def explore(change: dict, sha: str, budget: float, shrink: float) -> dict:
    ruleset, default_kind, _ = AREAS[change["area"]]
    kind = change.get("kind", default_kind)
    args = [*CLI, "explore", "--rev", sha, "--ruleset", ruleset, "--kind", kind]
    args += ["--budget", str(budget), "--shrink", str(shrink), "--max-groups", "1", "--json", "-q"]
    started = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1):
        return {"found": False, "exit": done.returncode, "error": done.stderr.strip()[-300:], "wall": wall}
    try:
        report = json.loads(done.stdout)["explorations"][0]
    except (ValueError, KeyError, IndexError):
        return {"found": False, "exit": done.returncode, "error": done.stderr.strip()[-300:], "wall": wall}
    witnesses = report["witnesses"]
    first = witnesses[0] if witnesses else None
    return {
        "found": bool(witnesses),
        "exit": done.returncode,
        "seconds_to_witness": first.get("found_seconds") if first else None,
        "positions": report["positions"],
        "group": first["group"] if first else None,
        "wall": wall,
    }


def corpus(change: dict, tree: Path) -> dict:
    ruleset = AREAS[change["area"]][0]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    args = [*CLI, "check", "--root", str(tree), "--ruleset", ruleset]
    args += ["--no-dependencies", "-q"]
    started = time.perf_counter()
    try:
        done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True, timeout=CHECK_SECONDS)
    except subprocess.TimeoutExpired:  # a change that makes the corpus hang is caught: a user sees it
        return {"caught": True, "exit": None, "timed_out": True, "wall": time.perf_counter() - started}
    return {"caught": done.returncode != 0, "exit": done.returncode, "wall": time.perf_counter() - started}


def run_one(change: dict, budget: float, shrink: float, with_corpus: bool) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="explore-recall-"))
    tree = tmp / "tree"
    git("worktree", "add", "--detach", "--quiet", str(tree), "HEAD")
    try:
        sha = plant(change, tree)
        found = explore(change, sha, budget, shrink)
        caught = corpus(change, tree) if with_corpus else {"caught": None}
    finally:
        git("worktree", "remove", "--force", str(tree))
        tmp.rmdir()
    return {
        "id": change["id"],
        "area": change["area"],
        "what": change.get("what", ""),
        **found,
        "corpus": caught,
    }


def table(results: list[dict], budget: float) -> str:
    lines = [
        f"| area | planted | found by explore (≤ {budget:g} s) | caught by the corpus | median time to first witness |",
        "| --- | --- | --- | --- | --- |",
    ]
    rows = [(key, label, [r for r in results if r["area"] == key]) for key, (_, _, label) in AREAS.items()]
    rows.append(("all", "all", results))
    for _, label, rs in rows:
        if not rs:
            continue
        found = [r for r in rs if r["found"]]
        caught = [r for r in rs if r["corpus"]["caught"]]
        times = [r["seconds_to_witness"] for r in found if r.get("seconds_to_witness") is not None]
        median = f"{statistics.median(times):.1f} s" if times else "-"
        corpus_cell = (
            f"{len(caught)} ({len(caught) / len(rs):.0%})" if rs[0]["corpus"]["caught"] is not None else "-"
        )
        lines.append(
            f"| {label} | {len(rs)} | {len(found)} ({len(found) / len(rs):.0%}) | {corpus_cell} | {median} |"
        )
    missed = [r for r in results if not r["found"]]
    if missed:
        lines.append("")
        lines.append(
            "Missed by explore: "
            + ", ".join(
                f"`{r['id']}`" + (" (corpus catches it)" if r["corpus"]["caught"] else "") for r in missed
            )
            + "."
        )
    return "\n".join(lines)


def write_docs(text: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    if START not in doc or END not in doc:
        raise SystemExit(f"{DOC}: no {START} ... {END} markers")
    head, rest = doc.split(START, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{START}\n{text}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=60.0, help="explore's search budget per change (seconds)")
    p.add_argument("--shrink", type=float, default=5.0, help="explore's shrinking time per witness")
    p.add_argument("--quick", action="store_true", help="every fourth change, 15 s each")
    p.add_argument("--only", nargs="+", metavar="ID", help="only these changes")
    p.add_argument("--no-corpus", action="store_true", help="skip running the corpus on each change")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write every result here")
    p.add_argument("--resume", action="store_true", help="keep the results already in --json, run the rest")
    p.add_argument("--write-docs", action="store_true", help="put the table into docs/performance.md")
    args = p.parse_args(argv)
    changes = load_changes()
    if args.quick:
        changes, args.budget = changes[::4], min(args.budget, 15.0)
    if args.only:
        changes = [c for c in changes if c["id"] in args.only]
    results = []
    if args.resume and args.json and args.json.is_file():  # go on after an interrupted run
        results = json.loads(args.json.read_text(encoding="utf-8"))
    done_ids = {r["id"] for r in results}
    for i, change in enumerate(changes, 1):
        if change["id"] in done_ids:
            continue
        r = run_one(change, args.budget, args.shrink, not args.no_corpus)
        results.append(r)
        when = f"{r['seconds_to_witness']:.1f} s" if r.get("seconds_to_witness") is not None else "-"
        print(
            f"[{i}/{len(changes)}] {change['id']}: explore {'found' if r['found'] else 'missed'} ({when})"
            f"; corpus {'caught' if r['corpus']['caught'] else 'missed' if r['corpus']['caught'] is not None else '-'}"
            + (f"; explore exit {r['exit']}: {r.get('error')}" if r.get("error") else ""),
            file=sys.stderr,
            flush=True,
        )
        if args.json:
            args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    order = {c["id"]: i for i, c in enumerate(changes)}
    results = sorted((r for r in results if r["id"] in order), key=lambda r: order[r["id"]])
    text = table(results, args.budget)
    print(text)
    if args.write_docs:
        write_docs(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
