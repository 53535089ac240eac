"""``--help`` for a subcommand: a one-line summary for ``rulecheck --help``, a description, and
examples that can be copied as they stand (run from the repository root)."""

from __future__ import annotations

import argparse
import textwrap


def parser_text(summary: str, description: str, examples: list[tuple[str, str]]) -> dict:
    """Keyword arguments for ``subparsers.add_parser``."""
    lines = ["examples:"]
    for command, what in examples:
        lines.append(f"  {command}")
        lines += [f"      {line}" for line in textwrap.wrap(what, 70)]
    return {
        "help": summary,
        "description": textwrap.dedent(description).strip(),
        "epilog": "\n".join(lines),
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }
