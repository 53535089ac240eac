"""Moves made by cards during an attack: a Dash and a Push of a number of hexes.

A ``dash`` effect moves its card's own unit up to ``hexes`` hexes; a ``push`` effect moves a
target of the attack ``hexes`` hexes away from the card's unit. The chapter names Push and Pull
only in the titles of two FAQ questions (Q.23, Q.37) and never says how far or which way such a
move goes, so those are named readings:

* ``push_direction``: ``away_from_pusher`` (each hex of the push takes the unit one hex farther
  from the pushing unit) or ``any_direction``;
* ``push_distance``: ``up_to`` (1 to N hexes) or ``exactly`` (N hexes);
* ``dash_through_units``: ``blocked_by_units`` (a way of at most N steps through hexes no other
  unit or structure stands on) or ``passes_units`` (only the hex it ends on must be free).

Where the unit ends is the player's choice and is scripted in the scenario: a Response's ``to``,
the attack's ``critical_moves`` for a weapon's critical effect. ``check_scripted_moves`` checks
every scripted hex against the board before the attack resolves (off the board, occupied, too
far, the wrong way), so a bad hex is one line of error at its field and never a failure halfway
through a trace. The chapter says nothing of terrain for such moves, so whether one may end on
higher ground is the placeholder ``card_move_terrain`` (by default terrain does not stop one;
water never does). What the move changes afterwards (a target beyond range, Line of Sight, engagement,
the attacker's terrain) is the engine's usual work on the new board (``ResponseWindows.place``).

Also here: a card used before the attack that acts on one enemy acts on the one its player names
(``check_named_enemies``, ``named_enemy``), since no unit is a target yet; and the Responses that
wait for a move (windows ``after_dash`` and ``after_enemy_move``, ``after_move``), a unit's or a
Tactics card's, used right after a Dash or Push made in a Response window or by a critical hit
effect (the reading ``critical_move_responses``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rulecheck_gundam_assemble.engine.abilities import Effect
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError, Response
from rulecheck_gundam_assemble.engine.responses import RESPONSE_CLAUSE, RESPONSE_TITLE, WINDOW_CLAUSE
from rulecheck_gundam_assemble.engine.units import Battle
from rules.hexgrid import Hex, distance, neighbours
from rules.rulebook import Rulebook
from rules.wording import plural

MOVE_KINDS = ("dash", "push", "pull")
MOVE_CHOICE = "move"  # a waiting Response's scripted choice: which of the moves that fit it it answers
# The readings a move of each kind asks for (cited on its event). A Pull is a Push the other way
# (FAQ Q.23 names the two together), so the same two readings say how far and which way it goes.
MOVE_READINGS = {
    "dash": ("dash_through_units",),
    "push": ("push_direction", "push_distance"),
    "pull": ("push_direction", "push_distance"),
}


def move_problem(
    battle: Battle,
    kind: str,
    hexes: int,
    mover: str,
    start: Hex,
    to: Hex,
    pusher: Hex | None,
    rules: Rulebook,
) -> str | None:
    """Why ``mover`` cannot end a ``kind`` of ``hexes`` hexes from ``start`` on ``to``, or None."""
    board = battle.board
    where = list(to)
    if not board.on_board(to):
        return f"{where} is off the board"
    occupant = board.figure_at(to) or board.structure_at(to)
    if occupant is not None and occupant.name != mover:
        return f"{occupant.name} stands on {where}"
    moved = distance(start, to)
    if moved == 0:
        return f"{where} is the hex {mover} stands on: a {kind} moves it at least one hex"
    # reading: card_move_terrain (asked only of a move that climbs)
    if climbs(board, start, to) and rules.interpretation("card_move_terrain") == "no_climbing":
        return (
            f"{where} is at elevation {board.elevation(to)}, above {list(start)} at "
            f"{board.elevation(start)}: a {kind} made by a card does not climb"
        )
    if kind == "dash":
        if moved > hexes:
            return f"{where} is {plural(moved, 'hex')} from {list(start)}, beyond the Dash's {hexes}"
        # reading: dash_through_units
        if rules.interpretation("dash_through_units") == "blocked_by_units" and not _free_way(
            battle, mover, start, to, hexes
        ):
            return f"every way of at most {plural(hexes, 'hex')} from {list(start)} to {where} passes another unit"
        return None
    word = kind.capitalize()
    # reading: push_distance
    if rules.interpretation("push_distance") == "exactly" and moved != hexes:
        return f"{where} is {plural(moved, 'hex')} from {list(start)}: the {word} moves it exactly {hexes}"
    if moved > hexes:
        return f"{where} is {plural(moved, 'hex')} from {list(start)}, beyond the {word}'s {hexes}"
    # reading: push_direction
    if pusher is not None and rules.interpretation("push_direction") == "away_from_pusher":
        step = 1 if kind == "push" else -1  # a Pull comes one hex nearer with each hex
        if (distance(pusher, to) - distance(pusher, start)) * step != moved:
            way, unit = ("away from", "pushing") if kind == "push" else ("towards", "pulling")
            return (
                f"{where} is not straight {way} the {unit} unit at {list(pusher)} "
                f"(each hex of the {word} takes it one hex {'farther' if step > 0 else 'nearer'}: "
                f"{distance(pusher, start)} -> {distance(pusher, start) + step * moved} hexes, "
                f"not {distance(pusher, to)})"
            )
    return None


def climbs(board, start: Hex, to: Hex) -> bool:
    """Whether a move from ``start`` to ``to`` ends on higher ground (the only case the reading
    card_move_terrain decides; its options agree on every other move)."""
    return board.elevation(to) > board.elevation(start)


def _free_way(battle: Battle, mover: str, start: Hex, to: Hex, hexes: int) -> bool:
    """Whether a way of at most ``hexes`` steps leads from ``start`` to ``to`` through hexes on the
    board that no other unit or structure stands on (breadth first; ``hexes`` is small)."""
    board = battle.board

    def free(h: Hex) -> bool:
        other = board.figure_at(h) or board.structure_at(h)
        return board.on_board(h) and (other is None or other.name == mover)

    frontier, seen = {start}, {start}
    for _ in range(hexes):
        frontier = {n for h in frontier for n in neighbours(h) if n not in seen and free(n)}
        if to in frontier:
            return True
        seen |= frontier
    return False


def _move_effects(effects: Sequence[Effect]) -> list[Effect]:
    return [e for e in effects if e.kind in MOVE_KINDS]


def scripted_hexes(value: Any) -> list[Hex]:
    """A unit's entry of ``critical_moves``: one hex ``[q, r]``, or a list of hexes (one per move
    the critical effect makes of it, in order)."""
    if isinstance(value, Sequence) and value and all(isinstance(v, Sequence) for v in value):
        return [tuple(v) for v in value]
    return [tuple(value)]


def check_scripted_moves(battle: Battle, decl: AttackDeclaration, rules: Rulebook) -> None:
    """Every scripted hex of a dash or push, checked against the board before the attack starts
    (``AttackError`` naming the field). A Response that moves a unit must say where (``to``); a
    hex in ``critical_moves`` needs a weapon whose critical effect moves that unit."""
    attacker = battle.unit(decl.attacker)
    weapon = attacker.profile.weapons.get(decl.weapon)
    check_named_enemies(battle, decl)
    for i, r in enumerate(decl.responses):
        moves = _move_effects(r.ability.effects)
        if r.ability.card is not None:  # a Python ability reads what it needs through its Play
            continue
        if not moves and not any(e.kind == "move" for e in r.ability.effects):
            if r.to is not None:
                raise AttackError(f"{r.ability.name} moves no unit: it takes no hex", f"responses[{i}].to")
            continue
        if r.to is None:
            raise AttackError(
                f"{r.ability.name}: a move effect needs the hex it moves to ('to': [q, r])",
                f"responses[{i}].to",
            )
        for eff in moves:
            mover = _response_mover(battle, decl, r, eff)
            if mover is None or not battle.board.has_piece(mover):  # known only as the attack goes
                continue
            pusher = _hex_of(battle, _response_user(battle, decl, r))
            problem = move_problem(
                battle, eff.kind, eff.hexes, mover, battle.board.piece(mover).hex, r.to, pusher, rules
            )
            if problem:
                raise AttackError(
                    f"{r.ability.name} cannot {eff.kind} {mover} there: {problem}", f"responses[{i}].to"
                )
    crit = weapon.critical if weapon is not None else None
    crit_moves = _move_effects(crit.effects) if crit is not None else []
    for name, value in decl.critical_moves.items():
        field = f"critical_moves.{name}"
        kinds = {e.kind for e in crit_moves}
        if not crit_moves:
            raise AttackError(f"{decl.weapon}'s critical effect moves no unit", field)
        if name not in battle.units or not battle.board.has_piece(name):
            raise AttackError(f"no unit {name!r} on the board", field)
        if name == decl.attacker and "dash" not in kinds:
            raise AttackError(f"{decl.weapon}'s critical effect pushes a target, not the attacker", field)
        if name != decl.attacker and not kinds & {"push", "pull"}:
            raise AttackError(f"{decl.weapon}'s critical effect Dashes the attacker only", field)
        if name != decl.attacker and name not in (decl.target, *decl.more_targets) and decl.area is None:
            raise AttackError(f"{name} is not a target of this attack", field)
        eff = next(e for e in crit_moves if (e.kind == "dash") == (name == decl.attacker))
        here = battle.board.piece(name).hex
        pusher = battle.board.piece(decl.attacker).hex
        for hex_ in value:
            problem = move_problem(battle, eff.kind, eff.hexes, name, here, hex_, pusher, rules)
            if problem:
                raise AttackError(f"the critical effect cannot {eff.kind} {name} there: {problem}", field)
            here = hex_


def check_named_enemies(battle: Battle, decl: AttackDeclaration) -> None:
    """A card used before the attack that acts on one enemy names it (``target``): no unit is a
    target yet (GA-DECL-2), so the player's choice is scripted and must be an enemy on the board."""
    for i, r in enumerate(decl.responses):
        if r.window != "before_attack" or not any(e.on == "one_target" for e in r.ability.effects):
            continue
        field = f"responses[{i}].target"
        owner = battle.unit(r.unit).side if r.unit is not None else r.side
        enemies = [
            n
            for n, u in battle.units.items()
            if u.side != owner and not u.in_reserve and battle.board.has_piece(n)
        ]
        if r.target is None:
            raise AttackError(
                f"{r.ability.name} acts on an enemy the player chooses before the attack: name it "
                f"('target'; enemies on the board: {', '.join(enemies) or 'none'})",
                field,
            )
        if r.target not in enemies:
            raise AttackError(
                f"{r.ability.name}: {r.target} is not an enemy on the board "
                f"(enemies on the board: {', '.join(enemies) or 'none'})",
                field,
            )


def _response_user(battle: Battle, decl: AttackDeclaration, r: Response) -> str | None:
    """The unit a Response speaks of as "this unit": its own, or a Tactics card's side's attacker
    (a defending Tactics card's unit is known only once the targets are, and is checked then)."""
    if r.unit is not None:
        return r.unit
    return decl.attacker if r.side == battle.unit(decl.attacker).side else None


def _response_mover(battle: Battle, decl: AttackDeclaration, r: Response, eff: Effect) -> str | None:
    if eff.kind == "dash":
        return _response_user(battle, decl, r)
    single = (
        decl.target if not decl.more_targets and decl.area is None and r.window != "before_attack" else None
    )
    named = r.target or single
    return named if named in battle.units and battle.board.has_piece(named) else None


def _hex_of(battle: Battle, name: str | None) -> Hex | None:
    return battle.board.piece(name).hex if name and battle.board.has_piece(name) else None


def parse_critical_moves(data: Any) -> Mapping[str, tuple[Hex, ...]]:
    """The attack's ``critical_moves`` ({unit: [q, r]} or {unit: [[q, r], ...]})."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise AttackError(
            "a mapping of the unit moved to the hex it moves to, e.g. {Zaku: [3, 0]}", "critical_moves"
        )
    out = {}
    for name, value in data.items():
        ok = isinstance(value, Sequence) and not isinstance(value, str) and value
        hexes = scripted_hexes(value) if ok else []
        if not hexes or any(
            len(h) != 2 or not all(isinstance(c, int) and not isinstance(c, bool) for c in h) for h in hexes
        ):
            raise AttackError("a hex [q, r], or a list of hexes", f"critical_moves.{name}")
        out[str(name)] = tuple(hexes)
    return out


class CardMoves:
    """The dash and push effects, and the enemy a card names before the attack: methods of one
    attack's state (``attack.AttackState``, which declares every attribute they use)."""

    def named_enemy(self, r: Response, source: str) -> list[str]:
        """The enemy a card used before the attack acts on: the one its player names (checked to
        be an enemy on the board before the attack resolves, ``check_named_enemies``); none if an
        earlier card of the same window has defeated it since."""
        name = r.target  # a Response's, checked before the attack resolves (check_named_enemies)
        if self.piece(name) is None:  # defeated by an earlier card before the attack
            self.emit(
                "before_attack.not_allowed",
                ("GA-DEF-2",),
                f"{source}: {name} is no longer on the board, so the card does nothing to it",
                {"unit": name},
            )
            return []
        self.emit(
            "before_attack.named_enemy",
            ("GA-DECL-2",),
            f"{source}: the player names {name}, an enemy on the board (no unit is a target yet)",
            {"unit": name},
        )
        return [name]

    def card_move(
        self, eff: Effect, name: str, user: str | None, r: Response | None, stage: str, source: str
    ) -> None:
        if self.not_on_the_board(name, stage, source):
            return
        piece = self.piece(name)
        if r is not None:
            queue = [r.to] if r.to is not None else []
        else:
            queue = self.critical_moves_left.setdefault(name, [])
        if not queue:
            raise AttackError(
                f"{source} would {eff.kind} {name} {plural(eff.hexes, 'hex')}: script the hex it moves to "
                f"(critical_moves: {{{name}: [q, r]}})",
                "critical_moves",
            )
        to = tuple(queue.pop(0))
        pusher = self.piece(user).hex if eff.kind != "dash" and user and self.piece(user) else None
        problem = move_problem(self.battle, eff.kind, eff.hexes, name, piece.hex, to, pusher, self.rules)
        if problem:  # the board changed since the attack began (an earlier move): checked again now
            raise AttackError(f"{source} cannot {eff.kind} {name} there: {problem}")
        readings = [k for k in MOVE_READINGS[eff.kind] if k != "push_direction" or pusher is not None]
        if climbs(self.battle.board, piece.hex, to):
            readings.append("card_move_terrain")
        verb = {"dash": "Dashes", "push": "is Pushed", "pull": "is Pulled"}[eff.kind]
        by = (
            f" {'away from' if eff.kind == 'push' else 'towards'} {user}"
            if eff.kind != "dash" and user
            else ""
        )
        self.emit(
            f"{stage}.{eff.kind}",
            ("GA-CRIT-2",) if stage == "critical" else (WINDOW_CLAUSE.get(stage, "GA-SEQ-13"),),
            f"{source}: {name} {verb} {plural(distance(piece.hex, to), 'hex')}{by} "
            f"({eff.kind.capitalize()} {eff.hexes}), from {list(piece.hex)} to {list(to)}",
            {"unit": name, "from": list(piece.hex), "to": list(to), "hexes": eff.hexes},
            "; ".join(self.rules.cite(k) for k in readings),
        )
        self.place(name, to, stage, source)
        self.after_move(name, eff.kind, stage)

    def after_move(self, moved: str, kind: str, stage: str) -> None:
        """The Responses waiting for this move (``after_dash``: their unit Dashed;
        ``after_enemy_move``: an enemy of their unit moved to a hex within its ``within``), used
        now, in the window the move was made in (each once). A Tactics card's unit is the one the
        reading ``tactics_move_window_unit`` gives (``move_window_unit``). After a move made by a
        critical hit effect they are used at the critical step, unless the reading
        ``critical_move_responses`` keeps that step closed to Responses."""
        if stage not in RESPONSE_CLAUSE:
            return
        waiting = [
            (i, r)
            for i, r in enumerate(self.decl.responses)
            if r.window in ("after_dash", "after_enemy_move")
        ]
        # GA-SEQ-14: when both players answer the same move, the attacker's resolve first
        waiting.sort(key=lambda item: self.owner_side(item[1]) != self.side)
        for i, r in waiting:
            if not self.answers_this_move(i, r, moved, kind, stage):
                continue
            unit = self.move_window_unit(r, moved, kind, stage)
            if unit is None:
                continue
            self.move_responses_used.add(i)
            if stage == "critical" and not self.critical_move_opens(r, moved):
                continue
            self.emit(
                f"{stage}.after_move",
                (RESPONSE_CLAUSE[stage], "GA-SEQ-13", "GA-SEQ-14"),
                f"{moved} {'Dashed' if kind == 'dash' else 'was moved'}: {r.unit or f'player {r.side}'}'s {r.ability.name} "
                f"({r.window.replace('_', ' ')}) is used now, before the {RESPONSE_TITLE[stage]} step goes on",
                {"unit": moved, "ability": r.ability.name},
                self.rules.cite("critical_move_responses") if stage == "critical" else None,
            )
            self.tactics_unit = unit if r.unit is None else None
            if MOVE_CHOICE in r.choices:  # used here, not by the card's own effects
                r = replace(r, choices={k: v for k, v in r.choices.items() if k != MOVE_CHOICE})
            try:
                self.respond(r, stage)
            finally:
                self.tactics_unit = None

    def answers_this_move(self, i: int, r: Response, moved: str, kind: str, stage: str) -> bool:
        """Whether the waiting Response ``i`` answers this move. Which of the moves that fit it a
        player answers is that player's choice (the chapter gives it to no rule): scripted as the
        Response's choice 'move' (1 for the first move that fits, 2 for the second, ...).
        Unscripted, it answers the first; a second move that fits it then is refused in strict
        mode (the choice was the player's), else the trace says the first was taken."""
        if not self.fitting_units(r, moved, kind):
            return False
        field = f"responses[{i}].choices"
        wanted = r.choices.get(MOVE_CHOICE)
        if wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 1):
            raise AttackError(
                f"{r.ability.name}: choice 'move' is {wanted!r}, not a count of moves (1 or more)", field
            )
        fits = self.move_fits.get(i, 0) + 1
        self.move_fits[i] = fits
        if i not in self.move_responses_used:
            return wanted is None or fits == wanted
        if wanted is None:
            if self.strict:
                raise AttackError(
                    f"{r.ability.name}: {fits} moves fit it ({moved} moved again); its player names which "
                    "it answers (choice 'move': 1 for the first)",
                    field,
                )
            self.emit(
                f"{stage}.default_choice",
                (RESPONSE_CLAUSE[stage], "GA-SEQ-13"),
                f"{r.ability.name} also fits this move of {moved}; which move it answers is not scripted, "
                "so it answered the first",
                {"ability": r.ability.name, "choice": MOVE_CHOICE, "value": 1},
            )
        return False

    @property
    def move_fits(self) -> dict[int, int]:
        """How many moves have fitted each waiting Response so far (by its index); kept here, made
        on first use, so the resolver's own set-up need not know of it."""
        if "_move_fits" not in self.__dict__:
            self.__dict__["_move_fits"] = {}
        return self.__dict__["_move_fits"]

    def critical_move_opens(self, r: Response, moved: str) -> bool:
        """Whether a Response waiting for a move is used after a critical hit effect's move: the
        chapter lists Responses at three points of the sequence and the critical step is not one
        of them (GA-SEQ-8), so it is the reading critical_move_responses."""
        # reading: critical_move_responses
        if self.rules.interpretation("critical_move_responses") == "open":
            return True
        self.emit(
            "critical.after_move_closed",
            ("GA-SEQ-8", "GA-SEQ-13"),
            f"{moved} was moved by a critical hit effect: {r.ability.name} waits for a move, but the "
            "critical step is no Response window, so it is not used",
            {"unit": moved, "ability": r.ability.name},
            self.rules.cite("critical_move_responses"),
        )
        return False

    def move_window_unit(self, r: Response, moved: str, kind: str, stage: str) -> str | None:
        """The unit whose move (``after_dash``) or whose nearness to the moved enemy
        (``after_enemy_move``) lets this Response be used, or None when it may not be. A unit's
        ability speaks of its own unit; a Tactics card of the unit ``tactics_move_window_unit``
        names: its side's unit in the attack (as for its other effects), or any of its units."""
        found = self.fitting_units(r, moved, kind)
        if len(found) > 1:  # several of its player's units saw the move: the player names one
            return self.named_move_window_unit(r, moved, found, stage)
        return found[0] if found else None

    def fitting_units(self, r: Response, moved: str, kind: str) -> list[str]:
        """The units of the Response's player that let it answer this move (no events)."""
        side = self.owner_side(r)
        if r.unit is not None:
            candidates = [r.unit]
        # reading: tactics_move_window_unit
        elif self.rules.interpretation("tactics_move_window_unit") == "attack_unit":
            own = self.own_unit(r, side)
            candidates = [own] if own is not None else []
        else:
            candidates = [n for n, u in self.battle.units.items() if u.side == side]
        there = self.piece(moved)
        found = []
        for name in candidates:
            if r.window == "after_dash":
                if kind == "dash" and name == moved:
                    found.append(name)
                continue
            here = self.piece(name)
            near = r.ability.reach[1] if r.ability.reach else 0
            if (
                self.battle.unit(moved).side != side
                and here is not None
                and there is not None
                and distance(here.hex, there.hex) <= near
            ):
                found.append(name)
        return found

    def named_move_window_unit(self, r: Response, moved: str, found: list[str], stage: str) -> str:
        """Which of several of its player's units a Tactics card answering a move speaks of as
        "this unit": the card says "your unit" and the chapter gives the choice to no rule, so it
        is the card's player's, scripted as the Response's ``target``; unscripted it is refused in
        strict mode (else the first is taken and the trace says so)."""
        field = f"responses[{self.decl.responses.index(r)}].target" if r in self.decl.responses else "target"
        if r.target in found:
            picked = r.target
        elif r.target is not None:
            raise AttackError(
                f"{r.ability.name}: {r.target} is not one of the units that saw {moved} move "
                f"({', '.join(found)})",
                field,
            )
        elif self.strict:
            raise AttackError(
                f"{r.ability.name}: {', '.join(found)} all saw {moved} move; its player names which "
                "is the card's unit ('target')",
                field,
            )
        else:
            picked = found[0]
        self.emit(
            f"{stage}.move_window_unit",
            (RESPONSE_CLAUSE[stage], "GA-SEQ-13"),
            f"{r.ability.name}: {', '.join(found)} saw {moved} move; "
            + (
                f"its player names {picked} as the card's unit"
                if r.target
                else f"the choice is not scripted; the first, {picked}, is taken"
            ),
            {"ability": r.ability.name, "unit": picked, "options": found},
            self.rules.cite("tactics_move_window_unit"),
        )
        return picked

    def unused_move_responses(self) -> None:
        """A Response scripted for a move that never happened is an error, like an unused die."""
        for i, r in enumerate(self.decl.responses):
            if r.window in ("after_dash", "after_enemy_move") and i not in self.move_responses_used:
                what = "its unit Dashes" if r.window == "after_dash" else "an enemy moves near its unit"
                raise AttackError(
                    f"{r.ability.name} waits for a move ({what}), but no such move was made in this attack",
                    f"responses[{i}]",
                )

    def unused_critical_moves(self) -> None:
        """A hex scripted in ``critical_moves`` that no move used is an error, like an unused die."""
        for name, left in self.critical_moves_left.items():
            if left:
                raise AttackError(
                    f"{plural(len(left), 'hex')} scripted for {name} but the critical effect made no "
                    f"such move (did it trigger?): {', '.join(str(list(h)) for h in left)}",
                    f"critical_moves.{name}",
                )
