"""`rulecheck los`: Line of Sight between two pieces of a Gundam Assemble scenario."""

from __future__ import annotations

from pathlib import Path

from rulecheck import json_output
from rulecheck.help_text import parser_text
from rulecheck.overlays import rulebooks_for
from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, piece_line_of_sight
from rules.events import format_trace


def register(sub) -> None:
    p = sub.add_parser(
        "los",
        **parser_text(
            "Line of Sight between two pieces of a Gundam Assemble scenario",
            """
            Decide Line of Sight between two pieces of a Gundam Assemble scenario file, exactly:
            the verdict, the hexes the line passes through, where it runs between two hexes or
            touches a corner, every blocker with its reason and clause, the choice points, and
            the trace of the ruling with clause ids.
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
    p.add_argument("--rules", action="append", default=[], metavar="OVERLAY", help="apply a rule overlay")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _piece(scenario, name: str, flag: str):
    if not scenario.board.has_piece(name):
        names = ", ".join(p.name for p in scenario.board.pieces)
        raise InputError(scenario.file, None, flag, f"no piece named {name!r} on the board (pieces: {names})")
    return scenario.board.piece(name)


def run(args) -> int:
    scenario = ga.load_scenario(args.scenario)
    rules = rulebooks_for([ga.RULESET], args.rules)[ga.RULESET]
    origin, target = _piece(scenario, args.origin, "--from"), _piece(scenario, args.target, "--to")
    if origin is target or origin.name == target.name:
        raise InputError(
            scenario.file,
            None,
            "--to",
            f"the same piece as --from ({origin.name!r}); name two different pieces",
        )
    mode = (
        LosMode.AREA_EFFECT
        if args.aoe
        else LosMode.IGNORE
        if args.ignore_los
        else LosMode.WITHIN_HEXES
        if args.within_hexes
        else LosMode.STANDARD
    )
    result = piece_line_of_sight(scenario.board, origin, target, rules, mode)
    if args.json:
        out = {"from_piece": origin.name, "to_piece": target.name, **result.to_json()}
        out["interpretations"] = {
            k: rules.interpretation(k) for k in rules.interpretations if k.startswith("los_")
        }
        print(json_output.dumps("los", out))
        return 0
    verdict = "CLEAR" if result.clear else "BLOCKED"
    need = "" if result.required else " (not required)"
    print(
        f"Line of Sight from {origin.name} {list(origin.hex)} to {target.name} {list(target.hex)}: {verdict}{need}"
    )
    if result.line is not None:
        path = [origin.hex, *result.line.through, target.hex]
        print("  path:    " + " -> ".join(f"{list(h)}" for h in path))
        for left, right in result.line.between:
            print(f"  between: {list(left)} | {list(right)}")
        for h in result.line.corners:
            print(f"  corner:  {list(h)}")
    for b in result.blockers:
        print(f"  blocker: {list(b.hex)} {b.reason} [{b.clause}]")
    for c in result.choice_points:
        left = "blocks" if c.left_blocks else "clear"
        right = "blocks" if c.right_blocks else "clear"
        print(f"  choice:  {list(c.left)} ({left}) or {list(c.right)} ({right}) [GA-LOS-8]")
    print("Why:")
    print(format_trace(result.events))
    return 0
