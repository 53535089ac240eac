"""The plugins the Skirmish corpus runs with: rulecheck's (tags as markers, the ``ruling``
fixture, ``--rules``), its shared steps, and this game's steps. ``rulecheck check --ruleset
skirmish`` runs this folder's tests; so does plain ``pytest`` pointed at it."""

from rulecheck_skirmish.layout import LAYOUT

pytest_plugins = LAYOUT.pytest_plugins  # rulecheck.pytest_plugin, steps.common, rulecheck_skirmish.steps
