"""The two status effects the attack sequence names: Disarm (GA-SEQ-7) and Fracture (GA-SEQ-10).

The chapter fixes when they trigger but not what they do; both effects are named interpretations
(``disarm_effect``, ``fracture_effect``) with a default, so a rule change can swap them.
"""

from __future__ import annotations

from rules.events import Event
from rules.rulebook import Rulebook

DISARM, FRACTURE = "Disarm", "Fracture"


def disarm_dice(faces: tuple[int, ...], rules: Rulebook) -> tuple[tuple[int, ...], int, Event]:
    """Apply Disarm to a rolled attack: the dice left, an Accuracy change, and the event."""
    how = rules.interpretation("disarm_effect")
    cite = rules.cite("disarm_effect")
    if how == "minus_one_accuracy":
        return (
            faces,
            -1,
            Event(
                "disarm.triggered",
                ("GA-SEQ-7",),
                "Disarm triggers: the attack takes -1 Accuracy",
                {"accuracy": -1},
                interpretation=cite,
            ),
        )
    if not faces:
        return (
            faces,
            0,
            Event(
                "disarm.triggered",
                ("GA-SEQ-7",),
                "Disarm triggers but no die was rolled",
                {},
                interpretation=cite,
            ),
        )
    highest = max(faces)
    i = faces.index(highest)
    left = faces[:i] + faces[i + 1 :]
    return (
        left,
        0,
        Event(
            "disarm.triggered",
            ("GA-SEQ-7",),
            f"Disarm triggers: the highest die ({highest}) is removed",
            {"removed": highest, "faces": list(left)},
            interpretation=cite,
        ),
    )


def fracture_extra(rules: Rulebook) -> tuple[int, bool]:
    """Extra damage a Fractured unit takes when damage is dealt to it, and whether Fracture stays."""
    how = rules.interpretation("fracture_effect")
    return 1, how == "one_extra_damage_persistent"
