"""The engine's code-mutation score from a mutmut run (docs/mutation.md; the per-module table with --recorded).

    pip install -e '.[mutation]'
    mutmut run                 # or: mutmut run "rulecheck_multibase.engine.coherency*" ... for some modules
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
import functools
import json
import re
import sys
import textwrap
import time
import tomllib
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "rules" / "equivalent_code_mutants.yaml"
# The mutated code (tool.mutmut's source_paths): the shared engine library and each game's engine.
MUTATED = ("rules", "rulecheck_gundam_assemble/engine", "rulecheck_multibase/engine")


def mutant_metas(root: Path) -> list[Path]:
    """mutmut's result files of every mutated module under ``root/mutants``."""
    return sorted(p for folder in MUTATED for p in (root / "mutants" / folder).rglob("*.py.meta"))


KILLED = {1, 3, 36, 24, -24, 152, 255}  # a failing test, or a mutant that made the tests hang
TIMED_OUT = {36, 24, -24, 152, 255}  # of those, the tests stopped at mutmut's time limit


TOLERANCE_POLICY = "tolerance_policy"  # an entry's kind: the verdicts differ only at exactly the tolerance


def load_equivalents(path: Path = EQUIVALENTS) -> list[tuple[str, str]]:
    entries = yaml.safe_load(path.read_text()) or []
    out = []
    for e in entries:
        globs = e["mutants"] if isinstance(e["mutants"], list) else [e["mutants"]]
        out += [(g, e["reason"]) for g in globs]
    return out


def tolerance_policies(path: Path = EQUIVALENTS) -> list[str]:
    """Globs of the entries of kind tolerance_policy: mutants that change a verdict only for a
    measure exactly at geometry_tolerance, where the project allows either verdict. They are not
    equivalent (some position tells them apart) and are counted apart from the equivalents."""
    out = []
    for e in yaml.safe_load(path.read_text()) or []:
        if e.get("kind") == TOLERANCE_POLICY:
            out += e["mutants"] if isinstance(e["mutants"], list) else [e["mutants"]]
    return out


def results(root: Path) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for meta in mutant_metas(root):
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

    def wording(self, name: str) -> str | None:
        """Why this mutant can change only the wording of a ruling (``wording_only``), or None."""
        module, short = module_of(name), name.rsplit(".", 1)[1]
        funcs = self.functions(module)
        original = funcs.get(short.rsplit("__mutmut_", 1)[0] + "__mutmut_orig", "")
        return wording_only(original, funcs.get(short, "")) if original else None

    def event_data(self, name: str) -> bool:
        """Whether this mutant changes only the data of a trace event (``event_data_only``)."""
        module, short = module_of(name), name.rsplit(".", 1)[1]
        funcs = self.functions(module)
        original = funcs.get(short.rsplit("__mutmut_", 1)[0] + "__mutmut_orig", "")
        return bool(original) and event_data_only(original, funcs.get(short, ""))

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


# Where a change can only alter how a ruling is worded, never the ruling: the arguments of a
# raised error (the refusal stays where it was; tests/bad_inputs checks the wording through the
# CLI, where no mutant reaches), and an event's clauses, text and interpretation (positions 1, 2
# and 4 of Event(step, clauses, text, data, interpretation) and of the emit helpers that take the
# same arguments). An event's step and data stay in play: steps and `explain` read them.
EVENT_CALLS = {"Event", "emit"}
EVENT_WORDING_POSITIONS = {1: "clauses", 2: "text", 4: "interpretation"}


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _wording_step(node: ast.AST, field: str, index: int | None, child: ast.AST) -> str | None:
    """Why a change below ``node`` (through ``field[index]``, to ``child``) is wording only."""
    if isinstance(node, ast.Raise):
        return "error wording"  # only where the change is to message text: see wording_only
    if isinstance(node, ast.Call) and _call_name(node) in EVENT_CALLS:
        if field == "args" and index in EVENT_WORDING_POSITIONS:
            return "event " + EVENT_WORDING_POSITIONS[index]
        if (
            field == "keywords"
            and isinstance(child, ast.keyword)
            and child.arg in EVENT_WORDING_POSITIONS.values()
        ):
            return "event " + child.arg
    if isinstance(node, ast.keyword) and node.arg == "interpretation":
        return "event interpretation"
    return None


def _children(node: ast.AST):
    for field, value in ast.iter_fields(node):
        if isinstance(value, list):
            for i, v in enumerate(value):
                if isinstance(v, ast.AST):
                    yield field, i, v
        elif isinstance(value, ast.AST):
            yield field, None, value


def _diff_path(a: ast.AST, b: ast.AST):
    """The path from ``a`` down to the one place where ``b`` differs from it, and the two
    differing nodes there (None: no change)."""
    path = []
    while ast.dump(a) != ast.dump(b):
        if type(a) is not type(b):
            return path, a, b
        fields = [f for f in a._fields if _dump(getattr(a, f)) != _dump(getattr(b, f))]
        if len(fields) != 1:
            return path, a, b
        va, vb = getattr(a, fields[0]), getattr(b, fields[0])
        if isinstance(va, list):
            if len(va) != len(vb):
                return path, a, b
            diffs = [i for i in range(len(va)) if _dump(va[i]) != _dump(vb[i])]
            if len(diffs) != 1 or not isinstance(va[diffs[0]], ast.AST):
                return path, a, b
            path.append((a, fields[0], diffs[0], va[diffs[0]]))
            a, b = va[diffs[0]], vb[diffs[0]]
        elif isinstance(va, ast.AST) and isinstance(vb, ast.AST):
            path.append((a, fields[0], None, va))
            a, b = va, vb
        else:
            return path, a, b
    return None


def _dump(value) -> str:
    if isinstance(value, list):
        return "[" + ",".join(_dump(v) for v in value) + "]"
    return ast.dump(value) if isinstance(value, ast.AST) else repr(value)


def _wording_only_names(func: ast.AST) -> set[str]:
    """Local names whose every use is wording (an event's text or clauses, an error's message),
    e.g. ``text = f"..."`` built before the event that prints it: a change to what such a name
    holds is wording too."""
    parents: dict[ast.AST, tuple[ast.AST, str, int | None]] = {}
    for node in ast.walk(func):
        for field, i, child in _children(node):
            parents[child] = (node, field, i)
    assigned = {
        t.id
        for n in ast.walk(func)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    keep = set(assigned)
    changed = True
    while changed:
        changed = False
        for name in sorted(keep):
            for use in ast.walk(func):
                if (
                    isinstance(use, ast.Name)
                    and use.id == name
                    and isinstance(use.ctx, ast.Load)
                    and not _is_wording_use(use, parents, keep)
                ):
                    keep.discard(name)
                    changed = True
                    break
    return keep


def _is_wording_use(node: ast.AST, parents, wording_names: set[str]) -> bool:
    child = node
    while child in parents:
        parent, field, i = parents[child]
        if _wording_step(parent, field, i, child):
            return True
        if isinstance(parent, ast.Assign) and field == "value":
            return all(isinstance(t, ast.Name) and t.id in wording_names for t in parent.targets)
        if isinstance(parent, (ast.stmt,)) and not isinstance(parent, ast.Expr):
            return False
        child = parent
    return False


@functools.lru_cache(maxsize=64)
def _parsed(source: str) -> tuple[ast.AST, frozenset[str]]:
    """A function's syntax tree and its wording-only names (one parse per original function)."""
    func = ast.parse(textwrap.dedent(source)).body[0]
    return func, frozenset(_wording_only_names(func))


def _one_change(original: ast.AST, mutated: str):
    """The path to the one place where ``mutated`` differs from the parsed ``original`` function,
    and the two nodes there; None if it does not parse or nothing differs."""
    try:
        fb = ast.parse(textwrap.dedent(mutated)).body[0]
    except (SyntaxError, IndexError):
        return None
    fb.name, fb.decorator_list = original.name, original.decorator_list
    found = _diff_path(original, fb)
    return found if found and found[0] else None


def wording_only(original: str, mutated: str) -> str | None:
    """Why a mutant (two versions of one function's source) can change only wording, or None."""
    try:
        fa, words = _parsed(original)
    except (SyntaxError, IndexError):
        return None
    found = _one_change(fa, mutated)
    if found is None:
        return None
    path, old, new = found
    if _drops_cited_interpretation(old, new):
        return "event interpretation"
    # A raised error keeps being raised whatever its message says, but a dropped or None
    # argument can break the error itself (a crash instead of a one-line refusal): only a
    # change to message text counts.
    message_text = any(isinstance(n, ast.JoinedStr) for n, *_ in path) or (
        isinstance(old, ast.Constant)
        and isinstance(new, ast.Constant)
        and isinstance(old.value, str)
        and isinstance(new.value, str)
    )
    for node, field, i, child in path:
        if why := _wording_step(node, field, i, child):
            if why != "error wording" or message_text:
                return why
            break
    for node, field, _i, _child in path:
        if (
            isinstance(node, ast.Assign)
            and field == "value"
            and all(isinstance(t, ast.Name) and t.id in words for t in node.targets)
        ):
            return "event text"
    return None


def _drops_cited_interpretation(old: ast.AST, new: ast.AST) -> bool:
    """An event call that loses only the interpretation it cites: its last positional argument at
    the interpretation's place, or its ``interpretation=`` keyword (the parameter defaults to
    None). Dropping any other argument shifts the ones after it, or leaves a required one out."""
    if not (isinstance(old, ast.Call) and isinstance(new, ast.Call) and _call_name(old) in EVENT_CALLS):
        return False
    if _dump(old.func) != _dump(new.func):
        return False
    last = len(old.args) - 1
    if (
        EVENT_WORDING_POSITIONS.get(last) == "interpretation"
        and _dump(new.args) == _dump(old.args[:-1])
        and _dump(new.keywords) == _dump(old.keywords)
    ):
        return True
    kept = [k for k in old.keywords if k.arg != "interpretation"]
    return (
        len(kept) == len(old.keywords) - 1
        and _dump(new.args) == _dump(old.args)
        and _dump(new.keywords) == _dump(kept)
    )


EVENT_DATA_POSITION = 3  # Event(step, clauses, text, data, interpretation)


def event_data_only(original: str, mutated: str) -> bool:
    """Whether the one change of a mutant lies in the ``data`` of an event. Not wording: steps,
    ``explain`` and ``--json`` read event data, so such a survivor still counts; the score script
    only reports how many of the open survivors are of this kind."""
    try:
        found = _one_change(_parsed(original)[0], mutated)
    except (SyntaxError, IndexError):
        return False
    if found is None:
        return False
    for node, field, i, child in found[0]:
        if isinstance(node, ast.Call) and _call_name(node) in EVENT_CALLS:
            return (field == "args" and i == EVENT_DATA_POSITION) or (
                field == "keywords" and isinstance(child, ast.keyword) and child.arg == "data"
            )
    return False


def module_of(name: str) -> str:
    return re.split(r"\.x[_ǁ]", name, maxsplit=1)[0]


def score(
    found: dict[str, int | None] | None = None, presentation: Callable[[str], str | None] | None = None
) -> tuple[dict[str, Counter], list[str]]:
    """Per module: killed, survived, no tests, equivalent (listed), presentation, not run; and
    the survivors nobody has settled. By default from the live ``mutants/`` folder."""
    listed = load_equivalents()
    policies = tolerance_policies()
    if found is None:
        found = results(ROOT)
    if presentation is None:
        presentation = live_presentation(ROOT)
    table: dict[str, Counter] = defaultdict(Counter)
    open_survivors = []
    for name, code in found.items():
        row = table[module_of(name)]
        if code is None:
            row["not run"] += 1
        elif code in KILLED:
            row["killed"] += 1
            row["timed out"] += code in TIMED_OUT
        elif any(fnmatch.fnmatchcase(name, pattern) for pattern in policies):
            row["tolerance"] += 1  # either verdict allowed at exactly the tolerance
        elif any(fnmatch.fnmatchcase(name, pattern) for pattern, _ in listed):
            row["equivalent"] += 1
        elif presentation(name):
            row["presentation"] += 1  # can change how a ruling is worded, never the ruling
        elif code in (5, 33):
            row["no tests"] += 1
            open_survivors.append(name)
        else:
            row["survived"] += 1
            open_survivors.append(name)
    return table, open_survivors


def live_presentation(root: Path) -> Callable[[str], str | None]:
    """Why a mutant of ``mutants/`` touches presentation only: every line it changes matches a
    ``do_not_mutate_patterns`` entry (a run made before the pattern was added), or its change is
    wording on the syntax tree (``wording_only``)."""
    patterns = presentation_patterns(root)
    sources = Sources(root)

    def why(name: str) -> str | None:
        changed = sources.changed_lines(name)
        if changed and all(any(p.search(" " + line) for p in patterns) for line in changed):
            return "presentation line"
        return sources.wording(name)

    return why


# The recorded state: mutants/ is a scratch folder (gitignored, gone with a fresh clone), so a
# run's verdicts are kept in the repository, per function with the hash mutmut gave its source.
# A verdict stands only while the function's source is unchanged; --restore puts the standing
# ones back into a new mutants/ folder, so a later `mutmut run` tests only what is new.
SNAPSHOT = ROOT / "benchmarks" / "code_mutation_results.json"
SNAPSHOT_FORMAT = "rulecheck.code-mutation-results/1"


def _metas(root: Path):
    for meta in mutant_metas(root):
        module = str(meta.relative_to(root / "mutants")).removesuffix(".py.meta").replace("/", ".")
        yield meta, module.removesuffix(".__init__")


def save_snapshot(path: Path, root: Path = ROOT) -> int:
    old = load_snapshot(path)
    why = live_presentation(root)
    functions = {}
    for meta, module in _metas(root):
        data = json.loads(meta.read_text())
        for function, digest in data["hash_by_function_name"].items():
            key = f"{module}.{function}"
            before = old.get(key) if old.get(key, {}).get("hash") == digest else None
            codes, notes = (
                dict(before["codes"]) if before else {},
                dict(before.get("presentation", {})) if before else {},
            )
            numbers = set()
            for name, code in data["exit_code_by_key"].items():
                fn, _, number = name.rpartition("__mutmut_")
                if fn != key:
                    continue
                numbers.add(number)
                if code is not None:
                    codes[number] = code
                    if code not in KILLED and (reason := why(name)):
                        notes[number] = reason
            pending = sorted(numbers - set(codes), key=int)
            functions[key] = {"hash": digest, "codes": codes, "presentation": notes, "not_run": pending}
    path.write_text(json.dumps({"format": SNAPSHOT_FORMAT, "functions": functions}, sort_keys=True) + "\n")
    return sum(len(f["codes"]) for f in functions.values())


def load_snapshot(path: Path) -> dict[str, dict]:
    if not path.is_file():
        return {}
    doc = json.loads(path.read_text())
    if doc.get("format") != SNAPSHOT_FORMAT:
        raise SystemExit(f"{path}: not a {SNAPSHOT_FORMAT} file")
    return doc["functions"]


def snapshot_results(path: Path) -> tuple[dict[str, int | None], Callable[[str], str | None]]:
    functions = load_snapshot(path)
    found = {f"{key}__mutmut_{n}": code for key, f in functions.items() for n, code in f["codes"].items()}
    found |= {f"{key}__mutmut_{n}": None for key, f in functions.items() for n in f.get("not_run", [])}
    notes = {
        f"{key}__mutmut_{n}": why for key, f in functions.items() for n, why in f["presentation"].items()
    }
    return found, notes.get


def restore_snapshot(path: Path, root: Path = ROOT) -> int:
    """Put the recorded verdicts of unchanged functions into mutants/ (run when no mutmut runs)."""
    functions = load_snapshot(path)
    restored = 0
    for meta, module in _metas(root):
        data = json.loads(meta.read_text())
        for name, code in data["exit_code_by_key"].items():
            fn, _, number = name.rpartition("__mutmut_")
            saved = functions.get(fn)
            digest = data["hash_by_function_name"].get(fn[len(module) + 1 :])
            if code is None and saved and saved["hash"] == digest and number in saved["codes"]:
                data["exit_code_by_key"][name] = saved["codes"][number]
                restored += 1
        meta.write_text(json.dumps(data))
    return restored


def stale_equivalents(found: dict[str, int | None]) -> list[str]:
    """Entries of the equivalents list that no longer hold: a glob that names no mutant (the code
    moved and mutant numbers shifted), or a listed mutant the tests now kill (then it was never
    equivalent, or the numbers point at another mutant)."""
    out = []
    for pattern, _ in load_equivalents():
        names = [n for n in found if fnmatch.fnmatchcase(n, pattern)]
        module = module_of(pattern)
        if not names and any(module_of(n) == module for n in found):
            out.append(f"listed as equivalent, but no such mutant: {pattern}")
        out += [f"listed as equivalent, but killed: {n}" for n in names if found[n] in KILLED]
    return out


def own_operator_line(verdicts: dict[str, str], total: int) -> str:
    """The mutants of benchmarks/own_mutants.py (decorators, field defaults, module constants,
    which mutmut never makes): how many are judged, killed, listed as equivalent, surviving, and
    apart from the score those of a constant no code reads (``unread``, never run) and listed
    survivors of another kind (``limit_boundary``: an input limit moved by one, told apart only
    by an input exactly past it, which no test builds)."""
    kinds = {g: e.get("kind", "equivalent") for e in _entries() for g in _globs(e)}
    count = Counter()
    for name, verdict in verdicts.items():
        if verdict in ("killed", "timed out"):
            count["killed"] += 1
        elif verdict == "unread":
            count["unread"] += 1
        else:
            kind = next((k for pattern, k in kinds.items() if fnmatch.fnmatchcase(name, pattern)), "survived")
            count[kind] += 1
    run = count["killed"] + count["survived"]
    score = f"{100 * count['killed'] / run:.1f}%" if run else "-"
    return (
        f"own operators (benchmarks/own_mutants.py): {len(verdicts)} of {total} mutants judged: "
        f"{count['killed']} killed, {count['survived']} survived, {count['equivalent']} equivalent, "
        f"{count['limit_boundary']} limit boundaries, {count['unread']} of a constant no code reads; "
        f"score {score}"
    )


def _entries(path: Path = EQUIVALENTS) -> list[dict]:
    return yaml.safe_load(path.read_text()) or []


def _globs(entry: dict) -> list[str]:
    return entry["mutants"] if isinstance(entry["mutants"], list) else [entry["mutants"]]


def _own_operators() -> str:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import own_mutants

    return own_operator_line(own_mutants.standing(), len(own_mutants.all_mutants()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", action="store_true", help="list every unlisted survivor")
    parser.add_argument(
        "--diffs", metavar="MODULE_GLOB", help="print each unlisted survivor of these modules as a diff"
    )
    parser.add_argument(
        "--recorded", action="store_true", help=f"score the recorded state ({SNAPSHOT.name}), not mutants/"
    )
    parser.add_argument(
        "--save", action="store_true", help=f"record the verdicts of mutants/ in {SNAPSHOT.name}"
    )
    parser.add_argument(
        "--restore", action="store_true", help="put recorded verdicts of unchanged functions into mutants/"
    )
    args = parser.parse_args()
    if args.recorded:
        table, survivors = score(*snapshot_results(SNAPSHOT))
        status = _print(table, survivors, args, live=False)
        print(_own_operators())
        return status
    if not (ROOT / "mutants").is_dir():
        print("no mutants/ folder: run `mutmut run` first", file=sys.stderr)
        return 2
    if args.save:
        print(f"{save_snapshot(SNAPSHOT)} verdicts recorded in {SNAPSHOT.relative_to(ROOT)}")
        return 0
    if args.restore:
        print(f"{restore_snapshot(SNAPSHOT)} recorded verdicts put back into mutants/")
        return 0
    table, survivors = score()
    return _print(table, survivors, args, live=True)


def _print(table, survivors, args, live: bool) -> int:
    cols = ("killed", "survived", "no tests", "equivalent", "tolerance", "presentation", "not run")
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
    if total["timed out"]:
        print(
            f"of the killed, {total['timed out']} stopped at mutmut's CPU time limit (timeout_multiplier and "
            "timeout_constant in [tool.mutmut]) before the tests finished"
        )
    stale = stale_equivalents(results(ROOT)) if live else []
    for line in stale:
        print(line)
    if live and survivors:
        sources = Sources(ROOT)
        data_only = sum(sources.event_data(name) for name in survivors)
        print(
            f"of the {len(survivors)} open survivors and unreached mutants, {data_only} change only the data of "
            "a trace event (what --json and explain show; steps read some of it)"
        )
    if args.survivors:
        print("\n".join(survivors))
    if args.diffs and live:
        sources = Sources(ROOT)
        for name in survivors:
            if fnmatch.fnmatchcase(module_of(name), args.diffs):
                print("\n" + sources.diff(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
