"""The pytest-bdd internals rulecheck relies on (rulecheck/pytest_bdd_compat.py) exist, with the
shapes expected, in the installed pytest-bdd."""

from __future__ import annotations

from importlib.metadata import version

from rulecheck import pytest_bdd_compat


def test_every_internal_rulecheck_relies_on_is_in_the_installed_pytest_bdd():
    missing = pytest_bdd_compat.problems()
    assert not missing, (
        f"pytest-bdd {version('pytest-bdd')} lacks what rulecheck relies on: {'; '.join(missing)}. "
        f"rulecheck supports {pytest_bdd_compat.SUPPORTED} (pyproject.toml)"
    )


def test_the_supported_range_is_the_one_pyproject_pins():
    from pathlib import Path

    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert f'"{pytest_bdd_compat.SUPPORTED}"' in pyproject


def test_a_missing_internal_is_named(monkeypatch):
    monkeypatch.setitem(pytest_bdd_compat.INTERNALS, "pytest_bdd.scenario", {"no_such_registry": None})
    assert pytest_bdd_compat.problems() == ["pytest_bdd.scenario.no_such_registry is missing"]


def test_a_changed_signature_is_named(monkeypatch):
    monkeypatch.setitem(pytest_bdd_compat.INTERNALS, "pytest_bdd.parser", {"FeatureParser": ("path",)})
    (problem,) = pytest_bdd_compat.problems()
    assert problem.startswith("pytest_bdd.parser.FeatureParser('basedir', 'filename', 'encoding')")


def test_a_feature_is_parsed_afresh_each_time(tmp_path):
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: one\n  Scenario: first\n    Given x\n")
    assert list(pytest_bdd_compat.parse_feature(feature).scenarios) == ["first"]
    feature.write_text("Feature: one\n  Scenario: second\n    Given x\n")
    assert list(pytest_bdd_compat.parse_feature(feature).scenarios) == ["second"]
