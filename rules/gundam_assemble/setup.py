"""From a scenario's plain data to engine inputs: the battle, the attack declaration and the dice.

Used by the feature steps and by ``rulecheck explain``; the data is the ``units`` entries and the
``attack`` section of a scenario (see the scenario schema and the README). No I/O here.

The ``attack`` section::

    attacker: QX-40 Bastion
    weapon: Quad Bop Missile Launcher
    target: Cara's Strider          # a weapon with a numeric range (a list: a weapon with more targets)
    area: [[2, 0], [3, 0], [3, -1]] # an area weapon: the hexes the pattern is placed on
    dice: [9, 5, 3]                 # attack faces; or {attack: [...], additional: [...], reroll: [...],
                                    #   nested: [...]} (nested: the roll of an attack an effect makes)
    responses:                      # in any order: the engine puts the attacker's first
      - {window: before_attack_roll, side: A, tactics: Uphill Barrage}
      - {window: before_attack_roll, unit: ML-07C Crab, ability: Artillery Support}
      - {window: after_combat_damage, unit: PK-5 Kite, ability: Return Fire, weapon: Beam Spray Gun,
         choices: {...}, responses: [...]}   # scripted choices; Responses used in the attack it makes
    crit_target: Cara's Strider     # only under aoe_crit_effect_scope=chosen_target
    defeat_order: [...]             # only under simultaneous_defeat_order=owner_chooses
    interpretations: {disarm_effect: minus_one_accuracy}   # a ruling under another reading
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.dice import ScriptedDice
from rules.gundam_assemble.declaration import AttackDeclaration, AttackError, Response
from rules.gundam_assemble.units import Battle, Catalogue

DICE_PURPOSES = ("attack", "additional", "reroll", "nested")  # nested: attacks made by effects


def scripted_dice(spec: Sequence[int] | Mapping[str, Sequence[int]] | None) -> ScriptedDice:
    """Strict scripted dice; every purpose has its own queue so an error names the roll it hit."""
    if spec is None:
        spec = {}
    if not isinstance(spec, Mapping):
        spec = {"attack": spec}
    unknown = set(spec) - set(DICE_PURPOSES)
    if unknown:
        raise AttackError(f"dice: unknown roll {sorted(unknown)[0]!r} (expected {', '.join(DICE_PURPOSES)})")
    return ScriptedDice.of(**{p: [int(f) for f in spec.get(p, [])] for p in DICE_PURPOSES})


def response_from_data(data: Mapping[str, Any], battle: Battle, catalogue: Catalogue, where: str) -> Response:
    if not isinstance(data, Mapping):
        raise AttackError(f"{where}: a Response is a mapping (window, unit and ability, or side and tactics)")
    window = data.get("window")
    if "tactics" in data:
        name = data["tactics"]
        if name not in catalogue.tactics:
            raise AttackError(
                f"{where}.tactics: no Tactics card {name!r} (cards: {', '.join(catalogue.tactics)})"
            )
        if "side" not in data:
            raise AttackError(f"{where}.side: say which player plays {name}")
        ability, unit, side = catalogue.tactics[name], None, data["side"]
    else:
        unit = data.get("unit")
        if unit not in battle.units:
            raise AttackError(f"{where}.unit: no unit {unit!r} in this scenario")
        name = data.get("ability")
        abilities = battle.unit(unit).profile.abilities
        if name not in abilities:
            raise AttackError(
                f"{where}.ability: {unit} has no ability {name!r} "
                f"(abilities: {', '.join(abilities) or 'none'})"
            )
        ability, side = abilities[name], None
    to = data.get("to")
    if data.get("target") is not None and data["target"] not in battle.units:
        raise AttackError(
            f"{where}.target: no unit named {data['target']!r} in this scenario (units: {', '.join(battle.units)})"
        )
    if not isinstance(data.get("choices") or {}, Mapping):
        raise AttackError(f"{where}.choices: give the choices as a mapping, e.g. {{die: 3}}")
    if not isinstance(data.get("responses") or [], list):
        raise AttackError(f"{where}.responses: give the Responses of the attack it makes as a list")
    choices = dict(data.get("choices") or {})
    if "weapon" in data:  # the weapon of an attack effect: a scripted choice
        choices["weapon"] = data["weapon"]
    if any(e.on == "another_ally" for e in ability.effects):
        _check_ally(choices.get("ally"), unit, side, battle, f"{where}.choices.ally", ability.name)
    return Response(
        window or ability.window,
        ability,
        unit,
        side,
        data.get("target"),
        tuple(to) if to is not None else None,
        tuple(int(f) for f in data.get("dice") or ()),
        choices,
        tuple(
            response_from_data(n, battle, catalogue, f"{where}.responses[{i}]")
            for i, n in enumerate(data.get("responses") or [])
        ),
    )


def _check_ally(ally: Any, unit: str | None, side: str | None, battle: Battle, where: str, card: str) -> None:
    """ "Another allied unit" (an effect's ``to: another_ally``) is the player's choice, scripted as
    ``choices: {ally: NAME}`` and checked when the scenario loads: a unit of the battle, on the
    card's side, and not the card's own unit."""
    if ally is None:
        raise AttackError(f"{where}: {card} acts on another allied unit; name it (choices: {{ally: NAME}})")
    if ally not in battle.units:
        raise AttackError(
            f"{where}: no unit named {ally!r} in this scenario (units: {', '.join(battle.units)})"
        )
    own_side = battle.unit(unit).side if unit is not None else side
    if battle.unit(ally).side != own_side:
        raise AttackError(
            f"{where}: {ally} is not an ally of {unit or 'player ' + str(side)} (it is on side {battle.unit(ally).side})"
        )
    if ally == unit:
        raise AttackError(f"{where}: {ally} is the card's own unit, not another allied unit")


def declaration_from_data(data: Mapping[str, Any], battle: Battle, catalogue: Catalogue) -> AttackDeclaration:
    for key in ("attacker", "weapon"):
        if key not in data:
            raise AttackError(f"attack.{key}: required")
    area = data.get("area")
    target = data.get("target")
    names = list(target) if isinstance(target, list) else [target] if target is not None else []
    if not all(isinstance(n, str) for n in names) or (isinstance(target, list) and not names):
        raise AttackError("attack.target: a unit's name, or a list of names for a weapon with more targets")
    return AttackDeclaration(
        attacker=data["attacker"],
        weapon=data["weapon"],
        target=names[0] if names else None,
        more_targets=tuple(names[1:]),
        area=frozenset(tuple(h) for h in area) if area is not None else None,
        responses=tuple(
            response_from_data(r, battle, catalogue, f"attack.responses[{i}]")
            for i, r in enumerate(data.get("responses") or [])
        ),
        crit_target=data.get("crit_target"),
        defeat_order=tuple(data.get("defeat_order") or ()),
    )
