"""What the corpus runner keeps between scenarios is only what cannot have changed: a card file
edited between two reads is read again, and a bad one is refused every time."""

from __future__ import annotations

import pytest

from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble.card_plugins import catalogue_with

CARD = """units:
  - name: "{name}"
    hp: {hp}
    vp: 3
    weapons:
      - name: Rifle
        tl_cost: 2
        range: 3
        strength: 3
"""


def test_a_card_file_edited_between_two_reads_gives_the_edited_cards(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARD.format(name="Test Holdout A", hp=5))
    first = catalogue_with((str(cards),))
    assert first.units["Test Holdout A"].hp == 5
    assert catalogue_with((str(cards),)).units["Test Holdout A"].hp == 5
    # same size, same second: only the contents differ
    cards.write_text(CARD.format(name="Test Holdout B", hp=6))
    second = catalogue_with((str(cards),))
    assert "Test Holdout A" not in second.units
    assert second.units["Test Holdout B"].hp == 6


def test_a_bad_card_file_is_refused_on_every_read_and_a_fixed_one_is_then_read(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARD.format(name="Test Holdout", hp="many"))
    for _ in range(2):
        with pytest.raises(InputError, match="hp"):
            catalogue_with((str(cards),))
    cards.write_text(CARD.format(name="Test Holdout", hp=4))
    assert catalogue_with((str(cards),)).units["Test Holdout"].hp == 4


def test_a_card_file_that_is_gone_is_refused_as_before(tmp_path):
    with pytest.raises(InputError):
        catalogue_with((str(tmp_path / "missing.yaml"),))


def _multibase_doc(target_y: float) -> dict:
    stats = {"ranged_attack": 1, "melee_attack": 1, "range": 30, "courage": 3, "save": 4, "wounds": 1}

    def unit(name: str, faction: str, y: float, facing: int) -> dict:
        base = {"name": f"{name}0", "shape": "round", "radius": 0.5, "x": 0, "y": y, "facing": facing}
        return {"name": name, "faction": faction, "stats": dict(stats), "bases": [base]}

    return {
        "ruleset": "multibase",
        "units": [unit("A", "Red", 0, 90), unit("B", "Blue", target_y, 270)],
        "attack": {"kind": "ranged", "attacker": "A", "target": "B"},
    }


def test_a_feature_table_changed_after_it_was_read_gives_the_changed_position():
    from rulecheck_multibase.ruleset import scenario_from_data

    doc = _multibase_doc(5)
    first = scenario_from_data(doc)
    assert first.field.unit("B").bases[0].y == 5
    doc["units"][1]["bases"][0]["y"] = 7  # as a later step changes its table
    assert first.field.unit("B").bases[0].y == 5  # the scenario read earlier is not changed
    assert scenario_from_data(doc).field.unit("B").bases[0].y == 7


def test_a_bad_feature_table_is_refused_on_every_read():
    from rulecheck_multibase.ruleset import scenario_from_data

    doc = _multibase_doc(5)
    doc["attack"]["target"] = "Nobody"
    for _ in range(2):
        with pytest.raises(InputError, match="Nobody"):
            scenario_from_data(doc)


FEATURE = """Feature: Damage
  Background:
    Given the pieces:
      | name           | side | at     |
      | Cara's Strider | A    | [0, 0] |
      | QZ-82 Sentinel | B    | [2, 0] |

  @clause:GA-DMG-1 @ruling:derived
  Scenario: Two hits deal two damage
    Given the unit states:
      | name           | shields |
      | QZ-82 Sentinel | 0       |
    When "Cara's Strider" attacks "QZ-82 Sentinel" with "Zaku Machine Gun" and rolls 5, 5, 1, 1
    Then "QZ-82 Sentinel" takes 2 damage
"""


def _project(folder, newline: str = "\n"):
    (folder / "features" / "gundam_assemble").mkdir(parents=True)
    (folder / "rulecheck.toml").write_text('rulesets = ["gundam_assemble"]\n')
    text = FEATURE.replace("\n", newline)
    (folder / "features" / "gundam_assemble" / "damage.feature").write_bytes(text.encode())
    return folder


def test_a_one_ruleset_project_loads_no_other_rulesets_steps_nor_their_geometry(tmp_path):
    import subprocess
    import sys

    code = (
        "import sys\nfrom rulecheck.cli import main\n"
        "sys.argv = ['rulecheck', 'check', '-q', '--no-dependencies']\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
        "print(sorted(m for m in sys.modules if m.startswith(('rulecheck_multibase.steps.attack', 'shapely', 'numpy'))))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=_project(tmp_path)
    )
    assert proc.returncode == 0, proc.stderr
    assert "1 scenario, 1 passed" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_feature_file_runs_alike_whatever_its_line_endings(tmp_path, newline):
    import json
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "check", "-q", "--no-dependencies", "--json"],
        capture_output=True,
        text=True,
        cwd=_project(tmp_path, newline),
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rulesets"][0]["scenarios"] == {"total": 1, "passed": 1}
