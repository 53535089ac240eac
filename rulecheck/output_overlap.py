"""The one check that a run's outputs touch neither its inputs nor each other.

Every command that writes calls ``refuse_overlaps`` with every output path of the run and every
input path (files and folders) before anything is written. Paths are compared as the file
system sees them: resolved with symlinks followed, and an existing file or folder also by its
device and inode, so the same file reached through a hard link, a symlinked folder or another
spelling (``./r.out``, ``a/../r.out``) counts as the same. A refusal is one ``InputError``
(one line, exit 2):

* an output file may not be an input file, nor lie inside an input folder;
* an output folder (a site, explore's scenarios) may not be an input, contain one, or lie
  inside one;
* two outputs may not be the same file, nor one lie inside the other.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulecheck.source_yaml import InputError


@dataclass(frozen=True)
class Output:
    path: str | Path  # as the user gave it: the refusal names it so
    flag: str = ""  # "-o", "--junit-xml"; empty for a positional argument
    folder: bool = False  # a folder the run builds, rather than one file


@dataclass(frozen=True)
class Input:
    path: str | Path
    what: str  # how the refusal names it: "the scenario", "the corpus's features folder"


@dataclass(frozen=True)
class _Place:
    real: str  # resolved, symlinks followed
    ids: frozenset[tuple[int, int]]  # (st_dev, st_ino) of the path and of each existing folder above it
    own: tuple[int, int] | None  # (st_dev, st_ino) of the path itself, if it exists
    is_dir: bool
    links: int  # st_nlink of an existing file (a hard-linked file may be an input by another name)


def _place(path: str | Path) -> _Place:
    real = os.path.realpath(os.path.abspath(os.path.expanduser(str(path))))
    ids: set[tuple[int, int]] = set()
    own, is_dir, links = None, False, 0
    here = real
    while True:
        try:
            st = os.stat(here)
        except OSError:
            st = None
        if st is not None:
            ids.add((st.st_dev, st.st_ino))
            if here == real:
                own, is_dir, links = (st.st_dev, st.st_ino), os.path.isdir(real), st.st_nlink
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    return _Place(real, frozenset(ids), own, is_dir, links)


def _inside(inner: _Place, outer: _Place) -> bool:
    """``inner`` is ``outer`` or lies somewhere below it."""
    if os.path.commonpath([inner.real, outer.real]) == outer.real:
        return True
    return outer.own is not None and outer.own in inner.ids  # a bind mount, another name for it


def _same(a: _Place, b: _Place) -> bool:
    return a.real == b.real or (a.own is not None and a.own == b.own)


def _hard_link_in(folder: _Place, file: _Place) -> bool:
    """An existing file with other names: is one of them a file under the input folder?"""
    if file.own is None or file.is_dir or file.links < 2 or not folder.is_dir:
        return False
    for dirpath, _dirs, names in os.walk(folder.real):
        for name in names:
            try:
                st = os.stat(os.path.join(dirpath, name), follow_symlinks=False)
            except OSError:
                continue
            if (st.st_dev, st.st_ino) == file.own:
                return True
    return False


def _refuse(out: Output, message: str) -> None:
    raise InputError(out.path, None, out.flag, message)


def _named(item: Output | Input) -> str:
    if isinstance(item, Input):
        return f"{item.what} {str(item.path)!r}"
    return f"{item.flag} {str(item.path)!r}" if item.flag else f"{str(item.path)!r}"


def refuse_overlaps(outputs: Iterable[Output], inputs: Iterable[Input]) -> None:
    """Raise ``InputError`` for the first output that is, holds or lies in an input or another
    output of the same run. Outputs that are None are left out."""
    outs = [(o, _place(o.path)) for o in outputs if o.path is not None and str(o.path) != ""]
    ins = [(i, _place(i.path)) for i in inputs if i.path is not None and str(i.path) != ""]
    for out, o in outs:
        for inp, i in ins:
            if _same(o, i):
                _refuse(out, f"is {_named(inp)}, an input of this run; refusing to write over it")
            if _inside(o, i):
                _refuse(out, f"is inside {_named(inp)}, an input of this run; write somewhere else")
            if out.folder and _inside(i, o):
                _refuse(out, f"would hold {_named(inp)}, an input of this run; choose another folder")
            if not out.folder and i.is_dir and _hard_link_in(i, o):
                _refuse(
                    out,
                    f"is a hard link to a file in {_named(inp)}, an input of this run; "
                    "refusing to write over it",
                )
    for n, (out, o) in enumerate(outs):
        for other, p in outs[:n]:
            if _same(o, p):
                _refuse(out, f"is the same file as {_named(other)}; give each output its own path")
            if other.folder and _inside(o, p):
                _refuse(out, f"is inside the output folder {_named(other)}; give each output its own path")
            if out.folder and _inside(p, o):
                _refuse(out, f"would hold the output {_named(other)}; give each output its own path")


def corpus_inputs(
    root: str | Path, rulesets: Iterable[str] | None = None, overlays: Iterable = ()
) -> list[Input]:
    """What a corpus run (check, report, docs) reads: the feature files and scenario files (with
    the card files beside them), the step definitions and bindings, the rulebooks and overlays."""
    from rulecheck.locations import rules_dirs

    root = Path(root)
    found = [
        Input(root / "features", "the corpus's features folder"),
        Input(root / "scenarios", "the corpus's scenarios folder"),
        Input(root / "steps", "the corpus's step definitions"),
        Input(root / "conftest.py", "the corpus's conftest.py"),
    ]
    found += [Input(folder, "the rulebooks' folder") for folder in rules_dirs()]
    found += [Input(p, "a feature binding") for p in sorted((root / "tests").glob("test_features_*.py"))]
    if (root / "rules").is_dir():
        found.append(Input(root / "rules", "the project's rules folder"))
    # a ruleset that ships its own corpus (a package) says where it is, as the runner asks it
    from rulecheck.ruleset_api import ruleset, ruleset_names

    installed = ruleset_names()
    for name in [n for n in rulesets if n in installed] if rulesets else installed:
        corpus = ruleset(name).corpus(root)
        found += [Input(corpus.features, f"the {name} features folder")]
        found += [Input(p, f"the {name} {what}") for p, what in ((corpus.scenarios, "scenarios folder"),
                  (corpus.overlays, "overlays folder")) if p is not None]  # fmt: skip
        found += [Input(p, "a feature binding") for p in corpus.tests]
    found += [Input(o, "the overlay") for o in overlays]
    # a project of the user's own: its configuration and the folders it names are read too
    from rulecheck.project_config import FOLDER_KEYS, project_at

    config = project_at(root)
    if config is not None:
        found.append(Input(config.file, "the project's configuration"))
        found.append(Input(config.features_folder, "the project's features folder"))
        found += [Input(config.folder(k), f"the project's {k} folder") for k in FOLDER_KEYS]
    return found
