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
    crit_target: Cara's Strider     # under aoe_crit_effect_scope=chosen_target: which target, when several
    made_by: {side: A, tactics: ...}   # a card that makes this attack (a before_attack attack effect)
    critical_moves: {Cara's Strider: [4, 0]}   # where a critical dash or push moves each unit
    defeat_order: [...]             # only under simultaneous_defeat_order=owner_chooses
    defeat_prevented_by: {Near Sentry: Last Stand}   # which card steps in, when several could
    interpretations: {disarm_effect: minus_one_accuracy}   # a ruling under another reading
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulecheck_gundam_assemble.engine.card_moves import parse_critical_moves
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError, Response
from rulecheck_gundam_assemble.engine.units import Battle, Catalogue
from rules.dice import ScriptedDice

# nested: attacks made by effects; card: the dice abilities roll for themselves (card_dice)
DICE_PURPOSES = ("attack", "additional", "reroll", "nested", "card")


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
    if (window or ability.window) == "before_attack" and any(e.kind == "attack" for e in ability.effects):
        raise AttackError(
            f"{where}: {name} makes an attack of its own before any other: name it in the attack's made_by"
        )
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
    made_by, change, cost = card_attack(data, battle, catalogue)
    return AttackDeclaration(
        made_by=made_by,
        tl_cost_change=change,
        tl_cost_set=cost,
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
        defeat_prevented_by=defeat_choices(data.get("defeat_prevented_by")),
        critical_moves=parse_critical_moves(data.get("critical_moves")),
    )


def defeat_choices(spec: Any) -> dict[str, str]:
    """``defeat_prevented_by``: for a unit that more than one card could keep from defeat, the
    card its owner uses ({unit: ability}); the engine checks it when the unit reaches 0."""
    if spec is None:
        return {}
    if not isinstance(spec, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) and v for k, v in spec.items()
    ):
        raise AttackError(
            "a mapping of each unit to the ability that keeps it from defeat, e.g. {Zaku: Last Stand}",
            "defeat_prevented_by",
        )
    return dict(spec)


def card_attack(
    data: Mapping[str, Any], battle: Battle, catalogue: Catalogue
) -> tuple[str | None, int, int | None]:
    """``made_by``: the card that makes this attack outside any other attack ({unit, ability} or
    {side, tactics}, a card with a before_attack ``attack`` effect), as (who made it, the change
    to its cost, the cost it sets); all None/0 when the attack is an ordinary one."""
    spec = data.get("made_by")
    if spec is None:
        return None, 0, None
    if not isinstance(spec, Mapping):
        raise AttackError(
            "attack.made_by: the card that makes the attack: {unit, ability} or {side, tactics}"
        )
    if "tactics" in spec:
        name, ability = spec["tactics"], catalogue.tactics.get(spec["tactics"])
        who = f"player {spec.get('side')}"
        if ability is None:
            raise AttackError(f"attack.made_by.tactics: no Tactics card {name!r}")
        if data["attacker"] in battle.units and spec.get("side") != battle.unit(data["attacker"]).side:
            raise AttackError(
                f"attack.made_by.side: {name} lets its own player's unit attack, not {data['attacker']}"
            )
    else:
        unit, name = spec.get("unit"), spec.get("ability")
        if unit != data["attacker"]:
            raise AttackError(
                f"attack.made_by.unit: {unit!r} is not the attacker; the card lets its own unit attack"
            )
        ability = battle.unit(unit).profile.abilities.get(name) if unit in battle.units else None
        who = unit
        if ability is None:
            raise AttackError(f"attack.made_by.ability: {unit} has no ability {name!r}")
    makes = [e for e in ability.effects if e.kind == "attack"] if ability.window == "before_attack" else []
    if not makes:
        raise AttackError(
            f"attack.made_by: {name} does not make an attack (a before_attack card with an attack effect)"
        )
    eff = makes[0]
    if eff.weapon is not None and eff.weapon != data["weapon"]:
        raise AttackError(f"attack.weapon: {name} makes an attack with {eff.weapon}")
    return f"{who}'s {name}", eff.tl_cost, eff.set_to
