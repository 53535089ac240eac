"""The plugins the Gundam Assemble corpus runs with: rulecheck's (tags as markers, the ``ruling`` fixture,
``--rules``), its shared steps, and this game's steps."""

pytest_plugins = [
    "rulecheck.pytest_plugin",
    "steps.common",
    "rulecheck_gundam_assemble.steps.attack",
    "rulecheck_gundam_assemble.steps.board",
]
