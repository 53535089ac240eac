"""Repository-wide pytest set-up: tag mapping, step libraries and the hypothesis profiles."""

import importlib.util
import os
from pathlib import Path

import pytest

# Step modules import each other; have their asserts rewritten whichever is imported first.
pytest.register_assert_rewrite("steps", "rulecheck_gundam_assemble.steps", "rulecheck_multibase.steps")

# Every module in steps/ (the shared steps) and in each bundled game's steps package is a step
# library; adding a file there is all it takes to register it. The folders are found through the
# import system, so an installed wheel (which carries a copy of this file under rulecheck/bundled/)
# finds the installed packages.
STEP_PACKAGES = ("steps", "rulecheck_gundam_assemble.steps", "rulecheck_multibase.steps")
pytest_plugins = ["rulecheck.pytest_plugin"] + sorted(
    f"{package}.{p.stem}"
    for package in STEP_PACKAGES
    for p in Path(importlib.util.find_spec(package).origin).parent.glob("*.py")
    if p.stem != "__init__"
)


def pytest_configure(config: pytest.Config) -> None:
    """The hypothesis profiles, before any test module is imported. A corpus run (`rulecheck
    check`, which collects only the feature bindings tests/test_features_*.py) uses no hypothesis
    and skips importing it, about 0.15 s of every run."""
    if config.args and all(Path(a.split("::")[0]).name.startswith("test_features_") for a in config.args):
        return
    from hypothesis import HealthCheck, Phase, settings

    # CI: enough examples to matter (2.5 times hypothesis's default; the README's test command
    # stays under a minute on 2 cores), and deterministic (derandomize) so a red run reproduces.
    # `HYPOTHESIS_PROFILE=thorough` runs ten times as many, freshly random, for a deeper search.
    settings.register_profile(
        "ci",
        max_examples=250,
        derandomize=True,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile("dev", max_examples=100, deadline=None)
    settings.register_profile(
        "thorough", max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    # A code-mutation run (mutmut sets MUTANT_UNDER_TEST) must give each mutant the same verdict
    # every time: derandomized, and no example database carried from one mutant to the next.
    # No shrinking: the first failing example already kills the mutant, and shrinking it ran
    # many killed mutants into mutmut's time limit.
    settings.register_profile(
        "mutation",
        max_examples=100,
        derandomize=True,
        database=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    default = "mutation" if "MUTANT_UNDER_TEST" in os.environ else "ci" if os.environ.get("CI") else "dev"
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or default)
