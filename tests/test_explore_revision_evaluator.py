"""``explore --rev``: the evaluator (the game's scenario format with its engine) is the revision's.

The worker imports the ruleset's evaluator module, named by ``Explorer.evaluator`` as
``module:function``, from the revision's checkout; a revision that does not have that file is
refused in one line before any search starts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rulecheck.explore.versions import at_revision, parse_side
from rulecheck.source_yaml import InputError

EVALUATOR = Path("rulecheck_multibase/evaluate.py")


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-C", str(repo), *args],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "a revision")
    return root


def _leftovers(root: Path) -> list[str]:
    return [line for line in _git(root, "worktree", "list").splitlines() if "rulecheck-explore-rev" in line]


def test_the_revisions_own_evaluator_rules_on_each_position(tmp_path):
    # A revision whose multibase evaluator rules every attack the same made-up way: the answer
    # can only come from that file, not from this checkout's evaluator.
    root = _project(
        tmp_path,
        {
            "rulecheck/__init__.py": "",
            "rulecheck/rulesets/__init__.py": "",
            str(EVALUATOR): (
                "def attack(position, rules, catalogue=None):\n"
                "    return {'outcome': {'ruled by': 'the revision'}, 'events': [], 'dice_used': {}}\n"
            ),
        },
    )
    side = at_revision(parse_side("book", "multibase"), "HEAD", root)
    try:
        answer = side.evaluate("attack", {"units": [], "attack": {}, "dice": {}})
    finally:
        side.close()
    assert answer["outcome"] == {"ruled by": "the revision"}
    assert _leftovers(root) == []


def test_a_revision_without_the_evaluator_is_refused_in_one_line(tmp_path):
    root = _project(tmp_path, {"README": "older than the evaluator\n"})
    sha = _git(root, "rev-parse", "HEAD").strip()
    # This checkout of the project has the evaluator; the revision does not.
    (root / EVALUATOR).parent.mkdir(parents=True)
    (root / EVALUATOR).write_text("")
    with pytest.raises(InputError) as refused:
        at_revision(parse_side("book", "multibase"), "HEAD", root)
    assert (refused.value.file, refused.value.line) == ("--rev", None)
    assert (
        refused.value.message
        == f"HEAD ({sha[:10]}) has no {EVALUATOR.as_posix()}, the evaluator explore runs"
    )
    assert _leftovers(root) == []  # the worktree made to look is gone
