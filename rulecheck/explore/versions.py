"""The two sides ``explore`` compares: each a rule version that can evaluate a position.

A side is one of

* ``book``: the ruleset as its rulebook.yaml has it;
* an overlay file, or the name of a bundled overlay (``rules/<ruleset>/overlays/NAME.yaml``);
* ``NAME=VALUE``: one interpretation set to one of its options, or one parameter changed (the
  value is read as YAML: ``critical_faces=[10]``, ``threshold_min=3``);
* the game at a git revision (``--rev REV``): the revision checked out into a temporary worktree,
  where a subprocess imports the ruleset's evaluator (its scenario format and its engine) and
  answers one position per line. The worktree goes away when the side is closed, whatever
  happened.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulecheck.corpus import PROJECT_ROOT
from rulecheck.explore import evaluate as evaluate_module
from rulecheck.input_files import read_input
from rulecheck.overlays import find_overlay, load_overlay
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.source_yaml import InputError
from rules.limits import MAX_YAML_BYTES
from rules.rulebook import RulebookError


@dataclass
class Side:
    """A rule version: changes to the book, evaluated here or by the engine at a revision."""

    label: str
    ruleset: str
    parameters: dict[str, Any] = field(default_factory=dict)
    interpretations: dict[str, str] = field(default_factory=dict)
    overlay: str | None = None  # a bundled overlay's name (scenarios can apply it by name)
    overlay_file: str | None = None
    rev: str | None = None
    _worker: Any = None

    @property
    def spec(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "parameters": self.parameters,
            "interpretations": self.interpretations,
            "overlay": self.overlay,
            "rev": self.rev,
        }

    def evaluate(self, kind: str, position: dict[str, Any]) -> dict[str, Any]:
        explorer = ruleset_named(self.ruleset).explore
        request = {
            "ruleset": self.ruleset,
            "kind": kind,
            "evaluator": explorer.evaluator(kind),
            "position": position,
            "parameters": self.parameters,
            "interpretations": self.interpretations,
        }
        if self._worker is not None:
            return self._worker.ask(request)
        return evaluate_module.evaluate(request, explorer.catalogue(), ruleset_named(self.ruleset).rulebook())

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def rulebook(self):
        return (
            ruleset_named(self.ruleset)
            .rulebook()
            .with_changes(self.parameters, self.interpretations, self.label)
        )


def _coerce(ruleset: str, name: str, text: str) -> tuple[str, Any]:
    book = ruleset_named(ruleset).rulebook()
    if name in book.interpretations:
        return "interpretations", text
    if name in book.parameters:
        try:
            value = yaml.safe_load(text)
        except yaml.YAMLError:
            raise InputError(f"{name}={text}", None, name, "the value is not YAML") from None
        old = book.param(name)
        if isinstance(old, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        return "parameters", value
    raise InputError(f"{name}={text}", None, name, f"no interpretation or parameter {name!r} in {ruleset}")


def overlays_dir(ruleset: str, root: Path = PROJECT_ROOT) -> Path | None:
    """Where the ruleset keeps its bundled overlays (its ``Corpus.overlays``), if anywhere."""
    return ruleset_named(ruleset).corpus(root).overlays


def bundled_overlays(ruleset: str, root: Path = PROJECT_ROOT) -> list[Path]:
    folder = overlays_dir(ruleset, root)
    return sorted(folder.glob("*.yaml")) if folder is not None else []


def parse_side(text: str, ruleset: str, root: Path = PROJECT_ROOT) -> Side:
    """``book``, an overlay file or bundled overlay name, or ``NAME=VALUE``."""
    if text == "book":
        return Side(f"{ruleset} as the book has it", ruleset)
    if "=" in text and not Path(text).exists():
        name, _, value = text.partition("=")
        section, coerced = _coerce(ruleset, name.strip(), value.strip())
        side = Side(f"{name.strip()}={value.strip()}", ruleset, **{section: {name.strip(): coerced}})
        try:
            side.rulebook()
        except RulebookError as exc:
            raise InputError(text, None, exc.field, exc.message) from None
        return side
    path = Path(find_overlay(text, [ruleset], root))
    folder = overlays_dir(ruleset, root)
    if not path.is_file() and not (path.exists() or path.is_symlink()):
        raise InputError(text, None, "", "not 'book', NAME=VALUE, an overlay file or a bundled overlay name")
    # Something by that name that is not a regular file (a folder, a pipe): load_overlay's reader
    # says so, rather than "not an overlay file".
    ov = load_overlay(path)
    if ov.ruleset != ruleset:
        raise InputError(text, None, "ruleset", f"this overlay is for {ov.ruleset}, not {ruleset}")
    is_bundled = folder is not None and path.resolve().parent == folder.resolve()
    return Side(
        f'overlay "{ov.name}"',
        ruleset,
        dict(ov.parameters),
        dict(ov.interpretations),
        overlay=path.stem if is_bundled else None,
        overlay_file=str(path),
    )


# --- the engine at another revision ------------------------------------------------------------


class RevisionWorker:
    """The evaluator running on a revision's engine, in a subprocess, one JSON line each way."""

    def __init__(self, root: Path, rev: str, catalogue: Path | None, needs: tuple[Path, ...] = ()):
        """``needs``: the files (relative to ``root``) the revision must hold, its evaluators'."""
        from rulecheck.ruling_diff import _git, _remove_worktree, resolve_revision

        # The worker opens the card file with a plain open() (it runs on another revision's
        # code): check it here, where a pipe or a folder is refused instead of hanging it.
        if catalogue is not None:
            read_input(catalogue, MAX_YAML_BYTES, "a card file")
        self.root = root
        self.sha = resolve_revision(root, rev)
        self.tmp = Path(tempfile.mkdtemp(prefix="rulecheck-explore-rev-"))
        self._remove = _remove_worktree
        self.proc: subprocess.Popen | None = None
        try:
            tree = self.tmp / "tree"
            _git(root, "worktree", "add", "--detach", "--quiet", str(tree), self.sha)
            for path in needs:
                if not (tree / path).is_file():
                    raise InputError(
                        "--rev",
                        None,
                        "",
                        f"{rev} ({self.sha[:10]}) has no {path.as_posix()}, the evaluator explore runs",
                    )
            script = self.tmp / "explore_evaluate.py"
            shutil.copyfile(evaluate_module.__file__, script)
            env = {"PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"}
            self.proc = subprocess.Popen(
                [sys.executable, str(script), *([str(catalogue)] if catalogue else [])],
                cwd=tree,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except BaseException:
            self.close()
            raise

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            err = (self.proc.stderr.read() if self.proc.stderr else "").strip().splitlines()[-1:] or [
                "no output"
            ]
            raise InputError("--rev", None, "", f"the engine at {self.sha[:10]} stopped: {err[0][:300]}")
        return json.loads(line)

    def close(self) -> None:
        if self.proc is not None:
            try:
                if self.proc.stdin:
                    self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (subprocess.TimeoutExpired, OSError):
                self.proc.kill()
                self.proc.wait()
            for stream in (self.proc.stdout, self.proc.stderr):
                if stream:
                    stream.close()
            self.proc = None
        self._remove(self.root, self.tmp)


def _source_in(root: Path, module: str) -> Path | None:
    """Where ``module``'s source lies in the project ``root`` at its import path (so a checkout
    of ``root`` first on ``sys.path`` imports it), relative to ``root``; None when the project
    has no such file (the module is an installed package's own)."""
    for path in (Path(*module.split(".")).with_suffix(".py"), Path(*module.split("."), "__init__.py")):
        if (root / path).is_file():
            return path
    return None


def at_revision(side: Side, rev: str, root: Path = PROJECT_ROOT) -> Side:
    """``side``'s rule changes, ruled on by the game at ``rev``: its evaluators (``module:function``,
    modules of the project) imported from that revision's checkout."""
    explorer = ruleset_named(side.ruleset).explore
    catalogue = explorer.catalogue_path(root)
    if catalogue is not None:  # a card file that cannot be read is the first thing to say
        read_input(catalogue, MAX_YAML_BYTES, "a card file")
    modules = {explorer.evaluator(kind).partition(":")[0] for kind in explorer.kinds}
    sources = [_source_in(root, module) for module in sorted(modules)]
    if None in sources:
        raise InputError(
            "--rev",
            None,
            "",
            f"{side.ruleset}'s engine is in a package of its own, which no revision of {root} holds: "
            "compare rule versions instead",
        )
    worker = RevisionWorker(root, rev, catalogue, tuple(p for p in sources if p))
    label = f"the engine at {rev} ({worker.sha[:10]})"
    if side.parameters or side.interpretations:
        label += f" under {side.label}"
    return Side(
        label,
        side.ruleset,
        side.parameters,
        side.interpretations,
        side.overlay,
        side.overlay_file,
        rev,
        worker,
    )
