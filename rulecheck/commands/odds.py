"""`rulecheck odds`: exact odds of the attack a scenario describes, as fractions and percentages."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import adapter, distribution_json, load_scenario
from rulecheck.source_yaml import InputError
from rules.dice import at_least


def register(sub) -> None:
    p = sub.add_parser("odds", help="exact odds of a scenario's attack (hits, crits, damage, defeat)")
    p.add_argument("scenario", type=Path)
    p.add_argument("--rules", action="append", default=[], metavar="OVERLAY", help="apply a rule overlay")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def odds_function(ruleset: str):
    """The ruleset's odds, from its adapter."""
    found = getattr(adapter(ruleset), "odds", None)
    if found is None:
        raise InputError("ruleset", None, "", f"no exact odds for {ruleset!r}")
    return found


def distributions(report) -> list[tuple[str, dict[int, Fraction]]]:
    if hasattr(report, "distributions"):
        return report.distributions()
    o = getattr(report, "odds", None)  # multibase: hits, wounds, bases removed
    if o is None:
        return []
    return [(name.replace("_", " "), getattr(o, name)) for name in ("hits", "wounds", "bases_removed")]


def table(label: str, dist: dict[int, Fraction]) -> list[str]:
    mean = sum((k * p for k, p in dist.items()), Fraction(0))
    ge = at_least(dist)
    exact_w = max(len(str(p)) for p in (*dist.values(), *ge.values()))
    lines = [
        f"{label} (mean {float(mean):.3f})",
        f"  {'k':>3}  {'exactly k':>{exact_w}} {'':>8}  {'at least k':>{exact_w}} {'':>8}",
    ]
    for k in range(0, max(dist, default=0) + 1):
        p = dist.get(k, Fraction(0))
        lines.append(
            f"  {k:>3}  {str(p):>{exact_w}} {float(p):>8.2%}  {str(ge[k]):>{exact_w}} {float(ge[k]):>8.2%}"
        )
    return lines


def run(args) -> int:
    ruleset, scenario = load_scenario(args.scenario)
    rules = rulebooks_for([ruleset], args.rules)[ruleset]
    report = odds_function(ruleset)(scenario, rules)
    if args.json:
        out = {"ruleset": ruleset, **report.to_json()}
        out["at_least"] = {label: distribution_json(at_least(d)) for label, d in distributions(report)}
        print(json.dumps(out, indent=2))
        return 0
    print(report.format_text())
    for label, dist in distributions(report):
        print()
        print("\n".join(table(label, dist)))
    return 0
