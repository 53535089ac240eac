"""pytest-bdd step definitions: thin translation from Gherkin to engine calls, no rules logic.

``SHARED`` names the modules here that every ruleset's scenarios may use; a ruleset names its own
(``Corpus.step_modules``). A user's project loads the shared modules and those of its own
rulesets, so it never imports another ruleset's steps (nor, through them, its geometry). The
bundled corpus loads every module here through its conftest.py.
"""

SHARED = ("steps.common",)
