"""Where the package's files are (its features, scenarios, schemas, rulebook, corpus binding and
steps), kept out of ``__init__`` so that importing its engine does not import the toolkit."""

from rulecheck.rulesets import package_layout

# Where its files are: features/skirmish, scenarios/skirmish, corpus/, steps.py, and the rulebook
# with its overlays at the top of the package (rules_in), since its engine is one module.
LAYOUT = package_layout(__file__, "skirmish", rules_in=".")
