"""docs/steps.md is the reference of the step dialect: every step phrasing the step library
defines must appear there, written as `rulecheck steps` prints it, so a new step cannot go
undocumented, and every table a step reads must have its columns listed."""

from __future__ import annotations

from pathlib import Path

from rulecheck.step_catalogue import catalogue, readable
from rulecheck_gundam_assemble.steps.attack import STATE_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "steps.md").read_text(encoding="utf-8")


def test_every_step_phrasing_is_documented():
    phrasings = {readable(p.pattern) for p in catalogue(ROOT)}
    missing = sorted(p for p in phrasings if f"`{p}`" not in PAGE)
    assert not missing, "docs/steps.md lacks these steps:\n" + "\n".join(missing)


def test_every_documented_step_exists():
    """A step row whose phrasing no step defines any more is stale."""
    phrasings = {readable(p.pattern) for p in catalogue(ROOT)}
    section = PAGE[PAGE.index("## Every step") :]
    rows = [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]
    assert sorted(set(rows) - phrasings) == []


def test_the_unit_states_table_lists_every_column_the_step_reads():
    section = PAGE[
        PAGE.index("**`Given the unit states:`**") : PAGE.index("**`Given the multibase units:`**")
    ]
    for column in STATE_COLUMNS:
        assert f"| `{column}` |" in section, column
