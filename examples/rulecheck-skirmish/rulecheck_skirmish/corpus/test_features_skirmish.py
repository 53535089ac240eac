"""Bind every Skirmish feature (the package's features/skirmish/*.feature) as pytest tests."""

from pytest_bdd import scenarios

from rulecheck_skirmish.layout import LAYOUT

scenarios(str(LAYOUT.features))
