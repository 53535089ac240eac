"""Defeated units (section "Defeated Units", GA-DEF-1..7).

A unit at 0 hit points is defeated once: the opposing player scores its victory points, the unit
goes from the board to its owner's Reserve, its Timeline token moves forward by the penalty, its
hit points reset and its status effects go, while Energy and Upgrades stay; it must be redeployed
before it next acts, and a unit defeated during its own activation ends that activation. What
becomes of its Shields is ``defeated_unit_shields``.

A card may step in when its unit would be defeated (``prevent_defeat``): the unit stays on the
board with the card's hit points and none of the rest happens. The chapter ties the victory points
to the hit points reaching 0 and says nothing of such a card; whether they are still scored is
``defeat_prevented_victory_points`` (FAQ Q.40).
"""

from __future__ import annotations

from dataclasses import replace

from rulecheck_gundam_assemble.engine.units import Battle
from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


def defeat(battle: Battle, name: str, rules: Rulebook, stage: str) -> tuple[Battle, list[Event]]:
    """Defeat ``name``; ``stage`` prefixes the events' steps (the attack step it happens in).

    A unit already in Reserve is not defeated again: victory points are scored once (GA-DEF-1)."""
    unit = battle.unit(name)
    if unit.in_reserve:
        return battle, [
            Event(
                f"{stage}.already_defeated",
                ("GA-DEF-1", "GA-DEF-2"),
                f"{name} is already in Reserve and cannot be defeated again",
                {"unit": name},
            )
        ]
    opponent = battle.opponent_of(unit.side)
    vp = unit.profile.vp
    penalty = rules.param("defeat_timeline_penalty")
    events = [
        Event(
            f"{stage}.defeated",
            ("GA-SEQ-11", "GA-DEF-1"),
            f"{name} is at 0 hit points and is defeated; player {opponent} scores {vp} victory points",
            {"unit": name, "side": opponent, "vp": vp},
        ),
        Event(
            f"{stage}.to_reserve",
            ("GA-DEF-2",),
            f"{name} leaves the board for player {unit.side}'s Reserve",
            {"unit": name},
        ),
        Event(
            f"{stage}.timeline_penalty",
            ("GA-DEF-3",),
            f"{name}'s Timeline token moves {penalty} spaces forward "
            f"({unit.timeline} -> {unit.timeline + penalty})",
            {"unit": name, "from": unit.timeline, "to": unit.timeline + penalty},
        ),
        Event(
            f"{stage}.reset",
            ("GA-DEF-4", "GA-DEF-5"),
            f"{name}'s hit points reset to {unit.profile.hp}"
            + (f", status effects removed ({', '.join(sorted(unit.statuses))})" if unit.statuses else "")
            + f"; Energy ({unit.energy}) and Upgrades ({len(unit.upgrades)}) are kept",
            {"unit": name, "hp": unit.profile.hp, "removed": sorted(unit.statuses)},
        ),
        Event(
            f"{stage}.must_redeploy",
            ("GA-DEF-6",),
            f"{name} must be redeployed before it next acts",
            {"unit": name},
        ),
    ]
    if unit.deactivated_shields:  # only then does the open reading matter
        events.insert(-1, _shields_event(unit, rules, stage))
    if unit.deactivated_shields and rules.interpretation("defeated_unit_shields") == "restored":
        unit = replace(unit, shields=unit.shields + unit.deactivated_shields, deactivated_shields=0)
    new_unit = replace(
        unit,
        hp=unit.profile.hp,
        statuses=frozenset(),
        timeline=unit.timeline + penalty,
        in_reserve=True,
        must_redeploy=True,
    )
    board = battle.board.without_piece(name) if battle.board.has_piece(name) else battle.board
    scores = {**battle.victory_points, opponent: battle.victory_points.get(opponent, 0) + vp}
    ended = battle.activation_ended
    if battle.activating == name:
        ended = True
        events.append(
            Event(
                f"{stage}.activation_ends",
                ("GA-DEF-7",),
                f"{name} was defeated during its own activation: the activation ends",
                {"unit": name},
            )
        )
    new = replace(battle, board=board, victory_points=scores, activation_ended=ended).with_unit(new_unit)
    return new, events


def defeat_prevented(
    battle: Battle, name: str, hit_points: int, source: str, rules: Rulebook, stage: str
) -> tuple[Battle, list[Event]]:
    """``source`` steps in as ``name`` reaches 0 hit points: the unit stays on the board with
    ``hit_points`` (at most its card's maximum), keeps its Timeline position, status effects and
    Shields, and its activation goes on. The victory points follow
    ``defeat_prevented_victory_points``."""
    unit = battle.unit(name)
    hp = min(hit_points, unit.profile.hp)
    opponent = battle.opponent_of(unit.side)
    scored = rules.interpretation("defeat_prevented_victory_points") == "scored"
    vp = unit.profile.vp if scored else 0
    cite = rules.cite("defeat_prevented_victory_points")
    events = [
        Event(
            f"{stage}.defeat_prevented",
            ("GA-SEQ-11", "GA-DEF-1", "GA-DEF-2", "GA-DEF-3"),
            f"{name} is at 0 hit points; {source} steps in: "
            f"it stays on the board with {plural(hp, 'hit point')}"
            + (f" (its card's maximum; the card gives {hit_points})" if hp < hit_points else "")
            + ", so it does not go to Reserve, take the Timeline penalty or reset",
            {"unit": name, "hp": hp, "source": source},
        ),
        Event(
            f"{stage}.defeat_prevented_points",
            ("GA-DEF-1",),
            f"player {opponent} scores {vp} victory points for {name}: "
            + (
                "they were earned when its hit points reached 0, before the card stepped in"
                if scored
                else "the card undoes the defeat, and the points with it"
            ),
            {"unit": name, "side": opponent, "vp": vp},
            cite,
        ),
    ]
    scores = {**battle.victory_points, opponent: battle.victory_points.get(opponent, 0) + vp}
    return replace(battle, victory_points=scores).with_unit(replace(unit, hp=hp)), events


def _shields_event(unit, rules: Rulebook, stage: str) -> Event:
    """The chapter resets hit points and status effects and keeps Energy and Upgrades; it does not
    say what becomes of Shields (``defeated_unit_shields``)."""
    restored = rules.interpretation("defeated_unit_shields") == "restored"
    active = unit.shields + (unit.deactivated_shields if restored else 0)
    return Event(
        f"{stage}.shields",
        ("GA-DEF-4", "GA-DEF-5"),
        f"{unit.name}'s Shields: {active} active, {0 if restored else unit.deactivated_shields} deactivated"
        + (" (deactivated Shields are active again)" if restored and unit.deactivated_shields else ""),
        {"unit": unit.name, "shields": active, "deactivated": 0 if restored else unit.deactivated_shields},
        rules.cite("defeated_unit_shields"),
    )
