"""Gundam Assemble: the game's whole package for rulecheck (its engine, scenario format, steps and corpus)."""

from rulecheck.rulesets import package_layout

LAYOUT = package_layout(__file__, "gundam_assemble")
