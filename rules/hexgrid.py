"""Axial hex coordinates for pointy-top hex boards (Red Blob Games' conventions).

A hex is an ``(q, r)`` tuple of ints; the third cube coordinate is ``s = -q - r``. Everything here
is exact integer arithmetic. The sightline between two hexes lives in ``hex_sightline``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Hex = tuple[int, int]

# Neighbour offsets in the order east, north-east, north-west, west, south-west, south-east
# (pointy-top, r grows downwards).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def length(h: Hex) -> int:
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def distance(a: Hex, b: Hex) -> int:
    return length(sub(a, b))


def neighbours(h: Hex) -> list[Hex]:
    return [add(h, d) for d in DIRECTIONS]


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``centre``, walking the ring once."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    h = add(centre, scale(DIRECTIONS[4], radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = add(h, DIRECTIONS[side])
    return out


def spiral(centre: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within ``radius`` of ``centre``, ring by ring."""
    for k in range(radius + 1):
        yield from ring(centre, k)


# --- the 12 symmetries of the hex grid about the origin -------------------------------------
# In cube coordinates (q, r, s) a rotation by 60 degrees is (q, r, s) -> (-r, -s, -q) and a mirror
# swaps two coordinates. Each symmetry is a linear map, so it also acts on offsets.


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Rotate about the origin by ``steps`` x 60 degrees (counter-clockwise on screen)."""
    q, r = h
    for _ in range(steps % 6):
        s = -q - r
        q, r = -r, -s
    return (q, r)


def reflect(h: Hex) -> Hex:
    """Mirror across the q axis: swap r and s."""
    q, r = h
    return (q, -q - r)


def symmetry(index: int) -> Callable[[Hex], Hex]:
    """Symmetry number ``index`` in 0..11: 0-5 are rotations, 6-11 a mirror then a rotation."""
    if not 0 <= index < 12:
        raise ValueError("symmetry index must be in 0..11")
    steps, mirrored = index % 6, index >= 6
    if mirrored:
        return lambda h: rotate(reflect(h), steps)
    return lambda h: rotate(h, steps)


def is_mirror(index: int) -> bool:
    """True for the six symmetries that reverse orientation (they swap left and right)."""
    return index >= 6


SYMMETRIES: tuple[int, ...] = tuple(range(12))


# --- offset coordinates, used by rectangular boards and compact maps -----------------------


def from_offset(col: int, row: int) -> Hex:
    """Odd-r offset (odd rows shoved right by half a hex) to axial."""
    return (col - (row - (row & 1)) // 2, row)


def to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


# --- the nudged cube-lerp line draw, the usual approximation of a sightline ----------------


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (q, r)


def lerp_line(a: Hex, b: Hex, nudge: tuple[float, float] = (1e-6, 2e-6)) -> list[Hex]:
    """The standard line draw: sample N+1 points and round each to a hex.

    The nudge moves the endpoints off the exact edges, which hides the cases the rules care
    about (a line running between two hexes, or through a corner). rulecheck uses it only as a
    reference that the exact classification must agree with away from those cases.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    # The nudge direction (1, 2) is parallel to no hex edge, so it moves every line off them.
    aq, ar = a[0] + nudge[0], a[1] + nudge[1]
    bq, br = b[0] + nudge[0], b[1] + nudge[1]
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]
