"""Abilities written in Python, for card text the data vocabulary (``abilities.py``) cannot say.

A card is a small class, the way a card-game engine implements each card::

    from rulecheck_gundam_assemble.engine.python_abilities import CardAbility

    class NewtypeFlash(CardAbility):
        window = "after_attack_roll"       # any of abilities.WINDOWS
        trigger = "own_attack"             # any of abilities.TRIGGERS
        text = "Reroll one die; if it shows 8 or more, Damage+1"

        def resolve(self, play):
            face = play.choose("die", sorted(set(play.faces)))   # a scripted choice
            new = play.reroll([face])
            if new[0] >= 8:
                for target in play.targets:
                    play.effect({"kind": "damage_plus", "amount": 1}, recipients=[target])
            play.emit("rerolled", ("GA-ROLL-1",), f"rerolled {face} into {new[0]}")

Another package ships its cards by naming each class in the entry point group
``rulecheck.abilities``; a card file then uses it by that name (``python: newtype_flash``). The
engine never imports anything itself: the catalogue loader (``rulecheck_gundam_assemble.card_plugins``) finds the
entry points and hands the classes over.

``resolve`` gets a ``Play``: the attack as the card sees it, and the only way to change it. Every
change goes through the same code as the data vocabulary (``effect``), so windows, reach, timing
and clause citations are the same; ``emit`` adds an event, which must cite at least one clause id of
the rulebook. Choices are scripted inputs (a Response's ``choices``): an unscripted choice is an
error in strict mode (the default) and a scripted choice the card never asks for is an error too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulecheck_gundam_assemble.engine.abilities import AbilityError, Effect, parse_effect
from rulecheck_gundam_assemble.engine.declaration import AttackError


class CardAbility:
    """Base class for a Python ability or Tactics card (see the module docstring)."""

    window: str = "before_attack_roll"
    trigger: str = "own_attack"
    text: str = ""

    def describe(self) -> str:
        return self.text or type(self).__name__

    def resolve(self, play: Play) -> None:  # pragma: no cover - every card overrides it
        raise NotImplementedError


class Choices:
    """A Response's scripted choices, each to be used exactly once."""

    def __init__(self, owner: str, scripted: Mapping[str, Any], strict: bool = True):
        self.owner = owner
        self.scripted = dict(scripted)
        self.used: set[str] = set()
        self.strict = strict
        self.defaults: list[tuple[str, Any]] = []  # unscripted choices taken by default (not strict)

    def choose(self, key: str, options: Sequence[Any] | None = None) -> Any:
        options = list(options) if options is not None else None
        if key in self.scripted:
            value = self.scripted[key]
            if options is not None and value not in options:
                raise AttackError(
                    f"{self.owner}: choice {key!r} is {value!r}, not one of {options}", "choices"
                )
            self.used.add(key)
            return value
        if self.strict or not options:
            shown = f" (options: {', '.join(map(str, options))})" if options else ""
            raise AttackError(f"{self.owner}: the choice {key!r} is not scripted{shown}", "choices")
        self.defaults.append((key, options[0]))
        return options[0]

    def finish(self) -> None:
        unused = sorted(set(self.scripted) - self.used)
        if unused:
            raise AttackError(
                f"{self.owner}: the scripted choice {unused[0]!r} was never asked for", "choices"
            )


class Play:
    """What a Python ability sees and may do while it resolves in one window of one attack."""

    def __init__(self, resolver: Any, response: Any, window: str, side: str, choices: Choices):
        self._r = resolver
        self._response = response
        self.window = window
        self.side = side
        self.user: str | None = response.unit  # None for a Tactics card
        self._choices = choices
        self.source = f"{response.unit or f'player {side}'}'s {response.ability.name}"

    # --- what the card can see -------------------------------------------------------------------
    @property
    def attacker(self) -> str:
        return self._r.decl.attacker

    @property
    def weapon(self) -> str:
        return self._r.weapon.name

    @property
    def targets(self) -> list[str]:
        return list(self._r.targets)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(self._r.faces)

    @property
    def battle(self) -> Any:
        return self._r.battle

    def unit(self, name: str) -> Any:
        return self._r.battle.unit(name)

    # --- what the card can do ---------------------------------------------------------------------
    def choose(self, key: str, options: Sequence[Any] | None = None) -> Any:
        """A choice the card's player makes: read from the Response's scripted ``choices``."""
        return self._choices.choose(key, options)

    def emit(
        self, name: str, clauses: Sequence[str], text: str, data: Mapping[str, Any] | None = None
    ) -> None:
        """An event in the trace, step ``<window>.card.<name>``; ``clauses`` are rulebook ids."""
        clauses = tuple(clauses)
        unknown = [c for c in clauses if c not in self._r.rules.clauses]
        if not clauses or unknown:
            raise AttackError(
                f"{self.source}: an event must cite clause ids of the rulebook "
                f"({'none given' if not clauses else 'unknown: ' + ', '.join(unknown)})"
            )
        self._r.emit(f"{self.window}.card.{name}", clauses, f"{self.source}: {text}", dict(data or {}))

    def effect(self, data: Mapping[str, Any], recipients: Sequence[str] | None = None) -> None:
        """Apply one effect of the data vocabulary (``{"kind": "damage_plus", "amount": 1}``) in this
        window, with the same checks, timing and events as a card written as data."""
        try:
            eff = parse_effect(data, self.window, f"{self.source} effect")
        except AbilityError as exc:
            raise AttackError(str(exc)) from None
        fixed = list(recipients) if recipients is not None else None
        self._r.apply_effect(
            eff, self.window, self.source, self.user, self._response, fixed, self._response.ability
        )

    def reroll(self, faces: Sequence[int]) -> tuple[int, ...]:
        """Reroll these faces of the attack (from the ``reroll`` dice); returns the new faces."""
        if self.window != "after_attack_roll":
            raise AttackError(f"{self.source}: dice can be rerolled only After Attack Roll")
        before = len(self._r.faces)
        self._r.dice_effect(Effect("reroll", len(faces)), self.window, self.source, _Picked(list(faces)))
        return tuple(self._r.faces[before - len(faces) :])


class _Picked:
    """A stand-in Response carrying only the dice a card picked to reroll."""

    def __init__(self, faces: list[int]):
        self.dice = tuple(faces)
