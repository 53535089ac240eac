"""What a player declares for an attack: the attacker, the weapon, the target or the placed area,
and each Response with its own choices (docs/architecture.md, "Dice and choices are inputs").

``AttackError`` marks a declaration that is malformed (an unknown weapon or unit, a Response in the
wrong window); an attack the rules forbid is not an error but an illegal result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulecheck_gundam_assemble.engine.abilities import Ability
from rules.hexgrid import Hex


class AttackError(ValueError):
    """The declaration itself is malformed (unknown weapon or unit, a Response in the wrong
    window). A legal-looking attack the rules forbid is not an error: it is an illegal result.

    ``field`` names the part of the declaration at fault (``weapon``, ``responses[1]``) so that
    whoever read it from a file can point at the line."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Response:
    """One use of an ability or Tactics card in a window.

    ``unit`` is the unit using it (None for a Tactics card, which belongs to ``side``); ``target``
    names the recipient of a ``one_target`` effect (Q.25) or the unit a ``move`` moves; ``to`` is
    the hex it moves to; ``dice`` are the faces a ``reroll`` picks up. ``choices`` are the other
    scripted choices the ability asks for by name (a Python ability's choices, the ``weapon`` of
    an ``attack`` effect); each must be used. ``nested`` are the Responses used during the attack
    an ``attack`` effect makes."""

    window: str
    ability: Ability
    unit: str | None = None
    side: str | None = None
    target: str | None = None
    to: Hex | None = None
    dice: tuple[int, ...] = ()
    choices: Mapping[str, Any] = field(default_factory=dict)
    nested: tuple[Response, ...] = ()


@dataclass(frozen=True)
class AttackDeclaration:
    attacker: str
    weapon: str
    target: str | None = None
    area: frozenset[Hex] | None = None
    responses: tuple[Response, ...] = ()
    crit_target: str | None = None  # under aoe_crit_effect_scope=chosen_target
    defeat_order: tuple[str, ...] = ()  # under simultaneous_defeat_order=owner_chooses
    # which card steps in when several could keep a unit from defeat: the owner's choice, {unit: ability}
    defeat_prevented_by: Mapping[str, str] = field(default_factory=dict)
    more_targets: tuple[str, ...] = ()  # a weapon that allows additional targets (GA-ROLL-3)
    tl_cost_change: int = 0  # an attack made by an effect ("attacks back at a lower cost")
    made_by: str | None = None  # the effect that makes this attack, if any
    # the hexes a critical effect's dash or push moves each unit to, in order (card_moves)
    critical_moves: Mapping[str, tuple[Hex, ...]] = field(default_factory=dict)
    tl_cost_set: int | None = None  # an attack made by a card that says it costs N
