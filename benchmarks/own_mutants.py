"""Mutants mutmut never makes, of rules/: decorators, dataclass field defaults, module constants.

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

Each mutant is judged as mutmut's are: the copy of the repository gets the mutated module and
runs the same selection of tests (``[tool.mutmut] pytest_add_cli_args_test_selection``), ``-x``,
under a time limit; a failing or hanging session kills it. Verdicts are recorded per mutant, with
a hash of the module's original source, in ``benchmarks/own_mutation_results.json``; a verdict
stands while that source is unchanged. ``benchmarks/code_mutation_score.py --recorded`` counts
them beside mutmut's. A survivor is listed in ``rules/equivalent_code_mutants.yaml`` like any
other, or killed with a test.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "own_mutation_results.json"
RESULTS_FORMAT = "rulecheck.own-mutation-results/1"
LINKED = (
    "features",
    "steps",
    "rulecheck",
    "scenarios",
    "tests",
    "conftest.py",
    "benchmarks",
    "pyproject.toml",
)
TIME_LIMIT = 900.0  # seconds for one mutant's session: a hang counts as killed, as in mutmut


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

    def add(operator: str, node: ast.AST, replacement: str, start=None) -> None:
        line, col = start if start else (node.lineno, node.col_offset)
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
        if not any(isinstance(t, ast.Name) and t.id.lstrip("_").isupper() for t in targets):
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
                    add("constant", leaf, new)
    return sorted(out, key=lambda m: (m.line, m.col, m.name))


# The mutated code: the shared engine library and each game's engine (tool.mutmut's source_paths).
MUTATED = ("rules", "rulecheck_gundam_assemble/engine", "rulecheck_multibase/engine")
# Copied, not linked, into a mutant's folder: a mutant is written into its copy of one of these.
COPIED = ("rules", "rulecheck_gundam_assemble", "rulecheck_multibase")


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


def judge(mutant: Mutant, tests: list[str]) -> str:
    """killed, timed out or survived: the tests run on a copy whose module is mutated."""
    path = modules()[mutant.module]
    with tempfile.TemporaryDirectory(prefix="own-mutant-") as tmp:
        for entry in LINKED:
            if (ROOT / entry).exists():
                os.symlink(ROOT / entry, Path(tmp) / entry)
        for folder in COPIED:
            shutil.copytree(ROOT / folder, Path(tmp) / folder, ignore=shutil.ignore_patterns("__pycache__"))
        target = Path(tmp) / path.relative_to(ROOT)
        target.write_text(mutant.apply(path.read_text(encoding="utf-8")), encoding="utf-8")
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", HYPOTHESIS_PROFILE="mutation")
        args = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            *tests,
        ]
        try:
            done = subprocess.run(args, cwd=tmp, env=env, capture_output=True, timeout=TIME_LIMIT)
        except subprocess.TimeoutExpired:
            return "timed out"
    return "survived" if done.returncode == 0 else "killed"


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
    args = parser.parse_args()
    chosen = [m for m in all_mutants() if not args.only or fnmatch.fnmatchcase(m.name, args.only)]
    if args.list:
        for m in chosen:
            print(f"{m.name}  {m.original!r} -> {m.replacement!r}")
        print(f"{len(chosen)} mutants")
        return 0
    results = load_results()
    done = standing()
    todo = [m for m in chosen if m.name not in done][: args.limit]
    sys.path.insert(0, str(ROOT / "benchmarks"))
    hashes = {name: source_hash(p) for name, p in modules().items()}
    for m in todo:
        started = time.monotonic()
        verdict = judge(m, selection(m.module))
        results[m.name] = {"module": m.module, "hash": hashes[m.module], "verdict": verdict}
        RESULTS.write_text(
            json.dumps({"format": RESULTS_FORMAT, "mutants": results}, indent=1, sort_keys=True) + "\n"
        )
        print(
            f"{verdict:>10}  {m.name}  {m.original!r} -> {m.replacement!r}  ({time.monotonic() - started:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
