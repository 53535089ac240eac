"""`rulecheck diff OVERLAY` / `rulecheck diff --rev GIT_REV`: which rulings a rule change overturns.

Lists each scenario whose outcome (pass/fail and the values it recorded) changed, old against
new, grouped by clause. Exit 1 if anything changed, 0 if nothing did, 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck.corpus import PROJECT_ROOT, project_root
from rulecheck.ruling_diff import diff_overlay, diff_revision, format_text
from rulecheck.source_yaml import InputError
from rules.rulebook import rulesets


def register(sub) -> None:
    p = sub.add_parser(
        "diff",
        help="run the corpus under a rule overlay or another revision; list changed rulings (exit 1 if any)",
    )
    p.add_argument(
        "overlay", nargs="?", metavar="OVERLAY", help="a rule overlay YAML to compare with the book"
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
    p.add_argument(
        "--root", type=project_root, default=PROJECT_ROOT, help="project holding features/ and tests/"
    )
    p.add_argument("--json", action="store_true", help="print the diff as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    if bool(args.overlay) == bool(args.rev):
        raise InputError("diff", None, "", "give either an OVERLAY file or --rev GIT_REV (one of them)")
    if args.overlay:
        if not Path(args.overlay).is_file():
            raise InputError(args.overlay, None, "", "no such overlay file")
        diff = diff_overlay(args.overlay, args.root, full=args.full)
    else:
        diff = diff_revision(args.rev, args.root, args.ruleset, own_corpus=args.own_corpus)
    if args.json:
        print(json.dumps(diff.to_json(), indent=2, default=str))
    else:
        print(format_text(diff))
    return 1 if diff.changed else 0
