"""`rulecheck docs OUT_DIR`: run the corpus and write the living documentation as static HTML."""

from __future__ import annotations

from pathlib import Path

from rulecheck.corpus import PROJECT_ROOT, project_root
from rulecheck.docs_site import build_site
from rules.rulebook import rulesets


def register(sub) -> None:
    p = sub.add_parser("docs", help="write a static HTML site: features, diagrams, results, coverage")
    p.add_argument("out_dir", type=Path)
    p.add_argument(
        "--root", type=project_root, default=PROJECT_ROOT, help="project holding features/ and tests/"
    )
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="only this ruleset (repeatable)")
    p.add_argument("--tags", metavar="EXPR", help="only the scenarios matching this tag expression")
    p.add_argument(
        "--force",
        action="store_true",
        help="write into a non-empty folder rulecheck did not build (its other files are kept)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    summary = build_site(args.out_dir, args.root, args.ruleset, args.tags, force=args.force)
    outcomes = ", ".join(f"{n} {k}" for k, n in sorted(summary["outcomes"].items()))
    print(
        f"wrote {summary['pages']} pages for {summary['scenarios']} scenarios ({outcomes}) to {args.out_dir}"
    )
    print(f"open {(args.out_dir / 'index.html').resolve().as_uri()}")
    return 0
