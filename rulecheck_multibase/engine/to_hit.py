"""Step 3, the to-hit roll: the threshold, its modifiers and the clamp (MB-3.1 to MB-3.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules.events import Event
from rules.rulebook import Rulebook
from rules.wording import plural


@dataclass(frozen=True)
class Circumstances:
    """What can move the threshold. ``extra`` are modifiers a scenario states (a keyword, say),
    by source; positive makes hitting harder."""

    target_in_cover: bool = False
    range_fraction: float | None = None  # measured range / maximum range, ranged attacks only
    attacker_shaken: bool = False
    extra: Mapping[str, int] = field(default_factory=dict)
    target_shaken: bool = False


def clamp_threshold(raw: int, rules: Rulebook) -> int:
    return max(int(rules.param("threshold_min")), min(int(rules.param("threshold_max")), raw))


def threshold(attacker: str, why: Circumstances, rules: Rulebook) -> tuple[int, list[Event]]:
    """The number each die must reach: baseline, plus modifiers to the threshold, clamped."""
    base = int(rules.param("to_hit_baseline"))
    events = [Event("to_hit.baseline", ("MB-3.1",), f"{attacker} starts needing {base}+")]

    # Each interpretation is read only where its question comes up (a modifier that could apply).
    def sized() -> bool:
        return rules.interpretation("unstated_modifier_sizes") == "one_step"

    applied: list[tuple[str, int, str | None]] = []
    if why.target_in_cover and sized():
        applied.append(
            ("target in cover", int(rules.param("cover_modifier")), rules.cite("unstated_modifier_sizes"))
        )
    if (
        why.range_fraction is not None
        and why.range_fraction > float(rules.param("long_range_fraction"))
        and sized()
        and rules.interpretation("long_range") == "beyond_fraction"
    ):
        cite = f"{rules.cite('unstated_modifier_sizes')}, {rules.cite('long_range')}"
        applied.append(("long range", int(rules.param("long_range_modifier")), cite))
    if (why.attacker_shaken or why.target_shaken) and sized():
        # Whose status MB-3.2's "Unit Status" means is asked only once some unit is Shaken.
        status = rules.interpretation("status_modifier")
        cite = f"{rules.cite('unstated_modifier_sizes')}, {rules.cite('status_modifier')}"
        if why.attacker_shaken and status == "attacker_shaken":
            applied.append(("attacker Shaken", int(rules.param("shaken_attacker_modifier")), cite))
        if why.target_shaken and status == "target_shaken":
            applied.append(("target Shaken", int(rules.param("shaken_target_modifier")), cite))
    applied.extend((source, int(value), None) for source, value in why.extra.items())
    raw = base
    for source, value, cite in applied:
        raw += value
        events.append(
            Event(
                "to_hit.modifier",
                ("MB-3.2",),
                f"{source}: threshold {value:+d} (the die is not modified), now {raw}+",
                {"source": source, "modifier": value, "threshold": raw},
                cite,
            )
        )
    final = clamp_threshold(raw, rules)
    if final != raw:
        events.append(
            Event(
                "to_hit.clamp",
                ("MB-3.3",),
                f"{raw}+ is clamped to {final}+",
                {"raw": raw, "threshold": final},
            )
        )
    return final, events


def count_hits(faces: Sequence[int], needed: int) -> int:
    return sum(1 for f in faces if f >= needed)


def roll_event(attacker: str, faces: Sequence[int], needed: int) -> Event:
    hits = count_hits(faces, needed)
    return Event(
        "to_hit.roll",
        ("MB-3.1", "MB-3.2"),
        f"{attacker} rolls {list(faces)} needing {needed}+: {plural(hits, 'hit')}",
        {"faces": list(faces), "threshold": needed, "hits": hits},
    )
