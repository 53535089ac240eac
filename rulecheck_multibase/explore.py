"""multibase's hooks for ``rulecheck explore`` (a ``rulecheck.ruleset_api.Explorer``).

The generators are ``multibase_strategies``, the evaluator ``multibase_evaluate``, the Gherkin
phrasing ``multibase_gherkin``. This module is where the toolkit reaches them, by the ruleset and
not by its name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulecheck.explore.tighten import Shape, variants
from rulecheck_multibase import gherkin as gw
from rulecheck_multibase.evaluate import battlefield_from_position, stated
from rulecheck_multibase.strategies import attack_positions

# How a multibase position simplifies (``tighten``): units, bases, terrain and dice may go (a unit
# keeps a base, a polygon its corners); wounds taken may drop to none; coordinates, sizes and
# facings only get rounder (a facing to a multiple of 90, then 45 degrees); a stated choice stays
# strict.
SHAPE = Shape(
    fixed_lists=frozenset({"polygon", "segment"}),
    nonempty=frozenset({"bases", "units"}),
    zeroable=frozenset({"wounds_taken"}),
    required=frozenset({"attack", "units", "dice", "bases", "stats"}),
    kept_whole=frozenset({"dice"}),
    kept_flags=frozenset({"strict"}),
    angles=frozenset({"facing"}),
)


class MultibaseExplorer:
    kinds = ("attack", "casualties")

    @staticmethod
    def positions(kind: str, bias=None):
        return attack_positions(casualties=kind == "casualties")

    @staticmethod
    def learns(kind: str) -> bool:
        return False

    @staticmethod
    def evaluator(kind: str) -> str:
        # a casualty position is an attack whose losses matter
        return "rulecheck_multibase.evaluate:attack"

    @staticmethod
    def catalogue() -> None:
        return None  # no cards: a unit's numbers are in the position

    @staticmethod
    def catalogue_path(root: Path) -> None:
        return None

    @staticmethod
    def kind_for(book, interpretations: dict, parameters: dict) -> str:
        """Casualty clauses (MB-6.*) -> ``casualties``; anything else, or a mix, -> ``attack``."""
        clauses = [c for n in interpretations for c in book.interpretations[n].clauses]
        clauses += [book.parameters[n].clause for n in parameters]
        return "casualties" if clauses and all(c.startswith("MB-6.") for c in clauses) else "attack"

    @staticmethod
    def stated_position(position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        return stated(position, answer)  # choices made by index, as the scenario scripts them

    @staticmethod
    def simpler_positions(position: dict[str, Any]):
        return variants(position, SHAPE)

    @staticmethod
    def used_dice_only(position: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
        """Each unit's pools ({unit: {roll: faces}}) cut to the faces either side used, which
        the answers count per ``roll:unit``."""
        dice = position.get("dice") or {}

        def used(key: str) -> int:
            return max((a.get("dice_used") or {}).get(key, 0) for a in answers)

        cut = {
            u: {roll: faces[: used(f"{roll}:{u}")] for roll, faces in rolls.items()}
            for u, rolls in dice.items()
        }
        return {**position, "dice": cut}

    @staticmethod
    def agreed_choices(
        position: dict[str, Any], refusing: dict[str, Any], ruling: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The stated position restated so that the side that refused a scripted choice rules on
        it too: a refused removal left open (both then list their legal removals), a refused push
        replaced by one both sides allow, or, where they share none, left open (both then list
        their legal pushes and make none: a scenario asserts one side's list)."""
        which, unit = (refusing.get("refused_choice") or [None, None])[:2]
        attack = dict(position["attack"])
        if which == "removals" and unit in attack.get("removals", {}):
            attack["removals"] = {k: v for k, v in attack["removals"].items() if k != unit}
            attack.pop("pushes", None)  # a push follows a removal: with the removal open, none is made
        elif which == "pushes":
            mine = (ruling.get("outcome") or {}).get("units", {}).get(unit, {}).get("push_options") or []
            theirs = _legal_pushes(refusing.get("refused", ""))
            shared = [p for p in mine if set(p) in [set(o) for o in theirs]]
            if shared:
                attack["pushes"] = {**attack.get("pushes", {}), unit: shared[0]}
            else:
                attack["pushes"] = {k: v for k, v in attack.get("pushes", {}).items() if k != unit}
                attack["strict"] = False
                if not attack["pushes"]:
                    del attack["pushes"]
        else:
            return None
        if not attack.get("removals"):
            attack.pop("removals", None)
        return {**position, "attack": attack}

    @staticmethod
    def asserted_extra(witness, answer: dict[str, Any]) -> list[str]:
        return []

    @staticmethod
    def witness_thens(witness, answer: dict[str, Any], which: int) -> tuple[list[str], list[str]]:
        thens: list[str] = []
        for key, pair in witness.changes.items():
            thens += gw.then_steps(key, pair[which], answer)
        return thens, []

    @staticmethod
    def witness_steps(
        kind: str, witness, answer: dict[str, Any]
    ) -> tuple[list[str], list[str], str, list[str]]:
        steps, when = gw.position_steps(stated(witness.position, answer), answer)
        return steps, [], when, []

    @staticmethod
    def diagram(position: dict[str, Any], rules, title: str) -> str:
        from rulecheck_multibase.diagram import draw_battlefield
        from rulecheck_multibase.draw import multibase_sight

        attack, field = position["attack"], battlefield_from_position(position)
        ranged = not attack.get("close_combat")
        return draw_battlefield(
            field,
            rules,
            title=title,
            attacker=attack["attacker"],
            target=attack["target"],
            ranged=ranged,
            sight=multibase_sight(field, attack["attacker"], attack["target"], rules, ranged),
        )


def _legal_pushes(message: str) -> list[list[str]]:
    """The legal pushes a refusal names ("... (legal pushes: b1+b2; b3)")."""
    listed = message.rpartition("(legal pushes: ")[2].rstrip(")")
    return [] if listed in ("", "none") else [o.split("+") for o in listed.split("; ")]


EXPLORER = MultibaseExplorer()
