"""`rulecheck los`: Line of Sight between two pieces of a scenario, for a ruleset with the
optional ``line_of_sight`` hook (``rulecheck.ruleset_api.LineOfSight``)."""

from __future__ import annotations

from pathlib import Path

from rulecheck import json_output
from rulecheck.commands.arguments import add_scenario_overlay_argument
from rulecheck.help_text import parser_text
from rulecheck.overlays import rulebooks_for
from rulecheck.ruleset_api import line_of_sight
from rulecheck.rulesets import load_scenario_for


def register(sub) -> None:
    p = sub.add_parser(
        "los",
        **parser_text(
            "Line of Sight between two pieces of a scenario (of a ruleset that has it)",
            """
            Decide Line of Sight between two pieces of a scenario file, exactly: the verdict, the
            hexes the line passes through, where it runs between two hexes or touches a corner,
            every blocker with its reason and clause, the choice points, and the trace of the
            ruling with clause ids. The scenario's ruleset decides (its line_of_sight hook; of
            the bundled ones, Gundam Assemble has one); a scenario of a ruleset without one is
            refused in one line.
            """,
            [
                (
                    'rulecheck los rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml --from "ML-07C Crab" --to "QZ-82 Sentinel"',
                    "does the Crab see the Sentinel?",
                ),
                (
                    'rulecheck los rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml --from "ML-07C Crab" --to "Cara\'s Strider" --json',
                    "the same question for its ally, as JSON (format rulecheck.los/1)",
                ),
            ],
        ),
    )
    p.add_argument("scenario", type=Path)
    p.add_argument("--from", dest="origin", required=True, metavar="NAME", help="the acting piece")
    p.add_argument("--to", dest="target", required=True, metavar="NAME", help="the target piece")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--aoe", action="store_true", help="an area of effect attack: ignore units and Garrisons"
    )
    mode.add_argument(
        "--ignore-los", action="store_true", help="a weapon or ability that ignores Line of Sight"
    )
    mode.add_argument("--within-hexes", action="store_true", help='an effect "within x hexes": no LOS needed')
    add_scenario_overlay_argument(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    game, scenario = load_scenario_for(args.scenario, line_of_sight, "Line of Sight (rulecheck los)")
    rules = rulebooks_for([game.name], args.rules)[game.name]
    mode = (
        "area_effect"
        if args.aoe
        else "ignore"
        if args.ignore_los
        else "within_hexes"
        if args.within_hexes
        else "standard"
    )
    report = line_of_sight(game)(scenario, rules, args.origin, args.target, mode)
    if args.json:
        print(json_output.dumps("los", report.to_json()))
        return 0
    print(report.format_text())
    return 0
