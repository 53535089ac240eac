"""The proof of issue #25: a third ruleset, Skirmish, plugged in from its own package
(examples/rulecheck-skirmish) through the ``rulecheck.rulesets`` entry point alone.

Quick tests here load the package from its source folder and register its entry point for the
test (as an installed package's metadata would); the slow test at the end pip-installs it and
runs every command on it in subprocesses, as a user would. No line of the toolkit names it:
the name scan and the package's own import contract say so.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from rulecheck import ruleset_api
from rulecheck.cli import main
from rulecheck.corpus import run_corpus
from rulecheck.ruleset_api import GROUP, Explorer, Ruleset

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "examples" / "rulecheck-skirmish"
SOURCE = PACKAGE / "rulecheck_skirmish"
NAME = "skirmish"

# What a ruleset's package may import of rulecheck: the protocol, the input-error and YAML
# reader every scenario format uses, the phrase table type of its steps, the pytest plugin and
# shared steps its corpus runs with, and the engine's shared library (rulebook, dice, events).
# Never a command, the corpus runner, explore's internals or another game.
PUBLIC = (
    "rulecheck.ruleset_api",
    "rulecheck.rulesets",  # package_layout: where the package keeps its corpus and steps
    "rulecheck.drawing",  # DrawOptionError: the refusal of picture options the drawing lacks
    "rulecheck.source_yaml",
    "rulecheck.phrases",  # Phrase, PhraseTable: the wording of its steps
    "rulecheck.pytest_plugin",
    "steps.common",
    "rules.rulebook",
    "rules.dice",
    "rules.events",
)
THIRD_PARTY = ("yaml", "pytest", "pytest_bdd", "hypothesis")


@pytest.fixture
def skirmish(monkeypatch):
    """The package importable from its source folder and declared in the entry point group."""
    monkeypatch.syspath_prepend(str(PACKAGE))
    installed = dict(ruleset_api._entry_points())
    ep = EntryPoint(name=NAME, value="rulecheck_skirmish.adapter:RULESET", group=GROUP)
    ruleset_api._entry_points.cache_clear()
    ruleset_api.ruleset.cache_clear()
    monkeypatch.setattr(ruleset_api, "_entry_points", lambda: {**installed, NAME: ep})
    yield ruleset_api.ruleset(NAME)
    ruleset_api.ruleset.cache_clear()


def _cli(argv: list[str], cwd: Path) -> tuple[int, str, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(old)
    return code, out.getvalue(), err.getvalue().splitlines()


def test_the_package_gives_a_ruleset_with_its_own_corpus(skirmish):
    assert isinstance(skirmish, Ruleset) and skirmish.name == NAME
    assert isinstance(skirmish.explore, Explorer) and skirmish.odds is None
    book = skirmish.rulebook()
    assert book.ruleset == NAME and set(book.interpretations["needed_above_top"].options) == {
        "no_hit",
        "top_face_hits",
    }
    corpus = skirmish.corpus(ROOT)  # the package's, whatever project rulecheck runs on
    assert corpus.features.is_relative_to(SOURCE) and len(list(corpus.features.glob("*.feature"))) == 3
    assert [t.name for t in corpus.tests] == ["test_features_skirmish.py"]
    assert sorted(p.stem for p in corpus.overlays.glob("*.yaml")) == ["hard_cover", "sixes_always_hit"]


def test_check_runs_the_packages_features_with_its_own_steps(skirmish):
    run = run_corpus(ROOT, [NAME])
    assert run.passed and len(run.results) == 18
    assert {r.ruleset for r in run.results} == {NAME}
    assert {r.feature for r in run.results} == {
        "features/skirmish/range_and_sight.feature",
        "features/skirmish/to_hit.feature",
        "features/skirmish/saves.feature",
    }
    by_name = {r.name: r for r in run.results}
    cover = by_name["A target standing in cover needs one more to hit"]
    assert cover.outcomes["needed"] == 5 and cover.outcomes["in cover"] is True


def test_the_packages_overlay_turns_the_rulings_it_should(skirmish, tmp_path):
    """``--rules`` with the package's hard-cover overlay: the two cover scenarios that roll a 5
    now fail (6+ needed), the rest hold."""
    run = run_corpus(ROOT, [NAME], overlays=[str(SOURCE / "overlays" / "hard_cover.yaml")])
    failed = sorted(r.name for r in run.results if r.outcome == "failed")
    assert failed == [
        "A cover square the line passes through puts the target in cover",
        "A skill-6 shooter cannot hit a target in cover, since no die scores 7",
        "A target standing in cover needs one more to hit",
    ]


def test_explain_reads_the_packages_scenario_file_and_cites_the_interpretation(skirmish, tmp_path):
    scenario = SOURCE / "scenarios" / NAME / "six_in_cover.yaml"
    code, out, err = _cli(["explain", str(scenario), "--json"], tmp_path)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["outcome"]["hits"] == 0 and doc["interpretations"] == {"needed_above_top": "no_hit"}
    overlay = SOURCE / "overlays" / "sixes_always_hit.yaml"
    code, out, err = _cli(["explain", str(scenario), "--rules", str(overlay), "--json"], tmp_path)
    assert code == 0, err
    assert json.loads(out)["outcome"]["removed"] is True


def test_a_bad_skirmish_scenario_is_one_line_at_its_field(skirmish, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: skirmish\nmap: |\n  A . B\nmodels:\n  - {name: Ash, side: red, skill: 9}\n"
        "  - {name: Bo, side: blue}\nshot: {shooter: Ash, target: Bo}\n"
    )
    code, out, lines = _cli(["explain", str(bad)], tmp_path)
    assert code == 2 and out == ""
    assert lines == [f"rulecheck: {bad}:5: models[0].skill: expected a whole number from 1 to 7, got 9"]


def test_draw_writes_a_skirmish_drawing_without_the_optional_scenario_inputs_hook(skirmish, tmp_path):
    assert not hasattr(skirmish, "scenario_inputs")  # Skirmish's scenarios read no other file
    scenario = SOURCE / "scenarios" / NAME / "behind_the_wall.yaml"
    code, out, err = _cli(["draw", str(scenario), "-o", str(tmp_path / "wall.svg")], tmp_path)
    assert code == 0, err
    assert (tmp_path / "wall.svg").read_text(encoding="utf-8").startswith("<svg")


def test_draw_refuses_to_write_over_a_file_the_rulesets_hook_names(skirmish, tmp_path, monkeypatch):
    # The toolkit knows a scenario's other input files only by asking the ruleset: give Skirmish
    # the hook, naming a sheet beside the scenario, and draw will not write over that sheet.
    sheet = tmp_path / "models.sheet"
    sheet.write_text("kept\n", encoding="utf-8")
    monkeypatch.setattr(
        type(skirmish),
        "scenario_inputs",
        staticmethod(lambda sc: [(sheet, "the model sheet")]),
        raising=False,
    )
    scenario = SOURCE / "scenarios" / NAME / "behind_the_wall.yaml"
    code, out, lines = _cli(["draw", str(scenario), "-o", str(sheet)], tmp_path)
    assert code == 2 and out == ""
    assert lines == [
        f"rulecheck: {sheet}: -o: is the model sheet '{sheet}', an input of this run; refusing to write over it"
    ]
    assert sheet.read_text(encoding="utf-8") == "kept\n"


def test_the_step_catalogue_lists_the_packages_steps_with_examples_from_its_features(skirmish):
    from rulecheck.step_catalogue import catalogue

    found = {p.function: p for p in catalogue(ROOT)}
    fires = found["rulecheck_skirmish.steps.fires"]
    assert fires.kind == "when" and fires.example == 'When "Ash" fires at "Bo"'
    assert fires.where.endswith("features/skirmish/range_and_sight.feature:21")
    assert any(
        f.startswith("rulecheck_multibase.steps.attack.") for f in found
    )  # the bundled steps are still there


def test_scripted_dice_that_do_not_fit_the_shot_are_one_line_at_the_dice(skirmish, tmp_path):
    few = tmp_path / "few.yaml"
    few.write_text(
        "ruleset: skirmish\nmap: |\n  A . B\nmodels:\n  - {name: Ash, side: red, shots: 2}\n"
        "  - {name: Bo, side: blue}\nshot: {shooter: Ash, target: Bo}\ndice: {to_hit: [4]}\n"
    )
    code, out, lines = _cli(["explain", str(few)], tmp_path)
    assert code == 2 and out == ""
    assert lines == [
        f"rulecheck: {few}:8: dice.to_hit: the to_hit roll needs 2 d6 but the script has 1 face left for 'to_hit'"
    ]


def test_explore_at_a_revision_refuses_a_ruleset_whose_engine_is_a_package_of_its_own(skirmish, tmp_path):
    """A git revision of the project holds the bundled engines, not an installed package's."""
    code, _, lines = _cli(["explore", "--ruleset", NAME, "--rev", "HEAD", "--root", str(ROOT)], tmp_path)
    assert code == 2 and len(lines) == 1
    assert lines[0] == (
        f"rulecheck: --rev: skirmish's engine is in a package of its own, which no revision of {ROOT} "
        "holds: compare rule versions instead"
    )


def test_odds_says_in_one_line_that_the_ruleset_has_none(skirmish, tmp_path):
    scenario = SOURCE / "scenarios" / NAME / "no_save.yaml"
    code, _, lines = _cli(["odds", str(scenario)], tmp_path)
    assert code == 2 and lines == ["rulecheck: ruleset: no exact odds for 'skirmish'"]


# --- no line of the toolkit names it -----------------------------------------------------------


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Assign) and any(
            getattr(t, "id", "") == "pytest_plugins" for t in node.targets
        ):
            found += [c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant)]
    return found


def test_the_package_imports_only_the_public_protocol_and_toolkit():
    allowed = (*PUBLIC, *THIRD_PARTY, "rulecheck_skirmish")
    bad = []
    for path in sorted(SOURCE.rglob("*.py")):
        for module in _imports(path):
            top = module.split(".")[0]
            if top in sys.stdlib_module_names or module.startswith(tuple(f"{a}." for a in allowed)):
                continue
            if module not in allowed:
                bad.append(f"{path.relative_to(PACKAGE)}: {module}")
    assert not bad, "\n".join(bad)


def test_no_line_of_the_toolkit_names_the_third_ruleset():
    """Neither the toolkit, the engine, the shared steps nor rulecheck's own packaging knows the
    game: the word appears in no file of rulecheck/, rules/ or steps/, nor in pyproject.toml, nor
    in the bundled games' packages."""
    files = [*ROOT.joinpath("rulecheck").rglob("*.py"), *ROOT.joinpath("rules").rglob("*.py")]
    files += [*ROOT.joinpath("steps").rglob("*.py"), ROOT / "pyproject.toml", ROOT / "setup.py"]
    files += [*ROOT.joinpath("rulecheck", "schemas").glob("*.json")]
    for game in ("rulecheck_gundam_assemble", "rulecheck_multibase"):  # nor do the bundled games
        files += [p for p in ROOT.joinpath(game).rglob("*") if p.suffix in (".py", ".json")]
    named = [
        str(p.relative_to(ROOT))
        for p in files
        if "bundled" not in p.parts and "skirmish" in p.read_text().lower()
    ]
    assert len(files) > 60 and not named, named


def test_the_packages_import_contract_holds():
    """import-linter with the contract in the package's own pyproject.toml: it reaches rulecheck
    only through the public modules, and no other game's code."""
    exe = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PACKAGE), str(ROOT)])}
    done = subprocess.run(
        [str(exe), "--config", str(PACKAGE / "pyproject.toml"), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=PACKAGE,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 1 kept, 0 broken." in done.stdout


# --- installed from its own package, end to end -------------------------------------------------


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The package pip-installed into a temporary folder, as tests/test_cards_python.py installs
    the example card package (no dependencies: rulecheck is the checkout on the path)."""
    target = tmp_path_factory.mktemp("site")
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(PACKAGE)]
    if importlib.util.find_spec("wheel") and importlib.util.find_spec("setuptools"):
        cmd.insert(4, "--no-build-isolation")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"the package could not be built here: {done.stderr.strip().splitlines()[-1:]}")
    assert (target / "rulecheck_skirmish" / "features" / NAME / "to_hit.feature").is_file()
    return target


def _run(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    env.pop("RULECHECK_PROGRESS", None)
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=600,
    )


@pytest.mark.slow  # pip builds and installs the package, then every command runs in a subprocess
def test_installed_from_its_package_every_command_works_on_it(installed, tmp_path):
    site = installed / "rulecheck_skirmish"
    done = _run(installed, tmp_path, "check", "--ruleset", NAME)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "skirmish (Skirmish (a square-grid example ruleset for rulecheck)): 18 scenarios, 18 passed"
    )

    done = _run(installed, tmp_path, "report", "--ruleset", NAME, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    (rs,) = report["rulesets"]
    assert rs["ruleset"] == NAME and rs["scenarios"]["passed"] == 18

    done = _run(installed, tmp_path, "diff", str(site / "overlays" / "hard_cover.yaml"), "--json")
    assert done.returncode == 1, done.stderr  # rulings changed
    diff = json.loads(done.stdout)
    turned = sorted(c["scenario"] for c in diff["scenarios"] if c["old_outcome"] != c["new_outcome"])
    assert turned == [
        "A cover square the line passes through puts the target in cover",
        "A skill-6 shooter cannot hit a target in cover, since no die scores 7",
        "A target standing in cover needs one more to hit",
    ]

    done = _run(installed, tmp_path, "mutate", "--ruleset", NAME, "--json")
    assert done.returncode == 0, done.stderr
    mutation = json.loads(done.stdout)
    assert len(mutation["mutants"]) == 7 and all(m["killed"] for m in mutation["mutants"])

    out = tmp_path / "explored"
    done = _run(
        installed, tmp_path, "explore", "book", "needed_above_top=top_face_hits", "--ruleset", NAME,
        "--max-positions", "400", "--budget", "60", "--seed", "1", "--max-groups", "1", "-q", "-o", str(out),
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    features = sorted((out / NAME).glob("*.feature"))
    assert len(features) == 1 and 'When "Ash" fires at "Bo"' in features[0].read_text()

    done = _run(installed, tmp_path, "docs", "--ruleset", NAME, str(tmp_path / "site"))
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "features" / NAME / "to_hit.html").read_text()
    assert page.count("<svg") == 9 and "needed_above_top" in page

    done = _run(installed, tmp_path, "draw", str(site / "scenarios" / NAME / "behind_the_wall.yaml"))
    assert done.returncode == 0 and done.stdout.startswith("<svg"), done.stderr

    done = _run(installed, tmp_path, "steps")
    assert done.returncode == 0, done.stderr
    assert 'e.g. When "Ash" fires at "Bo"  (features/skirmish/range_and_sight.feature:21)' in done.stdout


@pytest.mark.slow  # the package pip-installed (the fixture above), then init and check in subprocesses
def test_init_for_the_installed_package_writes_its_example_and_check_passes(installed, tmp_path):
    done = _run(installed, tmp_path, "init", "proj", "--ruleset", NAME)
    assert done.returncode == 0, done.stderr
    assert f"  wrote features/{NAME}/example.feature" in done.stdout.splitlines()
    assert 'pip install "rulecheck==' in (tmp_path / "proj/.github/workflows/rulecheck.yml").read_text()
    done = _run(installed, tmp_path / "proj", "check")
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_a_project_for_the_installed_package_runs_its_own_features(installed, tmp_path):
    assert _run(installed, tmp_path, "init", "proj", "--ruleset", NAME).returncode == 0
    done = _run(installed, tmp_path / "proj", "check")
    assert done.stdout.startswith(
        "skirmish (Skirmish (a square-grid example ruleset for rulecheck)): 1 scenario, 1 passed"
    )


# The commands docs/ruleset-guide.md shows (section 8), each run on the installed package by
# test_installed_from_its_package_every_command_works_on_it or by a test above (explain).
GUIDE_COMMANDS = {"check", "report", "explain", "draw", "diff", "mutate", "explore", "docs", "steps"}


def test_the_guide_shows_the_commands_the_package_test_runs():
    text = (ROOT / "docs" / "ruleset-guide.md").read_text(encoding="utf-8")
    block = text.split("```sh\npip install ./examples/rulecheck-skirmish\n", 1)[1].split("```", 1)[0]
    shown = {line.split()[1] for line in block.splitlines() if line.startswith("rulecheck ")}
    assert shown == GUIDE_COMMANDS
