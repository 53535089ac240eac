"""Where the bundled corpus lives.

Each bundled game ships its corpus (features, scenario files, overlays, the pytest binding) in its
own package, as any installed ruleset does (``Ruleset.corpus``). What stays here is the folder a
corpus run starts from when no project is given: in a source checkout the repository itself
(its ``conftest.py`` and ``tests/``), in an installed wheel ``rulecheck/bundled/`` (``setup.py``
puts the repository's ``conftest.py`` there). Every module that needs that folder asks
``corpus_root()`` rather than guessing from its own location.
"""

from __future__ import annotations

from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_ROOT = Path(__file__).resolve().parent / "bundled"


def is_source_checkout() -> bool:
    return (SOURCE_ROOT / "pyproject.toml").is_file() and (SOURCE_ROOT / "conftest.py").is_file()


def corpus_root() -> Path:
    """The folder a corpus run starts from when no project is given."""
    return SOURCE_ROOT if is_source_checkout() else BUNDLED_ROOT


def rules_dirs() -> list[Path]:
    """The folders of the bundled rulebooks and their overlay files: each game's engine."""
    from rules.rulebook import engine_dir, rulesets

    return [engine_dir(name) for name in rulesets()]
