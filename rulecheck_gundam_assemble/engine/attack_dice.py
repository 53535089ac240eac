"""Attack dice: hits, misses, critical hits and Accuracy (sections "Hits, Misses, and Accuracy
Modifiers", "Elevation and Accuracy", "Critical Hits").

Every number comes from the rulebook: the hit threshold (GA-HIT-1), the faces that always miss
(GA-HIT-3) and the critical faces (GA-HIT-4). Accuracy is added to every other face (GA-HIT-2);
it never makes a critical hit (GA-HIT-5, GA-CRIT-4) and never saves a natural miss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.terrain import kind_of
from rules.events import Event
from rules.rulebook import Rulebook

MISS, HIT, CRIT = "miss", "hit", "critical"


def score_die(face: int, accuracy: int, rules: Rulebook, extra_crits: frozenset[int] = frozenset()) -> str:
    """``extra_crits``: faces an effect makes critical hits too ("7s and 8s also count", GA-CRIT-4)."""
    if face in rules.param("natural_miss_faces"):
        return MISS
    if face in rules.param("critical_faces") or face in extra_crits:
        return CRIT
    return HIT if face + accuracy >= rules.param("hit_threshold") else MISS


def count_crits(faces: Sequence[int], rules: Rulebook, extra_crits: frozenset[int] = frozenset()) -> int:
    """Critical hits depend on the natural faces only (GA-CRIT-4)."""
    crit = set(rules.param("critical_faces")) | extra_crits
    misses = set(rules.param("natural_miss_faces"))
    return sum(1 for f in faces if f in crit and f not in misses)


@dataclass(frozen=True)
class DiceScore:
    hits: int
    crits: int
    misses: int
    results: tuple[str, ...]


def score_dice(
    faces: Sequence[int], accuracy: int, rules: Rulebook, extra_crits: frozenset[int] = frozenset()
) -> DiceScore:
    results = tuple(score_die(f, accuracy, rules, extra_crits) for f in faces)
    crits = results.count(CRIT)
    return DiceScore(results.count(HIT) + crits, crits, results.count(MISS), results)


def terrain_accuracy(
    board: Board, attacker: Piece, target: Piece, rules: Rulebook
) -> tuple[int, list[Event]]:
    """Accuracy from elevation and the target's terrain kind (water, or a declared kind) against
    one target; the modifiers add (GA-ELEV-3)."""
    ea, et = board.elevation(attacker.hex), board.elevation(target.hex)
    found: list[tuple[int, str, str, str]] = []  # (modifier, clause, why, source)
    if et > ea:
        found.append(
            (
                rules.param("elevation_accuracy_higher_target"),
                "GA-ELEV-1",
                f"stands higher ({et} over {ea})",
                "elevation",
            )
        )
    elif et < ea:
        found.append(
            (
                rules.param("elevation_accuracy_lower_target"),
                "GA-ELEV-1",
                f"stands lower ({et} under {ea})",
                "elevation",
            )
        )
    kind = kind_of(board, rules, board.terrain(target.hex).terrain)
    if kind.accuracy:
        # The chapter's water keeps its own wording; a declared kind names itself.
        why = "is in water" if kind.name == "water" else f"stands in {kind.name} (a declared terrain kind)"
        found.append((kind.accuracy_against(rules), kind.accuracy_clause(), why, kind.name))
    total = 0
    events: list[Event] = []
    for mod, clause, why, source in found:
        total += mod
        events.append(
            Event(
                "damage.accuracy",
                (clause,),
                f"{target.name} {why}: {mod:+d} Accuracy",
                {"target": target.name, "modifier": mod, "source": source},
            )
        )
    return total, events
