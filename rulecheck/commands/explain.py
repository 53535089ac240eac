"""`rulecheck explain`: resolve what a scenario file describes and print the ruling step by step."""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import adapter, load_scenario


def register(sub) -> None:
    p = sub.add_parser("explain", help="resolve a scenario's attack and print each step with its clause ids")
    p.add_argument("scenario", type=Path)
    p.add_argument("--rules", action="append", default=[], metavar="OVERLAY", help="apply a rule overlay")
    p.add_argument(
        "--json", action="store_true", help="print one JSON object (events, outcome, interpretations)"
    )
    p.set_defaults(func=run)


def run(args) -> int:
    ruleset, scenario = load_scenario(args.scenario)
    rules = rulebooks_for([ruleset], args.rules)[ruleset]
    result = adapter(ruleset).explain(scenario, rules)
    if args.json:
        print(
            json.dumps({"ruleset": ruleset, "overlays": list(rules.overlays), **result.to_json()}, indent=2)
        )
        return 0
    print(result.title)
    under = f"{rules.title}" + (f", with {', '.join(rules.overlays)}" if rules.overlays else "")
    print(f"Rules: {under}")
    print()
    width = len(str(len(result.events)))
    for i, e in enumerate(result.events, 1):
        tail = f"   <- interpretation {e.interpretation}" if e.interpretation else ""
        print(f"{i:>{width}}. [{', '.join(e.clauses)}] {e.text}{tail}")
    if result.outcome:
        print()
        print("Outcome:")
        for key, value in result.outcome.items():
            print(f"  {key}: {_plain(value)}")
    if result.interpretations:
        print()
        print("Interpretations this ruling rests on:")
        for name, option in result.interpretations.items():
            interp = rules.interpretations.get(name)
            question = f" ({interp.question})" if interp else ""
            print(f"  {name} = {option}{question}")
    return 0


def _plain(value) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True)
    return str(value)
