"""``rulecheck explain``'s outcome as a reader wants it: one row per target and per unit, in
words, instead of the outcome dictionary the engine returns (which ``--json`` still prints)."""

from __future__ import annotations

from typing import Any

from rulecheck.wording import plural


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell; the first column left-aligned, the rest right."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells):
        first = f"{cells[0]!s:<{widths[0]}}"
        return "  " + "  ".join([first] + [f"{c!s:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)])

    return [line(headers), *(line(r) for r in rows)]


def _yes(flag: Any) -> str:
    return "yes" if flag else "-"


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value) or "-"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return _yes(value)
    return str(value)


def gundam_assemble(outcome: dict[str, Any]) -> list[str]:
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
                _yes(t.get("defeated")),
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
                _plain(u.get("statuses")),
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
    return lines + _rest(outcome, GA_KEYS)


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


def multibase(outcome: dict[str, Any]) -> list[str]:
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
                    _plain(u.get("bases_removed")),
                    _yes(u.get("shaken")),
                    u.get("residual_wounds", 0),
                    _plain(u.get("pushed")),
                    state,
                ]
            )
        lines += table(["unit", "bases left", "removed", "Shaken", "wounds kept", "pushed", "state"], rows)
        for name, u in units.items():
            for option in u.get("removal_options") or []:
                lines.append(f"  {name} may remove: {_plain(option)}")
    initiative = outcome.get("initiative")
    if initiative:
        lines += [
            "",
            f"Initiative pool: {_plain(initiative.get('pool'))}; discarded: {_plain(initiative.get('discarded'))}",
        ]
    return lines + _rest(outcome, MB_KEYS)


MB_KEYS = {"target_valid", "attacks", "units", "initiative"}


def _rest(outcome: dict[str, Any], known: set[str]) -> list[str]:
    """Keys a newer engine added that this table does not know yet: shown plainly, not lost."""
    extra = [k for k in outcome if k not in known]
    return [""] + [f"{k.replace('_', ' ')}: {_plain(outcome[k])}" for k in extra] if extra else []


def outcome_lines(ruleset: str, outcome: dict[str, Any]) -> list[str]:
    """The outcome as the ruleset lays it out (``Ruleset.outcome_lines``), indented; a ruleset
    not installed here (a results file from elsewhere) gets its keys and values plainly."""
    from rulecheck.ruleset_api import find

    found = find(ruleset)
    lines = (
        found.outcome_lines(outcome)
        if found
        else [f"{k.replace('_', ' ')}: {_plain(v)}" for k, v in outcome.items()]
    )
    return [f"  {line}" if line else "" for line in lines]
