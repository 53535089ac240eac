"""Gundam Assemble attack steps: unit states, Responses, scripted dice, and the attack's outcome.

The position comes from the board steps (``Given the board:`` / ``the pieces:`` / ``the hexes:``
or ``Given the scenario "..."``); these steps add the units' state, the Responses players will
use and the dice, call ``rules.gundam_assemble.attack.resolve_attack``, and assert on the result
and its events. Unit cards come from ``scenarios/gundam_assemble/units.yaml`` (test data).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
import yaml
from pytest_bdd import given, parsers, then, when

from rulecheck.diagram_hex import board_to_json
from rulecheck.rulesets import gundam_assemble as ga
from rules.dice import DiceScriptError
from rules.events import format_trace, interpretations_cited
from rules.gundam_assemble.area_effect import placements
from rules.gundam_assemble.attack import STAGES, AttackResult, resolve_attack, stage_of
from rules.gundam_assemble.declaration import AttackError
from rules.gundam_assemble.setup import DICE_PURPOSES, declaration_from_data, scripted_dice
from rules.gundam_assemble.units import Battle, Catalogue, battle_from_entries, parse_catalogue
from steps.common import PROJECT_ROOT, parse_hex, parse_hex_list, table_rows
from steps.gundam_assemble_board import GAContext

CATALOGUE_FILE = PROJECT_ROOT / "scenarios" / "gundam_assemble" / "units.yaml"
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


@cache
def catalogue() -> Catalogue:
    with CATALOGUE_FILE.open(encoding="utf-8") as fh:
        return parse_catalogue(yaml.safe_load(fh))


@dataclass
class AttackContext:
    responses: list[dict[str, Any]] = field(default_factory=list)
    dice: dict[str, list[int]] = field(default_factory=dict)
    choices: dict[str, Any] = field(default_factory=dict)
    battle: Battle | None = None
    result: AttackResult | None = None
    error: Exception | None = None


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
    return battle_from_entries(board, ga_context.units, catalogue())


# --- position and choices ------------------------------------------------------------------------


@given("the unit states:")
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
        ga_context.units[name] = entry


@given(
    parsers.re(
        r'(?P<who>.+?) will use "(?P<name>[^"]+)"(?: on (?P<target>.+?))?(?: (?P<window>before the attack|'
        r"before attack roll|after attack roll|after combat damage))?(?: moving it to (?P<to>\[.+\]))?$"
    )
)
def will_respond(
    attack_context: AttackContext, who: str, name: str, target: str | None, window: str | None, to: str | None
):
    """``MP-02A Oggo will use "Artillery Support"`` or ``player A will use "Uphill Barrage"``
    (a Tactics card); optionally ``on <unit>`` for a one-target effect and ``moving it to [q, r]``."""
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
    attack_context.responses.append(entry)


@given(parsers.parse("the {purpose} dice will show {faces}"))
def later_dice(attack_context: AttackContext, purpose: str, faces: str):
    """``the additional dice will show 10`` or ``the rerolled dice will show 6``."""
    key = {"additional": "additional", "rerolled": "reroll"}.get(purpose)
    if key is None:
        raise AssertionError(f"unknown dice {purpose!r}: say 'additional' or 'rerolled'")
    attack_context.dice[key] = _faces(faces)


@given(parsers.parse("the attacking player chooses {name} for the critical hit effect"))
def crit_choice(attack_context: AttackContext, name: str):
    attack_context.choices["crit_target"] = name


@given(parsers.parse("the defending player orders the defeated units {names}"))
def defeat_order(attack_context: AttackContext, names: str):
    attack_context.choices["defeat_order"] = [n.strip() for n in names.split(";")]


# --- resolving -----------------------------------------------------------------------------------


def _resolve(
    ruling, ga_context: GAContext, ctx: AttackContext, attack: dict[str, Any], battle: Battle | None = None
) -> None:
    rules = ruling.rules(ga.RULESET)
    ctx.battle = battle or _battle(ga_context)
    data = {**attack, "responses": [*attack.get("responses", []), *ctx.responses], **ctx.choices}
    dice = {
        p: list(data.get("dice", {}).get(p, [])) if isinstance(data.get("dice"), dict) else []
        for p in DICE_PURPOSES
    }
    if isinstance(data.get("dice"), list):
        dice["attack"] = list(data["dice"])
    for purpose, faces in ctx.dice.items():
        dice[purpose] = faces
    try:
        decl = declaration_from_data(data, ctx.battle, catalogue())
        ctx.result = resolve_attack(ctx.battle, decl, scripted_dice(dice), rules)
    except (DiceScriptError, AttackError) as exc:
        ctx.error = exc
        return
    _record(ruling, ctx.result)
    ruling.show(ga.RULESET, board_to_json(ctx.battle.board), events=[e.to_json() for e in ctx.result.events])


def _record(ruling, result: AttackResult) -> None:
    ruling.record("attack.legal", result.legal)
    for name, t in result.per_target.items():
        ruling.record(f"hits {name}", t.hits)
        ruling.record(f"damage {name}", t.dealt + t.fracture)
        ruling.record(f"defeated {name}", t.defeated)
    ruling.record("victory points", dict(result.battle.victory_points))
    ruling.record("timeline", {n: u.timeline for n, u in result.battle.units.items()})
    ruling.record("steps", [e.step for e in result.events])


@when(
    parsers.re(
        r"(?P<attacker>.+?) attacks (?P<target>.+?) with (?P<weapon>.+?) and rolls (?P<faces>[\d, and]+)$"
    )
)
def attack_target(ruling, ga_context, attack_context, attacker: str, target: str, weapon: str, faces: str):
    _resolve(
        ruling,
        ga_context,
        attack_context,
        {"attacker": attacker, "weapon": weapon, "target": target, "dice": _faces(faces)},
    )


@when(
    parsers.re(
        r"(?P<attacker>.+?) makes a second attack on (?P<target>.+?) with (?P<weapon>.+?) "
        r"and rolls (?P<faces>[\d, and]+)$"
    )
)
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


@when(parsers.re(r"(?P<attacker>.+?) attacks (?P<target>.+?) with (?P<weapon>(?:(?! and rolls ).)+)$"))
def attack_target_no_dice(ruling, ga_context, attack_context, attacker: str, target: str, weapon: str):
    _resolve(ruling, ga_context, attack_context, {"attacker": attacker, "weapon": weapon, "target": target})


@when(
    parsers.re(
        r"(?P<attacker>.+?) fires (?P<weapon>.+?) at the area (?P<area>\[.+\])"
        r"(?: and rolls (?P<faces>[\d, and]+|nothing))?$"
    )
)
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


@when("the attack in the scenario file is resolved")
def scenario_attack(ruling, ga_context: GAContext, attack_context: AttackContext):
    if ga_context.scenario is None or ga_context.scenario.attack is None:
        raise AssertionError("the scenario file has no 'attack' section")
    attack = dict(ga_context.scenario.attack)
    for name, option in (attack.pop("interpretations", None) or {}).items():
        ruling.apply(ga.RULESET, f"{name}={option}", interpretations={name: option})
    _resolve(ruling, ga_context, attack_context, attack)


# --- outcomes --------------------------------------------------------------------------------------


def _result(ctx: AttackContext) -> AttackResult:
    if ctx.error is not None:
        raise AssertionError(f"the attack could not be resolved: {ctx.error}")
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


@then("the attack is allowed")
def attack_allowed(attack_context: AttackContext):
    assert _result(attack_context).legal, f"the attack was refused:\n{_trace(attack_context)}"


@then(parsers.parse("the attack is not allowed under {clause}"))
def attack_refused(attack_context: AttackContext, clause: str):
    result = _result(attack_context)
    assert not result.legal, f"the attack was allowed:\n{_trace(attack_context)}"
    cited = {c for e in result.events if e.step.startswith("check.") for c in e.clauses}
    assert clause in cited, f"the refusal cites {sorted(cited)}, not {clause}:\n{_trace(attack_context)}"


@then(parsers.parse("the attack rolls {count:d} dice"))
def dice_rolled(attack_context: AttackContext, count: int):
    assert _result(attack_context).strength == count, _trace(attack_context)


@then(parsers.parse("the dice are {faces}"))
def final_dice(attack_context: AttackContext, faces: str):
    assert sorted(_result(attack_context).faces) == sorted(_faces(faces)), _trace(attack_context)


@then(parsers.parse("the targets are {names}"))
def targets_are(attack_context: AttackContext, names: str):
    want = [n.strip() for n in names.split(";")]
    assert list(_result(attack_context).targets) == want, _trace(attack_context)


@then(parsers.parse("{name} is not a target"))
def not_a_target(attack_context: AttackContext, name: str):
    assert name not in _result(attack_context).targets, _trace(attack_context)


@then(parsers.parse("the Accuracy against {name} is {value:d}"))
def accuracy_is(attack_context: AttackContext, name: str, value: int):
    assert _target(attack_context, name).accuracy == value, _trace(attack_context)


@then(parsers.parse("{name} takes {count:d} hits"))
def hits_are(attack_context: AttackContext, name: str, count: int):
    assert _target(attack_context, name).hits == count, _trace(attack_context)


@then(parsers.parse("{name} takes {count:d} hit"))
def hit_is(attack_context: AttackContext, name: str, count: int):
    hits_are(attack_context, name, count)


@then(parsers.parse("{name} takes {count:d} damage"))
def damage_is(attack_context: AttackContext, name: str, count: int):
    t = _target(attack_context, name)
    assert t.dealt + t.fracture == count, (
        f"{name} took {t.dealt} + {t.fracture} (Fracture)\n{_trace(attack_context)}"
    )


@then(parsers.parse("Shields prevent {count:d} damage to {name}"))
def prevented(attack_context: AttackContext, count: int, name: str):
    assert _target(attack_context, name).prevented == count, _trace(attack_context)


def _unit(ctx: AttackContext, name: str):
    return _result(ctx).battle.unit(name)


@then(parsers.parse("{name} has {count:d} hit points"))
def hp_is(attack_context: AttackContext, name: str, count: int):
    assert _unit(attack_context, name).hp == count, _trace(attack_context)


@then(parsers.parse("{name} has {count:d} active Shields"))
def shields_are(attack_context: AttackContext, name: str, count: int):
    assert _unit(attack_context, name).shields == count, _trace(attack_context)


@then(parsers.parse("{name} has {count:d} deactivated Shields"))
def deactivated_are(attack_context: AttackContext, name: str, count: int):
    assert _unit(attack_context, name).deactivated_shields == count, _trace(attack_context)


@then(parsers.parse("{name} is defeated"))
def is_defeated(attack_context: AttackContext, name: str):
    unit = _unit(attack_context, name)
    assert unit.in_reserve, f"{name} is not defeated ({unit.hp} hit points)\n{_trace(attack_context)}"


@then(parsers.parse("{name} is not defeated"))
def not_defeated(attack_context: AttackContext, name: str):
    assert not _unit(attack_context, name).in_reserve, _trace(attack_context)


@then(parsers.parse("{name} is in Reserve and must be redeployed"))
def in_reserve(attack_context: AttackContext, name: str):
    unit = _unit(attack_context, name)
    board = _result(attack_context).battle.board
    assert unit.in_reserve and unit.must_redeploy and not board.has_piece(name), _trace(attack_context)


@then(parsers.parse("player {side} has {count:d} victory points"))
def vp_are(attack_context: AttackContext, side: str, count: int):
    vp = _result(attack_context).battle.victory_points.get(side, 0)
    assert vp == count, f"player {side} has {vp}\n{_trace(attack_context)}"


@then(parsers.parse("{name}'s Timeline token is on space {space:d}"))
def timeline_is(attack_context: AttackContext, name: str, space: int):
    assert _unit(attack_context, name).timeline == space, _trace(attack_context)


@then(parsers.parse("{name} has the status {status}"))
def has_status(attack_context: AttackContext, name: str, status: str):
    assert status in _unit(attack_context, name).statuses, _trace(attack_context)


@then(parsers.parse("{name} does not have the status {status}"))
def lacks_status(attack_context: AttackContext, name: str, status: str):
    assert status not in _unit(attack_context, name).statuses, _trace(attack_context)


@then(parsers.parse("{name} keeps {energy:d} Energy and the Upgrades {upgrades}"))
def keeps(attack_context: AttackContext, name: str, energy: int, upgrades: str):
    unit = _unit(attack_context, name)
    assert unit.energy == energy and list(unit.upgrades) == [u.strip() for u in upgrades.split(",")], unit


@then(parsers.parse("the critical hit effect triggers {times:d} times"))
def crit_times(attack_context: AttackContext, times: int):
    assert _result(attack_context).critical_triggers == times, _trace(attack_context)


@then("the critical hit effect triggers once")
def crit_once(attack_context: AttackContext):
    crit_times(attack_context, 1)


@then("the critical hit effect does not trigger")
def crit_never(attack_context: AttackContext):
    crit_times(attack_context, 0)


@then("the activation ends")
def activation_ends(attack_context: AttackContext):
    assert _result(attack_context).battle.activation_ended, _trace(attack_context)


@then("the attack ends early")
def ends_early(attack_context: AttackContext):
    assert _result(attack_context).ended_early, _trace(attack_context)


@then("the attack runs to its end")
def runs_to_end(attack_context: AttackContext):
    assert _result(attack_context).ended_early is None, _trace(attack_context)


@then(parsers.parse('{who} cannot use "{name}"'))
def cannot_use(attack_context: AttackContext, who: str, name: str):
    events = _result(attack_context).events
    refused = [e for e in events if e.step.endswith((".not_allowed", ".out_of_reach")) and name in e.text]
    assert refused, f"{who} was not refused {name}:\n{_trace(attack_context)}"


@then(parsers.parse("the ruling cites {clause}"))
def ruling_cites(attack_context: AttackContext, clause: str):
    cited = {c for e in _result(attack_context).events for c in e.clauses}
    assert clause in cited, f"the ruling cites {sorted(cited)}"


@then(parsers.parse("the ruling names the interpretation {name}"))
def ruling_interpretation(attack_context: AttackContext, name: str):
    used = interpretations_cited(_result(attack_context).events)
    assert name in used, f"interpretations named: {sorted(used) or 'none'}\n{_trace(attack_context)}"


@then("the events follow the attack sequence")
def follows_sequence(attack_context: AttackContext):
    order = [STAGES.index(stage_of(e)) for e in _result(attack_context).events]
    assert order == sorted(order), _trace(attack_context)


@then("the attack resolves in the order:")
def stage_order(attack_context: AttackContext, datatable: list[list[str]]):
    """One row per stage, in order: the distinct stages of the trace must be exactly these."""
    want = [row[0].strip() for row in datatable]
    seen: list[str] = []
    for e in _result(attack_context).events:
        s = stage_of(e)
        if not seen or seen[-1] != s:
            seen.append(s)
    assert seen == want, f"stages: {seen}\n{_trace(attack_context)}"


@then(parsers.parse('"{first}" resolves before "{second}"'))
def resolves_before(attack_context: AttackContext, first: str, second: str):
    texts = [e.text for e in _result(attack_context).events]
    i = next((n for n, t in enumerate(texts) if first in t and "uses" in t), None)
    j = next((n for n, t in enumerate(texts) if second in t and "uses" in t), None)
    assert i is not None and j is not None and i < j, _trace(attack_context)


@then(parsers.parse("resolving fails because {message}"))
def resolving_fails(attack_context: AttackContext, message: str):
    assert attack_context.error is not None, "the attack resolved without error"
    assert message in str(attack_context.error), f"the error says: {attack_context.error}"


@then(parsers.parse("{weapon} of {unit} has {count:d} legal placements"))
def placement_count(ruling, ga_context: GAContext, weapon: str, unit: str, count: int):
    profile = catalogue().units[ga_context.units[unit].get("profile", unit)]
    piece = ga_context.require_board().piece(unit)
    orientation = ruling.rules(ga.RULESET).interpretation("aoe_diagram_orientation")
    got = placements(profile.weapons[weapon].area, piece.hex, orientation=orientation)
    assert len(got) == count, [sorted(p.hexes) for p in got]


@then(parsers.parse("the penalties apply in the order {names}"))
def penalty_order(attack_context: AttackContext, names: str):
    want = [n.strip() for n in names.split(";")]
    got = [e.data["unit"] for e in _result(attack_context).events if e.step == "defeat.timeline_penalty"]
    assert got == want, f"penalties applied to {got}\n{_trace(attack_context)}"
