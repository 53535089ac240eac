"""rulecheck's step lookup finds the same step definitions, in the same order, as pytest-bdd's,
and runs the same definition for every step.

The corpus is collected in a fresh interpreter and, for every scenario item, both lookups are
asked about each of its steps (Background included) with the same node a run would pass; any
difference is printed and fails the test. Collecting instead of running keeps the test cheap:
which definitions a step finds does not depend on what earlier steps did.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry
from rulecheck import bdd_step_lookup as lookup

checked, differ = [], []

class Compare:
    def pytest_collection_finish(self, session):
        fixturemanager = session._fixturemanager
        for item in session.items:
            template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
            for step in template.steps if template else ():
                fast = list(lookup.find_fixturedefs_for_step(step, fixturemanager, item))
                slow = list(lookup._ORIGINAL(step=step, fixturemanager=fixturemanager, node=item))
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
    files = sorted(str(p) for p in (ROOT / "tests").glob("test_features_*.py"))
    proc = subprocess.run([sys.executable, "-c", PROBE, *files], capture_output=True, text=True, cwd=ROOT)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("CHECKED")]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert summary and int(summary[0].split()[1]) > 1000  # every step of the corpus was compared


RUN_PROBE = """
import sys
import pytest
from rulecheck import bdd_step_lookup as lookup

checked, differ = [], []

class Compare:
    def pytest_bdd_before_step(self, request, feature, scenario, step, step_func):
        ran = lookup.get_step_function(request, step)
        asked = lookup._ORIGINAL_GET_STEP_FUNCTION(request=request, step=step)
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
