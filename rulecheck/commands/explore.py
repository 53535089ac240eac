"""`rulecheck explore OLD NEW`: search positions where two rule versions rule differently, shrink
each difference to a minimal witness, and write the witnesses as scenarios.

Each side is ``book``, an overlay file (or a bundled overlay's name), or one ``NAME=VALUE``
interpretation or parameter change; ``--rev REV`` makes the old side the engine at a git
revision. ``--all-interpretations`` compares every named interpretation's other options with its
default and every bundled overlay with the book. Exit 1 when a difference was found (for one
comparison, or for any of --all-interpretations'), 0 when none was, 2 on bad input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulecheck.corpus import PROJECT_ROOT, project_root
from rulecheck.explore.coverage import (
    Comparison,
    all_comparisons,
    in_shard,
    parse_shard,
    shard_seed,
    sides_for,
)
from rulecheck.explore.report import check_output_dir, format_text, report_json, run_settings, write_output
from rulecheck.explore.search import explore
from rulecheck.explore.versions import at_revision
from rulecheck.help_text import parser_text
from rulecheck.output_overlap import Input, Output, refuse_overlaps
from rulecheck.ruleset_api import ruleset, ruleset_names
from rulecheck.source_yaml import InputError


def kinds(name: str) -> tuple[str, ...]:
    """A ruleset's kinds of position (the first is the default); none if it has no explorer."""
    explorer = ruleset(name).explore
    return tuple(explorer.kinds) if explorer is not None else ()


def default_ruleset() -> str:
    """When no side names a ruleset: the first installed one, by name, that can be explored."""
    return next(name for name in ruleset_names() if kinds(name))


def register(sub) -> None:
    p = sub.add_parser(
        "explore",
        **parser_text(
            "find minimal positions where two rule versions disagree; write them as scenarios",
            """
            Generate positions with hypothesis, rule on each under two rule versions (the book,
            an overlay, one NAME=VALUE change, or the engine at a git revision), shrink every
            difference to a minimal witness, group the witnesses by the first event where the two
            explanation traces part, and write them as scenarios with diagrams. Exit 1 if a
            difference was found, 0 if none was.
            """,
            [
                (
                    "rulecheck explore book los_corner_touch=counts",
                    "where counting corner touches changes Line of Sight",
                ),
                (
                    "rulecheck explore book crits_on_ten_only --kind attack -o explored",
                    "a bundled overlay against the book on attacks, written as scenarios",
                ),
                ("rulecheck explore --rev HEAD~1", "what the last commit changed in the engine"),
                ("rulecheck explore --all-interpretations --budget 10", "every reading against its default"),
            ],
        ),
    )
    p.add_argument(
        "sides",
        nargs="*",
        metavar="SIDE",
        help="OLD NEW: 'book', an overlay file or bundled overlay name, or NAME=VALUE "
        "(with --rev, at most one: the new side, default book)",
    )
    p.add_argument("--rev", metavar="GIT_REV", help="the old side is the engine at this git revision")
    explorable = [name for name in ruleset_names() if kinds(name)]
    p.add_argument("--ruleset", choices=explorable, help=f"default: the overlay's, else {default_ruleset()}")
    p.add_argument(
        "--kind",
        help="; ".join(f"{' or '.join(kinds(name))} ({name})" for name in explorable)
        + " (default: the kind that reads what the sides change, else the first)",
    )
    p.add_argument("--budget", type=float, default=20.0, metavar="SECONDS", help="search time per comparison")
    p.add_argument(
        "--seed", type=int, default=0, help="hypothesis seed (the same seed finds the same witnesses)"
    )
    p.add_argument(
        "--max-positions",
        type=int,
        metavar="N",
        help="also stop after N positions (whether a seed finds a witness then does not depend on load)",
    )
    p.add_argument(
        "--shrink",
        type=float,
        metavar="SECONDS",
        help="time each witness may shrink (default: a quarter of the budget, at least 3 s)",
    )
    p.add_argument("--max-groups", type=int, default=6, metavar="N", help="stop after N groups of witnesses")
    p.add_argument(
        "--all-interpretations",
        action="store_true",
        help="every interpretation option against its default and every bundled overlay against the book",
    )
    p.add_argument(
        "--assert",
        dest="assert_side",
        choices=("new", "old"),
        default="new",
        help="whose ruling the scenarios assert",
    )
    p.add_argument(
        "--with-book",
        action="store_true",
        help="in a project, with --all-interpretations: also compare the bundled overlays with the book "
        "(the project's own overlays are compared either way); the JSON says each comparison's corpus",
    )
    p.add_argument("--shard", metavar="K/N", help="run only the K-th of N deterministic parts of the work")
    p.add_argument(
        "-o", "--output", type=Path, metavar="DIR", help="write features, diagrams and explore.json here"
    )
    p.add_argument(
        "--root", type=project_root, default=PROJECT_ROOT, help="project holding rules/ and scenarios/"
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def _ruleset_of(args) -> str:
    """The ruleset the sides name: ``--ruleset``, else the first overlay's (a file, or a name the
    project's or a bundled overlays folder holds), else the default."""
    if args.ruleset:
        return args.ruleset
    from rulecheck.overlays import find_overlay, load_overlay

    for text in args.sides:
        if text == "book" or ("=" in text and not Path(text).exists()):
            continue
        if Path(text).is_file():
            return load_overlay(text).ruleset
        for name in (n for n in ruleset_names() if kinds(n)):
            try:
                found = Path(find_overlay(text, [name], args.root))
            except InputError:
                continue
            if found.is_file():
                return load_overlay(found).ruleset
    return default_ruleset()


def _kind_reading(ruleset: str, old, new) -> str:
    """No --kind: the kind of position that reads what the sides change (an overlay of critical
    faces explores attacks, one of Line of Sight sightlines), as --all-interpretations picks it;
    the ruleset's first kind when the sides change no rulebook entry (--rev, book against book)."""
    from rulecheck.explore.coverage import kind_for

    interpretations = {**old.interpretations, **new.interpretations}
    parameters = {**old.parameters, **new.parameters}
    if not interpretations and not parameters:
        return kinds(ruleset)[0]
    return kind_for(ruleset, interpretations, parameters)


def _project():
    """The project governing the current folder (its overlays are compared), or None."""
    from rulecheck.project_files import project_of

    return project_of(None)


def _corpus_of(side, project) -> str | None:
    """Where a side came from, in a project: its own overlay file, or the book (an
    interpretation's option, a bundled overlay); None outside a project."""
    if project is None:
        return None
    file = getattr(side, "overlay_file", None)
    return "project" if file and Path(file).resolve().is_relative_to(project.root) else "book"


def _comparisons(names: list[str], root: Path, project, with_book: bool) -> list[Comparison]:
    """--all-interpretations: every interpretation's other options and the overlays. Outside a
    project, the bundled overlays; in one, the project's own (``overlays/<ruleset>/``,
    ``overlays/``), and the bundled ones too with --with-book."""
    from rulecheck.explore.coverage import kind_for
    from rulecheck.explore.versions import bundled_overlays, parse_side
    from rulecheck.overlays import load_overlay
    from rulecheck.project_files import project_folders

    every = all_comparisons(names, root)
    if project is None:
        return every
    bundled = {(name, p.stem) for name in names for p in bundled_overlays(name, root)}
    out = [c for c in every if with_book or (c.ruleset, c.new) not in bundled]
    for name in names:
        files = [
            f
            for folder in project_folders("overlays", [name], project)
            if folder.is_dir()
            for f in sorted(folder.glob("*.yaml"))
        ]
        for path in dict.fromkeys(f.resolve() for f in files):
            if load_overlay(path).ruleset != name:
                continue  # another ruleset's overlay, in the shared folder
            side = parse_side(str(path), name, root)
            kind = kind_for(name, side.interpretations, side.parameters)
            out.append(Comparison(name, "book", str(path), kind))
    return out


def _check_kind(ruleset: str, kind: str) -> None:
    if kind not in kinds(ruleset):
        raise InputError(
            "--kind", None, "", f"{kind!r} is not a kind of {ruleset} position ({', '.join(kinds(ruleset))})"
        )


# A day: far beyond any useful search, and it keeps "no hangs" true of a mistyped budget.
MAX_SECONDS = 86_400.0


def _check_numbers(args) -> None:
    """Budgets are finite positive seconds and counts are at least 1: ``nan``, ``inf``, 0 or a
    negative count would otherwise run forever, stop at once, or search nothing and say so."""
    for flag, seconds in (("--budget", args.budget), ("--shrink", args.shrink)):
        if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # also false for nan
            raise InputError(
                flag, None, "", f"expected seconds above 0 and at most {MAX_SECONDS:g}, got {seconds:g}"
            )
    for flag, count in (("--max-positions", args.max_positions), ("--max-groups", args.max_groups)):
        if count is not None and count < 1:
            raise InputError(flag, None, "", f"expected a count of at least 1, got {count}")


def explore_inputs(args) -> list[Input]:
    """What an exploration reads: the overlay files named as sides, the project's rules and
    scenarios (the bundled overlays and cards) and the engine's rulebooks."""
    from rulecheck.locations import rules_dirs

    found = [Input(text, "the overlay") for text in args.sides if Path(text).is_file()]
    found += [
        Input(args.root / "rules", "the project's rules folder"),
        Input(args.root / "scenarios", "the project's scenarios folder"),
    ]
    found += [Input(folder, "the rulebooks' folder") for folder in rules_dirs()]
    return found


def run(args) -> int:
    shard = parse_shard(args.shard)
    _check_numbers(args)
    if args.output is not None:  # before any search: a refusal should cost nothing
        refuse_overlaps([Output(args.output, "-o", folder=True)], explore_inputs(args))
        check_output_dir(args.output)
    say = (lambda _m: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))

    project = _project()
    if args.with_book and project is None:
        raise InputError(
            "--with-book",
            None,
            "",
            "needs a project (a rulecheck.toml or [tool.rulecheck] table here or above): "
            "without one the bundled overlays are compared alone",
        )
    if args.with_book and not args.all_interpretations:
        raise InputError(
            "--with-book", None, "", "goes with --all-interpretations: two sides compare only themselves"
        )
    if args.all_interpretations:
        if args.sides or args.rev:
            raise InputError("explore", None, "", "--all-interpretations takes no sides and no --rev")
        names = [args.ruleset] if args.ruleset else [n for n in ruleset_names() if kinds(n)]
        every = _comparisons(names, args.root, project, args.with_book)
        comparisons = [c for i, c in enumerate(every) if in_shard(i, shard)]
        explorations = []
        for i, c in enumerate(comparisons, 1):
            old, new = sides_for(c, args.root)
            say(f"[{i}/{len(comparisons)}] {c.ruleset} {c.kind}: {new.label}")
            found = explore(
                old, new, c.kind, args.budget, args.seed, args.max_groups, args.max_positions, args.shrink
            )
            found.corpus = _corpus_of(new, project)
            explorations.append(found)
        return _finish(args, explorations, shard)

    ruleset = _ruleset_of(args)
    if not kinds(ruleset):
        raise InputError("explore", None, "", f"{ruleset} has no positions to explore")
    if args.kind is not None:
        _check_kind(ruleset, args.kind)
    if args.rev:
        if len(args.sides) > 2:
            raise InputError("explore", None, "", "with --rev give at most OLD NEW")
        specs = (["book", "book"] + list(args.sides))[-2:]  # none: book both ways; one: the new side
    else:
        if len(args.sides) != 2:
            raise InputError(
                "explore", None, "", "give two sides, OLD and NEW (or --rev, or --all-interpretations)"
            )
        specs = list(args.sides)
    c = Comparison(ruleset, specs[0], specs[1], args.kind or kinds(ruleset)[0])
    old, new = sides_for(c, args.root)
    kind = args.kind or _kind_reading(ruleset, old, new)
    if args.rev:
        old = at_revision(old, args.rev, args.root)
    try:
        say(f"exploring {ruleset} {kind}: {old.label} vs {new.label} for {args.budget:g} s")
        result = explore(
            old,
            new,
            kind,
            args.budget,
            shard_seed(args.seed, shard),
            args.max_groups,
            args.max_positions,
            args.shrink,
        )
    finally:
        old.close()
        new.close()
    result.corpus = _corpus_of(new, project)
    return _finish(args, [result], shard)


def _finish(args, explorations, shard) -> int:
    report = report_json(explorations, shard, run_settings(args))
    if args.output is not None:
        for path in write_output(args.output, explorations, report, args.assert_side):
            print(f"wrote {path}", file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        print(format_text(explorations, scenarios=not args.all_interpretations, assert_side=args.assert_side))
    # Every mode alike: 1 when any comparison found a difference.
    return 1 if any(e.witnesses for e in explorations) else 0
