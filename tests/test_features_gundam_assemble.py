"""Every scenario of features/gundam_assemble/ as a pytest item."""

from pytest_bdd import scenarios

scenarios("gundam_assemble")
