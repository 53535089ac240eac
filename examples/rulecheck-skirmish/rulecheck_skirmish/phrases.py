"""Skirmish's step phrases: the wording of each of its steps, in one place.

``steps.py`` builds its step definitions from these phrases, ``explore.py`` writes a witness's
scenario with them, and ``rulecheck check --vacuous`` turns a Then-step into its ``opposite``
(see ``rulecheck.phrases``; the adapter hands the table over through ``phrases()``).
"""

from __future__ import annotations

from rulecheck.phrases import CommonPhrases, given, then, when


class SkirmishPhrases(CommonPhrases):
    skirmish_map = given("the skirmish map:")
    skirmish_models = given("the skirmish models:")
    skirmish_scenario = given('the skirmish scenario "{file}"')
    to_hit_dice = given("the to-hit dice show {faces}")
    save_dice = given("the save dice show {faces}")
    fires = when('"{shooter}" fires at "{target}"')
    refused = then("the shot is refused: {reason}")
    # Its contrary names a reason: any refusal fails where the shot is allowed (and the link back
    # makes every refusal flip to "allowed").
    allowed = then("the shot is allowed", opposite=refused, fill={"reason": "out of range"})
    in_cover = then('"{target}" counts as in cover')
    not_in_cover = then('"{target}" does not count as in cover', opposite=in_cover)
    needs = then("each to-hit die needs {needed:d}+")
    lands = then("the shot lands {hits:d} hits")
    lands_one = then("the shot lands {hits:d} hit")
    saves = then('"{target}" saves {saved:d}')
    loses = then('"{target}" loses {wounds:d} wounds')
    loses_one = then('"{target}" loses {wounds:d} wound')
    removed = then('"{target}" is removed')
    stays = then('"{target}" stays on the battlefield', opposite=removed)
    trace_cites = then("the shot's trace cites {clause}")
    rests_on = then("the shot's ruling rests on {reading}")
