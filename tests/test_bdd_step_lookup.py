"""rulecheck's step lookup finds the same step definitions, in the same order, as pytest-bdd's.

The corpus runs in a fresh interpreter with both lookups asked about every step (the comparison
is installed once the session is configured, after ``rulecheck.pytest_plugin`` installed the fast
one); any difference is printed and fails the test.
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
from rulecheck import bdd_step_lookup as lookup

checked, differ = [], []

def compare(step, fixturemanager, node):
    fast = list(lookup.find_fixturedefs_for_step(step, fixturemanager, node))
    slow = list(lookup._ORIGINAL(step=step, fixturemanager=fixturemanager, node=node))
    checked.append(step.name)
    if fast != slow:
        differ.append((node.nodeid, step.name, fast, slow))
    return iter(slow)

class Compare:
    def pytest_collection_finish(self, session):
        lookup.bdd_scenario.find_fixturedefs_for_step = compare

code = pytest.main(sys.argv[1:] + ["-q", "-p", "no:cacheprovider"], plugins=[Compare()])
print("CHECKED", len(checked), "DIFFER", len(differ))
for d in differ[:5]:
    print(d)
sys.exit(int(code) or (1 if differ or not checked else 0))
"""


@pytest.mark.slow  # one corpus run with both lookups on every step, about 5 s of CPU
def test_the_fast_step_lookup_agrees_with_pytest_bdd_on_every_step_of_the_corpus():
    files = sorted(str(p) for p in (ROOT / "tests").glob("test_features_*.py"))
    proc = subprocess.run([sys.executable, "-c", PROBE, *files], capture_output=True, text=True, cwd=ROOT)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("CHECKED")]
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert summary and int(summary[0].split()[1]) > 1000  # every step of the corpus was compared
