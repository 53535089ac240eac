"""`rulecheck steps`: every step phrasing a scenario may use, with an example from the corpus."""

from __future__ import annotations

import json

from rulecheck.corpus import PROJECT_ROOT
from rulecheck.step_catalogue import catalogue, format_text


def register(sub) -> None:
    p = sub.add_parser("steps", help="list every step phrasing, each with an example from the corpus")
    p.add_argument("--json", action="store_true", help="one JSON object: {format, steps: [...]}")
    p.set_defaults(func=run)


def run(args) -> int:
    found = catalogue(PROJECT_ROOT)
    if args.json:
        print(json.dumps({"format": 1, "steps": [p.to_json() for p in found]}, indent=2))
    else:
        print(format_text(found))
    return 0
