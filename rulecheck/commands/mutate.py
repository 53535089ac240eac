"""`rulecheck mutate`: change each of the book's numbers and interpretations one at a time, run the
corpus against each mutant, and print the mutation score per ruleset with the survivors.

Exit 0 when every mutant is killed or listed as equivalent (with its reason), 1 when a mutant
survives unexplained, 2 on bad input. Progress goes to stderr.
"""

from __future__ import annotations

import sys

from rulecheck import json_output, progress
from rulecheck.commands.check import (
    add_keyword_argument,
    add_path_arguments,
    add_root_argument,
    refuse_a_project_without_features,
    refuse_an_empty_keyword_selection,
    refuse_the_book_without_a_project,
)
from rulecheck.corpus import PROJECT_ROOT
from rulecheck.help_text import parser_text
from rulecheck.mutation import format_text, run_mutation
from rulecheck.project_config import apply_to_args
from rulecheck.ruleset_api import ruleset_names as rulesets
from rulecheck.wording import plural
from rules.limits import MAX_JOBS


def register(sub) -> None:
    p = sub.add_parser(
        "mutate",
        **parser_text(
            "mutation score: which changes to the book does no scenario catch",
            """
            Change each of the book's numbers in rulebook.yaml up and down by one (booleans
            flipped, each interpretation to each other option), run the corpus against each
            mutant, and print the score per ruleset with every mutant no scenario catches. Exit
            0 when every mutant is caught or listed as equivalent with its reason, 1 otherwise.
            """,
            [
                ("rulecheck mutate", "every mutant of both rulesets"),
                (
                    "rulecheck mutate --ruleset multibase --only to_hit_baseline",
                    "the mutants of one parameter",
                ),
                (
                    "rulecheck mutate --json -q > mutants.json",
                    "as JSON (format rulecheck.mutate/1), without progress",
                ),
            ],
        ),
    )
    add_path_arguments(p)
    add_root_argument(p)
    p.add_argument("--ruleset", action="append", choices=rulesets(), help="only this ruleset (repeatable)")
    p.add_argument("--tags", metavar="EXPR", help="only the scenarios this tag expression selects")
    add_keyword_argument(p)
    p.add_argument(
        "--with-book",
        action="store_true",
        help="in a project: the mutants its scenarios leave alive also run against the bundled "
        "corpus (the book's own rulings); each killed mutant says which corpus killed it",
    )
    p.add_argument(
        "--only",
        action="append",
        metavar="ENTRY",
        help="only mutants of this entry (hit_threshold, interpretations.coherency) or this mutant id",
    )
    p.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: one per core)")
    p.add_argument(
        "--verify",
        type=int,
        default=0,
        metavar="N",
        help="also run N sampled mutants on the whole corpus and check the verdicts agree",
    )
    p.add_argument(
        "--shard",
        metavar="K/N",
        help="run only the K-th of N deterministic parts of the mutants (merge with merge-results)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run(args) -> int:
    apply_to_args(args)
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        from rulecheck.source_yaml import InputError

        raise InputError("--jobs", None, "", f"expected 1 to {MAX_JOBS} worker processes, got {args.jobs}")
    if args.verify < 0:
        from rulecheck.source_yaml import InputError

        raise InputError("--verify", None, "", f"expected a number of mutants (0 or more), got {args.verify}")
    with progress.shown(args.quiet):
        result = _run(args)
    if args.json:
        print(json_output.dumps("mutate", result.to_json()))
    else:
        print(format_text(result))
        if args.with_book:
            by = {c: sum(1 for r in result.results if r.corpus == c) for c in ("project", "book")}
            print(
                f"killed by the project's scenarios: {by['project']}; by the book's, of those left: {by['book']}"
            )
    unexplained = any(not r.killed and not r.equivalent for r in result.results)
    disagreed = any(not v["agrees"] for v in result.verified)
    return 1 if unexplained or disagreed else 0


def _run(args):
    from rulecheck.commands.check import wanted
    from rulecheck.explore.coverage import parse_shard

    paths = wanted(args)
    apply_to_args(args)
    refuse_a_project_without_features(args.root, args.ruleset or rulesets())
    with_book = args.with_book
    refuse_the_book_without_a_project(args.root, with_book)
    say = _progress if progress.enabled(args.quiet) else None
    common = {"tags": args.tags, "jobs": args.jobs, "verify": args.verify, "progress": say}
    project = run_mutation(
        args.root,
        args.ruleset,
        only=args.only,
        shard=parse_shard(args.shard),
        paths=paths,
        keyword=args.keyword,
        part_of_a_run=with_book,
        **common,
    )
    if not with_book:
        return project
    project.run["with_book"] = True
    for r in project.results:
        if r.killed:
            r.corpus = "project"
    survivors = [r.mutant.id for r in project.results if not r.killed]
    if say is not None:
        say(f"the book: running the {plural(len(survivors), 'mutant')} the project's scenarios leave alive")
    if survivors:
        # The book's own scenarios, under the same -k and --tags; the path arguments name the
        # project's feature files.
        book = run_mutation(
            PROJECT_ROOT, args.ruleset, only=survivors, keyword=args.keyword, part_of_a_run=True, **common
        )
        _add_the_book(project, book)
    refuse_an_empty_keyword_selection(args, project.baseline.results)
    if args.tags is not None and not project.baseline.results:
        from rulecheck.source_yaml import InputError

        raise InputError("--tags", None, "", f"the tag expression {args.tags!r} selects no scenario")
    return project


def _add_the_book(project, book) -> None:
    """The book's run of the survivors folded into the project's: a mutant the book's scenarios
    kill is killed (by the book), its targets and moved outcomes add up, and a survivor takes the
    book's reason when the book lists it as equivalent. The baselines join, each scenario labelled."""
    by_id = {r.mutant.id: r for r in book.results}
    for r in project.results:
        other = by_id.get(r.mutant.id)
        if r.killed or other is None:
            continue
        r.targets += other.targets
        r.moved += other.moved
        r.seconds += other.seconds
        if other.killed:
            r.killed_by, r.corpus, r.equivalent = other.killed_by, "book", ""
        else:
            r.equivalent = r.equivalent or other.equivalent
    for s in project.baseline.results:
        s.corpus = "project"
    for s in book.baseline.results:
        s.corpus = "book"
    project.baseline.results.extend(book.baseline.results)
    project.left_out.extend(book.left_out)
    project.verified.extend(book.verified)
    project.seconds += book.seconds
