"""rulecheck: scenario testing and rules compliance for tabletop wargames."""

__version__ = "0.1.0"
