"""Gundam Assemble's ``draw`` hook: the ruling a picture shows, resolved by the engine (the
explanation, the sightlines, the legal placements of an area) before anything is drawn, then
handed to ``rulecheck.drawing.draw_svg``, which computes no rule. With ``origin``/``target`` the
sightline between those two pieces is drawn instead of the attack's own, and the attack's result
stays in the picture."""

from __future__ import annotations

from typing import Any

from rulecheck.source_yaml import InputError


def draw(scenario, rules, origin: str | None = None, target: str | None = None, **options) -> str:
    """The scenario as SVG with its ruling: the engine resolves it first (``hex_ruling``), then
    ``rulecheck.drawing.draw_svg`` draws it with the caller's ``options`` (size, orientation,
    coordinates, colors, arrows, highlights). ``KeyError`` for an unknown piece named as
    ``origin`` or ``target``."""
    from rulecheck.drawing import draw_svg

    return draw_svg(scenario, hex_ruling(scenario, rules, origin, target), **options)


def hex_ruling(scenario, rules, origin: str | None, target: str | None):
    from rulecheck_gundam_assemble.diagram import AreaDrawing, DiceRow, HexRuling
    from rulecheck_gundam_assemble.engine.area_effect import placements
    from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, line_of_sight, piece_line_of_sight
    from rulecheck_gundam_assemble.explain import catalogue

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
    from rulecheck_gundam_assemble.explain import explain

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
