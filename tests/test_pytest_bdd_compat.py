"""The pytest-bdd internals rulecheck relies on (rulecheck/pytest_bdd_compat.py): they exist with
the shapes expected in the installed pytest-bdd, the replacements patch only a supported version,
and what they patch behaves as pytest-bdd's own: a project's step is found, a data table is
rendered. ci/run-wheel runs this file under the lowest supported pytest-bdd as well
(ci/lower-bounds.txt)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from pytest_bdd.gherkin_parser import Cell, DataTable, Location, Row

from rulecheck import pytest_bdd_compat as compat

ROOT = Path(__file__).resolve().parent.parent
INSTALLED = version("pytest-bdd")


def test_every_internal_rulecheck_relies_on_is_in_the_installed_pytest_bdd():
    missing = compat.problems()
    assert not missing, (
        f"pytest-bdd {INSTALLED} lacks what rulecheck relies on: {'; '.join(missing)}. "
        f"rulecheck supports {compat.SUPPORTED} (pyproject.toml)"
    )


def test_the_installed_pytest_bdd_is_a_supported_one():
    assert compat.supported(INSTALLED), f"pytest-bdd {INSTALLED} is outside {compat.SUPPORTED}"


def test_the_supported_range_is_the_one_pyproject_pins_and_ci_tests_its_lowest():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'"{compat.SUPPORTED}"' in pyproject
    lower = (ROOT / "ci" / "lower-bounds.txt").read_text()
    assert "pytest-bdd==9.0.0" in lower.splitlines() and compat.supported("9.0.0")
    assert "tests/test_pytest_bdd_compat.py" in (ROOT / "ci" / "run-wheel").read_text()


@pytest.mark.parametrize(
    ("found", "patched"),
    [
        ("9.0.0", True),  # the lower bound, ci/lower-bounds.txt
        ("9.0.1", True),
        ("9.5.0", True),
        ("8.1.0", False),  # before: its internals had other shapes
        ("10.0.0", False),  # after: not known yet
        ("not-a-version", False),
        (None, False),  # not installed as a distribution
    ],
)
def test_each_replacement_patches_only_a_supported_version(found, patched, monkeypatch):
    """The version guard: outside the supported range nothing of pytest-bdd is replaced, so it
    keeps its own step lookup and data-table render (slower, never different)."""
    bdd_parser = importlib.import_module("pytest_bdd.parser")
    bdd_scenario = importlib.import_module("pytest_bdd.scenario")  # not pytest_bdd's scenario()
    for name in ("find_fixturedefs_for_step", "get_required_args", "signature"):
        monkeypatch.setattr(bdd_scenario, name, compat._ORIGINAL.get(name, getattr(bdd_scenario, name)))
    pytest_bdd_render = compat._ORIGINAL.get("render_datatable", bdd_parser.Step.render_datatable)
    monkeypatch.setattr(bdd_parser.Step, "render_datatable", staticmethod(pytest_bdd_render))
    monkeypatch.setattr(compat, "installed_version", lambda: found)
    replaced = compat.install()
    if patched:
        assert set(replaced) >= {"find_fixturedefs_for_step", "render_datatable"}
        assert bdd_scenario.find_fixturedefs_for_step is compat.find_fixturedefs_for_step
        assert bdd_parser.Step.render_datatable is compat.render_datatable
    else:
        assert replaced == []
        assert bdd_scenario.find_fixturedefs_for_step is not compat.find_fixturedefs_for_step
        assert bdd_parser.Step.render_datatable is pytest_bdd_render


def test_a_missing_internal_is_named(monkeypatch):
    monkeypatch.setitem(compat.INTERNALS, "pytest_bdd.scenario", {"no_such_registry": None})
    assert compat.problems() == ["pytest_bdd.scenario.no_such_registry is missing"]


def test_a_changed_signature_is_named(monkeypatch):
    monkeypatch.setitem(compat.INTERNALS, "pytest_bdd.parser", {"FeatureParser": ("path",)})
    (problem,) = compat.problems()
    assert problem.startswith("pytest_bdd.parser.FeatureParser('basedir', 'filename', 'encoding')")


def test_a_feature_is_parsed_afresh_each_time(tmp_path):
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: one\n  Scenario: first\n    Given x\n")
    assert list(compat.parse_feature(feature).scenarios) == ["first"]
    feature.write_text("Feature: one\n  Scenario: second\n    Given x\n")
    assert list(compat.parse_feature(feature).scenarios) == ["second"]


def test_a_feature_that_is_not_gherkin_is_pytest_bdds_parse_error_with_its_line():
    with pytest.raises(compat.gherkin_parse_error()) as raised:
        compat.gherkin_document(
            "Feature: one\n  Scenario: first\n    Given x\n  Nonsense here\n", "a.feature"
        )
    assert raised.value.line == 4 and "Nonsense here" in raised.value.line_content


# --- what the replacements patch, as a user sees it ----------------------------------------------

PROJECT_FEATURE = """\
Feature: A project's own steps
  Scenario Outline: A data table with an Outline's parameters
    Given the roster:
      | unit   | wounds   |
      | <unit> | <wounds> |
      | Bravo  | 2        |
    Then the roster reads "<unit> <wounds>, Bravo 2"

    Examples:
      | unit  | wounds |
      | Alpha | 3      |
      | Gamma | 0      |

  Scenario: The test module's own step is found before the conftest's
    Given the roster:
      | unit  | wounds |
      | Delta | 1      |
    Then the step found is the test module's
"""

PROJECT_CONFTEST = """\
import pytest
from pytest_bdd import given, parsers, then

pytest_plugins = ["rulecheck.pytest_plugin"]


@given("the roster:", target_fixture="roster")
def roster(datatable):
    return ", ".join(" ".join(row) for row in datatable[1:])


@then(parsers.parse('the roster reads "{text}"'))
def reads(roster, text):
    assert roster == text


@then("the step found is the test module's")
def conftest_step():
    raise AssertionError("the conftest's step ran, not the test module's")
"""

PROJECT_TEST = """\
import importlib

from pytest_bdd import scenarios, then

from rulecheck import pytest_bdd_compat

scenarios("roster.feature")


@then("the step found is the test module's")
def own_step():
    # this run went through rulecheck's replacements, not pytest-bdd's own functions
    lookup = importlib.import_module("pytest_bdd.scenario").find_fixturedefs_for_step
    assert lookup is pytest_bdd_compat.find_fixturedefs_for_step
    render = importlib.import_module("pytest_bdd.parser").Step.render_datatable
    assert render is pytest_bdd_compat.render_datatable
"""


def test_a_projects_steps_are_found_and_its_tables_rendered_under_the_installed_pytest_bdd(tmp_path):
    """A project of its own (a conftest.py with steps, a test module that overrides one), run
    by pytest with rulecheck's plugin: the step lookup finds the nearest definition of each step,
    and a data table reaches its step with the Outline's parameters filled in."""
    (tmp_path / "roster.feature").write_text(PROJECT_FEATURE)
    (tmp_path / "conftest.py").write_text(PROJECT_CONFTEST)
    (tmp_path / "test_roster.py").write_text(PROJECT_TEST)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0 and "3 passed" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]


def test_a_table_is_rendered_as_pytest_bdd_renders_it_and_the_source_table_is_left_alone():
    at = Location(column=7, line=12)
    table = DataTable(
        location=at,
        rows=[
            Row(id="0", location=at, cells=[Cell(at, "unit"), Cell(at, "x")]),
            Row(id="1", location=at, cells=[Cell(at, "<unit>"), Cell(at, "<x> and <missing>")]),
        ],
    )
    context = {"unit": "Bravo", "x": 4.5}
    ours = compat.render_datatable(table, context)
    assert ours == compat._ORIGINAL["render_datatable"](table, context)
    assert ours.raw() == [["unit", "x"], ["Bravo", "4.5 and <missing>"]]
    ours.rows[1].cells[0].value = "changed"
    assert table.raw()[1] == ["<unit>", "<x> and <missing>"]  # a render is a copy


def test_every_table_of_the_corpus_renders_as_pytest_bdd_renders_it():
    tables = [
        step.datatable
        for feature in compat.features(sorted(ROOT.glob("rulecheck_*/features")))
        for template in feature.scenarios.values()
        for step in template.steps
        if step.datatable is not None
    ]
    assert len(tables) > 300
    context = {"unit": "Alpha"}
    for table in tables:
        assert compat.render_datatable(table, context) == compat._ORIGINAL["render_datatable"](table, context)


PROBE = """
import sys
import pytest
from rulecheck import pytest_bdd_compat as compat

checked, differ = [], []

class Compare:
    def pytest_collection_finish(self, session):
        fixturemanager = session._fixturemanager
        original = compat._ORIGINAL["find_fixturedefs_for_step"]
        for item in session.items:
            template = compat.scenario_of(getattr(item, "obj", None))
            for step in template.steps if template else ():
                fast = list(compat.find_fixturedefs_for_step(step, fixturemanager, item))
                slow = list(original(step=step, fixturemanager=fixturemanager, node=item))
                checked.append(step.name)
                if fast != slow or not slow:
                    differ.append((item.nodeid, step.name, fast, slow))

code = pytest.main(sys.argv[1:] + ["-q", "--collect-only", "-p", "no:cacheprovider"], plugins=[Compare()])
print("CHECKED", len(checked), "DIFFER", len(differ))
for d in differ[:5]:
    print(d)
sys.exit(int(code) or (1 if differ or not checked else 0))
"""


@pytest.mark.slow  # collects the whole corpus in a subprocess, about 2 s of CPU
def test_the_fast_step_lookup_agrees_with_pytest_bdd_on_every_step_of_the_corpus():
    """Both lookups asked about every step of every collected scenario (Background included) with
    the node a run would pass. Collecting instead of running keeps the test cheap: which
    definitions a step finds does not depend on what earlier steps did."""
    files = sorted(str(p) for p in (ROOT / "tests").glob("test_features_*.py"))
    proc = subprocess.run([sys.executable, "-c", PROBE, *files], capture_output=True, text=True, cwd=ROOT)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("CHECKED")]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert summary and int(summary[0].split()[1]) > 1000  # every step of the corpus was compared


RUN_PROBE = """
import sys
import pytest
from rulecheck import pytest_bdd_compat as compat

checked, differ = [], []

class Compare:
    def pytest_bdd_before_step(self, request, feature, scenario, step, step_func):
        ran = compat.get_step_function(request, step)
        asked = compat._ORIGINAL["get_step_function"](request=request, step=step)
        checked.append(step.name)
        if ran is None or ran is not asked or ran.step_func is not step_func:
            differ.append((request.node.nodeid, step.name, ran, asked))

code = pytest.main(sys.argv[1:] + ["-q", "-p", "no:cacheprovider"], plugins=[Compare()])
print("CHECKED", len(checked), "DIFFER", len(differ))
for d in differ[:5]:
    print(d)
sys.exit(int(code) or (1 if differ or not checked else 0))
"""


@pytest.mark.slow  # runs the whole corpus in a subprocess, about 10 s of CPU
def test_every_step_of_the_corpus_runs_the_definition_pytest_bdd_would_run():
    """rulecheck reads the step's definition off pytest's ranking (``get_step_function``) instead
    of asking pytest's fixture request for it; while the corpus runs, each step is asked both ways
    and must get the definition that runs it."""
    files = sorted(str(p) for p in (ROOT / "tests").glob("test_features_*.py"))
    proc = subprocess.run([sys.executable, "-c", RUN_PROBE, *files], capture_output=True, text=True, cwd=ROOT)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("CHECKED")]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert summary and int(summary[0].split()[1]) > 1000


def test_the_compat_module_is_the_only_reader_of_pytest_bdd_internals():
    """Outside rulecheck/pytest_bdd_compat.py the toolkit imports only pytest-bdd's public names
    (and its exceptions), and nothing of pytest's private ``_pytest``."""
    allowed = {"pytest_bdd", "pytest_bdd.exceptions", "pytest_bdd.parsers"}
    found = []
    for path in sorted((ROOT / "rulecheck").rglob("*.py")):
        if path.name == "pytest_bdd_compat.py" or "bundled" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for line_number, line in enumerate(text.splitlines(), 1):
            words = line.split()
            if words[:1] in (["from"], ["import"]) and len(words) > 1:
                module = words[1]
                if (module.startswith("pytest_bdd") and module not in allowed) or module.startswith(
                    "_pytest"
                ):
                    found.append(f"{path.relative_to(ROOT)}:{line_number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_every_feature_reads_as_pytest_bdd_parses_it():
    """What check, selection and the docs site read of a feature file (rulecheck.corpus
    reads the text, the compat module parses it) is the document pytest-bdd runs."""
    from rulecheck.corpus import gherkin_document

    get_gherkin_document = importlib.import_module("pytest_bdd.parser").get_gherkin_document
    paths = sorted(ROOT.glob("rulecheck_*/features/**/*.feature"))
    assert len(paths) > 40
    for path in paths:
        assert gherkin_document(path, str(path)) == get_gherkin_document(str(path)), path
