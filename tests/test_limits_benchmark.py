"""The builders of benchmarks/limits_speed.py make inputs the loader takes: a builder that
drifted past a limit would time a refusal instead of the work (no timing is asserted here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from rulecheck.rulesets import load_scenario

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "limits_speed.py"


def benchmark():
    spec = importlib.util.spec_from_file_location("limits_speed", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_every_builder_makes_an_input_the_loader_reads_as_its_shape_expects(tmp_path):
    from rulecheck.source_yaml import InputError

    bench = benchmark()
    shapes = bench.build(scale=0.05)
    assert len(shapes) == len(bench.BUILDERS)
    assert len({s.name for s in shapes}) == len(shapes)
    for i, shape in enumerate(shapes):
        file = bench.write(shape, tmp_path / f"shape{i}")
        assert shape.commands, shape.name
        try:
            load_scenario(file)
            refused = ""
        except InputError as exc:
            refused = str(exc)
        # A shape meant to be read must be read; one meant to be refused (exit 2) must be refused.
        assert (refused == "") == (shape.expect == 0), f"{shape.name}: {refused or 'accepted'}"
