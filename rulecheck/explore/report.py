"""Explore results: the JSON report, its text form, merging shards, and the output folder.

The JSON report (``format: rulecheck.explore/1``) holds one entry per comparison with its
witnesses; ``merge`` joins the reports of several shards: the same comparison met in two shards
keeps, per group of first divergence, the smaller witness, and adds up the positions compared.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from rulecheck import json_output
from rulecheck.explore.gherkin_writer import diagram, feature_text, key_words
from rulecheck.explore.search import CANDIDATE_EVIDENCE, Exploration
from rulecheck.source_yaml import InputError

FORMAT = json_output.document("explore", {})["format"]  # rulecheck.explore/N, like every command
MARKER = ".rulecheck-explore"


def report_json(
    explorations: list[Exploration], shard: tuple[int, int] | None = None, run: dict[str, Any] | None = None
) -> dict[str, Any]:
    """``run``: the settings of the whole run (``run_settings``), the same in each of its shards."""
    return {
        "format": FORMAT,
        "shard": list(shard) if shard else None,
        "run": run,
        "explorations": [e.to_json() for e in explorations],
    }


def run_settings(args) -> dict[str, Any]:
    """What an ``explore`` run was asked to do, as its JSON records it: shards that differ here
    searched different things and must not be merged."""
    from rulecheck import run_identity

    return {
        "command": "explore",
        **run_identity.common(),
        "sides": list(args.sides),
        "rev": args.rev,
        "ruleset": args.ruleset,
        "kind": args.kind,
        "all_interpretations": bool(args.all_interpretations),
        "budget": args.budget,
        "seed": args.seed,
        "max_positions": args.max_positions,
        "shrink": args.shrink,
        "max_groups": args.max_groups,
        # only when given: shards of runs without it record what they always did
        **({"with_book": True} if getattr(args, "with_book", False) else {}),
    }


def _key(e: dict[str, Any]) -> tuple:
    return (e["ruleset"], e["kind"], e["old"]["label"], e["new"]["label"])


def _seeds(e: dict[str, Any]) -> list[int]:
    """The seeds an exploration searched: its own, or those of the shards a merge joined."""
    return list(e.get("seeds") or [e["seed"]])


def merge(reports: list[dict[str, Any]]) -> dict[str, Any]:
    merged: dict[tuple, dict[str, Any]] = {}
    for report in reports:
        for e in report["explorations"]:
            key = _key(e)
            if key not in merged:
                merged[key] = {**e, "witnesses": list(e["witnesses"]), "seeds": _seeds(e)}
                continue
            m = merged[key]
            m["positions"] += e["positions"]
            if m.get("asked") is not None or e.get("asked") is not None:
                m["asked"] = (m.get("asked") or 0) + (e.get("asked") or 0)
            m["seconds"] = round(m["seconds"] + e["seconds"], 2)
            m["seeds"] += _seeds(e)
            groups = {w["group"]: i for i, w in enumerate(m["witnesses"])}
            for w in e["witnesses"]:
                if w["group"] not in groups:
                    groups[w["group"]] = len(m["witnesses"])
                    m["witnesses"].append(w)
                elif w["size"] < m["witnesses"][groups[w["group"]]]["size"]:
                    m["witnesses"][groups[w["group"]]] = w
            m["differs"] = bool(m["witnesses"])
            if "verdict" in m and m["witnesses"]:
                m["verdict"] = "differs"
    out = []
    for m in merged.values():
        m["witnesses"].sort(key=lambda w: (w["size"], w["group"]))
        out.append(m)
    return {
        "format": FORMAT,
        "shard": None,
        "shards": [r.get("shard") for r in reports],
        "run": reports[0].get("run") if reports else None,
        "explorations": out,
    }


def from_json(data: dict[str, Any]) -> list[Exploration]:
    return [Exploration.from_json(e) for e in data["explorations"]]


# --- text ------------------------------------------------------------------------------------------


def _show(v: Any) -> str:
    from rulecheck.explore.gherkin_writer import _values

    return _values(v)


def format_text(explorations: list[Exploration], scenarios: bool = True, assert_side: str = "new") -> str:
    from rulecheck.explore.gherkin_writer import scenario_text

    out = []
    for e in explorations:
        corpus = f"  [{e.corpus}]" if e.corpus else ""  # in a project: whose overlay or reading
        out.append(f"{e.ruleset} {e.kind}: {e.old['label']}  vs  {e.new['label']}{corpus}")
        for name, (count, message) in e.unusable.items():
            out.append(f"  the {name} side's engine failed on {count} positions, first: {message[:200]}")
        if not e.witnesses and not e.positions:
            out.append("  no position could be compared: nothing is known about this pair")
            continue
        if not e.witnesses:
            why = "hypothesis ran out of new positions" if e.exhausted else f"{e.budget:g} s budget"
            if e.asked == 0:
                # Nothing was compared where the change could matter: no claim either way.
                out.append(f"  not reached: none of {e.positions} positions ({why}) asked for what changes")
                continue
            asked = f"; {e.asked} asked for what changes" if e.asked is not None else ""
            verdict = e.verdict
            if verdict == "undecided":
                verdict += f" (candidate equivalent needs {CANDIDATE_EVIDENCE} positions that could differ)"
            out.append(f"  no difference found in {e.positions} positions ({why}{asked}): {verdict}")
            continue
        out.append(
            f"  {len(e.witnesses)} group(s) of witnesses in {e.positions} positions ({e.seconds:.1f} s, seed {e.seed})"
        )
        for i, w in enumerate(e.witnesses, 1):
            d = w.divergence
            out.append(f"  group {i}: traces part at event {d.index + 1}: {d.key}")
            for k, (a, b) in w.changes.items():
                out.append(f"      {key_words(k)}: {_show(a)} -> {_show(b)}")
            if scenarios:
                text = scenario_text(e, w, i, assert_side)
                out += [
                    "      " + line
                    for line in (text or "  (no corpus step asserts these values)").splitlines()
                ]
    return "\n".join(out)


# --- the output folder --------------------------------------------------------------------------


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:60] or "explored"


def feature_name(e: Exploration) -> str:
    """``explored_<what changes>.feature``, named after the side that is not the book."""
    side = e.new if not e.new.get("label", "").endswith("as the book has it") else e.old
    return f"explored_{e.kind}_{slug(side['label'])}"


def check_output_dir(out: Path) -> None:
    """Refuse a folder that holds files rulecheck did not write there."""
    if out.exists() and not out.is_dir():
        raise InputError(out, None, "-o", "exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError(out, None, "-o", "the folder is not empty and was not written by rulecheck explore")


def write_output(
    out: Path, explorations: list[Exploration], report: dict[str, Any], assert_side: str = "new"
) -> list[Path]:
    """Features (one per comparison with witnesses), diagrams and the JSON report, written into
    a fresh folder beside ``out`` and renamed over it in one step (the old folder, moved aside
    first, is put back if that step fails). An ``OSError`` is one line naming the file."""
    import json

    from rulecheck.output_files import signals_held, temporary, write_new

    given = out
    check_output_dir(out)
    out = out.resolve()
    stack = contextlib.ExitStack()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = stack.enter_context(temporary(out.parent, f".{out.name}.", ".partial", folder=True))
    except OSError as exc:
        raise InputError(given, None, "-o", f"cannot write here: {exc.strerror or exc}") from None
    written: list[Path] = []
    with stack:
        try:
            tmp.chmod(0o755)  # a temporary folder is private (0700); the result should not be
            write_new(tmp / MARKER, "written by rulecheck explore; safe to replace\n")
            write_new(tmp / "explore.json", json.dumps(report, indent=2, default=str) + "\n")
            for e in explorations:
                if not e.witnesses:
                    continue
                text, indexes = feature_text(e, assert_side)
                if not indexes:
                    continue
                folder = tmp / e.ruleset
                folder.mkdir(exist_ok=True)
                name = feature_name(e)
                write_new(folder / f"{name}.feature", text)
                written.append(out / e.ruleset / f"{name}.feature")
                for i in indexes:
                    svg = diagram(e, e.witnesses[i], assert_side)
                    write_new(folder / f"{name}_{i + 1}.svg", svg)
        except OSError as exc:
            name = Path(exc.filename) if isinstance(exc.filename, str) else tmp
            shown = Path(given) / name.relative_to(tmp) if name.is_relative_to(tmp) else name
            raise InputError(shown, None, "-o", f"cannot write: {exc.strerror or exc}") from None
        check_output_dir(given)  # it may have changed during the search
        with signals_held():
            old, done = None, False
            try:
                if out.exists():
                    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
                    os.replace(out, old / "previous")
                try:
                    os.replace(tmp, out)
                    done = True
                except OSError:
                    if old is not None:
                        os.replace(old / "previous", out)
                    raise
            except OSError as exc:
                raise InputError(
                    given, None, "-o", f"cannot write the folder: {exc.strerror or exc}"
                ) from None
            finally:
                # the old folder goes only once the new one is in place (or it was put back)
                if old is not None and (done or not (old / "previous").exists()):
                    shutil.rmtree(old, ignore_errors=True)
    return written
