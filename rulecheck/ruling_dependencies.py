"""Which readings one ruling rests on: the interpretations it read whose other options change it.

``rulecheck check`` computes, for every scenario of the corpus, the interpretations under whose
other options the scenario fails. ``explain`` answers the same question for one scenario file: it
resolves the ruling again under each other option of each interpretation the ruling read and
compares the outcome, so "rests on" means the same thing in both: another option of that reading
changes the ruling. A reading that was asked but whose every option gives the same outcome is
listed apart, as read only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulecheck.source_yaml import InputError
from rules.rulebook import Rulebook


@dataclass(frozen=True)
class Dependence:
    name: str
    option: str  # the option in force
    changes: tuple[str, ...]  # the other options under which the outcome differs (or is refused)

    @property
    def rests_on(self) -> bool:
        return bool(self.changes)


def _outcome(explain, scenario, rules: Rulebook) -> Any:
    try:
        return explain(scenario, rules).outcome
    except InputError as exc:  # an option that refuses the scripted play changes the ruling too
        return ("refused", exc.message)


def dependencies(explain, scenario, rules: Rulebook, read: dict[str, str]) -> list[Dependence]:
    """For each interpretation the ruling ``read`` (name -> option in force), the other options
    under which ``explain(scenario, rules)`` gives another outcome."""
    base = _outcome(explain, scenario, rules)
    found = []
    for name, option in read.items():
        interp = rules.interpretations.get(name)
        others = [o for o in interp.options if o != option] if interp is not None else []
        changes = tuple(
            o
            for o in others
            if _outcome(explain, scenario, rules.with_changes(interpretations={name: o})) != base
        )
        found.append(Dependence(name, option, changes))
    return found
