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

from rulecheck.locations import corpus_root
from rulecheck.rulesets import Explanation
from rulecheck.source_yaml import InputError, field_name, load_yaml
from rules import limits
from rules.dice import DiceScriptError
from rules.events import interpretations_cited
from rules.gundam_assemble.abilities import AbilityError
from rules.gundam_assemble.attack import resolve_attack
from rules.gundam_assemble.declaration import AttackDeclaration, AttackError
from rules.gundam_assemble.setup import declaration_from_data, scripted_dice
from rules.gundam_assemble.status_effects import DISARM, FRACTURE
from rules.gundam_assemble.units import Battle, Catalogue, battle_from_entries, parse_catalogue
from rules.rulebook import Rulebook, RulebookError

STATUSES = (DISARM, FRACTURE)  # the statuses the chapter names; any other would silently do nothing
CATALOGUE_FILE = corpus_root() / "scenarios" / "gundam_assemble" / "units.yaml"


@cache
def catalogue(path: Path = CATALOGUE_FILE) -> Catalogue:
    doc = load_yaml(path)  # the same safe, limited loader as a scenario
    try:
        return parse_catalogue(doc.data)
    except AbilityError as exc:
        raise InputError(path, None, "", str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a card missing a field
        raise InputError(
            path, None, "", f"a card is not in the documented form: {type(exc).__name__} {exc}"
        ) from None


def _attack_error(scenario, field: tuple, message: str) -> InputError:
    line = scenario.doc.line(("attack", *field)) if scenario.doc is not None else None
    return InputError(scenario.file, line, field_name(("attack", *field)), message)


def _field_path(field: str) -> tuple:
    """``responses[1].unit`` -> ("responses", 1, "unit")."""
    path: list = []
    for part in field.split("."):
        name, _, rest = part.partition("[")
        if name:
            path.append(name)
        path.extend(int(i) for i in rest.replace("]", "[").split("[") if i)
    return tuple(path)


def _engine_error(scenario, exc: AttackError) -> InputError:
    """An engine complaint about the attack section, pointed at the field it names if any: the
    error's ``field``, or a leading ``attack.<field>:`` in its message."""
    if exc.field:
        return _attack_error(scenario, _field_path(exc.field), str(exc))
    field, _, message = str(exc).partition(": ")
    if field.startswith("attack."):
        return _attack_error(scenario, _field_path(field.removeprefix("attack.")), message)
    return _attack_error(scenario, (), str(exc))


def _check_unit_cards(scenario) -> None:
    """Every unit names a card of the catalogue: an unknown unit is bad input at its line."""
    cards = catalogue().units
    entries = (scenario.doc.data.get("units") if scenario.doc is not None else None) or []
    for i, entry in enumerate(entries):
        for j, status in enumerate(entry.get("status") or ()):
            if status not in STATUSES:
                raise scenario.doc.error(
                    ("units", i, "status", j), f"unknown status {status!r} (known: {', '.join(STATUSES)})"
                )
        key = "profile" if "profile" in entry else "name"
        if entry[key] not in cards:
            raise scenario.doc.error(
                ("units", i, key),
                f"unknown unit: no card {entry[key]!r} in scenarios/gundam_assemble/units.yaml "
                f"(cards: {', '.join(sorted(cards))})",
            )


def _check_attack_limits(scenario, attack: dict) -> None:
    """What the schema leaves open: hexes within the coordinate limit, a card used at most
    ``MAX_CARD_USES`` times, and no more than ``MAX_ATTACK_DICE`` scripted faces in all."""
    hexes = [(("area", i), h) for i, h in enumerate(attack.get("area") or [])]
    hexes += [
        (("responses", i, "to"), r["to"]) for i, r in enumerate(attack.get("responses") or []) if "to" in r
    ]
    for path, h in hexes:
        if any(abs(c) > limits.MAX_COORDINATE for c in h):
            raise _attack_error(
                scenario, path, f"coordinates beyond +/-{limits.MAX_COORDINATE} (limit of rulecheck)"
            )
    names = scenario.units
    known = f"units: {', '.join(names)}"
    for key in ("attacker", "target", "crit_target"):
        if key in attack and attack[key] not in names:
            raise _attack_error(scenario, (key,), f"no unit named {attack[key]!r} in this scenario ({known})")
    for i, name in enumerate(attack.get("defeat_order") or []):
        if name not in names:
            raise _attack_error(
                scenario, ("defeat_order", i), f"no unit named {name!r} in this scenario ({known})"
            )
    for i, r in enumerate(attack.get("responses") or []):
        for key in ("unit", "target"):
            if key in r and r[key] not in names:
                raise _attack_error(
                    scenario, ("responses", i, key), f"no unit named {r[key]!r} in this scenario ({known})"
                )
    uses: dict[tuple, int] = {}
    for i, r in enumerate(attack.get("responses") or []):
        card = ("tactics", r["tactics"]) if "tactics" in r else (r.get("unit"), r.get("ability"))
        uses[card] = uses.get(card, 0) + 1
        if uses[card] > limits.MAX_CARD_USES:
            raise _attack_error(
                scenario,
                ("responses", i),
                f"{card[1]!r} used more than {limits.MAX_CARD_USES} times in one attack",
            )
    dice = attack.get("dice") or []
    faces = sum(len(v) for v in dice.values()) if isinstance(dice, dict) else len(dice)
    faces += sum(len(r.get("dice") or ()) for r in attack.get("responses") or [])
    if faces > limits.MAX_ATTACK_DICE:
        raise _attack_error(
            scenario, ("dice",), f"{faces} scripted faces: beyond the limit of {limits.MAX_ATTACK_DICE}"
        )


def attack_inputs(
    scenario, rules: Rulebook, purpose: str
) -> tuple[Battle, AttackDeclaration, Rulebook, dict]:
    """The engine's inputs for a scenario's ``attack`` section: the battle, the declaration, the
    rulebook with the scenario's own interpretations, and the section itself (used by explain
    and by odds)."""
    if not scenario.attack:
        raise InputError(scenario.file, None, "attack", f"the scenario has no 'attack' section to {purpose}")
    attack = dict(scenario.attack)
    interpretations = attack.pop("interpretations", None) or {}
    if interpretations:
        try:
            rules = rules.with_changes(interpretations=interpretations, name="scenario")
        except RulebookError as exc:
            raise _attack_error(scenario, ("interpretations",), exc.message) from None
    _check_unit_cards(scenario)
    _check_attack_limits(scenario, attack)
    try:
        battle = battle_from_entries(scenario.board, scenario.units, catalogue())
    except KeyError as exc:
        raise InputError(scenario.file, None, "units", str(exc).strip("'\"")) from None
    try:
        decl = declaration_from_data(attack, battle, catalogue())
    except AttackError as exc:
        raise _engine_error(scenario, exc) from None
    return battle, decl, rules, attack


def explain(scenario, rules: Rulebook) -> Explanation:
    """Resolve the attack a loaded ``GAScenario`` describes."""
    battle, decl, rules, attack = attack_inputs(scenario, rules, "explain")
    try:
        result = resolve_attack(battle, decl, scripted_dice(attack.get("dice")), rules)
    except AttackError as exc:
        raise _engine_error(scenario, exc) from None
    except DiceScriptError as exc:  # the scripted faces do not match the roll the attack needs
        key = exc.purpose if isinstance(attack.get("dice"), dict) else None
        raise _attack_error(scenario, ("dice", key) if key else ("dice",), str(exc)) from None
    return Explanation(scenario.title, result.events, result.outcome(), interpretations_cited(result.events))
