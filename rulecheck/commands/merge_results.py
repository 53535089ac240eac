"""`rulecheck merge-results A.json B.json ...`: one report from the JSON results of shards.

Takes the ``--json`` output of ``explore --shard K/N`` or ``mutate --shard K/N`` runs (all of one
kind) and prints the merged report, as JSON or as text. Exit 0, or 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck.help_text import parser_text
from rulecheck.source_yaml import InputError


def register(sub) -> None:
    p = sub.add_parser(
        "merge-results",
        **parser_text(
            "merge the JSON results of explore or mutate shards into one report",
            """
            Join the --json results of `rulecheck explore --shard K/N` or `rulecheck mutate
            --shard K/N` runs (all of one kind) into one report: explore keeps per group the
            smaller witness and adds up the positions; mutate scores all mutants together.
            """,
            [
                ("rulecheck merge-results shard1.json shard2.json", "one report from two shards"),
                ("rulecheck merge-results a.json b.json --json", "the merged report as JSON"),
            ],
        ),
    )
    p.add_argument("results", nargs="+", type=Path, metavar="RESULT.json")
    p.add_argument("--json", action="store_true", help="print the merged report as JSON")
    p.add_argument(
        "-o", "--output", type=Path, metavar="DIR", help="explore results: write the merged scenarios here"
    )
    p.set_defaults(func=run)


def _load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, None, "", "no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise InputError(path, line, "", "not a JSON result of explore or mutate") from None
    if not isinstance(data, dict) or not ("explorations" in data or "mutants" in data):
        raise InputError(path, None, "", "not a JSON result of explore or mutate (--json)")
    return data


def run(args) -> int:
    reports = [_load(p) for p in args.results]
    kinds = {"explore" if "explorations" in r else "mutate" for r in reports}
    if len(kinds) > 1:
        raise InputError(args.results[0], None, "", "cannot merge explore results with mutate results")
    if kinds == {"explore"}:
        from rulecheck.explore.report import format_text, from_json, merge, write_output

        merged = merge(reports)
        explorations = from_json(merged)
        if args.output is not None:
            write_output(args.output, explorations, merged)
        print(json.dumps(merged, indent=2) if args.json else format_text(explorations, scenarios=False))
        return 0
    from rulecheck.mutation import format_merged, merge_results

    merged = merge_results(reports)
    print(json.dumps(merged, indent=2) if args.json else format_merged(merged))
    return 0
