"""multibase's evaluator for ``rulecheck explore``: one generated position through the engine,
as plain JSON (its outcome, its trace, the dice it used, the choices made for the players).

A position (``multibase_strategies``) is a dict: ``units`` and ``terrain`` (the scenario file's
entries), ``attack`` (``attacker``, ``target``, ``close_combat``, ``in_cover``, ``bonus_dice``,
``threshold_modifiers``, ``removals``, ``pushes``, ``strict``) and ``dice`` (one pool of faces per
unit and roll). ``attack`` may hold ``pick``: where the engine leaves a removal or a push to a
player and lists the legal ones, the player takes the one at that index (modulo their number),
and the answer's ``picks`` says which bases that was, so a scenario can script it.

A position is a scenario in few words: ``scenario_document`` writes it in the scenario file's
format, and it is loaded by the same function that loads a scenario file or a feature's tables
(``multibase.scenario_from_data``), checks included: a position no scenario could state is not
ruled on.

``explore --rev`` runs these functions in the checkout of another revision (``attack`` is named
there as ``module:function``), so the whole game, its scenario format with its engine, is that
revision's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulecheck.explore.evaluate import PoolDice, PoolExhausted, jsonable
from rulecheck.source_yaml import InputError
from rulecheck_multibase.engine.attack import PushChoiceError, resolve_attack
from rulecheck_multibase.engine.casualties import IllegalRemoval
from rulecheck_multibase.ruleset import scenario_from_data
from rules import limits


def scenario_document(position: dict[str, Any]) -> dict[str, Any]:
    """The position in the scenario file's format (its choices made by index left out)."""
    a = position["attack"]
    attack: dict[str, Any] = {
        "kind": "close_combat" if a.get("close_combat") else "ranged",
        "attacker": a["attacker"],
        "target": a["target"],
    }
    for key in ("in_cover", "bonus_dice", "threshold_modifiers", "removals", "pushes"):
        if a.get(key):
            attack[key] = a[key]
    if not a.get("strict", False):  # explore lists an open push rather than refusing it
        attack["open_pushes"] = True
    doc: dict[str, Any] = {"ruleset": "multibase", "units": position["units"], "attack": attack}
    doc["dice"] = position["dice"]
    if position.get("terrain"):
        doc["terrain"] = position["terrain"]
    return doc


def scenario_from_position(position: dict[str, Any]):
    """The position loaded as a scenario (``InputError`` for one no scenario file could state)."""
    # The generator guarantees the document's shape: the schema pass is skipped, every check of
    # its values (overlapping bases, limits, unknown names) runs.
    return scenario_from_data(scenario_document(position), "explore position", schema=False)


def battlefield_from_position(position: dict[str, Any]):
    """The position's battlefield (for its diagram)."""
    return scenario_from_position(position).field


def attack(position: dict[str, Any], rules, catalogue=None) -> dict[str, Any]:
    """Resolve the attack; with ``pick``, again with each choice the engine left open made (a
    removal first, then the push it may lead to), so the search reaches pushes and destruction."""
    a = position["attack"]
    removals = {k: tuple(v) for k, v in a.get("removals", {}).items()}
    pushes = {k: tuple(v) for k, v in a.get("pushes", {}).items()}
    picked: dict[str, dict[str, list[str]]] = {}
    while True:
        answer, result = _resolve(position, rules, removals, pushes)
        made = False
        if result is not None and a.get("pick") is not None:
            for name, lost in sorted(result.casualties.items()):
                if lost.awaiting_choice and lost.options and name not in removals:
                    removals[name] = tuple(lost.options[a["pick"] % len(lost.options)])
                    picked.setdefault("removals", {})[name] = list(removals[name])
                    made = True
                options = getattr(lost, "push_options", ())
                if getattr(lost, "awaiting_push", False) and options and name not in pushes:
                    pushes[name] = tuple(options[a["pick"] % len(options)])
                    picked.setdefault("pushes", {})[name] = list(pushes[name])
                    made = True
        if not made:
            break
    if picked and "outcome" in answer:
        answer["picks"] = picked
    return answer


def _resolve(position: dict[str, Any], rules, removals: dict, pushes: dict) -> tuple[dict[str, Any], Any]:
    try:
        scenario = scenario_from_position(position)
    except InputError as exc:
        return {"invalid": f"position: {exc}"}, None
    spec = replace(scenario.attack, removals=dict(removals), pushes=dict(pushes))
    dice = PoolDice({k: list(v) for k, v in scenario.dice.items()})
    # A choice the rules do not allow is a ruling (the other version may allow it); a position
    # too big to list the choices of is unusable.
    try:
        result = resolve_attack(scenario.field, spec, rules, dice)
    except (PoolExhausted, limits.LimitExceeded) as exc:
        return {"invalid": f"{'dice' if isinstance(exc, PoolExhausted) else 'limit'}: {exc}"}, None
    except (IllegalRemoval, PushChoiceError) as exc:
        which = "removals" if isinstance(exc, IllegalRemoval) else "pushes"
        return {"refused": f"choice: {exc}", "refused_choice": [which, getattr(exc, "unit", "")]}, None
    outcome = jsonable(result.outcome())
    for name, lost in result.casualties.items():
        # The legal removals are a ruling whether or not a removal was then made (the engine's
        # outcome lists them only while the choice is open). Legal choices are a set: two
        # versions that list the same ones in another order rule alike (a scenario compares them
        # sorted), so they are compared sorted here too.
        status = outcome["units"][name]
        status["removal_options"] = sorted(sorted(o) for o in lost.options)
        if status.get("push_options"):
            status["push_options"] = sorted(sorted(o) for o in status["push_options"])
    return {
        "outcome": outcome,
        "events": [e.to_json() for e in result.events],
        "dice_used": dict(dice.used),
        "detail": {},
    }, result


def stated(position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The position as a scenario states it: the choices the engine made by index (``pick``)
    become the bases the players name, an open push the first legal one (a scenario must name
    the push when there are several), and a choice left unnamed is an error (``strict``), unless
    the position leaves the pushes open (``strict`` false: the legal pushes are the ruling)."""
    attack = {k: v for k, v in position["attack"].items() if k != "pick"}
    picks = answer.get("picks") or {}
    removals = {**attack.get("removals", {}), **picks.get("removals", {})}
    pushes = {**attack.get("pushes", {}), **picks.get("pushes", {})}
    open_pushes = attack.get("strict") is False
    for unit, status in (answer.get("outcome") or {}).get("units", {}).items():
        if (
            status.get("awaiting_push")
            and status.get("push_options")
            and unit not in pushes
            and not open_pushes
        ):
            pushes[unit] = status["push_options"][0]
    if removals:
        attack["removals"] = removals
    if pushes:
        attack["pushes"] = pushes
    attack["strict"] = not open_pushes
    return {**position, "attack": attack}
