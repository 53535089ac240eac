"""`rulecheck init DIR`: lay out a project folder of one's own rulings (see rulecheck.project_init)."""

from __future__ import annotations

import shlex

from rulecheck.help_text import parser_text
from rulecheck.project_init import plan, write


def register(sub) -> None:
    p = sub.add_parser(
        "init",
        **parser_text(
            "lay out a project of your own rulings: config, folders, an example per ruleset, CI",
            """
            Write into DIR (made if needed) a config naming the rulesets (rulecheck.toml, or with
            --pyproject a [tool.rulecheck] table added to DIR's pyproject.toml), the folders
            features/RULESET/, scenarios/, cards/ and overlays/, an example scenario per ruleset
            that passes, and a GitHub Actions workflow (.github/workflows/rulecheck.yml) that
            runs check, and explore and mutate in shards. A file that exists is never
            overwritten or changed: it is kept, and listed as kept.
            """,
            [
                ("rulecheck init myrules", "a project for every installed ruleset"),
                ("rulecheck init . --ruleset multibase", "this folder, for one ruleset"),
                ("rulecheck init . --pyproject", "the config as a [tool.rulecheck] table in pyproject.toml"),
            ],
        ),
    )
    p.add_argument("dir", nargs="?", default=".", metavar="DIR", help="the project's folder (default: .)")
    p.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME",
        help="a ruleset the project holds rulings for (repeatable; default: every installed one)",
    )
    p.add_argument(
        "--pyproject",
        action="store_true",
        help="add a [tool.rulecheck] table to DIR's existing pyproject.toml instead of a rulecheck.toml",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    todo = plan(args.dir, args.ruleset, args.pyproject)
    lines = write(todo)
    for line in lines:
        print(line)
    where = "" if todo.root.samefile(".") else f"cd {shlex.quote(str(args.dir))} && "
    print(f"next: {where}rulecheck check")
    return 0
