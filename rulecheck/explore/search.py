"""Search: hypothesis generates positions, both sides rule on each, and ``hypothesis.find`` shrinks
each difference to a minimal witness.

A *witness* is a position on which the two sides' outcomes differ (verdicts, hits, damage,
defeats, tokens, removals). Witnesses are grouped by the first event where the two explanation
traces diverge, with that event's clause ids: one ``find`` per group, each asked for a
difference whose divergence is not one already found, so every group gets its own minimal
witness. The search is derandomized by ``seed`` (hypothesis's own ``seed``), keeps no example
database, and stops when ``budget`` seconds are spent; each witness gets a quarter of the budget
(at least 3 s) to shrink, even one found just before the end.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from random import Random
from typing import Any

from hypothesis import HealthCheck, Phase, find, settings, target
from hypothesis.errors import NoSuchExample, Unsatisfiable

try:  # the provider API (hypothesis 6.103 and later)
    from hypothesis.internal.conjecture.providers import AVAILABLE_PROVIDERS, HypothesisProvider
except ImportError:  # older: no providers, and no module constants either, so nothing to turn off
    AVAILABLE_PROVIDERS = HypothesisProvider = None

from rulecheck.explore import strategies
from rulecheck.explore.strategies import positions
from rulecheck.explore.tighten import tighten, variants
from rulecheck.explore.versions import Side
from rulecheck.ruleset_api import ruleset as ruleset_named
from rulecheck.trace_divergence import Divergence, deciding_divergence, first_divergence  # noqa: F401 (tests import it here)


def differences(old: dict[str, Any], new: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Outcome key -> (old, new), for every key whose value differs (nested dicts flattened)."""
    out: dict[str, tuple[Any, Any]] = {}

    def walk(prefix: str, a: Any, b: Any) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for k in [*a, *(k for k in b if k not in a)]:
                walk(f"{prefix}.{k}" if prefix else str(k), a.get(k), b.get(k))
        elif a != b:
            out[prefix] = (a, b)

    walk("", old, new)
    return out


@dataclass
class Witness:
    position: dict[str, Any]
    old: dict[str, Any]  # the old side's answer: outcome, events, dice used
    new: dict[str, Any]
    divergence: Divergence
    found_after: int  # positions compared when it was first met
    found_seconds: float | None = None  # seconds into the search when it was first met
    # Whether shrinking reached a fixpoint (no one-step simplification shows the same
    # difference) within its own time; None where not known (a witness read from older JSON).
    fixpoint: bool | None = None

    @property
    def changes(self) -> dict[str, tuple[Any, Any]]:
        return differences(self.old["outcome"], self.new["outcome"])

    @property
    def size(self) -> int:
        """How big the position is, to pick the smaller of two witnesses of one group."""
        return len(json.dumps(self.position, sort_keys=True))

    def to_json(self) -> dict[str, Any]:
        return {
            "group": self.divergence.key,
            "divergence": self.divergence.to_json(),
            "changes": {k: {"old": a, "new": b} for k, (a, b) in self.changes.items()},
            "position": self.position,
            "old": self.old,
            "new": self.new,
            "found_after": self.found_after,
            "found_seconds": None if self.found_seconds is None else round(self.found_seconds, 2),
            "fixpoint": self.fixpoint,
            "size": self.size,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Witness:
        d = data["divergence"]
        return cls(
            data["position"],
            data["old"],
            data["new"],
            Divergence(d["index"], d["old"], d["new"]),
            data["found_after"],
            data.get("found_seconds"),
            data.get("fixpoint"),
        )


# How many positions that could show a difference (asked for what changes) a search must have
# compared before it calls two versions "candidate equivalent": fewer is "undecided".
CANDIDATE_EVIDENCE = 200


@dataclass
class Exploration:
    ruleset: str
    kind: str
    old: dict[str, Any]  # the side's spec (label, changes, overlay, rev)
    new: dict[str, Any]
    seed: int
    budget: float
    positions: int = 0  # positions both sides ruled on
    witnesses: list[Witness] = field(default_factory=list)
    seconds: float = 0.0
    exhausted: bool = False  # hypothesis ran out of new positions before the budget
    # Positions a side could not rule on: the engine crashed (e.g. an older revision lacks an
    # entry point) or the position was unusable there. side -> [count, first message]
    unusable: dict[str, list] = field(default_factory=dict)
    # Of the positions compared, how many asked the rulebook for an entry the sides change (None
    # when the sides differ in engine, not in rulebook entries).
    asked: int | None = None
    # In a project: where the new side came from, "project" (its own overlay) or "book" (the
    # rulebook's interpretations, a bundled overlay); None outside a project.
    corpus: str | None = None

    @property
    def differs(self) -> bool:
        return bool(self.witnesses)

    @property
    def evidence(self) -> int:
        """Positions that could have shown a difference: those that asked for an entry the sides
        change, or (sides that differ in engine, or not at all) every position compared."""
        return self.positions if self.asked is None else self.asked

    @property
    def verdict(self) -> str:
        """``differs``; ``candidate equivalent`` only after ``CANDIDATE_EVIDENCE`` positions that
        could have shown a difference (none needed where the sides are the same rule version);
        ``undecided`` before that; ``not reached`` when no position asked for what changes."""
        if self.witnesses:
            return "differs"
        if self.asked == 0 or not self.positions:
            return "not reached"
        same = self.asked is None and not self.old.get("rev") and not self.new.get("rev")
        if same or self.evidence >= CANDIDATE_EVIDENCE:
            return "candidate equivalent"
        return "undecided"

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "kind": self.kind,
            "old": self.old,
            "new": self.new,
            "seed": self.seed,
            "budget": self.budget,
            "positions": self.positions,
            "asked": self.asked,
            "seconds": round(self.seconds, 2),
            "exhausted": self.exhausted,
            "differs": self.differs,
            "verdict": self.verdict,
            "witnesses": [w.to_json() for w in self.witnesses],
            "unusable": self.unusable,
            **({"corpus": self.corpus} if self.corpus is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exploration:
        return cls(
            data["ruleset"],
            data["kind"],
            data["old"],
            data["new"],
            data["seed"],
            data["budget"],
            data["positions"],
            [Witness.from_json(w) for w in data["witnesses"]],
            data.get("seconds", 0.0),
            data.get("exhausted", False),
            data.get("unusable", {}),
            data.get("asked"),
            data.get("corpus"),
        )


# Which backend ``find`` draws with: ours where hypothesis has providers, else its only one.
BACKEND: dict[str, str] = {}
if HypothesisProvider is not None:

    class StableProvider(HypothesisProvider):
        """Hypothesis's own way of drawing, without its "constants" (a few draws in a hundred are
        values found in the source of every local module imported so far). Which modules a process
        has imported differs between a CLI run, a pytest worker and the run before, so with them the
        same seed would find different positions; without them it finds the same ones anywhere."""

        def _maybe_draw_constant(self, choice_type, constraints, *, p: float = 0.05):
            return None

    AVAILABLE_PROVIDERS.setdefault("rulecheck-explore", f"{__name__}.StableProvider")
    BACKEND["backend"] = "rulecheck-explore"


# BaseException, not Exception: hypothesis takes an Exception from the condition for a failure
# and goes on shrinking it; these two must stop it at once.
class _OutOfTime(BaseException):  # noqa: N818
    """The budget or the positions allowed are spent."""


class _ShrinkDone(BaseException):  # noqa: N818
    """A witness has shrunk for its share of the budget."""


# --- where a difference is possible -------------------------------------------------------------
# The engine asks the rulebook for every number and every open question, and each answer lists
# what its run asked (``reads``). Two sides that differ only in rulebook entries rule alike on a
# position whose run never asks any of them: the second side is then not run at all, and the
# search is steered (``hypothesis.target``) towards positions that ask them.


def watched_entries(old: Side, new: Side) -> frozenset[str] | None:
    """The rulebook entries (``interpretations.NAME``, ``parameters.NAME``) the two sides set
    differently; None when a side runs another revision's engine, which no entry describes."""
    if old.rev is not None or new.rev is not None:
        return None
    out = set()
    for section in ("parameters", "interpretations"):
        a, b = getattr(old, section), getattr(new, section)
        out |= {f"{section}.{k}" for k in {*a, *b} if a.get(k) != b.get(k)}
    return frozenset(out)


def reads_any(answer: dict[str, Any], watched: frozenset[str]) -> bool:
    """Did this run ask any of the watched entries? (An answer without ``reads`` counts as yes.)"""
    reads = answer.get("reads")
    return reads is None or not watched.isdisjoint(reads)


def settle_choices(
    old: Side, new: Side, kind: str, position: dict[str, Any], a: dict[str, Any], b: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None:
    """A difference as a scenario states it, or None when it does not stand.

    Where a player's choice was made by index (multibase ``pick``), two sides that list the same
    choices in a different order can pick different ones: no ruling differs. The position is
    restated with the new side's choices as a scenario names them; the difference counts only if
    it stands there. Where one side refuses a stated choice the other made, the ruleset's
    ``agreed_choices`` restates it so that both rule (a removal left open, a push both allow), and
    the two rulings are compared; if no such statement exists the refusal itself is the difference.
    Returns (position, old answer, new answer)."""
    explorer = ruleset_named(old.ruleset).explore
    stated = explorer.stated_position(position, b) if b.get("picks") else None
    if stated is None:
        return position, a, b
    a2, b2 = old.evaluate(kind, stated), new.evaluate(kind, stated)
    if _usable(a2) and _usable(b2):
        return (stated, a2, b2) if a2["outcome"] != b2["outcome"] else None
    refusing, ruling = (a2, b2) if one_sided(a2, b2) else (b2, a2) if one_sided(b2, a2) else (None, None)
    if refusing is None:
        return None
    if "refused" in refusing:
        agreed = explorer.agreed_choices(stated, refusing, ruling)
        if agreed is not None:
            a3, b3 = old.evaluate(kind, agreed), new.evaluate(kind, agreed)
            if _usable(a3) and _usable(b3):
                return (agreed, a3, b3) if a3["outcome"] != b3["outcome"] else None
    return stated, as_ruling(a2), as_ruling(b2)


def promise(answer: dict[str, Any], watched: frozenset[str] | None) -> float:
    """How promising a position is, for ``hypothesis.target``: with watched entries, whether the
    run asked one plus how many of its events cite one (each is a decision the reading made);
    against another revision (nothing to watch), how many kinds of decision the run made, so the
    search drifts to positions that exercise more of the engine."""
    events = answer.get("events") or []
    if watched is None:
        return float(len({e["step"] for e in events}))
    names = {w.partition(".")[2] for w in watched}
    citing = sum(1 for e in events if any(f"{n}=" in (e.get("interpretation") or "") for n in names))
    return float(reads_any(answer, watched)) + citing


def _usable(answer: dict[str, Any]) -> bool:
    return "outcome" in answer


ENGINE_ERROR = "engine.error"  # the step of the one event a crashed run's trace holds
ENGINE_REFUSAL = "engine.refused"  # the step of the one event a refused run's trace holds


def one_sided(failed: dict[str, Any], other: dict[str, Any]) -> bool:
    """The engine raised, or refused the position (a declaration the attack checks reject, a
    scripted choice not among the legal ones), on one side where the other ruled. A position
    merely unusable (a dice pool too short, too many choices to list) is no ruling either way."""
    return ("crash" in failed or "refused" in failed) and _usable(other)


one_sided_crash = one_sided  # the earlier name


def as_ruling(answer: dict[str, Any]) -> dict[str, Any]:
    """A crash or a refusal as the ruling it stands for: the outcome "engine error" (the
    exception's type) or "engine refuses" (what it refused), and a one-event trace."""
    if _usable(answer) or not ("crash" in answer or "refused" in answer):
        return answer
    if "crash" in answer:
        why = answer["crash"]
        outcome, step, text = (
            {"engine error": why.partition(":")[0]},
            ENGINE_ERROR,
            f"the engine raised {why}",
        )
    else:
        why = answer["refused"]
        what, _, message = why.partition(": ")
        outcome = {"engine refuses": "the choice" if what == "choice" else "the declaration"}
        step, text = (
            ENGINE_REFUSAL,
            f"the engine refuses the {'choice' if what == 'choice' else 'declaration'}: {message}",
        )
    return {
        **answer,
        "outcome": outcome,
        "events": [{"step": step, "clauses": [], "text": text, "data": None}],
        "dice_used": {},
    }


def _same_difference(old: Side, new: Side, kind: str, position: dict[str, Any], key: str):
    """(old answer, new answer, divergence) when the two sides still differ on ``position`` at
    the first divergence ``key``; else None."""
    a, b = old.evaluate(kind, position), new.evaluate(kind, position)
    if not (_usable(a) and _usable(b)):
        if not (one_sided(a, b) or one_sided(b, a)):
            return None
        a, b = as_ruling(a), as_ruling(b)
    if a["outcome"] == b["outcome"]:
        return None
    settled = settle_choices(old, new, kind, position, a, b)
    if settled is None or settled[0] != position:  # a simpler position must state its choices
        return None
    divergence = deciding_divergence(a["events"], b["events"])
    return (a, b, divergence) if divergence.key == key else None


ROUND = 120  # positions per round; between rounds the generator's weights learn (strategies.Bias)


def explore(
    old: Side,
    new: Side,
    kind: str,
    budget: float = 10.0,
    seed: int = 0,
    max_groups: int = 6,
    max_positions: int | None = None,
    shrink_seconds: float | None = None,
) -> Exploration:
    """Search for positions where ``old`` and ``new`` rule differently; one minimal witness per
    group of first divergence, at most ``max_groups`` groups. Each witness shrinks for at most
    ``shrink_seconds`` (default: a quarter of the budget, at least 3 s).

    ``max_positions`` also stops the search after that many positions, so whether a seed finds a
    witness does not depend on how busy the machine is (how far it shrinks still may, when the
    shrinker needs more than its share of the budget).

    When the sides differ in rulebook entries only, a position on which the old side never asked
    for any of them is ruled alike by both (the engine is pure and asks the rulebook for every
    open question), so the new side is not run there; and the search goes in rounds of
    ``ROUND`` positions, after each of which the generator's weights move toward the choices
    under which those entries were asked (``Bias.learn``). Both are deterministic per seed."""
    result = Exploration(old.ruleset, kind, old.spec, new.spec, seed, budget)
    watched = watched_entries(old, new)
    if watched:
        result.asked = 0
    start = time.perf_counter()
    deadline = start + budget
    shrink_allowance = max(3.0, budget / 4) if shrink_seconds is None else shrink_seconds
    bias = strategies.Bias()
    # Only a generator with weights to learn goes in rounds; the others run in one go.
    learns = ruleset_named(old.ruleset).explore.learns(kind)
    round_size = ROUND if learns else 1_000_000
    seen: list[tuple[list[tuple[str, str]], bool]] = []
    rng = Random(seed)
    found_keys: set[str] = set()

    while (
        time.perf_counter() < deadline
        and len(result.witnesses) < max_groups
        and (max_positions is None or result.positions < max_positions)
    ):
        state: dict[str, Any] = {"best": None, "shrink_until": None, "tried": 0}

        def condition(position: dict[str, Any], state: dict[str, Any] = state) -> bool:
            now = time.perf_counter()
            if state["shrink_until"] is not None and now > state["shrink_until"]:
                raise _ShrinkDone  # out of shrinking time: the smallest witness so far stands
            if state["shrink_until"] is None and (
                now > deadline or (max_positions is not None and result.positions >= max_positions)
            ):
                raise _OutOfTime
            knobs = list(strategies.drawn)
            state["tried"] += 1
            a = old.evaluate(kind, position)
            asked = watched is None or reads_any(a, watched)
            # Not asked: the new side would rule exactly alike (and fail alike: not its finding).
            b = new.evaluate(kind, position) if asked else {k: v for k, v in a.items() if k != "crash"}
            if state["shrink_until"] is None and _usable(a):
                target(promise(a, watched), label="promise")
            if not (_usable(a) and _usable(b)):
                for name, answer in (("old", a), ("new", b)):
                    if "crash" in answer:
                        entry = result.unusable.setdefault(name, [0, answer["crash"]])
                        entry[0] += 1
                if not (one_sided(a, b) or one_sided(b, a)):
                    return False
                # One engine raised or refused where the other ruled: that is a difference (the
                # scenario asserts the ruling, and fails on the other engine).
                a, b = as_ruling(a), as_ruling(b)
            if state["shrink_until"] is None:
                result.positions += 1
                if watched:
                    result.asked += asked
                    seen.append((knobs, asked))
            if a["outcome"] == b["outcome"]:
                return False
            settled = settle_choices(old, new, kind, position, a, b)
            if settled is None:
                return False
            stated, a, b = settled
            divergence = deciding_divergence(a["events"], b["events"])
            if divergence.key in found_keys:
                return False
            if state["shrink_until"] is None:
                state["shrink_until"] = now + shrink_allowance
                state["found_after"] = result.positions
                state["found_seconds"] = now - start
            state["best"] = (stated, a, b, divergence)
            return True

        config = settings(
            database=None,
            max_examples=round_size,
            deadline=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate, Phase.target, Phase.shrink],
            report_multiple_bugs=False,
            **BACKEND,
        )
        strategy = positions(old.ruleset, kind, bias)
        try:
            find(strategy, condition, settings=config, random=Random(rng.getrandbits(64)))
        except _OutOfTime:
            break
        except _ShrinkDone:
            pass
        except (NoSuchExample, Unsatisfiable):
            if state["tried"] < round_size:  # hypothesis ran out of new positions
                result.exhausted = True
                break
            if learns and any(asked for _, asked in seen):
                bias = bias.learn(seen)
            continue
        except Exception:
            # Shrinking stopped by the clock makes hypothesis's final replay disagree (it reports
            # the example as flaky); the smallest witness recorded so far is still a witness.
            if state["best"] is None:
                raise
        if state["best"] is None:
            break
        position, a, b, divergence = state["best"]
        # Then by hand to a fixpoint (tighten.py), for as long again as hypothesis had: first
        # the dice pools cut to the faces used, then one simplification at a time.
        explorer = ruleset_named(old.ruleset).explore
        trim = getattr(explorer, "used_dice_only", None)
        trimmed = trim(position, [a, b]) if trim is not None else position
        if trimmed != position and (found := _same_difference(old, new, kind, trimmed, divergence.key)):
            position, (a, b, divergence) = trimmed, found
        position, tighter, fixpoint = tighten(
            position,
            lambda p, key=divergence.key: _same_difference(old, new, kind, p, key),
            time.perf_counter() + shrink_allowance,
            getattr(explorer, "simpler_positions", variants),
        )
        if tighter is not None:
            a, b, divergence = tighter
        found_keys.add(divergence.key)
        result.witnesses.append(
            Witness(position, a, b, divergence, state["found_after"], state["found_seconds"], fixpoint)
        )
    result.seconds = time.perf_counter() - start
    return result
