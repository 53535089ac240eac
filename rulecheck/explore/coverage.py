"""What ``explore`` compares: one pair of versions, or (``--all-interpretations``) every named
interpretation's other options against its default and every bundled overlay against the book.

Each comparison runs on the kind of position that reads what it changes: Line of Sight
interpretations on Line of Sight positions, coherency and removal interpretations on casualty
positions, everything else on attacks. ``shard`` splits a list of comparisons (or one
comparison's seeds) deterministically, so parallel CI jobs cover the whole and overlap nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulecheck.corpus import PROJECT_ROOT
from rulecheck.explore.versions import Side, bundled_overlays, parse_side
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.source_yaml import InputError


def kind_for(ruleset: str, interpretations: dict, parameters: dict) -> str:
    """The kind of position that reads these rulebook entries, as the ruleset judges by the
    clauses they cite (its ``Explorer.kind_for``): e.g. Line of Sight clauses -> ``los``."""
    return ruleset_named(ruleset).explore.kind_for(
        ruleset_named(ruleset).rulebook(), interpretations, parameters
    )


@dataclass(frozen=True)
class Comparison:
    ruleset: str
    old: str  # side specs as parse_side reads them
    new: str
    kind: str

    @property
    def id(self) -> str:
        return f"{self.ruleset}:{self.kind}:{self.old}..{self.new}"


def all_comparisons(rulesets: list[str], root: Path = PROJECT_ROOT) -> list[Comparison]:
    out = []
    for ruleset in rulesets:
        book = ruleset_named(ruleset).rulebook()
        for name, interp in book.interpretations.items():
            for option in interp.options:
                if option != interp.default:
                    out.append(
                        Comparison(ruleset, "book", f"{name}={option}", kind_for(ruleset, {name: option}, {}))
                    )
        for path in bundled_overlays(ruleset, root):
            side = parse_side(str(path), ruleset, root)
            out.append(
                Comparison(
                    ruleset, "book", path.stem, kind_for(ruleset, side.interpretations, side.parameters)
                )
            )
    return out


def parse_shard(text: str | None) -> tuple[int, int] | None:
    """``K/N`` (1 <= K <= N) -> (K, N)."""
    if text is None:
        return None
    k, sep, n = text.partition("/")
    try:
        k_i, n_i = int(k), int(n)
    except ValueError:
        k_i, n_i = 0, 0
    if not sep or not 1 <= k_i <= n_i:
        raise InputError("--shard", None, "", f"{text!r} is not K/N with 1 <= K <= N")
    return k_i, n_i


def in_shard(index: int, shard: tuple[int, int] | None) -> bool:
    """Round robin: item ``index`` belongs to shard ``index % N + 1``."""
    return shard is None or index % shard[1] == shard[0] - 1


def shard_seed(seed: int, shard: tuple[int, int] | None) -> int:
    """One comparison split over N shards: shard K searches its own seed, seed * N + K - 1."""
    return seed if shard is None else seed * shard[1] + shard[0] - 1


def sides_for(c: Comparison, root: Path = PROJECT_ROOT) -> tuple[Side, Side]:
    return parse_side(c.old, c.ruleset, root), parse_side(c.new, c.ruleset, root)
