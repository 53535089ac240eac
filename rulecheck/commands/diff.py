"""`rulecheck diff OVERLAY` / `rulecheck diff --rev GIT_REV`: which rulings a rule change overturns.

Lists each scenario whose outcome (pass/fail and the values it recorded) changed, old against
new, grouped by clause. Exit 1 if anything changed, 0 if nothing did, 2 on bad input.
"""

from __future__ import annotations

from pathlib import Path

from rulecheck import json_output, progress
from rulecheck.commands.check import (
    add_keyword_argument,
    add_root_argument,
    refuse_a_project_without_features,
    refuse_an_empty_keyword_selection,
    selection_args,
    wanted,
)
from rulecheck.corpus import PROJECT_ROOT
from rulecheck.help_text import parser_text
from rulecheck.overlays import find_overlay
from rulecheck.project_config import apply_to_args
from rulecheck.ruleset_api import ruleset_names as rulesets
from rulecheck.ruling_diff import diff_overlay, diff_revision, format_text, with_the_book
from rulecheck.source_yaml import InputError


def register(sub) -> None:
    p = sub.add_parser(
        "diff",
        **parser_text(
            "run the corpus under a rule overlay or another revision; list changed rulings (exit 1 if any)",
            """
            Run the corpus twice, under the book and under a rule overlay (or with the engine of
            another git revision), and list every scenario whose recorded outcomes changed
            (verdicts, hits, damage, defeats, tokens, Line of Sight), old against new, grouped
            by clause. Only the scenarios that read what the overlay changes are re-run, unless
            --full. Exit 1 if anything changed, 0 if nothing did.
            """,
            [
                (
                    "rulecheck diff rulecheck_gundam_assemble/engine/overlays/natural_one_can_hit.yaml",
                    "what a house rule overturns",
                ),
                ("rulecheck diff --rev HEAD~1", "what the last commit changed in the engine's rulings"),
                (
                    "rulecheck diff rulecheck_multibase/engine/overlays/clamp_3_to_6.yaml --json",
                    "as JSON (format rulecheck.diff/1)",
                ),
            ],
        ),
    )
    p.add_argument(
        "overlay",
        nargs="?",
        metavar="OVERLAY",
        help="a rule overlay YAML (or a bundled or project overlay's name) to compare with the book",
    )
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="only the scenarios of these feature files, folders or FILE:LINE (after OVERLAY, or with --rev)",
    )
    add_keyword_argument(p)
    p.add_argument(
        "--with-book",
        action="store_true",
        help="with OVERLAY, in a project: also diff the bundled corpus (the book's own rulings) "
        "under it; each changed scenario says which corpus it came from",
    )
    p.add_argument("--rev", metavar="GIT_REV", help="compare with the engine at this git revision instead")
    p.add_argument(
        "--own-corpus",
        action="store_true",
        help="with --rev: run the revision's own features instead of the current ones",
    )
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="with --rev: only this ruleset")
    p.add_argument(
        "--full", action="store_true", help="re-run every scenario, not only those that read what changed"
    )
    add_root_argument(p)
    p.add_argument("--json", action="store_true", help="print the diff as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.rev and args.overlay:  # with --rev every argument is a path
        args.paths, args.overlay = [args.overlay, *args.paths], None
    if bool(args.overlay) == bool(args.rev):
        raise InputError("diff", None, "", "give either an OVERLAY file or --rev GIT_REV (one of them)")
    paths = wanted(args)
    apply_to_args(args)
    if args.with_book and (args.rev or args.root.resolve() == PROJECT_ROOT.resolve()):
        raise InputError(
            "--with-book",
            None,
            "",
            "goes with OVERLAY in a project (a rulecheck.toml or [tool.rulecheck] table here or "
            "above, or --root): without one the bundled corpus runs alone",
        )
    if args.overlay:
        args.overlay = find_overlay(args.overlay, args.ruleset or rulesets(), args.root)
        if not (Path(args.overlay).exists() or Path(args.overlay).is_symlink()):
            raise InputError(args.overlay, None, "", "no such overlay file")
    refuse_a_project_without_features(args.root, args.ruleset or rulesets())
    if args.overlay:
        with progress.shown(args.quiet):
            diff = diff_overlay(
                args.overlay,
                args.root,
                full=args.full,
                paths=paths,
                pytest_args=selection_args(args),
                part_of_a_run=args.with_book,
            )
            if args.with_book:
                if paths and not diff.compared:
                    shown = " ".join(dict.fromkeys(w.text for w in paths))
                    raise InputError(shown, None, "", "selects no scenario of the rulesets run")
                book = diff_overlay(
                    args.overlay,
                    PROJECT_ROOT,
                    full=args.full,
                    pytest_args=selection_args(args),
                    part_of_a_run=True,
                )
                diff = with_the_book(diff, book)
    else:
        with progress.shown(args.quiet):
            diff = diff_revision(
                args.rev,
                args.root,
                args.ruleset,
                own_corpus=args.own_corpus,
                paths=paths,
                pytest_args=selection_args(args),
            )
    refuse_an_empty_keyword_selection(args, range(diff.compared))
    if args.json:
        print(json_output.dumps("diff", diff.to_json()))
    else:
        print(format_text(diff))
    return 1 if diff.changed else 0
