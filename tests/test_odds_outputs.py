"""`rulecheck odds` prints the same thing on every bundled scenario as it did when the odds stopped
subclassing the engine's private resolver and adding up Accuracy a second time (issue 25, item 4).

tests/odds_outputs.json holds, for every scenario file under scenarios/, under the book and under
each bundled overlay of its ruleset and each option of the interpretations the odds ask about,
the exit status, what `odds` and `odds --json` print (as SHA-256 digests: the record stays small)
and what they say on stderr. Recorded before that change; regenerate only for a change of the odds
that is meant: ``python tests/test_odds_outputs.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sys
from pathlib import Path

import pytest

from rulecheck.cli import main
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent
RECORD = Path(__file__).with_name("odds_outputs.json")
# The readings rulecheck_gundam_assemble/engine/odds.py itself asks about, each option as an overlay.
ODDS_READINGS = {"gundam_assemble": ("disarm_effect", "aoe_crit_effect_scope")}


def scenarios() -> list[Path]:
    return sorted(p for p in ROOT.glob("rulecheck_*/scenarios/*/*.yaml") if p.name != "units.yaml")


def rule_sets(ruleset: str, folder: Path) -> dict[str, Path | None]:
    """The book (None), each bundled overlay, and an overlay per option of each reading above."""
    found: dict[str, Path | None] = {"book": None}
    for overlay in sorted((ROOT / f"rulecheck_{ruleset}" / "engine" / "overlays").glob("*.yaml")):
        found[overlay.stem] = overlay
    book = load(ruleset)
    for name in ODDS_READINGS.get(ruleset, ()):
        for option in book.interpretations[name].options:
            path = folder / f"{name}={option}.yaml"
            path.write_text(
                f"ruleset: {ruleset}\nname: {name}={option}\ninterpretations:\n  {name}: {option}\n",
                encoding="utf-8",
            )
            found[f"{name}={option}"] = path
    return found


def _odds(argv: list[str]) -> dict:
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(ROOT)  # paths in the output are relative to the checkout
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(old)
    printed = out.getvalue()
    return {
        "exit": code,
        "stdout_sha256": hashlib.sha256(printed.encode()).hexdigest(),
        "stderr": err.getvalue(),
    }


def outputs(folder: Path) -> dict[str, dict]:
    found = {}
    overlays_by_ruleset: dict[str, dict[str, Path | None]] = {}
    for scenario in scenarios():
        ruleset = scenario.parent.name
        if ruleset not in overlays_by_ruleset:
            overlays_by_ruleset[ruleset] = rule_sets(ruleset, folder)
        rel = str(scenario.relative_to(ROOT))
        for label, overlay in overlays_by_ruleset[ruleset].items():
            rules = ["--rules", str(overlay)] if overlay else []
            found[f"{rel} under {label}"] = {
                "text": _odds(["odds", rel, *rules]),
                "json": _odds(["odds", rel, *rules, "--json"]),
            }
    return found


def _placeless(record: dict, folder: Path) -> dict:
    """The record with the temporary overlay folder's path written as a placeholder."""
    return json.loads(json.dumps(record).replace(str(folder), "OVERLAYS"))


@pytest.mark.slow  # about 150 odds runs
def test_odds_print_on_every_bundled_scenario_what_they_printed_before(tmp_path):
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    now = _placeless(outputs(tmp_path), tmp_path)
    assert sorted(now) == sorted(recorded)
    # Most runs give odds; some are refused in one line (a reroll, an attack that cannot be made).
    assert sum(r["text"]["exit"] == 0 for r in now.values()) > len(now) // 2
    assert len({r["text"]["stdout_sha256"] for r in now.values()}) > 50  # they differ by scenario and reading
    for key in recorded:
        assert now[key] == recorded[key], key


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        record = _placeless(outputs(Path(folder)), Path(folder))
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(record)} runs recorded in {RECORD.relative_to(ROOT)}", file=sys.stderr)
