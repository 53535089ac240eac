"""`rulecheck report`: the traceability report (every clause with its scenarios and their result,
the clauses nobody covers, the interpretations in force with their dependants, the FAQ ledger by
status) as text, JSON or Markdown. Exit 1 if a scenario failed or a tag names something the
rulebook does not have, as `rulecheck check` does."""

from __future__ import annotations

from rulecheck.commands.check import FORMATS, add_corpus_arguments, corpus_report, render


def register(sub) -> None:
    p = sub.add_parser("report", help="traceability report: clauses, coverage, interpretations, FAQ ledger")
    add_corpus_arguments(p)
    p.add_argument("--format", choices=FORMATS, default="text", help="text (default), json or markdown")
    p.set_defaults(func=run)


def run(args) -> int:
    report = corpus_report(args)
    print(render(report, args.format, verbose=True))
    return 0 if report["ok"] else 1
