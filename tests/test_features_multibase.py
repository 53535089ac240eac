"""Bind every multibase feature (features/multibase/*.feature) as pytest tests."""

from pytest_bdd import scenarios

scenarios("multibase")
