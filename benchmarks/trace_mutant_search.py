"""Search for Trace positions that tell code mutants of rulecheck_multibase/engine/geometry.py from the original.

    python benchmarks/trace_mutant_search.py [--mutants DIR] [--seconds N] [--seed S] [--narrow]
        [--out FILE] NAME ...

(``NAME ...`` are mutant names such as ``rulecheck_multibase.engine.geometry.x__key_points__mutmut_22``; ``-``
reads them from stdin, one a line, e.g. piped from ``code_mutation_score.py --survivors``.)

The Trace search is meant to be complete, so a mutant that drops or moves one candidate line
shows only where the clear lines are few: a narrow window between obstacles, a sliver of the
target inside the front arc. Each random position is a one-parameter family s in [0, 1]: an
attacker base and a target base (round or rectangular; facings off the axes, or in a third of the
families exactly along them with axis-aligned walls, where candidate lines run exactly parallel
to base edges and arc lines; the target often a round base with only a sliver across one arc
line; arcs of 180, 120, 90, 240 or 270 degrees, or with ``--narrow`` 45 to 120 degrees with a
large round target across both arc lines near the apex; default or random arc and target-part
readings), and obstacles (terrain walls, round or rectangular bases) along a line from the
attacker to a key point of the target's part in the arc: either closing in on that line from
both sides, or a slot of two walls slid across it. Obstacle coordinates are rounded to 4
decimals, as a scenario states them. A bisection on the ORIGINAL engine finds where its verdict
turns; each mutant is asked there and a few steps either side (``margin``, in s). mutmut's
trampoline in ``DIR/rules`` reads ``MUTANT_UNDER_TEST`` on each call, so one process asks the
original and every mutant.

Each difference (clear/blocked, target in arc, the obstacles named when blocked, or an
exception) is printed as one JSON line with the position, the segments, and a shapely check of a
segment that claims clear (``segment_ok``: ends within 1e-7 inch, or twice the tolerance if that is
more, of the two bases' parts, no obstacle's interior shrunk by twice the tolerance crossed).
``--tolerance`` sets geometry_tolerance for every position: at the rulebook's 1e-9 inch, the
windows a tolerance mutant moves are far finer than a 4-decimal position. It only finds positions; a scenario made from
one must still be checked (benchmarks/mutant_check.py) and its verdict confirmed independently.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--mutants", default=str(ROOT / "mutants"))
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="-")
    parser.add_argument("--max-per-mutant", type=int, default=5)
    parser.add_argument(
        "--tolerance",
        type=float,
        default=None,
        help="geometry_tolerance for every position (default: the rulebook's); a larger one widens "
        "the windows a mutant moves to where 4-decimal positions can reach them",
    )
    parser.add_argument(
        "--narrow",
        action="store_true",
        help="only 90 and 120-degree arcs, a large round target close to the apex",
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in (sys.stdin if args.names == ["-"] else args.names) if n.strip()]
    sys.path.insert(0, str(Path(args.mutants).resolve()))
    os.environ["MUTANT_UNDER_TEST"] = ""
    search = Search(names, random.Random(args.seed))
    search.narrow = args.narrow
    search.tolerance = args.tolerance
    out = sys.stdout if args.out == "-" else open(args.out, "a", encoding="utf-8")  # noqa: SIM115
    found: dict[str, int] = {n: 0 for n in names}
    stop = time.monotonic() + args.seconds
    families = 0
    while time.monotonic() < stop and any(v < args.max_per_mutant for v in found.values()):
        families += 1
        for record in search.family():
            if found[record["mutant"]] >= args.max_per_mutant:
                continue
            found[record["mutant"]] += 1
            out.write(json.dumps(record) + "\n")
            out.flush()
    print(f"{families} families", file=sys.stderr)
    for name, count in found.items():
        print(f"{count:3d} {name}", file=sys.stderr)
    return 0


class Search:
    def __init__(self, names: list[str], rng: random.Random):
        import shapely  # noqa: F401  (imported here: after sys.path points at the mutants)

        from rulecheck_multibase.engine import geometry
        from rulecheck_multibase.engine.battlefield import Base
        from rules.rulebook import load

        self.g, self.Base, self.book = geometry, Base, load("multibase")
        self.names, self.rng = names, rng
        self.narrow = False
        self.tolerance = None

    # --- the position -----------------------------------------------------------------------
    def rules(self):
        r = self.rng
        degrees = r.choice([120, 90, 60, 45] if self.narrow else [180, 180, 180, 120, 90, 240, 270])
        params = {"front_arc_degrees": degrees}
        if self.tolerance is not None:
            params["geometry_tolerance"] = self.tolerance
        if r.random() < 0.6:  # the default readings: scenarios tagged with fewer readings
            return params, {}
        interp = {
            "arc_origin": r.choice(["centre_line", "front_edge"]),
            "arc_boundary": r.choice(["inside", "outside"]),
            "trace_target_part": r.choice(["inside_arc", "inside_arc", "whole_base"]),
        }
        return params, interp

    def base(self, name: str, x: float, y: float, facing: float, round_: bool):
        r = self.rng
        x, y, facing = round(x, 2), round(y, 2), round(facing, 1)
        if round_:
            return self.Base(name, "round", x, y, facing, radius=r.choice([0.5, 0.75, 1.0, 1.25, 1.5, 0.3]))
        width, depth = r.choice(
            [(2, 1), (1, 1), (1.5, 1), (3, 1.5), (round(r.uniform(0.8, 3), 2), round(r.uniform(0.5, 2), 2))]
        )
        return self.Base(name, "rect", x, y, facing, width=float(width), depth=float(depth))

    def scene(self):
        g, r = self.g, self.rng
        params, interp = self.rules()
        rules = self.book.with_changes(params, interp)
        self.axis = (
            not self.narrow and r.random() < 0.3
        )  # facings and walls along the axes: lines exactly parallel to edges
        spin = (lambda: float(r.choice([0, 90, 180, 270]))) if self.axis else (lambda: r.uniform(0, 360))
        attacker = self.base("a1", 0.0, 0.0, spin(), r.random() < 0.5)
        half = params["front_arc_degrees"] / 2
        dist = r.uniform(3.0, 10.0)
        mode = r.random()
        if mode < 0.55:  # near an arc line (for a wider arc, also near its lines' extensions)
            side = r.choice([-1, 1])
            edge = half if half <= 90 or r.random() < 0.5 else half - 180
            angle = attacker.facing + side * edge + r.gauss(0, 40 / dist)
        elif (
            mode < 0.75 or self.narrow
        ) and half < 90:  # across both lines of a narrow arc, close to its apex
            angle = attacker.facing + r.gauss(0, 5)
            dist = r.uniform(1.5, max(1.6, 1.4 / math.sin(math.radians(half))))
        else:
            angle = attacker.facing + r.uniform(-half, half)
        ox, oy = g.arc_apex(attacker, rules)
        tx, ty = ox + dist * math.cos(math.radians(angle)), oy + dist * math.sin(math.radians(angle))
        if self.axis:
            tx, ty = round(tx * 2) / 2, round(ty * 2) / 2
        target = self.base("b1", tx, ty, spin(), r.random() < 0.65)
        if r.random() < (
            0.2 if self.axis else 0.5
        ):  # a sliver of a round target inside the arc, across one arc line
            radius = r.choice([0.5, 0.75, 1.0, 1.25, 1.5])
            nx, ny, b = r.choice(g.arc_cuts(attacker, rules)[1] or [(1.0, 0.0, 0.0)])
            along = r.choice([-1, 1]) * r.uniform(3.0, 10.0)
            behind = radius - r.choice([0.01, 0.02, 0.05, 0.1, 0.2, r.uniform(0, 0.5)])
            tx, ty = nx * b - ny * along - behind * nx, ny * b + nx * along - behind * ny
            target = self.Base("b1", "round", round(tx, 2), round(ty, 2), 270.0, radius=radius)
        if g.base_distance(attacker, target) <= 0.05:
            return None
        parts = g.arc_parts(attacker, target, rules)
        if not parts:
            return None
        part = r.choice(parts)
        points = g._key_points(part) or [(target.x, target.y)]
        if r.random() < 0.2:
            pt = (target.x + r.uniform(-0.3, 0.3), target.y + r.uniform(-0.3, 0.3))
        else:
            pt = r.choice(points)
        a_points = g._key_points(g.part_of(attacker)) if attacker.shape != "round" else []
        if a_points and r.random() < 0.6:
            pa = r.choice(a_points)
        else:
            ang = r.uniform(0, 2 * math.pi)
            rad = attacker.radius if attacker.shape == "round" else 0.4
            pa = (attacker.x + rad * math.cos(ang), attacker.y + rad * math.sin(ang))
        return rules, params, interp, attacker, target, pa, pt

    def obstacles_at(self, spec, s: float, rounded: bool = False):
        """The obstacles of a family at parameter s (coordinates to 4 decimals if ``rounded``)."""
        q = (lambda v: round(v, 4)) if rounded else (lambda v: v)
        from shapely.geometry import Polygon

        g = self.g
        pa, pt, items = spec
        dx, dy = pt[0] - pa[0], pt[1] - pa[1]
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        nx, ny = -uy, ux
        found, described = [], []
        for k, (kind, f, side, at0, rate, shape) in enumerate(items):
            off = at0 + rate * s  # the obstacle's distance from the line (negative: across it)
            bx, by = pa[0] + f * dx, pa[1] + f * dy
            if kind == "disc":
                rad = shape
                cx, cy = q(bx + side * nx * (off + rad)), q(by + side * ny * (off + rad))
                found.append(g.Obstacle(f"o{k}", disc=(cx, cy, rad)))
                described.append({"kind": "round", "x": cx, "y": cy, "radius": rad})
                continue
            rel = shape  # polygon vertices relative to its centre
            reach = max(-side * (nx * vx + ny * vy) for vx, vy in rel)
            cx, cy = bx + side * nx * (off + reach), by + side * ny * (off + reach)
            poly = [(q(cx + vx), q(cy + vy)) for vx, vy in rel]
            found.append(g.Obstacle(f"o{k}", shape=Polygon(poly)))
            described.append({"kind": kind, "polygon": poly})
        return found, described

    def rect(self, w, d, angle):
        if self.axis:  # exactly along the axes
            angle = 0.0 if self.rng.random() < 0.5 else math.pi / 2
        c, s_ = round(math.cos(angle), 15), round(math.sin(angle), 15)
        return [
            (c * x - s_ * y, s_ * x + c * y)
            for x, y in ((-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2))
        ]

    def item(self, f, side, line_angle):
        """An obstacle at fraction f along the line, on one side, from a gap to across the line."""
        r = self.rng
        kind = r.choice(["wall", "wall", "disc", "base"])
        gap, over = r.uniform(0.02, 1.0), r.uniform(0.05, 1.0)
        if kind == "disc":
            shape = r.choice([0.5, 0.75, 1.0, round(r.uniform(0.2, 1.5), 2)])
        elif kind == "wall":
            ang = line_angle + math.pi / 2 + r.choice([0.0, r.uniform(-1.2, 1.2)])
            shape = self.rect(r.uniform(1.0, 6.0), r.uniform(0.2, 1.5), ang)
        else:
            shape = self.rect(r.uniform(0.8, 3.0), r.uniform(0.5, 2.0), r.uniform(0, 2 * math.pi))
        return (kind, f, side, gap, -(gap + over), shape)

    def family(self):
        r = self.rng
        made = self.scene()
        if made is None:
            return
        rules, params, interp, attacker, target, pa, pt = made
        if math.hypot(pt[0] - pa[0], pt[1] - pa[1]) < 1.0:
            return
        line_angle = math.atan2(pt[1] - pa[1], pt[0] - pa[0])
        items = []
        if r.random() < 0.5:  # a slot of width w around the line, slid across it as s goes 0 to 1
            w, span, f = r.uniform(0.03, 0.4), r.uniform(0.2, 1.5), r.uniform(0.2, 0.8)
            thick = r.uniform(0.3, 3.0)
            for side in (1, -1):
                kind = r.choice(["wall", "wall", "wall", "disc"])
                if kind == "disc":
                    shape = r.choice([0.5, 0.75, 1.0])
                else:
                    shape = self.rect(thick, r.uniform(1.0, 5.0), line_angle)
                items.append((kind, f, side, w / 2 - side * span, 2 * side * span, shape))
            if r.random() < 0.3:
                items.append(self.item(r.uniform(0.15, 0.85), r.choice([-1, 1]), line_angle))
        else:  # obstacles closing in on the line from both sides as s goes 0 to 1
            n = r.choice([1, 2, 2, 2, 3])
            slot_f = r.uniform(0.2, 0.8)
            for k in range(n):
                f = slot_f if (n >= 2 and k < 2 and r.random() < 0.7) else r.uniform(0.15, 0.85)
                items.append(self.item(f, 1 if k % 2 == 0 else -1, line_angle))
        spec = (pa, pt, items)

        def verdict(s, name=""):  # on the positions a scenario can state: 4 decimals
            blockers, _ = self.obstacles_at(spec, s, True)
            return self.verdict(attacker, target, blockers, rules, name)

        v0, _ = verdict(0.0)
        v1, _ = verdict(1.0)
        probes = [(r.uniform(0, 1), None)]
        if {v0[0], v1[0]} == {True, False}:  # bisect to where the original turns
            lo, hi = 0.0, 1.0  # verdict(lo) is v0's, verdict(hi) is v1's
            for _ in range(30):
                mid = (lo + hi) / 2
                if verdict(mid)[0][0] is v0[0]:
                    lo = mid
                else:
                    hi = mid
            step = -1 if v0[0] is True else 1  # towards the clear side
            clear_end, blocked_end = (lo, hi) if v0[0] is True else (hi, lo)
            probes += [(clear_end + step * e, e) for e in (3e-2, 1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 0.0)]
            probes += [(blocked_end - step * e, e) for e in (3e-2, 1e-2, 1e-3, 0.0)]
        for s, margin in probes:
            if not 0 <= s <= 1:
                continue
            blockers, described = self.obstacles_at(spec, s, True)
            if not self.fits(attacker, target, blockers):
                continue
            orig, segment = verdict(s)
            for name in self.names:
                got, m_segment = verdict(s, name)
                if got == orig:
                    continue
                yield {
                    "mutant": name,
                    "s": s,
                    "margin": margin,  # distance in s from the original's clear/blocked boundary
                    "original": list(orig),
                    "mutated": list(got),
                    "segment": segment,
                    "segment_ok": self.segment_ok(segment, attacker, target, rules, blockers),
                    "mutant_segment": m_segment,
                    "mutant_segment_ok": self.segment_ok(m_segment, attacker, target, rules, blockers),
                    "params": params,
                    "interpretations": interp,
                    "attacker": _base(attacker),
                    "target": _base(target),
                    "obstacles": described,
                }

    def verdict(self, attacker, target, blockers, rules, name=""):
        """(clear, in arc, obstacles named when blocked) and the segment, under mutant ``name``."""
        os.environ["MUTANT_UNDER_TEST"] = name
        try:
            clear, segment, names, in_arc = self.g.trace_between(attacker, target, blockers, rules)
        except Exception as exc:  # a mutant may crash: that is a difference too
            return ("error", type(exc).__name__), None
        finally:
            os.environ["MUTANT_UNDER_TEST"] = ""
        return (clear, in_arc, () if clear else tuple(sorted(names))), segment

    def fits(self, attacker, target, blockers) -> bool:
        """No obstacle stands on the attacker or the target, and no two round bases overlap."""
        from shapely.geometry import Point

        g = self.g
        shapes = [g.core(b).buffer(g.radius_of(b), quad_segs=64) for b in (attacker, target)]
        discs = []
        for o in blockers:
            shape = Point(o.disc[:2]).buffer(o.disc[2], quad_segs=64) if o.disc else o.shape
            if any(shape.distance(x) < 1e-3 for x in shapes):
                return False
            if o.disc:
                discs.append(shape)
        return all(a.distance(b) >= 1e-3 for i, a in enumerate(discs) for b in discs[i + 1 :])

    def segment_ok(self, segment, attacker, target, rules, blockers):
        """Does ``segment`` join the attacker's base to the target's part in the arc and pass
        through no obstacle's interior (1e-7 inch either way)? Checked with shapely only."""
        if segment is None:
            return None
        from shapely.geometry import LineString, Point

        g = self.g
        line = LineString(segment)
        tol = 2 * float(rules.param("geometry_tolerance"))  # with room for rounding
        reach = max(1e-7, tol)

        def within(base, point):  # exact for circles: the core grown by the radius
            return g.core(base).distance(Point(point)) - g.radius_of(base) < reach

        mode, cuts = g.arc_cuts(attacker, rules)
        margins = [nx * segment[1][0] + ny * segment[1][1] - b > -reach for nx, ny, b in cuts]
        in_arc = rules.interpretation("trace_target_part") == "whole_base" or (all if mode == "all" else any)(
            margins
        )
        ends = within(attacker, segment[0]) and within(target, segment[1]) and in_arc
        for o in blockers:
            if o.disc is not None:
                cx, cy, rad = o.disc
                if line.distance(Point(cx, cy)) < rad - tol:
                    return False
            elif o.shape.buffer(-tol).intersects(line):
                return False
        return bool(ends)


def _base(b):
    return {k: getattr(b, k) for k in ("name", "shape", "x", "y", "facing", "radius", "width", "depth")}


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
