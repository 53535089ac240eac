"""Quick commands import only what they use.

Each command runs in a fresh interpreter (``main`` called in-process there, so the module set is
exactly what the command loaded) and reports ``sys.modules``. The corpus runner's pytest and
pytest-bdd belong to ``check``, ``report``, ``diff``, ``mutate`` and ``docs`` only; Line of Sight
on a bundled hex board reads the shipped sightline table, so it needs neither shapely nor numpy.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GA = ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble"

PROBE = """
import contextlib, io, json, sys
from rulecheck.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(m.split(".")[0] for m in sys.modules)}))
"""


def imported_by(*argv: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True, cwd=ROOT
    )
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["code"] == 0, out.stderr
    return set(result["modules"])


CORPUS_RUNNER = {"pytest", "_pytest", "pytest_bdd"}


def test_los_loads_neither_the_corpus_runner_nor_shapely():
    modules = imported_by(
        "los", str(GA / "los_oggo_artillery_support.yaml"), "--from", "ML-07C Crab", "--to", "QZ-82 Sentinel"
    )
    assert not modules & CORPUS_RUNNER
    assert not modules & {"shapely", "numpy"}


@pytest.mark.parametrize(
    "argv",
    [
        ("explain", str(GA / "attack_guntank_quad_bop.yaml")),
        ("odds", str(GA / "attack_guntank_quad_bop.yaml")),
        ("draw", str(GA / "attack_guntank_quad_bop.yaml")),
    ],
    ids=lambda argv: argv[0],
)
def test_quick_commands_do_not_load_the_corpus_runner(argv):
    assert not imported_by(*argv) & CORPUS_RUNNER


def test_the_corpus_commands_are_still_found():
    # Importing on dispatch must not lose a command from the help.
    out = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    for name in ("check", "los", "explain", "report", "diff", "mutate", "draw", "docs", "odds"):
        assert name in out.stdout


FULL_PROBE = PROBE.replace('m.split(".")[0] for m in sys.modules', "sys.modules")


def test_one_scenario_of_a_two_ruleset_project_loads_only_what_its_run_uses(tmp_path):
    """``check FILE:LINE`` on a Gundam Assemble scenario of a project of both rulesets: the
    multibase engine (numpy, shapely) is not loaded to find which ruleset holds the file, and
    the corpus run loads pytest-bdd and rulecheck's plugins but not the other installed pytest
    plugins (xdist) nor mako's pygments highlighting (pytest-bdd's plugin imports mako)."""
    (tmp_path / "rulecheck.toml").write_text('rulesets = ["gundam_assemble", "multibase"]\n')
    for feature in ("gundam_assemble/attack_damage.feature", "multibase/attack_roll.feature"):
        (tmp_path / "features" / feature).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "features" / feature).write_text(
            (ROOT / f"rulecheck_{feature.split('/')[0]}" / "features" / feature).read_text()
        )
    line = next(
        n
        for n, text in enumerate(
            (ROOT / "rulecheck_gundam_assemble/features/gundam_assemble/attack_damage.feature")
            .read_text()
            .splitlines(),
            1,
        )
        if text.strip().startswith("Scenario:")
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            FULL_PROBE,
            "check",
            "-q",
            f"features/gundam_assemble/attack_damage.feature:{line}",  # split_rulesets: keep (the project's copy)
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["code"] == 0, out.stderr
    modules = set(result["modules"])
    assert {"pytest_bdd.plugin", "rulecheck.pytest_plugin"} <= modules  # the scenario did run
    assert not modules & {"numpy", "shapely", "xdist", "execnet", "mako.ext.pygmentplugin"}
