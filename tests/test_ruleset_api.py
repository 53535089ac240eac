"""The Ruleset protocol, its discovery through entry points, and the layers around it.

The toolkit finds a game only through the ``rulecheck.rulesets`` entry point group and calls it
only through the ``Ruleset`` hooks: no toolkit module names a bundled ruleset, and the import
contracts in ``pyproject.toml`` (import-linter) hold.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from rulecheck import ruleset_api
from rulecheck.cli import main
from rulecheck.explore.evaluate import evaluator
from rulecheck.outcome_table import outcome_lines
from rulecheck.ruleset_api import GROUP, Explorer, Ruleset, find, ruleset, ruleset_names
from rulecheck.source_yaml import InputError
from rules.rulebook import load, rulesets

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("gundam_assemble", "multibase")

# Each game's code is its package (rulecheck_gundam_assemble/, rulecheck_multibase/). In rulecheck/
# what still names a game is being split into rulecheck/rulesets/<game>_*.py (which
# scripts/split_rulesets.py then moves into the game's package). Every other module of
# rulecheck/, and steps/common.py, is the toolkit.
PER_RULESET = ("rulecheck/rulesets/",)
TOOLKIT = [
    p
    for p in sorted((ROOT / "rulecheck").rglob("*.py"))
    if not str(p.relative_to(ROOT)).startswith(PER_RULESET) and "bundled" not in p.parts
] + [ROOT / "steps" / "__init__.py", ROOT / "steps" / "common.py"]


def _one_line(argv: list[str], cwd: Path) -> tuple[int, list[str]]:
    err = io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
    finally:
        os.chdir(old)
    return code, err.getvalue().splitlines()


def test_the_bundled_rulesets_are_found_through_their_entry_points():
    declared = sorted(ep.name for ep in entry_points(group=GROUP))
    assert declared == ruleset_names() == list(BUNDLED)
    assert ruleset_names() == rulesets()  # each has its rulebook under rules/


@pytest.mark.parametrize("name", BUNDLED)
def test_each_bundled_ruleset_implements_the_protocol(name):
    game = ruleset(name)
    assert isinstance(game, Ruleset)
    assert game.name == name
    assert game.rulebook() is load(name)
    assert game.odds is not None and game.draw is not None
    explorer = game.explore
    assert isinstance(explorer, Explorer)
    assert explorer.kinds, "an explorer has at least one kind of position"
    for kind in explorer.kinds:
        # the evaluator is a function of the ruleset's own package, named as module:function
        key = explorer.evaluator(kind)
        assert key.startswith(f"rulecheck_{name}.evaluate:") and callable(evaluator(key))
    cards = game.card_catalogue(ROOT)
    assert cards is None or cards.is_file()
    corpus = game.corpus(ROOT)  # where the corpus runner finds its features, tests and overlays
    # shipped in the game's own package, in a folder named after the game, as any installed ruleset
    package = ROOT / f"rulecheck_{name}"
    assert corpus.features == package / "features" / name and list(corpus.features.glob("*.feature"))
    assert corpus.scenarios == package / "scenarios" / name
    assert all(t.is_relative_to(package) for t in corpus.tests)
    assert all(t.is_file() for t in corpus.tests) and corpus.tests
    assert corpus.overlays is not None and list(corpus.overlays.glob("*.yaml"))


def test_a_scenario_goes_to_the_ruleset_its_file_names():
    from rulecheck.rulesets import load_scenario

    name, scenario = load_scenario(
        ROOT / "rulecheck_multibase" / "scenarios" / "multibase" / "ranged_volley.yaml"
    )
    assert name == "multibase"
    explanation = ruleset(name).explain(scenario, load(name))
    assert explanation.outcome and explanation.events
    assert outcome_lines(name, explanation.outcome)[0].startswith("  ")


def test_an_unknown_ruleset_name_is_one_line_of_bad_input():
    with pytest.raises(InputError) as raised:
        ruleset("chess")
    assert (
        str(raised.value) == "ruleset: unknown ruleset 'chess' (expected one of: gundam_assemble, multibase)"
    )
    assert find("chess") is None and find(["multibase"]) is None


def test_a_ruleset_not_installed_here_still_gets_its_outcome_shown_plainly():
    assert outcome_lines("chess", {"check_mate": True}) == ["  check mate: yes"]


@pytest.fixture
def broken_entry_point(monkeypatch):
    """A ruleset ``broken`` whose entry point names a module that does not exist."""
    bundled = dict(ruleset_api._entry_points())
    broken = EntryPoint(name="broken", value="no_such_ruleset_module:RULESET", group=GROUP)
    ruleset_api._entry_points.cache_clear()
    ruleset_api.ruleset.cache_clear()
    monkeypatch.setattr(ruleset_api, "_entry_points", lambda: {**bundled, "broken": broken})
    yield
    ruleset_api.ruleset.cache_clear()


def test_an_entry_point_that_fails_to_load_is_one_line_of_bad_input(broken_entry_point, tmp_path):
    scenario = tmp_path / "game.yaml"
    scenario.write_text("ruleset: broken\ntitle: a game whose package is broken\n")
    code, lines = _one_line(["explain", str(scenario)], tmp_path)
    assert code == 2
    assert lines == [
        "rulecheck: rulecheck.rulesets: broken: the entry point broken = no_such_ruleset_module:RULESET "
        "cannot be loaded: No module named 'no_such_ruleset_module'"
    ]
    assert ruleset("multibase").name == "multibase"  # the others still load


def test_an_entry_point_that_is_no_ruleset_is_refused_through_real_package_metadata(tmp_path):
    """A package installed with a ``rulecheck.rulesets`` entry point to something that is not a
    Ruleset: found through the real metadata (a dist-info folder on the path), refused in one line."""
    site = tmp_path / "site"
    (site / "not_a_game-1.0.dist-info").mkdir(parents=True)
    (site / "not_a_game-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: not-a-game\nVersion: 1.0\n"
    )
    (site / "not_a_game-1.0.dist-info" / "entry_points.txt").write_text(
        f"[{GROUP}]\nnot_a_game = not_a_game:RULESET\n"
    )
    (site / "not_a_game.py").write_text("class RULESET:\n    name = 'not_a_game'\n")
    scenario = tmp_path / "game.yaml"
    scenario.write_text("ruleset: not_a_game\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "explain", str(scenario)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith(
        "rulecheck: rulecheck.rulesets: not_a_game: not_a_game:RULESET is not a Ruleset (it lacks "
    )
    assert "explain" in lines[0] and "load_scenario" in lines[0]


def test_no_ruleset_name_in_the_toolkit():
    """No toolkit module holds a bundled ruleset's name as a string constant: it asks a Ruleset
    hook instead of branching on the name. (Examples in help texts, such as a scenario path,
    hold the name inside a longer string and are not branches.)"""
    found = []
    for path in TOOLKIT:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in BUNDLED:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert len(TOOLKIT) > 40 and not found, "\n".join(found)


def test_the_import_contracts_hold():
    """import-linter with the contracts in pyproject.toml: the engine imports no toolkit, the
    protocol imports no ruleset, the toolkit core imports no game, and Gundam Assemble's explain
    and odds do not import its adapter back, nor input_files the YAML loader (the cycles
    in-function imports used to hide)."""
    exe = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(exe), str(ROOT / "pyproject.toml"), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 11 kept, 0 broken." in done.stdout
    assert "do not import its adapter, even" in done.stdout


@pytest.mark.parametrize("name", BUNDLED)
def test_each_game_engine_contract_forbids_every_module_of_its_package_outside_engine(name):
    """The engine contract of each game lists its package's other modules one by one
    (import-linter cannot say "the package but engine"): a module added beside the engine, such
    as a new ``rulecheck_<game>/phrases.py``, must be added there too, or the engine could import it."""
    import tomllib

    package = ROOT / f"rulecheck_{name}"
    beside = {
        f"rulecheck_{name}.{p.stem if p.is_file() else p.name}"
        for p in package.iterdir()
        if p.name not in ("engine", "__init__.py", "__pycache__")
        and (p.suffix == ".py" or (p / "__init__.py").is_file())
    }
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (engine,) = [c for c in contracts["contracts"] if c.get("source_modules") == [f"rulecheck_{name}.engine"]]
    assert {"rulecheck", "steps"} <= set(engine["forbidden_modules"])
    assert beside - set(engine["forbidden_modules"]) == set()


def test_the_gundam_assemble_adapter_imports_its_explain_and_odds_at_the_top():
    # With the cycle gone, nothing needs hiding in a function: the adapter's own modules are
    # imported where a reader looks for them. (Its explorer stays imported when asked for: it
    # brings in hypothesis, which a command that does not explore should not load.)
    tree = ast.parse((ROOT / "rulecheck_gundam_assemble" / "ruleset.py").read_text(encoding="utf-8"))
    own = ("rulecheck_gundam_assemble.explain", "rulecheck_gundam_assemble.odds")

    def imported(node: ast.ImportFrom) -> set[str]:
        return (
            {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)} if node.module else set()
        )

    hidden = [
        node.module
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.ImportFrom) and imported(node) & set(own)
    ]
    assert hidden == []
    top = set().union(*(imported(node) for node in tree.body if isinstance(node, ast.ImportFrom)))
    assert set(own) <= top


# Toolkit modules allowed to reach a game (the contract's ignore_imports): none.
STAGED: set[str] = set()
PACKAGES = {"rulecheck", "rulecheck.commands", "rulecheck.explore"}


def test_the_whole_toolkit_is_held_by_the_contract_that_keeps_the_games_out():
    """The contract's source is the whole ``rulecheck`` package, so a toolkit module added later is
    held too; only the modules being split may import a game, and only as the contract lists."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (toolkit,) = [c for c in contracts if c["name"].startswith("the toolkit imports no game")]
    assert "rulecheck" in toolkit["source_modules"]
    assert {f"rulecheck_{name}" for name in BUNDLED} <= set(toolkit["forbidden_modules"])
    staged = {rule.split(" -> ")[0] for rule in toolkit.get("ignore_imports", [])}
    assert staged <= STAGED, f"toolkit modules allowed to import a game: {sorted(staged - STAGED)}"
    for package in PACKAGES:  # nothing in them to import a game with
        init = ast.parse((ROOT / package.replace(".", "/") / "__init__.py").read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(init) if isinstance(n, (ast.Import, ast.ImportFrom))], package


TOY = """
from dataclasses import dataclass

from rules.rulebook import load


@dataclass
class Sight:
    origin: str
    target: str
    mode: str

    def format_text(self):
        return f"{self.origin} sees {self.target} ({self.mode})"

    def to_json(self):
        return {"from": self.origin, "to": self.target, "mode": self.mode}


class Toy:
    name = "toy"
    odds = draw = explore = None

    @staticmethod
    def rulebook():
        return load("multibase")

    @staticmethod
    def scenario_from_doc(doc):
        return doc.data

    load_scenario = explain = outcome_lines = diagram_from_json = card_catalogue = corpus = rulebook

    @staticmethod
    def line_of_sight(scenario, rules, origin, target, mode):
        return Sight(origin, target, mode)


RULESET = Toy()
"""


@pytest.fixture
def toy_ruleset(monkeypatch, tmp_path):
    """An installed ruleset ``toy`` of a package of its own, with a Line of Sight hook."""
    (tmp_path / "toy_game.py").write_text(TOY)
    monkeypatch.syspath_prepend(str(tmp_path))
    bundled = dict(ruleset_api._entry_points())
    toy = EntryPoint(name="toy", value="toy_game:RULESET", group=GROUP)
    ruleset_api._entry_points.cache_clear()
    ruleset_api.ruleset.cache_clear()
    monkeypatch.setattr(ruleset_api, "_entry_points", lambda: {**bundled, "toy": toy})
    yield tmp_path
    ruleset_api.ruleset.cache_clear()


def test_los_asks_the_scenarios_ruleset_for_its_line_of_sight(toy_ruleset, capsys):
    """``rulecheck los`` knows no game: a third ruleset's own hook answers, in its own words."""
    scenario = toy_ruleset / "toy.yaml"
    scenario.write_text("ruleset: toy\ntitle: two pieces\n")
    assert main(["los", str(scenario), "--from", "A", "--to", "B", "--aoe"]) == 0
    assert capsys.readouterr().out == "A sees B (area_effect)\n"
    assert main(["los", str(scenario), "--from", "A", "--to", "B", "--json"]) == 0
    assert '"mode": "standard"' in capsys.readouterr().out


def test_los_on_a_ruleset_without_line_of_sight_is_one_line_at_its_ruleset_key(tmp_path):
    scenario = tmp_path / "volley.yaml"
    scenario.write_text("title: a volley\nruleset: multibase\n")
    code, lines = _one_line(["los", str(scenario), "--from", "A", "--to", "B"], tmp_path)
    assert code == 2
    assert lines == [
        f"rulecheck: {scenario}:2: ruleset: expected a ruleset with Line of Sight (rulecheck los); "
        "multibase has none"
    ]
