"""Gundam Assemble's ``line_of_sight`` hook (``rulecheck los``): Line of Sight between two pieces
of a scenario, exactly, with the hexes the line passes, the blockers, the choice points and the
trace of the ruling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble.engine.board import Piece
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, LosResult, piece_line_of_sight
from rules.events import format_trace
from rules.rulebook import Rulebook

# rulecheck.ruleset_api.LOS_MODES -> the engine's mode
MODES = {
    "standard": LosMode.STANDARD,
    "area_effect": LosMode.AREA_EFFECT,
    "ignore": LosMode.IGNORE,
    "within_hexes": LosMode.WITHIN_HEXES,
}


@dataclass(frozen=True)
class LosReport:
    """A ruling on Line of Sight between two pieces, as ``rulecheck los`` shows it."""

    origin: Piece
    target: Piece
    result: LosResult
    rules: Rulebook

    def to_json(self) -> dict[str, Any]:
        out = {"from_piece": self.origin.name, "to_piece": self.target.name, **self.result.to_json()}
        out["interpretations"] = {
            k: self.rules.interpretation(k) for k in self.rules.interpretations if k.startswith("los_")
        }
        return out

    def format_text(self) -> str:
        origin, target, result = self.origin, self.target, self.result
        verdict = "CLEAR" if result.clear else "BLOCKED"
        need = "" if result.required else " (not required)"
        lines = [
            f"Line of Sight from {origin.name} {list(origin.hex)} to {target.name} {list(target.hex)}: {verdict}{need}"
        ]
        if result.line is not None:
            path = [origin.hex, *result.line.through, target.hex]
            lines.append("  path:    " + " -> ".join(f"{list(h)}" for h in path))
            lines += [f"  between: {list(left)} | {list(right)}" for left, right in result.line.between]
            lines += [f"  corner:  {list(h)}" for h in result.line.corners]
        lines += [f"  blocker: {list(b.hex)} {b.reason} [{b.clause}]" for b in result.blockers]
        for c in result.choice_points:
            left = "blocks" if c.left_blocks else "clear"
            right = "blocks" if c.right_blocks else "clear"
            lines.append(f"  choice:  {list(c.left)} ({left}) or {list(c.right)} ({right}) [GA-LOS-8]")
        lines += ["Why:", format_trace(result.events)]
        return "\n".join(lines)


def _piece(scenario, name: str, flag: str) -> Piece:
    if not scenario.board.has_piece(name):
        names = ", ".join(p.name for p in scenario.board.pieces)
        raise InputError(scenario.file, None, flag, f"no piece named {name!r} on the board (pieces: {names})")
    return scenario.board.piece(name)


def line_of_sight(scenario, rules: Rulebook, origin: str, target: str, mode: str = "standard") -> LosReport:
    """Line of Sight from the piece named ``origin`` to ``target`` (see ``rulecheck.ruleset_api.LineOfSight``)."""
    actor, seen = _piece(scenario, origin, "--from"), _piece(scenario, target, "--to")
    if actor is seen or actor.name == seen.name:
        raise InputError(
            scenario.file,
            None,
            "--to",
            f"the same piece as --from ({actor.name!r}); name two different pieces",
        )
    return LosReport(actor, seen, piece_line_of_sight(scenario.board, actor, seen, rules, MODES[mode]), rules)
