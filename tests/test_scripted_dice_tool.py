"""Scripted dice are strict: the tool's own behaviour, written as scenarios but kept out of the
corpus (they rule on nothing in the book, so they must not count as GA-ROLL-1 rulings)."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios(str(Path(__file__).parent / "tool_features" / "scripted_dice.feature"))
