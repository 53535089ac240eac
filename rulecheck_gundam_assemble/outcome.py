"""Gundam Assemble's ``outcome_lines`` hook: ``rulecheck explain``'s table of an attack's outcome,
one row per target and per unit."""

from __future__ import annotations

from typing import Any

from rulecheck.outcome_table import plain, table, unknown_keys, yes
from rulecheck.wording import plural


def outcome_lines(outcome: dict[str, Any]) -> list[str]:
    lines = [
        f"Card {name!r}: from the project's {where}"
        for name, where in (outcome.get("cards_from") or {}).items()
    ]
    if not outcome.get("legal", True):
        lines.append("The attack cannot be made.")
    dice = outcome.get("dice")
    if dice:
        lines.append(
            f"Dice rolled: {' '.join(map(str, dice))} (Strength {outcome.get('strength', len(dice))}); "
            f"TL cost paid {outcome.get('tl_cost_paid', 0)}; "
            f"critical effect triggered {plural(outcome.get('critical_triggers', 0), 'time')}"
        )
    if outcome.get("ended_early"):
        lines.append(f"The attack ended early: {outcome['ended_early']}")
    if outcome.get("activation_ended"):
        lines.append("The attacker's activation ends.")
    per_target = outcome.get("per_target") or {}
    if per_target:
        lines += ["", "Per target:"]
        rows = [
            [
                name,
                t.get("hits", 0),
                t.get("crits", 0),
                f"{t.get('accuracy', 0):+d}",
                f"+{t.get('damage_plus', 0)}",
                t.get("shields_used", 0),
                t.get("prevented", 0) + t.get("reduction", 0),
                t.get("dealt", 0),
                t.get("hp_after", "-"),
                yes(t.get("defeated")),
            ]
            for name, t in per_target.items()
        ]
        lines += table(
            [
                "target",
                "hits",
                "crits",
                "Accuracy",
                "Damage+",
                "Shields used",
                "prevented",
                "HP lost",
                "HP left",
                "defeated",
            ],
            rows,
        )
    units = outcome.get("units") or {}
    if units:
        lines += ["", "Units after the attack:"]
        rows = [
            [
                name,
                u.get("hp", "-"),
                f"{u.get('shields', 0)} active, {u.get('deactivated_shields', 0)} spent",
                u.get("timeline", "-"),
                plain(u.get("statuses")),
                "in reserve" + (", must redeploy" if u.get("must_redeploy") else "")
                if u.get("in_reserve")
                else "-",
            ]
            for name, u in units.items()
        ]
        lines += table(["unit", "HP", "Shields", "Timeline", "statuses", "reserve"], rows)
    vp = outcome.get("victory_points")
    if vp:
        lines += ["", "Victory points scored: " + ", ".join(f"side {side} {n}" for side, n in vp.items())]
    return lines + unknown_keys(outcome, GA_KEYS)


GA_KEYS = {
    "cards_from",
    "legal",
    "targets",
    "dice",
    "strength",
    "tl_cost_paid",
    "critical_triggers",
    "per_target",
    "victory_points",
    "units",
    "activation_ended",
    "ended_early",
}
