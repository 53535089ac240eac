"""`rulecheck explain`: resolve what a scenario file describes and print the ruling step by step."""

from __future__ import annotations

from pathlib import Path

from rulecheck import json_output
from rulecheck.commands.arguments import add_scenario_overlay_argument
from rulecheck.help_text import parser_text
from rulecheck.outcome_table import outcome_lines
from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import adapter, load_scenario
from rulecheck.ruling_dependencies import dependencies


def register(sub) -> None:
    p = sub.add_parser(
        "explain",
        **parser_text(
            "resolve a scenario's attack and print each step with its clause ids",
            """
            Resolve the attack a scenario file describes (either ruleset) with its scripted dice
            and print every step of the ruling with the clause ids it rests on, the outcome per
            target and per unit, and the interpretations the ruling rests on: those whose other options
            change it (each is resolved again under them), apart from those it only read.
            """,
            [
                (
                    "rulecheck explain rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml",
                    "the Bastion's area attack, step by step",
                ),
                (
                    "rulecheck explain rulecheck_multibase/scenarios/multibase/ranged_volley.yaml --rules rulecheck_multibase/engine/overlays/clamp_3_to_6.yaml",
                    "a multibase volley under a house rule",
                ),
                (
                    "rulecheck explain rulecheck_multibase/scenarios/multibase/ranged_volley.yaml --json",
                    "as JSON (format rulecheck.explain/1)",
                ),
            ],
        ),
    )
    p.add_argument("scenario", type=Path)
    add_scenario_overlay_argument(p)
    p.add_argument(
        "--json", action="store_true", help="print one JSON object (events, outcome, interpretations)"
    )
    p.set_defaults(func=run)


def run(args) -> int:
    ruleset, scenario = load_scenario(args.scenario)
    rules = rulebooks_for([ruleset], args.rules)[ruleset]
    result = adapter(ruleset).explain(scenario, rules)
    if args.json:
        found = dependencies(adapter(ruleset).explain, scenario, rules, result.interpretations)
        rests_on = {d.name: list(d.changes) for d in found if d.rests_on}
        print(
            json_output.dumps(
                "explain",
                {
                    "ruleset": ruleset,
                    "overlays": list(rules.overlays),
                    **result.to_json(),
                    "rests_on": rests_on,
                },
            )
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
        for line in outcome_lines(ruleset, result.outcome):
            print(line)
    if result.interpretations:
        found = dependencies(adapter(ruleset).explain, scenario, rules, result.interpretations)
        for heading, group in (
            (
                "Interpretations this ruling rests on (another option changes it):",
                [d for d in found if d.rests_on],
            ),
            (
                "Interpretations read, but no other option changes this ruling:",
                [d for d in found if not d.rests_on],
            ),
        ):
            if group:
                print()
                print(heading)
            for d in group:
                interp = rules.interpretations.get(d.name)
                question = f" ({interp.question})" if interp else ""
                changes = f"; {', '.join(d.changes)} would change it" if d.changes else ""
                print(f"  {d.name} = {d.option}{question}{changes}")
    return 0
