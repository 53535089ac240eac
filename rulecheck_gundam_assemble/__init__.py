"""Gundam Assemble: the game's whole package for rulecheck (its engine, scenario format, steps and corpus)."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
FEATURES = HERE / "features" / "gundam_assemble"
SCENARIOS = HERE / "scenarios" / "gundam_assemble"
OVERLAYS = HERE / "engine" / "overlays"
EQUIVALENT_MUTANTS = HERE / "engine" / "equivalent_mutants.yaml"
SCHEMAS = HERE / "schemas"
CORPUS_TESTS = (HERE / "corpus" / "test_features_gundam_assemble.py",)
STEP_MODULES = tuple(
    f"rulecheck_gundam_assemble.steps.{p.stem}"
    for p in sorted((HERE / "steps").glob("*.py"))
    if p.stem != "__init__"
)
