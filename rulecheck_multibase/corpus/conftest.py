"""The plugins the Multibase corpus runs with: rulecheck's (tags as markers, the ``ruling`` fixture,
``--rules``), its shared steps, and this game's steps."""

pytest_plugins = [
    "rulecheck.pytest_plugin",
    "steps.common",
    "rulecheck_multibase.steps.attack",
    "rulecheck_multibase.steps.mutants",
]
