"""`rulecheck draw`: an SVG diagram of a scenario (board, pieces, Line of Sight, areas, arcs, Trace)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rulecheck import json_output
from rulecheck.commands.arguments import add_scenario_overlay_argument
from rulecheck.help_text import parser_text
from rulecheck.locations import corpus_root
from rulecheck.output_files import check_file_target, pending_file, write_text
from rulecheck.output_overlap import Input, Output, refuse_overlaps
from rulecheck.overlays import find_overlay, rulebooks_for
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.ruleset_api import scenario_inputs
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
            bases, facings and front arcs (multibase). With an attack, its result as well: the
            area, the dice and each target's Accuracy, HP lost and defeats (Gundam Assemble);
            cover, long range, removed bases and each unit's state (multibase). With --from and
            --to, the Line of Sight or Trace between those two pieces instead of the attack's
            own, and what it turns on; the attack's result stays.
            With --json the picture comes inside a JSON document (format rulecheck.draw/1) with
            the scenario's ruleset and file, for tools that embed it. -o NAME.png (or --format
            png) writes PNG instead of SVG. The options after --json change only the picture:
            its width, which side it is seen from, the coordinates, colours (rulecheck.palette
            keys), and arrows and highlighted cells of your own.
            """,
            [
                (
                    'rulecheck draw rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml --from "ML-07C Crab" --to "QZ-82 Sentinel" -o oggo.svg',
                    "the Crab's sightline to the Sentinel",
                ),
                (
                    "rulecheck draw rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml -o quad_bop.svg",
                    "an area attack and its result",
                ),
                (
                    "rulecheck draw rulecheck_multibase/scenarios/multibase/ranged_volley.yaml > volley.svg",
                    "a multibase volley",
                ),
                (
                    'rulecheck draw rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_quad_bop.yaml --flip --size 800 --color side-1=#000080 --arrow 0,0 "Cara\'s Strider" --highlight 3,-1 -o quad.png',
                    "a PNG 800 px wide, seen from side B's edge, side A in navy, with an arrow and a highlighted hex",
                ),
                (
                    "rulecheck draw rulecheck_multibase/scenarios/multibase/ranged_volley.yaml --json",
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
    add_scenario_overlay_argument(p)
    p.add_argument("--json", action="store_true", help="the SVG inside JSON (format rulecheck.draw/1)")
    p.add_argument(
        "--format", choices=("svg", "png"), help="svg or png (default: from -o's extension, else svg)"
    )
    p.add_argument("--size", type=_pixels, metavar="PX", help="the picture's width in px")
    p.add_argument("--flip", action="store_true", help="seen from the other side (turned 180 degrees)")
    p.add_argument(
        "--no-coordinates",
        dest="coordinates",
        action="store_false",
        help="leave out hex coordinates / the inch grid",
    )
    p.add_argument(
        "--color",
        action="append",
        default=[],
        type=_colour_pair,
        metavar="KEY=VALUE",
        help="a colour of your own (keys: rulecheck.palette.COLORS, e.g. side-1=#000080)",
    )
    p.add_argument(
        "--arrow",
        action="append",
        default=[],
        nargs=2,
        metavar=("FROM", "TO"),
        help="an arrow: hexes q,r or piece names (GA); points x,y in inches, units or bases (multibase)",
    )
    p.add_argument(
        "--highlight",
        action="append",
        default=[],
        metavar="CELL",
        help="highlight a hex, piece, unit or base",
    )
    p.set_defaults(func=run)


def _pixels(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of px") from None
    return value


def _colour_pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"{text!r}: expected KEY=VALUE, e.g. side-1=#000080")
    return key.strip(), value.strip()


def render(
    path: Path, origin: str | None = None, target: str | None = None, overlays=(), **options: Any
) -> str:
    """The scenario drawn as SVG: the engine resolves the ruling, ``draw_svg`` draws it with
    ``options`` (size, orientation, coordinates, colors, arrows, highlights)."""
    from rulecheck.drawing import DrawOptionError

    ruleset, scenario = load_scenario(path)
    rules = rulebooks_for([ruleset], list(overlays))[ruleset]
    if (origin is None) != (target is None):
        raise InputError(path, None, "--from/--to", "give both --from and --to, or neither")
    if origin is not None and origin == target:
        raise InputError(
            path, None, "--to", f"the same piece as --from ({origin!r}); name two different pieces"
        )
    drawing = ruleset_named(ruleset).draw
    if drawing is None:
        raise InputError(path, None, "ruleset", f"the {ruleset} ruleset has no drawing")
    try:
        return visible(drawing(scenario, rules, origin, target, **options))
    except KeyError as exc:
        if not exc.args or exc.args[0] not in (origin, target):
            raise  # not a name the user gave: a bug, reported as one
        flag = "--from" if exc.args[0] == origin else "--to"
        raise InputError(
            path, None, flag, f"no piece or unit named {exc.args[0]!r} in this scenario"
        ) from None
    except DrawOptionError as exc:
        raise InputError(path, None, exc.option, exc.message) from None


def draw_inputs(scenario_path: Path, overlays, scenario=None, ruleset: str | None = None) -> list[Input]:
    """The files a drawing is made from: the scenario, its overlays, and (once it is read) the
    files its ruleset says it was made from (a Gundam Assemble scenario's card files) and the
    bundled cards."""
    named = [find_overlay(o, [ruleset]) for o in overlays] if ruleset else list(overlays)
    found = [Input(scenario_path, "the scenario"), *(Input(o, "the overlay") for o in named)]
    if scenario is not None:
        game = ruleset_named(ruleset) if ruleset else None
        found += [Input(path, what) for path, what in (scenario_inputs(game, scenario) if game else ())]
        bundled = game.card_catalogue(corpus_root()) if game else None
        if bundled is not None:
            found.append(Input(bundled, "the bundled card file"))
    return found


def run(args) -> int:
    if args.output is not None:
        # refuse a bad target before any work; again with the card files once the scenario is read
        refuse_overlaps([Output(args.output, "-o")], draw_inputs(args.scenario, args.rules))
        check_file_target(args.output, "-o")
        ruleset, scenario = load_scenario(args.scenario)
        refuse_overlaps(
            [Output(args.output, "-o")], draw_inputs(args.scenario, args.rules, scenario, ruleset)
        )
    png = args.format == "png" or (
        args.format is None and args.output is not None and Path(args.output).suffix.lower() == ".png"
    )
    if png and args.json:
        raise InputError(args.scenario, None, "--json", "--json carries SVG only; leave out --json or PNG")
    svg = render(
        args.scenario,
        args.origin,
        args.target,
        args.rules,
        size=args.size,
        orientation=180 if args.flip else 0,
        coordinates=args.coordinates,
        colors=dict(args.color),
        arrows=[tuple(a) for a in args.arrow],
        highlights=list(args.highlight),
    )
    if png:
        return _write_png(args, svg)
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


def _write_png(args, svg: str) -> int:
    from rulecheck.drawing import DrawOptionError, svg_to_png

    try:
        data = svg_to_png(svg)
    except DrawOptionError as exc:
        raise InputError(args.scenario, None, exc.option, exc.message) from None
    if args.output is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        return 0
    with pending_file(args.output, "-o") as tmp:
        tmp.write_bytes(data)
    return 0
