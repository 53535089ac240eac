"""scripts/split_rulesets.py on a small repository in the layout before the split: it moves each
game's files into its package (a file added at an old place too), rewrites the references, leaves
a user's project layout and the README alone, lists what it did not rewrite, and a second run
changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "split_rulesets.py"

OLD_LAYOUT = {
    "rules/__init__.py": "",
    "rules/dice.py": "FACES = 6\n",
    "rules/gundam_assemble/__init__.py": "",
    "rules/gundam_assemble/board.py": "class Board:\n    pass\n",
    "rules/gundam_assemble/attack.py": "from rules.dice import FACES\nfrom rules.gundam_assemble.board import Board\n",
    "rules/gundam_assemble/rulebook.yaml": "title: book\n",
    "rules/gundam_assemble/overlays/house.yaml": "name: house\n",
    "rules/multibase/__init__.py": "",
    "rules/multibase/attack.py": "def resolve():\n    return 1\n",
    "rulecheck/__init__.py": "",
    "rulecheck/card_plugins.py": "import rules.gundam_assemble.board as board\n",
    "rulecheck/rulesets/__init__.py": "",
    "rulecheck/rulesets/multibase.py": "from rules.multibase.attack import resolve\n",
    "rulecheck/rulesets/multibase_strategies.py": "from rulecheck.rulesets import multibase\n",
    "steps/__init__.py": "",
    "steps/common.py": "SHARED = 1\n",
    "steps/multibase.py": "from rulecheck.rulesets.multibase import resolve\n",
    "features/multibase/attack.feature": "Feature: attack\n",
    "scenarios/gundam_assemble/hill.yaml": "ruleset: gundam_assemble\n",
    "tests/test_x.py": (
        "from pathlib import Path\n\n"
        "from rulecheck.rulesets import multibase_strategies\n\n"
        'ROOT = Path(__file__).resolve().parent.parent\nHILL = ROOT / "scenarios" / "gundam_assemble" / "hill.yaml"\n'
    ),
    "docs/guide.md": (
        "Run `rulecheck explain scenarios/gundam_assemble/hill.yaml`.\n"
        "In your project, write features/multibase/mine.feature.\n"
        "The engine is in rules/multibase.\n"
    ),
    "README.md": "rulecheck explain scenarios/gundam_assemble/hill.yaml\n",
    "pyproject.toml": (
        '[project.entry-points."rulecheck.rulesets"]\nmultibase = "rulecheck.rulesets.multibase:ADAPTER"\n\n'
        '[tool.mutmut]\nsource_paths = ["rules/"]\n'
    ),
}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def _split(repo: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=repo, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    for name, text in OLD_LAYOUT.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old layout")
    # someone's new module at an old place, not yet added to git
    (tmp_path / "rules/gundam_assemble/new_thing.py").write_text("from rules.gundam_assemble import board\n")
    return tmp_path


def test_the_split_moves_each_game_into_its_package_and_rewrites_the_references(repo):
    out = _split(repo)
    read = lambda name: (repo / name).read_text(encoding="utf-8")  # noqa: E731
    for gone in ("rules/gundam_assemble", "rules/multibase", "features", "scenarios", "steps/multibase.py"):
        assert not (repo / gone).exists(), gone
    assert (repo / "rules/dice.py").is_file() and (repo / "steps/common.py").is_file()  # shared: stays
    assert read("rulecheck_gundam_assemble/engine/attack.py") == (
        "from rulecheck_gundam_assemble.engine.board import Board\nfrom rules.dice import FACES\n"
    )
    assert read("rulecheck_gundam_assemble/engine/new_thing.py") == (
        "from rulecheck_gundam_assemble.engine import board\n"
    )
    assert (repo / "rulecheck_gundam_assemble/engine/overlays/house.yaml").is_file()
    assert read("rulecheck_gundam_assemble/card_plugins.py").startswith(
        "import rulecheck_gundam_assemble.engine.board as board"
    )
    assert (
        read("rulecheck_multibase/strategies.py") == "from rulecheck_multibase import ruleset as multibase\n"
    )
    assert read("rulecheck_multibase/steps/attack.py") == "from rulecheck_multibase.ruleset import resolve\n"
    assert (repo / "rulecheck_multibase/steps/__init__.py").is_file()
    assert (repo / "rulecheck_multibase/features/multibase/attack.feature").is_file()
    assert 'ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "hill.yaml"' in read(
        "tests/test_x.py"
    )
    assert "from rulecheck_multibase import strategies as multibase_strategies" in read("tests/test_x.py")
    assert read("docs/guide.md") == (
        "Run `rulecheck explain rulecheck_gundam_assemble/scenarios/gundam_assemble/hill.yaml`.\n"
        "In your project, write features/multibase/mine.feature.\n"  # a user's file: no such bundled one
        "The engine is in rulecheck_multibase/engine.\n"
    )
    pyproject = read("pyproject.toml")
    assert 'multibase = "rulecheck_multibase.ruleset:ADAPTER"' in pyproject
    assert (
        'source_paths = ["rules/", "rulecheck_gundam_assemble/engine/", "rulecheck_multibase/engine/"]'
        in pyproject
    )
    assert read("README.md") == OLD_LAYOUT["README.md"]  # the lead's text: listed, not rewritten
    assert "README.md:1: rulecheck explain scenarios/gundam_assemble/hill.yaml" in out
    assert "docs/guide.md:2:" in out  # the user's path is listed for a reader to judge
    assert "rules/gundam_assemble/new_thing.py -> rulecheck_gundam_assemble/engine/new_thing.py" in out


def test_a_second_run_changes_nothing(repo):
    _split(repo)
    _git(repo, "add", "-A")
    tree = _git(repo, "write-tree")
    out = _split(repo)
    _git(repo, "add", "-A")
    assert _git(repo, "write-tree") == tree
    assert "moved 0 files" in out and "rewrote 0 files" in out


def test_a_move_onto_an_existing_file_changes_nothing_and_says_so(repo):
    (repo / "rulecheck_multibase").mkdir()
    (repo / "rulecheck_multibase/ruleset.py").write_text("# someone's\n")
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], cwd=repo, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert "rulecheck/rulesets/multibase.py: would overwrite rulecheck_multibase/ruleset.py" in done.stderr
    assert (repo / "rules/multibase/attack.py").is_file()  # nothing moved


@pytest.mark.parametrize("package", ["rulecheck_gundam_assemble", "rulecheck_multibase"])
def test_mutmut_mutates_a_game_engine_and_copies_every_other_part_of_its_package(package):
    """mutmut copies also_copy over mutants/ on every run, after its first run mutated the
    engine there: the whole package listed would put the unmutated engine back. So each part
    beside the engine is listed, and a module added to a game must be added there too."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    assert f"{package}/engine/" in config["source_paths"]
    beside = {
        f"{package}/{p.name}" + ("/" if p.is_dir() else "")
        for p in (ROOT / package).iterdir()
        if p.name not in ("engine", "__pycache__")
    }
    assert beside - set(config["also_copy"]) == set()
    assert not [c for c in config["also_copy"] if c.rstrip("/") in (package, f"{package}/engine")]
