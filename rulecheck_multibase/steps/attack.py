"""multibase steps: tables and phrases to scenario documents, engine calls, and checks.

The tables become the same document a scenario YAML file holds and go through the adapter's
validation, so a feature and a file mean the same thing. No rules logic here.
"""

from __future__ import annotations

import contextlib
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from pytest_bdd import given, then, when

from rulecheck.source_yaml import InputError
from rulecheck_multibase.diagram import battlefield_to_json
from rulecheck_multibase.engine.attack import AttackResult
from rulecheck_multibase.engine.battlefield import Battlefield
from rulecheck_multibase.engine.casualties import removal_options
from rulecheck_multibase.engine.coherency import is_coherent
from rulecheck_multibase.phrases import MultibasePhrases as P
from rulecheck_multibase.ruleset import ADAPTER, MultibaseScenario, load_scenario
from rules.dice import DiceScriptError, ScriptedDice
from rules.events import Event
from steps.common import expect, project_file, replayable, table_errors, table_rows

RULESET = "multibase"


@dataclass
class MultibaseTable:
    """The position being built, the attack being declared, and what happened."""

    units: list[dict[str, Any]] = field(default_factory=list)
    terrain: list[dict[str, Any]] = field(default_factory=list)
    initiative: dict[str, Any] | None = None
    attack: dict[str, Any] = field(default_factory=dict)
    dice: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    loaded: MultibaseScenario | None = None  # a named scenario file, when the feature uses one
    battlefield: Battlefield | None = None  # the state after the last attack
    results: list[AttackResult] = field(default_factory=list)

    def unit(self, name: str) -> dict[str, Any]:
        for u in self.units:
            if u["name"] == name:
                return u
        raise AssertionError(f"the feature declares no unit {name!r}")

    @property
    def last(self) -> AttackResult:
        assert self.results, "no attack has been resolved yet"
        return self.results[-1]

    def events(self) -> list[Event]:
        return list(self.last.events)


@pytest.fixture
def multibase() -> MultibaseTable:
    return MultibaseTable()


def faces(text: str) -> list[int]:
    text = text.strip()
    return [] if text in ("", "none") else [int(f) for f in text.replace(",", " ").split()]


def names(text: str) -> list[str]:
    return [n.strip() for n in text.replace(" and ", ",").split(",") if n.strip()]


def yes(text: str) -> bool:
    return text.strip().lower() in ("yes", "true", "y")


def shape_entry(text: str) -> dict[str, Any]:
    """``round 0.5`` (radius) or ``rect 2x1`` (width x depth), in inches."""
    kind, size = text.split()
    if kind == "round":
        return {"shape": "round", "radius": float(size)}
    width, depth = size.split("x")
    return {"shape": "rect", "width": float(width), "depth": float(depth)}


# --- Given ------------------------------------------------------------------------------------
@given(P.given_scenario_file.parser)
def given_scenario_file(request, multibase: MultibaseTable, name: str):
    multibase.loaded = load_scenario(project_file(request, "scenarios", name, "multibase", ".yaml"))


@given(P.given_units.parser)
@table_errors(
    columns="unit, faction, courage, save, wounds; optional: ranged, melee, range, shaken, activated, "
    "dash, wounds taken"
)
def given_units(multibase: MultibaseTable, datatable):
    for r in table_rows(datatable):
        multibase.units.append(
            {
                "name": r["unit"],
                "faction": r["faction"],
                "stats": {
                    "ranged_attack": int(r.get("ranged", 0)),
                    "melee_attack": int(r.get("melee", 0)),
                    "range": float(r.get("range", 0)),
                    "courage": int(r["courage"]),
                    "save": int(r["save"]),
                    "wounds": int(r["wounds"]),
                },
                "shaken": yes(r.get("shaken", "no")),
                "activated": yes(r.get("activated", "no")),
                "dash": yes(r.get("dash", "no")),
                "wounds_taken": int(r.get("wounds taken", 0)),
                "bases": [],
            }
        )


@given(P.given_bases.parser)
@table_errors(columns="unit, base, shape, x, y; optional: facing")
def given_bases(multibase: MultibaseTable, datatable):
    for r in table_rows(datatable):
        entry = {"name": r["base"], **shape_entry(r["shape"]), "x": float(r["x"]), "y": float(r["y"])}
        facing = r.get("facing", "0").strip("() ")
        entry["facing"] = [float(v) for v in facing.split(",")] if "," in facing else float(facing)
        multibase.unit(r["unit"])["bases"].append(entry)


@given(P.given_terrain.parser)
@table_errors
def given_terrain(multibase: MultibaseTable, name: str, corners: str):
    points = [[float(v) for v in c.strip("() ").split(",")] for c in corners.split(") (")]
    multibase.terrain.append({"name": name, "polygon": points})


@given(P.given_pool.parser)
def given_pool(multibase: MultibaseTable, tokens: str):
    multibase.initiative = {"pool": names(tokens), "discarded": []}


@given(P.given_house_interpretation.parser)
def given_house_interpretation(ruling, name: str, interp: str, option: str):
    ruling.apply(RULESET, name, interpretations={interp: option})


@given(P.given_house_parameter.parser)
def given_house_parameter(ruling, name: str, param: str, value: str):
    current = ruling.rules(RULESET).param(param)
    ruling.apply(RULESET, name, parameters={param: type(current)(value)})


@given(P.given_cover.parser)
def given_cover(multibase: MultibaseTable, unit: str):
    multibase.attack.setdefault("in_cover", []).append(unit)


@given(P.given_bonus.parser)
def given_bonus(multibase: MultibaseTable, unit: str, count: int, source: str):
    multibase.attack.setdefault("bonus_dice", {}).setdefault(unit, {})[source] = count


@given(P.given_modifier.parser)
def given_modifier(multibase: MultibaseTable, unit: str, value: int, source: str):
    multibase.attack.setdefault("threshold_modifiers", {}).setdefault(unit, {})[source] = value


@given(P.given_hit_dice.parser)
@when(P.given_hit_dice.parser)
def given_hit_dice(multibase: MultibaseTable, unit: str, rolled: str):
    multibase.dice.setdefault(unit, {})["to_hit"] = faces(rolled)


@given(P.given_save_dice.parser)
@when(P.given_save_dice.parser)
def given_save_dice(multibase: MultibaseTable, unit: str, rolled: str):
    multibase.dice.setdefault(unit, {})["save"] = faces(rolled)


@given(P.given_removal.parser)
@when(P.given_removal.parser)
def given_removal(multibase: MultibaseTable, bases: str, unit: str):
    multibase.attack.setdefault("removals", {})[unit] = names(bases)


@given(P.given_push.parser)
@when(P.given_push.parser)
def given_push(multibase: MultibaseTable, bases: str, unit: str):
    """Script the owning player's push back into coherency (MB-6.5): the bases it moves."""
    multibase.attack.setdefault("pushes", {})[unit] = names(bases)


@given(P.given_open_push.parser)
def given_open_push(multibase: MultibaseTable):
    """A push that needs the owning player's choice is not made: the engine lists the legal ones."""
    multibase.attack["open_pushes"] = True


# --- When ---------------------------------------------------------------------------------------
def _resolve(multibase: MultibaseTable, ruling, kind: str, attacker: str, target: str) -> None:
    if multibase.loaded is not None and not multibase.units:
        scenario = multibase.loaded
    else:
        doc: dict[str, Any] = {
            "ruleset": RULESET,
            "units": multibase.units,
            "terrain": multibase.terrain,
            "attack": {"kind": kind, "attacker": attacker, "target": target, **multibase.attack},
            "dice": multibase.dice,
        }
        if multibase.initiative is not None:
            doc["initiative"] = multibase.initiative
        scenario = ADAPTER.scenario_from_data(doc)
    if multibase.battlefield is not None:  # a later attack starts from where the last one ended
        scenario = replace(scenario, field=multibase.battlefield)
    rules = ruling.rules(RULESET)
    try:
        result = ADAPTER.run(
            scenario, rules, ScriptedDice.of(**scenario.dice)
        )  # fails on unused or missing faces
    except DiceScriptError as exc:
        # Show how far the attack got, so the failure can say which roll went another way.
        with contextlib.suppress(DiceScriptError):
            _show(
                ruling,
                scenario,
                ADAPTER.run(scenario, rules, replayable(ScriptedDice.of(**scenario.dice))),
                kind,
            )
        raise AssertionError(f"expected the attack to roll exactly the scripted dice, got: {exc}") from None
    multibase.results.append(result)
    _show(ruling, scenario, result, kind)
    multibase.battlefield = result.field
    multibase.attack, multibase.dice = {}, {}
    outcome = result.outcome()
    ruling.record("target_valid", outcome["target_valid"])
    for who, strike in outcome["attacks"].items():
        for key in ("pool", "threshold", "hits", "wounds"):
            ruling.record(f"{who}.{key}", strike[key])
    for who, status in outcome["units"].items():
        for key in ("shaken", "bases_removed", "residual_wounds", "destroyed"):
            ruling.record(f"{who}.{key}", status[key])


# The position each battlefield is shown as, kept by the battlefield (frozen, so its JSON never
# goes stale): every dependency re-run shows the same starting battlefield again and would turn
# it into JSON again. Its readers (the report, the docs site, the drawings) only read it.
_POSITIONS: dict[int, tuple[Battlefield, dict[str, Any]]] = {}
_POSITIONS_KEPT = 256


def _position(battlefield: Battlefield) -> dict[str, Any]:
    kept = _POSITIONS.get(id(battlefield))
    if kept is not None and kept[0] is battlefield:
        return kept[1]
    if len(_POSITIONS) >= _POSITIONS_KEPT:
        _POSITIONS.clear()
    position = battlefield_to_json(battlefield)
    _POSITIONS[id(battlefield)] = (battlefield, position)
    return position


def _show(ruling, scenario: MultibaseScenario, result: AttackResult, kind: str) -> None:
    spec = scenario.attack
    ruling.show(
        RULESET,
        _position(scenario.field),
        attack=[spec.attacker, spec.target, kind],
        events=[e.to_json() for e in result.events],
        outcome=result.outcome(),
    )


@when(P.when_shoots.parser)
def when_shoots(multibase: MultibaseTable, ruling, attacker: str, target: str):
    _resolve(multibase, ruling, "ranged", attacker, target)


@when(P.when_fights.parser)
def when_fights(multibase: MultibaseTable, ruling, attacker: str, target: str):
    _resolve(multibase, ruling, "close_combat", attacker, target)


@when(P.when_scenario.parser)
def when_scenario(multibase: MultibaseTable, ruling):
    spec = multibase.loaded.attack
    _resolve(multibase, ruling, "close_combat" if spec.close_combat else "ranged", spec.attacker, spec.target)


# --- Then ---------------------------------------------------------------------------------------
REFUSALS = {
    "no trace": "target.no_trace",
    "out of range": "target.out_of_range",
    "not an enemy": "target.not_enemy",
}


def _event(multibase: MultibaseTable, step: str, **data) -> Event:
    found = [
        e for e in multibase.events() if e.step == step and all(e.data.get(k) == v for k, v in data.items())
    ]
    assert found, f"no {step} event with {data}; trace steps: {[e.step for e in multibase.events()]}"
    return found[0]


def _unit_now(multibase: MultibaseTable, name: str):
    return multibase.battlefield.unit(name)


def _attack(multibase: MultibaseTable, unit: str) -> dict[str, Any]:
    return multibase.last.outcome()["attacks"][unit]


def _strike(multibase: MultibaseTable, unit: str):
    return next(s for s in multibase.last.strikes if s.target == unit)


@then(P.then_valid.parser)
def then_valid(multibase: MultibaseTable):
    last = multibase.events()[-1] if multibase.events() else None
    expect(multibase.last.target_valid, "the attack to proceed", f"a refusal: {last.text if last else '?'}")


@then(P.then_refused_any.parser)
def then_refused_any(multibase: MultibaseTable):
    expect(not multibase.last.target_valid, "the attack to be refused", "an attack that proceeds")


@then(P.then_refused.parser)
def then_refused(multibase: MultibaseTable, why: str):
    last = multibase.events()[-1]
    got = "an attack that proceeds" if multibase.last.target_valid else f"a refusal: {last.text}"
    expect(not multibase.last.target_valid and last.step == REFUSALS[why], f"the attack refused: {why}", got)


@then(P.then_range.parser)
def then_range(multibase: MultibaseTable, distance: float, frm: str, to: str):
    d = next(e for e in multibase.events() if e.step in ("target.range", "target.out_of_range")).data
    expect(
        math.isclose(d["distance"], distance, abs_tol=1e-9) and (d["from"], d["to"]) == (frm, to),
        f"{distance:g} inches from {frm} to {to}",
        f"{d['distance']:g} inches from {d['from']} to {d['to']}",
    )


@then(P.then_trace_from.parser)
def then_trace_from(multibase: MultibaseTable, frm: str, to: str):
    d = _event(multibase, "target.trace").data
    expect(
        (d["from"], d["to"]) == (frm, to),
        f"a Trace from {frm} to {to}",
        f"a Trace from {d['from']} to {d['to']}",
    )


@then(P.then_trace_blocked.parser)
def then_trace_blocked(multibase: MultibaseTable, blockers: str):
    d = _event(multibase, "target.no_trace").data
    got = sorted(d["blockers"]) if d["in_arc"] else "no target base in the arc"
    expect(d["in_arc"] and got == sorted(names(blockers)), f"the Trace obstructed by {blockers}", f"{got}")


@then(P.then_trace_not_blocked.parser)
def then_trace_not_blocked(multibase: MultibaseTable, blockers: str):
    found = [e for e in multibase.events() if e.step == "target.no_trace"]
    got = sorted(found[0].data["blockers"]) if found else []
    expect(not set(names(blockers)) & set(got), f"no obstruction by {blockers}", f"obstructed by {got}")


@then(P.then_out_of_arc.parser)
def then_out_of_arc(multibase: MultibaseTable):
    found = [e for e in multibase.events() if e.step == "target.no_trace"]
    expect(
        bool(found) and not found[0].data["in_arc"], "no target base inside the front arc", "a base inside it"
    )


@then(P.then_in_arc.parser)
def then_in_arc(multibase: MultibaseTable):
    found = [e for e in multibase.events() if e.step == "target.no_trace"]
    expect(not found or found[0].data["in_arc"], "a target base inside the front arc", "none inside it")


@then(P.then_pool.parser)
def then_pool(multibase: MultibaseTable, unit: str, count: int):
    got = _attack(multibase, unit)["pool"]
    expect(got == count, f'"{unit}" to roll {count} dice', f"{got}")


@then(P.then_threshold.parser)
def then_threshold(multibase: MultibaseTable, unit: str, needed: int):
    got = _attack(multibase, unit)["threshold"]
    expect(got == needed, f'"{unit}" to need {needed}+ to hit', f"{got}+")


@then(P.then_clamped.parser)
def then_clamped(multibase: MultibaseTable, raw: int):
    found = [e.data["raw"] for e in multibase.events() if e.step == "to_hit.clamp"]
    expect(
        found == [raw],
        f"the threshold clamped from {raw}+",
        f"clamped from {found[0]}+" if found else "no clamp",
    )


@then(P.then_clamped_any.parser)
def then_clamped_any(multibase: MultibaseTable):
    expect("to_hit.clamp" in [e.step for e in multibase.events()], "the threshold to be clamped", "no clamp")


@then(P.then_not_clamped.parser)
def then_not_clamped(multibase: MultibaseTable):
    found = [e.text for e in multibase.events() if e.step == "to_hit.clamp"]
    expect(not found, "no clamp of the threshold", found[0] if found else "")


@then(P.then_modifier.parser)
def then_modifier(multibase: MultibaseTable, source: str, value: int):
    # A modifier moves the threshold, never the die (MB-3.2): the event says which it moved.
    found = [e.data for e in multibase.events() if e.step == "to_hit.modifier" and e.data["source"] == source]
    got = f"{found[0]['modifier']:+d} to the threshold" if found else "no such modifier"
    expect(bool(found) and found[0]["modifier"] == value, f"{value:+d} to the threshold from {source}", got)


@then(P.then_hits.parser)
def then_hits(multibase: MultibaseTable, unit: str, hits: int):
    got = _attack(multibase, unit)["hits"]
    expect(got == hits, f'"{unit}" to score {hits} hits', f"{got}")


@then(P.then_shaken.parser)
def then_shaken(multibase: MultibaseTable, unit: str):
    got = _unit_now(multibase, unit).shaken
    expect(got == 1, f'"{unit}" to have a Shaken token', f"{got} Shaken tokens")


@then(P.then_not_shaken.parser)
def then_not_shaken(multibase: MultibaseTable, unit: str):
    got = _unit_now(multibase, unit).shaken
    expect(got == 0, f'"{unit}" to have no Shaken token', f"{got} Shaken tokens")


@then(P.then_second_refused.parser)
def then_second_refused(multibase: MultibaseTable, unit: str):
    _event(multibase, "shaken.already", unit=unit)
    got = _unit_now(multibase, unit).shaken
    expect(got == 1, f'"{unit}" to keep its one Shaken token', f"{got} Shaken tokens")


@then(P.then_checks_first.parser)
def then_checks_first(multibase: MultibaseTable):
    steps = [e.step for e in multibase.events()]
    checks = [i for i, s in enumerate(steps) if s == "shaken.check"]
    first_save = steps.index("saves.gather") if "saves.gather" in steps else None
    ok = len(checks) == 2 and first_save is not None and max(checks) < first_save
    expect(
        ok,
        "both Shaken checks before the first save roll",
        f"Shaken checks at {checks}, first save at {first_save}",
    )


@then(P.then_checks_after.parser)
def then_checks_after(multibase: MultibaseTable):
    steps = [e.step for e in multibase.events()]
    checks = [i for i, s in enumerate(steps) if s == "shaken.check"]
    first_save = steps.index("saves.gather") if "saves.gather" in steps else None
    ok = len(checks) == 2 and first_save is not None and min(checks) > first_save
    expect(
        ok,
        "both Shaken checks after the first save roll",
        f"Shaken checks at {checks}, first save at {first_save}",
    )


@then(P.then_wounds.parser)
def then_wounds(multibase: MultibaseTable, unit: str, wounds: int):
    got = _strike(multibase, unit).wounds
    expect(got == wounds, f'"{unit}" to suffer {wounds} wounds', f"{got}")


@then(P.then_saves.parser)
def then_saves(multibase: MultibaseTable, unit: str, saved: int):
    strike = _strike(multibase, unit)
    got = strike.hits - strike.wounds
    expect(got == saved, f'"{unit}" to make {saved} saves', f"{got}")


@then(P.then_bases_left.parser)
def then_bases_left(multibase: MultibaseTable, unit: str, count: int):
    got = len(_unit_now(multibase, unit).bases)
    expect(got == count, f'"{unit}" to have {count} bases left', f"{got}")


@then(P.then_residual.parser)
def then_residual(multibase: MultibaseTable, unit: str, count: int):
    got = _unit_now(multibase, unit).wounds
    expect(got == count, f'"{unit}" to carry {count} residual wounds', f"{got}")


@then(P.then_lost.parser)
def then_lost(multibase: MultibaseTable, unit: str, bases: str):
    lost = [] if bases == "no bases" else names(bases)
    got = sorted(multibase.last.casualties[unit].removed)
    expect(got == sorted(lost), f'"{unit}" to lose {bases}', ", ".join(got) or "nothing")


@then(P.then_options.parser)
def then_options(multibase: MultibaseTable, unit: str, options: str):
    expected = sorted(tuple(sorted(o.split("+"))) for o in options.split("; "))
    got = sorted(tuple(sorted(o)) for o in multibase.last.casualties[unit].options)
    expect(got == expected, f"the legal removals {options}", "; ".join("+".join(o) for o in got) or "none")


@then(P.then_awaiting.parser)
def then_awaiting(multibase: MultibaseTable, unit: str):
    expect(
        multibase.last.casualties[unit].awaiting_choice,
        f'a choice still open for "{unit}"',
        "no choice left open",
    )


@then(P.then_impossible.parser)
def then_impossible(multibase: MultibaseTable, unit: str):
    expect(
        not multibase.last.casualties[unit].coherency_possible,
        f'no removal keeping "{unit}" in coherency',
        "a removal that keeps it",
    )


@then(P.then_pushed.parser)
def then_pushed(multibase: MultibaseTable, base: str, unit: str, distance: float):
    pushed = multibase.last.casualties[unit].pushed
    expect(
        math.isclose(pushed.get(base, 0.0), distance, abs_tol=1e-9),
        f"{base} pushed {distance:g} inches",
        f"{pushed.get(base, 0.0):g} inches (pushes: {pushed or 'none'})",
    )


@then(P.then_push_options.parser)
def then_push_options(multibase: MultibaseTable, unit: str, options: str):
    listed = [] if options == "none" else options.split("; ")
    expected = sorted(tuple(sorted(o.split("+"))) for o in listed)
    got = sorted(tuple(sorted(o)) for o in multibase.last.casualties[unit].push_options)
    show = lambda opts: "; ".join("+".join(o) for o in opts) or "none"  # noqa: E731
    expect(got == expected, f"legal pushes {show(expected)}", show(got))


@then(P.then_only_this_pushed.parser)
def then_only_this_pushed(multibase: MultibaseTable, base: str, unit: str):
    pushed = multibase.last.casualties[unit].pushed
    expect(list(pushed) == [base] and pushed[base] > 0, f"only {base} pushed", f"pushes {pushed or 'none'}")


@then(P.then_none_pushed.parser)
def then_none_pushed(multibase: MultibaseTable, unit: str):
    pushed = multibase.last.casualties[unit].pushed
    expect(not pushed, "no base pushed", f"pushes {pushed}")


@then(P.then_no_strike.parser)
def then_no_strike(multibase: MultibaseTable, unit: str):
    attacks = multibase.last.outcome()["attacks"]
    expect(unit not in attacks, f"no attack by {unit}", f"attacks by {', '.join(attacks) or 'nobody'}")


@then(P.then_only_pushed.parser)
def then_only_pushed(multibase: MultibaseTable, unit: str):
    pushed = multibase.last.casualties[unit].pushed
    expect(len(pushed) == 1, "exactly one base pushed", f"pushes {pushed or 'none'}")


def _push_events(multibase: MultibaseTable) -> list[Event]:
    return [e for e in multibase.events() if e.step == "coherency.push"]


@then(P.then_not_move.parser)
def then_not_move(multibase: MultibaseTable):
    pushes = _push_events(multibase)
    expect(
        bool(pushes) and all(e.data["move_action"] is False for e in pushes),
        "a push that is no Move action",
        f"{len(pushes)} pushes, Move action: {[e.data['move_action'] for e in pushes]}",
    )


@then(P.then_move.parser)
def then_move(multibase: MultibaseTable):
    pushes = _push_events(multibase)
    expect(
        bool(pushes) and all(e.data["move_action"] for e in pushes),
        "a push that is a Move action",
        f"{len(pushes)} pushes, Move action: {[e.data['move_action'] for e in pushes]}",
    )


@then(P.then_coherent.parser)
def then_coherent(multibase: MultibaseTable, ruling, unit: str):
    expect(
        is_coherent(_unit_now(multibase, unit).bases, ruling.rules(RULESET)),
        f'"{unit}" in coherency',
        "a unit out of coherency",
    )


@then(P.then_not_coherent.parser)
def then_not_coherent(multibase: MultibaseTable, ruling, unit: str):
    expect(
        not is_coherent(_unit_now(multibase, unit).bases, ruling.rules(RULESET)),
        f'"{unit}" out of coherency',
        "a coherent unit",
    )


@then(P.then_any_choice.parser)
def then_any_choice(multibase: MultibaseTable, unit: str, count: int):
    lost = multibase.last.casualties[unit]
    bases_before = len(_unit_now(multibase, unit).bases) + len(lost.removed)
    want = math.comb(bases_before, count)
    expect(
        not lost.coherency_possible and len(lost.options) == want,
        f"any {count} of {bases_before} bases ({want} choices)",
        f"{len(lost.options)} choices"
        + ("" if not lost.coherency_possible else ", coherency still possible"),
    )


@then(P.then_destroyed.parser)
def then_destroyed(multibase: MultibaseTable, unit: str):
    expect(
        not multibase.battlefield.has_unit(unit) and multibase.last.casualties[unit].destroyed,
        f'"{unit}" destroyed',
        "a unit still on the table",
    )


@then(P.then_alive.parser)
def then_alive(multibase: MultibaseTable, unit: str):
    expect(multibase.battlefield.has_unit(unit), f'"{unit}" still on the table', "a destroyed unit")


@then(P.then_markers.parser)
def then_markers(multibase: MultibaseTable, markers: str):
    got = _event(multibase, "destruction.cleanup").data["markers"]
    expect(got == names(markers), f"the markers {markers} removed", ", ".join(got) or "none")


@then(P.then_pool_now.parser)
def then_pool_now(multibase: MultibaseTable, tokens: str):
    _expect_tokens(list(multibase.battlefield.initiative.pool), tokens, "nothing", "the initiative pool")


@then(P.then_discarded.parser)
def then_discarded(multibase: MultibaseTable, tokens: str):
    _expect_tokens(list(multibase.battlefield.initiative.discarded), tokens, "none", "the discarded tokens")


def _expect_tokens(got: list[str], tokens: str, empty: str, what: str) -> None:
    """Initiative tokens, in order, as the step lists them (``empty``: the word for none)."""
    expect(got == ([] if tokens == empty else names(tokens)), f"{what} {tokens}", ", ".join(got) or empty)


@then(P.then_cites.parser)
def then_cites(multibase: MultibaseTable, clause: str, interpretation: str):
    # An exact name=option among the event's readings, not a substring: "trace_blockers=terrain"
    # must not match "trace_blockers=terrain_and_units".
    def readings(e: Event) -> set[str]:
        return {r.strip() for r in (e.interpretation or "").replace(";", ",").split(",") if r.strip()}

    got = sorted({r for e in multibase.events() if clause in e.clauses for r in readings(e)})
    expect(
        interpretation in got,
        f"{clause} cited with {interpretation}",
        f"{clause} cited with {', '.join(got) or 'no reading'}",
    )


@then(P.then_options_now.parser)
def then_options_now(multibase: MultibaseTable, ruling, count: int, unit: str, options: str):
    found = removal_options(_unit_now(multibase, unit), count, ruling.rules(RULESET))
    expected = sorted(tuple(sorted(o.split("+"))) for o in options.split("; "))
    got = sorted(tuple(sorted(o)) for o in found.options)
    expect(got == expected, f"the removals {options}", "; ".join("+".join(o) for o in got) or "none")


@then(P.then_shot_refused.parser)
def then_shot_refused(multibase: MultibaseTable, ruling, target: str, attacker: str, message: str):
    with pytest.raises(InputError, match=re.escape(message)):
        _resolve(multibase, ruling, "ranged", attacker, target)


@then(P.then_base_at.parser)
def then_base_at(multibase: MultibaseTable, base: str, unit: str, x: float, y: float):
    b = multibase.last.field.unit(unit).base(base)
    assert math.isclose(b.x, x, abs_tol=1e-9) and math.isclose(b.y, y, abs_tol=1e-9), (
        f"expected {base} at ({x:g}, {y:g}), got ({b.x:g}, {b.y:g})"
    )
