"""JSON documents the CLI prints: each names its shape and version in a ``format`` field
(``rulecheck.check/1``), so a consumer can tell a changed layout from a broken one. The version
goes up when a key is renamed or removed, not when one is added."""

from __future__ import annotations

import json
from typing import Any

VERSIONS = {
    "check": 1,
    "report": 1,
    "diff": 1,
    "mutate": 1,
    "los": 1,
    "explain": 1,
    "odds": 1,
    "docs": 1,
    "steps": 1,
    "explore": 1,
    "draw": 1,
}


def document(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"format": f"rulecheck.{kind}/{VERSIONS[kind]}", **payload}


def dumps(kind: str, payload: dict[str, Any]) -> str:
    return json.dumps(document(kind, payload), indent=2, default=str)
