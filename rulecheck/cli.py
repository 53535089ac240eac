"""The ``rulecheck`` command. Argument parsing and output only: no rules logic lives here.

Each subcommand is a module in ``rulecheck.commands`` with ``register(subparsers)``; the parser it
adds sets ``func(args) -> int``. Bad input of any kind ends as one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from rulecheck import __version__
from rulecheck.source_yaml import InputError
from rules.dice import DiceScriptError
from rules.rulebook import RulebookError

# Order here is the order in `rulecheck --help`.
COMMANDS = (
    "check",
    "los",
    "explain",
    "report",
    "diff",
    "mutate",
    "explore",
    "merge_results",
    "draw",
    "docs",
    "odds",
)

EXIT_BAD_INPUT = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulecheck",
        description="Scenario testing and rules compliance for tabletop wargames.",
    )
    parser.add_argument("--version", action="version", version=f"rulecheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"rulecheck.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return int(args.func(args) or 0)
    except InputError as exc:
        print(f"rulecheck: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (RulebookError, DiceScriptError) as exc:
        print(f"rulecheck: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `rulecheck ... | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
