"""`rulecheck odds`: exact odds of the attack a scenario describes, as fractions and percentages."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rulecheck import json_output
from rulecheck.commands.arguments import add_scenario_overlay_argument
from rulecheck.help_text import parser_text
from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import adapter, distribution_json, load_scenario
from rulecheck.source_yaml import InputError
from rulecheck.wording import percent
from rules.dice import at_least


def register(sub) -> None:
    p = sub.add_parser(
        "odds",
        **parser_text(
            "exact odds of a scenario's attack (hits, crits, HP lost, defeat)",
            """
            The exact distribution of the attack a scenario file describes, every die face
            weighed by its probability (the scripted dice are ignored): fractions and
            percentages, with "at least k" columns. Gundam Assemble: hits, critical hits and HP
            lost per target and the chance to defeat each; multibase: hits, wounds, bases
            removed, Shaken and destruction.
            """,
            [
                (
                    "rulecheck odds rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml",
                    "the odds of the Bastion's Quad Bop against both Striders",
                ),
                (
                    "rulecheck odds rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml --rules rulecheck_gundam_assemble/engine/overlays/crits_on_ten_only.yaml",
                    "the same under a house rule",
                ),
                (
                    "rulecheck odds rulecheck_multibase/scenarios/multibase/ranged_volley.yaml --json",
                    "as JSON (format rulecheck.odds/1)",
                ),
            ],
        ),
    )
    p.add_argument("scenario", type=Path)
    add_scenario_overlay_argument(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def odds_function(ruleset: str):
    """The ruleset's odds, from its adapter."""
    found = getattr(adapter(ruleset), "odds", None)
    if found is None:
        raise InputError("ruleset", None, "", f"no exact odds for {ruleset!r}")
    return found


def distributions(report) -> list[tuple[str, dict[int, Fraction]]]:
    """The report's distributions to tabulate (its optional ``distributions()``), none without it."""
    found = getattr(report, "distributions", None)
    return found() if callable(found) else []


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
            f"  {k:>3}  {str(p):>{exact_w}} {percent(p):>8}  {str(ge[k]):>{exact_w}} {percent(ge[k]):>8}"
        )
    return lines


def run(args) -> int:
    ruleset, scenario = load_scenario(args.scenario)
    rules = rulebooks_for([ruleset], args.rules)[ruleset]
    report = odds_function(ruleset)(scenario, rules)
    if args.json:
        out = {"ruleset": ruleset, "rules": rules.title, "overlays": list(rules.overlays), **report.to_json()}
        out["at_least"] = {label: distribution_json(at_least(d)) for label, d in distributions(report)}
        print(json_output.dumps("odds", out))
        return 0
    print(
        f"Rules: {rules.title}"
        + (f", with {', '.join(rules.overlays)}" if rules.overlays else " (no overlay)")
    )
    print(report.format_text())
    for label, dist in distributions(report):
        print()
        print("\n".join(table(label, dist)))
    return 0
