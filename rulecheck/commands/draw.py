"""`rulecheck draw`: an SVG diagram of a scenario (board, pieces, Line of Sight, areas, arcs, Trace)."""

from __future__ import annotations

import sys
from pathlib import Path

from rulecheck import json_output
from rulecheck.help_text import parser_text
from rulecheck.output_files import check_file_target, write_text
from rulecheck.output_overlap import Input, Output, refuse_overlaps
from rulecheck.overlays import rulebooks_for
from rulecheck.rulesets import load_scenario
from rulecheck.source_yaml import InputError
from rulecheck.xml_text import visible


def register(sub) -> None:
    p = sub.add_parser(
        "draw",
        **parser_text(
            "draw a scenario as SVG (hex board or multibase table)",
            """
            Draw a scenario file as SVG, from the engine's own model: the hex board with
            elevation, water, structures, Garrisons and units (Gundam Assemble), or the table with
            bases, facings and front arcs (multibase). With --from and --to, also the Line of
            Sight or Trace between two pieces and what it turns on; with an attack, its result.
            With --json the picture comes inside a JSON document (format rulecheck.draw/1) with
            the scenario's ruleset and file, for tools that embed it.
            """,
            [
                (
                    'rulecheck draw scenarios/gundam_assemble/los_oggo_artillery_support.yaml --from "MP-02A Oggo" --to "RX-78-2 Gundam" -o oggo.svg',
                    "the Oggo's sightline to the Gundam",
                ),
                (
                    "rulecheck draw scenarios/gundam_assemble/attack_guntank_quad_bop.yaml -o quad_bop.svg",
                    "an area attack and its result",
                ),
                ("rulecheck draw scenarios/multibase/ranged_volley.yaml > volley.svg", "a multibase volley"),
                (
                    "rulecheck draw scenarios/multibase/ranged_volley.yaml --json",
                    "the same picture inside JSON (format rulecheck.draw/1)",
                ),
            ],
        ),
    )
    p.add_argument("scenario", type=Path)
    p.add_argument("--from", dest="origin", metavar="NAME", help="draw Line of Sight / Trace from this piece")
    p.add_argument("--to", dest="target", metavar="NAME", help="... to this piece")
    # a str, not a Path: Path("out.svg/") drops the slash that says the name is a folder
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    p.add_argument("--rules", action="append", default=[], metavar="OVERLAY", help="apply a rule overlay")
    p.add_argument("--json", action="store_true", help="the SVG inside JSON (format rulecheck.draw/1)")
    p.set_defaults(func=run)


def drawer(ruleset: str):
    """The diagram module of a ruleset (each has ``draw_scenario(scenario, rules, origin, target)``)."""
    if ruleset == "gundam_assemble":
        from rulecheck import diagram_hex as module
    else:
        from rulecheck import diagram_multibase as module
    return module.draw_scenario


def render(path: Path, origin: str | None = None, target: str | None = None, overlays=()) -> str:
    ruleset, scenario = load_scenario(path)
    rules = rulebooks_for([ruleset], list(overlays))[ruleset]
    if (origin is None) != (target is None):
        raise InputError(path, None, "--from/--to", "give both --from and --to, or neither")
    if origin is not None and origin == target:
        raise InputError(
            path, None, "--to", f"the same piece as --from ({origin!r}); name two different pieces"
        )
    try:
        return visible(drawer(ruleset)(scenario, rules, origin, target))
    except KeyError as exc:
        flag = "--from" if exc.args[0] == origin else "--to"
        raise InputError(
            path, None, flag, f"no piece or unit named {exc.args[0]!r} in this scenario"
        ) from None


def draw_inputs(scenario_path: Path, overlays, scenario=None) -> list[Input]:
    """The files a drawing is made from: the scenario, its overlays, and (once it is read) the
    card files it names and the bundled cards."""
    found = [Input(scenario_path, "the scenario"), *(Input(o, "the overlay") for o in overlays)]
    if scenario is not None and hasattr(scenario, "cards"):
        from rulecheck.card_plugins import BUNDLED_CARDS

        found += [Input(c, "a card file of the scenario") for c in scenario.cards]
        found.append(Input(BUNDLED_CARDS, "the bundled card file"))
    return found


def run(args) -> int:
    if args.output is not None:
        # refuse a bad target before any work; again with the card files once the scenario is read
        refuse_overlaps([Output(args.output, "-o")], draw_inputs(args.scenario, args.rules))
        check_file_target(args.output, "-o")
        scenario = load_scenario(args.scenario)[1]
        refuse_overlaps([Output(args.output, "-o")], draw_inputs(args.scenario, args.rules, scenario))
    svg = render(args.scenario, args.origin, args.target, args.rules)
    if args.json:
        ruleset = load_scenario(args.scenario)[0]
        svg = (
            json_output.dumps(
                "draw",
                {
                    "scenario": str(args.scenario),
                    "ruleset": ruleset,
                    "from": args.origin,
                    "to": args.target,
                    "overlays": list(args.rules),
                    "svg": svg,
                },
            )
            + "\n"
        )
    if args.output is None:
        sys.stdout.write(svg)
        return 0
    write_text(args.output, svg, "-o")
    return 0
