"""Skirmish: a small square-grid ruleset for rulecheck, installed as a package of its own.

rulecheck finds it through the ``rulecheck.rulesets`` entry point this package declares
(``skirmish = "rulecheck_skirmish.adapter:RULESET"``); nothing in rulecheck names it.
"""
