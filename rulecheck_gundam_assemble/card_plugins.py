"""Card files and the Python abilities other packages ship.

A card file (``rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml``, or a scenario's own ``cards:`` files) is
read here with line numbers, so a card the vocabulary cannot take is one line naming the file, the
line and the field. Python abilities are found through the entry point group
``rulecheck.abilities``: a package declares, in its ``pyproject.toml``::

    [project.entry-points."rulecheck.abilities"]
    newtype_flash = "my_faction_cards:NewtypeFlash"

and a card file uses it as ``python: newtype_flash``. Entry points are read once per process.

Plugin code (importing the entry point, making the card, every ``resolve`` and ``describe``) runs
through ``run_plugin``: under a time limit, with its printing sent to stderr, and with an exit,
an interrupt or a hang reported as one line naming the ability. The engine gets ``GuardedCard``s.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from rulecheck.locations import corpus_root
from rulecheck.project_config import ProjectConfig
from rulecheck.project_files import project_ability_files, project_card_files, project_of
from rulecheck.schema_check import validate
from rulecheck.source_yaml import InputError, LocatedYaml, field_path, load_yaml
from rulecheck_gundam_assemble.engine.abilities import AbilityError, refuse_other_chapters
from rulecheck_gundam_assemble.engine.declaration import AttackError
from rulecheck_gundam_assemble.engine.units import Catalogue, parse_catalogue
from rulecheck_gundam_assemble.files import card_catalogue
from rulecheck_gundam_assemble.layout import LAYOUT
from rules import limits

GROUP = "rulecheck.abilities"
BUNDLED_CARDS = card_catalogue(corpus_root())
CARD_SCHEMA = LAYOUT.schemas / "gundam_assemble.cards.schema.json"
# Seconds one call into a Python ability's code may take: importing its entry point, making the
# card, reading its window and trigger, each resolve(play) and describe(). A real card takes
# microseconds; one that never returns would otherwise hold the command for ever.
PLUGIN_TIME_LIMIT = 5.0


# --- running plugin code ---------------------------------------------------------------------------


class PluginFault(Exception):
    """Plugin code ran past the time limit, tried to end the process, or raised what no card may
    raise (``SystemExit``, a ``KeyboardInterrupt`` of its own, another ``BaseException``)."""


class _TimeUp(BaseException):
    """Raised into plugin code at the time limit: a BaseException, so a card's own
    ``except Exception`` does not swallow it."""


def run_plugin(fn: Callable[..., Any], *args: Any, limit: float | None = None) -> Any:
    """``fn(*args)`` as plugin code: what it prints to stdout goes to stderr (``--json`` and the
    ruling stay clean), it may run ``limit`` seconds (default ``PLUGIN_TIME_LIMIT``), and anything
    but an ordinary ``Exception`` (which the caller reports) comes back as a ``PluginFault``.

    On the main thread the limit is a SIGALRM timer; a timer already running (a test harness's) is
    saved, still fires on time if it is due first, and is restored afterwards. Off the main thread
    (signals go to the main thread only) the call runs in a daemon thread that is waited for
    ``limit`` seconds and then abandoned: Python cannot stop a thread, so a card that never
    returns keeps that thread busy until the process ends."""
    limit = PLUGIN_TIME_LIMIT if limit is None else limit
    printed = io.StringIO()
    failed = True
    try:
        with contextlib.redirect_stdout(printed):
            if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
                value = _on_a_timer(fn, args, limit)
            else:
                value = _in_a_thread(fn, args, limit)
        failed = False
        return value
    finally:
        # A card that fails is reported in one line; what it printed on the way is shown only
        # with RULECHECK_DEBUG=1, so the error stays the one line on stderr.
        if not failed or os.environ.get("RULECHECK_DEBUG"):
            sys.stderr.write(printed.getvalue())


def _fault(exc: BaseException, limit: float) -> BaseException:
    """What to raise for ``exc`` escaping plugin code (no Ctrl-C pressed): an ordinary exception
    as it is; the rest as a ``PluginFault`` saying what the card did."""
    if isinstance(exc, Exception):
        return exc
    if isinstance(exc, _TimeUp):
        return PluginFault(f"did not return within {limit:g} s (the time limit for plugin code)")
    if isinstance(exc, SystemExit):
        return PluginFault(f"called sys.exit({exc.code!r}); a card may not end the run")
    if isinstance(exc, KeyboardInterrupt):
        return PluginFault("raised KeyboardInterrupt itself (no Ctrl-C was pressed): the card's fault")
    return PluginFault(f"raised {type(exc).__name__}: {exc}")


def _on_a_timer(fn: Callable[..., Any], args: tuple, limit: float) -> Any:
    start = time.monotonic()
    deadline = start + limit
    old_alarm = signal.getsignal(signal.SIGALRM)
    old_int = signal.getsignal(signal.SIGINT)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, 0)
    outer_due = start + old_delay if old_delay else None
    seen: dict[str, Any] = {"outer_fired": False, "user_interrupt": False, "outer_raised": None}

    def on_alarm(signum, frame):
        now = time.monotonic()
        if outer_due is not None and not seen["outer_fired"] and now >= outer_due - 1e-3:
            # the timer that was running before ours is due first: its handler runs, on time
            seen["outer_fired"] = True
            signal.setitimer(signal.ITIMER_REAL, max(deadline - now, 1e-6))
            try:
                _call_handler(old_alarm, signum, frame, signal.SIGALRM)
            except BaseException as exc:  # the outer timer's own doing, not the card's
                seen["outer_raised"] = exc
                raise
            return
        # again shortly, in case the card catches BaseException and carries on
        signal.setitimer(signal.ITIMER_REAL, 0.1)
        raise _TimeUp

    def on_interrupt(signum, frame):
        if old_int in (signal.SIG_IGN, None):  # Ctrl-C is ignored in this process
            return
        seen["user_interrupt"] = True  # a real Ctrl-C: the user's, not the card's
        _call_handler(old_int, signum, frame, signal.SIGINT)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGINT, on_interrupt)
    signal.setitimer(signal.ITIMER_REAL, min(limit, old_delay) if old_delay else limit)
    try:
        value = fn(*args)
    except BaseException as exc:
        if exc is seen["outer_raised"]:
            raise
        if seen["user_interrupt"]:
            # the user's Ctrl-C, whatever the card (or a callback it was in) made of it
            raise KeyboardInterrupt from None
        raise _fault(exc, limit) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_alarm)
        signal.signal(signal.SIGINT, old_int)
        if outer_due is not None and not seen["outer_fired"]:
            signal.setitimer(signal.ITIMER_REAL, max(outer_due - time.monotonic(), 1e-6), old_interval)
        elif old_interval:
            signal.setitimer(signal.ITIMER_REAL, old_interval, old_interval)
    if seen["user_interrupt"]:
        raise KeyboardInterrupt  # pressed while the card ran, which carried on
    return value


def _call_handler(handler: Any, signum: int, frame: Any, sig: int) -> None:
    """Do what the handler in place before ours would have done with this signal."""
    if callable(handler):
        handler(signum, frame)
    elif handler == signal.SIG_DFL:
        signal.signal(sig, signal.SIG_DFL)
        signal.raise_signal(sig)
    # SIG_IGN, or None (a handler not installed from Python): nothing


def _in_a_thread(fn: Callable[..., Any], args: tuple, limit: float) -> Any:
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = fn(*args)
        except BaseException as exc:  # handed over to the calling thread
            outcome["error"] = exc

    worker = threading.Thread(target=run, name="rulecheck plugin code", daemon=True)
    worker.start()
    worker.join(limit)
    if worker.is_alive():
        raise PluginFault(
            f"did not return within {limit:g} s (the time limit for plugin code; left running in "
            "a background thread, as it was not called on the main thread)"
        )
    if "error" in outcome:
        # a Ctrl-C goes to the main thread, so a KeyboardInterrupt here is the card's own
        raise _fault(outcome["error"], limit) from None
    return outcome["value"]


class GuardedCard:
    """A Python ability as the engine sees it: the plugin's card, every call into it through
    ``run_plugin``, and a fault named after the ability (its entry point name)."""

    def __init__(self, entry: str, card: Any):
        self._entry = entry
        self._card = card
        try:
            self.window, self.trigger, self.text, has_resolve = run_plugin(_read_card, card)
        except PluginFault as exc:
            raise AbilityError(
                f"the Python ability {entry!r}: reading its window and trigger {exc}"
            ) from None
        except Exception as exc:
            raise AbilityError(
                f"the Python ability {entry!r} cannot be read: {type(exc).__name__}: {exc}"
            ) from None
        if has_resolve:  # without one, the engine refuses the card for having no resolve(play)
            self.resolve = self._resolve

    def _resolve(self, play: Any) -> None:
        try:
            run_plugin(self._card.resolve, play)
        except PluginFault as exc:
            raise AttackError(f"{play.source}: the Python ability {self._entry!r} {exc}") from None

    def describe(self) -> str:
        if not callable(getattr(type(self._card), "describe", None)):
            return self.text or type(self._card).__name__
        try:
            return str(run_plugin(self._card.describe))
        except Exception as exc:
            why = str(exc) if isinstance(exc, PluginFault) else f"failed: {type(exc).__name__}: {exc}"
            raise AttackError(f"the Python ability {self._entry!r}: describe() {why}") from None


def _read_card(card: Any) -> tuple[Any, Any, str, bool]:
    return (
        getattr(card, "window", None),
        getattr(card, "trigger", "own_attack"),
        getattr(card, "text", "") or "",
        callable(getattr(card, "resolve", None)),
    )


class _Lazy(dict):
    """Entry point name -> its card, importing a package's module only when a card file names it."""

    def __init__(self, eps: dict[str, Any]):
        super().__init__(eps)

    def __getitem__(self, name: str) -> Any:
        ep = super().__getitem__(name)
        if isinstance(ep, Path):  # a project's own ability: cards/NAME.py
            where, load = f"the project's Python ability {name} ({ep})", lambda: _load_project_ability(ep)
        else:
            where, load = f"the entry point {name} = {ep.value}", ep.load
        try:  # a broken plugin is bad input, not a crash
            cls = run_plugin(load)
        except PluginFault as exc:
            raise AbilityError(f"{where} cannot be loaded: importing it {exc}") from None
        except Exception as exc:
            raise AbilityError(f"{where} cannot be loaded: {type(exc).__name__}: {exc}") from None
        try:
            card = run_plugin(cls) if isinstance(cls, type) else cls
        except PluginFault as exc:
            raise AbilityError(f"{where}: making the card {exc}") from None
        except Exception as exc:
            raise AbilityError(f"{where}: making the card failed: {type(exc).__name__}: {exc}") from None
        return GuardedCard(name, card)


@cache
def python_cards() -> dict[str, Any]:
    """Every Python ability installed in the ``rulecheck.abilities`` group, by entry point name."""
    return _Lazy({ep.name: ep for ep in entry_points(group=GROUP)})


def python_cards_for(project: ProjectConfig | None) -> dict[str, Any]:
    """The Python abilities a project's card file may name: the project's own first (a file
    ``NAME.py`` in its cards folder, defining ``CARD``, the ability's class or object), then the
    installed ones."""
    own = {p.stem: p for p in project_ability_files(project)}
    if not own:
        return python_cards()
    return _Lazy({**{ep.name: ep for ep in entry_points(group=GROUP)}, **own})


def _load_project_ability(path: Path) -> Any:
    """A project's ability file, run as a module of its own (as pytest runs a conftest.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"rulecheck_project_ability_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "CARD"):
        raise AttributeError("it defines no CARD (the ability's class, or an object of it)")
    return module.CARD


# --- card files ------------------------------------------------------------------------------------


def load_cards(path: str | Path, base: Catalogue | None = None) -> Catalogue:
    """A card file, added to ``base`` if given. Bad cards: one ``InputError`` with file:line: field.

    The file is checked against its documented format first
    (``rulecheck_gundam_assemble/schemas/gundam_assemble.cards.schema.json``: every number a whole number within
    its limit), then for names given twice, then by the engine's vocabulary (an effect in a window
    it cannot be used in, say)."""
    return cards_from_doc(load_yaml(path), base)


def cards_from_doc(
    doc: LocatedYaml, base: Catalogue | None = None, *, schema_checked: bool = False
) -> Catalogue:
    """The catalogue of a card file already read (see ``load_cards``). ``schema_checked``: the
    file is known to meet the schema (the bundled one, which the test suite checks), so the
    check is not made again."""
    try:
        refuse_other_chapters(doc.data)  # before the schema, which would call the word unknown
    except AbilityError as exc:
        field, _, message = str(exc).partition(": ")
        _raise(doc, field, message)
    if not schema_checked:
        validate(doc, CARD_SCHEMA)
    check_unique_names(doc)
    try:
        return parse_catalogue(doc.data, python_cards_for(project_of(doc.file)), base)
    except AbilityError as exc:
        field, _, message = str(exc).partition(": ")
        if not message:
            raise InputError(doc.file, None, "", field) from None
        return _raise(doc, field, message)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a card missing a field
        raise InputError(
            doc.file, None, "", f"a card is not in the documented form: {type(exc).__name__} {exc}"
        ) from None


def check_unique_names(doc: LocatedYaml) -> None:
    """Names a scenario or a Response refers to are unique: unit cards and Tactics cards in the
    file, weapons and abilities on one unit card (the engine keeps one card per name, so a second
    would silently replace the first). For a document the schema has accepted."""
    data = doc.data or {}
    lists: list[tuple[tuple, list, str]] = [
        (("units",), data.get("units") or [], "unit card {!r}"),
        (("tactics",), data.get("tactics") or [], "Tactics card {!r}"),
    ]
    for i, unit in enumerate(data.get("units") or []):
        of = f" of {unit['name']!r}"
        lists.append((("units", i, "weapons"), unit.get("weapons") or [], "weapon {!r}" + of))
        lists.append((("units", i, "abilities"), unit.get("abilities") or [], "ability {!r}" + of))
    for path, entries, noun in lists:
        first: dict[str, int] = {}
        for j, entry in enumerate(entries):
            name = entry["name"]
            if name in first:
                line = doc.line((*path, first[name], "name"))
                raise doc.error(
                    (*path, j, "name"), f"{noun.format(name)} is listed twice (first at line {line})"
                )
            first[name] = j


def _raise(doc, field: str, message: str):
    path = field_path(field)
    raise InputError(doc.file, doc.line(path), field, message) from None


@cache
def bundled_catalogue() -> Catalogue:
    # The shipped card file is checked against its schema by tests/test_card_schema.py; checking
    # it again on every start (jsonschema's import and the check) was an eighth of the CPU of a
    # one-scenario check. Its names and vocabulary are still checked as it is read.
    return cards_from_doc(load_yaml(BUNDLED_CARDS), schema_checked=True)


# A corpus run asks for the same scenario's cards once per step that needs them, and again on
# every dependency re-run: reading, validating and parsing a card file cost more than the attack.
# A catalogue is built once per set of files (over one project's cards) and kept while none of
# them changes on disk.
_CATALOGUES: dict[tuple, tuple[Catalogue, Catalogue]] = {}
_CATALOGUES_KEPT = 64


def catalogue_with(extra_files: tuple[str, ...] = (), project: ProjectConfig | None = None) -> Catalogue:
    """The bundled cards, with a project's own cards over them (``project_catalogue``), plus a
    scenario's own card files (paths already resolved)."""
    base = project_catalogue(project)
    if not extra_files:
        return base
    key = _files_key(extra_files)
    kept = _CATALOGUES.get(key) if key is not None else None
    if kept is not None and kept[0] is base:
        return kept[1]
    cat = base
    for f in extra_files:
        cat = load_cards(f, cat)
    if key is not None:
        if len(_CATALOGUES) >= _CATALOGUES_KEPT:
            _CATALOGUES.clear()
        _CATALOGUES[key] = (base, cat)
    return cat


def project_catalogue(project: ProjectConfig | None) -> Catalogue:
    """The bundled cards with every card of the project's cards folder added; a project's card
    named as a bundled one takes its place (a user's card may carry a name the bundled test data
    uses). Read again when a card file changes."""
    files = project_card_files(project)
    if not files:
        return bundled_catalogue()
    return _over_bundled(tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))


@cache
def _over_bundled(files: tuple[tuple[str, int, int], ...]) -> Catalogue:
    own = None
    for path, _, _ in files:
        own = load_cards(path, own)  # a name given twice among the project's files is refused
    bundled = bundled_catalogue()
    return Catalogue(
        {**{k: v for k, v in bundled.units.items() if k not in own.units}, **own.units},
        {**{k: v for k, v in bundled.tactics.items() if k not in own.tactics}, **own.tactics},
    )


def _files_key(files: tuple[str, ...]) -> tuple | None:
    """The files' names and contents (a changed file is another key); None if one cannot be
    read, so that the load refuses it as it always has. The contents, not the modification
    times: a file rewritten within the clock's resolution is still seen."""
    from rulecheck.input_files import read_input  # it imports InputError from source_yaml

    try:
        return tuple((str(f), read_input(f, limits.MAX_YAML_BYTES, "a card file")) for f in files)
    except InputError:
        return None
