"""`rulecheck check`: run the feature corpus and print pass/fail per clause.

`rulecheck report` (commands/report.py) runs the same corpus and prints the full traceability
report; both take the options defined here, so they select, overlay and export alike.
"""

from __future__ import annotations

from rulecheck import json_output, progress
from rulecheck.corpus import PROJECT_ROOT, project_root, run_corpus, scenarios_on_disk
from rulecheck.help_text import parser_text
from rulecheck.overlays import find_overlay, rulebooks_for
from rulecheck.project_config import apply_to_args
from rulecheck.report import build_report, format_markdown, format_text
from rulecheck.ruleset_api import ruleset_names as rulesets

FORMATS = ("text", "json", "markdown")


def add_path_arguments(p) -> None:
    """Feature files, folders and FILE:LINE: the scenarios to run (all of them if none)."""
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="feature files, folders, or FILE:LINE (a line of a scenario selects it, the line of an "
        "Examples row that one example); relative to the current folder; default: every scenario",
    )


def add_root_argument(p, holds: str = "features/") -> None:
    """``--root DIR``: the project a corpus command runs on; found from the current folder if not given."""
    p.add_argument(
        "--root",
        type=project_root,
        default=None,
        help=f"project holding {holds} (default: the folder of the nearest rulecheck.toml or "
        "[tool.rulecheck] table, from the current folder upwards; else the bundled corpus)",
    )


def add_keyword_argument(p) -> None:
    """``-k EXPR``: pytest's expression over scenario names, on every command that runs scenarios."""
    p.add_argument(
        "-k",
        dest="keyword",
        metavar="EXPR",
        help="only the scenarios whose names match EXPR (pytest's -k: words, 'and', 'or', 'not'; any case)",
    )


def add_exitfirst_argument(p) -> None:
    p.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failing scenario")


def refuse_an_empty_keyword_selection(args, results) -> None:
    """``-k`` that selects no scenario is bad input, as a tag expression or a path that selects
    none is: one line, exit 2."""
    if getattr(args, "keyword", None) and not results:
        from rulecheck.source_yaml import InputError

        raise InputError("-k", None, "", f"the expression {args.keyword!r} selects no scenario")


def refuse_the_book_without_a_project(root, with_book: bool) -> None:
    """``--with-book`` runs the bundled corpus beside a project's: without a project (``root`` is
    the bundled corpus itself) it is bad input, one line, exit 2."""
    if with_book and root.resolve() == PROJECT_ROOT.resolve():
        from rulecheck.source_yaml import InputError

        raise InputError(
            "--with-book",
            None,
            "",
            "needs a project (a rulecheck.toml or [tool.rulecheck] table here or above, or --root): "
            "without one the bundled corpus runs alone",
        )


def add_corpus_arguments(p) -> None:
    """Options shared by every command that runs the corpus and reports on it."""
    add_path_arguments(p)
    add_root_argument(p, holds="features/ and tests/")
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="only this ruleset (repeatable)")
    p.add_argument(
        "--tags", metavar="EXPR", help='tag expression, e.g. "@faq and not @ruling:interpretation"'
    )
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="OVERLAY",
        help="run under a rule overlay: a file, or an overlay's name (the project's, else a bundled one); repeatable",
    )
    add_keyword_argument(p)
    add_exitfirst_argument(p)
    add_with_book_argument(p)
    p.add_argument(
        "-n",
        dest="processes",
        metavar="N",
        help="spread the scenarios over N processes (same verdicts and report files as one)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="run nothing: parse the selected feature files and match every step against the step "
        "definitions; list each step that matches none, with the closest phrasing (exit 1 if any)",
    )
    p.add_argument("--cucumber-json", metavar="PATH", help="also write pytest-bdd's Cucumber JSON report")
    p.add_argument("--junit-xml", metavar="PATH", help="also write pytest's JUnit XML report")
    p.add_argument(
        "--no-dependencies",
        dest="dependencies",
        action="store_false",
        help="do not compute which interpretations each ruling rests on (faster; the "
        "@interpretation tags are then taken on trust, not checked)",
    )
    p.add_argument("--format", choices=FORMATS, default="text", help="how to print the report")
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def register(sub) -> None:
    p = sub.add_parser(
        "check",
        **parser_text(
            "run the scenario corpus; pass/fail per clause (exit 0 only if all pass)",
            """
            Run every scenario of the bundled corpus (or those a tag expression selects) against
            the reference engine and print, per rulebook clause, how many scenarios cover it and
            whether they pass; then the clauses no scenario covers and the interpretations in
            force. Exit 0 only if every scenario passes and every tag names a real clause, FAQ
            entry or interpretation.
            """,
            [
                ("rulecheck check", "the whole corpus"),
                (
                    'rulecheck check --tags "@faq and not @ruling:interpretation"',
                    "the FAQ rulings that need no interpretation",
                ),
                (
                    "rulecheck check --rules rulecheck_gundam_assemble/engine/overlays/crits_on_ten_only.yaml",
                    "the corpus under a house rule",
                ),
                ("rulecheck check --json > result.json", "the report as JSON (format rulecheck.check/1)"),
            ],
        ),
    )
    add_corpus_arguments(p)
    p.add_argument("-v", "--verbose", action="store_true", help="list every clause and its scenarios")
    p.add_argument(
        "--vacuous",
        action="store_true",
        help="also perturb every Then-step's expected value (a number up or down, the opposite verdict, "
        "another clause or piece) and list the steps whose scenario still passes; fails if any",
    )
    p.set_defaults(func=run)


def selection_args(args) -> list[str]:
    """pytest's own -k and -x, which select and stop the scenarios as they do tests."""
    extra = [f"-k={args.keyword}"] if getattr(args, "keyword", None) else []
    return extra + (["-x"] if getattr(args, "exitfirst", False) else [])


def wanted(args) -> list | None:
    """The scenarios the path arguments select (None: no path given, every scenario)."""
    from rulecheck.selection import wanted_paths

    return wanted_paths(args.paths) if getattr(args, "paths", None) else None


def rulesets_of_paths(root, names: list[str], paths: list | None) -> list[str]:
    """The rulesets whose feature folders hold what the path arguments name (all of ``names``
    when no path is given, or none of them holds one: the run then says the paths select nothing)."""
    if not paths:
        return names
    from rulecheck.corpus import corpora, rulesets_named_by_folder

    # Loading a ruleset to ask where its features are imports its engine (numpy and shapely for
    # multibase): the rulesets a project's folders name are asked first, the others only if
    # those do not hold every path.
    candidates = rulesets_named_by_folder(root, names, paths)
    for asked in ([candidates] if candidates else []) + [names]:
        folders = {name: c.features.resolve() for name, c in corpora(root, asked).items()}
        held = [
            name for name in asked if any(w.feature.is_relative_to(folders.get(name, root)) for w in paths)
        ]
        every_path_held = all(any(w.feature.is_relative_to(folders[n]) for n in held) for w in paths)
        if held and (every_path_held or asked is names):
            return held
    return names


def refuse_a_project_without_features(root, names) -> None:
    """A project whose features folder holds no feature file for the rulesets run: one line
    naming the folder the config makes it look in (the runner's own refusal names the bundled
    layout, features/<ruleset>/, whatever the config says)."""
    from rulecheck.corpus import corpora
    from rulecheck.project_config import project_at
    from rulecheck.source_yaml import InputError

    config = project_at(root)
    if config is None:
        return
    found = corpora(root, names)
    if any(c.features.is_dir() and next(c.features.rglob("*.feature"), None) for c in found.values()):
        return
    if any(t.is_file() for c in found.values() for t in c.tests):
        return  # bound by the project's own test files, as the bundled corpus is
    folder = config.features_folder
    shown = folder.relative_to(config.root) if folder.is_relative_to(config.root) else folder
    where = " or ".join(f"{shown}/{name}/" for name in found) or f"{shown}/<ruleset>/"
    raise InputError(
        config.file,
        None,
        "features" if config.features is not None else "",
        f"no feature file (*.feature) in {where} (a project keeps its scenarios in <features>/<ruleset>/)",
    )


def process_count(args) -> int:
    """``-n N``: a whole number of processes from 1 to MAX_JOBS; -x stops one process's share,
    not the run, so the two are not combined."""
    from rules.limits import MAX_JOBS

    text = getattr(args, "processes", None)
    if text is None:
        return 1
    if not str(text).isdigit() or not 1 <= int(text) <= MAX_JOBS:
        from rulecheck.source_yaml import InputError

        raise InputError("-n", None, "", f"expected a number of processes from 1 to {MAX_JOBS}, got {text!r}")
    if int(text) > 1 and getattr(args, "exitfirst", False):
        from rulecheck.source_yaml import InputError

        raise InputError("-n", None, "", "-x stops at the first failure of one run: use it without -n")
    return int(text)


def corpus_report(args) -> dict:
    paths = wanted(args)
    apply_to_args(args)
    names = rulesets_of_paths(args.root, args.ruleset or rulesets(), paths)
    args.rules = [find_overlay(o, names, args.root) for o in args.rules]
    books = rulebooks_for(names, args.rules)  # validates overlays before any scenario runs
    refuse_a_project_without_features(args.root, names)
    processes = process_count(args)
    options = {
        "rulesets": names,
        "tags": args.tags,
        "overlays": args.rules,
        "pytest_args": selection_args(args),
        "cucumber_json": args.cucumber_json,
        "junit_xml": args.junit_xml,
        "dependencies": getattr(args, "dependencies", True),
        "vacuous": getattr(args, "vacuous", False),
    }
    with_book = getattr(args, "with_book", False)
    refuse_the_book_without_a_project(args.root, with_book)
    with progress.shown(args.quiet):
        if with_book:
            from rulecheck.corpus_parts import run_with_book

            corpus = run_with_book(processes, args.root, PROJECT_ROOT, paths, **options)
        elif processes > 1:
            from rulecheck.corpus_parts import run_in_processes

            corpus = run_in_processes(processes, args.root, paths, **options)
        else:
            corpus = run_corpus(args.root, paths=paths, **options)
    refuse_an_empty_keyword_selection(args, corpus.results)
    on_disk = None
    if (
        args.tags or getattr(args, "keyword", None) or getattr(args, "exitfirst", False) or paths
    ):  # what the selection left out is "not selected", not "no scenario yet"
        on_disk = {name: scenarios_on_disk(args.root, name) for name in names}
        if with_book:
            on_disk = {name: on_disk[name] + scenarios_on_disk(PROJECT_ROOT, name) for name in names}
    report = build_report(corpus, books, tags=args.tags, corpus=on_disk)
    if cards := project_cards(args.root, names):
        report["project_cards"] = cards
    return report


def project_cards(root, names) -> dict[str, str]:
    """The project's cards that take the place of bundled cards of the same name, and their
    files: the report says where such a card came from."""
    from rulecheck.project_files import project_of, replaced_cards

    return replaced_cards(project_of(root), names)


def render(report: dict, fmt: str, verbose: bool, kind: str = "check") -> str:
    if fmt == "json":
        return json_output.dumps(kind, report)
    if fmt == "markdown":
        return format_markdown(report)
    return format_text(report, verbose=verbose)


def dry_run(args) -> int:
    """``--dry-run``: every selected step matched against the step definitions, nothing run."""
    from rulecheck import dry_run as dry

    result = matched_steps(args)
    print(dry.format_text(result))
    return 1 if result.unmatched else 0


def add_with_book_argument(p, help: str | None = None) -> None:
    p.add_argument(
        "--with-book",
        action="store_true",
        help=help
        or "also run the bundled corpus (the book's own rulings) beside the project's; every "
        "report says which corpus each scenario came from",
    )


def matched_steps(args, flag: str = "--dry-run"):
    """Every step of the scenarios the paths, ``--tags`` and ``-k`` select, matched against the
    step definitions without running anything (``--dry-run``, ``rulecheck steps PATH``)."""
    from rulecheck import dry_run as dry
    from rulecheck.corpus import check_feature_syntax, corpora, parse_tag_expression

    paths = wanted(args)
    apply_to_args(args)
    names = rulesets_of_paths(args.root, args.ruleset or rulesets(), paths)
    refuse_a_project_without_features(args.root, names)
    refuse_the_book_without_a_project(args.root, getattr(args, "with_book", False))
    tag_filter = parse_tag_expression(args.tags) if args.tags else None
    keyword = getattr(args, "keyword", None)

    def matched(root, features_of_paths):
        found = corpora(root, names)
        check_feature_syntax(root, names)
        if paths:
            features = features_of_paths
        else:
            features = [
                p
                for c in found.values()
                if c.features.is_dir()
                for p in sorted(c.features.rglob("*.feature"))
            ]
        return dry.dry_run(root, found, features, paths, tag_filter, keyword)

    result = matched(args.root, list(dict.fromkeys(w.feature for w in paths or ())))
    if getattr(args, "with_book", False):  # the paths name the project's files: the book adds none
        result = dry.combined({"project": result, "book": matched(PROJECT_ROOT, [])})
    if result.scenarios == 0:
        from rulecheck.source_yaml import InputError

        if keyword:
            raise InputError("-k", None, "", f"the expression {keyword!r} selects no scenario")
        raise InputError(flag, None, "", "the selection holds no scenario")
    return result


def run(args) -> int:
    if args.dry_run:
        return dry_run(args)
    report = corpus_report(args)
    print(render(report, "json" if args.json else args.format, args.verbose))
    return 0 if report["ok"] else 1
