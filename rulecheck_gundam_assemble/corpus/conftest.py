"""The plugins the Gundam Assemble corpus runs with: rulecheck's (tags as markers, the ``ruling`` fixture,
``--rules``), its shared steps, and this game's steps (every module of its ``steps`` package)."""

from rulecheck_gundam_assemble.layout import LAYOUT

pytest_plugins = LAYOUT.pytest_plugins
