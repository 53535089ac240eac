"""`rulecheck merge-results A.json B.json ...`: one report from the JSON results of shards.

Takes the ``--json`` output of ``explore --shard K/N`` or ``mutate --shard K/N`` runs (all of one
kind) and prints the merged report, as JSON or as text. Exit 0, or 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck import json_output
from rulecheck.help_text import parser_text
from rulecheck.output_overlap import Input, Output, refuse_overlaps
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
    kind = FORMATS.get(data.get("format")) if isinstance(data, dict) else None
    if kind is None or not isinstance(data.get(kind[1]), list):
        raise InputError(path, None, "format", "not a JSON result of explore or mutate (--json)")
    return data


# The result formats that merge, and the list each holds.
FORMATS = {
    json_output.document("explore", {})["format"]: ("explore", "explorations"),
    json_output.document("mutate", {})["format"]: ("mutate", "mutants"),
}


def run(args) -> int:
    if args.output is not None:
        inputs = [Input(p, "the result") for p in args.results]
        refuse_overlaps([Output(args.output, "-o", folder=True)], inputs)
    reports = [_load(p) for p in args.results]
    kinds = {FORMATS[r["format"]][0] for r in reports}
    if len(kinds) > 1:
        raise InputError(args.results[0], None, "", "cannot merge explore results with mutate results")
    try:
        if kinds == {"explore"}:
            from rulecheck.explore.report import format_text, from_json, merge, write_output

            merged = merge(reports)
            explorations = from_json(merged)
            text = json.dumps(merged, indent=2) if args.json else format_text(explorations, scenarios=False)
        else:
            from rulecheck.mutation import format_merged, merge_results

            merged = merge_results(reports)
            text = json.dumps(merged, indent=2) if args.json else format_merged(merged)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        # A file that says it is such a result but is not shaped like one (edited, truncated).
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        files = ", ".join(str(p) for p in args.results)
        raise InputError(
            files, None, "", f"not shaped like a result of {next(iter(kinds))} --json: {what}"
        ) from None
    if kinds == {"explore"} and args.output is not None:
        write_output(args.output, explorations, merged)
    print(text)
    return 0
