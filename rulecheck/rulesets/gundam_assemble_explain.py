"""``rulecheck explain`` for Gundam Assemble attacks: resolve a scenario's ``attack`` section.

``explain(scenario, rules) -> Explanation`` loads the unit cards (scenarios/gundam_assemble/
units.yaml, test data), builds the battle from the scenario's board and unit entries, resolves the
attack with the scenario's scripted dice and returns the events step by step with clause ids.
Bad input (an unknown unit, weapon, card or roll) is one ``InputError`` naming the file, the line
and the field; dice left unused or missing raise ``DiceScriptError`` (the CLI prints both).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from rulecheck.rulesets import Explanation
from rulecheck.source_yaml import InputError
from rules.gundam_assemble.abilities import AbilityError
from rules.gundam_assemble.attack import AttackError, resolve_attack
from rules.gundam_assemble.setup import declaration_from_data, scripted_dice
from rules.gundam_assemble.units import Catalogue, battle_from_entries, parse_catalogue
from rules.rulebook import Rulebook, RulebookError

CATALOGUE_FILE = Path(__file__).resolve().parents[2] / "scenarios" / "gundam_assemble" / "units.yaml"


@cache
def catalogue(path: Path = CATALOGUE_FILE) -> Catalogue:
    try:
        with path.open(encoding="utf-8") as fh:
            return parse_catalogue(yaml.safe_load(fh))
    except AbilityError as exc:
        raise InputError(path, None, "", str(exc)) from None


def explain(scenario, rules: Rulebook) -> Explanation:
    """Resolve the attack a loaded ``GAScenario`` describes."""

    def err(field: tuple, message: str) -> InputError:
        line = scenario.doc.line(("attack", *field)) if scenario.doc is not None else None
        return InputError(scenario.file, line, ".".join(("attack", *map(str, field))), message)

    if not scenario.attack:
        raise InputError(scenario.file, None, "attack", "the scenario has no 'attack' section to explain")
    attack = dict(scenario.attack)
    interpretations = attack.pop("interpretations", None) or {}
    if interpretations:
        try:
            rules = rules.with_changes(interpretations=interpretations, name="scenario")
        except RulebookError as exc:
            raise err(("interpretations",), exc.message) from None
    try:
        battle = battle_from_entries(scenario.board, scenario.units, catalogue())
    except KeyError as exc:
        raise InputError(scenario.file, None, "units", str(exc).strip("'\"")) from None
    try:
        decl = declaration_from_data(attack, battle, catalogue())
        dice = scripted_dice(attack.get("dice"))
        result = resolve_attack(battle, decl, dice, rules)
    except AttackError as exc:
        field, _, message = str(exc).partition(": ")
        parts = tuple(field.removeprefix("attack.").split(".")) if field.startswith("attack.") else ()
        raise err(parts, message if parts else str(exc)) from None
    used = {}
    for e in result.events:
        for part in (e.interpretation or "").split(";"):
            if "=" in part:
                name, _, option = part.strip().partition("=")
                used[name] = option
    return Explanation(scenario.title, result.events, result.outcome(), used)
