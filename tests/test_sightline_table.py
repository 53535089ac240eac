"""The shipped sightline table and every fast path agree with shapely's classification.

``rules/sightline_table.json`` spares a cold start from classifying the canonical offsets; these
tests keep it honest: the file must be exactly what shapely classifies today (regenerate it with
``python scripts/make_sightline_table.py``), and the table-backed lookup, the batch classifier and
the per-pair shapely baseline must agree on any pair, inside or beyond the table's reach.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import hex_sightline
from rules.hex_sightline import (
    LATTICE_VERSION,
    TABLE_FILE,
    canonical,
    naive_sightline,
    reset_cache,
    sightline,
    table_document,
)
from rules.hexgrid import SYMMETRIES, add, distance, symmetry

SHIPPED = json.loads(TABLE_FILE.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _fresh_cache():
    reset_cache()
    yield
    reset_cache()


def test_the_shipped_table_is_what_shapely_classifies_today():
    assert SHIPPED["lattice_version"] == LATTICE_VERSION, "run scripts/make_sightline_table.py"
    assert table_document(SHIPPED["max_distance"]) == SHIPPED, "run scripts/make_sightline_table.py"


def test_the_table_covers_a_30_by_30_board():
    # The benchmark's board: its longest offset, (29, -29) in offset rows, is 44 hexes.
    assert SHIPPED["max_distance"] >= 44


@given(st.tuples(st.integers(-80, 80), st.integers(-80, 80)))
def test_the_canonical_offset_is_an_image_and_the_least_one(offset):
    canon, index = canonical(offset)
    assert symmetry(index)(offset) == canon
    assert all(canon <= symmetry(i)(offset) for i in SYMMETRIES)


@given(st.tuples(st.integers(-80, 80), st.integers(-80, 80)))
def test_each_symmetry_matrix_moves_an_offset_as_the_symmetry_does(offset):
    """The matrices are built once at import (``_MATRICES``); building them again here is what
    lets a code mutant of ``_matrix`` show, since a mutant switched on after import never
    rebuilds the module's table."""
    q, r = offset
    for i in SYMMETRIES:
        a, b, c, d = hex_sightline._matrix(i)
        assert (a * q + b * r, c * q + d * r) == symmetry(i)(offset)


coord = st.integers(-30, 30)
reach = st.integers(-28, 28)  # up to 56 hexes: past the table's 48, so misses are classified too


@given(st.tuples(coord, coord), st.tuples(reach, reach), st.booleans())
def test_every_fast_path_equals_the_per_pair_shapely_classification(start, offset, use_table):
    """Offsets reach past the table's 48 hexes, so the on-demand classification is exercised
    too, and with the table ignored every offset goes through the batch classifier."""
    end = add(start, offset)
    if distance(start, end) == 0:
        return
    reset_cache(use_table)
    assert sightline(start, end) == naive_sightline(start, end)


def test_a_table_from_another_lattice_version_is_ignored(tmp_path, monkeypatch):
    stale = dict(SHIPPED, lattice_version=LATTICE_VERSION + 1)
    stale["offsets"] = [[*row[:2], [], [], []] for row in SHIPPED["offsets"]]  # wrong on purpose
    path = tmp_path / "sightline_table.json"
    path.write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(hex_sightline, "TABLE_FILE", path)
    hex_sightline._shipped_table.cache_clear()
    try:
        reset_cache()
        assert sightline((0, 0), (5, -2)) == naive_sightline((0, 0), (5, -2))
        assert hex_sightline._shipped_table() == {}
    finally:
        hex_sightline._shipped_table.cache_clear()


# Lines the random draw above seldom meets: along each axis of the lattice (no sideways step, so
# one of the line's two lattice components is 0) and, in all twelve orientations, the lines that
# run along several hex edges in a row, each from a start away from the origin.
AXES = [(0, 5), (0, -5), (5, 0), (-5, 0), (5, -5), (-5, 5)]
EDGE_RUNNERS = [symmetry(i)((-6, 3)) for i in SYMMETRIES]


@pytest.mark.parametrize("use_table", [True, False])
def test_the_fast_paths_equal_the_per_pair_classification_along_axes_and_edges(use_table):
    reset_cache(use_table)
    for offset in AXES + EDGE_RUNNERS:
        for start in ((0, 0), (2, -3)):
            end = add(start, offset)
            assert sightline(start, end) == naive_sightline(start, end), (start, end)
    assert all(len(sightline((0, 0), o).between) == 3 for o in EDGE_RUNNERS)
