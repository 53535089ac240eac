"""``rulecheck explain`` for Gundam Assemble attacks: resolve a scenario's ``attack`` section.

``explain(scenario, rules) -> Explanation`` loads the unit cards (rulecheck_gundam_assemble/scenarios/gundam_assemble/
units.yaml, test data), builds the battle from the scenario's board and unit entries, resolves the
attack with the scenario's scripted dice and returns the events step by step with clause ids.
Bad input (an unknown unit, weapon, card or roll) is one ``InputError`` naming the file, the line
and the field; dice left unused or missing raise ``DiceScriptError`` (the CLI prints both).
"""

from __future__ import annotations

from rulecheck.rulesets import Explanation
from rulecheck.source_yaml import InputError, field_name, field_path
from rulecheck_gundam_assemble.card_plugins import catalogue_with
from rulecheck_gundam_assemble.engine.attack import resolve_attack
from rulecheck_gundam_assemble.engine.card_delayed import resolve_delayed
from rulecheck_gundam_assemble.engine.card_dice import card_dice_needed
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError
from rulecheck_gundam_assemble.engine.durations import end_activation, end_turn
from rulecheck_gundam_assemble.engine.setup import declaration_from_data, scripted_dice
from rulecheck_gundam_assemble.engine.status_effects import DISARM, FRACTURE
from rulecheck_gundam_assemble.engine.units import Battle, Catalogue, UnitProfile, battle_from_entries
from rules import limits
from rules.dice import DiceScriptError
from rules.events import interpretations_cited
from rules.rulebook import Rulebook, RulebookError
from rules.wording import plural

STATUSES = (DISARM, FRACTURE)  # the statuses the chapter names; any other would silently do nothing


def catalogue(scenario=None) -> Catalogue:
    """The bundled unit and Tactics cards, with the cards of the project the scenario file is in
    over them, plus the scenario's own card files (``cards:``)."""
    return catalogue_with(tuple(getattr(scenario, "cards", ()) or ()), _project(scenario))


def _project(scenario):
    from rulecheck.project_files import project_of

    file = getattr(scenario, "file", None)
    return project_of(file) if file else None


def project_cards_used(scenario) -> dict[str, str]:
    """The cards the scenario's units use that came from its project's cards folder, by name:
    the file, and whether the card took the place of a bundled card of that name."""
    from rulecheck.project_files import card_sources

    project = _project(scenario)
    if project is None:
        return {}
    used = {str(e.get("profile", name)) for name, e in (scenario.units or {}).items()}
    out = {}
    for name, (path, replaced) in card_sources(project, ["gundam_assemble"]).items():
        if name in used:
            shown = path.relative_to(project.root) if path.is_relative_to(project.root) else path
            out[name] = f"{shown}" + (" (in place of the bundled card of that name)" if replaced else "")
    return out


def _attack_error(scenario, field: tuple, message: str, prefix: tuple = ("attack",)) -> InputError:
    line = scenario.doc.line((*prefix, *field)) if scenario.doc is not None else None
    return InputError(scenario.file, line, field_name((*prefix, *field)), message)


def _engine_error(scenario, exc: AttackError, prefix: tuple = ("attack",)) -> InputError:
    """An engine complaint about the attack section, pointed at the field it names if any: the
    error's ``field``, or a leading ``attack.<field>:`` in its message."""
    if exc.field:
        return _attack_error(scenario, field_path(exc.field), str(exc), prefix)
    field, _, message = str(exc).partition(": ")
    if field.startswith("attack."):
        return _attack_error(scenario, field_path(field.removeprefix("attack.")), message, prefix)
    return _attack_error(scenario, (), str(exc), prefix)


def check_unit_cards(scenario) -> None:
    """Every unit names a card of the catalogue, with known statuses and hit points its card
    allows: anything else is bad input at its line. Run as a scenario with an attack is read
    (``gundam_assemble.scenario_from_doc``), so every command that reads it checks this once."""
    cards = catalogue(scenario).units
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
                f"unknown unit: no card {entry[key]!r} in rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml"
                + (" or the scenario's card files" if getattr(scenario, "cards", ()) else "")
                + " "
                f"(cards: {', '.join(sorted(cards))})",
            )
        if problem := state_beyond_card(entry, cards[entry[key]]):
            raise scenario.doc.error(("units", i, problem[0]), problem[1])


def state_beyond_card(entry, card: UnitProfile) -> tuple[str, str] | None:
    """The field and the reason when a unit entry states hit points its card makes impossible:
    below 1 (a unit at 0 is defeated and off the board) or above the card's maximum (no effect
    heals past it). Such a state would otherwise be resolved as given, without a word. Shields
    are not bounded by the card: a Shield token can pass from one unit to another (FAQ Q.45)."""
    hp = entry.get("hp", card.hp)
    if isinstance(hp, int) and hp < 1:
        return "hp", f"{hp} hit points: a unit at 0 is defeated and leaves the board (GA-DEF-1, GA-DEF-2)"
    if isinstance(hp, int) and hp > card.hp:
        return "hp", f"{hp} hit points: more than the {card.hp} of {card.name}'s card"
    return None


def _check_attack_limits(scenario, attack: dict, prefix: tuple = ("attack",)) -> None:
    """What the schema leaves open: hexes within the coordinate limit, a card used at most
    ``MAX_CARD_USES`` times, and no more than ``MAX_ATTACK_DICE`` scripted faces in all."""
    hexes = [(("area", i), h) for i, h in enumerate(attack.get("area") or [])]
    hexes += [
        (("responses", i, "to"), r["to"]) for i, r in enumerate(attack.get("responses") or []) if "to" in r
    ]
    for name, value in (attack.get("critical_moves") or {}).items():
        nested = isinstance(value, list) and value and all(isinstance(v, list) for v in value)
        hexes += [(("critical_moves", name, j), h) for j, h in enumerate(value)] if nested else []
        hexes += [] if nested else [(("critical_moves", name), value)]
    for path, h in hexes:
        if any(abs(c) > limits.MAX_COORDINATE for c in h):
            raise _attack_error(
                scenario, path, f"coordinates beyond +/-{limits.MAX_COORDINATE} (limit of rulecheck)", prefix
            )
    names = scenario.units
    known = f"units: {', '.join(names)}"
    for key in ("attacker", "target", "crit_target"):
        named = attack.get(key)
        for j, name in enumerate(named if isinstance(named, list) else [named] if key in attack else []):
            if not isinstance(name, str) or name not in names:
                where = (key, j) if isinstance(named, list) else (key,)
                raise _attack_error(
                    scenario, where, f"no unit named {name!r} in this scenario ({known})", prefix
                )
    for i, name in enumerate(attack.get("defeat_order") or []):
        if name not in names:
            raise _attack_error(
                scenario, ("defeat_order", i), f"no unit named {name!r} in this scenario ({known})", prefix
            )
    choices = attack.get("defeat_prevented_by")
    for name in choices if isinstance(choices, dict) else ():
        if name not in names:
            raise _attack_error(
                scenario,
                ("defeat_prevented_by", name),
                f"no unit named {name!r} in this scenario ({known})",
                prefix,
            )
    # A Response's target is checked by the engine as it reads the Response (setup.response_from_data).
    for i, r in enumerate(attack.get("responses") or []):
        if "unit" in r and r["unit"] not in names:
            raise _attack_error(
                scenario,
                ("responses", i, "unit"),
                f"no unit named {r['unit']!r} in this scenario ({known})",
                prefix,
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
                prefix,
            )
    dice = attack.get("dice") or []
    faces = sum(len(v) for v in dice.values()) if isinstance(dice, dict) else len(dice)
    faces += sum(len(r.get("dice") or ()) for r in attack.get("responses") or [])
    if faces > limits.MAX_ATTACK_DICE:
        raise _attack_error(
            scenario,
            ("dice",),
            f"{faces} scripted faces: beyond the limit of {limits.MAX_ATTACK_DICE}",
            prefix,
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
    _check_attack_limits(scenario, attack)
    try:
        battle = battle_from_entries(scenario.board, scenario.units, catalogue(scenario))
    except KeyError as exc:
        raise InputError(scenario.file, None, "units", str(exc).strip("'\"")) from None
    try:
        decl = declaration_from_data(attack, battle, catalogue(scenario))
    except AttackError as exc:
        raise _engine_error(scenario, exc) from None
    check_card_dice(scenario, attack, decl)
    return battle, decl, rules, attack


def check_card_dice(scenario, attack: dict, decl: AttackDeclaration, prefix: tuple = ("attack",)) -> None:
    """The dice scripted for the cards' own rolls (``dice.card``) are as many as the Responses
    roll, each used once: a die too few or too many is one line before the attack resolves."""
    dice = attack.get("dice")
    scripted = len(dice.get("card") or []) if isinstance(dice, dict) else 0
    needed = card_dice_needed(decl)
    if scripted != needed:
        raise _attack_error(
            scenario,
            ("dice", "card") if scripted else ("dice",),
            f"{plural(scripted, 'card die', 'card dice')} scripted, but the cards used roll {needed} "
            "of their own (dice: {card: [...]})",
            prefix,
        )


def explain(scenario, rules: Rulebook) -> Explanation:
    """Resolve the attack a loaded ``GAScenario`` describes (or its ``attacks`` one after another)."""
    if getattr(scenario, "attacks", None):
        return explain_sequence(scenario, rules)
    battle, decl, rules, attack = attack_inputs(scenario, rules, "explain")
    try:
        result = resolve_attack(battle, decl, scripted_dice(attack.get("dice")), rules)
    except AttackError as exc:
        raise _engine_error(scenario, exc) from None
    except DiceScriptError as exc:  # the scripted faces do not match the roll the attack needs
        key = exc.purpose if isinstance(attack.get("dice"), dict) else None
        raise _attack_error(scenario, ("dice", key) if key else ("dice",), str(exc)) from None
    # Effects a card set for the end of the turn: the scenario's turn ends with its attack.
    _, waited = resolve_delayed(result.battle, rules, "scenario")
    events = (*result.events, *waited)
    outcome = result.outcome()
    if cards_from := project_cards_used(scenario):
        outcome["cards_from"] = cards_from
    return Explanation(scenario.title, events, outcome, interpretations_cited(events))


def explain_sequence(scenario, rules: Rulebook) -> Explanation:
    """A scenario's ``attacks``: attacks resolved one after another on the same battle, with
    ``{end: activation}`` and ``{end: turn}`` between them where effects run out (durations)."""
    steps = list(scenario.attacks)
    interpretations: dict = {}
    for i, item in enumerate(steps):
        for name, option in (item.get("interpretations") or {}).items():
            if interpretations.get(name, option) != option:
                raise _attack_error(
                    scenario,
                    ("interpretations", name),
                    f"{name} is {interpretations[name]} earlier",
                    ("attacks", i),
                )
            interpretations[name] = option
    if interpretations:
        try:
            rules = rules.with_changes(interpretations=interpretations, name="scenario")
        except RulebookError as exc:
            raise InputError(scenario.file, scenario.doc.line(("attacks",)), "attacks", exc.message) from None
    cards = catalogue(scenario)
    battle = battle_from_entries(scenario.board, scenario.units, cards)
    events: list = []
    outcomes: list = []
    for i, item in enumerate(steps):
        prefix = ("attacks", i)
        if "end" in item:
            how = {"activation": end_activation, "turn": end_turn}.get(item["end"])
            if how is None or len(item) != 1:
                raise _attack_error(scenario, ("end",), "expected {end: activation} or {end: turn}", prefix)
            battle, ended = how(battle, rules)
            events += ended
            continue
        attack = {k: v for k, v in item.items() if k != "interpretations"}
        _check_attack_limits(scenario, attack, prefix)
        try:
            decl = declaration_from_data(attack, battle, cards)
            check_card_dice(scenario, attack, decl, prefix)
            result = resolve_attack(battle, decl, scripted_dice(attack.get("dice")), rules)
        except AttackError as exc:
            raise _engine_error(scenario, exc, prefix) from None
        except DiceScriptError as exc:
            key = exc.purpose if isinstance(attack.get("dice"), dict) else None
            raise _attack_error(scenario, ("dice", key) if key else ("dice",), str(exc), prefix) from None
        battle = result.battle
        events += result.events
        outcomes.append(result.outcome())
    battle, waited = resolve_delayed(battle, rules, "scenario")  # the scenario's turn ends here
    events += waited
    outcome = {**(outcomes[-1] if outcomes else {}), "attacks": outcomes}
    if cards_from := project_cards_used(scenario):
        outcome["cards_from"] = cards_from
    return Explanation(scenario.title, tuple(events), outcome, interpretations_cited(events))
