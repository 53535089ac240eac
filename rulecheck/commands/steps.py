"""`rulecheck steps`: every step phrasing a scenario may use, with an example from the corpus; with
feature paths (or -k, --tags), the step definition each step of those scenarios matches."""

from __future__ import annotations

from rulecheck import json_output
from rulecheck.commands.check import (
    add_keyword_argument,
    add_path_arguments,
    add_root_argument,
    add_with_book_argument,
)
from rulecheck.help_text import parser_text
from rulecheck.locations import corpus_root
from rulecheck.ruleset_api import ruleset_names as rulesets
from rulecheck.step_catalogue import catalogue, format_text


def register(sub) -> None:
    p = sub.add_parser(
        "steps",
        **parser_text(
            "list every step phrasing, or the step definition each step of some scenarios matches",
            """
            With no path: list every Given, When and Then phrasing the step library understands,
            in the one step dialect of both rulesets (quoted piece names, comma-separated dice),
            each with an example taken from the bundled feature files and where it was found.
            With feature files, folders or FILE:LINE (or -k, --tags): list each step line of the
            scenarios they select and the step definition it matches (its phrasing and
            function), or, for a step that matches none, the closest phrasing; nothing is run.
            Exit 1 if a step matches no definition.
            """,
            [
                ("rulecheck steps", "every phrasing with an example"),
                (
                    "rulecheck steps features/multibase/mine.feature",
                    "what each step of a feature file matches",
                ),
                ("rulecheck steps --json", "the same as JSON (format rulecheck.steps/1)"),
            ],
        ),
    )
    add_path_arguments(p)
    add_root_argument(p)
    p.add_argument(
        "--ruleset",
        action="append",
        choices=rulesets(),
        help="only this ruleset's phrasings, or scenarios (repeatable)",
    )
    p.add_argument("--tags", metavar="EXPR", help="only the scenarios matching this tag expression")
    add_keyword_argument(p)
    add_with_book_argument(
        p,
        "also list the steps of the bundled corpus (the book's own rulings) after the project's, "
        "each marked [book]",
    )
    p.add_argument("--json", action="store_true", help="print JSON (format rulecheck.steps/1)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.paths or args.keyword or args.tags or args.root is not None or args.with_book:
        return _steps_used(args)
    found = catalogue(corpus_root())
    if args.ruleset:  # the phrasings a project of these rulesets can use
        from rulecheck.project_plugin import step_modules
        from rulecheck.ruleset_api import ruleset

        own = [m for name in args.ruleset for m in ruleset(name).corpus(corpus_root()).step_modules]
        usable = set(step_modules(own))
        found = [p for p in found if p.function.rsplit(".", 1)[0] in usable]
    if args.json:
        print(json_output.dumps("steps", {"steps": [p.to_json() for p in found]}))
    else:
        print(format_text(found))
    return 0


def _steps_used(args) -> int:
    from rulecheck.commands.check import matched_steps
    from rulecheck.dry_run import format_uses

    result = matched_steps(args, "steps")
    if args.json:
        print(
            json_output.dumps(
                "steps",
                {"scenarios": result.scenarios, "uses": [u.to_json() for u in result.uses]},
            )
        )
    else:
        print(format_uses(result))
    return 1 if result.unmatched else 0
