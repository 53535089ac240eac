"""Gundam Assemble's pytest-bdd step definitions: thin translation from Gherkin to engine calls."""
