"""Exact odds of a 30-die attack against a 100,000-sample simulation of the same attack, in one run.

The attack: 30 d10 against two area targets at Accuracy -1 and +0 (one roll counts for both,
GA-ROLL-3/4), a Damage+1 critical effect, 2 Shields and 12 hit points each. The exact side is
``rulecheck_gundam_assemble.engine.odds.attack_odds`` (fractions); the simulation rolls the dice with a seeded
RNG and scores each roll with the same ``score_die`` and ``combat_damage`` the engine uses. Prints
both times, the ratio, and the largest gap between the exact and the simulated defeat chance.

Times are CPU seconds of this process (``time.process_time``): on a shared machine wall time
also counts other processes' work. The exact side is timed on its first call (what one
``rulecheck odds`` pays) and as the mean of ten more; the ratio uses the first call.

    python benchmarks/odds_speed.py [--samples N] [--dice N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulecheck_gundam_assemble.engine.attack_dice import CRIT, HIT, score_die  # noqa: E402
from rulecheck_gundam_assemble.engine.damage import combat_damage  # noqa: E402
from rulecheck_gundam_assemble.engine.odds import AttackProfile, CritProfile, TargetProfile, attack_odds  # noqa: E402
from rules.rulebook import load  # noqa: E402


def profile(dice: int) -> AttackProfile:
    targets = (
        TargetProfile("high", accuracy=-1, damage_plus=0, reduction=0, shields=2, hp=12),
        TargetProfile("level", accuracy=0, damage_plus=0, reduction=0, shields=2, hp=12),
    )
    return AttackProfile(dice, targets, CritProfile(damage_plus=1))


def simulate(p: AttackProfile, rules, samples: int, seed: int = 2024) -> dict[str, float]:
    rng = random.Random(seed)
    sides = int(rules.param("attack_die_sides"))
    crit_faces = set(rules.param("critical_faces"))
    defeated = dict.fromkeys((t.name for t in p.targets), 0)
    for _ in range(samples):
        faces = [rng.randint(1, sides) for _ in range(p.dice)]
        crits = sum(f in crit_faces for f in faces)
        triggers = min(p.crit.max_triggers, crits // p.crit.crits_needed)
        for t in p.targets:
            hits = sum(score_die(f, t.accuracy, rules) in (HIT, CRIT) for f in faces)
            dealt = combat_damage(
                hits, t.damage_plus + triggers * p.crit.damage_plus, t.reduction, t.shields, rules
            ).dealt
            defeated[t.name] += dealt >= t.hp
    return {k: v / samples for k, v in defeated.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", type=int, default=30)
    parser.add_argument("--samples", type=int, default=100_000)
    args = parser.parse_args()
    rules = load("gundam_assemble")
    p = profile(args.dice)

    start = time.process_time()
    exact = attack_odds(p, rules)
    t_exact = time.process_time() - start
    start = time.process_time()
    for _ in range(10):
        attack_odds(p, rules)
    t_again = (time.process_time() - start) / 10

    start = time.process_time()
    sampled = simulate(p, rules, args.samples)
    t_sim = time.process_time() - start

    gap = max(abs(float(exact.target(n).defeated) - f) for n, f in sampled.items())
    print(f"attack: {args.dice} d10, 2 targets (Accuracy -1 and +0), crit Damage+1, 2 Shields, 12 HP")
    for t in exact.targets:
        print(
            f"  {t.profile.name:>5}: defeated exactly {float(t.defeated):.4%}, simulated {sampled[t.profile.name]:.4%}"
        )
    print(
        f"exact odds:  {t_exact * 1000:9.1f} ms first call, {t_again * 1000:.1f} ms mean of 10 more"
        f"  ({len(exact.targets[0].hits)} hit values per target, fractions)"
    )
    print(f"simulation:  {t_sim * 1000:9.1f} ms  ({args.samples:,} samples)")
    print(f"ratio: the simulation takes {t_sim / t_exact:.0f}x the exact computation; largest gap {gap:.4%}")


if __name__ == "__main__":
    main()
