"""Limits on input size, as data: what rulecheck refuses (one line, exit 2) instead of hanging or
filling memory. Each default is far beyond any real game; the README lists them.

``PARAMETER_RANGES`` bounds every number an overlay (or a scenario's house rule) may give a
rulebook parameter: no negative distances, no zero-sided dice, no absurd segment counts. Faces in
a list of faces may be 0 (a face no die shows: "never") up to ``MAX_DIE_SIDES``.
"""

from __future__ import annotations


class LimitExceeded(Exception):
    """The engine was asked for more work than a limit here allows (raised instead of hanging)."""


# --- reading files -----------------------------------------------------------------------------
MAX_YAML_BYTES = 1_000_000  # one scenario, overlay or unit catalogue
MAX_YAML_ALIASES = 50  # `*name` references in one document
MAX_YAML_NODES = 20_000  # values in one document after aliases are expanded (a large scenario has ~2,000)
MAX_YAML_DEPTH = 40  # nested mappings and lists
MAX_NAME_LENGTH = 200  # a unit, base, piece, weapon or card name

# --- positions ---------------------------------------------------------------------------------
MAX_BOARD_HEXES = 10_000  # a Gundam Assemble board (a real one has under 200)
MAX_COORDINATE = 1_000  # |q|, |r| of a hex
MAX_TABLE_INCHES = 10_000.0  # |x|, |y| of a multibase base or terrain point
MAX_BASE_SIZE = 100.0  # radius, width, depth of one multibase base, in inches
MAX_BASES = 100  # bases of one multibase unit
MAX_TOTAL_BASES = 500  # bases of all units in one multibase scenario
MAX_UNITS = 200  # units (or pieces) in one scenario
MAX_TERRAIN_POINTS = 100  # corners of one terrain polygon (a real piece has a few dozen at most)
MAX_TERRAIN_CORNERS = 1_000  # corners of all terrain polygons in one multibase scenario
# The Trace between two units (MB-1.1) tries lines through every pair of corners near each pair of
# bases: its work grows with attacker bases x target bases x (corners and bases between them)^2.
# Before an attack is resolved or drawn, rulecheck bounds that work from the position (obstacles
# whose bounding box meets the box of a pair of bases) and refuses one that could pass these:
MAX_TRACE_WORK = 600_000_000  # line x corner tests, over all pairs of bases (about 2.5 s)
MAX_TRACE_LINES = 400_000  # candidate lines for one pair of bases (about 100 MB)

# --- dice ----------------------------------------------------------------------------------------
MAX_ATTACK_DICE = 200  # dice rolled (or scripted) in one attack
MAX_ODDS_DICE = 200  # dice in one exact-odds query
MAX_CARD_USES = 10  # times one card or ability is used in one attack
MAX_RESPONSES = 100  # responses declared in one attack
MAX_STAT = 1_000  # a unit's attack dice, range, HP, shields, wounds, timeline...
MAX_DIE_SIDES = 100
MAX_REMOVAL_OPTIONS = 5_000  # ways to pick the bases one attack removes (listed in a ruling)
MAX_REMOVAL_WORK = 2_000_000  # ways x orders x bases^2: the coherency checks behind that list
MAX_JOBS = 64  # worker processes for `mutate -j`

# (minimum, maximum), inclusive, for each number a rule overlay may set.
PARAMETER_RANGES: dict[str, dict[str, tuple[float, float]]] = {
    "gundam_assemble": {
        "los_min_range": (0, 100),
        "melee_range": (0, 100),
        "hit_threshold": (0, MAX_DIE_SIDES + 1),
        "attack_die_sides": (1, MAX_DIE_SIDES),
        "natural_miss_faces": (0, MAX_DIE_SIDES + 1),
        "critical_faces": (0, MAX_DIE_SIDES + 1),
        "elevation_accuracy_lower_target": (-10, 10),
        "elevation_accuracy_higher_target": (-10, 10),
        "water_accuracy": (-10, 10),
        "damage_per_hit": (0, 100),
        "damage_per_shield": (0, 100),
        "crit_effect_triggers_per_attack": (0, 100),
        "engagement_distance": (0, 100),
        "defeat_timeline_penalty": (-100, 100),
    },
    "multibase": {
        "die_sides": (1, MAX_DIE_SIDES),
        "to_hit_baseline": (0, MAX_DIE_SIDES + 1),
        "threshold_min": (0, MAX_DIE_SIDES + 1),
        "threshold_max": (0, MAX_DIE_SIDES + 1),
        "cover_modifier": (-10, 10),
        "long_range_modifier": (-10, 10),
        "long_range_fraction": (0.0, 1.0),
        "shaken_attacker_modifier": (-10, 10),
        "shaken_target_modifier": (-10, 10),
        "max_shaken_tokens": (0, 100),
        "front_arc_degrees": (0, 360),
        "coherency_distance": (0.0, 1_000.0),
        # Not 0: the Trace pivots candidate lines half the tolerance inside an obstacle's corners
        # and tests them against the obstacle shrunk by all of it; at 0 both are the corner itself,
        # and whether a line through it touches the obstacle, and is blocked, is left to rounding.
        # 1e-10 inch is still some hundreds of times the rounding of a coordinate on any table.
        "geometry_tolerance": (1e-10, 0.001),
    },
}
MAX_LIST_PARAMETER = 100  # items in a list-valued parameter (a list of faces)
DEFAULT_RANGE = (-1_000, 1_000)  # a parameter added to a rulebook without a range of its own


def parameter_range(ruleset: str, name: str) -> tuple[float, float]:
    return PARAMETER_RANGES.get(ruleset, {}).get(name, DEFAULT_RANGE)
