"""Hypothesis strategies for Skirmish, in the manner of ``hypothesis.extra``: the game's objects,
for property tests and for ``rulecheck explore`` alike.

* ``squares(width, height)``: the squares of a board, as ``(column, row)``;
* ``pools(size)``: a pool of d6 faces, drawn in order by a roll;
* ``shots()``: a position ``explore`` compares (kind ``attack``): a board of 2-6 by 1-4 squares
  with up to two walls and three cover squares, Ash (red) shooting at Bo (blue), and a pool of
  faces per roll, in the JSON ``explore.evaluate_position`` reads (see ``scenario.board_from_json``).

Each strategy shrinks towards a readable example: small boards, no walls or cover, low stats.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def squares(width: int, height: int) -> list[tuple[int, int]]:
    """Every square of a ``width`` x ``height`` board, row by row."""
    return [(c, r) for r in range(height) for c in range(width)]


def pools(size: int = 3) -> st.SearchStrategy[list[int]]:
    """``size`` d6 faces."""
    return st.lists(st.integers(1, 6), min_size=size, max_size=size)


@st.composite
def shots(draw) -> dict[str, Any]:
    """A shot on a small board (kind ``attack``)."""
    width, height = draw(st.integers(2, 6)), draw(st.integers(1, 4))
    board = squares(width, height)
    a, t = draw(st.lists(st.sampled_from(board), min_size=2, max_size=2, unique=True))
    rest = [s for s in board if s not in (a, t)]
    walls = draw(st.lists(st.sampled_from(rest), unique=True, max_size=2)) if rest else []
    open_ = [s for s in board if s not in walls and s != a]
    cover = draw(st.lists(st.sampled_from(open_), unique=True, max_size=3))
    return {
        "width": width,
        "height": height,
        "walls": sorted(map(list, walls)),
        "cover": sorted(map(list, cover)),
        "models": [
            {
                "name": "Ash",
                "side": "red",
                "square": list(a),
                "skill": draw(st.integers(2, 6)),
                "save": 7,
                "wounds": 1,
                "range": draw(st.integers(1, 6)),
                "shots": draw(st.integers(1, 3)),
            },
            {
                "name": "Bo",
                "side": "blue",
                "square": list(t),
                "skill": 4,
                "save": draw(st.integers(2, 7)),
                "wounds": draw(st.integers(1, 3)),
                "range": 6,
                "shots": 1,
            },
        ],
        "shot": ["Ash", "Bo"],
        "dice": {"to_hit": draw(pools()), "save": draw(pools())},
    }
