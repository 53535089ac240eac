"""Bind every Skirmish feature (the package's features/skirmish/*.feature) as pytest tests."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios(str(Path(__file__).resolve().parent.parent / "features" / "skirmish"))
