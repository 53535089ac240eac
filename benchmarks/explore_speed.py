"""Positions `rulecheck explore` compares per second, beside the cost of one corpus scenario, in one run.

The baseline is the Gundam Assemble corpus run through `run_corpus` (what `rulecheck check`
does), divided by its number of scenarios: the cost of one hand-written scenario. Against it, for
Line of Sight and attack positions (and multibase attacks), explore's search loop runs the book
against one interpretation on a fixed number of positions: hypothesis generates each position and
both versions rule on it (shrinking, which only runs once a difference is found, is left out). Printed per kind: positions compared per second, and how many positions one
scenario's cost buys.

    .venv/bin/python benchmarks/explore_speed.py [--positions N] [--seed S]
"""

from __future__ import annotations

import argparse
import time

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as seed_

from rulecheck.corpus import PROJECT_ROOT, run_corpus
from rulecheck.explore.strategies import positions
from rulecheck.explore.versions import parse_side

CASES = (
    ("gundam_assemble", "los", "los_corner_touch=counts"),
    ("gundam_assemble", "attack", "disarm_timing=before_defender_responses"),
    ("multibase", "attack", "arc_boundary=outside"),
    ("multibase", "casualties", "coherency=each_within"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400, help="positions per kind")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    start = time.perf_counter()
    corpus = run_corpus(PROJECT_ROOT, ["gundam_assemble"])
    t_corpus = time.perf_counter() - start
    per_scenario = t_corpus / len(corpus.results)
    print(
        f"corpus: {len(corpus.results)} gundam_assemble scenarios in {t_corpus:.2f} s "
        f"= {per_scenario * 1000:.1f} ms per scenario"
    )
    for ruleset, kind, change in CASES:
        old, new = parse_side("book", ruleset), parse_side(change, ruleset)
        compared, differ, seconds = search(old, new, kind, args.positions, args.seed)
        rate = compared / seconds
        print(
            f"{ruleset} {kind} (book vs {change}): {compared} positions compared in {seconds:.2f} s "
            f"= {rate:.0f} per s ({differ} differ); one scenario's cost buys {rate * per_scenario:.1f} positions"
        )


def search(old, new, kind: str, count: int, seed: int) -> tuple[int, int, float]:
    """explore's search loop without the shrinking: hypothesis generates ``count`` positions and
    both versions rule on each. Returns (positions both could rule on, of those that differ, s)."""
    tally = {"compared": 0, "differ": 0}

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        derandomize=False,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(positions(old.ruleset, kind))
    def compare(position):
        a, b = old.evaluate(kind, position), new.evaluate(kind, position)
        if "outcome" in a and "outcome" in b:
            tally["compared"] += 1
            tally["differ"] += a["outcome"] != b["outcome"]

    start = time.perf_counter()
    seed_(seed)(compare)()
    return tally["compared"], tally["differ"], time.perf_counter() - start


if __name__ == "__main__":
    main()
