"""How a Gundam Assemble witness of ``rulecheck explore`` is written as Gherkin, with the phrases
of ``gundam_assemble_phrases`` (the same the step definitions read).

The board as a compact map with a pieces table (structures by ``at``, since a unit may stand on
one), unit states, Responses, dice, then the ruling.
"""

from __future__ import annotations

from typing import Any

from rulecheck.explore.gherkin_writer import SECOND, gherkin_table, q
from rulecheck.explore.search import Witness
from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases as P


def allowed_attacks(witness: Witness, answer: dict[str, Any]) -> list[str]:
    """The outcome keys (``attack``, ``second attack: attack``) of the allowed attacks whose other
    values the scenario asserts: it asserts that each of them is allowed, too."""
    out = []
    for prefix in ("", SECOND):
        if (answer.get("outcome") or {}).get(prefix + "attack") != "allowed":
            continue
        if any(
            attack_key(k) and k.startswith(SECOND) == bool(prefix) and k != prefix + "attack"
            for k in witness.changes
        ):
            out.append(prefix + "attack")
    return out


LETTERS = "MNOPQRSTUVWXYKLJHFEDCBAGZ"  # G and Z last: the corpus uses them for its usual two units


PREFERRED_MARKS = {"QZ-82 Sentinel": "G", "Cara's Strider": "Z"}


def board_marks(position: dict[str, Any]) -> dict[str, str]:
    """A letter per unit and Garrison: the corpus's G and Z for its two usual units, else the
    name's first letter, else the next free one."""
    figures = [p["name"] for p in position["pieces"] if p.get("kind", "unit") != "structure"]
    marks = {n: PREFERRED_MARKS[n] for n in figures if n in PREFERRED_MARKS}
    for name in figures:
        if name in marks:
            continue
        first = name[0].upper() if name[0].isalpha() else ""
        marks[name] = next(c for c in [first, *LETTERS] if c and c not in marks.values())
    return {n: marks[n] for n in figures}


def board_map(position: dict[str, Any], marks: dict[str, str]) -> list[str]:
    w, h = position["width"], position["height"]
    at = {(p["col"], p["row"]): marks[p["name"]] for p in position["pieces"] if p["name"] in marks}
    tokens = []
    for r in range(h):
        row = []
        for c in range(w):
            elevation, water = position["cells"][r * w + c]
            token = (str(elevation) if elevation else "") + ("~" if water else "") + at.get((c, r), "")
            row.append(token or ".")
        tokens.append(row)
    period = max(len(t) for row in tokens for t in row) + 2
    lines = []
    for r, row in enumerate(tokens):
        indent = " " * ((period + 1) // 2) if r % 2 else ""
        lines.append((indent + "".join(t.ljust(period) for t in row)).rstrip())
    return lines


def _hex_text(position: dict[str, Any], p: dict[str, Any]) -> str:
    from rules.hexgrid import from_offset

    q, r = from_offset(p["col"], p["row"])
    return f"[{q}, {r}]"


def position_steps(position: dict[str, Any]) -> list[str]:
    marks = board_marks(position)
    board = [f"  {line}" for line in board_map(position, marks)]
    steps = [f"Given {P.board_map.write()}", '  """', *board, '  """']
    structures = any(p.get("kind", "unit") == "structure" for p in position["pieces"])
    kinds = any(p.get("kind", "unit") != "unit" for p in position["pieces"])
    stated = any("elevation" in p for p in position["pieces"])
    header = ["mark", "name", "side"] + (["kind"] if kinds else []) + (["at"] if structures else [])
    header += ["elevation"] if stated else []
    rows = []
    for p in position["pieces"]:
        row = [marks.get(p["name"], ""), p["name"], p["side"]]
        if kinds:
            row.append(p.get("kind", "unit"))
        if structures:
            row.append(_hex_text(position, p) if p["name"] not in marks else "")
        if stated:
            row.append(str(p.get("elevation", "")))
        rows.append(row)
    steps.append(f"And {P.pieces_table.write()}")
    steps += [f"  {line}" for line in gherkin_table(header, rows)]
    columns = [
        c
        for c in ("hp", "shields", "deactivated_shields", "status", "timeline", "activating")
        if any(c in p for p in position["pieces"])
    ]
    states = [p for p in position["pieces"] if any(c in p for c in columns)]
    if states:
        rows = [[p["name"], *(_state_cell(p, c) for c in columns)] for p in states]
        steps.append(f"And {P.unit_states.write()}")
        steps += [f"  {line}" for line in gherkin_table(["name", *columns], rows)]
    return steps


def _state_cell(piece: dict[str, Any], column: str) -> str:
    if column not in piece:
        return ""
    if column == "status":
        return ", ".join(piece[column])
    if column == "activating":
        return "yes" if piece[column] else "no"
    return str(piece[column])


def _faces(faces: list[int]) -> str:
    return ", ".join(map(str, faces))


# Scripted dice other than the attack roll, as the corpus's step names them.
LATER_DICE = (("additional", "additional"), ("reroll", "rerolled"), ("nested", "nested attack"))


def attack_steps(
    position: dict[str, Any], answer: dict[str, Any], which: str = "attack"
) -> tuple[list[str], str]:
    """The steps that set up one attack of the position (``attack`` or its ``second``) and the
    When step that makes it."""
    attack = position[which]
    used = answer.get("dice_used" if which == "attack" else "dice_used_second", {})
    given = []
    for r in attack.get("responses", []):
        who = f"player {r['side']}" if "tactics" in r else r["unit"]
        name = r.get("tactics") or r["ability"]
        who = who if "tactics" in r else q(who)
        target = q(r["target"]) if r.get("target") else None
        to = f"[{r['to'][0]}, {r['to'][1]}]" if r.get("to") is not None else None
        given.append(P.will_respond.write(who=who, name=name, target=target, to=to))
        if r.get("weapon"):
            given.append(P.response_choice.write(name=name, key="weapon", value=r["weapon"]))
    if attack.get("crit_target"):
        given.append(P.crit_choice.write(name=q(attack["crit_target"])))
    if attack.get("defeat_order"):
        given.append(P.defeat_order.write(names="; ".join(map(q, attack["defeat_order"]))))
    for name, ability in (attack.get("defeat_prevented_by") or {}).items():
        given.append(P.defeat_prevented_by.write(name=q(name), ability=ability))
    for purpose, words in LATER_DICE:
        faces = attack["dice"].get(purpose, [])[: used.get(purpose, 0)]
        if faces:
            given.append(P.later_dice.write(purpose=words, faces=_faces(faces)))
    faces = attack["dice"]["attack"][: used.get("attack", 0)]
    if "area" in attack:
        area = ", ".join(f"[{col}, {row}]" for col, row in attack["area"])
        when = P.attack_area.write(
            attacker=q(attack["attacker"]), weapon=q(attack["weapon"]), area=area, faces=_faces(faces) or None
        )
    else:
        who = {
            "attacker": q(attack["attacker"]),
            "target": q(attack["target"]),
            "weapon": q(attack["weapon"]),
        }
        when = (
            P.attack_target.write(**who, faces=_faces(faces))
            if faces
            else P.attack_target_no_dice.write(**who)
        )
    return given, when


def _refuses(e: dict[str, Any]) -> bool:
    """A check that refused the attack (what the step "the attack is not allowed under" reads)."""
    if e["step"] == "check.reach.range":
        return e["data"]["distance"] > e["data"]["reach"]
    if e["step"] == "check.engagement":
        return bool(e["data"].get("engaged_with")) and not e["data"].get("included")
    return e["step"] in (
        "check.illegal",
        "check.reach.ineligible",
        "check.los.blocked",
        "check.los.blocked_by",
    )


STATUS_NAMES = ("Disarm", "Fracture")  # the chapter's status effects
ATTACK_KEYS = ("attack", "ended early", "dice rolled", "critical triggers", "targets", "defeat order")
ATTACK_PREFIXES = ("attacks back", "accuracy ", "hits ", "damage ")


def attack_key(key: str) -> bool:
    """Is ``key`` about one attack (asserted right after it) rather than the table after all?"""
    key = key.removeprefix(SECOND)
    return key in ATTACK_KEYS or key.startswith(ATTACK_PREFIXES)


def then_steps(key: str, value: Any, other: Any, answer: dict[str, Any]) -> list[str]:
    if value is None:  # not ruled on under this version (the attack was refused): nothing to assert
        return []
    if key == "line of sight":
        return [{"clear": P.los_clear, "blocked": P.los_blocked}[value].write()]
    events = answer.get("events", [])
    first = answer.get("first_events", len(events))
    if key.startswith(SECOND):
        key, events = key.removeprefix(SECOND), events[first:]
    elif attack_key(key):
        events = events[:first]
    if key == "attack":
        if value == "allowed":
            return [P.attack_allowed.write()]
        if value.startswith("not allowed under "):  # evaluate names the refusing check's clause
            return [P.attack_refused.write(clause=value.removeprefix("not allowed under "))]
        refusal = [e for e in events if _refuses(e)]
        clause = refusal[-1]["clauses"][0] if refusal else None
        return [P.attack_refused.write(clause=clause) if clause else P.attack_not_allowed.write()]
    if key == "ended early":
        return [(P.ends_early if value else P.runs_to_end).write()]
    if key == "dice rolled":
        return [P.dice_rolled.write(count=value)]
    if key == "critical triggers":
        if not value:
            return [P.crit_never.write()]
        return [P.crit_once.write() if value == 1 else P.crit_times.write(times=value)]
    if key == "targets":
        if value:
            return [P.targets_are.write(names="; ".join(map(q, value)))]
        return [P.not_a_target.write(name=q(n)) for n in other or []]
    if key == "defeat order":
        return [P.penalty_order.write(names="; ".join(map(q, value)))] if value else []
    if key == "attacks back":
        if not value:
            return [P.no_nested.write()]
        out = []
        for entry in value:
            who, _, rest = entry.partition(" > ")
            target, _, weapon = rest.partition(" with ")
            out.append(P.attacks_back.write(attacker=q(who), target=q(target), weapon=q(weapon)))
        return out
    if key == "activation ended":
        return [(P.activation_ends if value else P.activation_goes_on).write()]
    if key.startswith("garrison damage "):
        return [P.garrison_damage.write(name=q(key.removeprefix("garrison damage ")), count=value)]
    if key.startswith("deactivated shields "):
        return [P.deactivated_are.write(name=q(key.removeprefix("deactivated shields ")), count=value)]
    name = q(key.split(" ", 1)[1]) if " " in key else ""
    if key.startswith("accuracy "):
        return [P.accuracy_is.write(name=name, value=value)]
    if key.startswith("shields "):
        return [P.shields_are.write(name=name, count=value)]
    if key.startswith("upgrades "):
        kinds = sorted({*value, *(other or [])})
        return [P.upgrade_count.write(name=name, count=value.count(k), kind=k) for k in kinds]
    if key.startswith("hits "):
        return [(P.hit_is if value == 1 else P.hits_are).write(name=name, count=value)]
    if key.startswith("damage "):
        return [P.damage_is.write(name=name, count=value)]
    if key.startswith("defeated "):
        return [(P.is_defeated if value else P.not_defeated).write(name=name)]
    if key.startswith("hp "):
        return [P.hp_is.write(name=name, count=value)]
    if key.startswith("statuses "):
        # The whole set, as the outcome compares it: each status the unit has, and not the others.
        gone = [s for s in sorted({*(other or []), *STATUS_NAMES}) if s not in value]
        return [P.has_status.write(name=name, status=s) for s in value] + [
            P.lacks_status.write(name=name, status=s) for s in gone
        ]
    if key.startswith("timeline "):
        return [P.timeline_is.write(name=name, space=value)]
    if key.startswith("victory points."):
        return [P.vp_are.write(side=key.split(".", 1)[1], count=value)]
    return []
