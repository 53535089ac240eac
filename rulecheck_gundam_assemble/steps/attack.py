"""Gundam Assemble attack steps: unit states, Responses, scripted dice, and the attack's outcome.

The position comes from the board steps (``Given the board:`` / ``the pieces:`` / ``the hexes:``
or ``Given the scenario "..."``); these steps add the units' state, the Responses players will
use and the dice, call ``rulecheck_gundam_assemble.engine.attack.resolve_attack``, and assert on the result
and its events. Unit cards come from ``rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml`` (test data).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, then, when

from rulecheck.source_yaml import InputError
from rulecheck.wording import plural
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.card_plugins import catalogue_with
from rulecheck_gundam_assemble.diagram import board_to_json
from rulecheck_gundam_assemble.engine.area_effect import AreaPattern, placements
from rulecheck_gundam_assemble.engine.attack import AttackResult, resolve_attack, stage_of
from rulecheck_gundam_assemble.engine.declaration import AttackError
from rulecheck_gundam_assemble.engine.durations import end_activation, end_turn
from rulecheck_gundam_assemble.engine.setup import DICE_PURPOSES, declaration_from_data, scripted_dice
from rulecheck_gundam_assemble.engine.units import Battle, Catalogue, battle_from_entries
from rulecheck_gundam_assemble.explain import state_beyond_card
from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases as P
from rulecheck_gundam_assemble.steps.board import GAContext
from rules.dice import DiceScriptError
from rules.events import format_trace, interpretations_cited
from steps.common import (
    expect,
    expect_cited,
    expect_interpretation_named,
    feature_project,
    name_list,
    parse_hex,
    parse_hex_list,
    replayable,
    table_errors,
    table_rows,
    unquote,
)

STATE_COLUMNS = {
    "hp": int,
    "shields": int,
    "deactivated_shields": int,
    "energy": int,
    "timeline": int,
    "status": lambda v: [s.strip() for s in v.split(",") if s.strip() and s.strip() != "none"],
    "upgrades": lambda v: [s.strip() for s in v.split(",") if s.strip() and s.strip() != "none"],
    "activating": lambda v: v.lower() in ("yes", "true"),
    "profile": str,
}
WINDOW_NAMES = {
    "before the attack": "before_attack",
    "before attack roll": "before_attack_roll",
    "after attack roll": "after_attack_roll",
    "after combat damage": "after_combat_damage",
}


def catalogue(ga_context: GAContext | None = None) -> Catalogue:
    """The bundled cards, with the project's cards over them (a project's feature), plus the card
    files of a scenario file the feature loaded."""
    scenario = ga_context.scenario if ga_context is not None else None
    return catalogue_with(tuple(getattr(scenario, "cards", ()) or ()), feature_project())


@dataclass
class AttackContext:
    responses: list[dict[str, Any]] = field(default_factory=list)
    dice: dict[str, list[int]] = field(default_factory=dict)
    choices: dict[str, Any] = field(default_factory=dict)
    battle: Battle | None = None
    result: AttackResult | None = None
    error: Exception | None = None
    state: Battle | None = None  # the battle after the last attack or end of activation/turn
    all_events: list = field(default_factory=list)  # every attack's events, and durations ending


@pytest.fixture
def attack_context() -> AttackContext:
    return AttackContext()


def _faces(text: str) -> list[int]:
    text = text.strip()
    if text in ("", "nothing", "no dice"):
        return []
    return [int(f) for f in text.replace(" and ", ",").split(",") if f.strip()]


def _battle(ga_context: GAContext) -> Battle:
    board = ga_context.require_board()
    return battle_from_entries(board, ga_context.units, catalogue(ga_context))


# --- position and choices ------------------------------------------------------------------------


@given(P.unit_states.parser)
@table_errors(columns="name; optional: " + ", ".join(STATE_COLUMNS))
def unit_states(ga_context: GAContext, datatable: list[list[str]]):
    """Columns: name, then any of hp, shields, deactivated_shields, status, energy, upgrades,
    timeline, activating, profile. Unstated values come from the unit card."""
    for row in table_rows(datatable):
        name = row.pop("name")
        if name not in ga_context.units:
            raise AssertionError(f"no unit {name!r} on the board (units: {', '.join(ga_context.units)})")
        entry = dict(ga_context.units[name])
        for key, value in row.items():
            if key not in STATE_COLUMNS:
                raise AssertionError(
                    f"unknown unit state column {key!r} (expected {', '.join(STATE_COLUMNS)})"
                )
            if value != "":
                entry[key] = STATE_COLUMNS[key](value)
        cards = catalogue(ga_context).units
        card = cards.get(entry.get("profile", name))
        if card is not None and (problem := state_beyond_card(entry, card)):
            raise InputError("feature table", None, f"{name}.{problem[0]}", problem[1])
        ga_context.units[name] = entry


@given(P.will_respond.parser)
@when(P.will_respond.parser)
def will_respond(
    attack_context: AttackContext,
    who: str,
    name: str,
    target: str | None,
    window: str | None,
    to: str | None,
    dice: str | None = None,
):
    """``ML-07C Crab will use "Artillery Support"`` or ``player A will use "Uphill Barrage"``
    (a Tactics card); optionally ``on <unit>`` for a one-target effect, ``moving it to [q, r]``, and
    ``rerolling 5, 2``: the dice a reroll picks up, the rerolling player's choice."""
    entry: dict[str, Any] = {}
    if who.startswith("player "):
        entry.update(side=who.removeprefix("player "), tactics=name)
        ability_window = catalogue().tactics[name].window if name in catalogue().tactics else None
    else:
        entry.update(unit=who, ability=name)
        ability_window = None
    if window:
        entry["window"] = WINDOW_NAMES[window]
    elif ability_window:
        entry["window"] = ability_window
    if target:
        entry["target"] = target
    if to:
        entry["to"] = list(parse_hex(to))
    if dice:
        entry["dice"] = [int(f) for f in dice.split(", ")]
    attack_context.responses.append(entry)


@given(P.later_dice.parser)
@when(P.later_dice.parser)
def later_dice(attack_context: AttackContext, purpose: str, faces: str):
    """``the additional dice will show 10``, ``the rerolled dice will show 6``, or ``the nested
    attack dice will show 5, 5`` (the roll of an attack an effect makes)."""
    key = {"additional": "additional", "rerolled": "reroll", "nested attack": "nested", "card": "card"}.get(
        purpose
    )
    if key is None:
        raise AssertionError(
            f"unknown dice {purpose!r}: say 'additional', 'rerolled', 'nested attack' or 'card'"
        )
    attack_context.dice[key] = _faces(faces)


@given(P.response_choice.parser)
@when(P.response_choice.parser)
def response_choice(attack_context: AttackContext, name: str, key: str, value: str):
    """A scripted choice of the Response using ``name`` (``"Return Fire" chooses weapon "..."``)."""
    for entry in reversed(attack_context.responses):
        if name in (entry.get("ability"), entry.get("tactics")):
            entry.setdefault("choices", {})[key] = int(value) if value.isdigit() else value
            return
    raise AssertionError(f"no Response {name!r} was given before this choice")


@when(P.activation_over.parser)
def activation_over(ruling, attack_context: AttackContext):
    _end(ruling, attack_context, end_activation)


@when(P.turn_over.parser)
def turn_over(ruling, attack_context: AttackContext):
    _end(ruling, attack_context, end_turn)


def _end(ruling, ctx: AttackContext, how) -> None:
    if ctx.state is None:
        raise AssertionError("no attack was resolved before the end of the activation or turn")
    ctx.state, events = how(ctx.state, ruling.rules(ga.RULESET))
    ctx.all_events += events


@given(P.crit_choice.parser)
def crit_choice(attack_context: AttackContext, name: str):
    attack_context.choices["crit_target"] = name


@given(P.crit_move.parser)
def crit_move(attack_context: AttackContext, name: str, hexes: str):
    """Where a critical effect's dash or push moves ``name``: one hex, or several ("[3, 0], [5, 0]")."""
    attack_context.choices.setdefault("critical_moves", {})[unquote(name)] = [
        list(h) for h in parse_hex_list(hexes)
    ]


@given(P.made_by_card.parser)
def made_by_card(attack_context: AttackContext, side: str, name: str):
    """An attack a Tactics card makes outside any other attack (the attack's ``made_by``)."""
    attack_context.choices["made_by"] = {"side": side, "tactics": name}


@given(P.defeat_order.parser)
def defeat_order(attack_context: AttackContext, names: str):
    attack_context.choices["defeat_order"] = name_list(names)


@given(P.defeat_prevented_by.parser)
def defeat_prevented_by(attack_context: AttackContext, name: str, ability: str):
    """Which of several cards that could keep ``name`` from defeat its owner uses."""
    attack_context.choices.setdefault("defeat_prevented_by", {})[unquote(name)] = ability


# --- resolving -----------------------------------------------------------------------------------


def _resolve(
    ruling, ga_context: GAContext, ctx: AttackContext, attack: dict[str, Any], battle: Battle | None = None
) -> None:
    rules = ruling.rules(ga.RULESET)
    # A later attack in the same scenario goes on from the battle the last one left (a turn).
    ctx.battle = battle or (ctx.state if ctx.state is not None else _battle(ga_context))
    data = {**attack, "responses": [*attack.get("responses", []), *ctx.responses], **ctx.choices}
    dice = {
        p: list(data.get("dice", {}).get(p, [])) if isinstance(data.get("dice"), dict) else []
        for p in DICE_PURPOSES
    }
    if isinstance(data.get("dice"), list):
        dice["attack"] = list(data["dice"])
    for purpose, faces in ctx.dice.items():
        dice[purpose] = faces
    ctx.responses, ctx.dice, ctx.choices = [], {}, {}
    try:
        decl = declaration_from_data(data, ctx.battle, catalogue(ga_context))
        ctx.result = resolve_attack(ctx.battle, decl, scripted_dice(dice), rules)
    except (DiceScriptError, AttackError) as exc:
        ctx.error = exc
        if isinstance(exc, DiceScriptError):  # show how far the attack got, and where it went another way
            try:
                replay = resolve_attack(ctx.battle, decl, replayable(scripted_dice(dice)), rules)
            except (DiceScriptError, AttackError):
                return
            ruling.show(
                ga.RULESET, board_to_json(ctx.battle.board), events=[e.to_json() for e in replay.events]
            )
        return
    ctx.state = ctx.result.battle
    ctx.all_events += list(ctx.result.events)
    _record(ruling, ctx.result)
    # The sightline the target check turned on, as the engine found it (single-target attacks).
    sight = {"los": ctx.result.sightlines[0].to_json()} if ctx.result.sightlines else {}
    ruling.show(
        ga.RULESET,
        board_to_json(ctx.battle.board),
        events=[e.to_json() for e in ctx.result.events],
        outcome=ctx.result.outcome(),
        attack={k: data[k] for k in ("attacker", "target", "area") if k in data},
        **sight,
    )


def _record(ruling, result: AttackResult) -> None:
    ruling.record("attack.legal", result.legal)
    for name, t in result.per_target.items():
        ruling.record(f"hits {name}", t.hits)
        ruling.record(f"damage {name}", t.dealt + t.fracture)
        ruling.record(f"defeated {name}", t.defeated)
    ruling.record("victory points", dict(result.battle.victory_points))
    ruling.record("timeline", {n: u.timeline for n, u in result.battle.units.items()})
    ruling.record("steps", [e.step for e in result.events])


@when(P.attack_target.parser)
def attack_target(ruling, ga_context, attack_context, attacker: str, target: str, weapon: str, faces: str):
    """``... attacks A; B with W and rolls ...``: several targets for a weapon that allows them."""
    _resolve(
        ruling,
        ga_context,
        attack_context,
        {"attacker": attacker, "weapon": weapon, "target": _targets(target), "dice": _faces(faces)},
    )


def _targets(text: str) -> str | list[str]:
    names = [unquote(n) for n in text.split(";")]
    return names if len(names) > 1 else names[0]


@when(P.second_attack.parser)
def second_attack(ruling, ga_context, attack_context, attacker: str, target: str, weapon: str, faces: str):
    """Another attack in the same activation, from the battle the last attack left; the responses
    given for the first attack are not used again."""
    before = _result(attack_context).battle
    attack_context.responses, attack_context.choices, attack_context.dice = [], {}, {}
    _resolve(
        ruling,
        ga_context,
        attack_context,
        {"attacker": attacker, "weapon": weapon, "target": target, "dice": _faces(faces)},
        battle=before,
    )


@when(P.attack_target_no_dice.parser)
def attack_target_no_dice(ruling, ga_context, attack_context, attacker: str, target: str, weapon: str):
    _resolve(
        ruling,
        ga_context,
        attack_context,
        {"attacker": attacker, "weapon": weapon, "target": _targets(target)},
    )


@when(P.attack_area.parser)
def attack_area(ruling, ga_context, attack_context, attacker: str, weapon: str, area: str, faces: str | None):
    _resolve(
        ruling,
        ga_context,
        attack_context,
        {
            "attacker": attacker,
            "weapon": weapon,
            "area": [list(h) for h in parse_hex_list(area)],
            "dice": _faces(faces or ""),
        },
    )


@when(P.scenario_attack.parser)
def scenario_attack(ruling, ga_context: GAContext, attack_context: AttackContext):
    if ga_context.scenario is None or ga_context.scenario.attack is None:
        raise AssertionError("the scenario file has no 'attack' section")
    attack = dict(ga_context.scenario.attack)
    for name, option in (attack.pop("interpretations", None) or {}).items():
        ruling.apply(ga.RULESET, f"{name}={option}", interpretations={name: option})
    _resolve(ruling, ga_context, attack_context, attack)


@when(P.scenario_attacks.parser)
def scenario_attacks(ruling, ga_context: GAContext, attack_context: AttackContext):
    """The scenario file's ``attacks``: each attack, and each ``{end: activation|turn}``, in order."""
    if ga_context.scenario is None or not ga_context.scenario.attacks:
        raise AssertionError("the scenario file has no 'attacks' list")
    for item in ga_context.scenario.attacks:
        if "end" in item:
            _end(ruling, attack_context, {"activation": end_activation, "turn": end_turn}[item["end"]])
            continue
        attack = dict(item)
        for name, option in (attack.pop("interpretations", None) or {}).items():
            ruling.apply(ga.RULESET, f"{name}={option}", interpretations={name: option})
        _resolve(ruling, ga_context, attack_context, attack)
        if attack_context.error is not None:
            return


# --- outcomes --------------------------------------------------------------------------------------


def _result(ctx: AttackContext) -> AttackResult:
    if ctx.error is not None:
        raise AssertionError(f"expected the attack to be resolved, got: {ctx.error}")
    if ctx.result is None:
        raise AssertionError("no attack was resolved yet")
    return ctx.result


def _trace(ctx: AttackContext) -> str:
    return format_trace(_result(ctx).events)


def _target(ctx: AttackContext, name: str):
    result = _result(ctx)
    if name not in result.per_target:
        raise AssertionError(
            f"{name} took no damage step in this attack; targets: {list(result.targets)}\n{_trace(ctx)}"
        )
    return result.per_target[name]


def _statuses(got: list[str]) -> str:
    return f"the statuses {', '.join(got)}" if got else "no statuses"


@then(P.attack_allowed.parser)
def attack_allowed(attack_context: AttackContext):
    result = _result(attack_context)
    refusal = [e.text for e in result.events if e.step == "check.illegal"] or ["a refusal"]
    expect(result.legal, "the attack to be allowed", f"it refused: {refusal[-1]}")


@then(P.attack_not_allowed.parser)
def attack_not_allowed(attack_context: AttackContext):
    expect(not _result(attack_context).legal, "the attack to be refused", "an allowed attack")


@then(P.attack_refused.parser)
def attack_refused(attack_context: AttackContext, clause: str):
    result = _result(attack_context)
    expect(not result.legal, f"the attack to be refused under {clause}", "an allowed attack")
    # Only the checks that refused count: a passed check (a clear line, an ignored Garrison) may
    # cite the same clause without being the reason.
    cited = {c for e in result.events if _refuses(e) for c in e.clauses}
    expect(clause in cited, f"the refusal to cite {clause}", f"a refusal citing {', '.join(sorted(cited))}")


REFUSING_STEPS = ("check.illegal", "check.reach.ineligible", "check.los.blocked", "check.los.blocked_by")


def _refuses(event) -> bool:
    if event.step == "check.reach.range":
        return event.data["distance"] > event.data["reach"]
    if event.step == "check.engagement":
        return bool(event.data.get("engaged_with")) and not event.data.get("included")
    return event.step in REFUSING_STEPS


@then(P.dice_rolled.parser)
def dice_rolled(attack_context: AttackContext, count: int):
    got = _result(attack_context).strength
    expect(got == count, f"the attack to roll {count} dice", f"{got} dice")


@then(P.final_dice.parser)
def final_dice(attack_context: AttackContext, faces: str):
    got = _result(attack_context).faces
    expect(sorted(got) == sorted(_faces(faces)), f"the dice {faces}", ", ".join(map(str, got)) or "no dice")


@then(P.targets_are.parser)
def targets_are(attack_context: AttackContext, names: str):
    got = list(_result(attack_context).targets)
    expect(got == name_list(names), f"the targets {'; '.join(name_list(names))}", "; ".join(got) or "none")


@then(P.not_a_target.parser)
def not_a_target(attack_context: AttackContext, name: str):
    got = list(_result(attack_context).targets)
    expect(name not in got, f"{name} not to be a target", f"the targets {'; '.join(got)}")


@then(P.is_a_target.parser)
def is_a_target(attack_context: AttackContext, name: str):
    got = list(_result(attack_context).targets)
    expect(name in got, f"{name} to be a target", f"the targets {'; '.join(got) or 'none'}")


@then(P.accuracy_is.parser)
def accuracy_is(attack_context: AttackContext, name: str, value: int):
    got = _target(attack_context, name).accuracy
    expect(got == value, f"Accuracy {value:+d} against {name}", f"{got:+d}")


@then(P.hits_are.parser)
def hits_are(attack_context: AttackContext, name: str, count: int):
    got = _target(attack_context, name).hits
    expect(got == count, f"{name} to take {count} hits", f"{got}")


@then(P.hit_is.parser)
def hit_is(attack_context: AttackContext, name: str, count: int):
    hits_are(attack_context, name, count)


@then(P.damage_is.parser)
def damage_is(attack_context: AttackContext, name: str, count: int):
    t = _target(attack_context, name)
    got = t.dealt + t.fracture
    fracture = f" ({t.dealt} + {t.fracture} from Fracture)" if t.fracture else ""
    expect(got == count, f"{name} to take {count} damage", f"{got}{fracture}")


@then(P.prevented.parser)
def prevented(attack_context: AttackContext, count: int, name: str):
    got = _target(attack_context, name).prevented
    expect(got == count, f"Shields to prevent {count} damage to {name}", f"{got}")


def _unit(ctx: AttackContext, name: str):
    """The unit as it stands now: after the last attack, or the end of an activation or turn."""
    result = _result(ctx)
    return (ctx.state or result.battle).unit(name)


@then(P.hp_is.parser)
def hp_is(attack_context: AttackContext, name: str, count: int):
    got = _unit(attack_context, name).hp
    expect(got == count, f"{name} to have {count} hit points", f"{got}")


@then(P.shields_are.parser)
def shields_are(attack_context: AttackContext, name: str, count: int):
    got = _unit(attack_context, name).shields
    expect(got == count, f"{name} to have {count} active Shields", f"{got}")


@then(P.deactivated_are.parser)
def deactivated_are(attack_context: AttackContext, name: str, count: int):
    got = _unit(attack_context, name).deactivated_shields
    expect(got == count, f"{name} to have {count} deactivated Shields", f"{got}")


@then(P.is_defeated.parser)
def is_defeated(attack_context: AttackContext, name: str):
    unit = _unit(attack_context, name)
    expect(unit.in_reserve, f"{name} to be defeated", f"{unit.hp} hit points left")


@then(P.not_defeated.parser)
def not_defeated(attack_context: AttackContext, name: str):
    expect(not _unit(attack_context, name).in_reserve, f"{name} not to be defeated", "a defeated unit")


@then(P.in_reserve.parser)
def in_reserve(attack_context: AttackContext, name: str):
    unit = _unit(attack_context, name)
    on_board = _result(attack_context).battle.board.has_piece(name)
    expect(
        unit.in_reserve and unit.must_redeploy and not on_board,
        f"{name} in Reserve, off the board, to be redeployed",
        f"in Reserve: {unit.in_reserve}, on the board: {on_board}, must redeploy: {unit.must_redeploy}",
    )


@then(P.vp_are.parser)
def vp_are(attack_context: AttackContext, side: str, count: int):
    battle = attack_context.state or _result(attack_context).battle  # after a turn's end too
    vp = battle.victory_points.get(side, 0)
    expect(vp == count, f"player {side} to have {count} victory points", f"{vp}")


@then(P.timeline_is.parser)
def timeline_is(attack_context: AttackContext, name: str, space: int):
    got = _unit(attack_context, name).timeline
    expect(got == space, f"{name}'s Timeline token on space {space}", f"space {got}")


@then(P.has_status.parser)
def has_status(attack_context: AttackContext, name: str, status: str):
    got = sorted(_unit(attack_context, name).statuses)
    expect(status in got, f"{name} to have the status {status}", _statuses(got))


@then(P.lacks_status.parser)
def lacks_status(attack_context: AttackContext, name: str, status: str):
    got = sorted(_unit(attack_context, name).statuses)
    expect(status not in got, f"{name} not to have the status {status}", _statuses(got))


@then(P.keeps.parser)
def keeps(attack_context: AttackContext, name: str, energy: int, upgrades: str):
    unit = _unit(attack_context, name)
    want = [u.strip() for u in upgrades.split(",")]
    expect(
        unit.energy == energy and list(unit.upgrades) == want,
        f"{name} to keep {energy} Energy and the Upgrades {upgrades}",
        f"{unit.energy} Energy and the Upgrades {', '.join(unit.upgrades) or 'none'}",
    )


@then(P.crit_times.parser)
def crit_times(attack_context: AttackContext, times: int):
    got = _result(attack_context).critical_triggers
    expect(got == times, f"the critical hit effect to trigger {plural(times, 'time')}", f"{got}")


@then(P.crit_once.parser)
def crit_once(attack_context: AttackContext):
    crit_times(attack_context, 1)


@then(P.crit_never.parser)
def crit_never(attack_context: AttackContext):
    crit_times(attack_context, 0)


@then(P.activation_ends.parser)
def activation_ends(attack_context: AttackContext):
    expect(
        _result(attack_context).battle.activation_ended, "the activation to end", "an activation that goes on"
    )


@then(P.activation_goes_on.parser)
def activation_goes_on(attack_context: AttackContext):
    # The outcome (--json) says false, not null: read it as the user sees it.
    ended = _result(attack_context).outcome()["activation_ended"]
    expect(
        ended is False, "the activation to go on (activation_ended: false)", f"activation_ended: {ended!r}"
    )


@then(P.ends_early.parser)
def ends_early(attack_context: AttackContext):
    expect(_result(attack_context).ended_early, "the attack to end early", "an attack that ran to its end")


@then(P.runs_to_end.parser)
def runs_to_end(attack_context: AttackContext):
    got = _result(attack_context).ended_early
    expect(got is None, "the attack to run to its end", f"it ended early ({got})")


def _refused_uses(ctx: AttackContext, name: str) -> list[str]:
    events = _result(ctx).events
    return [
        e.text
        for e in events
        if e.step.endswith((".not_allowed", ".out_of_reach", ".closed")) and name in e.text
    ]


@then(P.cannot_use.parser)
def cannot_use(attack_context: AttackContext, who: str, name: str):
    expect(
        bool(_refused_uses(attack_context, name)), f"{who} to be refused {name}", f"{name} was not refused"
    )


@then(P.can_use.parser)
def can_use(attack_context: AttackContext, who: str, name: str):
    """Used, not merely not refused: a card that never came up was not shown to be usable."""
    refused = _refused_uses(attack_context, name)
    used = [
        e.text
        for e in _result(attack_context).events
        if e.step.endswith(".response") and f"{name}:" in e.text and e.text.startswith(who)
    ]
    expect(
        used and not refused,
        f"{who} to use {name}",
        f"refused: {refused[0]}" if refused else f"{name} was not used by {who}",
    )


@then(P.ruling_cites.parser)
def ruling_cites(attack_context: AttackContext, clause: str):
    expect_cited(_result(attack_context).events, clause, "ruling")


@then(P.ruling_interpretation.parser)
def ruling_interpretation(attack_context: AttackContext, name: str):
    expect_interpretation_named(_result(attack_context).events, name, "ruling")


@then(P.ruling_interpretations_exactly.parser)
def ruling_interpretations_exactly(attack_context: AttackContext, names: str):
    """The readings the ruling rests on, as explain lists them: these and no others ("none")."""
    used = sorted(interpretations_cited(_result(attack_context).events))
    want = sorted(name_list(names)) if names.strip() != "none" else []
    expect(used == want, f"the interpretations {', '.join(want) or 'none'}", f"{', '.join(used) or 'none'}")


@then(P.ruling_interpretation_option.parser)
def ruling_interpretation_option(attack_context: AttackContext, name: str, option: str):
    # every attack's events and the ends of activations and turns after them (delayed effects)
    used = interpretations_cited(attack_context.all_events or _result(attack_context).events)
    expect(
        used.get(name) == option,
        f"the ruling to read {name} as {option}",
        ", ".join(f"{k}={v}" for k, v in sorted(used.items())) or "no interpretation",
    )


@then(P.stage_order.parser)
def stage_order(attack_context: AttackContext, datatable: list[list[str]]):
    """One row per stage, in order: the distinct stages of the trace must be exactly these."""
    want = [row[0].strip() for row in datatable]
    seen: list[str] = []
    for e in _result(attack_context).events:
        s = stage_of(e)
        if not seen or seen[-1] != s:
            seen.append(s)
    expect(seen == want, f"the stages {', '.join(want)}", ", ".join(seen))


@then(P.resolves_before.parser)
def resolves_before(attack_context: AttackContext, first: str, second: str):
    texts = [e.text for e in _result(attack_context).events]
    i = next((n for n, t in enumerate(texts) if first in t and "uses" in t), None)
    j = next((n for n, t in enumerate(texts) if second in t and "uses" in t), None)
    got = "neither used" if i is None and j is None else f"{first} at step {i}, {second} at step {j}"
    expect(i is not None and j is not None and i < j, f'"{first}" to resolve before "{second}"', got)


@then(P.resolving_fails.parser)
def resolving_fails(attack_context: AttackContext, message: str):
    error = attack_context.error
    expect(
        error is not None and message in str(error),
        f"resolving to fail because {message}",
        f"{error or 'no error'}",
    )


@then(P.resolving_does_not_fail.parser)
def resolving_does_not_fail(attack_context: AttackContext, message: str):
    """The counterpart of "resolving fails because": what ``check --vacuous`` flips that step to."""
    error = attack_context.error
    expect(
        error is None or message not in str(error),
        f"resolving not to fail because {message}",
        f"{error}",
    )


@then(P.placement_count.parser)
def placement_count(ruling, ga_context: GAContext, weapon: str, unit: str, count: int):
    profile = catalogue(ga_context).units[ga_context.units[unit].get("profile", unit)]
    piece = ga_context.require_board().piece(unit)
    orientation = ruling.rules(ga.RULESET).interpretation("aoe_diagram_orientation")
    got = placements(profile.weapons[weapon].area, piece.hex, orientation=orientation)
    expect(len(got) == count, f"{count} legal placements of {weapon}", f"{len(got)}")


@given(P.area_diagram.parser, target_fixture="area_diagram")
def area_diagram(hexes: str) -> dict[str, Any]:
    """A diagram as a weapon's card gives it, hexes relative to the attacker at [0, 0]: the
    pattern the engine makes of it, or why it refuses it."""
    try:
        return {"pattern": AreaPattern(tuple(parse_hex_list(hexes))), "refusal": None}
    except ValueError as exc:
        return {"pattern": None, "refusal": str(exc)}


@then(P.diagram_refused.parser)
def diagram_refused(area_diagram: dict[str, Any], message: str):
    refusal = area_diagram["refusal"]
    expect(refusal == message, f"the diagram refused: {message}", f"{refusal or 'accepted'}")


@then(P.diagram_placements.parser)
def diagram_placements(ruling, area_diagram: dict[str, Any], count: int):
    pattern = area_diagram["pattern"]
    if pattern is None:
        raise AssertionError(f"expected the diagram to be accepted, got: {area_diagram['refusal']}")
    orientation = ruling.rules(ga.RULESET).interpretation("aoe_diagram_orientation")
    got = placements(pattern, (0, 0), orientation=orientation)
    expect(len(got) == count, f"{count} placements", f"{len(got)}")


@then(P.penalty_order.parser)
def penalty_order(attack_context: AttackContext, names: str):
    want = name_list(names)
    got = [e.data["unit"] for e in _result(attack_context).events if e.step == "defeat.timeline_penalty"]
    expect(got == want, f"the penalties in the order {'; '.join(want)}", "; ".join(got) or "no penalty")


@then(P.upgrade_count.parser)
def upgrade_count(attack_context: AttackContext, name: str, count: int, kind: str):
    name = unquote(name)
    unit = _unit(attack_context, name)
    expect(unit.upgrade_count(kind) == count, f"{count} {kind} Upgrades", f"upgrades {list(unit.upgrades)}")


@then(P.energy_is.parser)
def energy_is(attack_context: AttackContext, name: str, count: int):
    got = _unit(attack_context, unquote(name)).energy
    expect(got == count, f"{name} to have {count} Energy", f"{got}")


@then(P.garrison_damage.parser)
def garrison_damage(attack_context: AttackContext, name: str, count: int):
    name = unquote(name)
    got = _result(attack_context).battle.garrison_damage.get(name, 0)
    expect(got == count, f"{count} damage to {name}", f"{got}")


@then(P.attacks_back.parser)
def attacks_back(attack_context: AttackContext, attacker: str, target: str, weapon: str):
    attacker, target, weapon = unquote(attacker), unquote(target), unquote(weapon)
    nested = [
        e
        for e in _result(attack_context).events
        if e.step.endswith(".nested.declare.attack") and e.data.get("attacker") == attacker
    ]
    ok = bool(nested) and nested[0].data.get("weapon") == weapon and target in nested[0].text
    expect(
        ok,
        f"{attacker} attacking {target} back with {weapon}",
        nested[0].text if nested else "no attack back",
    )


@then(P.no_nested.parser)
def no_nested(attack_context: AttackContext):
    nested = _result(attack_context).nested
    expect(not nested, "no attack made back", f"{len(nested)} attacks made back")


@then(P.some_nested.parser)
def some_nested(attack_context: AttackContext):
    nested = _result(attack_context).nested
    expect(bool(nested), "an attack made back", "no attack made back")


@then(P.trace_does_not_say.parser)
def trace_does_not_say(attack_context: AttackContext, text: str):
    text = unquote(text)
    events = attack_context.all_events or list(_result(attack_context).events)
    said = [e.text for e in events if text in e.text]
    expect(not said, f"no step saying {text!r}", f"{said[0]!r}" if said else "")


@then(P.trace_says.parser)
def trace_says(attack_context: AttackContext, text: str):
    text = unquote(text)
    events = attack_context.all_events or list(_result(attack_context).events)
    expect(any(text in e.text for e in events), f"a step saying {text!r}", "\n" + format_trace(events))


@then(P.stands_at.parser)
def stands_at(attack_context: AttackContext, name: str, hex_text: str):
    where = _result(attack_context).battle.board.piece(name).hex
    expect(where == parse_hex(hex_text), f"{name} at {hex_text}", list(where))
