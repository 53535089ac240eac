"""multibase's hooks for ``rulecheck explore`` (a ``rulecheck.ruleset_api.Explorer``).

The generators, the evaluator and the Gherkin phrasing still live in ``rulecheck.explore`` (the
``mb_*`` functions there); this module is where the toolkit reaches them, by the ruleset and not
by its name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulecheck.explore import gherkin_writer as gw
from rulecheck.explore.evaluate import mb_concrete
from rulecheck.explore.strategies import mb_positions


class MultibaseExplorer:
    kinds = ("attack", "casualties")

    @staticmethod
    def positions(kind: str, bias=None):
        return mb_positions(casualties=kind == "casualties")

    @staticmethod
    def learns(kind: str) -> bool:
        return False

    @staticmethod
    def evaluator(kind: str) -> str:
        return "multibase_attack"  # a casualty position is an attack whose losses matter

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
        return mb_concrete(position, answer)  # choices made by index, as the scenario scripts them

    @staticmethod
    def asserted_extra(witness, answer: dict[str, Any]) -> list[str]:
        return []

    @staticmethod
    def witness_thens(witness, answer: dict[str, Any], which: int) -> tuple[list[str], list[str]]:
        thens: list[str] = []
        for key, pair in witness.changes.items():
            thens += gw.mb_then(key, pair[which], answer)
        return thens, []

    @staticmethod
    def witness_steps(
        kind: str, witness, answer: dict[str, Any]
    ) -> tuple[list[str], list[str], str, list[str]]:
        steps, when = gw.mb_position_steps(mb_concrete(witness.position, answer), answer)
        return steps, [], when, []

    @staticmethod
    def diagram(position: dict[str, Any], rules, title: str) -> str:
        from rulecheck.diagram_multibase import draw_battlefield
        from rulecheck.explore.evaluate import mb_field

        attack = position["attack"]
        return draw_battlefield(
            mb_field(position),
            rules,
            title=title,
            attacker=attack["attacker"],
            target=attack["target"],
            ranged=not attack.get("close_combat"),
        )


EXPLORER = MultibaseExplorer()
