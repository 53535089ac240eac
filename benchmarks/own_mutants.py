"""Mutants mutmut never makes, of the engines: decorators, dataclass field defaults, module constants.

    python benchmarks/own_mutants.py --list                      # every mutant, one a line
    python benchmarks/own_mutants.py [--only GLOB] [--limit N]   # run them, record the verdicts

mutmut mutates the bodies of functions; what sits outside them is never changed: a decorator
(``@cache``, ``@dataclass(frozen=True)``, ``@property``), the default of a dataclass field and a
module-level constant (the hex ``CORNERS``, a search width, a tuple of windows). This script makes
one mutant per such place, with operators of its own:

* ``decorator``: the decorator removed;
* ``default``: a field default changed (a number one up, a boolean flipped, a string emptied or
  prefixed, None made 0);
* ``constant``: each number of an UPPER_CASE module constant one up, each string of it changed.

Each mutant is judged as mutmut's are: its module is mutated in a copy of the engine's packages
and a selection of tests runs there (``tests_of``: ``[tool.mutmut]
pytest_add_cli_args_test_selection`` with mutmut's ``JUDGES``, less the other game's files, plus
a module's ``OWN_JUDGES``), ``-x``, under a time limit; a failing or hanging session kills it.
Judging is made cheap (``judge_mutants``): one copy for the whole run, each mutant written into it
and the original written back; each session forked from a server that imported pytest and the
libraries and parsed the feature files once (``benchmarks/mutant_tree.py``); the tests that
killed an earlier mutant of the module first, then the fastest. A constant no code reads is
recorded ``unread`` without a run (any value of it is identical in effect) and counted apart.
Verdicts are recorded per mutant, with a hash of the module's original source, in
``benchmarks/own_mutation_results.json``; a verdict stands while that source is unchanged.
``benchmarks/code_mutation_score.py --recorded`` counts them beside mutmut's. A survivor is
listed in ``rules/equivalent_code_mutants.yaml`` like any other, or killed with a test.
"""

from __future__ import annotations

import argparse
import ast
import compileall
import fnmatch
import functools
import hashlib
import itertools
import json
import re
import signal
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutant_tree import PACKAGES, ROOT, ForkJudge, build_tree  # noqa: E402

RESULTS = ROOT / "benchmarks" / "own_mutation_results.json"
RESULTS_FORMAT = "rulecheck.own-mutation-results/1"


@dataclass(frozen=True)
class Mutant:
    name: str  # module:operator:line:col, e.g. rules.hex_sightline:constant:38:29
    module: str
    operator: str
    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str
    original: str  # the source text replaced, for the listing
    constant: str = ""  # the module constant a ``constant`` mutant changes

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        start = sum(len(x) for x in lines[: self.line - 1]) + _byte_to_char(lines[self.line - 1], self.col)
        end = sum(len(x) for x in lines[: self.end_line - 1]) + _byte_to_char(
            lines[self.end_line - 1], self.end_col
        )
        return source[:start] + self.replacement + source[end:]


def _byte_to_char(line: str, offset: int) -> int:
    return len(line.encode("utf-8")[:offset].decode("utf-8", errors="ignore"))


def _changed(node: ast.Constant) -> list[str]:
    """The replacements of one literal."""
    value = node.value
    if isinstance(value, bool):
        return [repr(not value)]
    if isinstance(value, int | float):
        return [repr(value + 1)]
    if isinstance(value, str):
        return ['"XX' + value.replace("\\", "\\\\").replace('"', '\\"') + 'XX"'] + (['""'] if value else [])
    if value is None:
        return ["0"]
    return []


def _text(source_lines: list[str], node: ast.AST) -> str:
    if node.lineno == node.end_lineno:
        return source_lines[node.lineno - 1].encode()[node.col_offset : node.end_col_offset].decode()
    return "..."


def mutants_of(module: str, source: str) -> list[Mutant]:
    """Every mutant of one module's decorators, dataclass field defaults and module constants."""
    tree = ast.parse(source)
    lines = source.splitlines()
    out: list[Mutant] = []

    def add(operator: str, node: ast.AST, replacement: str, constant: str = "") -> None:
        line, col = node.lineno, node.col_offset
        out.append(
            Mutant(
                f"{module}:{operator}:{line}:{col}:{len([m for m in out if (m.line, m.col) == (line, col)])}",
                module,
                operator,
                line,
                col,
                node.end_lineno,
                node.end_col_offset,
                replacement,
                _text(lines, node),
                constant,
            )
        )

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for deco in node.decorator_list:
                # the "@" sits one column before the expression; removing it removes the line's use
                add("decorator", deco, "(lambda f: f)")
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.value, ast.Constant):
                    for new in _changed(stmt.value):
                        add("default", stmt.value, new)
    for stmt in tree.body:
        targets = (
            stmt.targets
            if isinstance(stmt, ast.Assign)
            else [stmt.target]
            if isinstance(stmt, ast.AnnAssign) and stmt.value is not None
            else []
        )
        names = [t.id for t in targets if isinstance(t, ast.Name) and t.id.lstrip("_").isupper()]
        if not names:
            continue
        in_fstring = {
            id(c) for j in ast.walk(stmt.value) if isinstance(j, ast.JoinedStr) for c in ast.walk(j)
        }
        for leaf in ast.walk(stmt.value):
            if (
                isinstance(leaf, ast.Constant)
                and not isinstance(leaf.value, bytes)
                and id(leaf) not in in_fstring
            ):
                for new in _changed(leaf):
                    add("constant", leaf, new, names[0])
    return sorted(out, key=lambda m: (m.line, m.col, m.name))


# The mutated code: the shared engine library and each game's engine (tool.mutmut's source_paths).
MUTATED = ("rules", "rulecheck_gundam_assemble/engine", "rulecheck_multibase/engine")


def modules() -> dict[str, Path]:
    return {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for folder in MUTATED
        for p in sorted((ROOT / folder).rglob("*.py"))
    }


def all_mutants() -> list[Mutant]:
    return [m for name, path in modules().items() for m in mutants_of(name, path.read_text(encoding="utf-8"))]


def selection(module: str) -> list[str]:
    """mutmut's test selection for a mutant of ``module``: a test file that judges only some
    modules (``JUDGES`` of benchmarks/mutmut_plugin.py, e.g. the seeded odds tests) is left out
    for the others, and the corpus of the module's own ruleset runs first (-x stops at the
    first failure)."""
    from mutmut_plugin import JUDGES

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    files = [
        f
        for f in config["pytest_add_cli_args_test_selection"]
        if f not in JUDGES or (module + ".").startswith(JUDGES[f])
    ]
    first = "multibase" if module.startswith("rulecheck_multibase") else "gundam_assemble"
    return sorted(files, key=lambda f: first not in f)


# Test files that judge one module's own mutants besides mutmut's selection: the published input
# limits are read by the loaders and the CLI's readers, and tests/test_limits.py checks each at
# its value and one past it, in process (a test that ran the CLI in a subprocess would import the
# checkout's own, unmutated engine, and is never listed here).
# rules.rulebook's RULING_STATUSES are read by the CLI's tag check (rulecheck.report), which
# tests/test_ruling_tags.py calls in process.
OWN_JUDGES = {
    "rules.limits": ("tests/test_limits.py",),
    "rules.rulebook": ("tests/test_ruling_tags.py",),
}


def tests_of(module: str) -> list[str]:
    """The test files that judge a mutant of ``module``: mutmut's selection (``selection``), less
    the other game's files (neither game's package imports the other's, so those tests cannot
    reach the module; ``rules/`` is judged by both), and the module's ``OWN_JUDGES``."""
    game = module.split(".")[0]
    other = {"rulecheck_gundam_assemble": "multibase", "rulecheck_multibase": "gundam_assemble"}.get(game)
    return [f for f in selection(module) if other is None or other not in f] + list(
        OWN_JUDGES.get(module, ())
    )


def unread(mutant: Mutant, sources: Iterable[str]) -> bool:
    """A constant that no code reads (its name appears nowhere but in its own assignment): any
    value of it is identical in effect, so the mutant is counted apart, not run."""
    return bool(mutant.constant) and _mentions(mutant.constant, tuple(sources)) <= 1


@functools.cache
def _mentions(name: str, sources: tuple[str, ...]) -> int:
    pattern = re.compile(r"\b" + re.escape(name) + r"\b")
    return sum(len(pattern.findall(text)) for text in sources)


def project_sources(root: Path = ROOT) -> list[str]:
    """Every Python file of the checkout (engine, toolkit, steps, tests, examples, benchmarks)."""
    skip = {".venv", "mutants", ".git", "node_modules"}
    return [
        p.read_text(encoding="utf-8", errors="replace")
        for p in root.rglob("*.py")
        if not skip.intersection(p.relative_to(root).parts)
    ]


# A session of the unmutated code at most this long, else the judge stops (seconds).
CLEAN_LIMIT = 1800.0


def time_limit(clean_seconds: float) -> float:
    """A mutant's session stopped after this long counts as killed ("timed out"), as a hang does in
    mutmut: five times the unmutated session, and 60 s more for a loaded machine."""
    return 5 * clean_seconds + 60


def judge_mutants(
    mutants: Iterable[Mutant],
    tests: Callable[[str], list[str]] = tests_of,
    *,
    root: Path = ROOT,
    packages: Iterable[str] = PACKAGES,
    paths: dict[str, Path] | None = None,
    limit: Callable[[float], float] = time_limit,
) -> Iterator[tuple[Mutant, str, float]]:
    """Judge each mutant: (mutant, verdict, seconds), verdict ``killed`` (a selected test failed,
    or the mutated package could not be imported, while every one passes on the original),
    ``timed out`` (counted as killed) or ``survived``.

    One copy of the packages is made for the whole run; each mutant's module is written into it,
    judged by a session forked from a server that never imports the project, and written back.
    Before the first mutant of each selection, the same session runs on the unmutated copy: it
    must pass (else no verdict could be trusted), and its test durations order the later sessions
    (fastest first, after the tests that killed an earlier mutant of the same module)."""
    packages = tuple(packages)
    paths = paths if paths is not None else modules()
    with tempfile.TemporaryDirectory(prefix="own-mutants-") as tmp:
        folder = Path(tmp)
        build_tree(folder, {p: root / p for p in packages}, copy=True, root=root)
        # Bytecode for the copy's unmutated modules (checked against each source's mtime and
        # size, which never change); a mutated module's is deleted, so it is compiled from source.
        for package in packages:
            compileall.compile_dir(folder / package, quiet=1)
        judge = ForkJudge(folder, {"HYPOTHESIS_PROFILE": "mutation"}, packages)
        clean: dict[tuple[str, ...], dict] = {}
        killers: dict[str, dict[str, float]] = {}
        kills = itertools.count()
        for mutant in mutants:
            selected = tests(mutant.module)
            if tuple(selected) not in clean:
                base = judge.session(selected, {}, CLEAN_LIMIT)
                if base["code"] != 0:
                    raise SystemExit(
                        f"own_mutants: the tests fail on the original code ({' '.join(selected)}: "
                        f"exit {base['code']}, {base['failed']}): no verdict can be trusted"
                    )
                clean[tuple(selected)] = base
            base = clean[tuple(selected)]
            rank = {**base["durations"], **killers.get(mutant.module, {})}
            if mutant.constant:  # a test named after the constant (test_limits' [MAX_BASES]) first
                rank.update({t: -1e12 for t in base["durations"] if f"[{mutant.constant}" in t})
            target = folder / paths[mutant.module].relative_to(root)
            original = target.read_text(encoding="utf-8")
            for compiled in (target.parent / "__pycache__").glob(target.stem + ".*.pyc"):
                compiled.unlink()
            target.write_text(mutant.apply(original), encoding="utf-8")
            try:
                out = judge.session(selected, rank, limit(base["seconds"]))
            finally:
                target.write_text(original, encoding="utf-8")
            if out["code"] is None:
                verdict = "timed out"
            elif out["code"] == 0:
                verdict = "survived"
            elif out["code"] in (1, 2, 3):
                # 1: a test failed; 2: the session stopped at collection (a test module could not
                # import the mutated module); 3: pytest's internal error, as when a plugin's import
                # of the engine raises at start-up. The same session passed on the original code,
                # so the mutant is what failed it.
                verdict = "killed"
            else:  # 4 (usage), 5 (no tests): the harness's fault, not the mutant's
                print(
                    f"own_mutants: {mutant.name}: pytest exited {out['code']} (no verdict)", file=sys.stderr
                )
                continue
            if out["failed"]:
                # negative ranks sort before every duration; the latest killer first
                killers.setdefault(mutant.module, {})[out["failed"]] = -1.0 - next(kills)
            yield mutant, verdict, out["seconds"]


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def load_results(path: Path = RESULTS) -> dict[str, dict]:
    if not path.is_file():
        return {}
    doc = json.loads(path.read_text())
    if doc.get("format") != RESULTS_FORMAT:
        raise SystemExit(f"{path}: not a {RESULTS_FORMAT} file")
    return doc["mutants"]


def standing(path: Path = RESULTS) -> dict[str, str]:
    """The recorded verdicts whose module is unchanged since, by mutant name."""
    hashes = {name: source_hash(p) for name, p in modules().items()}
    known = {m.name for m in all_mutants()}
    return {
        name: r["verdict"]
        for name, r in load_results(path).items()
        if name in known and hashes.get(r["module"]) == r["hash"]
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument(
        "--only", metavar="GLOB", help="mutants whose name matches (e.g. 'rules.hex_sightline:*')"
    )
    parser.add_argument("--limit", type=int, help="run at most this many not yet judged")
    parser.add_argument(
        "--again",
        action="store_true",
        help="judge the chosen mutants again, also those with a standing verdict",
    )
    args = parser.parse_args()
    chosen = [m for m in all_mutants() if not args.only or fnmatch.fnmatchcase(m.name, args.only)]
    if args.list:
        for m in chosen:
            print(f"{m.name}  {m.original!r} -> {m.replacement!r}")
        print(f"{len(chosen)} mutants")
        return 0
    done = {} if args.again else standing()
    todo = sorted((m for m in chosen if m.name not in done), key=lambda m: priority(m.module))[: args.limit]
    hashes = {name: source_hash(p) for name, p in modules().items()}
    sources = project_sources()
    skipped = [m for m in todo if unread(m, sources)]
    run = [m for m in todo if m not in skipped]

    def record(m: Mutant, verdict: str, seconds: float) -> None:
        results = load_results()  # read again: another run may have recorded verdicts since
        results[m.name] = {"module": m.module, "hash": hashes[m.module], "verdict": verdict}
        RESULTS.write_text(
            json.dumps({"format": RESULTS_FORMAT, "mutants": results}, indent=1, sort_keys=True) + "\n"
        )
        print(f"{verdict:>10}  {m.name}  {m.original!r} -> {m.replacement!r}  ({seconds:.1f} s)", flush=True)

    # stopped (kill PID): leave through the normal exit, so the copy of the packages is removed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    for m in skipped:
        record(m, "unread", 0.0)
    for m, verdict, seconds in judge_mutants(run):
        record(m, verdict, seconds)
    return 0


# Judged first: the shared engine library, the Multibase Trace, then the Gundam Assemble modules
# most rulings pass through; the attack and its odds last (being restructured: their verdicts
# would soon stop standing).
PRIORITY = (
    "rules.",
    "rulecheck_multibase.engine.geometry",
    "rulecheck_gundam_assemble.engine.units",
    "rulecheck_gundam_assemble.engine.responses",
    "rulecheck_gundam_assemble.engine.abilities",
    "rulecheck_multibase.",
    "rulecheck_gundam_assemble.",
)
LAST = ("rulecheck_gundam_assemble.engine.attack", "rulecheck_gundam_assemble.engine.odds")


def priority(module: str) -> tuple[int, str]:
    if module in LAST:
        return (len(PRIORITY) + 1, module)
    return (next((i for i, p in enumerate(PRIORITY) if module.startswith(p)), len(PRIORITY)), module)


if __name__ == "__main__":
    raise SystemExit(main())
