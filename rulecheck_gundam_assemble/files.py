"""Gundam Assemble's name and where its bundled unit cards are: what its adapter
(``gundam_assemble``), its explain and odds (through ``rulecheck_gundam_assemble.card_plugins``) all need.

It sits below them and imports none of them, so the adapter can import its explain and odds at the
top like any module, and they never import the adapter back (an import contract in
``pyproject.toml`` holds them to that).
"""

from __future__ import annotations

from pathlib import Path

from rulecheck.locations import corpus_root
from rulecheck_gundam_assemble.layout import LAYOUT

RULESET = "gundam_assemble"


def card_catalogue(root: Path) -> Path:
    """The unit cards under a project ``root``: for the bundled corpus's folder, the cards this
    package ships; for another folder (a project laid out by ruleset name), the units.yaml of its
    scenarios folder for this game; for another checkout of rulecheck's source (another
    revision, for ``explore --rev``), the cards its copy of this package ships."""
    if Path(root).resolve() == corpus_root().resolve():
        return LAYOUT.scenarios / "units.yaml"
    packaged = Path(root) / LAYOUT.scenarios.relative_to(LAYOUT.scenarios.parents[2]) / "units.yaml"
    if packaged.is_file():
        return packaged
    return Path(root) / "scenarios" / RULESET / "units.yaml"
