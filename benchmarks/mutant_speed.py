"""CPU seconds to test one code mutant, with and without benchmarks/mutmut_plugin.py.

    mutmut run "rulecheck_multibase.engine.saves*"      # once: makes mutants/ and the test mapping
    python benchmarks/mutant_speed.py [--sample 30] ["rulecheck_multibase.engine.*"]

Does what mutmut's fork server does: collect the fast selection once, then fork one child per
mutant that runs the scenarios mutmut maps to the mutated function. Each sampled mutant is run
twice, once as mutmut ran it before the plugin and once with it, alternately, so both see the
same load; child CPU time (user + system) is what is compared, since wall time on a shared
machine says more about the neighbours. Prints the mean per mutant for survivors and killed
mutants and the ratio of the totals.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ["-p", "benchmarks.mutmut_plugin"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pattern", nargs="?", default="rulecheck_multibase.engine.*")
    parser.add_argument("--sample", type=int, default=30)
    args = parser.parse_args()
    stats_file = ROOT / "mutants" / "mutmut-stats.json"
    if not stats_file.exists():
        print("no mutants/mutmut-stats.json: run `mutmut run` once first", file=sys.stderr)
        return 2

    os.chdir(ROOT)
    from mutmut.configuration import config
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.runners.harness import PytestRunner
    from mutmut.utils.file_utils import setup_source_paths

    setup_source_paths()
    runner = PytestRunner()
    with_plugin = list(config().pytest_add_cli_args)
    at = with_plugin.index(PLUGIN[1]) - 1
    without = with_plugin[:at] + with_plugin[at + 2 :]
    runner._pytest_add_cli_args = without  # warm up as the old configuration did
    devnull = open(os.devnull, "w")  # noqa: SIM115 (stays open: every forked child writes to it)
    sys.stdout, saved = devnull, sys.stdout
    runner.warm_up()
    sys.stdout = saved

    tests_of = json.loads(stats_file.read_text())["tests_by_mangled_function_name"]
    names = []
    mutated = ("rules", "rulecheck_gundam_assemble/engine", "rulecheck_multibase/engine")
    for meta in sorted(p for folder in mutated for p in (ROOT / "mutants" / folder).rglob("*.py.meta")):
        names += sorted(json.loads(meta.read_text())["exit_code_by_key"])
    names = [
        n for n in names if fnmatch.fnmatchcase(n, args.pattern) and n.rsplit("__mutmut_", 1)[0] in tests_of
    ]
    step = max(1, len(names) // args.sample)
    sample = names[::step][: args.sample]

    disagree = []  # the plugin must never change a verdict
    cpu = {"before": {"killed": [], "survived": []}, "after": {"killed": [], "survived": []}}
    for name in sample:
        tests = sorted(tests_of[name.rsplit("__mutmut_", 1)[0]])
        verdicts = set()
        for label, cli in (("before", without), ("after", with_plugin)):
            pid = os.fork()
            if pid == 0:
                sys.stdout = sys.stderr = devnull
                runner._pytest_add_cli_args = cli
                set_mutant_under_test(name)
                os._exit(runner.run_tests(mutant_name=name, tests=tests))
            _, status, usage = os.wait4(pid, 0)
            verdict = "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
            cpu[label][verdict].append(usage.ru_utime + usage.ru_stime)
            verdicts.add(verdict)
        if len(verdicts) > 1:
            disagree.append(name)

    print(f"{len(sample)} mutants matching {args.pattern!r}, child CPU seconds per mutant:")
    for verdict in ("killed", "survived"):
        b, a = cpu["before"][verdict], cpu["after"][verdict]
        if b:
            print(f"  {verdict:9} {len(b):3}   before {sum(b) / len(b):.3f}   after {sum(a) / len(a):.3f}")
    total_b = sum(sum(v) for v in cpu["before"].values())
    total_a = sum(sum(v) for v in cpu["after"].values())
    print(
        f"  all       {len(sample):3}   before {total_b / len(sample):.3f}   after {total_a / len(sample):.3f}"
        f"   ratio after/before {total_a / total_b:.2f}"
    )
    if disagree:
        print("verdicts differ with the plugin:", *disagree)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
