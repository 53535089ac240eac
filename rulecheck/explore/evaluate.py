"""One generated position through the engine, as plain JSON: its outcome and its trace.

This module imports only the engine (``rules``) and the standard library, and keeps to the
engine's long-standing entry points, so ``explore --rev`` can run it as a script against the
engine of another revision: with that revision's checkout first on ``sys.path``, ``python
evaluate.py CATALOGUE`` reads one request per line on stdin and writes one answer per line.

A position (made by ``strategies``) is a dict:

* Gundam Assemble: ``width``, ``height`` and ``cells`` (one ``[elevation, water]`` per map cell,
  row by row, odd rows shoved right as in a compact map), ``pieces`` (``name``, ``side``,
  ``kind``, ``col``, ``row``; structures may state ``elevation``; units may state ``profile``,
  ``hp``, ``shields``, ``status``), and ``los`` (``from``, ``to``) or ``attack`` (the scenario
  file's attack section, with ``dice`` as one pool of faces per roll purpose);
* multibase: ``units`` (the scenario file's unit entries), ``terrain``, ``attack`` and ``dice``
  (one pool of faces per unit and roll). ``attack`` may hold ``pick``: where the engine leaves a
  removal or a push to a player and lists the legal ones, the player takes the one at that index
  (modulo their number), and the answer's ``picks`` says which bases that was, so a scenario can
  script it.

Every answer also lists the rulebook entries the run read (``reads``: ``interpretations.NAME`` and
``parameters.NAME``), as `rulecheck check` records them: a reading a run never asks cannot change
its ruling, which is how the search steers towards positions where the compared readings matter.

Dice come from pools, not a strict script: both versions draw from the same pools, and the
answer says how many faces each roll used, so a scenario can script exactly what the version it
asserts needs.
"""

from __future__ import annotations

import json
import sys
from typing import Any


class PoolExhausted(Exception):
    """The generated dice pool was too short for this resolution: not a usable position."""


class PoolDice:
    """Faces drawn in order from one pool per purpose; records how many each purpose used."""

    def __init__(self, pools: dict[str, list[int]]):
        self.pools = pools
        self.used: dict[str, int] = {}

    def roll(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        key = purpose
        pool = self.pools.get(key, [])
        start = self.used.get(key, 0)
        if start + count > len(pool):
            raise PoolExhausted(f"{key}: needs {start + count} faces, the pool has {len(pool)}")
        self.used[key] = start + count
        return tuple(min(max(f, 1), sides) for f in pool[start : start + count])

    def finish(self) -> None:
        """Unused faces are fine here: the scenario scripts only the faces used."""


def _jsonable(value: Any) -> Any:
    return json.loads(
        json.dumps(value, default=lambda v: sorted(v) if isinstance(v, (set, frozenset)) else str(v))
    )


def _rulebook(ruleset: str, parameters: dict, interpretations: dict, book=None):
    """The version's rulebook: ``book`` (the ruleset's, as its ``Ruleset.rulebook()`` gives it)
    with the changes; alone against another revision's engine, the bundled book of that name."""
    if book is None:
        from rules.rulebook import load

        book = load(ruleset)
    if parameters or interpretations:
        book = book.with_changes(parameters, interpretations, "explore")
    return book


# --- Gundam Assemble -------------------------------------------------------------------------


def ga_board(position: dict[str, Any]):
    from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece
    from rules.hexgrid import from_offset

    w, h = position["width"], position["height"]
    hexes, extent = {}, set()
    for i, (elevation, water) in enumerate(position["cells"][: w * h]):
        cell = from_offset(i % w, i // w)
        extent.add(cell)
        if elevation or water:
            hexes[cell] = HexTerrain(int(elevation), "water" if water else "open")
    pieces = tuple(
        Piece(
            p["name"],
            p["side"],
            from_offset(p["col"], p["row"]),
            p.get("kind", "unit"),
            p.get("elevation") if p.get("kind") == "structure" else None,
        )
        for p in position["pieces"]
    )
    return Board(hexes, pieces, ("A", "B"), frozenset(extent))


def _ga_los(position: dict[str, Any], rules) -> dict[str, Any]:
    from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight

    board = ga_board(position)
    a, t = board.piece(position["los"]["from"]), board.piece(position["los"]["to"])
    los = line_of_sight(board, a.hex, t.hex, a.side, rules)
    return {
        "outcome": {"line of sight": "clear" if los.clear else "blocked"},
        "events": [e.to_json() for e in los.events],
        "detail": {"los": los.to_json()},
    }


UNIT_STATE_KEYS = ("profile", "hp", "shields", "deactivated_shields", "status", "timeline", "activating")


def _ga_resolve(attack: dict[str, Any], battle, rules, catalogue, tag: str = ""):
    """One attack of a position: (its outcome keys, its events, dice used, the battle after)."""
    from rulecheck_gundam_assemble.engine.attack import resolve_attack
    from rulecheck_gundam_assemble.engine.setup import declaration_from_data

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


def _ga_state(battle) -> dict[str, Any]:
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


def _ga_attack(position: dict[str, Any], rules, catalogue) -> dict[str, Any]:
    """The position's attack, and its ``second`` attack if it has one (after nothing, the end
    of the activation or the end of the turn, as ``second.after`` says)."""
    from rulecheck_gundam_assemble.engine.declaration import AttackError
    from rulecheck_gundam_assemble.engine.units import battle_from_entries

    board = ga_board(position)
    entries = {}
    for p in position["pieces"]:
        if p.get("kind", "unit") != "unit":
            continue
        entry = {"side": p["side"]}
        for key in UNIT_STATE_KEYS:
            if key in p:
                entry[key] = p[key]
        entries[p["name"]] = entry
    battle = battle_from_entries(board, entries, catalogue)
    answer: dict[str, Any] = {"events": [], "dice_used": {}}
    try:
        outcome, events, used, battle = _ga_resolve(position["attack"], battle, rules, catalogue)
        answer["events"], answer["dice_used"] = events, used
        answer["first_events"] = len(events)  # the first attack's events; the rest are the second's
        second = position.get("second")
        if second is not None:
            from rulecheck_gundam_assemble.engine import durations

            after = second.get("after", "nothing")
            if after in ("activation", "turn"):
                end = durations.end_activation if after == "activation" else durations.end_turn
                battle, ended = end(battle, rules)
                answer["events"] += [e.to_json() for e in ended]
            attack = {k: v for k, v in second.items() if k != "after"}
            more, events, used, battle = _ga_resolve(attack, battle, rules, catalogue, SECOND)
            outcome.update(more)
            answer["events"] += events
            answer["dice_used_second"] = used
    except AttackError as exc:
        # The engine refuses the declaration: a ruling (one side may allow what the other refuses).
        return {"refused": f"declaration: {exc}"}
    except PoolExhausted as exc:
        return {"invalid": f"dice: {exc}"}
    outcome.update(_ga_state(battle))
    answer["outcome"] = _jsonable(outcome)
    answer["detail"] = {}
    return answer


SECOND = "second attack: "  # the outcome keys of a position's second attack start so


# --- multibase ----------------------------------------------------------------------------------


def mb_field(position: dict[str, Any]):
    """The battlefield of a multibase position, which uses the scenario document's unit format."""
    from rulecheck_multibase.engine.battlefield import Base, Battlefield, Initiative, Stats, Terrain, Unit

    units = []
    for u in position["units"]:
        bases = tuple(
            Base(
                b["name"],
                b["shape"],
                float(b["x"]),
                float(b["y"]),
                float(b.get("facing", 0)),
                float(b.get("radius", 0)),
                float(b.get("width", 0)),
                float(b.get("depth", 0)),
            )
            for b in u["bases"]
        )
        s = u["stats"]
        stats = Stats(
            s["ranged_attack"], s["melee_attack"], float(s["range"]), s["courage"], s["save"], s["wounds"]
        )
        units.append(
            Unit(
                u["name"],
                u["faction"],
                stats,
                bases,
                shaken=1 if u.get("shaken") else 0,
                dash=bool(u.get("dash")),
                activated=bool(u.get("activated")),
                wounds=int(u.get("wounds_taken", 0)),
            )
        )
    terrain = tuple(
        Terrain(t["name"], tuple((float(x), float(y)) for x, y in t["polygon"]))
        for t in position.get("terrain") or ()
    )
    # The pool a scenario without an initiative step gets: one token per unit yet to activate.
    pool = tuple(u.faction for u in units if not u.activated)
    return Battlefield(tuple(units), terrain, Initiative(pool))


def _mb_attack(position: dict[str, Any], rules) -> dict[str, Any]:
    """Resolve the attack; with ``pick``, again with each choice the engine left open made (a
    removal first, then the push it may lead to), so the search reaches pushes and destruction."""
    a = position["attack"]
    removals = {k: tuple(v) for k, v in a.get("removals", {}).items()}
    pushes = {k: tuple(v) for k, v in a.get("pushes", {}).items()}
    picked: dict[str, dict[str, list[str]]] = {}
    while True:
        answer, result = _mb_resolve(position, rules, removals, pushes)
        made = False
        if result is not None and a.get("pick") is not None:
            for name, lost in sorted(result.casualties.items()):
                if lost.awaiting_choice and lost.options and name not in removals:
                    removals[name] = tuple(lost.options[a["pick"] % len(lost.options)])
                    picked.setdefault("removals", {})[name] = list(removals[name])
                    made = True
                options = getattr(lost, "push_options", ())
                if getattr(lost, "awaiting_push", False) and options and name not in pushes:
                    pushes[name] = tuple(options[a["pick"] % len(options)])
                    picked.setdefault("pushes", {})[name] = list(pushes[name])
                    made = True
        if not made:
            break
    if picked and "outcome" in answer:
        answer["picks"] = picked
    return answer


def _mb_resolve(position: dict[str, Any], rules, removals: dict, pushes: dict) -> tuple[dict[str, Any], Any]:
    from dataclasses import fields

    from rulecheck_multibase.engine import attack as attack_module
    from rulecheck_multibase.engine.attack import AttackSpec, resolve_attack
    from rulecheck_multibase.engine.casualties import IllegalRemoval

    field = mb_field(position)
    a = position["attack"]
    pools = {
        f"{kind}:{unit}": list(faces)
        for unit, rolls in position["dice"].items()
        for kind, faces in rolls.items()
    }
    dice = PoolDice(pools)
    known = {f.name for f in fields(AttackSpec)}
    extra: dict[str, Any] = {}
    if "pushes" in known:  # older engines have no scripted push and no strict mode
        extra["pushes"] = dict(pushes)
    if "strict" in known:  # an open push is listed, not an error, unless the position asks
        extra["strict"] = bool(a.get("strict", False))
    spec = AttackSpec(
        attacker=a["attacker"],
        target=a["target"],
        close_combat=bool(a.get("close_combat", False)),
        in_cover=frozenset(a.get("in_cover", ())),
        bonus_dice={k: dict(v) for k, v in a.get("bonus_dice", {}).items()},
        threshold_modifiers={k: dict(v) for k, v in a.get("threshold_modifiers", {}).items()},
        removals=dict(removals),
        **extra,
    )
    try:
        from rules import limits
    except ImportError:  # an older engine without limits
        limits = None

    # A choice the rules do not allow is a ruling (the other version may allow it); a position
    # too big to list the choices of is unusable.
    refused = tuple(
        e for e in (IllegalRemoval, getattr(attack_module, "PushChoiceError", None)) if e is not None
    )
    too_big = getattr(limits, "LimitExceeded", None) or PoolExhausted
    try:
        result = resolve_attack(field, spec, rules, dice)
    except (PoolExhausted, too_big) as exc:
        return {"invalid": f"{'dice' if isinstance(exc, PoolExhausted) else 'limit'}: {exc}"}, None
    except refused as exc:
        which = "removals" if isinstance(exc, IllegalRemoval) else "pushes"
        return {"refused": f"choice: {exc}", "refused_choice": [which, getattr(exc, "unit", "")]}, None
    outcome = _jsonable(result.outcome())
    for name, lost in result.casualties.items():
        # The legal removals are a ruling whether or not a removal was then made (the engine's
        # outcome lists them only while the choice is open). Legal choices are a set: two
        # versions that list the same ones in another order rule alike (a scenario compares them
        # sorted), so they are compared sorted here too.
        status = outcome["units"][name]
        status["removal_options"] = sorted(sorted(o) for o in lost.options)
        if status.get("push_options"):
            status["push_options"] = sorted(sorted(o) for o in status["push_options"])
    return {
        "outcome": outcome,
        "events": [e.to_json() for e in result.events],
        "dice_used": dict(dice.used),
        "detail": {},
    }, result


def mb_concrete(position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The position as a scenario states it: the choices the engine made by index (``pick``)
    become the bases the players name, an open push the first legal one (a scenario must name
    the push when there are several), and a choice left unnamed is an error (``strict``), unless
    the position leaves the pushes open (``strict`` false: the legal pushes are the ruling)."""
    attack = {k: v for k, v in position["attack"].items() if k != "pick"}
    picks = answer.get("picks") or {}
    removals = {**attack.get("removals", {}), **picks.get("removals", {})}
    pushes = {**attack.get("pushes", {}), **picks.get("pushes", {})}
    open_pushes = attack.get("strict") is False
    for unit, status in (answer.get("outcome") or {}).get("units", {}).items():
        if (
            status.get("awaiting_push")
            and status.get("push_options")
            and unit not in pushes
            and not open_pushes
        ):
            pushes[unit] = status["push_options"][0]
    if removals:
        attack["removals"] = removals
    if pushes:
        attack["pushes"] = pushes
    attack["strict"] = not open_pushes
    return {**position, "attack": attack}


# --- entry points ---------------------------------------------------------------------------------


def evaluate(request: dict[str, Any], catalogue=None, book=None) -> dict[str, Any]:
    """The answer of ``_evaluate`` with the rulebook entries it read; an engine crash comes back
    as ``{"crash": why}``. ``book``: the ruleset's rulebook as the book has it (else loaded by
    the request's ruleset name, for a bundled ruleset)."""
    from rules.rulebook import observing_reads

    reads: set[str] = set()
    try:
        with observing_reads(lambda _book, entry: reads.add(entry)):
            answer = _evaluate(request, catalogue, book)
    except Exception as exc:  # an engine crash is a finding, not the end of the search
        return {"crash": f"{type(exc).__name__}: {exc}"}
    answer["reads"] = sorted(reads)
    return answer


def _evaluate(request: dict[str, Any], catalogue=None, book=None) -> dict[str, Any]:
    """``request``: ``ruleset``, ``evaluator`` (a key of ``EVALUATORS``, or ``module:function``
    of a ruleset's own package), ``position``, and the version's ``parameters`` and
    ``interpretations`` (changes to the book). Never raises for a position the engine refuses to
    read: that comes back as ``{"invalid": why}``, and a position the rules refuse (a declaration
    the attack checks reject, a scripted removal or push not among the legal ones) as
    ``{"refused": why}``: that one is a ruling, and can differ between two versions."""
    rules = _rulebook(
        request["ruleset"], request.get("parameters") or {}, request.get("interpretations") or {}, book
    )
    return _evaluator(request["evaluator"])(request["position"], rules, catalogue)


def _evaluator(key: str):
    """The function a request names: a bundled one by its key, else ``module:function``."""
    if key in EVALUATORS or ":" not in key:
        return EVALUATORS[key]
    import importlib

    module, _, function = key.partition(":")
    return getattr(importlib.import_module(module), function)


# What rules on each kind of position, by the key a ruleset's ``Explorer.evaluator(kind)`` gives
# and a request carries: run alone against another revision's engine, this module has no
# registry of rulesets to ask.
EVALUATORS = {
    "hex_los": lambda position, rules, _catalogue: _ga_los(position, rules),
    "hex_attack": _ga_attack,
    "multibase_attack": lambda position, rules, _catalogue: _mb_attack(position, rules),
}


def load_catalogue(path: str):
    import yaml

    from rulecheck_gundam_assemble.engine.units import parse_catalogue

    with open(path, encoding="utf-8") as fh:
        return parse_catalogue(yaml.safe_load(fh))


def serve(catalogue_path: str | None, stdin=None, stdout=None) -> None:
    """One JSON request per line in, one JSON answer per line out, until stdin closes."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    catalogue = load_catalogue(catalogue_path) if catalogue_path else None
    for line in stdin:
        if not line.strip():
            continue
        answer = evaluate(json.loads(line), catalogue)
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1] if len(sys.argv) > 1 else None)
