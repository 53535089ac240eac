"""multibase's ``outcome_lines`` hook: ``rulecheck explain``'s table of an attack's outcome, one
row per attack and per unit."""

from __future__ import annotations

from typing import Any

from rulecheck.outcome_table import plain, table, unknown_keys, yes


def outcome_lines(outcome: dict[str, Any]) -> list[str]:
    lines = []
    if not outcome.get("target_valid", True):
        lines.append("The target cannot be attacked.")
    attacks = outcome.get("attacks") or {}
    if attacks:
        lines += ["Attacks:"]
        rows = [
            [
                f"{name} -> {a.get('target', '?')}",
                a.get("pool", 0),
                f"{a['threshold']}+" if "threshold" in a else "-",
                a.get("hits", 0),
                a.get("saves", 0),
                a.get("wounds", 0),
            ]
            for name, a in attacks.items()
        ]
        lines += table(["attacker -> target", "dice", "to hit", "hits", "saves", "wounds"], rows)
    units = outcome.get("units") or {}
    if units:
        lines += ["", "Units after the attack:"]
        rows = []
        for name, u in units.items():
            state = "destroyed" if u.get("destroyed") else "choice open" if u.get("awaiting_choice") else "-"
            rows.append(
                [
                    name,
                    u.get("bases_left", "-"),
                    plain(u.get("bases_removed")),
                    yes(u.get("shaken")),
                    u.get("residual_wounds", 0),
                    plain(u.get("pushed")),
                    state,
                ]
            )
        lines += table(["unit", "bases left", "removed", "Shaken", "wounds kept", "pushed", "state"], rows)
        for name, u in units.items():
            for option in u.get("removal_options") or []:
                lines.append(f"  {name} may remove: {plain(option)}")
    initiative = outcome.get("initiative")
    if initiative:
        lines += [
            "",
            f"Initiative pool: {plain(initiative.get('pool'))}; discarded: {plain(initiative.get('discarded'))}",
        ]
    return lines + unknown_keys(outcome, MB_KEYS)


MB_KEYS = {"target_valid", "attacks", "units", "initiative"}
