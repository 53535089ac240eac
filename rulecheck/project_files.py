"""The one lookup of a file a project names: its own folder first, then the bundled one.

A scenario file (``Given the scenario "NAME"``), an overlay (``Given the house rule "NAME"``,
``--rules NAME``) or a card file (a scenario's ``cards:``) named in a project's feature or on the
command line is looked for in the project's folder of that kind (the config's ``scenarios``,
``overlays`` and ``cards`` keys, by default the folders of those names beside the config), then
in the ruleset's bundled folder. The project is the one whose config governs the file that names
the thing (a feature, a scenario file) or, on the command line, the current folder; the bundled
corpus's own files belong to no project, so the book's rulings never read a project's files.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from rulecheck.locations import corpus_root
from rulecheck.project_config import ProjectConfig, find_config
from rulecheck.ruleset_api import GROUP
from rulecheck.ruleset_api import find as find_ruleset
from rulecheck.source_yaml import InputError

NOUNS = {"scenarios": "scenario file", "overlays": "overlay", "cards": "card file"}


def project_of(origin: str | Path | None) -> ProjectConfig | None:
    """The project a file (or, for a folder, the folder) belongs to; None for the bundled corpus's
    own files and for a place no config governs. ``origin`` None: the current folder."""
    place = Path.cwd() if origin is None else Path(origin).resolve()
    if _bundled(place):
        return None
    return find_config(place if place.is_dir() else place.parent)


def _bundled(place: Path) -> bool:
    """Whether ``place`` is the bundled corpus's: its root, or inside the package of an installed
    ruleset (a game ships its features, scenarios and overlays there)."""
    root = corpus_root()
    if place == root or any(place.is_relative_to(root / part) for part in ("features", "scenarios", "rules")):
        return True
    return any(place.is_relative_to(folder) for folder in _ruleset_packages())


@cache
def _ruleset_packages() -> tuple[Path, ...]:
    """The folders of the installed rulesets' packages, found without importing them (a
    one-ruleset project must not load another game's engine and its geometry libraries)."""
    folders: list[Path] = []
    for entry in entry_points(group=GROUP):
        spec = importlib.util.find_spec(entry.value.split(":")[0].split(".")[0])
        folders += [Path(f).resolve() for f in (spec.submodule_search_locations or [])] if spec else []
    return tuple(folders)


@dataclass(frozen=True)
class Found:
    path: Path
    project: bool  # the project's own file, not the bundled one


def bundled_folder(kind: str, ruleset: str) -> Path | None:
    """The ruleset's bundled folder of this kind (its ``Corpus``), if it has one."""
    game = find_ruleset(ruleset)
    if game is None:
        return None
    corpus = game.corpus(corpus_root())
    if kind == "cards":
        catalogue = game.card_catalogue(corpus_root())
        return catalogue.parent / "cards" if catalogue is not None else None
    return getattr(corpus, kind)


def project_folders(kind: str, rulesets: Iterable[str], project: ProjectConfig | None) -> list[Path]:
    """The project's folders of this kind: the configured one, and a subfolder per ruleset in it
    (``scenarios/multibase/``, as the bundled corpus lays them out), which comes first."""
    if project is None:
        return []
    folder = project.folder(kind)
    return [*(folder / name for name in rulesets), folder]


def search_folders(kind: str, rulesets: Iterable[str], project: ProjectConfig | None) -> list[Path]:
    """Where a name of this kind is looked for, in order: the project's folders, the bundled ones."""
    rulesets = list(rulesets)
    folders = project_folders(kind, rulesets, project)
    folders += [f for f in (bundled_folder(kind, name) for name in rulesets) if f is not None]
    return list(dict.fromkeys(folders))


def find_file(
    kind: str, name: str, rulesets: Iterable[str], project: ProjectConfig | None, suffix: str = ""
) -> Found:
    """The file ``name`` (with ``suffix`` added when it has none) of this kind: the project's,
    else the bundled one. ``InputError`` naming the folders searched when neither has it."""
    file = name if not suffix or name.endswith(suffix) else f"{name}{suffix}"
    rulesets = list(rulesets)
    own = project_folders(kind, rulesets, project)
    for folder in search_folders(kind, rulesets, project):
        candidate = folder / file
        if candidate.is_file():
            return Found(candidate, folder in own)
    raise InputError(name, None, "", f"no {NOUNS[kind]} of that name in {searched(kind, rulesets, project)}")


def searched(kind: str, rulesets: Iterable[str], project: ProjectConfig | None) -> str:
    """The places a name of this kind was looked for, as an error names them: the project's
    folder (its per-ruleset subfolders are not listed) and the bundled ones."""
    rulesets = list(rulesets)
    shown = [project.folder(kind)] if project is not None else []
    shown += [f for f in (bundled_folder(kind, name) for name in rulesets) if f is not None]
    return " or in ".join(_shown(f, project) for f in dict.fromkeys(shown)) or "no folder of that kind"


def _shown(folder: Path, project: ProjectConfig | None) -> str:
    """A folder as an error shows it: relative to the project, or the bundled one as such."""
    if project is not None and folder.is_relative_to(project.root):
        return f"{folder.relative_to(project.root)}/ (the project's)"
    root = corpus_root()
    return f"{folder.relative_to(root)}/ (bundled)" if folder.is_relative_to(root) else f"{folder}/"


def project_card_files(project: ProjectConfig | None) -> tuple[Path, ...]:
    """Every card file in the project's cards folder: they add to (and, name for name, replace)
    the bundled cards wherever the project's scenarios are run."""
    if project is None or not project.folder("cards").is_dir():
        return ()
    return tuple(sorted(project.folder("cards").glob("*.yaml")))


def project_ability_files(project: ProjectConfig | None) -> tuple[Path, ...]:
    """The Python abilities in the project's cards folder (``NAME.py``, named ``python: NAME`` in
    a card file), found before the installed packages' abilities of the same name."""
    if project is None or not project.folder("cards").is_dir():
        return ()
    return tuple(sorted(p for p in project.folder("cards").glob("*.py") if p.stem.isidentifier()))


def card_names(path: Path) -> set[str]:
    """The names of the unit and Tactics cards in a card file (read for their names only: the
    card reader proper belongs to the game)."""
    from rulecheck.source_yaml import load_yaml

    data = load_yaml(path).data
    names: set[str] = set()
    for section in ("units", "tactics"):
        entries = data.get(section) if isinstance(data, dict) else None
        for card in entries if isinstance(entries, list) else []:
            if isinstance(card, dict) and isinstance(card.get("name"), str):
                names.add(card["name"])
    return names


def card_sources(project: ProjectConfig | None, rulesets: Iterable[str]) -> dict[str, tuple[Path, bool]]:
    """Each card of the project's cards folder: its file, and whether it takes the place of a
    bundled card of the same name (what explain and the report say of such a card)."""
    bundled: set[str] = set()
    for name in rulesets:
        game = find_ruleset(name)
        catalogue = game.card_catalogue(corpus_root()) if game is not None else None
        if catalogue is not None and catalogue.is_file():
            bundled |= card_names(catalogue)
    return {
        card: (path, card in bundled)
        for path in project_card_files(project)
        for card in sorted(card_names(path))
    }


def replaced_cards(project: ProjectConfig | None, rulesets: Iterable[str]) -> dict[str, str]:
    """The project's cards that replace bundled ones: name -> its file, as the output shows it."""
    return {
        card: f"{_relative(path, project)} (in place of the bundled card of that name)"
        for card, (path, replaced) in card_sources(project, rulesets).items()
        if replaced
    }


def _relative(path: Path, project: ProjectConfig | None) -> Path:
    return (
        path.relative_to(project.root) if project is not None and path.is_relative_to(project.root) else path
    )
