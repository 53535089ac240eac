"""`rulecheck explain` on bad attack input: one line naming file, line and field; exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent

GA = """\
ruleset: gundam_assemble
title: a Beam Rifle shot
units:
  - {name: QZ-82 Sentinel, side: A, at: [0, 0]}
  - {name: "Cara's Strider", side: B, at: [2, 0]}
attack:
  attacker: QZ-82 Sentinel
  weapon: Beam Rifle
  target: "Cara's Strider"
  dice: [4, 4, 4, 4]
"""

GA_BAD = [
    ({"Cara's Strider": "Zaku Mk V"}, 5, "units[1].name", "unknown unit: no card 'Zaku Mk V'"),
    ({"dice: [4, 4, 4, 4]": "dice: [4, 4, 4]"}, 10, "attack.dice", "needs 4 d10 but the script has 3 faces"),
    ({"dice: [4, 4, 4, 4]": "dice: [4, 4, 4, 4, 5]"}, 10, "attack.dice", "scripted dice left unused"),
    ({"dice: [4, 4, 4, 4]": "dice: [4, 4, 4, 11]"}, 10, "attack.dice", "scripted face 11 is not on a d10"),
    ({"weapon: Beam Rifle": "weapon: Beam Sword"}, 8, "attack.weapon", "has no weapon 'Beam Sword'"),
]


@pytest.mark.parametrize(("changes", "line", "field", "message"), GA_BAD)
def test_bad_gundam_assemble_attacks_point_at_the_line(capsys, tmp_path, changes, line, field, message):
    text = GA
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "attack.yaml"
    path.write_text(text)
    code = main(["explain", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"rulecheck: {path}:{line}: {field}: "), err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_good_attack_explains(capsys, tmp_path):
    path = tmp_path / "attack.yaml"
    path.write_text(GA)
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        "[GA-SEQ-5, GA-ROLL-1, GA-ROLL-2, GA-ROLL-3] 4 attack dice (Strength 4) rolled at once: [4, 4, 4, 4]"
        in out
    )


def test_multibase_dice_that_do_not_match_point_at_the_units_roll(capsys, tmp_path):
    text = (ROOT / "rulecheck_multibase" / "scenarios" / "multibase" / "ranged_volley.yaml").read_text()
    path = tmp_path / "volley.yaml"
    path.write_text(text.replace("Bravo: {save: [1, 2, 3, 6]}", "Bravo: {save: [1, 2, 3, 6, 6]}"))
    code = main(["explain", str(path)])
    err = capsys.readouterr().err
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if "Bravo: {save:" in row)
    assert code == 2
    assert err.startswith(f"rulecheck: {path}:{line}: dice.Bravo.save: scripted dice left unused"), err


def test_explain_says_a_ruling_rests_only_on_the_readings_whose_other_options_change_it(capsys):
    """As check computes dependencies: the Quad Bop's ruling changes if the critical effect hits
    only the chosen target, and stays the same however the area's diagram may be turned; the two
    are listed apart, and --json names only the first, with the options that change it."""
    import json

    from rulecheck.cli import main

    scenario = str(
        ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "attack_guntank_quad_bop.yaml"
    )
    assert main(["explain", scenario, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["rests_on"] == {"aoe_crit_effect_scope": ["chosen_target"]}
    assert "aoe_diagram_orientation" in document["interpretations"]
    assert main(["explain", scenario]) == 0
    text = capsys.readouterr().out
    rests, _, read_only = text.partition("Interpretations read, but no other option changes this ruling:")
    assert "aoe_crit_effect_scope = all_targets" in rests.split("rests on (another option changes it):")[1]
    assert "aoe_diagram_orientation = rotate" in read_only


@pytest.mark.parametrize("command", ["explain", "odds", "draw"])
def test_every_command_takes_a_bundled_overlay_by_name_as_by_path(command, capsys):
    """--rules crits_on_ten_only finds the bundled overlay on every command, as on check and
    explore; the output is the same as with its path."""
    from rulecheck.cli import main

    scenario = str(
        ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "attack_guntank_quad_bop.yaml"
    )
    by_path = str(ROOT / "rulecheck_gundam_assemble" / "engine" / "overlays" / "crits_on_ten_only.yaml")
    assert main([command, scenario, "--rules", by_path]) == 0
    expected = capsys.readouterr().out
    assert main([command, scenario, "--rules", "crits_on_ten_only"]) == 0
    assert capsys.readouterr().out == expected
