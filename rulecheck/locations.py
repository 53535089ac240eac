"""Where the bundled corpus lives.

In a source checkout the corpus is the repository's own ``features/``, ``scenarios/``,
``tests/test_features_*.py`` and ``conftest.py``. An installed wheel carries copies of the same
files under ``rulecheck/bundled/`` (``setup.py`` puts them there), so ``rulecheck check`` runs
from any folder. Every module that reads a corpus file asks ``corpus_root()`` rather than
guessing from its own location.
"""

from __future__ import annotations

from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent
BUNDLED_ROOT = Path(__file__).resolve().parent / "bundled"


def is_source_checkout() -> bool:
    return (SOURCE_ROOT / "pyproject.toml").is_file() and (SOURCE_ROOT / "features").is_dir()


def corpus_root() -> Path:
    """The folder holding ``features/``, ``scenarios/`` and the feature bindings."""
    return SOURCE_ROOT if is_source_checkout() else BUNDLED_ROOT


def rules_dir() -> Path:
    """The engine package's folder: the rulebooks and their overlay files."""
    import rules

    return Path(rules.__file__).resolve().parent
