"""`rulecheck check`: run the feature corpus and print pass/fail per clause."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulecheck.corpus import PROJECT_ROOT, run_corpus
from rulecheck.overlays import load_overlay
from rulecheck.report import build_report, format_text
from rules.rulebook import load, rulesets


def register(sub) -> None:
    p = sub.add_parser(
        "check", help="run the scenario corpus; pass/fail per clause (exit 0 only if all pass)"
    )
    p.add_argument("--root", type=Path, default=PROJECT_ROOT, help="project holding features/ and tests/")
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="only this ruleset (repeatable)")
    p.add_argument(
        "--tags", metavar="EXPR", help='tag expression, e.g. "@faq and not @ruling:interpretation"'
    )
    p.add_argument("--rules", action="append", default=[], metavar="OVERLAY", help="run under a rule overlay")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("-v", "--verbose", action="store_true", help="list uncovered clauses one by one too")
    p.set_defaults(func=run)


def rulebooks_for(names, overlay_files):
    """The rulebooks in force: each ruleset's book with the overlays that name it applied."""
    books = {name: load(name) for name in names}
    for path in overlay_files:
        ov = load_overlay(path)
        if ov.ruleset in books:
            books[ov.ruleset] = books[ov.ruleset].with_changes(ov.parameters, ov.interpretations, ov.name)
    return books


def run(args) -> int:
    names = args.ruleset or rulesets()
    books = rulebooks_for(names, args.rules)  # validates overlays before any scenario runs
    corpus = run_corpus(args.root, names, tags=args.tags, overlays=args.rules)
    report = build_report(corpus, books)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print(format_text(report, verbose=args.verbose))
    return 0 if report["ok"] else 1
