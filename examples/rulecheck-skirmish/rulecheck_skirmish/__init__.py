"""Skirmish: a small square-grid ruleset for rulecheck, installed as a package of its own.

rulecheck finds it through the ``rulecheck.rulesets`` entry point this package declares
(``skirmish = "rulecheck_skirmish.adapter:RULESET"``); nothing in rulecheck names it.
"""

from rulecheck.rulesets import package_layout

# Where its files are: features/skirmish, scenarios/skirmish, corpus/, steps.py, and the rulebook
# with its overlays at the top of the package (rules_in), since its engine is one module.
LAYOUT = package_layout(__file__, "skirmish", rules_in=".")
