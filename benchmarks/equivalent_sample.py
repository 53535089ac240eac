"""A deterministic sample of the listed equivalent mutants, for the test that applies each and
compares what `explain --json` shows (tests/test_equivalent_mutants.py).

    python benchmarks/equivalent_sample.py [--size N]     # needs mutants/ (a mutmut run)

An entry of rules/equivalent_code_mutants.yaml claims its mutants change nothing observable.
`explain --json` shows every event of a ruling (step, clauses, text, data, interpretation) and
its outcome, so a listed mutant that changes it on some bundled scenario file is not equivalent.
This script picks the listed mutants (tolerance policies aside: they do change a verdict at
exactly the tolerance) whose function some bundled scenario file's explain calls, takes a sample
of them ordered by a hash of the name, and writes, per mutant, the function's original and
mutated source (as mutmut wrote them into mutants/) and the scenario files that reach it to
tests/equivalent_mutants_sample.json. The test needs no mutmut: it compiles the mutated source
in place of the function.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import fnmatch
import hashlib
import io
import json
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from code_mutation_score import EQUIVALENTS, _metas, module_of  # noqa: E402

SAMPLE = ROOT / "tests" / "equivalent_mutants_sample.json"
FORMAT = "rulecheck.equivalent-mutants-sample/1"
PER_MUTANT = 2  # scenario files explained per mutant, the first that reach it


def split_name(name: str) -> tuple[str, str | None, str, int]:
    """module, class (or None), function, mutant number of a mutmut mutant name."""
    module = module_of(name)
    rest, _, number = name[len(module) + 1 :].rpartition("__mutmut_")
    if rest.startswith("xǁ"):
        cls, func = rest[2:].split("ǁ", 1)
        return module, cls, func, int(number)
    return module, None, rest[2:], int(number)


def mutmut_functions(module: str) -> dict[str, str]:
    """Every function mutmut wrote into mutants/ for ``module``, by its mangled name, dedented."""
    text = (ROOT / "mutants" / (module.replace(".", "/") + ".py")).read_text()
    lines = text.splitlines()
    return {
        node.name: textwrap.dedent("\n".join(lines[node.lineno - 1 : node.end_lineno]))
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef)
    }


def renamed(source: str, name: str) -> str:
    return re.sub(r"^def [^(]+\(", f"def {name}(", source, count=1)


def equivalent_tolerance_aside() -> list[str]:
    import yaml

    out = []
    for e in yaml.safe_load(EQUIVALENTS.read_text()) or []:
        if e.get("kind") == "tolerance_policy":
            continue
        out += e["mutants"] if isinstance(e["mutants"], list) else [e["mutants"]]
    return out


def reached_functions(scenarios: list[Path], functions: dict[str, object]) -> dict[str, set[str]]:
    """Which of ``functions`` (by key) each scenario file's explain calls: each is swapped for a
    wrapper that notes the call (a profiler over every call was far too slow)."""
    from equivalent_patch import patched

    from rulecheck.cli import main

    calls: set[str] = set()

    def noting(key, original):
        def wrapper(*args, **kwargs):
            calls.add(key)
            return original(*args, **kwargs)

        return wrapper

    from mutmut_plugin import _clear_engine_caches

    for path in scenarios[:: max(1, len(scenarios) - 1)]:  # load every module the explains use
        with contextlib.redirect_stdout(io.StringIO()):
            main(["explain", str(path), "--json"])
    out: dict[str, set[str]] = {}
    with contextlib.ExitStack() as stack:
        for key, (module, cls, func) in functions.items():
            stack.enter_context(patched(module, cls, func, lambda original, key=key: noting(key, original)))
        for path in scenarios:
            calls.clear()
            _clear_engine_caches()
            with contextlib.redirect_stdout(io.StringIO()):
                main(["explain", str(path), "--json"])
            out[str(path.relative_to(ROOT))] = set(calls)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=25)
    args = parser.parse_args()
    listed = re.compile("|".join(fnmatch.translate(g) for g in equivalent_tolerance_aside()))
    names = sorted(
        name
        for meta, _ in _metas(ROOT)
        for name in json.loads(meta.read_text())["exit_code_by_key"]
        if listed.match(name)
    )
    scenarios = sorted(ROOT.glob("rulecheck_*/scenarios/**/*.yaml"))
    functions = {}
    for name in names:
        module, cls, func, _ = split_name(name)
        functions[f"{module}:{cls}:{func}"] = (module, cls, func)
    reached = reached_functions(scenarios, functions)
    chosen = []
    for name in sorted(names, key=lambda n: hashlib.sha256(n.encode()).hexdigest()):
        module, cls, func, number = split_name(name)
        files = sorted(f for f, seen in reached.items() if f"{module}:{cls}:{func}" in seen)[:PER_MUTANT]
        if not files:
            continue
        mangled = f"xǁ{cls}ǁ{func}" if cls else f"x_{func}"
        sources = mutmut_functions(module)
        chosen.append(
            {
                "mutant": name,
                "module": module,
                "class": cls,
                "function": func,
                "original": renamed(sources[f"{mangled}__mutmut_orig"], func),
                "mutated": renamed(sources[f"{mangled}__mutmut_{number}"], func),
                "scenarios": files,
            }
        )
        if len(chosen) == args.size:
            break
    SAMPLE.write_text(json.dumps({"format": FORMAT, "mutants": chosen}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(chosen)} of {len(names)} listed mutants sampled into {SAMPLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
