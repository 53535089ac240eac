"""Gundam Assemble's hooks for ``rulecheck explore`` (a ``rulecheck.ruleset_api.Explorer``).

The generators are ``gundam_assemble_strategies``, the evaluators ``gundam_assemble_evaluate``,
the Gherkin phrasing ``gundam_assemble_gherkin``. This module is where the toolkit reaches them,
by the ruleset and not by its name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulecheck.explore.gherkin_writer import q
from rulecheck.explore.strategies import Bias
from rulecheck.explore.tighten import Shape, variants
from rulecheck_gundam_assemble import gherkin as gw
from rulecheck_gundam_assemble.evaluate import board_from_position
from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases as P
from rulecheck_gundam_assemble.ruleset import card_catalogue
from rulecheck_gundam_assemble.strategies import attack_positions, catalogue, los_positions

# How a board position simplifies (``tighten``): the map keeps its cells (each may go flat and
# dry) and a placed area its hexes (the weapon's template: a scenario cannot fire at no hexes);
# pieces, Responses, attacks and dice may go; hit points, places and stats only get rounder.
SHAPE = Shape(
    fixed_lists=frozenset({"cells", "area"}),
    nonempty=frozenset({"pieces"}),
    zeroable=frozenset({"cells", "shields", "deactivated_shields", "timeline", "energy"}),
    required=frozenset({"attack", "los", "pieces", "cells", "width", "height", "dice"}),
    kept_whole=frozenset({"dice"}),
)


class GundamAssembleExplorer:
    kinds = ("los", "attack")

    @staticmethod
    def positions(kind: str, bias: Bias | None = None):
        return los_positions() if kind == "los" else attack_positions(bias or Bias())

    @staticmethod
    def learns(kind: str) -> bool:
        return kind == "attack"  # only the attack generator has weights (a Bias)

    @staticmethod
    def evaluator(kind: str) -> str:
        return f"rulecheck_gundam_assemble.evaluate:{'los' if kind == 'los' else 'attack'}"

    @staticmethod
    def catalogue():
        return catalogue()

    @staticmethod
    def catalogue_path(root: Path) -> Path:
        return card_catalogue(root)

    @staticmethod
    def kind_for(book, interpretations: dict, parameters: dict) -> str:
        """Line of Sight readings (``los_*``) or Line of Sight clauses (GA-LOS-*) -> ``los``."""
        clauses = [c for n in interpretations for c in book.interpretations[n].clauses]
        clauses += [book.parameters[n].clause for n in parameters]
        los = all(n.startswith("los_") for n in interpretations) and not parameters
        return "los" if clauses and (los or all(c.startswith("GA-LOS-") for c in clauses)) else "attack"

    @staticmethod
    def stated_position(position: dict[str, Any], answer: dict[str, Any]) -> None:
        return None  # a generated board states every choice already

    @staticmethod
    def simpler_positions(position: dict[str, Any]):
        return variants(position, SHAPE)

    @staticmethod
    def used_dice_only(position: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
        """Each attack's dice pools cut to the faces either side used (a scenario scripts only
        those): the first attack's by ``dice_used``, the second's by ``dice_used_second``."""
        out = dict(position)
        for part, which in (("attack", "dice_used"), ("second", "dice_used_second")):
            attack = out.get(part)
            if isinstance(attack, dict) and isinstance(attack.get("dice"), dict):
                used = {k: max((a.get(which) or {}).get(k, 0) for a in answers) for k in attack["dice"]}
                out[part] = {**attack, "dice": {k: v[: used[k]] for k, v in attack["dice"].items()}}
        return out

    @staticmethod
    def agreed_choices(position: dict[str, Any], refusing: dict[str, Any], ruling: dict[str, Any]) -> None:
        return None  # a board states no player's choice the engine could refuse

    @staticmethod
    def asserted_extra(witness, answer: dict[str, Any]) -> list[str]:
        return gw.allowed_attacks(witness, answer)  # the scenario asserts these are allowed

    @staticmethod
    def witness_thens(witness, answer: dict[str, Any], which: int) -> tuple[list[str], list[str]]:
        thens: list[str] = []
        first_thens: list[str] = []  # a two-attack position: what is asserted after its first attack
        second = "second" in witness.position
        for key, pair in witness.changes.items():
            lines = gw.then_steps(key, pair[which], pair[1 - which], answer)
            first = second and gw.attack_key(key) and not key.startswith(gw.SECOND)
            (first_thens if first else thens).extend(lines)
        # An attack that is allowed says so before the values asserted about it: without it, "the
        # critical hit effect does not trigger" would also hold where another reading refuses the
        # attack, and the scenario would not depend on the reading its tags name.
        for key in gw.allowed_attacks(witness, answer):
            (first_thens if second and key == "attack" else thens).insert(0, P.attack_allowed.write())
        return thens, first_thens

    @staticmethod
    def witness_steps(
        kind: str, witness, answer: dict[str, Any]
    ) -> tuple[list[str], list[str], str, list[str]]:
        later: list[str] = []  # the second attack's steps
        steps = gw.position_steps(witness.position)
        if kind == "los":
            los = witness.position["los"]
            given, when = [], P.check_los.write(actor=q(los["from"]), target=q(los["to"]), how="")
        else:
            given, when = gw.attack_steps(witness.position, answer)
        if "second" in witness.position:
            after = witness.position["second"].get("after", "nothing")
            if after in ("activation", "turn"):
                later.append((P.activation_over if after == "activation" else P.turn_over).write())
            more, second_when = gw.attack_steps(witness.position, answer, "second")
            later += [*more, second_when]
        return steps, given, when, later

    @staticmethod
    def diagram(position: dict[str, Any], rules, title: str) -> str:
        from rulecheck_gundam_assemble.diagram import draw_board
        from rulecheck_gundam_assemble.engine.line_of_sight import line_of_sight

        board = board_from_position(position)
        pair = position.get("los") or {
            "from": position["attack"]["attacker"],
            "to": position["attack"].get("target"),
        }
        sights = []
        # a witness may name a piece the board lacks (an attack refused for that very reason)
        if pair.get("to") and board.has_piece(pair["from"]) and board.has_piece(pair["to"]):
            a, t = board.piece(pair["from"]), board.piece(pair["to"])
            sights = [line_of_sight(board, a.hex, t.hex, a.side, rules)]
        return draw_board(board, title=title, lines_of_sight=sights)


EXPLORER = GundamAssembleExplorer()
