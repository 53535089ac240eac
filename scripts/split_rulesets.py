"""Split the two bundled games out of ``rules/``, ``rulecheck/`` and ``steps/`` into one package each.

Usage (from the repository root, on a clean tree)::

    python scripts/split_rulesets.py            # move and rewrite, then print what it did
    python scripts/split_rulesets.py --dry-run  # print what it would do, change nothing
    python scripts/split_rulesets.py --readme   # README.md too (left alone by default)

Every file that is wholly one game's moves with ``git mv`` into ``rulecheck_<game>/`` (the rules
below say where), and every reference to an old module name or file path in the repository's text
files is rewritten to the new one. The rules are patterns, not lists, so a file added at an old
place since the script was written (``rulecheck/rulesets/multibase_x.py``, a scenario in
``scenarios/gundam_assemble/``, a module in ``rules/gundam_assemble/``) moves too.

Running it again changes nothing: nothing is left at an old place, and a rewritten name cannot
match an old pattern (every pattern refuses a match preceded by a letter, a dot or a slash, so
``rulecheck_multibase/scenarios/multibase`` is not ``scenarios/multibase``).

It ends with every reference to an old place it did not rewrite: a path spelled in pieces
(``ROOT / "scenarios" / "multibase"``), an import of several moved modules in one line, a path in
a file it leaves alone (README.md, CHANGELOG.md: history and the lead's text). Exit status 1 when
a move would overwrite a file (nothing is changed then), else 0.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

GAMES = ("gundam_assemble", "multibase")

# The module named after the game alone (steps/multibase.py) gets this name in the package's steps.
MAIN_STEPS = {"gundam_assemble": "game", "multibase": "attack"}

# Single files of one game that live outside the game-named places: old path -> new path.
SINGLE_FILES = {
    "rulecheck/card_plugins.py": "rulecheck_gundam_assemble/card_plugins.py",
    "rulecheck/diagram_hex.py": "rulecheck_gundam_assemble/diagram.py",
    "rulecheck/explore/ga_attacks.py": "rulecheck_gundam_assemble/explore_attacks.py",
    "rulecheck/diagram_multibase.py": "rulecheck_multibase/diagram.py",
}

# Text files never rewritten: the history (CHANGELOG.md), the lead's README, this script and its test.
# Their old references are listed at the end instead.
NOT_REWRITTEN = {"CHANGELOG.md", "README.md", "scripts/split_rulesets.py", "tests/test_split_rulesets.py"}

# Files that describe a user's own project, where features/<game>/ and scenarios/<game>/ are the
# project's folders (rulecheck init writes them), not the bundled corpus: a bare folder name there
# stays; a path to one of the bundled files is still rewritten.
PROJECT_LAYOUT_FILES = {
    "rulecheck/rulesets/example_projects.py",
    "rulecheck/rulesets/__init__.py",
    "rulecheck/project_files.py",
    "rulecheck/project_config.py",
    "docs/projects.md",
    "docs/tutorial.md",
}


def user_layout(path: str) -> bool:
    """Whether ``path`` describes a user's project: the tests build projects in temporary folders
    (``# setup: mkdir features/multibase``, "expected under features/multibase" in a message)."""
    return path in PROJECT_LAYOUT_FILES or (
        path.startswith("tests/") and not path.startswith("tests/test_features_")
    )


TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".toml",
    ".yaml",
    ".yml",
    ".json",
    ".feature",
    ".txt",
    ".cfg",
    ".ini",
    ".in",
    ".sh",
    "",
}

NOT_AFTER = r"(?<![\w./-])"  # a name or path starts here, not inside a longer one


def move_rules() -> list[tuple[re.Pattern[str], str]]:
    """(pattern over a whole repository path, replacement): where each game's file goes."""
    rules: list[tuple[re.Pattern[str], str]] = []
    for old, new in SINGLE_FILES.items():
        rules.append((re.compile("^" + re.escape(old) + "$"), new))
    for g in GAMES:
        pkg = f"rulecheck_{g}"
        rules += [
            (re.compile(rf"^rules/{g}/(.+)$"), rf"{pkg}/engine/\1"),
            (re.compile(rf"^rulecheck/rulesets/{g}\.py$"), f"{pkg}/ruleset.py"),
            (re.compile(rf"^rulecheck/rulesets/{g}_(\w+)\.py$"), rf"{pkg}/\1.py"),
            (re.compile(rf"^steps/{g}\.py$"), f"{pkg}/steps/{MAIN_STEPS[g]}.py"),
            (re.compile(rf"^steps/{g}_(\w+)\.py$"), rf"{pkg}/steps/\1.py"),
            (re.compile(rf"^features/{g}/(.+)$"), rf"{pkg}/features/{g}/\1"),
            (re.compile(rf"^scenarios/{g}/(.+)$"), rf"{pkg}/scenarios/{g}/\1"),
            (re.compile(rf"^rulecheck/schemas/({g}\.[\w.]+\.json)$"), rf"{pkg}/schemas/\1"),
        ]
    return rules


def module_rules() -> list[tuple[re.Pattern[str], str]]:
    """(pattern, replacement) over dotted module names, in imports, strings and result keys."""
    end = r"(?!\w)"
    rules: list[tuple[re.Pattern[str], str]] = []
    for old, new in SINGLE_FILES.items():
        rules.append((re.compile(NOT_AFTER + re.escape(dotted(old)) + end), dotted(new)))
    for g in GAMES:
        pkg = f"rulecheck_{g}"
        rules += [
            (re.compile(rf"{NOT_AFTER}rules\.{g}{end}"), f"{pkg}.engine"),
            (re.compile(rf"{NOT_AFTER}rulecheck\.rulesets\.{g}{end}"), f"{pkg}.ruleset"),
            (re.compile(rf"{NOT_AFTER}rulecheck\.rulesets\.{g}_(\w+)"), rf"{pkg}.\1"),
            (re.compile(rf"{NOT_AFTER}steps\.{g}{end}"), f"{pkg}.steps.{MAIN_STEPS[g]}"),
            (re.compile(rf"{NOT_AFTER}steps\.{g}_(\w+)"), rf"{pkg}.steps.\1"),
        ]
    return rules


def path_rules(bare_folders: bool) -> list[tuple[re.Pattern[str], str]]:
    """(pattern, replacement) over file paths written in text. ``bare_folders``: also a folder
    named alone (``features/multibase/`` with no file after it)."""
    end = r"(?![\w-])"
    rules: list[tuple[re.Pattern[str], str]] = []
    for old, new in SINGLE_FILES.items():
        rules.append((re.compile(NOT_AFTER + re.escape(old) + end), new))
    for g in GAMES:
        pkg = f"rulecheck_{g}"
        # A path to something inside a game's folder, when the bundled corpus has that thing (or
        # a wildcard stands there): a user's project has folders of the same names.
        inside = r"/([\w.*{}-]+)"
        rules += [
            (re.compile(rf"{NOT_AFTER}rules/{g}{inside}"), bundled(f"rules/{g}", f"{pkg}/engine")),
            (
                re.compile(rf"{NOT_AFTER}features/{g}{inside}"),
                bundled(f"features/{g}", f"{pkg}/features/{g}"),
            ),
            (
                re.compile(rf"{NOT_AFTER}scenarios/{g}{inside}"),
                bundled(f"scenarios/{g}", f"{pkg}/scenarios/{g}"),
            ),
            (re.compile(rf"{NOT_AFTER}rulecheck/rulesets/{g}\.py{end}"), f"{pkg}/ruleset.py"),
            (re.compile(rf"{NOT_AFTER}rulecheck/rulesets/{g}_(\w+)\.py{end}"), rf"{pkg}/\1.py"),
            (re.compile(rf"{NOT_AFTER}steps/{g}\.py{end}"), f"{pkg}/steps/{MAIN_STEPS[g]}.py"),
            (re.compile(rf"{NOT_AFTER}steps/{g}_(\w+)\.py{end}"), rf"{pkg}/steps/\1.py"),
            (re.compile(rf"{NOT_AFTER}rulecheck/schemas/({g}\.[\w.]+\.json)"), rf"{pkg}/schemas/\1"),
        ]
        # a relative link from docs/ (../scenarios/<game>/X.yaml)
        rules += [
            (re.compile(rf"(?<![\w.])\.\./(features|scenarios)/{g}/"), rf"../{pkg}/\1/{g}/"),
            (re.compile(rf"(?<![\w.])\.\./rules/{g}/"), f"../{pkg}/engine/"),
            (re.compile(rf"(?<![\w.])\.\./rulecheck/schemas/({g}\.[\w.]+\.json)"), rf"../{pkg}/schemas/\1"),
        ]
        # an installed wheel's copy of the corpus (ci/run-wheel): now in the game's package
        rules.append((re.compile(rf"rulecheck/bundled/(features|scenarios)/{g}(?=/)"), rf"{pkg}/\1/{g}"))
        # tests/bad_inputs headers name a bundled scenario as {scenarios}/<game>/NAME.yaml
        rules.append((re.compile(rf"\{{scenarios\}}/{g}(?=/)"), f"{{{g}_scenarios}}"))
        # The repository's root in Python (ROOT, or the parent of tests/), the path in pieces.
        base = r"(\bROOT / |\.parent\.parent / )"
        rules += [
            (re.compile(rf'{base}"rules" / "{g}"(?!\w)'), rf'\1"{pkg}" / "engine"'),
            (re.compile(rf'{base}"(features|scenarios)" / "{g}"'), rf'\1"{pkg}" / "\2" / "{g}"'),
        ]
        if bare_folders:  # the folder alone, with nothing inside it named after it
            alone = r"(?![\w-])(?!/[\w.*{}<-])"
            rules += [
                (re.compile(rf"{NOT_AFTER}rules/{g}{alone}"), f"{pkg}/engine"),
                (re.compile(rf"{NOT_AFTER}features/{g}{alone}"), f"{pkg}/features/{g}"),
                (re.compile(rf"{NOT_AFTER}scenarios/{g}{alone}"), f"{pkg}/scenarios/{g}"),
            ]
    return rules


def bundled(old: str, new: str):
    """A replacement of ``old/NAME`` by ``new/NAME`` where the bundled corpus has NAME (at either
    place: a dry run has not moved it) or NAME is a wildcard; otherwise the text stays."""

    def replace(m: re.Match[str]) -> str:
        name = m.group(1).rstrip(".")  # a sentence's full stop is not part of the name
        if "*" in name or "{" in name or Path(new, name).exists() or Path(old, name).exists():
            return f"{new}/{m.group(1)}"
        return m.group(0)

    return replace


def dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


# `from rulecheck.rulesets import gundam_assemble_explain [as x], ...` on one line: the imported
# names may be moved modules, whose new name differs from the old; the local name stays.
FROM_IMPORT = re.compile(
    r"^([ \t]*)from[ \t]+([\w.]+)[ \t]+import[ \t]+(\w+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*\w+(?:[ \t]+as[ \t]+\w+)?)*)([ \t]*#.*)?$",
    re.M,
)


def rewrite_from_imports(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        indent, parent, names, comment = m.group(1), m.group(2), m.group(3), m.group(4) or ""
        by_parent: dict[str, list[str]] = {}
        for item in names.split(","):
            name, _, alias = (part.strip() for part in item.strip().partition(" as "))
            new_parent, _, new_name = rename_module(f"{parent}.{name}").rpartition(".")
            local = alias or name
            by_parent.setdefault(new_parent, []).append(
                new_name if new_name == local else f"{new_name} as {local}"
            )
        if list(by_parent) == [parent]:
            return m.group(0)
        return "\n".join(
            f"{indent}from {p} import {', '.join(items)}{comment if i == 0 else ''}"
            for i, (p, items) in enumerate(by_parent.items())
        )

    return FROM_IMPORT.sub(one, text)


def rename_module(name: str) -> str:
    for pattern, replacement in MODULE_RULES:
        name = pattern.sub(replacement, name)
    return name


MOVE_RULES = move_rules()
MODULE_RULES = module_rules()
PATH_RULES = path_rules(bare_folders=True)
FILE_PATH_RULES = path_rules(bare_folders=False)

# What is left over: an old place named in a way no rule rewrote.
LEFTOVER = re.compile(
    (
        NOT_AFTER + r"(?:rules[./](?:GAME)\b|rulecheck[./]rulesets[./](?:GAME)\w*|steps[./](?:GAME)\w*"
        r"|(?:features|scenarios)/(?:GAME)\b|rulecheck[./](?:card_plugins|diagram_hex|diagram_multibase)\b"
        r"|rulecheck[./]explore[./]ga_attacks\b|rulecheck/schemas/(?:GAME)\."
        r"|\bROOT / \"(?:features|scenarios)\"(?! / \"rulecheck_)|\"rules\" / \w+ / \"overlays\""
        r"|\"rulesets\"\s*/\s*\"(?:GAME)|(?<!\" / )\"(?:rules|features|scenarios)\"\s*/\s*\"(?:GAME)\""
        r"|from\s+(?:rulecheck\.rulesets|steps|rulecheck\.explore|rulecheck)\s+import\s+[^\n]*\b(?:GAME|card_plugins|diagram_hex|diagram_multibase|ga_attacks)\w*)"
    ).replace("GAME", "|".join(GAMES))
)


KEEP = "split_rulesets: keep"  # a line holding this is left as it is (a path as results show it)


def rewrite(text: str, path: str) -> str:
    if KEEP in text:
        lines = text.splitlines(keepends=True)
        return "".join(line if KEEP in line else rewrite_text(line, path) for line in lines)
    return rewrite_text(text, path)


def rewrite_text(text: str, path: str) -> str:
    text = rewrite_from_imports(text)
    for pattern, replacement in MODULE_RULES:
        text = pattern.sub(replacement, text)
    for pattern, replacement in FILE_PATH_RULES if user_layout(path) else PATH_RULES:
        text = pattern.sub(replacement, text)
    return text


@dataclass
class Report:
    moved: list[tuple[str, str]] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    rewritten: dict[str, int] = field(default_factory=dict)
    leftovers: list[tuple[str, int, str]] = field(default_factory=list)
    clashes: list[tuple[str, str]] = field(default_factory=list)


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def repository_files() -> list[str]:
    """Tracked files and new ones not ignored (someone's file not yet added moves too)."""
    listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    return sorted({p for p in listed if p and Path(p).is_file()})


def new_place(path: str) -> str | None:
    for pattern, replacement in MOVE_RULES:
        if pattern.match(path):
            return pattern.sub(replacement, path)
    return None


def plan_moves(files: list[str]) -> list[tuple[str, str]]:
    return [(p, new) for p in files if (new := new_place(p)) is not None]


def package_inits(moves: list[tuple[str, str]], files: list[str]) -> list[str]:
    """The ``__init__.py`` files the new packages need (the engine brings its own)."""
    present = {new for _, new in moves} | set(files)
    wanted = []
    for g in GAMES:
        pkg = f"rulecheck_{g}"
        if any(new.startswith(pkg + "/") for new in present):
            wanted.append(f"{pkg}/__init__.py")
        if any(new.startswith(f"{pkg}/steps/") for new in present):
            wanted.append(f"{pkg}/steps/__init__.py")
    return [w for w in wanted if w not in present]


INIT_TEXT = {
    "__init__.py": '"""{title}: the game\'s whole package for rulecheck (its engine, scenario format, steps and corpus)."""\n',
    "steps/__init__.py": '"""{title}\'s pytest-bdd step definitions: thin translation from Gherkin to engine calls."""\n',
}
TITLES = {"gundam_assemble": "Gundam Assemble", "multibase": "Multibase"}


def init_text(path: str) -> str:
    pkg, _, rest = path.partition("/")
    return INIT_TEXT[rest].format(title=TITLES[pkg.removeprefix("rulecheck_")])


def is_text(path: str) -> bool:
    p = Path(path)
    return p.suffix in TEXT_SUFFIXES and not p.name.startswith(".") or path.startswith(("ci/", ".ci/"))


def ensure_list_entries(text: str, key: str, wanted: list[str]) -> str:
    """``key = [...]`` (one line) in pyproject.toml with ``wanted`` added, each once."""
    m = re.search(rf"^{re.escape(key)} = \[(.*)\]$", text, re.M)
    if m is None:
        return text
    items = re.findall(r'"([^"]*)"', m.group(1))
    added = items + [w for w in wanted if w not in items]
    if added == items:
        return text
    return text[: m.start()] + f"{key} = [" + ", ".join(f'"{i}"' for i in added) + "]" + text[m.end() :]


def drop_list_entries(text: str, key: str, unwanted: list[str]) -> str:
    """``key = [...]`` (one line) in pyproject.toml without ``unwanted``."""
    m = re.search(rf"^{re.escape(key)} = \[(.*)\]$", text, re.M)
    if m is None:
        return text
    items = re.findall(r'"([^"]*)"', m.group(1))
    kept = [i for i in items if i not in unwanted]
    if kept == items:
        return text
    return text[: m.start()] + f"{key} = [" + ", ".join(f'"{i}"' for i in kept) + "]" + text[m.end() :]


def beside_engine(package: str) -> list[str]:
    """Every file and folder of a game's package but its engine (and caches), as also_copy names them."""
    folder = Path(package)
    if not folder.is_dir():
        return []
    return [
        f"{package}/{p.name}" + ("/" if p.is_dir() else "")
        for p in sorted(folder.iterdir())
        if p.name not in ("engine", "__pycache__")
    ]


def engine_contract(text: str, package: str) -> str:
    """The forbidden modules of the contract whose source is ``package``'s engine: the toolkit,
    the steps, and every module of the package beside its engine (import-linter cannot say "the
    package but its engine", so a module added beside the engine must be listed)."""
    m = re.search(
        rf'^source_modules = \["{package}\.engine"\]\nforbidden_modules = \[\n(.*?)^\]', text, re.M | re.S
    )
    folder = Path(package)
    if m is None or not folder.is_dir():
        return text
    beside = sorted(
        f"{package}.{p.stem if p.is_file() else p.name}"
        for p in folder.iterdir()
        if p.name not in ("engine", "__init__.py", "__pycache__")
        and (p.suffix == ".py" or (p / "__init__.py").is_file())
    )
    listed = "".join(f'    "{name}",\n' for name in ["rulecheck", "steps", *beside])
    return text[: m.start(1)] + listed + text[m.end(1) :]


def update_pyproject(text: str) -> str:
    """Package data and the code-mutation configuration of the new packages."""
    pkgs = [f"rulecheck_{g}" for g in GAMES]
    for package in pkgs:
        text = engine_contract(text, package)
    text = ensure_list_entries(text, "source_paths", ["rules/", *(f"{p}/engine/" for p in pkgs)])
    # mutmut copies also_copy over mutants/ on every run: a game's engine (mutated there) must not
    # be among them, so each package's other parts are listed one by one.
    text = drop_list_entries(text, "also_copy", ["features/", "scenarios/", *(f"{p}/" for p in pkgs)])
    text = ensure_list_entries(text, "also_copy", [part for p in pkgs for part in beside_engine(p)])
    text = ensure_list_entries(text, '"*"', ["*.yaml", "*.json", "*.feature"])
    text = ensure_list_entries(text, "root_packages", pkgs)
    return text


def tidy_imports(paths: list[str]) -> None:
    """Sort the rewritten imports and re-wrap the lines (ruff, as the project's lint wants),
    when ruff is at hand; without it the rewrite stands, unsorted."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not paths or not Path(ruff).exists():
        return
    subprocess.run([ruff, "check", "-q", "--select", "I", "--fix", *paths], check=False)
    subprocess.run([ruff, "format", "-q", *paths], check=False)


OWN_MUTANTS = "benchmarks/own_mutation_results.json"


def rehash_own_mutants(sources_before: dict[str, str]) -> None:
    """benchmarks/own_mutation_results.json keeps a verdict while its module's source hash holds.
    A module whose rewrite changed only import lines, line for line, keeps every mutant at its
    line and column: its verdicts are re-keyed to the new hash (others go stale, as they should)."""
    path = Path(OWN_MUTANTS)
    if not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    files = {dotted(p).removesuffix(".__init__"): p for p in sources_before if p.endswith(".py")}
    changed = False
    for record in data.get("mutants", {}).values():
        file = files.get(record.get("module"))
        if file is None:
            continue
        old, new = sources_before[file], Path(file).read_text(encoding="utf-8")
        if record.get("hash") != short_hash(old.encode()) or not only_imports_differ(old, new):
            continue
        record["hash"] = short_hash(new.encode())
        changed = True
    if changed:
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]  # as benchmarks/own_mutants.py's source_hash


def only_imports_differ(old: str, new: str) -> bool:
    a, b = old.splitlines(), new.splitlines()
    return len(a) == len(b) and all(
        x == y
        or (x.lstrip().startswith(("from ", "import ")) and y.lstrip().startswith(("from ", "import ")))
        for x, y in zip(a, b, strict=True)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="print what would change; change nothing")
    parser.add_argument(
        "--readme", action="store_true", help="rewrite README.md too (its commands name bundled files)"
    )
    args = parser.parse_args(argv)
    os.chdir(git("rev-parse", "--show-toplevel").strip())
    report = Report()
    files = repository_files()
    moves = plan_moves(files)
    existing = set(files)
    report.clashes = [(old, new) for old, new in moves if new in existing]
    if report.clashes:
        for old, new in report.clashes:
            print(f"split_rulesets: {old}: would overwrite {new}; nothing changed", file=sys.stderr)
        return 1
    tracked = set(git("ls-files", "-z").split("\0"))
    for old, new in moves:
        report.moved.append((old, new))
        if args.dry_run:
            continue
        Path(new).parent.mkdir(parents=True, exist_ok=True)
        if old in tracked:
            git("mv", old, new)
        else:
            Path(old).rename(new)
    for init in package_inits(moves, files):
        report.created.append(init)
        if not args.dry_run:
            Path(init).parent.mkdir(parents=True, exist_ok=True)
            Path(init).write_text(init_text(init), encoding="utf-8")
            git("add", init)
    if not args.dry_run:
        for old, _ in moves:  # folders the moves emptied (rules/gundam_assemble/overlays, ...)
            folder = Path(old).parent
            while folder != Path(".") and folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
                folder = folder.parent
    renamed = dict(moves)
    source_of = {new: old for old, new in moves}  # a dry run reads a file at its old place
    sources_before: dict[str, str] = {}
    for path in [renamed.get(p, p) for p in files] + report.created:
        if (path in NOT_REWRITTEN and not (args.readme and path == "README.md")) or not is_text(path):
            continue
        try:
            before = Path(path if not args.dry_run else source_of.get(path, path)).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        after = rewrite(before, path)
        if path == "pyproject.toml":
            after = update_pyproject(after)
        if after != before:
            sources_before[path] = before
            report.rewritten[path] = sum(
                a != b for a, b in zip(before.splitlines(), after.splitlines(), strict=False)
            )
            if not args.dry_run:
                Path(path).write_text(after, encoding="utf-8")
    if not args.dry_run:
        tidy_imports([p for p in report.rewritten if p.endswith(".py")])
        rehash_own_mutants(sources_before)
    for path in [renamed.get(p, p) for p in files]:
        if not is_text(path) or path in ("scripts/split_rulesets.py", "tests/test_split_rulesets.py"):
            continue
        try:
            text = Path(path if not args.dry_run else source_of.get(path, path)).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        if args.dry_run and (path not in NOT_REWRITTEN or (args.readme and path == "README.md")):
            text = rewrite(text, path)
        for n, line in enumerate(text.splitlines(), 1):
            if LEFTOVER.search(line):
                report.leftovers.append((path, n, line.strip()))
    print_report(report, args.dry_run)
    return 0


def print_report(report: Report, dry_run: bool) -> None:
    verb = "would move" if dry_run else "moved"
    print(f"split_rulesets: {verb} {len(report.moved)} files")
    for old, new in report.moved:
        print(f"  {old} -> {new}")
    for path in report.created:
        print(f"  created {path}")
    print(f"split_rulesets: {'would rewrite' if dry_run else 'rewrote'} {len(report.rewritten)} files")
    for path, lines in sorted(report.rewritten.items()):
        print(f"  {path}: {lines} lines")
    print(f"split_rulesets: {len(report.leftovers)} references to an old place not rewritten")
    for path, n, line in report.leftovers:
        print(f"  {path}:{n}: {line[:160]}")


if __name__ == "__main__":
    sys.exit(main())
