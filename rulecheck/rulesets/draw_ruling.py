"""The ruling a picture shows, resolved by the engine before anything is drawn.

Each ruleset's ``draw`` hook calls its function here (the engine's explain, its Line of Sight, Trace and range
measure, the legal placements of an area) and hands the result to ``rulecheck.drawing.draw_svg``,
which computes no rule. With ``origin``/``target`` the sightline or Trace between those two pieces
is drawn instead of the attack's own, and the attack's result stays in the picture.
"""

from __future__ import annotations

from typing import Any

from rulecheck.source_yaml import InputError

# --- Gundam Assemble -----------------------------------------------------------------------------


def hex_ruling(scenario, rules, origin: str | None, target: str | None):
    from rulecheck.diagram_hex import AreaDrawing, DiceRow, HexRuling
    from rulecheck.rulesets.gundam_assemble_explain import catalogue
    from rules.gundam_assemble.area_effect import placements
    from rules.gundam_assemble.line_of_sight import LosMode, line_of_sight, piece_line_of_sight

    board = scenario.board
    pair = None
    if origin is not None or target is not None:
        pair = (board.piece(origin), board.piece(target))  # KeyError for an unknown name
    attack = scenario.attack or {}
    attacker_name = attack.get("attacker")
    if not attacker_name or not board.has_piece(attacker_name):
        sights = [piece_line_of_sight(board, *pair, rules)] if pair else []
        return HexRuling(sights=tuple(sights), captions=("--from/--to",) * len(sights))
    outcome, dice, notes = _hex_resolved(scenario, rules)
    attacker = board.piece(attacker_name)
    entry = scenario.units.get(attacker_name, {})
    cards = catalogue(scenario).units
    profile = cards.get(entry.get("profile", attacker_name))
    weapon = profile.weapons.get(attack.get("weapon")) if profile else None
    sights, captions, area = [], [], None
    if weapon is not None and weapon.area is not None and attack.get("area"):
        placed = frozenset(tuple(h) for h in attack["area"])
        legal = tuple(
            p.hexes
            for p in placements(
                weapon.area, attacker.hex, board, rules.interpretation("aoe_diagram_orientation")
            )
        )
        mode = LosMode.IGNORE if weapon.ignores_los else LosMode.AREA_EFFECT
        targets = []
        for h in sorted(placed, key=lambda x: (x[1], x[0])):
            figure = board.figure_at(h)
            if figure is None or figure.side == attacker.side:
                continue
            if figure.kind == "garrison" and rules.interpretation("aoe_garrison_targets") == "units_only":
                continue
            los = line_of_sight(board, attacker.hex, h, attacker.side, rules, mode)
            sights.append(los)
            captions.append(f"area of effect, to {figure.name}")
            if los.clear:
                targets.append(figure.name)
        area = AreaDrawing(attacker.hex, placed, legal, tuple(targets))
    named = attack.get("target")
    # a weapon with more targets names them as a list (target: [A, B]): a sightline to each
    named = [named] if isinstance(named, str) else list(named or ())
    if area is None:
        for name in named:
            if board.has_piece(name):
                sights.append(piece_line_of_sight(board, attacker, board.piece(name), rules))
                captions.append("the attack" if len(named) == 1 else f"the attack, to {name}")
    # A response whose ability has a range needs its own unit's sight of the unit it affects.
    affected = named or list(area.targets if area else ())
    for response in attack.get("responses") or ():
        unit = response.get("unit")
        card = cards.get(scenario.units.get(unit, {}).get("profile", unit)) if unit else None
        ability = card.abilities.get(response.get("ability")) if card else None
        if ability is None or not ability.reach or ability.reach[0] != "range" or not board.has_piece(unit):
            continue
        for name in affected:
            if board.has_piece(name):
                sights.append(piece_line_of_sight(board, board.piece(unit), board.piece(name), rules))
                captions.append(f"{ability.name} needs {unit}'s own sight")
    if pair is not None:
        # The sightline asked for replaces the attack's own; the area and the result stay.
        sights = [piece_line_of_sight(board, *pair, rules)]
        captions = ["--from/--to; the attack's result as the scenario resolves it"]
    return HexRuling(
        sights=tuple(sights),
        captions=tuple(captions),
        area=area,
        outcome=outcome,
        dice=tuple(DiceRow(**d) for d in dice),
        notes=tuple(notes),
    )


def _hex_resolved(scenario, rules) -> tuple[dict[str, Any] | None, list[dict[str, Any]], list[str]]:
    """The attack's outcome with the scenario's dice and each target's reading of them, or a note
    saying why there is none."""
    from rulecheck.rulesets.gundam_assemble_explain import explain

    try:
        explained = explain(scenario, rules)
    except InputError as exc:
        return None, [], [f"result not drawn: {exc.message if hasattr(exc, 'message') else exc}"]
    why: dict[str, list[str]] = {}
    rows = []
    for e in explained.events:
        if e.step == "damage.accuracy":
            why.setdefault(e.data["target"], []).append(f"{e.data.get('source', '')} {e.data['modifier']:+d}")
        elif e.step == "damage.hits":
            rows.append(
                {
                    "target": e.data["target"],
                    "accuracy": e.data.get("accuracy", 0),
                    "why": tuple(why.get(e.data["target"], ())),
                    "results": tuple(e.data.get("results") or ()),
                    "hits": e.data.get("hits", 0),
                    "crits": e.data.get("crits", 0),
                }
            )
    return explained.outcome, rows, []


# --- multibase -----------------------------------------------------------------------------------


def multibase_ruling(scenario, rules, origin: str | None, target: str | None):
    from rulecheck.diagram_multibase import MultibaseRuling

    rules = scenario.rules_under(rules)
    spec = scenario.attack
    for name in (origin, target):
        if name is not None and not scenario.field.has_unit(name):
            raise KeyError(name)
    if origin is not None and target is not None and scenario.doc is not None:
        # the pair asked for may cost more Trace work than the scenario's own attack (a limit)
        from rulecheck.rulesets.multibase import check_trace_work

        where = ("units", [u.name for u in scenario.field.units].index(origin))
        check_trace_work(scenario.doc, scenario.field, origin, target, where)
    outcome, events = None, ()
    try:
        from rulecheck.rulesets.multibase import explain

        explained = explain(scenario, rules)
        outcome, events = explained.outcome, tuple(explained.events)
    except InputError:  # e.g. dice that do not fit: draw the position without a result
        pass
    attacker, whom = origin or spec.attacker, target or spec.target
    own = origin is None or (origin, target) == (spec.attacker, spec.target)
    ranged = not spec.close_combat
    sight = multibase_sight(scenario.field, attacker, whom, rules, ranged)
    modifiers = []
    if own:
        modifiers = [
            (e.data["source"], e.data["modifier"]) for e in events if e.step == "to_hit.modifier" and e.data
        ]
    in_cover = tuple(sorted(spec.in_cover))
    return MultibaseRuling(
        attacker=attacker,
        target=whom,
        ranged=ranged,
        sight=sight,
        outcome=outcome,
        modifiers=tuple(modifiers),
        in_cover=in_cover if own else (),
        rules=rules,
    )


def multibase_sight(field, attacker: str | None, target: str | None, rules, ranged: bool = True):
    """The engine's Trace and range measure between two units, with where long range starts
    (MB-3.2's threshold, when the rulebook reads range that way); ``None`` without a pair."""
    from rulecheck.diagram_multibase import MultibaseSight
    from rules.multibase.geometry import trace, unit_distance

    if not (attacker and target and field.has_unit(attacker) and field.has_unit(target)):
        return None
    a, t = field.unit(attacker), field.unit(target)
    seen = trace(field, a, t, rules)
    measure = unit_distance(a, t) if ranged else None
    long_range = None
    if (
        ranged
        and a.stats.range > 0
        and rules.interpretation("long_range") == "beyond_fraction"
        and rules.interpretation("unstated_modifier_sizes") == "one_step"
    ):
        long_range = (
            float(rules.param("long_range_fraction")) * a.stats.range,
            int(rules.param("long_range_modifier")),
        )
    return MultibaseSight(
        clear=bool(seen.clear and seen.segment is not None),
        segment=tuple(map(tuple, seen.segment)) if seen.segment is not None else None,
        from_base=seen.from_base,
        to_base=seen.to_base,
        in_arc=seen.in_arc,
        blockers=tuple(seen.blockers),
        distance=measure.distance if measure else None,
        range_from=measure.from_base if measure else None,
        range_to=measure.to_base if measure else None,
        long_range=long_range,
        tolerance=float(rules.param("geometry_tolerance")),
    )
