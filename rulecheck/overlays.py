"""Rule overlays: YAML files that change a ruleset's parameters or interpretations.

ruleset: gundam_assemble
name: errata 1.1                # optional; defaults to the file name
description: a natural 1 no longer always misses
source: house rule               # where the change comes from; never claimed official without one
parameters: {natural_miss_face: 0}
interpretations: {los_choice_points: one_side}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulecheck.locations import corpus_root
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.ruleset_api import ruleset_names as rulesets
from rulecheck.source_yaml import InputError, load_yaml
from rules.rulebook import RulebookError

OVERLAY_KEYS = ("ruleset", "name", "description", "source", "parameters", "interpretations")


@dataclass(frozen=True)
class Overlay:
    file: str
    ruleset: str
    name: str
    description: str
    source: str
    parameters: dict
    interpretations: dict


def load_overlay(path: str | Path) -> Overlay:
    doc = load_yaml(path)
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), "an overlay is a mapping with ruleset, parameters and interpretations")
    for key in data:
        if key not in OVERLAY_KEYS:
            raise doc.error((key,), f"unknown key {key!r} (expected one of: {', '.join(OVERLAY_KEYS)})")
    ruleset = data.get("ruleset")
    if ruleset not in rulesets():
        raise doc.error(
            ("ruleset",), f"unknown ruleset {ruleset!r} (expected one of: {', '.join(rulesets())})"
        )
    for key in ("parameters", "interpretations"):
        if not isinstance(data.get(key) or {}, dict):
            raise doc.error((key,), "expected a mapping")
    overlay = Overlay(
        file=str(path),
        ruleset=ruleset,
        name=str(data.get("name") or Path(path).stem),
        description=str(data.get("description") or ""),
        source=str(data.get("source") or ""),
        parameters=dict(data.get("parameters") or {}),
        interpretations=dict(data.get("interpretations") or {}),
    )
    try:
        ruleset_named(ruleset).rulebook().with_changes(
            overlay.parameters, overlay.interpretations, overlay.name
        )
    except RulebookError as exc:
        raise doc.error(tuple(exc.field.split(".")), exc.message) from None
    return overlay


def find_overlay(text: str | Path, names, root: Path | None = None) -> str:
    """An overlay file as given, or, when no such file exists, the overlay of that name
    (``--rules crits_on_ten_only``) for one of the rulesets ``names``: the project's (the one
    governing ``root``, else the current folder; see ``rulecheck.project_files``) first, then the
    bundled one. A name found in neither is one line naming the folders searched. Every command
    that takes an overlay finds it so."""
    from rulecheck.project_files import find_file, project_of

    text = str(text)
    if Path(text).exists() or Path(text).is_symlink() or "/" in text:
        return text
    installed = set(rulesets())
    names = [n for n in names if n in installed]
    try:
        # a command run on the bundled corpus from inside a project still sees the project's
        project = (project_of(root) if root is not None else None) or project_of(None)
        return str(find_file("overlays", text, names, project, ".yaml").path)
    except InputError:
        # a project laid out as the bundled corpus is (rules/<ruleset>/overlays/, --root)
        for name in names:
            folder = ruleset_named(name).corpus(root or corpus_root()).overlays
            if folder is not None and (folder / f"{text}.yaml").is_file():
                return str(folder / f"{text}.yaml")
        if text.endswith((".yaml", ".yml")):
            return text  # a file name: load_overlay says it is not there
        raise


def rulebooks_for(names, overlay_files, root: Path | None = None):
    """The rulebooks in force: each ruleset's book with the overlays that name it applied (an
    overlay by path or by bundled name, see ``find_overlay``)."""
    books = {name: ruleset_named(name).rulebook() for name in names}
    for given in overlay_files:
        path = find_overlay(given, names, root)
        ov = load_overlay(path)
        if ov.ruleset not in books:
            raise InputError(
                path, None, "ruleset", f"this overlay is for {ov.ruleset}, not for {', '.join(books)}"
            )
        if ov.ruleset in books:
            books[ov.ruleset] = books[ov.ruleset].with_changes(ov.parameters, ov.interpretations, ov.name)
    return books
