"""Run some tests against one code mutant, from any checkout, while a mutmut run goes on.

    python benchmarks/mutant_check.py MUTANT_NAME [--mutants DIR] [pytest args ...]

``mutmut run NAME`` re-tests a mutant, but it shares ``mutants/`` with any run in progress and
re-collects its statistics first. This script asks only "do these tests kill this mutant?": it
builds a throwaway folder whose ``rules/`` is the mutated engine mutmut wrote (``DIR/rules``,
default ``mutants/rules`` of this checkout) and whose features, steps, tests and CLI are this
checkout's own (so a scenario written here, not yet copied by mutmut, is what runs), then runs
pytest there with ``MUTANT_UNDER_TEST`` set. Exit 0: killed (a test failed); exit 1: survived
(every test passed); exit 2: bad use or the tests could not run. With ``MUTANT_NAME`` ``original`` no
mutant is active, which checks that the tests pass on the original code.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutant_tree import PACKAGES, ROOT, build_tree, run_pytest  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print("usage: mutant_check.py MUTANT_NAME [--mutants DIR] [pytest args ...]", file=sys.stderr)
        return 2
    name, rest = argv[0], argv[1:]
    mutants = ROOT / "mutants"
    if rest[:1] == ["--mutants"] and len(rest) > 1:
        mutants, rest = Path(rest[1]).resolve(), rest[2:]
    if not (mutants / "rules").is_dir():
        print(
            f"mutant_check: {mutants / 'rules'}: no mutated engine (run `mutmut run` once)", file=sys.stderr
        )
        return 2
    with tempfile.TemporaryDirectory(prefix="mutant-check-") as tmp:
        # The mutated code: the shared engine library and each game's package (its engine mutated)
        build_tree(Path(tmp), {package: mutants / package for package in PACKAGES}, copy=False)
        env = {"MUTANT_UNDER_TEST": "" if name == "original" else name, "PYTHONDONTWRITEBYTECODE": "1"}
        done = run_pytest(Path(tmp), rest or ["tests/test_features_gundam_assemble.py"], env)
    if name == "original":
        print(
            "the tests pass on the original code"
            if done.returncode == 0
            else "the tests FAIL on the original code"
        )
        return 0 if done.returncode == 0 else 2
    if done.returncode == 1:
        print(f"killed: {name}")
        return 0
    if done.returncode == 0:
        print(f"survived: {name}")
        return 1
    print(f"mutant_check: pytest exited {done.returncode} (not a verdict)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
