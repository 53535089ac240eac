"""Bind every Gundam Assemble feature (rulecheck_gundam_assemble/features/gundam_assemble/*.feature) as pytest tests."""

from pytest_bdd import scenarios

from rulecheck_gundam_assemble.layout import LAYOUT

scenarios(str(LAYOUT.features))
