"""A project's own scenario files, overlays and cards (issue #26): named in a project's feature or
on the command line, each is looked for in the project first, then in the bundled data; a name
found in neither is one line naming both places; the config's folder keys move the folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulecheck.project_config import find_config
from rulecheck.project_files import card_sources, find_file, project_of
from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble.card_plugins import bundled_catalogue, catalogue_with

ROOT = Path(__file__).resolve().parent.parent
BUNDLED_CARDS = ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "units.yaml"

HILL_FEATURE = """\
Feature: A club's Line of Sight rulings

  @clause:GA-LOS-3 @ruling:derived
  Scenario: The project's scenario file, not the bundled one of the same name
    Given the scenario "los_oggo_artillery_support.yaml"
    When "Scout" checks Line of Sight to "Warden"
    Then Line of Sight is clear
"""

OPEN_GROUND = """\
ruleset: gundam_assemble
title: open ground (the project's file, named as a bundled one)
map: |
  S . . W
units:
  - {name: Scout, side: A, mark: S}
  - {name: Warden, side: B, mark: W}
"""

HOUSE_RULE_FEATURE = """\
Feature: A club's house rule

  Background:
    Given the multibase units:
      | unit  | faction | ranged | melee | range | courage | save | wounds |
      | Alpha | Red     | 2      | 3     | 24    | 9       | 7    | 9      |
      | Bravo | Blue    | 1      | 1     | 24    | 9       | 7    | 9      |
    And the multibase bases:
      | unit  | base | shape    | x | y   | facing |
      | Alpha | a1   | rect 2x1 | 0 | 0   | 90     |
      | Alpha | a2   | rect 2x1 | 2 | 0   | 90     |
      | Bravo | b1   | rect 2x1 | 0 | 4.5 | 270    |

  @clause:MB-3.1 @ruling:derived
  Scenario: Under the club's rule a 5 is needed to hit
    Given the house rule "clamp_3_to_6"
    And "Alpha" rolls 3, 4, 5, 6 to hit
    And "Bravo" rolls 1, 1 to save
    When "Alpha" shoots "Bravo"
    Then "Alpha" needs 5+ to hit
"""

# named as the bundled overlay, which clamps to 3+..6+ and leaves an unmodified 4+ alone
CLUB_RULE = """\
ruleset: multibase
name: the club's 5+
source: a club's house rule
parameters: {to_hit_baseline: 5}
"""


def rulecheck(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULECHECK_")}
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        env=env,
    )


def project(tmp_path: Path, config: str, files: dict[str, str]) -> Path:
    (tmp_path / "rulecheck.toml").write_text(config)
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_a_projects_scenario_file_is_found_before_the_bundled_one_of_the_same_name(tmp_path):
    bundled = sorted((ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble").glob("*.yaml"))[
        0
    ].name  # whatever it is called
    root = project(
        tmp_path,
        'rulesets = ["gundam_assemble"]\n',
        {
            "features/gundam_assemble/mine.feature": HILL_FEATURE.replace(
                "los_oggo_artillery_support.yaml", bundled
            ),
            f"scenarios/{bundled}": OPEN_GROUND,
        },
    )
    done = rulecheck(root, "check")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_projects_overlay_is_found_before_the_bundled_one_in_a_feature_and_on_the_command_line(tmp_path):
    assert (ROOT / "rulecheck_multibase" / "engine" / "overlays" / "clamp_3_to_6.yaml").is_file()
    root = project(
        tmp_path,
        'rulesets = ["multibase"]\noverlays = "house rules"\n',
        {"features/multibase/mine.feature": HOUSE_RULE_FEATURE, "house rules/clamp_3_to_6.yaml": CLUB_RULE},
    )
    done = rulecheck(root, "check")
    assert done.returncode == 0, done.stdout + done.stderr
    # the same name on the command line: the project's overlay is the one in force
    done = rulecheck(root, "check", "--rules", "clamp_3_to_6", "--json")
    assert json.loads(done.stdout)["overlays"] == [
        str((root / "house rules" / "clamp_3_to_6.yaml").resolve())
    ]


def test_a_name_in_neither_place_is_one_line_naming_both(tmp_path):
    root = project(tmp_path, 'rulesets = ["multibase"]\n', {})
    with pytest.raises(InputError) as caught:
        find_file("scenarios", "nowhere", ["multibase"], find_config(root), ".yaml")
    assert str(caught.value) == (
        "nowhere: no scenario file of that name in scenarios/ (the project's) or in rulecheck_multibase/scenarios/multibase/ (bundled)"
    )
    feature = HOUSE_RULE_FEATURE.replace('"clamp_3_to_6"', '"no_such_rule"')
    (root / "features" / "multibase").mkdir(parents=True)
    (root / "features" / "multibase" / "mine.feature").write_text(feature)
    done = rulecheck(root, "check")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "rulecheck: features/multibase/mine.feature:16: no overlay of that name in overlays/ (the project's) "
        "or in rulecheck_multibase/engine/overlays/ (bundled)"
    ]


def test_the_bundled_corpus_belongs_to_no_project(tmp_path):
    assert project_of(ROOT / "rulecheck_multibase" / "features" / "multibase" / "attack_roll.feature") is None
    assert (
        project_of(ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "units.yaml")
        is None
    )


# --- cards -----------------------------------------------------------------------------------


def a_bundled_card() -> dict:
    """The first unit card of the bundled test data, whatever it is called."""
    return yaml.safe_load(BUNDLED_CARDS.read_text())["units"][0]


def test_a_projects_card_takes_the_place_of_a_bundled_card_of_the_same_name(tmp_path):
    card = a_bundled_card()
    mine = {**card, "hp": card["hp"] + 4}
    root = project(
        tmp_path, 'rulesets = ["gundam_assemble"]\n', {"cards/ours.yaml": yaml.safe_dump({"units": [mine]})}
    )
    config = find_config(root)
    assert bundled_catalogue().units[card["name"]].hp == card["hp"]
    assert catalogue_with((), config).units[card["name"]].hp == card["hp"] + 4
    assert card_sources(config, ["gundam_assemble"]) == {card["name"]: (root / "cards" / "ours.yaml", True)}
    # the other bundled cards are still there
    assert set(catalogue_with((), config).units) == set(bundled_catalogue().units)
    # and the report of a run says where that card came from
    (root / "features" / "gundam_assemble").mkdir(parents=True)
    (root / "features" / "gundam_assemble" / "mine.feature").write_text(
        HILL_FEATURE.replace('"los_oggo_artillery_support.yaml"', '"mine.yaml"')
    )
    (root / "scenarios").mkdir()
    (root / "scenarios" / "mine.yaml").write_text(OPEN_GROUND)
    done = rulecheck(root, "check")
    assert done.returncode == 0, done.stdout + done.stderr
    line = f"card {card['name']!r}: from the project's cards/ours.yaml (in place of the bundled card of that name)"
    assert done.stdout.splitlines()[-2:] == [line, "OK: every scenario passed"]


def attack_scenario_without_cards() -> Path:
    """A bundled attack scenario reading only the bundled cards (whatever its name)."""
    for path in sorted(
        (ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble").glob("attack_*.yaml")
    ):
        data = yaml.safe_load(path.read_text())
        if data.get("attack") and not data.get("cards"):
            return path
    raise AssertionError("no bundled attack scenario without card files")


def test_explain_says_which_project_file_a_card_came_from(tmp_path):
    scenario = attack_scenario_without_cards()
    attacker = yaml.safe_load(scenario.read_text())["attack"]["attacker"]
    units = {u["name"]: u for u in yaml.safe_load(BUNDLED_CARDS.read_text())["units"]}
    root = project(
        tmp_path,
        'rulesets = ["gundam_assemble"]\n',
        {
            "scenarios/mine.yaml": scenario.read_text(),
            "cards/ours.yaml": yaml.safe_dump({"units": [units[attacker]]}),
        },
    )
    book = rulecheck(root, "explain", str(scenario))
    ours = rulecheck(root, "explain", "scenarios/mine.yaml")
    assert book.returncode == ours.returncode == 0, ours.stderr
    line = (
        f"Card {attacker!r}: from the project's cards/ours.yaml (in place of the bundled card of that name)"
    )
    assert f"  {line}" in ours.stdout.splitlines() and line not in book.stdout
    # the same card, so the same ruling
    assert ours.stdout.replace(f"  {line}\n", "") == book.stdout


def test_diff_takes_a_projects_overlay_by_name_and_runs_a_features_only_project_twice(tmp_path):
    """The book's run and the overlay's run bind the features in two temporary folders, one after
    the other in one process: the second is not taken for the first's modules."""
    feature = HOUSE_RULE_FEATURE.replace('    Given the house rule "clamp_3_to_6"\n    And', "    Given")
    feature = feature.replace("needs 5+", "needs 4+").replace("rolls 1, 1 to save", "rolls 1, 1, 1 to save")
    root = project(
        tmp_path,
        'rulesets = ["multibase"]\n',
        {"features/multibase/mine.feature": feature, "overlays/club.yaml": CLUB_RULE},
    )
    done = rulecheck(root, "diff", "club", "--json")
    assert done.returncode == 1, done.stderr  # a ruling changed
    (changed,) = json.loads(done.stdout)["scenarios"]
    assert changed["old_outcome"] == "passed" and changed["new_outcome"] == "failed"


OUR_ABILITY = """\
from rulecheck_gundam_assemble.engine.python_abilities import CardAbility


class SteadyAim(CardAbility):
    window = "after_attack_roll"
    trigger = "own_attack"
    text = "our club's test ability"

    def resolve(self, play):
        pass


CARD = SteadyAim
"""


def test_a_projects_python_ability_is_found_in_its_cards_folder(tmp_path):
    card = {
        "name": "Club Sniper",
        "hp": 3,
        "vp": 1,
        "weapons": [{"name": "Rifle", "tl_cost": 2, "range": 4, "strength": 2}],
        "abilities": [{"name": "Steady Aim", "python": "steady_aim"}],
    }
    root = project(
        tmp_path,
        'rulesets = ["gundam_assemble"]\n',
        {"cards/ours.yaml": yaml.safe_dump({"units": [card]}), "cards/steady_aim.py": OUR_ABILITY},
    )
    cards = catalogue_with((), find_config(root))
    ability = cards.units["Club Sniper"].abilities["Steady Aim"]
    assert ability.window == "after_attack_roll" and ability.card.describe() == "our club's test ability"
    # outside the project, the name is unknown: one line naming where abilities come from
    (root / "rulecheck.toml").unlink()
    with pytest.raises(InputError, match="no Python ability 'steady_aim'"):
        from rulecheck_gundam_assemble.card_plugins import load_cards

        load_cards(root / "cards" / "ours.yaml")
