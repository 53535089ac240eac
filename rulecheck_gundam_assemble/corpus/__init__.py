"""Gundam Assemble's corpus as ``rulecheck check`` runs it: the pytest binding of the package's features."""
