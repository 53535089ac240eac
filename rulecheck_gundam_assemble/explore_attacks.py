"""Gundam Assemble attack positions for ``explore``: attacks that reach what the rules decide.

A position is laid out around its attack, not the other way round: the weapon comes first, then
a target in its range (mostly) or on its placed area, other units on the area or near the
target, terrain and Garrisons where the line and the area run; units often have few hit points
left, so defeats happen (mid-attack, several at once); Responses are drawn from those whose
trigger can hold, with the faces, hexes and weapons a reroll, a move or an attack back needs
scripted as a scenario scripts them; a quarter of the positions go on with a second attack
after nothing, the end of the activation or the end of the turn (for readings about durations).

Every choice the generator makes that shapes what the engine will be asked is a *knob*, drawn
with weights from a ``Bias``. ``search`` starts with even weights and, between rounds, raises
the weights of the knob values under which the compared reading was asked (``Bias.learn``), so
the budget goes where a difference is possible. Each weighted choice is an integer that shrinks
to 0, the first and plainest value, so witnesses still shrink to readable positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from hypothesis import strategies as st

from rulecheck.corpus import PROJECT_ROOT
from rulecheck_gundam_assemble.ruleset import card_catalogue

CATALOGUE = card_catalogue(PROJECT_ROOT)
STATUSES = ("Disarm", "Fracture")
RESOLUTION = 1000  # a weighted choice is an integer below this


@cache
def ga_catalogue():
    from rulecheck.explore.evaluate import load_catalogue

    return load_catalogue(str(CATALOGUE))


# --- weighted choices ------------------------------------------------------------------------------

# The knob values drawn for the position being generated, in order: (knob, value). ``search``
# reads it right after hypothesis hands the position over (generation is single-threaded).
drawn: list[tuple[str, str]] = []


# Where even weights waste positions: most attacks have a few Responses and other units, most
# single-target attacks are in range (the others still test the range check), and a position
# without a second attack is the common case.
STARTING_WEIGHTS = {
    ("target distance", "beyond"): 0.3,
    ("response count", "0"): 0.2,
    ("response count", "1"): 0.7,
    ("second response count", "0"): 0.3,
    ("other units", "0"): 0.4,
    ("second attack", "none"): 1.5,
    ("garrisons and structures", "0"): 0.6,
}


@dataclass(frozen=True)
class Bias:
    """Weights per knob and value (1.0 where not given). Frozen: one ``find`` runs on one Bias,
    so hypothesis's replay of a choice sequence always gives the same position."""

    weights: tuple[tuple[tuple[str, str], float], ...] = ()

    def weight(self, knob: str, value: str) -> float:
        return dict(self.weights).get((knob, value), STARTING_WEIGHTS.get((knob, value), 1.0))

    def learn(self, seen: list[tuple[list[tuple[str, str]], bool]], floor: float = 0.2) -> Bias:
        """Weights from positions seen (their knob values, and whether the reading was asked):
        each value's weight is its smoothed rate of asking relative to its knob's rate, at
        least ``floor`` so no value is ever dropped."""
        counts: dict[tuple[str, str], list[int]] = {}
        per_knob: dict[str, list[int]] = {}
        for knobs, asked in seen:
            for key in set(knobs):
                c = counts.setdefault(key, [0, 0])
                c[0] += 1
                c[1] += asked
            for knob in {k for k, _ in knobs}:
                c = per_knob.setdefault(knob, [0, 0])
                c[0] += 1
                c[1] += asked
        weights = {}
        for (knob, value), (n, k) in counts.items():
            total_n, total_k = per_knob[knob]
            base = (total_k + 1) / (total_n + 2)
            rate = (k + base) / (n + 1)
            weights[(knob, value)] = max(floor, min(20.0, rate / base))
        return Bias(tuple(sorted(weights.items())))


def _weighted(draw, bias: Bias, knob: str, options: list[Any]) -> Any:
    """One of ``options`` (the first is the plainest), by ``bias``'s weights; noted in ``drawn``."""
    if len(options) == 1:
        drawn.append((knob, str(options[0])))
        return options[0]
    table = _spread(tuple(bias.weight(knob, str(o)) for o in options))
    chosen = options[table[draw(st.integers(0, RESOLUTION - 1))]]
    drawn.append((knob, str(chosen)))
    return chosen


@lru_cache(maxsize=4096)
def _spread(weights: tuple[float, ...]) -> tuple[int, ...]:
    """``RESOLUTION`` option indexes, each about as often as its weight says, interleaved (smooth
    weighted round robin) and starting with the first option. Hypothesis draws small integers
    far more often than large ones; interleaving spreads those draws over every option instead
    of piling them on the first, while 0, where shrinking ends, stays the plainest option."""
    total = sum(weights)
    current = [0.0] * len(weights)
    table = [0]
    current[0] -= total
    for _ in range(RESOLUTION - 1):
        for i, w in enumerate(weights):
            current[i] += w
        best = max(range(len(weights)), key=lambda i: current[i])
        current[best] -= total
        table.append(best)
    return tuple(table)


# --- the board around the attack ---------------------------------------------------------------


@dataclass
class Layout:
    """Pieces at hexes relative to the attacker at (0, 0), framed into an offset-coordinate map
    at the end (``frame``)."""

    at: dict[str, tuple[int, int]] = field(default_factory=dict)  # unit or Garrison -> hex
    structures: dict[str, tuple[int, int]] = field(default_factory=dict)

    def free(self, h: tuple[int, int]) -> bool:
        return h not in self.at.values()


def _near(h: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    from rules.hexgrid import spiral

    return list(spiral(h, radius))


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes the line between two hexes passes through, runs between or touches."""
    from rules.hex_sightline import sightline

    line = sightline(a, b)
    return list(dict.fromkeys([*line.through, *(x for pair in line.between for x in pair), *line.corners]))


def _frame(draw, hexes: list[tuple[int, int]]) -> tuple[int, int, tuple[int, int]]:
    """Width, height and the axial shift that puts every hex on a rectangular map with a margin
    of 0-1 cells (an even number of rows down, so the offset layout keeps its shape)."""
    from rules.hexgrid import to_offset

    cells = [to_offset(h) for h in hexes]
    left, right, top, bottom = (draw(st.integers(0, 1)) for _ in range(4))
    dc = left - min(c for c, _ in cells)
    dr = top - min(r for _, r in cells)
    dr += dr % 2
    width = max(c for c, _ in cells) + dc + right + 1
    height = max(r for _, r in cells) + dr + bottom + 1
    return width, height, (dc - dr // 2, dr)


# --- Responses -------------------------------------------------------------------------------------


def _can_trigger(trigger: str, side: str, unit: str | None, attacker: str, attacking: str, targets) -> bool:
    if trigger == "own_attack":
        return side == attacking and unit in (None, attacker)
    if trigger == "ally_attacks":
        return side == attacking and unit not in (None, attacker)
    if trigger == "attacked":
        return unit in targets
    if trigger == "defending":
        return side != attacking
    return True


@st.composite
def _responses(
    draw,
    bias: Bias,
    knob: str,
    units: dict[str, str],
    attacker: str,
    targets: list[str],
    free: list,
    first_kind: str | None = None,
) -> list[dict[str, Any]]:
    """Responses whose trigger can hold in this attack (one in five positions also tries any
    other, which the engine refuses), each with what it needs scripted: the target of a
    one-target effect, the hex a move ends on, the weapon an attack back uses."""
    catalogue = ga_catalogue()
    loose = _weighted(draw, bias, f"{knob}responses loose", [False, True, False, False, False])
    options: list[tuple[str, str, str | None, Any]] = []  # (label, side, unit, ability)
    for name, ability in sorted(catalogue.tactics.items()):
        for side in ("A", "B"):
            if loose or _can_trigger(ability.trigger, side, None, attacker, units[attacker], targets):
                options.append((f"tactics {name} {side}", side, None, ability))
    for unit, side in units.items():
        for name, ability in sorted(catalogue.units[unit].abilities.items()):
            if ability.window == "ongoing":
                continue
            if loose or _can_trigger(ability.trigger, side, unit, attacker, units[attacker], targets):
                options.append((f"ability {name}", side, unit, ability))
    # What a Response does first (so a rare kind, a move or a reroll, is drawn as often as a
    # common one), then which card or ability of that kind.
    by_kind: dict[str, list] = {}
    for option in options:
        by_kind.setdefault(option[3].effects[0].kind if option[3].effects else "none", []).append(option)
    kinds = sorted(by_kind)
    count = _weighted(draw, bias, f"{knob}response count", [0, 1, 2, 3, 4])
    # A target beyond the weapon's range is met first by what extends it (``first_kind``).
    first = [first_kind] if first_kind in by_kind else []
    count = max(count, len(first))
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()
    for n in range(count):
        if not options:
            break
        kind = first[0] if n == 0 and first else _weighted(draw, bias, f"{knob}response kind", kinds)
        label, side, unit, ability = _weighted(draw, bias, f"{knob}response", by_kind[kind])
        if label + str(unit) in seen:
            continue
        seen.add(label + str(unit))
        entry: dict[str, Any] = (
            {"side": side, "tactics": ability.name}
            if unit is None
            else {"unit": unit, "ability": ability.name}
        )
        effects = {e.kind for e in ability.effects}
        if any(e.on == "one_target" for e in ability.effects):
            if not targets:
                continue
            entry["target"] = draw(st.sampled_from(targets))
        if "move" in effects:
            if not free:
                continue
            entry["to"] = list(draw(st.sampled_from(free)))
        if "attack" in effects and not any(e.weapon for e in ability.effects if e.kind == "attack"):
            entry["weapon"] = draw(st.sampled_from(sorted(catalogue.units[unit].weapons))) if unit else None
            if entry["weapon"] is None:
                continue
        chosen.append(entry)
    return chosen


FACES = {"any": (1, 10), "low": (1, 3), "high": (7, 10), "critical": (9, 10)}


def _dice(draw, bias: Bias, knob: str, sizes: dict[str, int]) -> dict[str, list[int]]:
    """A pool of faces per roll purpose; the attack roll's faces are often all low (every die
    misses, natural 1s) or all high (hits and critical hits), which uniform faces rarely are."""
    out = {}
    for purpose, n in sizes.items():
        low, high = FACES[_weighted(draw, bias, f"{knob}{purpose} dice", list(FACES))]
        out[purpose] = draw(st.lists(st.integers(low, high), min_size=n, max_size=n))
    return out


DICE = {"attack": 12, "additional": 4, "reroll": 4, "nested": 8}


# --- the attack ------------------------------------------------------------------------------------


@st.composite
def ga_attack_positions(draw, bias: Bias = Bias()) -> dict[str, Any]:
    from rulecheck_gundam_assemble.engine.area_effect import placements
    from rules.hexgrid import add, ring, to_offset

    drawn.clear()
    catalogue = ga_catalogue()
    cards = sorted(catalogue.units)
    area_kind = _weighted(draw, bias, "weapon", ["single", "area"])
    armed = [
        (c, w)
        for c in cards
        for w, weapon in sorted(catalogue.units[c].weapons.items())
        if (weapon.area is not None) == (area_kind == "area")
    ]
    attacker, weapon_name = _weighted(draw, bias, "attacker weapon", armed)
    weapon = catalogue.units[attacker].weapons[weapon_name]
    layout = Layout({attacker: (0, 0)})
    sides = {attacker: "A", f"_card:{attacker}": attacker}

    # The target: in the weapon's range (mostly), or on the placed area.
    area: list[tuple[int, int]] = []
    far = "in range"
    if weapon.area is not None:
        every = placements(weapon.area, (0, 0), orientation="rotate_or_mirror")
        legal = placements(weapon.area, (0, 0), orientation="rotate")
        pool = every if _weighted(draw, bias, "area placement", ["legal", "any"]) == "any" else legal
        area = sorted(draw(st.sampled_from(sorted(pool, key=lambda p: sorted(p.hexes)))).hexes)
        target_at = draw(st.sampled_from(area))
    else:
        reach = weapon.range
        far = _weighted(draw, bias, "target distance", ["in range", "beyond"])
        # Beyond: up to four hexes out, as far as a range bonus (Long Shot: +2) reaches, and
        # further, where counting it twice would.
        d = draw(st.integers(1, reach)) if far == "in range" else draw(st.integers(reach + 1, reach + 4))
        target_at = draw(st.sampled_from(ring((0, 0), d)))
    target = _weighted(draw, bias, "target", [c for c in cards if c != attacker])
    layout.at[target] = target_at
    sides.update({target: "B", f"_card:{target}": target})

    # Other units: on the area, next to the target or anywhere near.
    spots = [h for h in area if h != target_at] + [h for h in _near(target_at, 1) if h != (0, 0)]
    spots += [h for h in _near((0, 0), 3) if h not in spots and h != (0, 0)]
    for _ in range(_weighted(draw, bias, "other units", [0, 1, 2, 3])):
        left = [c for c in cards if c not in layout.at]
        card = draw(st.sampled_from(left))
        side = _weighted(draw, bias, "other side", ["B", "A"])
        where = draw(st.sampled_from(spots[: len(area) + 7]) | st.sampled_from(spots))
        if not layout.free(where):
            continue
        layout.at[card] = where
        sides.update({card: side, f"_card:{card}": card})
    # Garrisons and structures, on the area or along the line of the attack.
    line = _line((0, 0), target_at)
    for i in range(_weighted(draw, bias, "garrisons and structures", [0, 1, 2])):
        kind = _weighted(draw, bias, "fixture", ["garrison", "structure"])
        side = draw(st.sampled_from(["B", "A"]))
        open_area = [h for h in area if layout.free(h)]
        where = draw(st.sampled_from(open_area or line or [target_at]) | st.sampled_from(spots))
        name = (
            f"{'Enemy' if side == 'B' else 'Allied'} {'Garrison' if kind == 'garrison' else 'Base'} {i + 1}"
        )
        if kind == "garrison":
            if not layout.free(where):
                continue
            layout.at[name] = where
            sides[name] = side
        elif where not in layout.structures.values() and where != (0, 0):
            layout.structures[name] = where
            sides[name] = side

    # The second attack's units and hexes are known now: frame the map around everything.
    free = [h for h in _near(target_at, 3) if layout.free(h)]
    width, height, shift = _frame(draw, [*layout.at.values(), *layout.structures.values(), *area, *line])
    on_map = {
        h
        for h in free
        if 0 <= to_offset(add(h, shift))[0] < width and 0 <= to_offset(add(h, shift))[1] < height
    }
    free = [h for h in free if h in on_map]
    cells = [[0, False] for _ in range(width * height)]
    terrain_spots = [h for h in [*line, *area] if h not in (0, 0)] or [target_at]
    for _ in range(_weighted(draw, bias, "terrain", [0, 1, 2, 3])):
        h = add(
            draw(st.sampled_from(terrain_spots) | st.sampled_from(sorted(on_map) or terrain_spots)), shift
        )
        c, r = to_offset(h)
        if 0 <= c < width and 0 <= r < height:
            cells[r * width + c] = [draw(st.integers(0, 3)), draw(st.booleans())]

    pieces = []
    for name, h in layout.at.items():
        c, r = to_offset(add(h, shift))
        kind = "garrison" if name.startswith(("Enemy Garrison", "Allied Garrison")) else "unit"
        piece: dict[str, Any] = {"name": name, "side": sides[name], "kind": kind, "col": c, "row": r}
        if kind == "unit":
            piece.update(_unit_state(draw, bias, name, attacker, target))
        pieces.append(piece)
    for name, h in layout.structures.items():
        c, r = to_offset(add(h, shift))
        piece = {"name": name, "side": sides[name], "kind": "structure", "col": c, "row": r}
        stated = draw(st.none() | st.integers(0, 4))
        if stated is not None:
            piece["elevation"] = stated
        pieces.append(piece)
    units = {n: sides[n] for n in layout.at if not n.startswith(("Enemy Garrison", "Allied Garrison"))}
    position: dict[str, Any] = {"width": width, "height": height, "cells": cells, "pieces": pieces}

    def absolute(h):
        return list(add(h, shift))

    # The attack.
    attack: dict[str, Any] = {"attacker": attacker, "weapon": weapon_name}
    if weapon.area is not None:
        attack["area"] = [absolute(h) for h in area]
        aimed = [n for n in units if units[n] == "B" and layout.at[n] in area]
        if len(aimed) > 1 and _weighted(draw, bias, "critical choice", ["none", "chosen"]) == "chosen":
            attack["crit_target"] = draw(st.sampled_from(aimed))
        if len(aimed) > 1 and _weighted(draw, bias, "defeat order", ["none", "chosen"]) == "chosen":
            attack["defeat_order"] = draw(st.permutations(aimed))
    else:
        attack["target"] = target
        aimed = [target]
    extend = far == "beyond" and _weighted(draw, bias, "beyond with a range bonus", ["yes", "no"]) == "yes"
    attack["responses"] = [
        _absolute_to(r, shift)
        for r in draw(_responses(bias, "", units, attacker, aimed, free, "range" if extend else None))
    ]
    attack["dice"] = _dice(draw, bias, "", DICE)
    position["attack"] = attack

    # A second attack: after nothing (the same activation), the activation's end or the turn's.
    after = _weighted(draw, bias, "second attack", ["none", "nothing", "activation", "turn"])
    if after != "none":
        # What lasts, or not, from one attack to the next: a card used before the first attack.
        lasting = [n for n, a in sorted(catalogue.tactics.items()) if a.window == "before_attack"]
        card = _weighted(draw, bias, "carried over", ["a card", "nothing"])
        if card == "a card" and units[attacker] == "A":
            name = _weighted(draw, bias, "carried card", lasting)
            if not any(r.get("tactics") == name for r in attack["responses"]):
                attack["responses"].append({"side": "A", "tactics": name})
        same = _weighted(draw, bias, "second attacker", ["same", "other"]) == "same"
        second_attacker = attacker if same else draw(st.sampled_from(sorted(units)))
        # Its second attack: the attacker is the unit activating. Before another unit's attack
        # it mostly is too, so what the activation keeps (a Strength bonus used before an
        # earlier attack, strength_bonus_duration) meets an attack that must not use it.
        if same or _weighted(draw, bias, "first attacker activating", ["yes", "no"]) == "yes":
            next(p for p in pieces if p["name"] == attacker)["activating"] = True
        weapons = sorted(catalogue.units[second_attacker].weapons)
        second_weapon = draw(st.sampled_from(weapons))
        enemies = sorted(n for n in units if units[n] != units[second_attacker])
        second: dict[str, Any] = {"after": after, "attacker": second_attacker, "weapon": second_weapon}
        w2 = catalogue.units[second_attacker].weapons[second_weapon]
        if w2.area is not None:
            legal = placements(w2.area, layout.at[second_attacker], orientation="rotate")
            hitting = [p for p in legal if any(layout.at[e] in p.hexes for e in enemies)] or legal
            chosen = sorted(draw(st.sampled_from(sorted(hitting, key=lambda p: sorted(p.hexes)))).hexes)
            second["area"] = [absolute(h) for h in chosen]
            aimed2 = [e for e in enemies if layout.at[e] in chosen]
        elif enemies:
            second["target"] = draw(st.sampled_from(enemies))
            aimed2 = [second["target"]]
        else:
            second = {}
        if second:
            responses = draw(_responses(bias, "second ", units, second_attacker, aimed2, free))
            if responses:
                second["responses"] = [_absolute_to(r, shift) for r in responses]
            second["dice"] = _dice(draw, bias, "second ", DICE)
            position["second"] = second
    if not attack["responses"]:
        del attack["responses"]
    return position


def _absolute_to(response: dict[str, Any], shift: tuple[int, int]) -> dict[str, Any]:
    from rules.hexgrid import add

    if "to" in response:
        return {**response, "to": list(add(tuple(response["to"]), shift))}
    return response


def _unit_state(draw, bias: Bias, name: str, attacker: str, target: str) -> dict[str, Any]:
    """Hit points (often few, so defeats happen), Shields, statuses, Timeline, activation."""
    card = ga_catalogue().units[name]
    role = "attacker" if name == attacker else "target" if name == target else "other"
    state: dict[str, Any] = {}
    hp = _weighted(draw, bias, f"{role} hit points", ["full", "1", "2", "some lost"])
    lost = {"full": 0, "1": card.hp - 1, "2": max(0, card.hp - 2)}.get(hp)
    if lost is None:
        lost = draw(st.integers(0, card.hp - 1))
    if lost:
        state["hp"] = card.hp - lost
    shields = _weighted(draw, bias, f"{role} shields", ["as printed", "fewer", "more"])
    if shields == "fewer" and card.shields:
        state["shields"] = card.shields - draw(st.integers(1, card.shields))
    elif shields == "more":
        state["shields"] = card.shields + 1
    if _weighted(draw, bias, f"{role} deactivated shields", ["0", "1"]) == "1":
        state["deactivated_shields"] = 1
    status = _weighted(draw, bias, f"{role} status", ["none", "Disarm", "Fracture", "both"])
    if status != "none":
        state["status"] = list(STATUSES) if status == "both" else [status]
    timeline = draw(st.sampled_from([0, 0, 1, 3, 5]))
    if timeline:
        state["timeline"] = timeline
    if role == "attacker" and _weighted(draw, bias, "activating", ["no", "yes"]) == "yes":
        state["activating"] = True
    return state
