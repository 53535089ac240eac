"""multibase scenarios: loading, validation, explain and odds.

The format is documented by ``rulecheck_multibase/schemas/multibase.scenario.schema.json``. What a schema
cannot say (duplicate names, an attack naming an unknown unit or base, an initiative pool missing a
token, a house rule naming an unknown parameter) is checked here, each as a one-line
``InputError`` at the offending line. Feature steps build the same documents from their tables and
go through ``scenario_from_data``, so a feature and a YAML file mean the same thing.
"""

from __future__ import annotations

import copy
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulecheck.rulesets import Explanation, distribution_json
from rulecheck.schema_check import validate
from rulecheck.source_yaml import InputError, LocatedYaml, RefusedChoice, field_name, load_yaml
from rulecheck.wording import percent, plural
from rulecheck_multibase.engine.attack import (
    AttackResult,
    AttackSpec,
    PushChoiceError,
    range_fraction,
    resolve_attack,
)
from rulecheck_multibase.engine.attack_pool import attack_pool
from rulecheck_multibase.engine.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit
from rulecheck_multibase.engine.casualties import IllegalRemoval, check_removal_budget, removal_options
from rulecheck_multibase.engine.coherency import is_coherent
from rulecheck_multibase.engine.odds import AttackOdds, AttackProfile, attack_odds
from rulecheck_multibase.engine.target import verify_target
from rulecheck_multibase.engine.to_hit import Circumstances, threshold
from rulecheck_multibase.layout import LAYOUT
from rules import limits
from rules.dice import DiceScriptError, DiceSource, ScriptedDice
from rules.events import Event, interpretations_cited
from rules.rulebook import Rulebook, RulebookError

RULESET = "multibase"


@dataclass(frozen=True)
class MultibaseScenario:
    file: str
    title: str
    field: Battlefield
    attack: AttackSpec
    dice: dict[str, list[int]]  # purpose ("to_hit:Alpha", "save:Bravo") -> faces
    house_rule: dict[str, Any] = field(default_factory=dict)  # {name, parameters, interpretations}
    doc: LocatedYaml | None = field(default=None, compare=False, repr=False)

    def rules_under(self, rules: Rulebook) -> Rulebook:
        """The rulebook in force plus the scenario's own house rule, if any."""
        if not self.house_rule:
            return rules
        return rules.with_changes(
            self.house_rule.get("parameters"),
            self.house_rule.get("interpretations"),
            name=self.house_rule.get("name") or "scenario house rule",
        )


# --- loading --------------------------------------------------------------------------------
def facing_of(value) -> float | tuple[float, float]:
    """A facing in degrees, or a direction vector [x, y] kept as a vector (never turned into an angle)."""
    if isinstance(value, (list, tuple)):
        return (float(value[0]), float(value[1]))
    return float(value)


def load_scenario(path: str | Path) -> MultibaseScenario:
    return scenario_from_doc(load_yaml(path))


# A feature's tables make the same document on every run of its scenario (and on each dependency
# re-run): checking it against the schema and building its battlefield once is enough. Keyed by
# the document's repr (which tells apart every value a table or a YAML file can give) and the
# published limits; the document is copied first, so a step that changes its tables later cannot
# change a kept one.
_FROM_DATA: dict[str, MultibaseScenario] = {}
_FROM_DATA_KEPT = 256


def _limits_in_force() -> tuple:
    """The published limits the checks read (a test may lower one): part of the cache key."""
    return tuple(v for k, v in sorted(vars(limits).items()) if k.isupper())


def scenario_from_data(
    data: dict[str, Any], file: str = "feature table", schema: bool = True
) -> MultibaseScenario:
    """A scenario from an in-memory document (feature tables); errors name ``file`` and the field,
    with no line: the data has none (a step's error is placed at the step's line). ``schema``
    False skips the JSON-schema pass for a document whose shape the code that built it
    guarantees (explore's positions: the pass cost as much as ruling on one); every check of
    the values still runs."""
    key = repr((file, data, _limits_in_force(), schema))
    found = _FROM_DATA.get(key)
    if found is not None:
        return found
    try:
        scenario = scenario_from_doc(LocatedYaml(file, copy.deepcopy(data), {}), schema)
    except InputError as exc:
        raise InputError(exc.file, None, exc.field, exc.message) from None
    if len(_FROM_DATA) >= _FROM_DATA_KEPT:
        _FROM_DATA.clear()
    _FROM_DATA[key] = scenario
    return scenario


def scenario_from_doc(doc: LocatedYaml, schema: bool = True) -> MultibaseScenario:
    if schema:
        validate(doc, LAYOUT.schemas / "multibase.scenario.schema.json")
    data = doc.data
    field_ = battlefield_from_doc(doc)
    units = {u.name: u for u in field_.units}
    spec_data = data["attack"]
    for key in ("attacker", "target"):
        if spec_data[key] not in units:
            raise doc.error(("attack", key), f"unknown unit {spec_data[key]!r} (units: {', '.join(units)})")
    for i, name in enumerate(spec_data.get("in_cover") or []):
        _known_unit(doc, ("attack", "in_cover", i), name, units)
    for section in ("bonus_dice", "threshold_modifiers"):
        for name in spec_data.get(section) or {}:
            _known_unit(doc, ("attack", section, name), name, units)
    removals = {}
    for name, picks in (spec_data.get("removals") or {}).items():
        _known_unit(doc, ("attack", "removals", name), name, units)
        have = {b.name for b in units[name].bases}
        for i, base in enumerate(picks):
            if base not in have:
                raise doc.error(("attack", "removals", name, i), f"{name} has no base {base!r}")
        if len(set(picks)) != len(picks):
            raise doc.error(("attack", "removals", name), "a base is listed twice")
        removals[name] = tuple(picks)
    pushes = {}
    for name, moved in (spec_data.get("pushes") or {}).items():
        _known_unit(doc, ("attack", "pushes", name), name, units)
        have = {b.name for b in units[name].bases}
        for i, base in enumerate(moved):
            if base not in have:
                raise doc.error(("attack", "pushes", name, i), f"{name} has no base {base!r}")
        pushes[name] = tuple(moved)
    dice = {}
    for name, rolls in (data.get("dice") or {}).items():
        _known_unit(doc, ("dice", name), name, units)
        for kind, faces in rolls.items():
            dice[f"{kind}:{name}"] = list(faces)
    house_rule = dict(data.get("rules") or {})
    if house_rule:
        try:
            _rulebook().with_changes(house_rule.get("parameters"), house_rule.get("interpretations"))
        except RulebookError as exc:
            raise doc.error(("rules", *exc.field.split(".")), exc.message) from None
    spec = AttackSpec(
        attacker=spec_data["attacker"],
        target=spec_data["target"],
        close_combat=spec_data["kind"] == "close_combat",
        in_cover=frozenset(spec_data.get("in_cover") or ()),
        bonus_dice={k: dict(v) for k, v in (spec_data.get("bonus_dice") or {}).items()},
        threshold_modifiers={k: dict(v) for k, v in (spec_data.get("threshold_modifiers") or {}).items()},
        removals=removals,
        pushes=pushes,
        strict=not spec_data.get("open_pushes", False),
    )
    check_trace_work(doc, field_, spec.attacker, spec.target, ("attack",))
    title = data.get("title") or Path(doc.file).stem
    return MultibaseScenario(doc.file, title, field_, spec, dice, house_rule, doc)


def _check_numbers(doc: LocatedYaml) -> None:
    """The limits a schema leaves open (``rules.limits``): positions on a table, base sizes,
    stats, counts and scripted dice, so a typo cannot make an attack hang or fill memory."""
    data = doc.data

    def within(path: tuple, value, low: float, high: float, what: str) -> None:
        if not low <= value <= high:
            raise doc.error(path, f"{what} {value!r} is outside {low}..{high} (limit of rulecheck)")

    if len(data["units"]) > limits.MAX_UNITS:
        raise doc.error(("units",), f"more than {limits.MAX_UNITS} units (limit of rulecheck)")
    if sum(len(u["bases"]) for u in data["units"]) > limits.MAX_TOTAL_BASES:
        raise doc.error(("units",), f"more than {limits.MAX_TOTAL_BASES} bases in all (limit of rulecheck)")
    for i, u in enumerate(data["units"]):
        if len(u["bases"]) > limits.MAX_BASES:
            raise doc.error(("units", i, "bases"), f"more than {limits.MAX_BASES} bases (limit of rulecheck)")
        for key, value in u["stats"].items():
            within(("units", i, "stats", key), value, 0, limits.MAX_STAT, key)
        within(("units", i, "wounds_taken"), u.get("wounds_taken", 0), 0, limits.MAX_STAT, "wounds_taken")
        if u.get("wounds_taken", 0) >= u["stats"]["wounds"]:
            # Wounds reaching the Wound stat remove a base at once (MB-6.1): only fewer can stay.
            raise doc.error(
                ("units", i, "wounds_taken"),
                f"{u['wounds_taken']} wounds left on the unit: a Wound stat of {u['stats']['wounds']} "
                f"would already have removed a base for them (MB-6.1, MB-6.2); at most "
                f"{u['stats']['wounds'] - 1} can stay",
            )
        for j, b in enumerate(u["bases"]):
            wrong = [k for k in ("radius",) if b["shape"] == "rect" and k in b]
            wrong += [k for k in ("width", "depth") if b["shape"] == "round" and k in b]
            if wrong:
                raise doc.error(("units", i, "bases", j, wrong[0]), f"a {b['shape']} base has no {wrong[0]}")
            for key in ("x", "y"):
                within(
                    ("units", i, "bases", j, key),
                    b[key],
                    -limits.MAX_TABLE_INCHES,
                    limits.MAX_TABLE_INCHES,
                    key,
                )
            for key in ("radius", "width", "depth"):
                if key in b:
                    within(("units", i, "bases", j, key), b[key], 0, limits.MAX_BASE_SIZE, key)
    corners = 0
    for i, t in enumerate(data.get("terrain") or ()):
        if len(t["polygon"]) > limits.MAX_TERRAIN_POINTS:
            raise doc.error(
                ("terrain", i, "polygon"),
                f"more than {limits.MAX_TERRAIN_POINTS} corners (limit of rulecheck)",
            )
        corners += len(t["polygon"])
        if corners > limits.MAX_TERRAIN_CORNERS:
            raise doc.error(
                ("terrain", i, "polygon"),
                f"more than {limits.MAX_TERRAIN_CORNERS} terrain corners in all (limit of rulecheck)",
            )
        for j, point in enumerate(t["polygon"]):
            for value in point:
                within(
                    ("terrain", i, "polygon", j),
                    value,
                    -limits.MAX_TABLE_INCHES,
                    limits.MAX_TABLE_INCHES,
                    "coordinate",
                )
    for section in ("bonus_dice",):
        for name, bonuses in (data["attack"].get(section) or {}).items():
            for bonus, n in bonuses.items():
                within(("attack", section, name, bonus), n, 0, limits.MAX_ATTACK_DICE, "dice")
    for name, bonuses in (data["attack"].get("threshold_modifiers") or {}).items():
        for bonus, n in bonuses.items():
            within(
                ("attack", "threshold_modifiers", name, bonus),
                n,
                -limits.MAX_DIE_SIDES,
                limits.MAX_DIE_SIDES,
                "modifier",
            )
    for name, rolls in (data.get("dice") or {}).items():
        for kind, faces in rolls.items():
            if len(faces) > limits.MAX_ATTACK_DICE:
                raise doc.error(
                    ("dice", name, kind), f"more than {limits.MAX_ATTACK_DICE} faces (limit of rulecheck)"
                )
            for k, face in enumerate(faces):
                within(("dice", name, kind, k), face, 1, limits.MAX_DIE_SIDES, "face")


def _check_no_overlap(doc: LocatedYaml, units: list[Unit]) -> None:
    """Two bases (of one unit or of two) may touch but never stand on each other. A sweep along
    x compares only bases whose enclosing circles can meet, so a full table stays fast."""
    placed = sorted(
        ((b.x, i, j, b, u.name) for i, u in enumerate(units) for j, b in enumerate(u.bases)),
        key=lambda item: item[0],
    )
    widest = max((_extent(item[3]) for item in placed), default=0.0)
    for k, (x, i, j, base, owner) in enumerate(placed):
        for x2, i2, j2, other, other_owner in placed[k + 1 :]:
            if x2 - x > _extent(base) + widest:
                break
            if _overlap(base, other):
                first, second = sorted(
                    [(i, j, base, owner), (i2, j2, other, other_owner)], key=lambda t: t[:2]
                )
                whose = f"{first[3]}'s base {first[2].name!r}"
                raise doc.error(
                    ("units", second[0], "bases", second[1]),
                    f"base {second[2].name!r} of {second[3]} overlaps {whose}",
                )


def _overlap(a: Base, b: Base) -> bool:
    """Whether two bases share more than a touching edge (exact for circles, shapely for the rest)."""
    from rulecheck_multibase.engine.geometry import core, radius_of

    eps = 1e-6
    gap = math.hypot(a.x - b.x, a.y - b.y)
    if gap >= _extent(a) + _extent(b) - eps:  # the enclosing circles do not overlap
        return False
    if a.shape == "round" and b.shape == "round":
        return gap < a.radius + b.radius - eps
    reach = radius_of(a) + radius_of(b)
    if reach > 0:
        return core(a).distance(core(b)) < reach - eps
    return core(a).intersection(core(b)).area > eps


def _extent(base: Base) -> float:
    """The radius of the smallest circle about the base's centre that holds it."""
    return base.radius if base.shape == "round" else math.hypot(base.width, base.depth) / 2


def _check_terrain(doc: LocatedYaml, terrain: tuple[Terrain, ...]) -> None:
    from shapely.geometry import Polygon
    from shapely.validation import explain_validity

    for i, t in enumerate(terrain):
        shape = Polygon(t.polygon)
        if not shape.is_valid or shape.area <= 0:
            why = explain_validity(shape) if not shape.is_valid else "it has no area"
            raise doc.error(
                ("terrain", i, "polygon"),
                f"not a simple polygon ({why.split('[')[0].strip()}): its edges must not cross",
            )


def base_from_entry(b: dict[str, Any]) -> Base:
    """One base of a scenario document's unit entry (``name``, ``shape``, ``x``, ``y``, ``facing``
    and its size), unchecked: ``battlefield_from_doc`` checks the document first."""
    return Base(
        name=b["name"],
        shape=b["shape"],
        x=float(b["x"]),
        y=float(b["y"]),
        facing=facing_of(b.get("facing", 0)),
        radius=float(b.get("radius", 0)),
        width=float(b.get("width", 0)),
        depth=float(b.get("depth", 0)),
    )


def unit_from_entry(u: dict[str, Any]) -> Unit:
    """One unit entry of a scenario document (its stats, state and bases), unchecked."""
    stats = u["stats"]
    return Unit(
        name=u["name"],
        faction=u["faction"],
        stats=Stats(
            stats["ranged_attack"],
            stats["melee_attack"],
            float(stats["range"]),
            stats["courage"],
            stats["save"],
            stats["wounds"],
        ),
        bases=tuple(base_from_entry(b) for b in u["bases"]),
        shaken=1 if u.get("shaken") else 0,
        dash=bool(u.get("dash")),
        activated=bool(u.get("activated")),
        wounds=int(u.get("wounds_taken", 0)),
    )


def battlefield_from_doc(doc: LocatedYaml) -> Battlefield:
    """Units, bases, terrain and initiative of a validated document."""
    data = doc.data
    _check_numbers(doc)
    units: list[Unit] = []
    seen: set[str] = set()
    for i, u in enumerate(data["units"]):
        if u["name"] in seen:
            raise doc.error(("units", i, "name"), f"duplicate unit name {u['name']!r}")
        seen.add(u["name"])
        base_names: set[str] = set()
        for j, b in enumerate(u["bases"]):
            if b["name"] in base_names:
                raise doc.error(
                    ("units", i, "bases", j, "name"), f"duplicate base name {b['name']!r} in {u['name']}"
                )
            base_names.add(b["name"])
        units.append(unit_from_entry(u))
    terrain = tuple(
        Terrain(
            t["name"], tuple((float(x), float(y)) for x, y in t["polygon"]), bool(t.get("blocks_trace", True))
        )
        for t in data.get("terrain") or ()
    )
    _check_no_overlap(doc, units)
    _check_terrain(doc, terrain)
    waiting = Counter(u.faction for u in units if not u.activated)
    init = data.get("initiative")
    if init is None:  # derived: one token per unit that has still to activate
        initiative = Initiative(tuple(u.faction for u in units if not u.activated))
    else:
        pool = tuple(init.get("pool") or ())
        have = Counter(pool)
        for faction, needed in waiting.items():
            if have[faction] < needed:
                raise doc.error(
                    ("initiative", "pool"),
                    f"{needed} {faction} units have not activated but the pool holds "
                    f"{have[faction]} {faction} tokens",
                )
        initiative = Initiative(pool, tuple(init.get("discarded") or ()))
    return Battlefield(tuple(units), terrain, initiative)


# The costs of the Trace, in units of testing one candidate line against one corner of a
# polygon (about 4 ns where MAX_TRACE_WORK was set): a line against a round base costs about nine,
# and a pair of bases whose box holds an obstacle about 300,000 besides its lines (its set-up).
TRACE_PAIR_COST = 300_000
TRACE_DISC_COST = 9


def trace_work(field_: Battlefield, attacker: str, target: str, tol: float = 1e-9) -> tuple[int, int]:
    """An upper bound on the work of the Trace from ``attacker`` to ``target`` (both ways cost
    the same): (line tests over every pair of bases, candidate lines of the worst pair).

    ``rulecheck_multibase.engine.geometry._trace_parts`` looks only at obstacles that meet the box of a pair
    of bases; where some do, it may try every line through two of their corners (those of each
    blocking polygon shrunk by half the tolerance), through a corner tangent to a round base, or
    tangent to two round bases, each line tested against every obstacle. A pair with nothing in
    its box is clear at once (or outside the arc) and costs nothing worth counting."""
    import numpy as np
    import shapely

    from rulecheck_multibase.engine.geometry import core, radius_of

    a_unit, t_unit = field_.unit(attacker), field_.unit(target)
    bounds, corners, round_ = [], [], []
    for t in field_.terrain:
        if t.blocks_trace:
            shape = shapely.Polygon(t.polygon)
            bounds.append(shape.bounds)
            corners.append(len(shapely.get_coordinates(shapely.boundary(shapely.buffer(shape, -tol / 2)))))
            round_.append(0)
    for u in field_.units:
        if u.name not in (attacker, target):
            for b in u.bases:
                r = radius_of(b)
                x0, y0, x1, y1 = core(b).bounds
                bounds.append((x0 - r, y0 - r, x1 + r, y1 + r))
                corners.append(0 if b.shape == "round" else 4)
                round_.append(1 if b.shape == "round" else 0)
    if not bounds:
        return 0, 0

    def base_boxes(unit: Unit) -> np.ndarray:
        out = []
        for b in unit.bases:
            r = radius_of(b)
            x0, y0, x1, y1 = core(b).bounds
            out.append((x0 - r, y0 - r, x1 + r, y1 + r))
        return np.array(out)

    a, t = base_boxes(a_unit), base_boxes(t_unit)
    lo = np.minimum(a[:, None, :2], t[None, :, :2]).reshape(-1, 1, 2)  # every pair's box
    hi = np.maximum(a[:, None, 2:], t[None, :, 2:]).reshape(-1, 1, 2)
    ob = np.array(bounds)
    meets = ((ob[None, :, :2] <= hi) & (ob[None, :, 2:] >= lo)).all(axis=2)  # (pairs, obstacles)
    n = meets.sum(axis=1)
    points = 8 + meets @ np.array(corners, dtype=float)  # each base adds a few corners of its own
    discs = 2 + meets @ np.array(round_, dtype=float)
    lines = points * (points - 1) / 2 + 2 * points * discs + 2 * discs * (discs - 1)
    per_line = points + TRACE_DISC_COST * discs  # tested against every corner and round base
    work = np.where(n > 0, TRACE_PAIR_COST + lines * per_line, 0.0)
    return int(work.sum()), int(np.where(n > 0, lines, 0).max())


def check_trace_work(doc: LocatedYaml, field_: Battlefield, attacker: str, target: str, path: tuple) -> None:
    """Refuse (one line) a Trace whose work could pass ``MAX_TRACE_WORK`` or ``MAX_TRACE_LINES``."""
    work, lines = trace_work(field_, attacker, target)
    a, t = len(field_.unit(attacker).bases), len(field_.unit(target).bases)
    if lines > limits.MAX_TRACE_LINES:
        raise doc.error(
            path,
            f"the Trace from {attacker} to {target} may try {lines:,} lines for one pair of bases; rulecheck "
            f"tries at most {limits.MAX_TRACE_LINES:,} (fewer terrain corners or bases between them)",
        )
    if work > limits.MAX_TRACE_WORK:
        raise doc.error(
            path,
            f"the Trace from {attacker} ({a} bases) to {target} ({t} bases) may take {work:,} units of work; "
            f"rulecheck takes at most {limits.MAX_TRACE_WORK:,} (fewer bases, or fewer terrain corners "
            "or bases between them)",
        )


def _known_unit(doc: LocatedYaml, path: tuple, name: str, units: dict[str, Unit]) -> None:
    if name not in units:
        raise doc.error(path, f"unknown unit {name!r} (units: {', '.join(units)})")


def _rulebook() -> Rulebook:
    from rules.rulebook import load

    return load(RULESET)


# --- explain --------------------------------------------------------------------------------
def run(scenario: MultibaseScenario, rules: Rulebook, dice: DiceSource | None = None) -> AttackResult:
    """Resolve the scenario's attack; scripted dice must be used exactly (DiceScriptError if not)."""
    rules = scenario.rules_under(rules)
    source = dice if dice is not None else ScriptedDice.of(**scenario.dice)
    try:
        result = resolve_attack(scenario.field, scenario.attack, rules, source)
    except limits.LimitExceeded as exc:
        raise _limit_error(scenario, exc) from None
    except (IllegalRemoval, PushChoiceError) as exc:
        key = "removals" if isinstance(exc, IllegalRemoval) else "pushes"
        path = ("attack", key, exc.unit)
        line = scenario.doc.line(path) if scenario.doc is not None else None
        raise RefusedChoice(scenario.file, line, field_name(path), str(exc)) from None
    source.finish()
    return result


def explain(scenario: MultibaseScenario, rules: Rulebook) -> Explanation:
    try:
        result = run(scenario, rules)
    except DiceScriptError as exc:  # point at the unit's scripted roll, e.g. dice.Alpha.to_hit
        roll, _, unit = (exc.purpose or "").partition(":")
        path = ("dice", unit, roll) if unit else ("dice",)
        if scenario.doc is None:
            raise InputError(scenario.file, None, ".".join(path), str(exc)) from None
        raise scenario.doc.error(path, str(exc)) from None
    return Explanation(scenario.title, result.events, result.outcome(), interpretations_cited(result.events))


# --- odds -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class OddsReport:
    title: str
    attacker: str
    target: str
    odds: AttackOdds | None  # None: the target cannot be attacked
    events: tuple[Event, ...] = ()

    def distributions(self) -> list[tuple[str, dict[int, Fraction]]]:
        """(label, distribution) pairs, in the order a reader wants them: hits, wounds, bases removed."""
        if self.odds is None:
            return []
        return [
            (name.replace("_", " "), getattr(self.odds, name)) for name in ("hits", "wounds", "bases_removed")
        ]

    def to_json(self) -> dict[str, Any]:
        if self.odds is None:
            return {"title": self.title, "target_valid": False, "events": [e.to_json() for e in self.events]}
        o, p = self.odds, self.odds.profile

        dist = distribution_json
        return {
            "title": self.title,
            "attacker": self.attacker,
            "target": self.target,
            "target_valid": True,
            "profile": {
                "pool": p.pool,
                "threshold": p.threshold,
                "save": p.save,
                "courage": p.courage,
                "wound_stat": p.wound_stat,
                "residual_wounds": p.residual,
                "bases": p.bases,
            },
            "hits": dist(o.hits),
            "wounds": dist(o.wounds),
            "bases_removed": dist(o.bases_removed),
            "shaken": {"exact": str(o.shaken), "p": float(o.shaken)},
            "destroyed": {"exact": str(o.destroyed), "p": float(o.destroyed)},
        }

    def format_text(self) -> str:
        if self.odds is None:
            return f"{self.title}: {self.target} cannot be attacked ({self.events[-1].text})"
        o, p = self.odds, self.odds.profile
        lines = [
            f"{self.title}: {self.attacker} attacks {self.target}",
            f"  {p.pool}d{p.sides} hitting on {p.threshold}+; saves on {p.save}+; Courage {p.courage}; "
            f"Wound stat {p.wound_stat}; {plural(p.residual, 'wound')} already on; {plural(p.bases, 'base')}",
        ]
        for name in ("hits", "wounds", "bases_removed"):
            row = "  ".join(f"{k}: {percent(v):>6}" for k, v in getattr(o, name).items())
            lines.append(f"  {name.replace('_', ' '):<13} mean {float(o.mean(name)):.3f}   {row}")
        lines.append(f"  Shaken after the attack: {percent(o.shaken)}   destroyed: {percent(o.destroyed)}")
        return "\n".join(lines)


def _limit_error(scenario: MultibaseScenario, exc: limits.LimitExceeded) -> InputError:
    line = scenario.doc.line(("attack",)) if scenario.doc is not None else None
    return InputError(scenario.file, line, "attack", str(exc))


def profile_of(scenario: MultibaseScenario, rules: Rulebook) -> tuple[AttackProfile | None, list[Event]]:
    """The numbers the attacker's roll against the target depends on, from the engine's own steps."""
    rules = scenario.rules_under(rules)
    spec, field_ = scenario.attack, scenario.field
    ranged = not spec.close_combat
    check, events = verify_target(field_, spec.attacker, spec.target, ranged, rules)
    if not check.valid:
        return None, events
    attacker, target = field_.unit(spec.attacker), field_.unit(spec.target)
    pool, _ = attack_pool(attacker, ranged, spec.bonus_dice.get(attacker.name, {}), rules)
    fraction = range_fraction(check.range.distance, attacker.stats.range, rules) if ranged else None
    needed, _ = threshold(
        attacker.name,
        Circumstances(
            target.name in spec.in_cover,
            fraction,
            attacker.shaken > 0,
            spec.threshold_modifiers.get(attacker.name, {}),
            target_shaken=target.shaken > 0,
        ),
        rules,
    )
    # Losses that cannot keep coherency make the target Shaken (MB-6.5), unless it was split
    # before the attack and the reading is that MB-6.5 then does not apply.
    exempt = (
        not is_coherent(target.bases, rules) and rules.interpretation("split_before_attack") == "not_caused"
    )
    try:
        for k in range(1, len(target.bases)):  # refuse at once rather than after the cheap counts
            check_removal_budget(target, k, rules)
        incoherent = frozenset(
            k
            for k in range(1, len(target.bases))
            if not exempt and not removal_options(target, k, rules).coherent
        )
    except limits.LimitExceeded as exc:
        raise _limit_error(scenario, exc) from None
    profile = AttackProfile(
        pool=pool,
        threshold=needed,
        save=target.stats.save,
        courage=target.stats.courage,
        wound_stat=target.stats.wounds,
        residual=target.wounds,
        bases=len(target.bases),
        already_shaken=target.shaken > 0,
        incoherent_removals=incoherent,
        sides=int(rules.param("die_sides")),
    )
    return profile, events


def odds(scenario: MultibaseScenario, rules: Rulebook) -> OddsReport:
    """Exact odds of the attacker's roll against the target (in close combat: that one direction)."""
    profile, events = profile_of(scenario, rules)
    spec = scenario.attack
    if profile is None:
        return OddsReport(scenario.title, spec.attacker, spec.target, None, tuple(events))
    if profile.pool > limits.MAX_ODDS_DICE:
        raise InputError(
            scenario.file,
            scenario.doc.line(("attack",)) if scenario.doc is not None else None,
            "attack",
            f"{profile.pool} dice: beyond the exact-odds limit of {limits.MAX_ODDS_DICE} dice",
        )
    return OddsReport(scenario.title, spec.attacker, spec.target, attack_odds(profile), tuple(events))


def draw(
    scenario: MultibaseScenario, rules, origin: str | None = None, target: str | None = None, **options
) -> str:
    """The scenario as SVG with its ruling, resolved first (see ``multibase_draw``)."""
    from rulecheck_multibase.draw import draw

    return draw(scenario, rules, origin, target, **options)


def diagram_from_json(shown: dict[str, Any]) -> str:
    """A recorded ruling's table, with its attack's pair, the Trace and range between them as the
    engine finds them, and the outcome."""
    from rulecheck_multibase.diagram import battlefield_from_json, draw_battlefield
    from rulecheck_multibase.draw import multibase_sight

    attacker, target, kind = shown.get("attack") or (None, None, "ranged")
    field, rules, ranged = battlefield_from_json(shown["position"]), _rulebook(), kind == "ranged"
    return draw_battlefield(
        field,
        rules,
        attacker=attacker,
        target=target,
        ranged=ranged,
        outcome=shown.get("outcome"),
        sight=multibase_sight(field, attacker, target, rules, ranged),
    )


# The step of rulecheck_multibase/steps/attack.py that loads a scenario file by name.
_SCENARIO_FILE_STEP = re.compile(r'the multibase scenario "(?P<name>[^"]+)"')


def scenario_file_named(step_text: str) -> str | None:
    """The ``ScenarioFileSteps`` hook: the file ``Given the multibase scenario "NAME"`` loads."""
    found = _SCENARIO_FILE_STEP.fullmatch(step_text)
    return found["name"] if found else None


class Multibase:
    """multibase as a ``rulecheck.ruleset_api.Ruleset``."""

    name = RULESET
    load_scenario = staticmethod(load_scenario)
    scenario_from_doc = staticmethod(scenario_from_doc)
    explain = staticmethod(explain)
    odds = staticmethod(odds)
    draw = staticmethod(draw)
    diagram_from_json = staticmethod(diagram_from_json)
    scenario_file_named = staticmethod(scenario_file_named)
    rulebook = staticmethod(_rulebook)
    # beyond the protocol: what the feature steps use
    scenario_from_data = staticmethod(scenario_from_data)
    run = staticmethod(run)

    @staticmethod
    def outcome_lines(outcome: dict[str, Any]) -> list[str]:
        from rulecheck_multibase.outcome import outcome_lines

        return outcome_lines(outcome)

    @staticmethod
    def card_catalogue(root: Path) -> None:
        return None  # no cards: a unit's numbers are in the scenario

    # The corpus this package ships; another folder given as --root keeps the layout by ruleset
    # name it always had.
    corpus = staticmethod(LAYOUT.corpus_or_project)

    @staticmethod
    def example_project() -> dict[str, str]:
        from rulecheck_multibase.example import example_project

        return example_project()

    @staticmethod
    def phrases():
        from rulecheck_multibase.phrases import MultibasePhrases  # imports pytest-bdd

        return MultibasePhrases.phrases()

    @property
    def explore(self):
        from rulecheck_multibase.explore import EXPLORER  # imports hypothesis

        return EXPLORER


ADAPTER = Multibase()
