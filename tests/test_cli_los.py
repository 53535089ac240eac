"""The command line as a user meets it: `rulecheck los` and one-line errors for bad input."""

from __future__ import annotations

import json
import textwrap

import pytest

from rulecheck.cli import main

SCENARIO = textwrap.dedent(
    """\
    ruleset: gundam_assemble
    title: a hill between two units
    map: |
      .  .  .  .  .
        G  .  2  .  Z
      .  .  .  .  .
    units:
      - {name: QZ-82 Sentinel, side: A, mark: G}
      - {name: "Cara's Strider", side: B, mark: Z}
    """
)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def scenario(tmp_path):
    path = tmp_path / "hill.yaml"
    path.write_text(SCENARIO)
    return path


def test_los_json_has_the_documented_fields(capsys, scenario):
    code, out, err = run(
        capsys, "los", str(scenario), "--from", "QZ-82 Sentinel", "--to", "Cara's Strider", "--json"
    )
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["clear"] is False and data["adjacent"] is False
    assert data["through"] == [[1, 1], [2, 1], [3, 1]]
    assert data["between"] == [] and data["corners"] == []
    assert data["blockers"] == [
        {
            "hex": [2, 1],
            "kind": "terrain",
            "reason": "terrain at elevation 2 is higher than both units (0, 0)",
            "clause": "GA-LOS-3",
        }
    ]
    assert data["interpretations"]["los_choice_points"] == "independent"


def test_los_json_lists_choice_points_as_pairs(capsys, tmp_path):
    path = tmp_path / "edge.yaml"
    path.write_text(
        "ruleset: gundam_assemble\n"
        "units:\n  - {name: A1, side: A, at: [0, 0]}\n  - {name: B1, side: B, at: [2, 2]}\n"
        "hexes:\n  - {at: [1, 0], elevation: 3}\n"
    )
    code, out, _ = run(capsys, "los", str(path), "--from", "A1", "--to", "B1", "--json")
    data = json.loads(out)
    assert code == 0 and data["clear"] is True
    assert data["between"] == [[[1, 0], [0, 1]], [[2, 1], [1, 2]]]
    assert data["choice_points"][0]["blocked"] == [True, False]


def test_los_text_names_the_blocker_and_its_clause(capsys, scenario):
    code, out, _ = run(capsys, "los", str(scenario), "--from", "QZ-82 Sentinel", "--to", "Cara's Strider")
    assert code == 0
    assert "BLOCKED" in out
    assert "blocker: [2, 1] terrain at elevation 2 is higher than both units (0, 0) [GA-LOS-3]" in out


def test_an_area_attack_flag_ignores_units_on_the_line(capsys, tmp_path):
    path = tmp_path / "screen.yaml"
    path.write_text(
        "ruleset: gundam_assemble\nunits:\n"
        "  - {name: T, side: A, at: [0, 0]}\n  - {name: M, side: B, at: [2, 0]}\n  - {name: Z, side: B, at: [4, 0]}\n"
    )
    _, normal, _ = run(capsys, "los", str(path), "--from", "T", "--to", "Z", "--json")
    _, aoe, _ = run(capsys, "los", str(path), "--from", "T", "--to", "Z", "--aoe", "--json")
    assert json.loads(normal)["clear"] is False
    assert json.loads(aoe)["clear"] is True


BAD = [
    (
        "units:\n  - {name: G, side: A, at: [0, 0], colour: red}\n",
        3,
        "units[0].colour",
        "unknown key 'colour'",
    ),
    ("units:\n  - {name: G, side: A, at: [0, zero]}\n", 3, "units[0].at[1]", "expected a whole number"),
    (
        "units:\n  - {name: G, side: A, at: [0, 0]}\n  - {name: H, side: B, at: [0, 0]}\n",
        4,
        "units[1].at",
        "both in hex",
    ),
    (
        "board: {width: 3, height: 3}\nunits:\n  - {name: G, side: A, at: [7, 0]}\n",
        4,
        "units[0].at",
        "off the board",
    ),
    ("units:\n  - {name: G, side: C, at: [0, 0]}\n", 3, "units[0].side", "unknown side 'C'"),
    (
        "units:\n  - {name: G, side: A, at: [0, 0]}\n  - {name: G, side: B, at: [1, 0]}\n",
        4,
        "units[1].name",
        "duplicate name",
    ),
    ("map: |\n  . . .\n    . ? .\nunits: []\n", 4, "map", "not a map cell"),
    ("units:\n  - {name: G, side: A, at: [0, 0]\n", 4, "", "not valid YAML"),
]


@pytest.mark.parametrize(("body", "line", "field", "message"), BAD)
def test_bad_scenarios_give_one_line_with_file_line_and_field(capsys, tmp_path, body, line, field, message):
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: gundam_assemble\n" + body)
    code, out, err = run(capsys, "los", str(path), "--from", "G", "--to", "H")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"rulecheck: {path}:{line}: ")
    assert f": {field}: " in err if field else True
    assert message in err
    assert "Traceback" not in err


def test_an_unknown_piece_name_is_bad_input(capsys, scenario):
    code, _, err = run(capsys, "los", str(scenario), "--from", "Gundam", "--to", "Cara's Strider")
    assert code == 2
    assert "--from: no piece named 'Gundam'" in err


def test_a_missing_file_is_bad_input(capsys, tmp_path):
    code, _, err = run(capsys, "los", str(tmp_path / "nope.yaml"), "--from", "A", "--to", "B")
    assert code == 2 and "no such file" in err


def test_an_overlay_with_an_unknown_parameter_points_at_its_line(capsys, scenario, tmp_path):
    overlay = tmp_path / "house.yaml"
    overlay.write_text("ruleset: gundam_assemble\nname: house\nparameters:\n  hit_treshold: 3\n")
    code, _, err = run(
        capsys,
        "los",
        str(scenario),
        "--from",
        "QZ-82 Sentinel",
        "--to",
        "Cara's Strider",
        "--rules",
        str(overlay),
    )
    assert code == 2
    assert f"{overlay}:4: parameters.hit_treshold: no such parameter" in err


def test_an_overlay_interpretation_changes_the_verdict(capsys, tmp_path):
    path = tmp_path / "edge.yaml"
    path.write_text(
        "ruleset: gundam_assemble\n"
        "units:\n  - {name: A1, side: A, at: [0, 0]}\n  - {name: B1, side: B, at: [2, 2]}\n"
        "hexes:\n  - {at: [1, 0], elevation: 3}\n  - {at: [1, 2], elevation: 3}\n"
    )
    overlay = tmp_path / "one_side.yaml"
    overlay.write_text("ruleset: gundam_assemble\ninterpretations: {los_choice_points: one_side}\n")
    _, default, _ = run(capsys, "los", str(path), "--from", "A1", "--to", "B1", "--json")
    _, changed, _ = run(
        capsys, "los", str(path), "--from", "A1", "--to", "B1", "--json", "--rules", str(overlay)
    )
    assert json.loads(default)["clear"] is True
    assert json.loads(changed)["clear"] is False
