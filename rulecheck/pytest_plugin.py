"""pytest wiring shared by the corpus and `rulecheck check`.

Feature tags such as ``@clause:GA-LOS-3`` or ``@faq:Q3`` are not valid marker names, so
``pytest_bdd_apply_tag`` maps ``prefix:value`` to the marker ``prefix`` with ``value`` as its
argument (DESIGN.md, "Conventions"). Any other tag falls through to pytest-bdd's default, where
``--strict-markers`` rejects a tag nobody registered.
"""

from __future__ import annotations

import pytest

TAG_KINDS = ("clause", "faq", "ruling", "example", "interpretation")


def split_tag(tag: str) -> tuple[str, str] | None:
    kind, sep, value = tag.partition(":")
    if sep and kind in TAG_KINDS and value:
        return kind, value
    return None


def pytest_bdd_apply_tag(tag: str, function):
    parsed = split_tag(tag)
    if parsed is None:
        return None
    kind, value = parsed
    getattr(pytest.mark, kind)(value)(function)
    return True
