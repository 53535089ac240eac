"""`rulecheck docs OUT_DIR`: run the corpus and write the living documentation as static HTML."""

from __future__ import annotations

from pathlib import Path

from rulecheck import json_output, progress
from rulecheck.commands.check import (
    add_exitfirst_argument,
    add_keyword_argument,
    add_path_arguments,
    add_root_argument,
    add_with_book_argument,
    refuse_a_project_without_features,
    refuse_the_book_without_a_project,
    selection_args,
)
from rulecheck.docs_site import build_site
from rulecheck.help_text import parser_text
from rulecheck.project_config import apply_to_args
from rulecheck.ruleset_api import ruleset_names as rulesets
from rulecheck.wording import plural


def register(sub) -> None:
    p = sub.add_parser(
        "docs",
        **parser_text(
            "write a static HTML site: features, diagrams, results, coverage",
            """
            Run the corpus and write a static site (plain HTML and SVG, no server) into OUT_DIR:
            one page per feature with each scenario's steps, its tags linked to the clauses, its
            diagram, result and explanation trace; an index by rulebook section with coverage;
            the interpretations; a page of every scenario to filter by result and tag and to
            search. Exit 1, after writing the site, if a scenario failed (as check does).
            """,
            [
                ("rulecheck docs site/", "the whole corpus; open site/index.html"),
                (
                    'rulecheck docs site/ --tags "@example"',
                    "only the scenarios that rebuild the book's illustrations",
                ),
                ("rulecheck docs site/ --json", "print what was written as JSON (format rulecheck.docs/1)"),
            ],
        ),
    )
    p.add_argument("out_dir", type=Path)
    add_path_arguments(p)
    add_root_argument(p)
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="only this ruleset (repeatable)")
    p.add_argument("--tags", metavar="EXPR", help="only the scenarios matching this tag expression")
    add_keyword_argument(p)
    add_exitfirst_argument(p)
    add_with_book_argument(p)
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.add_argument(
        "--force",
        action="store_true",
        help="write into a non-empty folder rulecheck did not build (its other files are kept)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from rulecheck.commands.check import wanted

    paths = wanted(args)
    apply_to_args(args)
    refuse_a_project_without_features(args.root, args.ruleset or rulesets())
    refuse_the_book_without_a_project(args.root, getattr(args, "with_book", False))
    with progress.shown(args.quiet):
        summary = build_site(
            args.out_dir,
            args.root,
            args.ruleset,
            args.tags,
            force=args.force,
            paths=paths,
            pytest_args=selection_args(args),
            keyword=args.keyword,
            with_book=args.with_book,
        )
    index = (args.out_dir / "index.html").resolve()
    # The site is written either way (its pages show the failures); the exit status says, as
    # check's does, whether every scenario passed.
    status = 1 if summary["outcomes"].get("failed") else 0
    if args.json:
        print(json_output.dumps("docs", {**summary, "out_dir": str(args.out_dir), "index": index.as_uri()}))
        return status
    outcomes = ", ".join(f"{n} {k}" for k, n in sorted(summary["outcomes"].items()))
    print(
        f"wrote {plural(summary['pages'], 'page')} for {plural(summary['scenarios'], 'scenario')} ({outcomes}) to {args.out_dir}"
    )
    print(f"open {index.as_uri()}")
    return status
