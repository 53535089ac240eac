"""Gundam Assemble's evaluator for ``rulecheck explore``: one generated position through the
engine, as plain JSON (its outcome, its trace, the dice it used).

A position (``gundam_assemble_strategies``) is a dict: ``width``, ``height`` and ``cells`` (one
``[elevation, water]`` per map cell, row by row, odd rows shoved right as in a compact map),
``pieces`` (``name``, ``side``, ``kind``, ``col``, ``row``; structures may state ``elevation``;
units may state ``profile``, ``hp``, ``shields``, ``status`` ...), and ``los`` (``from``, ``to``)
or ``attack`` (the scenario file's attack section, with ``dice`` as one pool of faces per roll
purpose), perhaps with a ``second`` attack.

A position is a scenario in few words: ``scenario_document`` writes it in the scenario file's
format, and the board and units are loaded by the same function that loads a scenario file
(``gundam_assemble.build_board``), then the battle and each declaration by the engine's
``battle_from_entries`` and ``declaration_from_data``, as ``explain`` does.

``explore --rev`` runs these functions in the checkout of another revision (``los`` and
``attack`` are named there as ``module:function``), so the whole game, its scenario format with
its engine, is that revision's.
"""

from __future__ import annotations

from typing import Any

import yaml

from rulecheck.explore.evaluate import PoolDice, PoolExhausted, jsonable
from rulecheck.source_yaml import InputError, LocatedYaml
from rulecheck_gundam_assemble.engine import durations
from rulecheck_gundam_assemble.engine.attack import resolve_attack
from rulecheck_gundam_assemble.engine.declaration import AttackError
from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight
from rulecheck_gundam_assemble.engine.setup import declaration_from_data
from rulecheck_gundam_assemble.engine.units import battle_from_entries, parse_catalogue
from rulecheck_gundam_assemble.ruleset import build_board
from rules.hexgrid import from_offset

SECTIONS = {"unit": "units", "structure": "structures", "garrison": "garrisons"}


def load_catalogue(path: str):
    """The unit and tactics cards of a card file (the bundled one: a user's is read through
    ``rulecheck.input_files`` before explore names it here)."""
    with open(path, encoding="utf-8") as fh:
        return parse_catalogue(yaml.safe_load(fh))


def scenario_document(position: dict[str, Any]) -> dict[str, Any]:
    """The position in the scenario file's format: the board's extent, its raised and water
    hexes, and the pieces by section, each at its axial hex with the state the position gives."""
    w, h = position["width"], position["height"]
    hexes = []
    for i, (elevation, water) in enumerate(position["cells"][: w * h]):
        if elevation or water:
            at = from_offset(i % w, i // w)
            hexes.append(
                {"at": list(at), "elevation": int(elevation), "terrain": "water" if water else "open"}
            )
    doc: dict[str, Any] = {"board": {"width": w, "height": h}, "hexes": hexes}
    for p in position["pieces"]:
        kind = p.get("kind", "unit")
        entry = {"name": p["name"], "side": p["side"], "at": list(from_offset(p["col"], p["row"]))}
        if kind == "unit":
            entry.update({k: p[k] for k in UNIT_STATE_KEYS if k in p})
        elif kind == "structure" and p.get("elevation") is not None:
            entry["elevation"] = p["elevation"]
        doc.setdefault(SECTIONS[kind], []).append(entry)
    return doc


def board_and_units(position: dict[str, Any]):
    """(Board, unit entries) of a position, loaded as a scenario file's are. ``InputError``
    for a position no scenario file could state."""
    doc = scenario_document(position)
    return build_board(LocatedYaml("explore position", doc, {}), doc)


def board_from_position(position: dict[str, Any]):
    """The position's board (for its diagram)."""
    return board_and_units(position)[0]


def los(position: dict[str, Any], rules, catalogue=None) -> dict[str, Any]:
    """Whether the position's ``los.from`` sees ``los.to``."""
    try:
        board = board_from_position(position)
    except InputError as exc:
        return {"invalid": f"position: {exc}"}
    a, t = board.piece(position["los"]["from"]), board.piece(position["los"]["to"])
    sight = line_of_sight(board, a.hex, t.hex, a.side, rules)
    return {
        "outcome": {"line of sight": "clear" if sight.clear else "blocked"},
        "events": [e.to_json() for e in sight.events],
        "detail": {"los": sight.to_json()},
    }


UNIT_STATE_KEYS = ("profile", "hp", "shields", "deactivated_shields", "status", "timeline", "activating")


def _resolve(attack: dict[str, Any], battle, rules, catalogue, tag: str = ""):
    """One attack of a position: (its outcome keys, its events, dice used, the battle after)."""
    dice = PoolDice({k: list(v) for k, v in attack.get("dice", {}).items()})
    decl = declaration_from_data({k: v for k, v in attack.items() if k != "dice"}, battle, catalogue)
    result = resolve_attack(battle, decl, dice, rules)
    outcome: dict[str, Any] = {f"{tag}attack": "allowed" if result.legal else _refusal(result.events)}
    if result.legal:
        outcome[f"{tag}ended early"] = bool(result.ended_early)
        outcome[f"{tag}dice rolled"] = result.strength
        outcome[f"{tag}critical triggers"] = result.critical_triggers
        outcome[f"{tag}targets"] = list(result.targets)
        order = [e.data["unit"] for e in result.events if e.step == "defeat.timeline_penalty"]
        if len(order) > 1:
            outcome[f"{tag}defeat order"] = order
        back = [
            f"{e.data['attacker']} > {e.data['target']} with {e.data['weapon']}"
            for e in result.events
            if e.step.endswith(".nested_attack")
        ]
        if back:
            outcome[f"{tag}attacks back"] = back
    for name, t in sorted(result.per_target.items()):
        outcome[f"{tag}accuracy {name}"] = t.accuracy
        outcome[f"{tag}hits {name}"] = t.hits
        outcome[f"{tag}damage {name}"] = t.dealt + t.fracture
    return outcome, [e.to_json() for e in result.events], dict(dice.used), result.battle


def _refusal(events) -> str:
    """ "not allowed under <clause>": the clause of the last check that refused the attack (the
    checks the step "the attack is not allowed under ..." reads), so two refusals for different
    reasons are different rulings."""
    clause = None
    for e in events:
        data = e.data or {}
        if e.step == "check.reach.range":
            refused = data.get("distance", 0) > data.get("reach", 0)
        elif e.step == "check.engagement":
            refused = bool(data.get("engaged_with")) and not data.get("included")
        else:
            refused = e.step in (
                "check.illegal",
                "check.reach.ineligible",
                "check.los.blocked",
                "check.los.blocked_by",
            )
        if refused and e.clauses:
            clause = e.clauses[0]
    return f"not allowed under {clause}" if clause else "not allowed"


def _state(battle) -> dict[str, Any]:
    """What the attacks leave on the table: each unit's state, Garrison damage, victory points."""
    outcome: dict[str, Any] = {}
    for name, u in sorted(battle.units.items()):
        outcome[f"defeated {name}"] = u.in_reserve
        outcome[f"hp {name}"] = u.hp
        outcome[f"shields {name}"] = u.shields
        outcome[f"deactivated shields {name}"] = u.deactivated_shields
        outcome[f"statuses {name}"] = sorted(u.statuses)
        outcome[f"timeline {name}"] = u.timeline
        outcome[f"upgrades {name}"] = sorted(u.upgrades)
        outcome[f"energy {name}"] = u.energy
    for name, n in sorted((getattr(battle, "garrison_damage", None) or {}).items()):
        outcome[f"garrison damage {name}"] = n
    outcome["activation ended"] = bool(getattr(battle, "activation_ended", False))
    outcome["victory points"] = dict(sorted(battle.victory_points.items()))
    return outcome


def attack(position: dict[str, Any], rules, catalogue) -> dict[str, Any]:
    """The position's attack, and its ``second`` attack if it has one (after nothing, the end
    of the activation or the end of the turn, as ``second.after`` says)."""
    try:
        board, entries = board_and_units(position)
    except InputError as exc:
        return {"invalid": f"position: {exc}"}
    battle = battle_from_entries(board, entries, catalogue)
    answer: dict[str, Any] = {"events": [], "dice_used": {}}
    try:
        outcome, events, used, battle = _resolve(position["attack"], battle, rules, catalogue)
        answer["events"], answer["dice_used"] = events, used
        answer["first_events"] = len(events)  # the first attack's events; the rest are the second's
        second = position.get("second")
        if second is not None:
            after = second.get("after", "nothing")
            if after in ("activation", "turn"):
                end = durations.end_activation if after == "activation" else durations.end_turn
                battle, ended = end(battle, rules)
                answer["events"] += [e.to_json() for e in ended]
            attack = {k: v for k, v in second.items() if k != "after"}
            more, events, used, battle = _resolve(attack, battle, rules, catalogue, SECOND)
            outcome.update(more)
            answer["events"] += events
            answer["dice_used_second"] = used
    except AttackError as exc:
        # The engine refuses the declaration: a ruling (one side may allow what the other refuses).
        return {"refused": f"declaration: {exc}"}
    except PoolExhausted as exc:
        return {"invalid": f"dice: {exc}"}
    outcome.update(_state(battle))
    answer["outcome"] = jsonable(outcome)
    answer["detail"] = {}
    return answer


SECOND = "second attack: "  # the outcome keys of a position's second attack start so
