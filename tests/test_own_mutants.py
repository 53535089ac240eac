"""The judge of benchmarks/own_mutants.py gives honest verdicts: run on a small package of its own
(no copy of this repository), a mutant that changes nothing survives, one a test notices is
killed, one that makes a test hang is stopped and counted, and each mutant is judged on the
original source with only its own change (the copy is restored after each)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


own_mutants = _load("own_mutants")

LIMITS = '''"""A module whose constants the tests below read."""

LIMIT = 3
PAUSE = 0
UNUSED_WIDTH = 7
'''

TESTS = """from judged_toy import limits


def test_the_limit_is_three():
    assert limits.LIMIT == 3


def test_a_pause_of_zero_returns():
    while limits.PAUSE:
        pass
"""


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "judged_toy").mkdir(parents=True)
    (root / "judged_toy" / "__init__.py").write_text("")
    (root / "judged_toy" / "limits.py").write_text(LIMITS)
    (root / "tests").mkdir()
    (root / "tests" / "test_toy_limits.py").write_text(TESTS)
    return root


def _mutants() -> dict[str, object]:
    made = own_mutants.mutants_of("judged_toy.limits", LIMITS)
    return {f"{m.constant}{m.original}->{m.replacement}": m for m in made}


def _judge(root: Path, mutants: list) -> list[str]:
    verdicts = own_mutants.judge_mutants(
        mutants,
        lambda module: ["tests/test_toy_limits.py"],
        root=root,
        packages=["judged_toy"],
        paths={"judged_toy.limits": root / "judged_toy" / "limits.py"},
        limit=lambda clean: 3.0,
    )
    return [verdict for _, verdict, _ in verdicts]


def test_a_mutant_a_test_notices_is_killed_and_one_that_changes_nothing_survives(toy):
    made = _mutants()
    lethal = made["LIMIT3->4"]
    same = own_mutants.Mutant(**{**vars(lethal), "name": "no-op", "replacement": lethal.original})
    # the no-op after the lethal one: it is judged on the restored original, not on 4
    assert _judge(toy, [lethal, same, lethal]) == ["killed", "survived", "killed"]
    assert (toy / "judged_toy" / "limits.py").read_text() == LIMITS  # the checkout is never written


def test_a_mutant_that_makes_a_test_hang_is_stopped_and_counted_as_timed_out(toy):
    assert _judge(toy, [_mutants()["PAUSE0->1"]]) == ["timed out"]


def test_tests_that_fail_on_the_original_code_give_no_verdict(toy):
    (toy / "tests" / "test_toy_limits.py").write_text(TESTS.replace("== 3", "== 5"))
    with pytest.raises(SystemExit, match="fail on the original code"):
        _judge(toy, [_mutants()["LIMIT3->4"]])


def test_a_constant_no_code_reads_is_set_apart_as_unread(toy):
    sources = [LIMITS, TESTS]
    made = _mutants()
    assert own_mutants.unread(made["UNUSED_WIDTH7->8"], sources)
    assert not own_mutants.unread(made["LIMIT3->4"], sources)
    assert not own_mutants.unread(made["PAUSE0->1"], sources)
