"""`rulecheck report`: the traceability report (every clause with its scenarios and their result,
the clauses nobody covers, the interpretations in force with their dependants, the FAQ ledger by
status) as text, JSON or Markdown. Exit 1 if a scenario failed or a tag names something the
rulebook does not have, as `rulecheck check` does."""

from __future__ import annotations

from rulecheck.commands.check import add_corpus_arguments, corpus_report, dry_run, render
from rulecheck.help_text import parser_text


def register(sub) -> None:
    p = sub.add_parser(
        "report",
        **parser_text(
            "traceability report: clauses, coverage, interpretations, FAQ ledger",
            """
            Run the corpus and print the full traceability report: every clause with the
            scenarios that cover it and their results, the clauses nobody covers, the
            interpretations in force with the scenarios that rest on them, and the FAQ ledger by
            status. Like check, it exits 1 if a scenario fails.
            """,
            [
                (
                    "rulecheck report --format markdown > COMPLIANCE.md",
                    "a compliance page for the repository",
                ),
                (
                    "rulecheck report --ruleset multibase --json",
                    "one ruleset, as JSON (format rulecheck.report/1)",
                ),
            ],
        ),
    )
    add_corpus_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    if args.dry_run:
        return dry_run(args)
    report = corpus_report(args)
    print(render(report, "json" if args.json else args.format, verbose=True, kind="report"))
    return 0 if report["ok"] else 1
