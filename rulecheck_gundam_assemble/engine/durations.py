"""How long a card's effect lasts: the attack (the default), the activation, or the turn.

A lasting modifier (``Battle.lasting``) is given by an effect with ``duration: activation`` or
``duration: turn`` and applies to each later attack of its unit until it ends here. The chapter
ends an activation (GA-DEF-7) but never defines a turn; what "this turn" covers is the
``card_turn_duration`` interpretation. Abilities limited to once per activation or turn may be
used again once it ends. Which enemies each unit defeated this turn (for "if it
defeats an enemy this turn") is forgotten when the turn ends.
"""

from __future__ import annotations

from dataclasses import replace

from rulecheck_gundam_assemble.engine.card_delayed import resolve_delayed
from rulecheck_gundam_assemble.engine.units import Battle
from rules.events import Event, count_of
from rules.rulebook import Rulebook


def end_activation(battle: Battle, rules: Rulebook) -> tuple[Battle, list[Event]]:
    """The activation in progress ends: effects lasting until its end expire."""
    ending = {"activation"}
    # Asked only when it can matter: something lasts, was used once, or waits (delayed) "this turn".
    turn_bound = (
        any(x.duration == "turn" for x in battle.lasting)
        or any(u[2] == "turn" for u in battle.uses)
        or bool(battle.delayed)
    )
    cite = rules.cite("card_turn_duration") if turn_bound else None
    delayed: list[Event] = []
    if turn_bound and rules.interpretation("card_turn_duration") == "activation_end":
        ending.add("turn")
        battle, delayed = resolve_delayed(battle, rules, "activation", cite)
    battle, events = _expire(battle, ending, "activation", cite, ("GA-DEF-7",))
    return battle, delayed + events


def end_turn(battle: Battle, rules: Rulebook) -> tuple[Battle, list[Event]]:
    """The turn ends (and with it any activation): every lasting effect expires, whatever the
    reading of "this turn"."""
    battle, delayed = resolve_delayed(battle, rules, "turn")  # "at the end of the turn" comes first
    battle, events = _expire(battle, {"activation", "turn"}, "turn", None, ("GA-DEF-7",))
    return replace(battle, defeated_this_turn={}), delayed + events


def _expire(
    battle: Battle, durations: set[str], what: str, cite: str | None, clauses: tuple[str, ...]
) -> tuple[Battle, list[Event]]:
    gone = [x for x in battle.lasting if x.duration in durations]
    kept = tuple(x for x in battle.lasting if x.duration not in durations)
    text = f"the {what} ends: " + (
        "; ".join(f"{x.source} on {x.unit} expires" for x in gone) if gone else "no lasting effect to expire"
    )
    event = Event(
        f"end.{what}",
        clauses,
        text,
        {"expired": [x.source for x in gone], "kept": len(kept)},
        cite,
    )
    uses = tuple(u for u in battle.uses if u[2] not in durations)
    # A Strength bonus kept for the rest of the activation (strength_bonus_duration) ends with it.
    new = replace(
        battle,
        lasting=kept,
        uses=uses,
        activating=None if what == "turn" else battle.activating,
        activation_strength=(),
    )
    return new, [event] + (
        [Event(f"end.{what}.kept", clauses, f"{count_of(len(kept), 'lasting effect')} stay", {})]
        if kept
        else []
    )
