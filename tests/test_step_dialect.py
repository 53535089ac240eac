"""One step dialect across both rulesets, and `rulecheck steps` listing every phrasing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rulecheck.step_catalogue import catalogue

ROOT = Path(__file__).resolve().parent.parent
STEP = re.compile(r"^\s*(Given|When|Then|And|But)\s+(.*)$")
QUOTED = re.compile(r'"[^"]*"')


def piece_names() -> set[str]:
    """Every name in a `name` column of a Gundam Assemble feature table."""
    names = set()
    for path in (ROOT / "rulecheck_gundam_assemble" / "features" / "gundam_assemble").glob("*.feature"):
        header = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip().startswith("|"):
                header = None
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
            elif "name" in header:
                names.add(cells[header.index("name")])
    return names


def test_every_piece_name_in_a_step_is_quoted():
    names = sorted(piece_names(), key=len, reverse=True)
    assert "Cara's Strider" in names
    bare = []
    for path in sorted(ROOT.glob("rulecheck_*/features/**/*.feature")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = STEP.match(line)
            if not m:
                continue
            outside = QUOTED.sub("", m.group(2))
            bare += [
                f"{path.name}:{n}: {name}"
                for name in names
                if re.search(rf"(?<![\w']){re.escape(name)}(?!\w)", outside)
            ]
            if "multibase" in path.parts and re.search(r"rolls \d+ \d", outside):
                bare.append(f"{path.name}:{n}: dice without commas")
    assert bare == []


def test_steps_lists_every_phrasing_with_an_example_from_the_corpus():
    found = catalogue(ROOT)
    by_pattern = {p.pattern: p for p in found}
    attack = by_pattern[
        r"(?P<attacker>.+?) attacks (?P<target>.+?) with (?P<weapon>.+?) and rolls (?P<faces>[\d, and]+)$"
    ]
    assert attack.kind == "when" and re.fullmatch(
        r'When "[^"]+" attacks "[^"]+" with "[^"]+" and rolls [\d, ]+', attack.example
    )
    feature, line = attack.where.rsplit(":", 1)
    assert (
        attack.example.split(" ", 1)[1]
        in (ROOT / f"rulecheck_{Path(feature).parts[1]}" / feature)
        .read_text(encoding="utf-8")
        .splitlines()[int(line) - 1]
    )
    # the step that is run for "is not defeated" is credited with it, not "{name} is defeated"
    assert " is not " not in (by_pattern["{name} is defeated"].example or "")
    assert sum(p.example is not None for p in found) > 0.8 * len(found)
    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "steps", "--json"], capture_output=True, text=True, cwd=ROOT
    )
    listed = json.loads(proc.stdout)
    assert listed["format"] == "rulecheck.steps/1" and len(listed["steps"]) == len(found)
