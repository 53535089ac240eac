"""Multibase steps added for the features that pin down mutants (rulecheck_multibase/features/multibase/mutants_*).

Thin translation only: each step resolves through the same helper as rulecheck_multibase/steps/attack.py.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import then

from rulecheck_multibase.phrases import MultibasePhrases as P
from rulecheck_multibase.steps.attack import MultibaseTable, _resolve


@then(P.then_shot_stops_on_dice.parser)
def then_shot_stops_on_dice(multibase: MultibaseTable, ruling, target: str, attacker: str, message: str):
    """The scripted dice do not fit the roll the book asks for (a face the die does not have): the
    attack fails in the words of a step ("expected ..., got: <the dice script's complaint>")."""
    with pytest.raises(AssertionError, match=re.escape(message)):
        _resolve(multibase, ruling, "ranged", attacker, target)
