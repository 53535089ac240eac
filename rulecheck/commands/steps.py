"""`rulecheck steps`: every step phrasing a scenario may use, with an example from the corpus."""

from __future__ import annotations

from rulecheck import json_output
from rulecheck.help_text import parser_text
from rulecheck.locations import corpus_root
from rulecheck.step_catalogue import catalogue, format_text


def register(sub) -> None:
    p = sub.add_parser(
        "steps",
        **parser_text(
            "list every step phrasing, each with an example from the corpus",
            """
            List every Given, When and Then phrasing the step library understands, in the one step
            dialect of both rulesets (quoted piece names, comma-separated dice), each with an example
            taken from the bundled feature files and where it was found.
            """,
            [
                ("rulecheck steps", "every phrasing with an example"),
                ("rulecheck steps --json", "the same as JSON (format rulecheck.steps/1)"),
            ],
        ),
    )
    p.add_argument("--json", action="store_true", help="print JSON (format rulecheck.steps/1)")
    p.set_defaults(func=run)


def run(args) -> int:
    found = catalogue(corpus_root())
    if args.json:
        print(json_output.dumps("steps", {"steps": [p.to_json() for p in found]}))
    else:
        print(format_text(found))
    return 0
