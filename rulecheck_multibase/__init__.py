"""Multibase: the game's whole package for rulecheck (its engine, scenario format, steps and corpus)."""
