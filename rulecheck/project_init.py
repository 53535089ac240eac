"""``rulecheck init``: lay out a project folder of one's own rulings.

A config (``rulecheck.toml``, or a ``[tool.rulecheck]`` table added to the folder's existing
``pyproject.toml``), ``features/<ruleset>/`` with each ruleset's example (its optional
``example_project()`` hook), ``scenarios/``, ``cards/``, ``overlays/``, and a GitHub Actions
workflow. Nothing that exists is ever overwritten or changed (the pyproject.toml table aside,
which is appended, every existing byte kept, and refused when one is there): a file already
there is kept and reported as kept. Every refusal comes before anything is written, and a
failure while writing removes what this run made, and only that.
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulecheck import __version__
from rulecheck.input_files import read_input_text
from rulecheck.output_files import write_text
from rulecheck.project_config import CONFIG_FILE, FOLDER_KEYS, MAX_CONFIG_BYTES
from rulecheck.ruleset_api import distribution, example_project, ruleset, ruleset_names, unknown
from rulecheck.source_yaml import InputError

WORKFLOW = Path(".github/workflows/rulecheck.yml")
SHARDS = 4  # parts the explore and mutate jobs are split into, one CI machine each


@dataclass
class Plan:
    """What init will do, worked out in full before anything is written."""

    root: Path
    files: dict[Path, str] = field(default_factory=dict)  # relative path -> text, new files only
    folders: list[Path] = field(default_factory=list)  # relative, new folders only
    kept: list[Path] = field(default_factory=list)  # relative, already there: left as they are
    notes: list[str] = field(default_factory=list)
    pyproject_table: str | None = None  # text appended to pyproject.toml


def config_text(rulesets: list[str], table: bool = False) -> str:
    names = ", ".join(f'"{n}"' for n in rulesets)
    head = "[tool.rulecheck]\n" if table else ""
    keys = "\n".join(f'# {key} = "{key}"' for key in FOLDER_KEYS)
    return (
        f"{head}# rulecheck's configuration (written by rulecheck init; see rulecheck's docs/projects.md)\n"
        f"rulesets = [{names}]\n"
        "# The project's own scenario files, cards and overlays are found before the bundled ones,\n"
        "# in these folders (the defaults; a folder named here must exist):\n"
        f"{keys}\n"
    )


def workflow_text(rulesets: list[str]) -> str:
    """A GitHub Actions workflow: check (its JUnit and Cucumber reports kept), explore and mutate
    spread over a matrix of shards, and a job merging the shards' results."""
    packages = {"rulecheck": __version__}
    for name in rulesets:
        dist = distribution(name)
        if dist is not None:
            packages.setdefault(dist[0], dist[1])
    install = " ".join(f'"{package}=={version}"' for package, version in packages.items())
    shards = ", ".join(str(k) for k in range(1, SHARDS + 1))
    setup = f"""\
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - run: pip install {install}
"""

    def sharded(job: str, command: str) -> str:
        return f"""\
  {job}:
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [{shards}]
    steps:
{setup}      - run: {command} --shard ${{{{ matrix.shard }}}}/{SHARDS} --json -q > {job}-${{{{ matrix.shard }}}}.json
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: {job}-${{{{ matrix.shard }}}}
          path: {job}-${{{{ matrix.shard }}}}.json
"""

    return (
        f"""\
# Written by rulecheck init: every push and pull request runs the project's rulings. The
# explore and mutate work is split into {SHARDS} shards, one CI machine each, and merged at the end.
name: rulecheck
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
{setup}      - run: rulecheck check --junit-xml junit.xml --cucumber-json cucumber.json
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: rulecheck-reports
          path: |
            junit.xml
            cucumber.json
"""
        + sharded("explore", "rulecheck explore --all-interpretations")
        + sharded("mutate", "rulecheck mutate")
        + f"""\
  merge:
    needs: [explore, mutate]
    if: always()
    runs-on: ubuntu-latest
    steps:
{setup}      - uses: actions/download-artifact@v4
        with:
          pattern: explore-*
          merge-multiple: true
      - uses: actions/download-artifact@v4
        with:
          pattern: mutate-*
          merge-multiple: true
      - run: rulecheck merge-results explore-*.json
      - run: rulecheck merge-results mutate-*.json
"""
    )


def plan(folder: str | Path, rulesets: list[str] | None, pyproject: bool) -> Plan:
    """Everything init will write into ``folder``, checked; ``InputError`` for what it refuses."""
    given = str(folder)
    path = Path(folder)
    names = list(dict.fromkeys(rulesets or ruleset_names()))
    for name in names:
        if name not in ruleset_names():
            raise InputError("--ruleset", None, "", unknown(name))
    if path.is_symlink() and not _inside(path.resolve(), path.absolute().parent.resolve()):
        raise InputError(given, None, "", "is a symbolic link to a folder outside its own: refused")
    if path.exists() and not path.is_dir():
        raise InputError(given, None, "", "is a file; expected a folder to lay the project out in")
    root = path.resolve()
    if not root.exists() and not _writable(_existing_parent(root)):
        raise InputError(given, None, "", "cannot make this folder here: permission denied")
    if root.exists() and not _writable(root):
        raise InputError(given, None, "", "cannot write into this folder: permission denied")
    out = Plan(root)
    _plan_config(out, given, names, pyproject)
    for name in names:
        out.folders.append(Path("features", name))
        files = example_project(ruleset(name))
        if files is None:
            out.notes.append(f"{name}: the ruleset has no example; features/{name}/ is left empty")
        for rel, text in (files or {}).items():
            out.files[Path(rel)] = text
    out.folders += [Path(key) for key in FOLDER_KEYS]
    out.files[WORKFLOW] = workflow_text(names)
    _leave_what_exists(out, given)
    return out


def _plan_config(out: Plan, given: str, names: list[str], pyproject: bool) -> None:
    own = out.root / CONFIG_FILE
    project = out.root / "pyproject.toml"
    table = _has_table(project) if project.exists() or project.is_symlink() else False
    if not pyproject:
        if table and not own.exists():
            raise InputError(
                _join(given, "pyproject.toml"),
                None,
                "tool.rulecheck",
                "this folder's config is here already; a rulecheck.toml beside it would be a second",
            )
        out.files[Path(CONFIG_FILE)] = config_text(names)
        return
    if not (project.exists() or project.is_symlink()):
        raise InputError(
            _join(given, "pyproject.toml"), None, "", "no such file to add a [tool.rulecheck] table to"
        )
    if project.is_symlink():
        raise InputError(
            _join(given, "pyproject.toml"),
            None,
            "",
            "is a symbolic link: add the [tool.rulecheck] table by hand",
        )
    if table:
        raise InputError(_join(given, "pyproject.toml"), None, "tool.rulecheck", "a table is here already")
    if own.exists() or own.is_symlink():
        raise InputError(
            _join(given, CONFIG_FILE),
            None,
            "",
            "this folder's config is here already; a table would be a second",
        )
    text = read_input_text(project, MAX_CONFIG_BYTES, "a TOML file")
    addition = ("" if not text or text.endswith("\n") else "\n") + "\n" + config_text(names, table=True)
    try:  # the file as it will be must read back with the table in it
        after = tomllib.loads(text + addition)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(
            _join(given, "pyproject.toml"), None, "", f"a [tool.rulecheck] table cannot be added: {exc}"
        ) from None
    if after.get("tool", {}).get("rulecheck", {}).get("rulesets") != names:
        raise InputError(_join(given, "pyproject.toml"), None, "", "a [tool.rulecheck] table cannot be added")
    out.pyproject_table = addition


def _has_table(pyproject: Path) -> bool:
    from rulecheck.project_config import _tool_table  # the one reader: size, kind of file, TOML

    return _tool_table(pyproject) is not None


def _leave_what_exists(out: Plan, given: str) -> None:
    """Keep every file and folder that exists; refuse one that is in the way (a file where a
    folder goes) or a symbolic link leading out of the project."""
    for rel in [*out.folders, *out.files]:
        for depth in range(1, len(rel.parts) + 1):
            part = out.root.joinpath(*rel.parts[:depth])
            if part.is_symlink() and not _inside(part.resolve(), out.root):
                raise InputError(
                    _join(given, *rel.parts[:depth]),
                    None,
                    "",
                    "is a symbolic link out of the project: refused",
                )
        for depth in range(1, len(rel.parts)):
            part = out.root.joinpath(*rel.parts[:depth])
            if part.exists() and not part.is_dir():
                raise InputError(
                    _join(given, *rel.parts[:depth]), None, "", "is a file where init makes a folder"
                )
    for rel in list(out.folders):
        where = out.root / rel
        if where.exists() and not where.is_dir():
            raise InputError(_join(given, *rel.parts), None, "", "is a file where init makes a folder")
        if where.is_dir():
            out.folders.remove(rel)
    for rel in list(out.files):
        where = out.root / rel
        if where.exists() or where.is_symlink():
            if where.is_dir():
                raise InputError(_join(given, *rel.parts), None, "", "is a folder where init writes a file")
            del out.files[rel]
            out.kept.append(rel)


def write(out: Plan) -> list[str]:
    """Carry the plan out; the lines init prints. On a failure, what this run made is removed."""
    made: list[Path] = []
    lines = []
    try:
        for folder in [*reversed(out.root.parents), out.root]:
            if not folder.is_dir():
                folder.mkdir()
                made.append(folder)
        for rel in sorted(out.folders):
            _make_folders(out.root, rel, made)
            lines.append(f"  made  {rel}/")
        for rel in sorted(out.files):
            _make_folders(out.root, rel.parent, made)
            _write_new(out.root / rel, out.files[rel])
            made.append(out.root / rel)
            lines.append(f"  wrote {rel}")
        if out.pyproject_table is not None:
            project = out.root / "pyproject.toml"
            before = read_input_text(project, MAX_CONFIG_BYTES, "a TOML file")
            write_text(project, before + out.pyproject_table)
            lines.append("  added a [tool.rulecheck] table to pyproject.toml")
    except BaseException:
        for path in reversed(made):
            with contextlib.suppress(OSError):  # a folder someone else put a file into meanwhile stays
                path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
        raise
    lines += [f"  kept  {rel} (already there)" for rel in sorted(out.kept)]
    lines += [f"  note: {note}" for note in out.notes]
    return lines


def _make_folders(root: Path, rel: Path, made: list[Path]) -> None:
    where = root
    for part in rel.parts:
        where = where / part
        if not where.is_dir():
            where.mkdir()
            made.append(where)


def _write_new(path: Path, text: str) -> None:
    """A new file; never one that exists (O_EXCL: not even one made since the plan was checked)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    except FileExistsError:
        raise InputError(path, None, "", "appeared while init was writing: left as it is") from None
    try:
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]
    except OSError as exc:  # a full disk: one line naming the file, not an internal error
        if exc.filename is None:
            exc.filename = str(path)
        raise
    finally:
        os.close(fd)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or path.is_relative_to(folder)


def _existing_parent(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _join(given: str, *parts: str) -> str:
    return str(Path(given, *parts))
