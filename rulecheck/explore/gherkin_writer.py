"""Witnesses as Gherkin scenarios in the corpus's own style, plus their SVG diagrams.

Gundam Assemble: the board as a compact map with a pieces table (structures by ``at``, since a
unit may stand on one), unit states, Responses, dice, then the ruling. multibase: the units and
bases tables, terrain, cover, dice and removals, then the attack. Each scenario is tagged with
the clauses of the first diverging event and with the interpretation or overlay it rests on,
applies the asserted version's rule change with the corpus's own steps, asserts that version's
outcome on every value the two versions disagree on, and says in its description what the other
version rules instead.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rulecheck.explore.search import Exploration, Witness
from rulecheck.ruleset_api import ruleset as ruleset_named

INDENT = "    "


def q(name: str) -> str:
    """A piece, unit or weapon name as the step dialect writes it: in double quotes."""
    return f'"{name}"'


def _values(value: Any) -> str:
    """A ruling's value in players' words: yes/no, none, plain numbers, nested values spelt out
    (never a Python literal)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "; ".join("+".join(map(_values, v)) for v in value)
    if isinstance(value, list):
        return ", ".join(map(_values, value)) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key_words(str(k))}: {_values(v)}" for k, v in value.items()) or "none"
    return str(value)


ENGINE_ERROR_KEY = "engine error"  # the outcome of a side whose engine raised (search.as_ruling)
REFUSAL_KEY = "engine refuses"  # the outcome of a side whose engine refused the position


def key_words(key: str) -> str:
    """An outcome key in players' words: ``units.Bravo.removal_options`` -> ``Bravo removal
    options``, ``target_valid`` -> ``target valid``."""
    parts = key.split(".")
    if len(parts) > 1 and parts[0] == "units":
        parts = parts[1:]
    return " ".join(parts).replace("_", " ")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    return [
        "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in [header, *rows]
    ]


def _rule_steps(side: dict[str, Any], ruleset: str) -> list[str]:
    """The corpus's steps that put a scenario under this version's rule changes."""
    if side.get("overlay"):
        return [f'the house rule "{side["overlay"]}"']
    steps = [f"the interpretation {k} is {v}" for k, v in side.get("interpretations", {}).items()]
    steps += [f"the parameter {k} is {json.dumps(v)}" for k, v in side.get("parameters", {}).items()]
    return steps


def dependencies(exploration: Exploration, witness: Witness, assert_side: str = "new") -> list[str]:
    """The other interpretations the asserted ruling rests on: those with an option under which
    some asserted value changes (what `check` computes for every scenario)."""
    return _rests_on(exploration, witness, assert_side)[0]


def assumed_numbers(exploration: Exploration, witness: Witness, assert_side: str = "new") -> list[str]:
    """The assumed numbers (rulebook parameters with basis ``assumed``) the asserted ruling rests
    on: those the run read and one step up or down of which changes an asserted value, as
    `check` moves them (its ``@assumed:NAME`` tags)."""
    return _rests_on(exploration, witness, assert_side)[1]


def _rests_on(exploration: Exploration, witness: Witness, assert_side: str) -> tuple[list[str], list[str]]:
    """(interpretations, assumed numbers) whose change makes the written scenario fail: each
    other option of an interpretation, each assumed number moved one step up and down, the
    position re-ruled as the scenario states it."""
    from rulecheck.explore.evaluate import evaluate
    from rulecheck.explore.search import differences
    from rulecheck.mutation import _number_mutations, _settable
    from rulecheck.ruleset_api import ruleset

    explorer = ruleset(exploration.ruleset).explore
    evaluator = explorer.evaluator(exploration.kind)
    side = exploration.new if assert_side == "new" else exploration.old
    chosen = dict(side.get("interpretations") or {})
    numbers = dict(side.get("parameters") or {})
    answer = witness.new if assert_side == "new" else witness.old
    book = ruleset(exploration.ruleset).rulebook()
    catalogue = explorer.catalogue()
    position = witness.position

    def rule(parameters: dict, interpretations: dict) -> dict[str, Any]:
        request = {
            "ruleset": exploration.ruleset,
            "kind": exploration.kind,
            "evaluator": evaluator,
            "position": position,
            "parameters": parameters,
            "interpretations": interpretations,
        }
        return evaluate(request, catalogue, book)

    stated = explorer.stated_position(position, answer)
    if stated is not None or "reads" not in answer:  # as the scenario states it, ruled on as it asserts
        position = stated if stated is not None else position
        answer = rule(numbers, chosen)

    which = 1 if assert_side == "new" else 0

    def said(got: dict[str, Any]) -> tuple[list[str], list[str]]:
        """The Then steps the scenario would hold for this ruling: its asserted values read
        from ``got`` and phrased as the scenario phrases them."""
        changes = {}
        for key, pair in witness.changes.items():
            values = list(pair)
            values[which] = _at(got["outcome"], key)
            changes[key] = tuple(values)
        return explorer.witness_thens(_Asserting(position, changes), got, which)

    expected = said(answer)

    def fails(got: dict[str, Any]) -> bool:
        if "outcome" not in got or _other_faces(answer, got):
            return True
        extra = set(explorer.asserted_extra(witness, answer))
        if extra & set(differences(answer["outcome"], got["outcome"])):
            return True
        return said(got) != expected

    interpretations = []
    for name, interp in book.interpretations.items():
        if name in chosen:
            continue
        if any(
            option != interp.default and fails(rule(numbers, {**chosen, name: option}))
            for option in interp.options
        ):
            interpretations.append(name)
    in_force = book.with_changes(numbers, chosen, "explore") if numbers or chosen else book
    assumed = []
    for entry in answer.get("reads") or ():
        kind, _, name = entry.partition(".")
        param = book.parameters.get(name) if kind == "parameters" else None
        if param is None or not param.assumed:
            continue
        moved = [v for v in _number_mutations(in_force.param(name)) if _settable(in_force, name, v)]
        if any(fails(rule({**numbers, name: value}, chosen)) for value in moved):
            assumed.append(name)
    return interpretations, assumed


class _Asserting:
    """A witness as ``Explorer.witness_thens`` reads it, with the asserted side's values swapped
    for another ruling's (what the written scenario would then hold)."""

    def __init__(self, position: dict[str, Any], changes: dict[str, tuple[Any, Any]]):
        self.position, self.changes = position, changes


def _at(node: Any, key: str) -> Any:
    """The value at a flattened outcome key (``search.differences`` joins nested keys with
    dots; a unit's name may hold a dot too)."""
    if isinstance(node, dict):
        if key in node:
            return node[key]
        for k in node:
            if key.startswith(f"{k}."):
                return _at(node[k], key[len(k) + 1 :])
    return None


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


def _used(dice_used: dict[str, int] | None) -> dict[str, int]:
    """Faces used per roll, leaving out rolls of no dice (a scenario scripts nothing for them)."""
    return {k: n for k, n in (dice_used or {}).items() if n}


def _other_faces(answer: dict[str, Any], got: dict[str, Any]) -> bool:
    """Does an attack that runs under the other reading roll other dice than the scenario
    scripts (exactly the faces used)? Then the scenario fails there as surely as on a changed
    value. A refused attack rolls nothing and leaves scripted faces unread without failing."""
    for used, key in (("dice_used", "attack"), ("dice_used_second", SECOND + "attack")):
        if used not in answer and used not in got:
            continue
        # An outcome without an "attack" verdict (multibase) scripts its dice exactly whatever
        # the ruling: any other count of faces fails there.
        status = got.get("outcome", {}).get(key)
        runs = status == "allowed" if status is not None else True
        if runs and _used(got.get(used)) != _used(answer.get(used)):
            return True
    return False


def changed_clauses(exploration: Exploration) -> tuple[str, ...]:
    """The clauses of the rulebook entries the two sides change: a witness's tags when its two
    traces never part (only an outcome the trace does not spell out differs)."""
    book = ruleset_named(exploration.ruleset).rulebook()
    out: dict[str, None] = {}
    for side in (exploration.old, exploration.new):
        for name in side.get("interpretations") or {}:
            out.update(dict.fromkeys(book.interpretations[name].clauses))
        for name in side.get("parameters") or {}:
            out[book.parameters[name].clause] = None
    return tuple(out)


def rule_tags(
    old: dict[str, Any],
    new: dict[str, Any],
    clauses: tuple[str, ...],
    also: list[str] = (),
    assumed: list[str] = (),
) -> list[str]:
    names = sorted({*old.get("interpretations", {}), *new.get("interpretations", {}), *also})
    tags = [f"@clause:{c}" for c in clauses] + [f"@assumed:{n}" for n in sorted(assumed)]
    if names:
        tags.append("@ruling:interpretation")
        tags += [f"@interpretation:{n}" for n in names]
    else:
        tags.append("@ruling:derived")
    return tags


# --- Gundam Assemble ---------------------------------------------------------------------------

LETTERS = "MNOPQRSTUVWXYKLJHFEDCBAGZ"  # G and Z last: the corpus uses them for its usual two units


PREFERRED_MARKS = {"QZ-82 Sentinel": "G", "Cara's Strider": "Z"}


def ga_marks(position: dict[str, Any]) -> dict[str, str]:
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


def ga_map(position: dict[str, Any], marks: dict[str, str]) -> list[str]:
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


def ga_position_steps(position: dict[str, Any]) -> list[str]:
    marks = ga_marks(position)
    steps = ["Given the board:", '  """', *(f"  {line}" for line in ga_map(position, marks)), '  """']
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
    steps.append("And the pieces:")
    steps += [f"  {line}" for line in _table(header, rows)]
    columns = [
        c
        for c in ("hp", "shields", "deactivated_shields", "status", "timeline", "activating")
        if any(c in p for p in position["pieces"])
    ]
    states = [p for p in position["pieces"] if any(c in p for c in columns)]
    if states:
        rows = [[p["name"], *(_state_cell(p, c) for c in columns)] for p in states]
        steps.append("And the unit states:")
        steps += [f"  {line}" for line in _table(["name", *columns], rows)]
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


def ga_attack_steps(
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
        step = f'{who} will use "{name}"' + (f" on {q(r['target'])}" if r.get("target") else "")
        if r.get("to") is not None:
            step += f" moving it to [{r['to'][0]}, {r['to'][1]}]"
        given.append(step)
        if r.get("weapon"):
            given.append(f"{q(name)} chooses weapon {q(r['weapon'])}")
    if attack.get("crit_target"):
        given.append(f"the attacking player chooses {q(attack['crit_target'])} for the critical hit effect")
    if attack.get("defeat_order"):
        given.append(
            f"the defending player orders the defeated units {'; '.join(map(q, attack['defeat_order']))}"
        )
    for purpose, words in LATER_DICE:
        faces = attack["dice"].get(purpose, [])[: used.get(purpose, 0)]
        if faces:
            given.append(f"the {words} dice will show {_faces(faces)}")
    faces = attack["dice"]["attack"][: used.get("attack", 0)]
    if "area" in attack:
        area = ", ".join(f"[{q}, {r}]" for q, r in attack["area"])
        when = f"{q(attack['attacker'])} fires {q(attack['weapon'])} at the area {area}"
        when += f" and rolls {_faces(faces)}" if faces else ""
    else:
        when = f"{q(attack['attacker'])} attacks {q(attack['target'])} with {q(attack['weapon'])}"
        when += f" and rolls {_faces(faces)}" if faces else ""
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


SECOND = "second attack: "  # evaluate.SECOND: the keys of a position's second attack
STATUS_NAMES = ("Disarm", "Fracture")  # the chapter's status effects
ATTACK_KEYS = ("attack", "ended early", "dice rolled", "critical triggers", "targets", "defeat order")
ATTACK_PREFIXES = ("attacks back", "accuracy ", "hits ", "damage ")


def attack_key(key: str) -> bool:
    """Is ``key`` about one attack (asserted right after it) rather than the table after all?"""
    key = key.removeprefix(SECOND)
    return key in ATTACK_KEYS or key.startswith(ATTACK_PREFIXES)


def ga_then(key: str, value: Any, other: Any, answer: dict[str, Any]) -> list[str]:
    if value is None:  # not ruled on under this version (the attack was refused): nothing to assert
        return []
    if key == "line of sight":
        return [f"Line of Sight is {value}"]
    events = answer.get("events", [])
    first = answer.get("first_events", len(events))
    if key.startswith(SECOND):
        key, events = key.removeprefix(SECOND), events[first:]
    elif attack_key(key):
        events = events[:first]
    if key == "attack":
        if value == "allowed":
            return ["the attack is allowed"]
        if value.startswith("not allowed under "):  # evaluate names the refusing check's clause
            return [f"the attack is {value}"]
        refusal = [e for e in events if _refuses(e)]
        clause = refusal[-1]["clauses"][0] if refusal else None
        return [f"the attack is not allowed under {clause}"] if clause else ["the attack is not allowed"]
    if key == "ended early":
        return ["the attack ends early" if value else "the attack runs to its end"]
    if key == "dice rolled":
        return [f"the attack rolls {value} dice"]
    if key == "critical triggers":
        if not value:
            return ["the critical hit effect does not trigger"]
        return [
            "the critical hit effect triggers once"
            if value == 1
            else f"the critical hit effect triggers {value} times"
        ]
    if key == "targets":
        if value:
            return [f"the targets are {'; '.join(map(q, value))}"]
        return [f"{q(n)} is not a target" for n in other or []]
    if key == "defeat order":
        return [f"the penalties apply in the order {'; '.join(map(q, value))}"] if value else []
    if key == "attacks back":
        if not value:
            return ["no attack is made back"]
        out = []
        for entry in value:
            who, _, rest = entry.partition(" > ")
            target, _, weapon = rest.partition(" with ")
            out.append(f"{q(who)} attacks {q(target)} back with {q(weapon)}")
        return out
    if key == "activation ended":
        return ["the activation ends" if value else "the activation does not end"]
    if key.startswith("garrison damage "):
        return [f"the Garrison {q(key.removeprefix('garrison damage '))} has taken {value} damage"]
    if key.startswith("deactivated shields "):
        return [f"{q(key.removeprefix('deactivated shields '))} has {value} deactivated Shields"]
    name = q(key.split(" ", 1)[1]) if " " in key else ""
    if key.startswith("accuracy "):
        return [f"the Accuracy against {name} is {value}"]
    if key.startswith("shields "):
        return [f"{name} has {value} active Shields"]
    if key.startswith("upgrades "):
        kinds = sorted({*value, *(other or [])})
        return [f"{name} has {value.count(k)} {k} Upgrades" for k in kinds]
    if key.startswith("hits "):
        return [f"{name} takes {value} {'hit' if value == 1 else 'hits'}"]
    if key.startswith("damage "):
        return [f"{name} takes {value} damage"]
    if key.startswith("defeated "):
        return [f"{name} is defeated" if value else f"{name} is not defeated"]
    if key.startswith("hp "):
        return [f"{name} has {value} hit points"]
    if key.startswith("statuses "):
        # The whole set, as the outcome compares it: each status the unit has, and not the others.
        gone = [s for s in sorted({*(other or []), *STATUS_NAMES}) if s not in value]
        return [f"{name} has the status {s}" for s in value] + [
            f"{name} does not have the status {s}" for s in gone
        ]
    if key.startswith("timeline "):
        return [f"{name}'s Timeline token is on space {value}"]
    if key.startswith("victory points."):
        return [f"player {key.split('.', 1)[1]} has {value} victory points"]
    return []


# --- multibase ------------------------------------------------------------------------------------


def _num(x: float) -> str:
    return f"{x:g}"


def mb_position_steps(position: dict[str, Any], answer: dict[str, Any]) -> tuple[list[str], str]:
    header = [
        "unit",
        "faction",
        "ranged",
        "melee",
        "range",
        "courage",
        "save",
        "wounds",
        "shaken",
        "wounds taken",
    ]
    markers = [m for m in ("activated", "dash") if any(u.get(m) for u in position["units"])]
    header += markers
    rows = []
    for u in position["units"]:
        s = u["stats"]
        rows.append(
            [
                u["name"],
                u["faction"],
                str(s["ranged_attack"]),
                str(s["melee_attack"]),
                _num(s["range"]),
                str(s["courage"]),
                str(s["save"]),
                str(s["wounds"]),
                "yes" if u.get("shaken") else "no",
                str(u.get("wounds_taken", 0)),
                *("yes" if u.get(m) else "no" for m in markers),
            ]
        )
    steps = ["Given the multibase units:", *(f"  {line}" for line in _table(header, rows))]
    rows = []
    for u in position["units"]:
        for b in u["bases"]:
            shape = (
                f"round {_num(b['radius'])}"
                if b["shape"] == "round"
                else f"rect {_num(b['width'])}x{_num(b['depth'])}"
            )
            rows.append([u["name"], b["name"], shape, _num(b["x"]), _num(b["y"]), _num(b["facing"])])
    steps.append("And the multibase bases:")
    steps += [f"  {line}" for line in _table(["unit", "base", "shape", "x", "y", "facing"], rows)]
    for t in position.get("terrain", []):
        corners = " ".join(f"({_num(x)}, {_num(y)})" for x, y in t["polygon"])
        steps.append(f'And blocking terrain "{t["name"]}" with corners {corners}')
    attack = position["attack"]
    for unit in attack.get("in_cover", []):
        steps.append(f'And "{unit}" is in cover')
    for unit, sources in attack.get("bonus_dice", {}).items():
        steps += [f'And "{unit}" gets {n} bonus dice from {source}' for source, n in sources.items()]
    for unit, sources in attack.get("threshold_modifiers", {}).items():
        steps += [
            f'And "{unit}" has a threshold modifier of {n} from {source}' for source, n in sources.items()
        ]
    used = answer.get("dice_used", {})
    for unit, rolls in position["dice"].items():
        for roll, words in (("to_hit", "to hit"), ("save", "to save")):
            faces = rolls[roll][: used.get(f"{roll}:{unit}", 0)]
            if faces:
                steps.append(f'And "{unit}" rolls {", ".join(map(str, faces))} {words}')
    for unit, bases in attack.get("removals", {}).items():
        steps.append(f'And the defending player removes {", ".join(bases)} from "{unit}"')
    for unit, bases in attack.get("pushes", {}).items():
        steps.append(f'And the owning player pushes {", ".join(bases)} of "{unit}"')
    if attack.get("strict") is False:
        steps.append("And the owning player's push is left open")
    verb = "fights" if attack.get("close_combat") else "shoots"
    when = f'"{attack["attacker"]}" {verb} "{attack["target"]}"' + (
        " in close combat" if attack.get("close_combat") else ""
    )
    return steps, when


REFUSALS = {
    "target.no_trace": "no trace",
    "target.out_of_range": "out of range",
    "target.not_enemy": "not an enemy",
}


def mb_then(key: str, value: Any, answer: dict[str, Any]) -> list[str]:
    outcome = answer["outcome"]
    parts = key.split(".")
    if key == "target_valid":
        if value:
            return ["the attack may proceed"]
        why = REFUSALS.get(answer["events"][-1]["step"]) if answer["events"] else None
        return [f"the attack is refused: {why}"] if why else []
    if parts[0] == "attacks" and len(parts) >= 2:
        unit = parts[1]
        strike = outcome["attacks"].get(unit)
        if strike is None:
            return []
        fields = [parts[2]] if len(parts) == 3 else ["pool", "threshold", "hits", "wounds"]
        out = []
        for f in fields:
            if f == "pool":
                out.append(f'"{unit}" rolls {strike["pool"]} dice')
            elif f == "threshold":
                out.append(f'"{unit}" needs {strike["threshold"]}+ to hit')
            elif f == "hits":
                out.append(f'"{unit}" scores {strike["hits"]} hits')
            elif f == "wounds":
                out.append(f'"{strike["target"]}" suffers {strike["wounds"]} wounds')
            elif f == "saves":
                out.append(f'"{strike["target"]}" makes {strike["saves"]} saves')
        return out
    if parts[0] == "units" and len(parts) >= 2:
        unit = parts[1]
        status = outcome["units"].get(unit)
        if status is None:
            return []
        fields = (
            [parts[2]] if len(parts) >= 3 else ["shaken", "bases_removed", "residual_wounds", "destroyed"]
        )
        out = []
        for f in fields:
            v = status.get(f)
            if f == "shaken":
                out.append(f'"{unit}" has a Shaken token' if v else f'"{unit}" has no Shaken token')
            elif f == "bases_removed":
                out.append(f'"{unit}" lost {", ".join(v) or "no bases"}')
            elif f == "bases_left":
                out.append(f'"{unit}" has {v} bases left')
            elif f == "residual_wounds":
                out.append(f'"{unit}" carries {v} residual wounds')
            elif f == "destroyed":
                out.append(f'"{unit}" is destroyed' if v else f'"{unit}" is not destroyed')
            elif f == "awaiting_choice" and v:
                out.append(f'the defending player still has to choose for "{unit}"')
            elif f == "removal_options" and v:
                out.append(f'the legal removals for "{unit}" are {"; ".join("+".join(o) for o in v)}')
            elif f == "coherency_possible" and not v:
                out.append(f'no removal keeps "{unit}" in coherency')
            elif f == "pushed":
                # A distance two bases share would still hold with their names swapped: say it
                # only of a base that alone moved that far (the legal pushes say the rest).
                distances = list(v.values())
                out += [
                    f'base {b} of "{unit}" was pushed {d:.12g} inches'
                    for b, d in v.items()
                    if distances.count(d) == 1
                ]
                if not v:
                    out.append(f'no base of "{unit}" was pushed')
            elif f == "push_options":
                if v:
                    out.append(f'the legal pushes for "{unit}" are {"; ".join("+".join(o) for o in v)}')
                elif not status.get("pushed"):
                    # Where the other side leaves an open push unmade, "none pushed" holds there
                    # too: the empty list of legal pushes is what tells the two apart.
                    out.append(f'no base of "{unit}" was pushed')
                    out.append(f'the legal pushes for "{unit}" are none')
        return out
    if key == "initiative.pool":
        return [f"the initiative pool now holds {', '.join(value) or 'nothing'}"]
    if key == "initiative.discarded":
        return [f"the discarded initiative tokens are {', '.join(value) or 'none'}"]
    return []


# --- scenarios -----------------------------------------------------------------------------------


def _summary(changes: dict[str, tuple[Any, Any]], which: int) -> str:
    raised = changes.get(ENGINE_ERROR_KEY, (None, None))[which]
    if raised is not None:
        return f"the engine raises {raised}"
    refused = changes.get(REFUSAL_KEY, (None, None))[which]
    if refused is not None:
        return f"the engine refuses {refused}"
    return "; ".join(f"{key_words(k)}: {_values(v[which])}" for k, v in changes.items())


def trace_clauses(answer: dict[str, Any], start: int) -> tuple[str, ...]:
    """Clauses for a witness whose parting event cites none: those of the first event from
    ``start`` on that cites some, else of the last one before it."""
    events = answer.get("events") or []
    for e in [*events[start:], *reversed(events[:start])]:
        if e.get("clauses"):
            return tuple(e["clauses"])
    return ()


def title_for(exploration: Exploration, witness: Witness, index: int, assert_side: str) -> str:
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    changes = witness.changes
    which = 1 if assert_side == "new" else 0
    # the first value the asserted version has (a value only the other has reads "None")
    first = next((k for k, v in changes.items() if v[which] is not None), next(iter(changes)))
    raised = changes.get(ENGINE_ERROR_KEY, (None, None))[1 - which]
    refused = changes.get(REFUSAL_KEY, (None, None))[1 - which]
    if raised is not None or refused is not None:
        instead = f"raises {raised}" if raised is not None else f"refuses {refused}"
        text = f"{_values(changes[first][which])} ({key_words(first)}) under {side['label']}, where {other['label']} {instead}"
        return "Explored " + f"{index}: " + re.sub(r"\s+", " ", text)
    text = f"{_values(changes[first][which])} ({key_words(first)}) under {side['label']}, not {_values(changes[first][1 - which])} under {other['label']}"
    text = re.sub(r"\s+", " ", text)
    return f"Explored {index}: {text}"


def ruling_side(witness: Witness, assert_side: str) -> str:
    """The side a witness's scenario asserts: the one asked for, unless its engine raised or
    refused the position there (a scenario cannot assert either; asserting the other side's
    ruling fails on it)."""
    answer = witness.new if assert_side == "new" else witness.old
    if "crash" in answer or "refused" in answer:
        return "old" if assert_side == "new" else "new"
    return assert_side


def scenario_text(
    exploration: Exploration, witness: Witness, index: int, assert_side: str = "new"
) -> str | None:
    """The scenario, or None when no corpus step can assert any of the values that differ."""
    assert_side = ruling_side(witness, assert_side)
    ruleset, kind = exploration.ruleset, exploration.kind
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    answer = witness.new if assert_side == "new" else witness.old
    which = 1 if assert_side == "new" else 0
    explorer = ruleset_named(ruleset).explore
    thens, first_thens = explorer.witness_thens(witness, answer, which)
    thens, first_thens = list(dict.fromkeys(thens)), list(dict.fromkeys(first_thens))
    if not thens and not first_thens:
        return None
    steps, given, when, later = explorer.witness_steps(kind, witness, answer)
    steps += [f"And {s}" for s in _rule_steps(side, ruleset)]
    steps += [f"And {g}" for g in given]
    steps.append(f"When {when}")
    if first_thens:
        steps.append(f"Then {first_thens[0]}")
        steps += [f"And {t}" for t in first_thens[1:]]
    if later:
        steps.append(f"{'When' if first_thens else 'And'} {later[0]}")
        steps += [f"And {t}" for t in later[1:]]
    if thens:
        steps.append(f"Then {thens[0]}")
        steps += [f"And {t}" for t in thens[1:]]

    d = witness.divergence
    other_event = (d.old if assert_side == "new" else d.new) or {"text": "(its trace ends here)"}
    this_event = (d.new if assert_side == "new" else d.old) or {"text": "(its trace ends here)"}
    description = [
        f"Found by rulecheck explore (seed {exploration.seed}); the traces part at event {d.index + 1}.",
        f"Here: {this_event['text']}.",
        f"Under {other['label']} instead: {other_event['text']}; so {_summary(witness.changes, 1 - which)}.",
    ]
    interpretations, assumed = _rests_on(exploration, witness, assert_side)
    tags = rule_tags(
        exploration.old,
        exploration.new,
        d.clauses or changed_clauses(exploration) or trace_clauses(answer, d.index),
        interpretations,
        assumed,
    )
    lines = [f"  {' '.join(tags)}", f"  Scenario: {title_for(exploration, witness, index, assert_side)}"]
    lines += [f"{INDENT}{line}" for line in description]
    lines.append("")
    lines += [f"{INDENT}{s}" for s in steps]
    return "\n".join(lines)


def feature_text(exploration: Exploration, assert_side: str = "new") -> tuple[str, list[int]]:
    """The feature file and the indexes of the witnesses it holds (some may have no step)."""
    side = exploration.new if assert_side == "new" else exploration.old
    other = exploration.old if assert_side == "new" else exploration.new
    what = {"los": "Line of Sight", "attack": "attacks", "casualties": "casualties"}[exploration.kind]
    head = [
        f"Feature: Explored {what}: where {side['label']} and {other['label']} disagree",
        f"  Minimal positions found by `rulecheck explore` (seed {exploration.seed}, {exploration.positions}",
        f"  positions compared). Each scenario asserts the ruling under {side['label']}; its description",
        "  says what the other version rules.",
    ]
    scenarios, written = [], []
    for i, w in enumerate(exploration.witnesses, 1):
        text = scenario_text(exploration, w, i, assert_side)
        if text is not None:
            scenarios.append(text)
            written.append(i - 1)
    return "\n".join(head) + "\n\n" + "\n\n".join(scenarios) + "\n", written


def diagram(exploration: Exploration, witness: Witness, assert_side: str = "new") -> str:
    """The witness's position drawn with the asserted version's rules (this checkout's engine)."""
    assert_side = ruling_side(witness, assert_side)
    side = exploration.new if assert_side == "new" else exploration.old
    rules = (
        ruleset_named(exploration.ruleset)
        .rulebook()
        .with_changes(side.get("parameters"), side.get("interpretations"), "explore")
    )
    title = f"{side['label']}: {_summary(witness.changes, 1 if assert_side == 'new' else 0)}"[:110]
    return ruleset_named(exploration.ruleset).explore.diagram(witness.position, rules, title)
