"""``rulecheck odds`` for Gundam Assemble: exact odds of the attack a scenario's ``attack`` section
describes (the scripted dice are ignored: every face is weighed by its probability).

Glue only: the battle and declaration are built as ``explain`` builds them, the profile and the
arithmetic come from ``rulecheck_gundam_assemble.engine.odds``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulecheck.rulesets import distribution_json as dist_json
from rulecheck.source_yaml import InputError
from rulecheck.wording import percent, plural
from rulecheck_gundam_assemble.engine.declaration import AttackError
from rulecheck_gundam_assemble.engine.odds import (
    AttackOdds,
    OddsUnsupported,
    attack_odds,
    profile_from_attack,
)
from rulecheck_gundam_assemble.explain import attack_inputs
from rules import limits
from rules.dice import at_least
from rules.events import Event
from rules.rulebook import Rulebook


@dataclass(frozen=True)
class OddsReport:
    title: str
    attacker: str
    weapon: str
    odds: AttackOdds | None  # None: the attack cannot be made
    events: tuple[Event, ...] = ()
    notes: tuple[str, ...] = ()

    def distributions(self) -> list[tuple[str, dict[int, Fraction]]]:
        """(label, distribution) pairs, in the order a reader wants them."""
        if self.odds is None:
            return []
        out = [("critical effect triggers", self.odds.triggers)]
        for t in self.odds.targets:
            out.append((f"{t.profile.name}: hits", t.hits))
            out.append((f"{t.profile.name}: critical hits", t.crits))
            if t.profile.has_hit_points:
                # HP lost, not damage dealt: a target cannot lose more than it has.
                out.append((f"{t.profile.name}: HP lost, out of {t.profile.hp} HP", t.damage))
        return out

    def to_json(self) -> dict[str, Any]:
        if self.odds is None:
            return {
                "title": self.title,
                "attack_possible": False,
                "events": [e.to_json() for e in self.events],
                "notes": list(self.notes),
            }
        o = self.odds
        crit = o.profile.crit
        return {
            "title": self.title,
            "attacker": self.attacker,
            "weapon": self.weapon,
            "attack_possible": True,
            "dice": o.profile.dice,
            "critical_effect": crit.__dict__ | {"other": list(crit.other)} if crit else None,
            "critical_triggers": dist_json(o.triggers),
            "targets": {
                t.profile.name: {
                    "profile": dict(t.profile.__dict__),
                    "hits": dist_json(t.hits),
                    "hits_at_least": dist_json(at_least(t.hits)),
                    "crits": dist_json(t.crits),
                    "crits_at_least": dist_json(at_least(t.crits)),
                    "damage": dist_json(t.damage),
                    "damage_at_least": dist_json(at_least(t.damage)),
                    "defeated": {"exact": str(t.defeated), "p": float(t.defeated)},
                }
                for t in o.targets
            },
            "notes": list(self.notes),
        }

    def format_text(self) -> str:
        if self.odds is None:
            why = self.events[-2].text if len(self.events) > 1 else "the attack cannot be made"
            return f"{self.title}: {self.attacker} cannot make this attack ({why})"
        o = self.odds
        lines = [f"{self.title}: {self.attacker} attacks with {self.weapon}, {o.profile.dice} d10"]
        crit = o.profile.crit
        if crit:
            parts = []
            if crit.damage_plus:
                parts.append(f"Damage+{crit.damage_plus}")
            if crit.extra_dice:
                parts.append(f"{crit.extra_dice} additional dice")
            if crit.fracture:
                parts.append("Fracture")
            parts += list(crit.other)
            how = (
                "per " + str(crit.crits_needed) + " crits"
                if crit.per_crit
                else f"at most {crit.max_triggers}x"
            )
            lines.append(
                f"  critical effect ({plural(crit.crits_needed, 'critical hit')} needed, {how}): {', '.join(parts)}"
            )
        for t in o.targets:
            p = t.profile
            lines.append(
                f"  {p.name}: Accuracy {p.accuracy:+d}, Damage+{p.damage_plus}, reduction {p.reduction}, "
                f"{plural(p.shields, 'Shield')}, {p.hp} HP"
                + ("" if p.crit_recipient or not crit else ", not a critical effect recipient")
                + (
                    f"  -> defeated {_pct(t.defeated)} ({t.defeated})"
                    if p.has_hit_points
                    else " (no hit points)"
                )
            )
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def _pct(p: Fraction) -> str:
    return percent(p)


def odds(scenario, rules: Rulebook) -> OddsReport:
    battle, decl, rules, _ = attack_inputs(scenario, rules, "give odds for")
    try:
        found = profile_from_attack(battle, decl, rules)
    except OddsUnsupported as exc:
        raise InputError(scenario.file, None, "attack", f"no exact odds: {exc}") from None
    except AttackError as exc:
        raise InputError(scenario.file, None, "attack", str(exc)) from None
    if found.profile is None:
        return OddsReport(scenario.title, decl.attacker, decl.weapon, None, found.events, found.notes)
    crit = getattr(found.profile, "crit", None)
    most = found.profile.dice + (getattr(crit, "extra_dice", 0) or 0) * found.profile.dice
    if most > limits.MAX_ODDS_DICE:
        raise InputError(
            scenario.file,
            scenario.doc.line(("attack",)) if scenario.doc is not None else None,
            "attack",
            f"up to {most} dice: beyond the exact-odds limit of {limits.MAX_ODDS_DICE} dice",
        )
    return OddsReport(
        scenario.title,
        decl.attacker,
        decl.weapon,
        attack_odds(found.profile, rules),
        found.events,
        found.notes,
    )
