"""Options several commands take, defined once so their wording and behaviour stay the same.

Kept free of the corpus runner: the single-scenario commands (explain, odds, los, draw) import it
and must stay quick. The corpus commands' own options are in ``commands/check.py``.
"""

from __future__ import annotations


def add_scenario_overlay_argument(p) -> None:
    """``--rules OVERLAY`` (repeatable) on a command that rules on one scenario file."""
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="OVERLAY",
        help="apply a rule overlay: a file, or an overlay's name (the project's, else a bundled one)",
    )
