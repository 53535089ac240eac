"""Card files and the Python abilities other packages ship.

A card file (``scenarios/gundam_assemble/units.yaml``, or a scenario's own ``cards:`` files) is
read here with line numbers, so a card the vocabulary cannot take is one line naming the file, the
line and the field. Python abilities are found through the entry point group
``rulecheck.abilities``: a package declares, in its ``pyproject.toml``::

    [project.entry-points."rulecheck.abilities"]
    newtype_flash = "my_faction_cards:NewtypeFlash"

and a card file uses it as ``python: newtype_flash``. Entry points are read once per process.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from rulecheck.locations import corpus_root
from rulecheck.rulesets.gundam_assemble import card_catalogue
from rulecheck.source_yaml import InputError, field_path, load_yaml
from rules.gundam_assemble.abilities import AbilityError
from rules.gundam_assemble.units import Catalogue, parse_catalogue

GROUP = "rulecheck.abilities"
BUNDLED_CARDS = card_catalogue(corpus_root())


class _Lazy(dict):
    """Entry point name -> class, importing a package's module only when a card file names it."""

    def __init__(self, eps: dict[str, Any]):
        super().__init__(eps)

    def __getitem__(self, name: str) -> Any:
        ep = super().__getitem__(name)
        try:
            return ep.load()
        except Exception as exc:  # a broken plugin is bad input, not a crash
            raise AbilityError(f"the entry point {name} = {ep.value} cannot be loaded: {exc}") from None


@cache
def python_cards() -> dict[str, Any]:
    """Every Python ability installed in the ``rulecheck.abilities`` group, by entry point name."""
    return _Lazy({ep.name: ep for ep in entry_points(group=GROUP)})


def load_cards(path: str | Path, base: Catalogue | None = None) -> Catalogue:
    """A card file, added to ``base`` if given. Bad cards: one ``InputError`` with file:line: field."""
    doc = load_yaml(path)
    try:
        return parse_catalogue(doc.data, python_cards(), base)
    except AbilityError as exc:
        field, _, message = str(exc).partition(": ")
        if not message:
            raise InputError(doc.file, None, "", field) from None
        return _raise(doc, field, message)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a card missing a field
        raise InputError(
            doc.file, None, "", f"a card is not in the documented form: {type(exc).__name__} {exc}"
        ) from None


def _raise(doc, field: str, message: str):
    path = field_path(field)
    raise InputError(doc.file, doc.line(path), field, message) from None


@cache
def bundled_catalogue() -> Catalogue:
    return load_cards(BUNDLED_CARDS)


def catalogue_with(extra_files: tuple[str, ...] = ()) -> Catalogue:
    """The bundled cards plus a scenario's own card files (paths already resolved)."""
    cat = bundled_catalogue()
    for f in extra_files:
        cat = load_cards(f, cat)
    return cat
