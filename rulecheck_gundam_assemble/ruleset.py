"""Gundam Assemble scenarios: the YAML format, the compact map, and their validation.

The format is documented by ``rulecheck_gundam_assemble/schemas/gundam_assemble.scenario.schema.json`` and
docs/scenarios.md. Everything a schema cannot say (two pieces in one hex, a piece off the board, an unknown
side, duplicate names, map marks) is checked here, each as a one-line error at the right line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulecheck.input_files import problem_with
from rulecheck.locations import corpus_root
from rulecheck.ruleset_api import Corpus
from rulecheck.rulesets import project_corpus
from rulecheck.schema_check import validate
from rulecheck.source_yaml import InputError, LocatedYaml, PathKey, load_yaml
from rulecheck_gundam_assemble import (
    CORPUS_TESTS,
    EQUIVALENT_MUTANTS,
    FEATURES,
    OVERLAYS,
    SCENARIOS,
    SCHEMAS,
    STEP_MODULES,
)
from rulecheck_gundam_assemble import explain as gundam_assemble_explain
from rulecheck_gundam_assemble import odds as gundam_assemble_odds
from rulecheck_gundam_assemble.engine.board import Board, HexTerrain, Piece, hexagon, rectangle
from rulecheck_gundam_assemble.engine.terrain import TerrainError, TerrainKind, parse_kind, rulebook_kinds
from rulecheck_gundam_assemble.files import RULESET, card_catalogue
from rules import limits
from rules.hexgrid import Hex, from_offset
from rules.rulebook import load as load_rulebook

DEFAULT_SIDES = ("A", "B")
PIECE_SECTIONS = (("units", "unit"), ("structures", "structure"), ("garrisons", "garrison"))

DEFAULT_SYMBOLS = {"~": "water"}


def _cell_pattern(symbols: dict[str, str]) -> re.Pattern[str]:
    kinds = "".join(re.escape(c) for c in symbols)
    return re.compile(
        rf"^(?:(?P<dot>\.)|(?P<elev>\d)?(?P<kind>[{kinds}])?)(?P<mark>[A-Za-z])?$"
        if kinds
        else r"^(?:(?P<dot>\.)|(?P<elev>\d)?(?P<kind>(?!))?)(?P<mark>[A-Za-z])?$"
    )


@dataclass(frozen=True)
class MapCell:
    hex: Hex
    terrain: HexTerrain | None  # None: no hex here ('-')
    mark: str | None
    line: int  # 1-based line within the map text


def parse_map(text: str, symbols: dict[str, str] | None = None) -> list[MapCell]:
    """Read a compact map. Raises ``ValueError("line N: ...")`` for a bad cell.

    One text line per row, cells separated by spaces; row r is the r-th non-blank line and the
    cell in column c is hex ``from_offset(c, r)`` (odd-r layout: indent odd rows by half a cell
    so the picture matches the table). ``symbols`` maps a terrain kind's map symbol to its name
    (default: ``~`` for water); a cell is [elevation digit][symbol][piece letter].
    """
    symbols = dict(DEFAULT_SYMBOLS if symbols is None else symbols)
    cell_re = _cell_pattern(symbols)
    shown = ", ".join(f"'{c}' for {k}" for c, k in symbols.items())
    cells: list[MapCell] = []
    row = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        tokens = raw.split()
        if not tokens:
            continue
        for col, token in enumerate(tokens):
            h = from_offset(col, row)
            if token == "-":
                cells.append(MapCell(h, None, None, lineno))
                continue
            m = cell_re.match(token)
            if not m or token == "":
                raise ValueError(
                    f"line {lineno}: cell {token!r} in column {col} is not a map cell "
                    f"(expected '.', an elevation digit, a terrain symbol ({shown}), optionally followed "
                    "by a piece letter)"
                )
            elev = int(m["elev"]) if m["elev"] else 0
            terrain = symbols[m["kind"]] if m["kind"] else "open"
            cells.append(MapCell(h, HexTerrain(elev, terrain), m["mark"], lineno))
        row += 1
    if not cells:
        raise ValueError("line 1: the map has no cells")
    return cells


@dataclass(frozen=True)
class GAScenario:
    """A loaded scenario: the board, the raw entries (for the attack engine), and where it came from."""

    file: str
    title: str
    board: Board
    units: dict[str, dict[str, Any]] = field(default_factory=dict)  # name -> its YAML entry
    attack: dict[str, Any] | None = None
    doc: LocatedYaml | None = None
    cards: tuple[str, ...] = ()  # the scenario's own card files, as paths
    attacks: list[dict[str, Any]] | None = None  # attacks one after another, and ends of activations/turns


def build_board(
    doc: LocatedYaml,
    data: dict[str, Any],
    base: PathKey = (),
    pieces_given: bool = True,
) -> tuple[Board, dict[str, dict[str, Any]]]:
    """Board and unit entries from scenario data (a file, or the same keys built from a feature).

    ``pieces_given=False`` builds a map whose piece letters are still to be named (a feature
    gives the map first and the pieces in the next step)."""

    def err(path: PathKey, message: str) -> InputError:
        return doc.error((*base, *path), message)

    def hex_at(path: PathKey, value: Any) -> Hex:
        """A hex from ``[q, r]``, within the coordinate limit (a far-off hex would make Line of
        Sight walk a line of billions of hexes)."""
        if (
            not isinstance(value, (list, tuple))
            or len(value) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in value)
        ):
            raise err(path, f"expected a hex [q, r] of two whole numbers, got {value!r}")
        if any(abs(c) > limits.MAX_COORDINATE for c in value):
            raise err(path, f"coordinates beyond +/-{limits.MAX_COORDINATE} (limit of rulecheck)")
        return tuple(value)

    sides = tuple(data.get("sides") or DEFAULT_SIDES)
    declared, symbols = terrain_kinds(doc, data, base)
    known = set(rulebook_kinds(load_rulebook(RULESET))) | set(declared)
    extent: set[Hex] | None = None
    board_spec = data.get("board")
    if board_spec:
        size = _board_size(board_spec)
        if size > limits.MAX_BOARD_HEXES:
            raise err(("board",), f"a board of {size} hexes is beyond the limit of {limits.MAX_BOARD_HEXES}")
        if "centre" in board_spec:
            hex_at(("board", "centre"), board_spec["centre"])
        if "width" in board_spec:
            extent = set(rectangle(board_spec["width"], board_spec["height"]))
        elif "radius" in board_spec:
            extent = set(hexagon(board_spec["radius"], tuple(board_spec.get("centre", (0, 0)))))
        else:
            extent = set()  # listed_only: the hexes and map below give it

    hexes: dict[Hex, HexTerrain] = {}
    marks: dict[str, Hex] = {}
    mark_lines: dict[str, int] = {}
    if "map" in data:
        if board_spec:
            raise err(("board",), "give the board's extent with 'board' or with 'map', not both")
        # A block scalar ("map: |") starts on the line after its key.
        first = (doc.line((*base, "map")) or 1) + (1 if "\n" in data["map"] else 0)
        try:
            cells = parse_map(data["map"], symbols)
        except ValueError as exc:
            where, _, msg = str(exc).partition(": ")
            raise InputError(doc.file, first + int(where.split()[1]) - 1, "map", msg) from None
        if len(cells) > limits.MAX_BOARD_HEXES:
            raise err(
                ("map",), f"a map of {len(cells)} cells is beyond the limit of {limits.MAX_BOARD_HEXES}"
            )
        extent = set()
        for cell in cells:
            if cell.terrain is None:
                continue
            extent.add(cell.hex)
            if cell.terrain != HexTerrain():
                hexes[cell.hex] = cell.terrain
            if cell.mark:
                if cell.mark in marks:
                    raise InputError(
                        doc.file, first + cell.line - 1, "map", f"mark {cell.mark!r} appears twice"
                    )
                marks[cell.mark] = cell.hex
                mark_lines[cell.mark] = first + cell.line - 1

    listed_only = bool(board_spec and board_spec.get("listed_only"))
    seen: set[Hex] = set()
    for i, entry in enumerate(data.get("hexes") or []):
        h = hex_at(("hexes", i, "at"), entry["at"])
        if h in seen:
            raise err(("hexes", i, "at"), f"hex {list(h)} is listed twice")
        seen.add(h)
        if listed_only:
            extent.add(h)
        elif extent is not None and h not in extent:
            raise err(("hexes", i, "at"), f"hex {list(h)} is off the board")
        terrain = entry.get("terrain", "open")
        if terrain not in known:
            raise err(
                ("hexes", i, "terrain"),
                f"unknown terrain kind {terrain!r} (declared: {', '.join(sorted(known))}; "
                "declare more under 'terrain_kinds')",
            )
        hexes[h] = HexTerrain(entry.get("elevation", 0), terrain)

    pieces: list[Piece] = []
    names: dict[str, PathKey] = {}
    occupied: dict[tuple[str, Hex], str] = {}
    used_marks: set[str] = set()
    units: dict[str, dict[str, Any]] = {}
    for section, kind in PIECE_SECTIONS:
        for i, entry in enumerate(data.get(section) or []):
            path = (section, i)
            if len(pieces) >= limits.MAX_UNITS:
                raise err(path, f"more than {limits.MAX_UNITS} pieces (limit of rulecheck)")
            name = entry["name"]
            if len(str(name)) > limits.MAX_NAME_LENGTH:
                raise err((*path, "name"), f"a name longer than {limits.MAX_NAME_LENGTH} characters")
            if name in names:
                raise err((*path, "name"), f"duplicate name {name!r}")
            names[name] = path
            if entry["side"] not in sides:
                raise err((*path, "side"), f"unknown side {entry['side']!r} (sides: {', '.join(sides)})")
            if kind == "unit":
                for key in ("hp", "shields", "deactivated_shields", "energy", "timeline"):
                    value = entry.get(key, 0)
                    if isinstance(value, int) and abs(value) > limits.MAX_STAT:
                        raise err((*path, key), f"{value} is beyond the limit of {limits.MAX_STAT}")
                units[name] = entry
            if entry.get("in_reserve"):
                continue
            if "mark" in entry:
                mark = entry["mark"]
                if mark not in marks:
                    raise err((*path, "mark"), f"mark {mark!r} is not on the map")
                used_marks.add(mark)
                h = marks[mark]
            else:
                h = hex_at((*path, "at"), entry["at"])
            if extent is not None and h not in extent:
                raise err((*path, "at"), f"hex {list(h)} is off the board")
            slot = "structure" if kind == "structure" else "figure"
            if (slot, h) in occupied:
                raise err(
                    (*path, "at" if "at" in entry else "mark"),
                    f"{name!r} and {occupied[(slot, h)]!r} are both in hex {list(h)}",
                )
            occupied[(slot, h)] = name
            pieces.append(Piece(name, entry["side"], h, kind, entry.get("elevation")))
    unused = sorted(set(marks) - used_marks)
    if unused and pieces_given:
        raise InputError(
            doc.file,
            mark_lines[unused[0]],
            "map",
            f"mark {unused[0]!r} names no piece (give a piece 'mark: {unused[0]}')",
        )
    board = Board(hexes, tuple(pieces), sides, frozenset(extent) if extent is not None else None, declared)
    return board, units


def terrain_kinds(
    doc: LocatedYaml, data: dict[str, Any], base: PathKey = ()
) -> tuple[dict[str, TerrainKind], dict[str, str]]:
    """The scenario's own terrain kinds, and every map symbol (the ruleset's and its own)."""
    book = rulebook_kinds(load_rulebook(RULESET))
    symbols = {k.symbol: name for name, k in book.items() if k.symbol and k.symbol != "."}
    declared: dict[str, TerrainKind] = {}
    for name, entry in (data.get("terrain_kinds") or {}).items():
        path = (*base, "terrain_kinds", name)
        if name in book:
            raise doc.error(path, f"{name!r} is a terrain kind of the ruleset already")
        try:
            kind = parse_kind(name, entry, "")
        except TerrainError as exc:
            field, _, message = str(exc).partition(": ")
            raise doc.error((*path, *[f for f in field.split(".") if f]), message) from None
        if kind.symbol and kind.symbol in symbols:
            raise doc.error((*path, "symbol"), f"symbol {kind.symbol!r} already marks {symbols[kind.symbol]}")
        if kind.clause is not None and kind.clause not in load_rulebook(RULESET).clauses:
            raise doc.error((*path, "clause"), f"unknown clause {kind.clause!r}")
        if isinstance(kind.accuracy, str) and kind.accuracy not in load_rulebook(RULESET).parameters:
            raise doc.error((*path, "accuracy"), f"{kind.accuracy!r} is neither a number nor a parameter")
        declared[name] = kind
        if kind.symbol:
            symbols[kind.symbol] = name
    return declared, symbols


def card_files(doc: LocatedYaml, data: dict[str, Any], base: PathKey = ()) -> tuple[str, ...]:
    """The scenario's ``cards:`` files: next to the scenario file, else in its project's cards
    folder, else in the bundled one (``rulecheck.project_files``); each must exist."""
    from rulecheck.project_files import find_file, project_of, searched

    out = []
    for i, name in enumerate(data.get("cards") or []):
        path = Path(doc.file).parent / name
        problem = problem_with(path)
        if problem == "no such file" and "/" not in str(name):
            project = project_of(doc.file)
            try:
                path, problem = find_file("cards", str(name), [RULESET], project).path, None
            except InputError:
                where = searched("cards", [RULESET], project)
                raise doc.error(
                    (*base, "cards", i), f"no card file {name!r} next to the scenario or in {where}"
                ) from None
        if problem == "no such file":
            raise doc.error((*base, "cards", i), f"no card file {name!r} next to the scenario")
        if problem:
            raise doc.error((*base, "cards", i), f"the card file {name!r} {problem}")
        out.append(str(path))
    return tuple(out)


def _board_size(spec: dict[str, Any]) -> int:
    """Hexes on a board given by its extent, computed without building it."""
    if "width" in spec:
        return int(spec["width"]) * int(spec["height"])
    if "radius" in spec:
        r = int(spec["radius"])
        return 3 * r * (r + 1) + 1
    return 0


def parse_scenario(doc: LocatedYaml) -> GAScenario:
    validate(doc, SCHEMAS / "gundam_assemble.scenario.schema.json")
    data = doc.data
    board, units = build_board(doc, data)
    return GAScenario(
        doc.file,
        data.get("title", Path(doc.file).stem),
        board,
        units,
        data.get("attack"),
        doc,
        card_files(doc, data),
        data.get("attacks"),
    )


def scenario_from_doc(doc: LocatedYaml) -> GAScenario:
    """A scenario. One with an attack names its units by their cards, so they are checked
    against the cards here: every command that reads the file (``draw`` and ``los`` too, which
    need only the positions) refuses an unknown unit or a state its card makes impossible, at
    its line. A board with no attack names its pieces freely (Line of Sight needs no card)."""
    scenario = parse_scenario(doc)
    if scenario.attack or scenario.attacks:
        gundam_assemble_explain.check_unit_cards(scenario)
    return scenario


def load_scenario(path: str | Path) -> GAScenario:
    return scenario_from_doc(load_yaml(path))


def explain(scenario: GAScenario, rules):
    """Resolve the scenario's attack (see ``gundam_assemble_explain``)."""
    return gundam_assemble_explain.explain(scenario, rules)


def odds(scenario: GAScenario, rules):
    """Exact odds of the scenario's attack (see ``gundam_assemble_odds``)."""
    return gundam_assemble_odds.odds(scenario, rules)


def draw(scenario: GAScenario, rules, origin: str | None = None, target: str | None = None, **options) -> str:
    """The scenario as SVG with its ruling, resolved first (see ``gundam_assemble_draw``)."""
    from rulecheck_gundam_assemble.draw import draw

    return draw(scenario, rules, origin, target, **options)


def line_of_sight(scenario: GAScenario, rules, origin: str, target: str, mode: str = "standard"):
    """The ``LineOfSight`` hook: Line of Sight between two pieces (see ``gundam_assemble_los``)."""
    from rulecheck_gundam_assemble.los import line_of_sight

    return line_of_sight(scenario, rules, origin, target, mode)


# The step of rulecheck_gundam_assemble/steps/board.py that loads a scenario file by name.
_SCENARIO_FILE_STEP = re.compile(r'the scenario "(?P<name>[^"]+)"')


def scenario_file_named(step_text: str) -> str | None:
    """The ``ScenarioFileSteps`` hook: the file ``Given the scenario "NAME"`` loads."""
    found = _SCENARIO_FILE_STEP.fullmatch(step_text)
    return found["name"] if found else None


def diagram_from_json(shown: dict[str, Any]) -> str:
    """A recorded ruling's board, with its Line of Sight and an area weapon's placed area."""
    from rulecheck_gundam_assemble.diagram import AreaDrawing, board_from_json, draw_board

    board = board_from_json(shown["position"])
    sights = shown.get("sightlines") or ([shown["los"]] if shown.get("los") else [])  # every When's line
    attack = shown.get("attack") if isinstance(shown.get("attack"), dict) else {}
    area = None
    if attack.get("area") and board.has_piece(attack.get("attacker", "")):
        area = AreaDrawing(board.piece(attack["attacker"]).hex, frozenset(tuple(h) for h in attack["area"]))
    return draw_board(board, lines_of_sight=sights, area=area, outcome=shown.get("outcome"))


def scenario_inputs(scenario: GAScenario) -> list[tuple[str, str]]:
    """The ``ScenarioInputs`` hook: the card files a scenario names."""
    return [(path, "a card file of the scenario") for path in scenario.cards]


# The corpus this package ships (features, their pytest binding, scenario files, overlays).
BUNDLED_CORPUS = Corpus(
    features=FEATURES,
    tests=CORPUS_TESTS,
    scenarios=SCENARIOS,
    overlays=OVERLAYS,
    equivalent_mutants=EQUIVALENT_MUTANTS,
    step_modules=STEP_MODULES,
)


class GundamAssemble:
    """Gundam Assemble as a ``rulecheck.ruleset_api.Ruleset``."""

    name = RULESET
    load_scenario = staticmethod(load_scenario)
    scenario_from_doc = staticmethod(scenario_from_doc)
    explain = staticmethod(explain)
    odds = staticmethod(odds)
    draw = staticmethod(draw)
    diagram_from_json = staticmethod(diagram_from_json)
    card_catalogue = staticmethod(card_catalogue)
    scenario_inputs = staticmethod(scenario_inputs)
    line_of_sight = staticmethod(line_of_sight)
    scenario_file_named = staticmethod(scenario_file_named)

    @staticmethod
    def corpus(root: Path):
        """The bundled corpus (shipped in this package) when ``root`` is the bundled corpus's
        folder; another folder given as ``--root`` keeps the layout by ruleset name it always had."""
        if Path(root).resolve() == corpus_root().resolve():
            return BUNDLED_CORPUS
        return project_corpus(RULESET, root, STEP_MODULES)

    @staticmethod
    def example_project() -> dict[str, str]:
        from rulecheck_gundam_assemble.example import example_project

        return example_project()

    @staticmethod
    def rulebook():
        return load_rulebook(RULESET)

    @staticmethod
    def outcome_lines(outcome: dict[str, Any]) -> list[str]:
        from rulecheck_gundam_assemble.outcome import outcome_lines

        return outcome_lines(outcome)

    @staticmethod
    def phrases():
        from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases  # imports pytest-bdd

        return GundamAssemblePhrases.phrases()

    @property
    def explore(self):
        from rulecheck_gundam_assemble.explore import EXPLORER  # imports hypothesis

        return EXPLORER


ADAPTER = GundamAssemble()
