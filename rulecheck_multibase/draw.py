"""multibase's ``draw`` hook: the ruling a picture shows, resolved by the engine (the
explanation, the Trace and range measure) before anything is drawn, then handed to
``rulecheck.drawing.draw_svg``, which computes no rule. With ``origin``/``target`` the Trace
between those two units is drawn instead of the attack's own, and the attack's result stays in
the picture."""

from __future__ import annotations

from rulecheck.source_yaml import InputError


def draw(scenario, rules, origin: str | None = None, target: str | None = None, **options) -> str:
    """The scenario as SVG with its ruling: the engine resolves it first (``multibase_ruling``),
    then ``rulecheck.drawing.draw_svg`` draws it with the caller's ``options`` (size,
    orientation, coordinates, colors, arrows, highlights). ``KeyError`` for an unknown unit named
    as ``origin`` or ``target``."""
    from rulecheck.drawing import draw_svg

    return draw_svg(scenario, multibase_ruling(scenario, rules, origin, target), **options)


def multibase_ruling(scenario, rules, origin: str | None, target: str | None):
    from rulecheck_multibase.diagram import MultibaseRuling

    rules = scenario.rules_under(rules)
    spec = scenario.attack
    for name in (origin, target):
        if name is not None and not scenario.field.has_unit(name):
            raise KeyError(name)
    if origin is not None and target is not None and scenario.doc is not None:
        # the pair asked for may cost more Trace work than the scenario's own attack (a limit)
        from rulecheck_multibase.ruleset import check_trace_work

        where = ("units", [u.name for u in scenario.field.units].index(origin))
        check_trace_work(scenario.doc, scenario.field, origin, target, where)
    outcome, events = None, ()
    try:
        from rulecheck_multibase.ruleset import explain

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
    from rulecheck_multibase.diagram import MultibaseSight
    from rulecheck_multibase.engine.geometry import trace, unit_distance

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
