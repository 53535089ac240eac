"""The ``Ruleset`` protocol: everything the toolkit asks of a game, and how it finds the games.

The toolkit (the commands, the corpus runner, ``explore``, the docs site) never names a game. It
asks a ``Ruleset`` object, found by its name through the ``rulecheck.rulesets`` entry point
group: a package declares, in its ``pyproject.toml``::

    [project.entry-points."rulecheck.rulesets"]
    my_game = "my_game.rulecheck_adapter:RULESET"

where ``RULESET`` is an object with the attributes and methods of ``Ruleset`` below (a plain
class with static methods will do; nothing needs to subclass anything). The two bundled
rulesets are declared the same way in rulecheck's own ``pyproject.toml``. Entry points are read
once per process; a ruleset's module is imported only when something asks for that ruleset.

This module imports no ruleset (an import-linter contract in ``pyproject.toml`` holds it to that).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rulecheck.source_yaml import InputError
from rules.events import Event

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from rulecheck.phrases import Phrase
    from rulecheck.source_yaml import LocatedYaml
    from rules.rulebook import Rulebook

GROUP = "rulecheck.rulesets"


@dataclass(frozen=True)
class Explanation:
    """A resolved ruling: the trace and the outcome (verdicts, hits, damage, tokens...)."""

    title: str
    events: tuple[Event, ...]
    outcome: dict[str, Any] = field(default_factory=dict)
    interpretations: dict[str, str] = field(default_factory=dict)  # the ones the ruling used

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "outcome": self.outcome,
            "interpretations": self.interpretations,
            "events": [e.to_json() for e in self.events],
        }


def distribution_json(dist) -> dict[str, dict[str, Any]]:
    """An exact distribution {value: Fraction} as JSON: the fraction as text and its float."""
    return {str(k): {"exact": str(v), "p": float(v)} for k, v in dist.items()}


@dataclass(frozen=True)
class Corpus:
    """Where a ruleset keeps its corpus, so the toolkit runs it without knowing the game's layout.

    ``tests`` are the pytest files that bind the feature files to tests (each calls
    ``pytest_bdd.scenarios`` on ``features``); a ``conftest.py`` beside them names, in its
    ``pytest_plugins``, ``rulecheck.pytest_plugin``, ``steps.common`` and the ruleset's own step
    modules, so plain ``pytest`` runs the same corpus ``rulecheck check`` runs. The folder of the
    feature files is named after the ruleset."""

    features: Path
    """The folder of the ``.feature`` files."""
    tests: tuple[Path, ...]
    """The pytest files that bind them."""
    scenarios: Path | None = None
    """The scenario YAML files the features and ``explain`` / ``draw`` read, if any."""
    overlays: Path | None = None
    """The bundled overlays (rule changes a scenario names in ``Given the house rule "NAME"``)."""
    equivalent_mutants: Path | None = None
    """The YAML file of rulebook mutants no scenario can tell from the book (``rulecheck mutate``)."""
    step_modules: tuple[str, ...] = ()
    """The modules of its own step definitions: a user's project of this ruleset, ``--dry-run``
    and ``rulecheck steps`` load these (and the shared ones, ``steps.SHARED``), never another
    ruleset's. The bundled rulesets
    declare theirs in the shared ``steps`` package; the bundled corpus loads every module there
    through its conftest.py."""


@runtime_checkable
class Explorer(Protocol):
    """What ``rulecheck explore`` needs of a ruleset: its kinds of generated position, how to
    generate, rule on, and write each as a scenario. A position is plain JSON in the ruleset's own
    format (its strategies module makes it, its evaluator loads it; see
    ``rulecheck.explore.evaluate``); a witness is a position two rule versions rule on differently."""

    kinds: tuple[str, ...]
    """The kinds of position (``--kind``); the first is the default."""

    def positions(self, kind: str, bias: Any) -> SearchStrategy[dict[str, Any]]:
        """The hypothesis strategy for one kind (from the ruleset's strategies module); ``bias``
        (``rulecheck.explore.strategies.Bias``) weights the generator's choices where
        ``learns(kind)``, and is ignored elsewhere."""
        ...

    def learns(self, kind: str) -> bool:
        """Whether this kind's generator has weights the search may move between rounds."""
        ...

    def evaluator(self, kind: str) -> str:
        """The function that rules on a position of this kind, as ``module:function``: a function
        ``(position, rules, catalogue) -> answer`` of the ruleset's own package (see
        ``rulecheck.explore.evaluate`` for the answer). A request names it, so ``explore --rev``
        imports it from the other revision's checkout; a module outside the project tree (an
        installed package) cannot be compared with a revision."""
        ...

    def catalogue(self) -> Any:
        """What the evaluator needs besides the position (Gundam Assemble: the unit cards), or None."""
        ...

    def catalogue_path(self, root: Path) -> Path | None:
        """Where that catalogue's file lives under a project ``root`` (for ``explore --rev``)."""
        ...

    def kind_for(self, book: Rulebook, interpretations: dict, parameters: dict) -> str:
        """The kind of position that reads these rulebook entries (``--all-interpretations``)."""
        ...

    def stated_position(self, position: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any] | None:
        """The position as a written scenario states it (players' choices made by index become
        the choices themselves), or None when the generated position is already that."""
        ...

    def simpler_positions(self, position: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Every one-step simplification of a witness (``rulecheck.explore.tighten.variants``
        with the ruleset's ``Shape`` does this for JSON positions): without one unit, base,
        piece, card, Response, attack or die, or with a number at 0 or a rounder value. Explore
        keeps a simpler position that still shows the same difference, to a fixpoint. Optional:
        without it, every generic simplification of the JSON is tried."""
        ...

    def used_dice_only(self, position: dict[str, Any], answers: list[dict[str, Any]]) -> dict[str, Any]:
        """The position with its dice pools cut to the faces either answer used (a scenario
        scripts only those). Optional: without it the pools stay as generated."""
        ...

    def agreed_choices(
        self, position: dict[str, Any], refusing: dict[str, Any], ruling: dict[str, Any]
    ) -> dict[str, Any] | None:
        """A stated position one side refuses (``refusing`` has ``refused``: a scripted choice
        not among its legal ones) restated so that both sides rule (a choice left open, or one
        both allow), so the witness's scenario fails by an assertion, not by refusing; None when
        no such statement exists."""
        ...

    def asserted_extra(self, witness: Any, answer: dict[str, Any]) -> list[str]:
        """Outcome keys a written scenario asserts besides the ones that differ."""
        ...

    def witness_thens(self, witness: Any, answer: dict[str, Any], which: int) -> tuple[list[str], list[str]]:
        """The Then steps of a witness: (after the whole, after a first of two actions)."""
        ...

    def witness_steps(
        self, kind: str, witness: Any, answer: dict[str, Any]
    ) -> tuple[list[str], list[str], str, list[str]]:
        """The Given and When steps of a witness: (position steps, more givens, the When, the
        steps of a later action)."""
        ...

    def diagram(self, position: dict[str, Any], rules: Rulebook, title: str) -> str:
        """The position as SVG, under ``rules``."""
        ...


@runtime_checkable
class Ruleset(Protocol):
    """A game the toolkit can check: its rulebook, its scenario format, and its hooks.

    ``odds``, ``draw`` and ``explore`` are None when the ruleset has none; the command that
    needs one then says so in one line.

    Optional (not required of a ruleset, so not declared here; each is asked through a helper
    below that answers for a ruleset without it): ``example_project()``, the files
    ``rulecheck init`` writes for the game, as ``{path: text}`` with paths relative to the new
    project (``features/<name>/...``, ``scenarios/...``, ``cards/...``, ``overlays/...``); its
    scenarios must pass under the book (see ``example_project``); ``scenario_inputs``
    (``ScenarioInputs``), ``line_of_sight`` (``LineOfSight``, for ``rulecheck los``),
    ``scenario_file_named`` (``ScenarioFileSteps``, for the docs site) and ``phrases``
    (``StepPhrases``), the wording of its steps."""

    name: str
    """The name scenario files give as ``ruleset:`` and the commands take as ``--ruleset``."""

    odds: Callable[[Any, Rulebook], Any] | None
    """Exact odds of a scenario: a report with ``format_text()`` and ``to_json()``, and
    optionally ``distributions()``, the ``(label, {value: Fraction})`` pairs ``rulecheck odds``
    tabulates with their "at least" chances."""

    draw: Callable[..., str] | None
    """A scenario as SVG with its ruling: ``draw(scenario, rules, origin, target, **options)``,
    where ``options`` are ``rulecheck.drawing.draw_svg``'s keywords (size, orientation,
    coordinates, colors, arrows, highlights). The engine resolves the ruling first; the drawing
    computes none. ``KeyError`` for an unknown piece named as origin or target;
    ``rulecheck.drawing.DrawOptionError`` for an option value the picture cannot take."""

    explore: Explorer | None

    def rulebook(self) -> Rulebook:
        """The rulebook as the book has it (no overlay)."""
        ...

    def load_scenario(self, path: str | Path) -> Any:
        """A scenario file, checked; ``InputError`` with file, line and field when it is bad."""
        ...

    def scenario_from_doc(self, doc: LocatedYaml) -> Any:
        """The same from a file already read."""
        ...

    def explain(self, scenario: Any, rules: Rulebook) -> Explanation:
        """Resolve what the scenario describes under ``rules``."""
        ...

    def outcome_lines(self, outcome: dict[str, Any]) -> list[str]:
        """An explanation's outcome as the lines ``explain`` prints (unindented)."""
        ...

    def diagram_from_json(self, shown: dict[str, Any]) -> str:
        """The SVG of a ruling the corpus recorded (``position``, ``outcome`` and the
        ruleset's own keys), for the docs site. ``KeyError``, ``TypeError`` or ``ValueError``
        when the record lacks what the drawing needs."""
        ...

    def card_catalogue(self, root: Path) -> Path | None:
        """The bundled card file under a project ``root``, or None when the game has no cards."""
        ...

    def corpus(self, root: Path) -> Corpus:
        """Its features, their pytest bindings, scenario files, overlays and listed equivalent
        mutants. ``root`` is the project ``rulecheck`` runs on (``--root``); a ruleset installed
        from a package of its own ships its corpus in the package and ignores it."""
        ...


@runtime_checkable
class ScenarioInputs(Protocol):
    """An optional hook of a ``Ruleset``: a ruleset whose scenarios read other files has it.

    Not part of ``Ruleset`` itself, so a ruleset without it is still one; the toolkit
    asks through ``scenario_inputs`` below."""

    def scenario_inputs(self, scenario: Any) -> Iterable[tuple[str | Path, str]]:
        """The files a loaded scenario was made from besides its own file, each with how a refusal
        names it (``(path, "a card file of the scenario")``): a command refuses to write over
        them."""
        ...


@runtime_checkable
class StepPhrases(Protocol):
    """An optional hook of a ``Ruleset``: the wording of its steps (``rulecheck.phrases``).

    A ruleset that has it builds its step definitions from the same phrases (``@then(P.x.parser)``)
    and writes explore's scenarios with them; ``rulecheck check --vacuous`` then flips each of its
    Then-steps to the phrase's ``opposite``. Without it, ``--vacuous`` knows only the generic
    negations (``is``/``is not``, ``can``/``cannot``, ...)."""

    def phrases(self) -> Iterable[Phrase]:
        """Every phrase of its table (``PhraseTable.phrases()``), the shared steps' included."""
        ...


def step_phrases(game: Ruleset | None) -> list[Phrase]:
    """What ``game``'s optional ``phrases`` hook gives; none without it (or without a game).
    ``InputError`` when the hook fails or gives something else than phrases (a broken plugin is
    bad input)."""
    if not isinstance(game, StepPhrases):
        return []
    from rulecheck.phrases import Phrase  # imports pytest-bdd: only where steps are run

    where = f"{game.name}.phrases()"
    try:
        phrases = list(game.phrases())
    except Exception as exc:
        raise InputError(GROUP, None, where, f"failed: {type(exc).__name__}: {exc}") from None
    if not all(isinstance(p, Phrase) for p in phrases):
        raise InputError(
            GROUP, None, where, "expected rulecheck.phrases.Phrase objects (PhraseTable.phrases())"
        )
    return phrases


def scenario_inputs(game: Ruleset, scenario: Any) -> list[tuple[str | Path, str]]:
    """What ``game``'s optional ``scenario_inputs`` hook gives for ``scenario``; none without it."""
    return list(game.scenario_inputs(scenario)) if isinstance(game, ScenarioInputs) else []


LOS_MODES = ("standard", "area_effect", "ignore", "within_hexes")
"""The kinds of Line of Sight ``rulecheck los`` asks for: an ordinary attack's, an area of
effect's (``--aoe``), one that ignores Line of Sight (``--ignore-los``) and an effect "within
x" that needs none (``--within-hexes``)."""


@runtime_checkable
class LineOfSight(Protocol):
    """An optional hook of a ``Ruleset``: a game with a Line of Sight between two pieces has it
    (``rulecheck los``); asked through ``line_of_sight`` below."""

    def line_of_sight(self, scenario: Any, rules: Rulebook, origin: str, target: str, mode: str) -> Any:
        """Line of Sight from the piece named ``origin`` to ``target`` under ``rules``, ``mode``
        one of ``LOS_MODES``: a report with ``format_text()`` (what ``los`` prints) and
        ``to_json()``. ``InputError`` naming ``--from`` or ``--to`` for a piece the scenario
        lacks or the same piece twice, and naming the mode's option for one the game has not."""
        ...


def line_of_sight(game: Ruleset) -> Callable[..., Any] | None:
    """``game``'s optional ``line_of_sight`` hook, or None when it has none."""
    return game.line_of_sight if isinstance(game, LineOfSight) else None


@runtime_checkable
class ScenarioFileSteps(Protocol):
    """An optional hook of a ``Ruleset``: a game whose features may load a scenario file by name
    in a step (``Given the scenario "NAME"``) has it; the docs site then shows that file's title
    and description under the step. Asked through ``scenario_file_named`` below."""

    def scenario_file_named(self, step_text: str) -> str | None:
        """The scenario file name a step of this text loads (as the step has it, with or
        without ``.yaml``), or None for any other step."""
        ...


def scenario_file_named(game: Ruleset, step_text: str) -> str | None:
    """The scenario file a step loads, by ``game``'s optional hook; None without one."""
    return game.scenario_file_named(step_text) if isinstance(game, ScenarioFileSteps) else None


def example_project(game: Ruleset) -> dict[str, str] | None:
    """A ruleset's example files for ``rulecheck init`` (its optional ``example_project()``
    hook), or None when it has none. ``InputError`` when the hook fails or gives something else
    than ``{relative path: text}`` under the project's folders (a broken plugin is bad input)."""
    hook = getattr(game, "example_project", None)
    if not callable(hook):
        return None
    where = f"{game.name}.example_project()"
    try:
        files = hook()
    except Exception as exc:
        raise InputError(GROUP, None, where, f"failed: {type(exc).__name__}: {exc}") from None
    if not isinstance(files, dict):
        raise InputError(GROUP, None, where, "expected a mapping of relative paths to file texts")
    allowed = (f"features/{game.name}/", "scenarios/", "cards/", "overlays/")
    for path, text in files.items():
        parts = Path(str(path)).parts
        if (
            not isinstance(path, str)
            or not isinstance(text, str)
            or Path(path).is_absolute()
            or ".." in parts
            or not path.startswith(allowed)
        ):
            raise InputError(GROUP, None, where, f"{path!r}: expected a text file under {', '.join(allowed)}")
    return dict(files)


# --- discovery ----------------------------------------------------------------------------------


@cache
def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def ruleset_names() -> list[str]:
    """Every installed ruleset's name, sorted. Imports no ruleset."""
    return sorted(_entry_points())


def unknown(name: object) -> str:
    return f"unknown ruleset {name!r} (expected one of: {', '.join(ruleset_names())})"


@cache
def ruleset(name: str) -> Ruleset:
    """The installed ruleset of this name. ``InputError`` (one line, exit 2) for a name no
    package installs and for an entry point that cannot be loaded or does not give a Ruleset."""
    ep = _entry_points().get(name)
    if ep is None:
        raise InputError("ruleset", None, "", unknown(name))
    try:
        found = ep.load()
    except Exception as exc:  # a broken plugin is bad input, not a crash
        raise InputError(
            GROUP, None, name, f"the entry point {name} = {ep.value} cannot be loaded: {exc}"
        ) from None
    missing = sorted(a for a in _protocol_attrs(Ruleset) if _lacks(found, a))
    if missing:
        raise InputError(GROUP, None, name, f"{ep.value} is not a Ruleset (it lacks {', '.join(missing)})")
    if found.name != name:
        raise InputError(GROUP, None, name, f"{ep.value} calls itself {found.name!r}, not {name!r}")
    return found


def distribution(name: str) -> tuple[str, str] | None:
    """The (package, version) that installs the ruleset of this name, for a project's CI to
    install the same; None when the entry point does not say."""
    ep = _entry_points().get(name)
    dist = getattr(ep, "dist", None)
    return (dist.name, dist.version) if dist is not None else None


def find(name: object) -> Ruleset | None:
    """The installed ruleset of this name, or None for a name none has (a results file from
    elsewhere may name one); an installed one that cannot be loaded still raises."""
    return ruleset(name) if isinstance(name, str) and name in _entry_points() else None


def _lacks(obj: object, attr: str) -> bool:
    # getattr_static: asking must not run a property (``explore`` imports hypothesis when read)
    return inspect.getattr_static(obj, attr, _lacks) is _lacks


def _protocol_attrs(protocol: type) -> set[str]:
    return {a for a in protocol.__annotations__} | {
        a for a, v in vars(protocol).items() if callable(v) and not a.startswith("_")
    }
