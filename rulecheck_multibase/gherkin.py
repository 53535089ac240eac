"""How a multibase witness of ``rulecheck explore`` is written as Gherkin, with the phrases of
``multibase_phrases`` (the same the step definitions read).

The units and bases tables, terrain, cover, dice and removals, then the attack and its ruling.
"""

from __future__ import annotations

from typing import Any

from rulecheck.explore.gherkin_writer import gherkin_table
from rulecheck_multibase.phrases import MultibasePhrases as P


def _num(x: float) -> str:
    return f"{x:g}"


def position_steps(position: dict[str, Any], answer: dict[str, Any]) -> tuple[list[str], str]:
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
    steps = [f"Given {P.given_units.write()}", *(f"  {line}" for line in gherkin_table(header, rows))]
    rows = []
    for u in position["units"]:
        for b in u["bases"]:
            shape = (
                f"round {_num(b['radius'])}"
                if b["shape"] == "round"
                else f"rect {_num(b['width'])}x{_num(b['depth'])}"
            )
            rows.append([u["name"], b["name"], shape, _num(b["x"]), _num(b["y"]), _num(b["facing"])])
    steps.append(f"And {P.given_bases.write()}")
    steps += [f"  {line}" for line in gherkin_table(["unit", "base", "shape", "x", "y", "facing"], rows)]
    for t in position.get("terrain", []):
        corners = " ".join(f"({_num(x)}, {_num(y)})" for x, y in t["polygon"])
        steps.append(f"And {P.given_terrain.write(name=t['name'], corners=corners)}")
    attack = position["attack"]
    for unit in attack.get("in_cover", []):
        steps.append(f"And {P.given_cover.write(unit=unit)}")
    for unit, sources in attack.get("bonus_dice", {}).items():
        steps += [
            f"And {P.given_bonus.write(unit=unit, count=n, source=source)}" for source, n in sources.items()
        ]
    for unit, sources in attack.get("threshold_modifiers", {}).items():
        steps += [
            f"And {P.given_modifier.write(unit=unit, value=n, source=source)}"
            for source, n in sources.items()
        ]
    used = answer.get("dice_used", {})
    for unit, rolls in position["dice"].items():
        for roll, phrase in (("to_hit", P.given_hit_dice), ("save", P.given_save_dice)):
            faces = rolls[roll][: used.get(f"{roll}:{unit}", 0)]
            if faces:
                steps.append(f"And {phrase.write(unit=unit, rolled=', '.join(map(str, faces)))}")
    for unit, bases in attack.get("removals", {}).items():
        steps.append(f"And {P.given_removal.write(bases=', '.join(bases), unit=unit)}")
    for unit, bases in attack.get("pushes", {}).items():
        steps.append(f"And {P.given_push.write(bases=', '.join(bases), unit=unit)}")
    if attack.get("strict") is False:
        steps.append(f"And {P.given_open_push.write()}")
    who = {"attacker": attack["attacker"], "target": attack["target"]}
    when = (P.when_fights if attack.get("close_combat") else P.when_shoots).write(**who)
    return steps, when


REFUSALS = {
    "target.no_trace": "no trace",
    "target.out_of_range": "out of range",
    "target.not_enemy": "not an enemy",
}


def then_steps(key: str, value: Any, answer: dict[str, Any]) -> list[str]:
    outcome = answer["outcome"]
    parts = key.split(".")
    if key == "target_valid":
        if value:
            return [P.then_valid.write()]
        why = REFUSALS.get(answer["events"][-1]["step"]) if answer["events"] else None
        return [P.then_refused.write(why=why)] if why else []
    if parts[0] == "attacks" and len(parts) >= 2:
        unit = parts[1]
        strike = outcome["attacks"].get(unit)
        if strike is None:
            return []
        fields = [parts[2]] if len(parts) == 3 else ["pool", "threshold", "hits", "wounds"]
        out = []
        for f in fields:
            if f == "pool":
                out.append(P.then_pool.write(unit=unit, count=strike["pool"]))
            elif f == "threshold":
                out.append(P.then_threshold.write(unit=unit, needed=strike["threshold"]))
            elif f == "hits":
                out.append(P.then_hits.write(unit=unit, hits=strike["hits"]))
            elif f == "wounds":
                out.append(P.then_wounds.write(unit=strike["target"], wounds=strike["wounds"]))
            elif f == "saves":
                out.append(P.then_saves.write(unit=strike["target"], saved=strike["saves"]))
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
                out.append((P.then_shaken if v else P.then_not_shaken).write(unit=unit))
            elif f == "bases_removed":
                out.append(P.then_lost.write(unit=unit, bases=", ".join(v) or "no bases"))
            elif f == "bases_left":
                out.append(P.then_bases_left.write(unit=unit, count=v))
            elif f == "residual_wounds":
                out.append(P.then_residual.write(unit=unit, count=v))
            elif f == "destroyed":
                out.append((P.then_destroyed if v else P.then_alive).write(unit=unit))
            elif f == "awaiting_choice" and v:
                out.append(P.then_awaiting.write(unit=unit))
            elif f == "removal_options" and v:
                out.append(P.then_options.write(unit=unit, options="; ".join("+".join(o) for o in v)))
            elif f == "coherency_possible" and not v:
                out.append(P.then_impossible.write(unit=unit))
            elif f == "pushed":
                # A distance two bases share would still hold with their names swapped: say it
                # only of a base that alone moved that far (the legal pushes say the rest).
                distances = list(v.values())
                out += [
                    P.then_pushed.write(base=b, unit=unit, distance=d)
                    for b, d in v.items()
                    if distances.count(d) == 1
                ]
                if not v:
                    out.append(P.then_none_pushed.write(unit=unit))
            elif f == "push_options":
                if v:
                    out.append(
                        P.then_push_options.write(unit=unit, options="; ".join("+".join(o) for o in v))
                    )
                elif not status.get("pushed"):
                    # Where the other side leaves an open push unmade, "none pushed" holds there
                    # too: the empty list of legal pushes is what tells the two apart.
                    out.append(P.then_none_pushed.write(unit=unit))
                    out.append(P.then_push_options.write(unit=unit, options="none"))
        return out
    if key == "initiative.pool":
        return [P.then_pool_now.write(tokens=", ".join(value) or "nothing")]
    if key == "initiative.discarded":
        return [P.then_discarded.write(tokens=", ".join(value) or "none")]
    return []
