"""Multibase: the game's whole package for rulecheck (its engine, scenario format, steps and corpus)."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
FEATURES = HERE / "features" / "multibase"
SCENARIOS = HERE / "scenarios" / "multibase"
OVERLAYS = HERE / "engine" / "overlays"
EQUIVALENT_MUTANTS = HERE / "engine" / "equivalent_mutants.yaml"
SCHEMAS = HERE / "schemas"
CORPUS_TESTS = (HERE / "corpus" / "test_features_multibase.py",)
STEP_MODULES = tuple(
    f"rulecheck_multibase.steps.{p.stem}"
    for p in sorted((HERE / "steps").glob("*.py"))
    if p.stem != "__init__"
)
