"""Units, weapons and the state of a game, as data (section "Choose a Weapon", "Defeated Units").

A ``UnitProfile`` is a unit card: hit points, victory points, Shields, weapons and abilities. A
``UnitState`` is one unit in play: its current hit points, active and deactivated Shields, status
effects, Energy, Upgrades, Timeline position and whether it waits in Reserve. A ``Battle`` holds
the board, every unit's state and the victory points scored. All of them are immutable.

``parse_catalogue`` reads the catalogue's plain data (``rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml``);
it does no I/O itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from rulecheck_gundam_assemble.engine.abilities import (
    ANY_UPGRADE,
    CRITICAL_WINDOWS,
    UPGRADES,
    WEAPON_EFFECT_WINDOWS,
    Ability,
    AbilityError,
    Effect,
    parse_ability,
    parse_effect,
    require_one_of,
)
from rulecheck_gundam_assemble.engine.area_effect import AreaPattern
from rulecheck_gundam_assemble.engine.board import Board, Piece


@dataclass(frozen=True)
class CriticalEffect:
    """A weapon's critical hit effect (GA-WPN-5, GA-CRIT-2, GA-CRIT-3).

    ``crits_needed`` critical dice trigger it; it triggers at most ``crit_effect_triggers_per_attack``
    times per attack unless ``per_crit`` says it repeats for every ``crits_needed`` critical dice.
    ``window`` is when it resolves: at the critical step (GA-SEQ-8), or After Combat Damage when
    its card says so (it still triggers on the roll, but does nothing until then)."""

    effects: tuple[Effect, ...]
    crits_needed: int = 1
    per_crit: bool = False
    window: str = "critical"

    def describe(self) -> str:
        # pragma: no mutate block (presentation: no ruling reads it)
        return ", ".join(e.describe() for e in self.effects)


@dataclass(frozen=True)
class Weapon:
    name: str
    tl_cost: int
    strength: int
    range: int | None = None  # None for an area of effect weapon ("SP")
    area: AreaPattern | None = None
    ignores_los: bool = False
    effects: tuple[Effect, ...] = ()  # weapon effects: apply on every attack (GA-WPN-4)
    critical: CriticalEffect | None = None
    targets: int = 1  # a weapon that allows additional targets attacks up to this many (GA-ROLL-3)
    # weapon effects with a window of their own ("After Attack Roll: ..."), resolved in it
    timed_effects: tuple[Effect, ...] = ()

    @property
    def is_area(self) -> bool:
        return self.area is not None


@dataclass(frozen=True)
class UnitProfile:
    name: str
    hp: int
    vp: int
    shields: int = 0
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    abilities: Mapping[str, Ability] = field(default_factory=dict)


@dataclass(frozen=True)
class Catalogue:
    units: Mapping[str, UnitProfile]
    tactics: Mapping[str, Ability]


@dataclass(frozen=True)
class UnitState:
    name: str
    side: str
    profile: UnitProfile
    hp: int
    shields: int = 0  # active
    deactivated_shields: int = 0
    statuses: frozenset[str] = frozenset()
    energy: int = 0
    upgrades: tuple[str, ...] = ()
    timeline: int = 0
    in_reserve: bool = False
    must_redeploy: bool = False

    def upgrade_count(self, kind: str) -> int:
        """Typed Upgrade tokens (Strength, Shield, Speed) of one type, or of any type (``any``); other
        labels are not counted."""
        return sum(1 for u in self.upgrades if u == kind or (kind == ANY_UPGRADE and u in UPGRADES))

    def to_json(self) -> dict[str, Any]:
        # pragma: no mutate block (presentation: no ruling reads it)
        return {
            "hp": self.hp,
            "shields": self.shields,
            "deactivated_shields": self.deactivated_shields,
            "statuses": sorted(self.statuses),
            "energy": self.energy,
            "upgrades": list(self.upgrades),
            "timeline": self.timeline,
            "in_reserve": self.in_reserve,
            "must_redeploy": self.must_redeploy,
        }


@dataclass(frozen=True)
class Battle:
    board: Board
    units: Mapping[str, UnitState]
    victory_points: Mapping[str, int] = field(default_factory=dict)
    activating: str | None = None  # the unit whose activation is in progress
    activation_ended: bool = False
    # Strength from abilities used before an earlier attack of the activating unit that last for
    # its whole activation (interpretation strength_bonus_duration=whole_activation): (source, amount)
    activation_strength: tuple[tuple[str, int], ...] = ()
    # Modifiers that outlast the attack they were used in ("this turn", "until the end of the
    # activation"), and which enemies each unit has defeated this turn ("if it defeats an enemy
    # this turn"). Both are cleared by ``durations.end_activation`` / ``durations.end_turn``.
    lasting: tuple[Lasting, ...] = ()
    defeated_this_turn: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    garrison_damage: Mapping[str, int] = field(default_factory=dict)  # Garrisons have no hit points here
    uses: tuple[tuple[str, str, str], ...] = ()  # (who, ability, once_per) for limited abilities
    delayed: tuple[Delayed, ...] = ()  # effects waiting for the end of the turn (card_delayed)

    def __post_init__(self) -> None:
        object.__setattr__(self, "units", MappingProxyType(dict(self.units)))
        object.__setattr__(self, "victory_points", MappingProxyType(dict(self.victory_points)))
        object.__setattr__(self, "defeated_this_turn", MappingProxyType(dict(self.defeated_this_turn)))
        object.__setattr__(self, "garrison_damage", MappingProxyType(dict(self.garrison_damage)))

    def unit(self, name: str) -> UnitState:
        try:
            return self.units[name]
        except KeyError:
            raise KeyError(f"no unit named {name!r} in this battle") from None

    def piece(self, name: str) -> Piece | None:
        return self.board.piece(name) if self.board.has_piece(name) else None

    def with_unit(self, state: UnitState) -> Battle:
        return replace(self, units={**self.units, state.name: state})

    def opponent_of(self, side: str) -> str:
        others = [s for s in self.board.sides if s != side]
        return others[0]

    def with_defeat(self, by: str, defeated: str) -> Battle:
        """Remember that ``by`` defeated ``defeated`` this turn."""
        got = self.defeated_this_turn.get(by, ())
        return replace(self, defeated_this_turn={**self.defeated_this_turn, by: (*got, defeated)})


@dataclass(frozen=True)
class Delayed:
    """An effect a card set to happen to ``unit`` at the end of the turn (``card_delayed``)."""

    unit: str
    effect: Effect
    source: str
    window: str  # the window the card was used in (its clause is cited when it resolves)
    by: str | None = None  # the card's unit: whose defeat of ``unit`` it is, if its damage defeats it
    by_attacker: bool = True  # set by the attacking player of its attack (end_of_turn_order)


@dataclass(frozen=True)
class Lasting:
    """A modifier given to ``unit`` that lasts until the end of the activation or the turn."""

    unit: str
    effect: Effect
    amount: int  # the effect's amount when it was given (per_upgrade counted then)
    source: str
    duration: str  # activation | turn


def _pattern(data: Mapping[str, Any], where: str) -> AreaPattern:
    try:
        return AreaPattern(tuple(tuple(h) for h in data["hexes"]), bool(data.get("mirror", False)))
    except (KeyError, TypeError, ValueError) as exc:
        raise AbilityError(f"{where}: {exc}") from None


WEAPON_KEYS = (
    "name",
    "tl_cost",
    "range",
    "strength",
    "area",
    "ignores_los",
    "effects",
    "critical",
    "targets",
    "description",
)
UNIT_KEYS = ("name", "hp", "vp", "shields", "weapons", "abilities", "description")


def _known_keys(data: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    unknown = sorted(set(map(str, data)) - set(allowed))
    if unknown:
        raise AbilityError(f"{where}.{unknown[0]}: unknown key (expected one of {', '.join(allowed)})")


WEAPON_PRINTED = ("range", "tl_cost")  # printed on the weapon, so never a weapon effect


def parse_weapon(data: Mapping[str, Any], where: str) -> Weapon:
    _known_keys(data, WEAPON_KEYS, where)
    area = _pattern(data["area"], f"{where}.area") if "area" in data else None
    rng = data.get("range")
    if (area is None) == (rng is None):
        raise AbilityError(f"{where}: a weapon has either a numeric range or an area pattern")
    listed = data.get("effects") or []
    timed = _timed_weapon_effects(listed, where)
    effects = tuple(
        parse_effect(e, "ongoing", f"{where}.effects[{i}]")
        for i, e in enumerate(listed)
        if not (isinstance(e, Mapping) and "window" in e)
    )
    if any(e.kind == "prevent_defeat" for e in effects):
        raise AbilityError(
            f"{where}.effects: a prevent_defeat effect is an ability of a unit, not of a weapon"
        )
    for i, e in enumerate(effects):
        # A weapon effect applies to every attack with the weapon (GA-WPN-4): to the attack, or to
        # each of its targets. Its own range and cost are printed on the weapon.
        if e.kind in WEAPON_PRINTED:
            raise AbilityError(
                f"{where}.effects[{i}].kind: a weapon's {e.kind} is written as its own {e.kind}, "
                "not as a weapon effect"
            )
        if e.on == "self":  # cannot_be_targeted, say: an ongoing effect with no other recipient
            raise AbilityError(
                f"{where}.effects[{i}]: a weapon effect acts on the attack or its targets, not on its own "
                "unit (that is an ongoing ability of the unit)"
            )
    critical = None
    if "critical" in data:
        c = data["critical"]
        unknown = sorted(set(map(str, c)) - {"effects", "crits_needed", "per_crit", "window"})
        if unknown:
            raise AbilityError(
                f"{where}.critical.{unknown[0]}: unknown key (expected effects, crits_needed, per_crit, window)"
            )
        window = c.get("window", "critical")
        require_one_of(window, CRITICAL_WINDOWS, f"{where}.critical.window", "a critical hit effect window")

        def vocabulary_window(kind: Any) -> str:
            # At the critical step (GA-SEQ-8) the after_attack_roll window is the closest vocabulary
            # window for what an effect may do (extra dice, damage, status).
            if window != "critical":
                return window
            return "after_attack_roll" if kind == "extra_dice" else "before_attack_roll"

        crit_effects = tuple(
            parse_effect(e, vocabulary_window(e.get("kind")), f"{where}.critical.effects[{i}]")
            for i, e in enumerate(c.get("effects") or [])
        )
        for i, e in enumerate(crit_effects):
            if e.kind == "roll_dice":  # how often it triggers is known only from the roll
                raise AbilityError(
                    f"{where}.critical.effects[{i}].kind: a critical hit effect does not roll dice of its "
                    "own (its card's dice could not be scripted before the attack roll)"
                )
            refuse_unscripted_upgrade_type(e, f"{where}.critical.effects[{i}]")
            if e.kind == "move":  # no Response carries its hex: it would stop the attack when rolled
                raise AbilityError(
                    f"{where}.critical.effects[{i}].kind: a critical hit effect that moves a unit is a "
                    "dash or a push with its hexes (the scenario scripts the hex in critical_moves)"
                )
        critical = CriticalEffect(
            crit_effects,
            int(c.get("crits_needed", 1)),
            bool(c.get("per_crit", False)),
            window,
        )
    return Weapon(
        data["name"],
        int(data["tl_cost"]),
        int(data["strength"]),
        None if rng is None else int(rng),
        area,
        # a weapon effect that ignores Line of Sight does so on every attack with it (GA-WPN-4),
        # single-target or area, as the weapon's own ignores_los does
        bool(data.get("ignores_los", False)) or any(e.kind == "ignore_los" for e in effects),
        effects,
        critical,
        _targets(data, where),
        timed,
    )


def _timed_weapon_effects(listed: Any, where: str) -> tuple[Effect, ...]:
    """Weapon effects whose card gives them a window of their own ("After Attack Roll: destroy one
    Upgrade of the target"): checked against that window like an ability's effect. No player
    makes a choice for a weapon effect, so it acts on the targets, the attacker or the area."""
    out = []
    for i, e in enumerate(listed if isinstance(listed, list) else []):
        if not (isinstance(e, Mapping) and "window" in e):
            continue
        at = f"{where}.effects[{i}]"
        window = e["window"]
        require_one_of(window, WEAPON_EFFECT_WINDOWS, f"{at}.window", "a weapon effect's window")
        eff = parse_effect({k: v for k, v in e.items() if k != "window"}, window, at)
        if eff.on in ("one_target", "another_ally"):
            raise AbilityError(
                f"{at}.to: {eff.on!r}: a weapon effect has no player's choice to script "
                "(to: targets, self or attacker)"
            )
        if eff.origin == "one_target":
            raise AbilityError(
                f"{at}.from: 'one_target': a weapon effect has no player's choice to script "
                "(from: targets or self)"
            )
        refuse_unscripted_upgrade_type(eff, at)
        if eff.kind == "attack":
            raise AbilityError(f"{at}.kind: a weapon effect does not make another attack")
        out.append(replace(eff, timing=window))
    return tuple(out)


def refuse_unscripted_upgrade_type(eff: Effect, where: str) -> None:
    """A weapon's gained "Upgrade of any type" is refused: the type is its player's choice, scripted
    on a Response (``choices``), and a weapon or critical effect has no Response to carry it."""
    if eff.kind == "grant_upgrade" and eff.upgrade == ANY_UPGRADE:
        raise AbilityError(
            f"{where}.upgrade: a weapon's gained Upgrade of any type is its player's choice, and a weapon "
            "effect has no Response to script it on: name the type (Strength, Shield, Speed)"
        )


def _targets(data: Mapping[str, Any], where: str) -> int:
    n = data.get("targets", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise AbilityError(f"{where}.targets: {n!r} is not a number of targets (1 or more)")
    if n > 1 and "area" in data:
        raise AbilityError(f"{where}.targets: an area weapon targets every enemy in its area")
    return n


def parse_catalogue(
    data: Mapping[str, Any], python_cards: Mapping[str, Any] | None = None, base: Catalogue | None = None
) -> Catalogue:
    """A catalogue from its data; ``base`` is a catalogue it adds to (a scenario's own card file
    adds to the bundled one; a name both define is an error). ``python_cards``: see parse_ability."""
    if not isinstance(data, Mapping):
        raise AbilityError("(document): a card file is a mapping with 'units' and/or 'tactics'")
    extra = sorted(set(map(str, data)) - {"units", "tactics"})
    if extra:
        raise AbilityError(f"{extra[0]}: unknown key (expected units, tactics)")
    units = dict(base.units) if base else {}
    for i, u in enumerate(data.get("units") or []):
        where = f"units[{i}]"
        _known_keys(u, UNIT_KEYS, where)
        for key in ("name", "hp", "vp"):
            if key not in u:
                raise AbilityError(f"{where}.{key}: a unit card gives its {key}")
        if base and u["name"] in base.units:
            raise AbilityError(f"{where}.name: a unit card {u['name']!r} is already in the catalogue")
        weapons = {}
        for j, w in enumerate(u.get("weapons") or []):
            for key in ("name", "tl_cost", "strength"):
                if key not in w:
                    raise AbilityError(f"{where}.weapons[{j}].{key}: a weapon gives its {key}")
            weapons[w["name"]] = parse_weapon(w, f"{where}.weapons[{j}]")
        abilities = {
            a.get("name"): parse_ability(a, f"{where}.abilities[{j}]", python_cards=python_cards)
            for j, a in enumerate(u.get("abilities") or [])
        }
        units[u["name"]] = UnitProfile(
            u["name"],
            int(u["hp"]),
            int(u["vp"]),
            int(u.get("shields", 0)),
            MappingProxyType(weapons),
            MappingProxyType(abilities),
        )
    tactics = dict(base.tactics) if base else {}
    for i, t in enumerate(data.get("tactics") or []):
        card = parse_ability(t, f"tactics[{i}]", tactics=True, python_cards=python_cards)
        if base and card.name in base.tactics:
            raise AbilityError(f"tactics[{i}].name: a Tactics card {card.name!r} is already in the catalogue")
        tactics[card.name] = card
    return Catalogue(MappingProxyType(units), MappingProxyType(tactics))


def battle_from_entries(
    board: Board, entries: Mapping[str, Mapping[str, Any]], catalogue: Catalogue
) -> Battle:
    """A battle from a scenario's unit entries (name -> YAML entry; see the scenario schema).

    Unstated values come from the unit card: full hit points, all Shields active, no status."""
    units = {}
    activating = None
    for name, e in entries.items():
        profile_name = e.get("profile", name)
        if profile_name not in catalogue.units:
            raise KeyError(f"unit {name!r}: no unit card {profile_name!r} in the catalogue")
        profile = catalogue.units[profile_name]
        units[name] = UnitState(
            name=name,
            side=e["side"],
            profile=profile,
            hp=int(e.get("hp", profile.hp)),
            shields=int(e.get("shields", profile.shields)),
            deactivated_shields=int(e.get("deactivated_shields", 0)),
            statuses=frozenset(e.get("status") or ()),
            energy=int(e.get("energy", 0)),
            upgrades=tuple(e.get("upgrades") or ()),
            timeline=int(e.get("timeline", 0)),
            in_reserve=bool(e.get("in_reserve", False)),
        )
        if e.get("activating"):
            activating = name
    return Battle(board, units, {s: 0 for s in board.sides}, activating)
