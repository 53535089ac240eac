"""`rulecheck merge-results A.json B.json ...`: one report from the JSON results of shards.

Takes the ``--json`` output of ``explore --shard K/N`` or ``mutate --shard K/N`` runs (all of one
kind) and prints the merged report, as JSON or as text. Exit 0, or 2 on bad input.

Each file is read through ``input_files.read_input`` (no pipes, folders or huge files), parsed as
strict JSON (no NaN or Infinity, no key twice, limited depth) and validated against
``rulecheck/schemas/<kind>.result.schema.json``. The files must then form one complete split of
one run: the same ``run`` settings in each, shards K/N of a single N, each K once and none
missing; a comparison (explore --all-interpretations) or a mutant in two shards is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulecheck import json_output
from rulecheck.help_text import parser_text
from rulecheck.input_files import MAX_RESULT_BYTES, MAX_RESULT_DEPTH, read_input_text
from rulecheck.output_overlap import Input, Output, refuse_overlaps
from rulecheck.ruleset_api import find, ruleset, unknown
from rulecheck.schema_check import parse_json, validate_json
from rulecheck.source_yaml import InputError


def register(sub) -> None:
    p = sub.add_parser(
        "merge-results",
        **parser_text(
            "merge the JSON results of explore or mutate shards into one report",
            """
            Join the --json results of `rulecheck explore --shard K/N` or `rulecheck mutate
            --shard K/N` runs (all of one kind) into one report: explore keeps per group the
            smaller witness and adds up the positions; mutate scores all mutants together. The
            files must be every shard of one run, each once: each is checked against its JSON
            Schema (rulecheck/schemas/), and shards of another split, of a run with other
            settings or rulebooks, given twice or missing are refused (exit 2).
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


# The result formats that merge, the list each holds, and the schema that documents it.
FORMATS = {
    json_output.document("explore", {})["format"]: ("explore", "explorations"),
    json_output.document("mutate", {})["format"]: ("mutate", "mutants"),
}


def _load(path: Path) -> dict:
    """One result, read through the one reader, parsed strictly and validated against its
    schema (``rulecheck/schemas/<kind>.result.schema.json``)."""
    text = read_input_text(path, MAX_RESULT_BYTES, "a JSON result of explore or mutate")
    data = parse_json(text, path, MAX_RESULT_DEPTH)
    format_name = data.get("format") if isinstance(data, dict) else None
    kind = FORMATS.get(format_name) if isinstance(format_name, str) else None
    if kind is None:
        raise InputError(path, None, "format", "not a JSON result of explore or mutate (--json)")
    if "run" not in data:
        raise InputError(
            path,
            None,
            "run",
            f"records no run settings (written by an older rulecheck?): run {kind[0]} again",
        )
    validate_json(data, f"{kind[0]}.result", path)
    _check_rulesets(path, data)
    return data


def _named_rulesets(data: dict):
    """Every place a result names a ruleset, as (field, name)."""
    run = data["run"]
    if run.get("ruleset") is not None:
        yield "run.ruleset", run["ruleset"]
    for i, name in enumerate(run.get("rulesets") or []):
        yield f"run.rulesets[{i}]", name
    for name in run.get("digests") or {}:
        yield f"run.digests.{name}", name
    for list_key in ("explorations", "mutants"):
        for i, item in enumerate(data.get(list_key) or []):
            yield f"{list_key}[{i}].ruleset", item["ruleset"]


def _check_rulesets(path: Path, data: dict) -> None:
    """The rulesets a result names are installed ones (the schema takes any name, so a result of
    a ruleset that another package adds merges like a bundled one's)."""
    for field, name in _named_rulesets(data):
        if find(name) is None:
            raise InputError(path, None, field, unknown(name))


def _shard(report: dict) -> tuple[int, int]:
    """A result's shard; a whole run (``shard: null``) is the one shard of one."""
    return tuple(report["shard"]) if report["shard"] else (1, 1)  # type: ignore[return-value]


def _show(value) -> str:
    text = json.dumps(value, sort_keys=True) if not isinstance(value, str) else value
    return text if len(text) <= 80 else text[:77] + "..."


def _names(shards) -> str:
    names = [f"{k}/{n}" for k, n in shards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def check_one_split(paths: list[Path], reports: list[dict]) -> None:
    """The files are the shards of one run, each once, all of them: anything else would count
    positions twice, leave mutants out, or join two runs into one report."""
    for path, report in zip(paths, reports, strict=True):
        k, n = _shard(report)
        if k > n:
            raise InputError(path, None, "shard", f"shard {k}/{n} does not exist: K is at most N")
    first, run = paths[0], reports[0]["run"]
    for path, report in zip(paths[1:], reports[1:], strict=True):
        other = report["run"]
        for key in sorted(set(run) | set(other)):
            if run.get(key) != other.get(key):
                raise InputError(
                    path,
                    None,
                    f"run.{key}",
                    f"a shard of a different run than {first}: {key} {_show(other.get(key))} here, "
                    f"{_show(run.get(key))} there",
                )
    n0 = _shard(reports[0])[1]
    for path, report in zip(paths, reports, strict=True):
        if _shard(report)[1] != n0:
            k, n = _shard(report)
            raise InputError(
                path,
                None,
                "shard",
                f"shard {k}/{n} is of another split than {first} (shard {_names([_shard(reports[0])])})",
            )
    seen: dict[tuple[int, int], Path] = {}
    for path, report in zip(paths, reports, strict=True):
        shard = _shard(report)
        if shard in seen:
            raise InputError(
                path,
                None,
                "shard",
                f"shard {_names([shard])} is given twice (also as {seen[shard]}): its results would be counted twice",
            )
        seen[shard] = path
    missing = [(k, n0) for k in range(1, n0 + 1) if (k, n0) not in seen]
    if missing:
        word, verb = ("shard", "is") if len(missing) == 1 else ("shards", "are")
        shown = missing if len(missing) <= 5 else missing[:5]
        more = f" (and {len(missing) - 5} more)" if len(missing) > 5 else ""
        raise InputError(
            first, None, "", f"{word} {_names(shown)}{more} {verb} missing: give every shard of the run"
        )


def _check_explorations(paths: list[Path], reports: list[dict]) -> None:
    from rulecheck.explore.report import _key

    owner: dict[tuple, Path] = {}
    for path, report in zip(paths, reports, strict=True):
        keys = set()
        for i, e in enumerate(report["explorations"]):
            explorer = ruleset(e["ruleset"]).explore
            if explorer is None or e["kind"] not in explorer.kinds:
                raise InputError(
                    path,
                    None,
                    f"explorations[{i}].kind",
                    f"{e['kind']!r} is not a kind of {e['ruleset']} position",
                )
            key = _key(e)
            if key in keys:
                raise InputError(path, None, f"explorations[{i}]", "this comparison is listed twice")
            keys.add(key)
            if report["run"]["all_interpretations"] and key in owner:
                # --all-interpretations splits the comparisons: each belongs to one shard.
                raise InputError(
                    path,
                    None,
                    f"explorations[{i}]",
                    f"{owner[key]} holds this comparison too: its positions would be counted twice",
                )
            owner.setdefault(key, path)
        if not report["run"]["all_interpretations"]:
            # One comparison split by seeds: every shard searched that same comparison.
            first = _key(reports[0]["explorations"][0]) if reports[0]["explorations"] else None
            if len(report["explorations"]) != 1 or _key(report["explorations"][0]) != first:
                raise InputError(
                    path,
                    None,
                    "explorations",
                    f"not the one comparison {paths[0]} searched: a shard of another run",
                )


def _check_mutants(paths: list[Path], reports: list[dict]) -> None:
    owner: dict[tuple[str, str], Path] = {}
    for path, report in zip(paths, reports, strict=True):
        for i, m in enumerate(report["mutants"]):
            key = (m["ruleset"], m["mutant"])
            if key in owner:
                where = "this file" if owner[key] == path else str(owner[key])
                raise InputError(
                    path,
                    None,
                    f"mutants[{i}]",
                    f"the mutant {m['mutant']!r} is also in {where}: it would count twice",
                )
            owner[key] = path
    total = reports[0]["run"]["mutants_in_run"]
    if len(owner) != total:
        raise InputError(
            paths[0],
            None,
            "",
            f"the shards hold {len(owner)} mutants, but the run had {total}: a shard is incomplete",
        )


def run(args) -> int:
    if args.output is not None:
        inputs = [Input(p, "the result") for p in args.results]
        refuse_overlaps([Output(args.output, "-o", folder=True)], inputs)
    reports = [_load(p) for p in args.results]
    kinds = {FORMATS[r["format"]][0] for r in reports}
    if len(kinds) > 1:
        raise InputError(args.results[0], None, "", "cannot merge explore results with mutate results")
    check_one_split(args.results, reports)
    if kinds == {"explore"}:
        from rulecheck.explore.report import format_text, from_json, merge, write_output

        _check_explorations(args.results, reports)
        merged = merge(reports)
        explorations = from_json(merged)
        text = json.dumps(merged, indent=2) if args.json else format_text(explorations, scenarios=False)
    else:
        from rulecheck.mutation import format_merged, merge_results

        _check_mutants(args.results, reports)
        merged = json_output.document("mutate", merge_results(reports))
        text = json.dumps(merged, indent=2) if args.json else format_merged(merged)
    if kinds == {"explore"} and args.output is not None:
        try:
            write_output(args.output, explorations, merged)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # The schema checks what the report and the merge read; a witness's position is
            # only read here, by the scenario writer, which expects one explore drew.
            raise InputError(
                ", ".join(map(str, args.results)),
                None,
                "",
                f"a witness's position is not one explore wrote, so no scenario can be written: {type(exc).__name__} {exc}",
            ) from None
    print(text)
    return 0
