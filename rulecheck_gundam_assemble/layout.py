"""Where the package's files are (its features, scenarios, schemas, rulebook, corpus binding and
steps), kept out of ``__init__`` so that importing its engine does not import the toolkit."""

from rulecheck.rulesets import package_layout

LAYOUT = package_layout(__file__, "gundam_assemble")
