"""The engine's code-mutation score from a mutmut run (README, "Code-mutation score").

    pip install -e '.[mutation]'
    mutmut run                 # or: mutmut run "rules.multibase.coherency*" ... for some modules
    python benchmarks/code_mutation_score.py [--survivors]

Reads mutmut's results (``mutants/**/*.py.meta``) and the listed equivalent mutants
(``rules/equivalent_code_mutants.yaml``: a glob of mutant names and the reason none of them can
change a ruling) and prints, per module, the mutants killed, surviving, listed as equivalent,
presentation-only (every line the mutant changes matches a ``do_not_mutate_patterns`` entry of
pyproject.toml: a run made before a pattern was added), not reached by any scenario ("no
tests") and not yet run. The score is killed / (killed + survived + no tests).
A survivor that is not listed is a gap in the corpus or a missing entry, never silently fine.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import json
import re
import sys
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "rules" / "equivalent_code_mutants.yaml"
KILLED = {1, 3, 36, 24, -24, 152, 255}  # a failing test, or a mutant that made the tests hang


def load_equivalents(path: Path = EQUIVALENTS) -> list[tuple[str, str]]:
    entries = yaml.safe_load(path.read_text()) or []
    out = []
    for e in entries:
        globs = e["mutants"] if isinstance(e["mutants"], list) else [e["mutants"]]
        out += [(g, e["reason"]) for g in globs]
    return out


def results(root: Path) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for meta in sorted((root / "mutants" / "rules").rglob("*.py.meta")):
        for _ in range(5):  # a running mutmut rewrites these files; read again if caught mid-write
            try:
                out.update(json.loads(meta.read_text())["exit_code_by_key"])
                break
            except json.JSONDecodeError:
                time.sleep(0.2)
    return out


def presentation_patterns(root: Path) -> list[re.Pattern]:
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["mutmut"]
    return [re.compile(p) for p in config.get("do_not_mutate_patterns", [])]


class Sources:
    """The original and mutated function bodies mutmut wrote into mutants/."""

    def __init__(self, root: Path):
        self.root = root
        self.cache: dict[str, dict[str, str]] = {}

    def functions(self, module: str) -> dict[str, str]:
        if module not in self.cache:
            path = self.root / "mutants" / (module.replace(".", "/") + ".py")
            text = path.read_text()
            lines = text.splitlines()
            self.cache[module] = {
                node.name: "\n".join(lines[node.lineno - 1 : node.end_lineno])
                for node in ast.walk(ast.parse(text))
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            }
        return self.cache[module]

    def diff(self, name: str) -> str:
        """The mutant as a unified diff of its function (what `mutmut show` prints, without
        starting mutmut), for reviewing many survivors at once."""
        module, short = module_of(name), name.rsplit(".", 1)[1]
        funcs = self.functions(module)
        original = funcs.get(short.rsplit("__mutmut_", 1)[0] + "__mutmut_orig", "")
        mutated = funcs.get(short, "")
        a, b = original.splitlines()[1:], mutated.splitlines()[1:]
        return "\n".join(difflib.unified_diff(a, b, name + " (original)", name, n=1, lineterm=""))

    def changed_lines(self, name: str) -> list[str]:
        """The original lines a mutant changes (whitespace aside)."""
        module, short = module_of(name), name.rsplit(".", 1)[1]
        funcs = self.functions(module)
        original = funcs.get(short.rsplit("__mutmut_", 1)[0] + "__mutmut_orig", "")
        mutated = funcs.get(short, "")
        a = [line.strip() for line in original.splitlines()[1:]]
        b = [line.strip() for line in mutated.splitlines()[1:]]
        out = []
        for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag != "equal":
                out += a[i1:i2] or ["<inserted>"]
        return out


def module_of(name: str) -> str:
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0]


def score(root: Path = ROOT) -> tuple[dict[str, Counter], list[str]]:
    listed = load_equivalents()
    patterns = presentation_patterns(root)
    sources = Sources(root)
    table: dict[str, Counter] = defaultdict(Counter)
    open_survivors = []
    for name, code in results(root).items():
        row = table[module_of(name)]
        if code is None:
            row["not run"] += 1
        elif code in KILLED:
            row["killed"] += 1
        elif any(fnmatch.fnmatchcase(name, pattern) for pattern, _ in listed):
            row["equivalent"] += 1
        elif (changed := sources.changed_lines(name)) and all(
            any(p.search(" " + line) for p in patterns) for line in changed
        ):
            row["presentation"] += 1  # touches only lines today's configuration leaves alone
        elif code in (5, 33):
            row["no tests"] += 1
            open_survivors.append(name)
        else:
            row["survived"] += 1
            open_survivors.append(name)
    return table, open_survivors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", action="store_true", help="list every unlisted survivor")
    parser.add_argument(
        "--diffs", metavar="MODULE_GLOB", help="print each unlisted survivor of these modules as a diff"
    )
    args = parser.parse_args()
    if not (ROOT / "mutants").is_dir():
        print("no mutants/ folder: run `mutmut run` first", file=sys.stderr)
        return 2
    table, survivors = score()
    cols = ("killed", "survived", "no tests", "equivalent", "presentation", "not run")
    print(f"{'module':42} " + " ".join(f"{c:>12}" for c in cols) + "      score")
    total = Counter()
    for module, row in sorted(table.items()):
        total.update(row)
        run = row["killed"] + row["survived"] + row["no tests"]
        shown = f"{100 * row['killed'] / run:6.1f}%" if run else "      -"
        print(f"{module:42} " + " ".join(f"{row[c]:>12}" for c in cols) + f"    {shown}")
    run = total["killed"] + total["survived"] + total["no tests"]
    print(f"{'all run modules':42} " + " ".join(f"{total[c]:>12}" for c in cols), end="")
    print(f"    {100 * total['killed'] / run:6.1f}%" if run else "")
    if args.survivors:
        print("\n".join(survivors))
    if args.diffs:
        sources = Sources(ROOT)
        for name in survivors:
            if fnmatch.fnmatchcase(module_of(name), args.diffs):
                print("\n" + sources.diff(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
