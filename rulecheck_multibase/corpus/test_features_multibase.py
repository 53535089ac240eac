"""Bind every Multibase feature (rulecheck_multibase/features/multibase/*.feature) as pytest tests."""

from pytest_bdd import scenarios

from rulecheck_multibase.layout import LAYOUT

scenarios(str(LAYOUT.features))
