"""Gundam Assemble board, Line of Sight and reach steps.

A position is given in the feature itself (a compact map plus a pieces table, or a hexes table)
or by naming a file under rulecheck_gundam_assemble/scenarios/gundam_assemble/. Steps translate to engine calls and assert
on results and events; the rules live in rulecheck_gundam_assemble/engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, then, when

from rulecheck.source_yaml import LocatedYaml
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.diagram import board_to_json
from rulecheck_gundam_assemble.engine.board import Board, HexTerrain
from rulecheck_gundam_assemble.engine.line_of_sight import LosMode, LosResult, piece_line_of_sight
from rulecheck_gundam_assemble.engine.targeting import ReachCheck, check_reach
from rulecheck_gundam_assemble.engine.terrain import rulebook_kinds
from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases as P
from rules.rulebook import load as load_rulebook
from steps.common import (
    cell_error,
    expect,
    expect_cited,
    expect_interpretation_named,
    parse_hex,
    parse_hex_list,
    project_file,
    step_location,
    table_errors,
    table_rows,
    table_rows_at,
    unquote,
)


@dataclass
class GAContext:
    """The position and the latest answers within one scenario."""

    board: Board | None = None
    map_text: str | None = None
    map_line: int = 0
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    scenario: Any = None  # a loaded GAScenario when the position came from a file
    los: LosResult | None = None
    los_pair: tuple[str, str] | None = None
    reach: ReachCheck | None = None
    reach_target: str | None = None  # whom the last reach check was about
    terrain_kinds: dict[str, dict[str, Any]] = field(default_factory=dict)  # declared in the feature

    def require_board(self) -> Board:
        if self.board is None:
            raise AssertionError("no board yet: start with 'Given the board:' or 'Given the scenario ...'")
        return self.board


@pytest.fixture
def ga_context() -> GAContext:
    return GAContext()


def _board_from_feature(
    request, ctx: GAContext, data: dict[str, Any], lines: dict, pieces_given=True
) -> None:
    file, _ = step_location(request)
    if ctx.terrain_kinds:
        data = {**data, "terrain_kinds": ctx.terrain_kinds}
    doc = LocatedYaml(file, data, lines)
    ctx.board, ctx.units = ga.build_board(doc, data, pieces_given=pieces_given)
    _show(request, ctx.board)


def _show(request, board: Board) -> None:
    """Let the docs site draw the position as soon as it is known; later steps add to it."""
    request.getfixturevalue("ruling").show(ga.RULESET, board_to_json(board))


# --- positions ----------------------------------------------------------------------------------


@given(P.board_map.parser)
def board_map(request, ga_context: GAContext, docstring: str):
    """A compact map; pieces follow in 'the pieces:' (a map alone is a board without pieces)."""
    _, line = step_location(request)
    ga_context.map_text = docstring
    ga_context.map_line = line
    _board_from_feature(
        request, ga_context, {"map": docstring}, {(): line, ("map",): line}, pieces_given=False
    )


@given(P.pieces_table.parser)
@table_errors(columns="name, side, and mark or at; optional: kind, elevation")
def pieces_table(request, ga_context: GAContext, datatable: list[list[str]]):
    """Columns: name, side, and mark (a letter on the map) or at ([q, r]); optional kind
    (unit, structure, garrison) and, for structures, elevation."""
    _, line = step_location(request)
    data: dict[str, Any] = {}
    lines: dict[tuple, int] = {(): line}
    if ga_context.map_text is not None:
        data["map"] = ga_context.map_text
        lines[("map",)] = ga_context.map_line
    sections: dict[str, list[dict[str, Any]]] = {}
    for row_line, row in table_rows_at(request, datatable):
        kind = row.get("kind", "unit") or "unit"
        section = {"unit": "units", "structure": "structures", "garrison": "garrisons"}.get(kind)
        if section is None:
            raise cell_error(request, row_line, "kind", f"unknown kind {kind!r}")
        entry: dict[str, Any] = {"name": row["name"], "side": row["side"]}
        if row.get("mark"):
            entry["mark"] = row["mark"]
        elif row.get("at"):
            try:
                entry["at"] = list(parse_hex(row["at"]))
            except ValueError as exc:
                raise cell_error(request, row_line, "at", str(exc)) from None
        if row.get("elevation"):
            entry["elevation"] = int(row["elevation"])
        path = (section, len(sections.get(section, [])))
        sections.setdefault(section, []).append(entry)
        for key in ("", "name", "side", "mark", "at"):
            lines[(*path, key) if key else path] = row_line
    data.update(sections)
    _board_from_feature(request, ga_context, data, lines)


@given(P.hexes_table.parser)
@table_errors(columns="at; optional: elevation, terrain")
def hexes_table(request, ga_context: GAContext, datatable: list[list[str]]):
    """Columns: at ([q, r]), elevation, terrain (open or water). Unlisted hexes are open ground."""
    changes = {}
    for row_line, row in table_rows_at(request, datatable):
        try:
            h = parse_hex(row["at"])
        except ValueError as exc:
            raise cell_error(request, row_line, "at", str(exc)) from None
        terrain = row.get("terrain") or "open"
        known = set(rulebook_kinds(load_rulebook(ga.RULESET))) | set(ga_context.terrain_kinds)
        if terrain not in known:
            raise cell_error(request, row_line, "terrain", f"unknown terrain {terrain!r}")
        changes[h] = HexTerrain(int(row.get("elevation") or 0), terrain)
    board = ga_context.board or Board(terrain_kinds=_declared(request, ga_context))
    ga_context.board = board.with_hexes(changes)
    _show(request, ga_context.board)


@given(P.terrain_kinds_table.parser)
def terrain_kinds_table(request, ga_context: GAContext, datatable: list[list[str]]):
    """Terrain kinds beyond open ground and water. Columns: kind, then any of symbol, accuracy,
    line_of_sight (clear or blocks), colour, clause. Give them before the board."""
    for row in table_rows(datatable):
        name = row.pop("kind") if "kind" in row else row.pop("name")
        entry: dict[str, Any] = {k: v for k, v in row.items() if v != ""}
        if "accuracy" in entry:
            entry["accuracy"] = int(entry["accuracy"])
        ga_context.terrain_kinds[name] = entry
    _declared(request, ga_context)  # check them now, at this step's line


def _declared(request, ctx: GAContext) -> dict:
    file, line = step_location(request)
    data = {"terrain_kinds": ctx.terrain_kinds}
    lines = {(): line, ("terrain_kinds",): line}
    kinds, _ = ga.terrain_kinds(LocatedYaml(file, data, lines), data)
    return kinds


@given(P.scenario_file.parser)
def scenario_file(request, ga_context: GAContext, name: str):
    ga_context.scenario = ga.load_scenario(project_file(request, "scenarios", name, ga.RULESET))
    ga_context.board, ga_context.units = ga_context.scenario.board, ga_context.scenario.units
    _show(request, ga_context.board)


@given(P.raise_hex.parser)
def raise_hex(request, ga_context: GAContext, hex_text: str, elevation: int):
    board = ga_context.require_board()
    h = parse_hex(hex_text)
    ga_context.board = board.with_hexes({h: HexTerrain(elevation, board.terrain(h).terrain)})
    _show(request, ga_context.board)


# --- Line of Sight --------------------------------------------------------------------------------

MODES = {
    "": LosMode.STANDARD,
    " for an area of effect attack": LosMode.AREA_EFFECT,
    " with a weapon that ignores Line of Sight": LosMode.IGNORE,
}


@when(P.check_los.parser)
def check_los(ruling, ga_context: GAContext, actor: str, target: str, how: str):
    board = ga_context.require_board()
    a, t = board.piece(actor), board.piece(target)
    ga_context.los = piece_line_of_sight(board, a, t, ruling.rules(ga.RULESET), MODES[how])
    ga_context.los_pair = (actor, target)
    ruling.show(ga.RULESET, board_to_json(board), los=ga_context.los.to_json())
    ruling.record(
        f"los {actor} -> {target}{how}",
        {"clear": ga_context.los.clear, "blockers": sorted(list(b.hex) for b in ga_context.los.blockers)},
    )


def _los(ctx: GAContext) -> LosResult:
    if ctx.los is None:
        raise AssertionError("no Line of Sight was checked yet")
    return ctx.los


def _trace(ctx: GAContext) -> str:
    from rules.events import format_trace

    return format_trace(_los(ctx).events)


def _verdict(los) -> str:
    return "a clear line" if los.clear else f"a line blocked by {_blockers(los)}"


def _blockers(los) -> str:
    return "; ".join(f"{list(b.hex)} ({b.clause}: {b.reason})" for b in los.blockers) or "nothing"


@then(P.los_clear.parser)
def los_clear(ga_context: GAContext):
    los = _los(ga_context)
    expect(los.clear, "Line of Sight to be clear", _verdict(los))


@then(P.los_blocked.parser)
def los_blocked(ga_context: GAContext):
    los = _los(ga_context)
    expect(not los.clear, "Line of Sight to be blocked", _verdict(los))


@then(P.los_not_required.parser)
def los_not_required(ga_context: GAContext):
    los = _los(ga_context)
    expect(not los.required and los.clear, "no Line of Sight check", f"a required check with {_verdict(los)}")


@then(P.los_required.parser)
def los_required(ga_context: GAContext):
    los = _los(ga_context)
    expect(los.required, "a Line of Sight check", "no check (the target is adjacent)")


@then(P.blocked_under.parser)
def blocked_under(ga_context: GAContext, clause: str):
    los = _los(ga_context)
    cited = {b.clause for b in los.blockers}
    expect(
        clause in cited, f"a blocker under {clause}", f"blockers under {', '.join(sorted(cited)) or 'none'}"
    )


@then(P.hex_blocks.parser)
def hex_blocks(ga_context: GAContext, hex_text: str, clause: str):
    los, h = _los(ga_context), parse_hex(hex_text)
    found = sorted(b.clause for b in los.blockers if b.hex == h)
    expect(
        clause in found,
        f"{list(h)} to block the line under {clause}",
        f"{list(h)} blocking under {', '.join(found)}"
        if found
        else f"{list(h)} not blocking ({_verdict(los)})",
    )


@then(P.hex_blocks_as.parser)
def hex_blocks_as(ga_context: GAContext, hex_text: str, kind: str):
    los, h = _los(ga_context), parse_hex(hex_text)
    kinds = sorted({b.kind for b in los.blockers if b.hex == h})
    expect(kind in kinds, f"{list(h)} to block the line as {kind}", f"{', '.join(kinds) or 'not blocking'}")


@then(P.hex_blocks_as_under.parser)
def hex_blocks_as_under(ga_context: GAContext, hex_text: str, kind: str, clause: str):
    """One blocker of that kind, under that clause: a hex may hold terrain and a piece, each
    blocking under its own clause."""
    los, h = _los(ga_context), parse_hex(hex_text)
    found = sorted(f"{b.kind} under {b.clause}" for b in los.blockers if b.hex == h)
    expect(
        f"{kind} under {clause}" in found,
        f"{list(h)} to block the line as {kind} under {clause}",
        ", ".join(found) or "not blocking",
    )


@then(P.piece_blocks.parser)
def piece_blocks(ga_context: GAContext, name: str):
    los = _los(ga_context)
    pieces = sorted(b.piece for b in los.blockers if b.piece)
    expect(name in pieces, f"{name} to block the line", ", ".join(pieces) or "no piece blocking")


@then(P.los_trace_says.parser)
def los_trace_says(ga_context: GAContext, text: str):
    """The explanation a player reads: each blocker's hex and reason, one line each."""
    text = unquote(text)
    events = _los(ga_context).events
    expect(any(text in e.text for e in events), f"a step saying {text!r}", "\n" + _trace(ga_context))


@then(P.nothing_blocks.parser)
def nothing_blocks(ga_context: GAContext):
    los = _los(ga_context)
    expect(not los.blockers, "nothing to block the line", _blockers(los))


@then(P.something_blocks.parser)
def something_blocks(ga_context: GAContext):
    los = _los(ga_context)
    expect(bool(los.blockers), "something to block the line", "no blocker")


@then(P.passes_through.parser)
def passes_through(ga_context: GAContext, hexes: str):
    los = _los(ga_context)
    got = [list(h) for h in los.line.through] if los.line is not None else "no sightline"
    expect(
        los.line is not None and list(los.line.through) == parse_hex_list(hexes),
        f"the line to pass through {hexes}",
        f"{got}",
    )


@then(P.runs_between.parser)
def runs_between(ga_context: GAContext, left: str, right: str):
    los = _los(ga_context)
    pair = {parse_hex(left), parse_hex(right)}
    between = [[list(h) for h in p] for p in los.line.between] if los.line else []
    expect(
        los.line is not None and any(set(p) == pair for p in los.line.between),
        f"the line to run exactly between {left} and {right}",
        f"between {between or 'no pair'}",
    )


@then(P.touches_corner.parser)
def touches_corner(ga_context: GAContext, hex_text: str):
    los = _los(ga_context)
    corners = [list(h) for h in los.line.corners] if los.line else []
    expect(
        los.line is not None and parse_hex(hex_text) in los.line.corners,
        f"the line to touch {hex_text} only at a corner",
        f"corners {corners or 'none'}",
    )


@then(P.choice_count.parser)
def choice_count(ga_context: GAContext, count: int):
    got = len(_los(ga_context).choice_points)
    expect(got == count, f"{count} choice points", f"{got}")


def _choice(los, left: str, right: str):
    want = {parse_hex(left), parse_hex(right)}
    points = [c for c in los.choice_points if {c.left, c.right} == want]
    return points[0] if points else None


@then(P.choice_one_side.parser)
def choice_one_side(ga_context: GAContext, left: str, right: str, blocking: str):
    p = _choice(_los(ga_context), left, right)
    expect(p is not None, f"a choice between {left} and {right}", "no such choice point")
    blocked = sorted(list(h) for h, b in ((p.left, p.left_blocks), (p.right, p.right_blocks)) if b)
    expect(
        blocked == [list(parse_hex(blocking))],
        f"only {blocking} to block at this choice",
        f"blocking: {blocked or 'neither'}",
    )


@then(P.choice_both.parser)
def choice_both(ga_context: GAContext, left: str, right: str):
    p = _choice(_los(ga_context), left, right)
    expect(p is not None, f"a choice between {left} and {right}", "no such choice point")
    expect(
        not p.avoidable, "both hexes to block at this choice", f"a choice with a clear side ({p.to_json()})"
    )


@then(P.trace_cites.parser)
def trace_cites(ga_context: GAContext, clause: str):
    expect_cited(_los(ga_context).events, clause, "trace")


@then(P.trace_interpretation.parser)
def trace_interpretation(ga_context: GAContext, name: str):
    expect_interpretation_named(_los(ga_context).events, name, "trace")


# --- reach: range and Line of Sight together --------------------------------------------------------


@when(P.check_reach_step.parser)
def check_reach_step(ruling, ga_context: GAContext, actor: str, target: str, kind: str, reach: str, how: str):
    board = ga_context.require_board()
    a, t = board.piece(actor), board.piece(target)
    mode = LosMode.IGNORE if how else LosMode.STANDARD
    ga_context.reach_target = target
    ga_context.reach = check_reach(
        board, a, t, ruling.rules(ga.RULESET), int(reach), within_hexes=not kind, mode=mode
    )
    events = [e.to_json() for e in ga_context.reach.events]
    if ga_context.reach.los is not None:
        ruling.show(ga.RULESET, board_to_json(board), los=ga_context.reach.los.to_json(), events=events)
    else:
        ruling.show(ga.RULESET, board_to_json(board), events=events)
    ruling.record(f"reach {actor} -> {target} {kind}{reach}{how}", ga_context.reach.eligible)


def _reach(ctx: GAContext) -> ReachCheck:
    if ctx.reach is None:
        raise AssertionError("no reach check yet")
    return ctx.reach


@then(P.can_affect.parser)
def can_affect(ga_context: GAContext, target: str):
    r = _reach(ga_context)
    about = ga_context.reach_target
    expect(target == about, f"a reach check on {target}", f"a check on {about}")
    expect(r.eligible, f"{target} to be within reach", "out of reach")


@then(P.cannot_affect.parser)
def cannot_affect(ga_context: GAContext, target: str):
    r = _reach(ga_context)
    about = ga_context.reach_target
    expect(target == about, f"a reach check on {target}", f"a check on {about}")
    expect(not r.eligible, f"{target} to be out of reach", "within reach")


@then(P.reach_cites.parser)
def reach_cites(ga_context: GAContext, clause: str):
    cited = {c for e in _reach(ga_context).events for c in e.clauses}
    expect(clause in cited, f"the reach check to cite {clause}", f"a check citing {', '.join(sorted(cited))}")
