"""Abilities written in Python: the example package resolves in `rulecheck explain` with a full
trace once installed (entry point group rulecheck.abilities); a bad card file is one line; attacks
made by effects have a depth limit. The Python ability API itself is tested in process in
tests/test_features_gundam_assemble.py."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck_gundam_assemble.card_plugins import bundled_catalogue, catalogue_with
from rulecheck_gundam_assemble.engine.abilities import AbilityError
from rulecheck_gundam_assemble.engine.attack import resolve_attack
from rulecheck_gundam_assemble.engine.board import Board, Piece
from rulecheck_gundam_assemble.engine.declaration import AttackDeclaration, AttackError, Response
from rulecheck_gundam_assemble.engine.units import battle_from_entries, parse_catalogue
from rules.dice import ScriptedDice
from rules.rulebook import load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ga_newtype_cards"
SCENARIO = EXAMPLE / "scenarios" / "attack_newtype_flash.yaml"
RULES = load("gundam_assemble")


@pytest.fixture(scope="session")
def installed_example(tmp_path_factory) -> Path:
    """The example package installed into a temporary folder (no dependencies, so it is quick).
    Without build isolation when this interpreter can build wheels itself; else pip fetches the
    build backend."""
    target = tmp_path_factory.mktemp("site")
    isolation = [] if importlib.util.find_spec("wheel") and importlib.util.find_spec("setuptools") else None
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(EXAMPLE)]
    if isolation is not None:
        cmd.insert(4, "--no-build-isolation")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"the example package could not be built here: {done.stderr.strip().splitlines()[-1:]}")
    assert list(target.glob("*.dist-info/entry_points.txt")), "the package installed no entry points"
    return target


def _explain(*args: str, site: Path | None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site) if site else "", str(ROOT)]))
    return subprocess.run(
        [sys.executable, "-m", "rulecheck.cli", "explain", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.slow  # pip builds and installs the example card package first (about 4 s)
def test_the_example_card_resolves_in_explain_with_a_full_trace(installed_example):
    done = _explain(str(SCENARIO), "--json", site=installed_example)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    events = out["events"] if "events" in out else out["explanation"]["events"]
    steps = [e["step"] for e in events]
    # the card's own events, in its window, each citing clauses of the rulebook
    card = [e for e in events if e["step"].startswith("after_attack_roll.card.")]
    assert [e["step"] for e in card] == ["after_attack_roll.card.flash"]
    assert card[0]["clauses"] == ["GA-ROLL-1", "GA-DMG-6"]
    assert "after_attack_roll.reroll" in steps and steps[-1] == "end.attack"
    assert all(e["clauses"] for e in events)
    # the reroll of 3 into 8 gave a second hit, and the card's Damage+1 landed: 2 hits + 1
    outcome = out["outcome"]
    assert outcome["per_target"]["Cara's Strider"]["dealt"] == 3


def test_without_the_package_the_card_file_is_one_line_at_the_python_key():
    done = _explain(str(SCENARIO), site=None)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert "cards.yaml:16: units[0].abilities[0].python: no Python ability 'newtype_flash'" in lines[0]


# The Python ability API in process (choices, events, effects, rerolls, a badly written card, the
# loader's refusals) is tested in tests/test_features_gundam_assemble.py, which mutmut runs.


def test_attacks_made_by_effects_stop_at_the_depth_limit_with_one_line():
    """Two units that attack each other back at every attack, nested nine deep by the data."""
    cat = bundled_catalogue()
    board = Board(pieces=(Piece("PK-5 Kite", "A", (0, 0)), Piece("Cara's Strider", "B", (2, 0))))
    battle = battle_from_entries(board, {"PK-5 Kite": {"side": "A"}, "Cara's Strider": {"side": "B"}}, cat)
    gm = battle.unit("PK-5 Kite").profile.abilities["Return Fire"]
    zaku = battle.unit("Cara's Strider").profile.abilities["Return Fire"]
    nested: tuple = ()
    for depth in range(9, 0, -1):
        unit, ability, weapon = (
            ("Cara's Strider", zaku, "Zaku Machine Gun") if depth % 2 else ("PK-5 Kite", gm, "Beam Spray Gun")
        )
        nested = (
            Response("after_combat_damage", ability, unit=unit, choices={"weapon": weapon}, nested=nested),
        )
    decl = AttackDeclaration("PK-5 Kite", "Beam Spray Gun", "Cara's Strider", responses=nested)
    dice = ScriptedDice.of(attack=[1, 1, 1], nested=[1] * 40)
    with pytest.raises(AttackError, match="nest more than 8 deep") as err:
        resolve_attack(battle, decl, dice, RULES)
    assert "\n" not in str(err.value)
    # eight deep is allowed: drop the innermost
    inner = nested
    chain = []
    while inner:
        chain.append(inner[0])
        inner = inner[0].nested
    rebuilt: tuple = ()
    for r in reversed(chain[:8]):
        rebuilt = (replace(r, nested=rebuilt),)
    decl = AttackDeclaration("PK-5 Kite", "Beam Spray Gun", "Cara's Strider", responses=rebuilt)
    result = resolve_attack(battle, decl, ScriptedDice.of(attack=[1, 1, 1], nested=[1] * 28), RULES)
    depth, r = 0, result
    while r.nested:
        depth, r = depth + 1, r.nested[0]
    assert depth == 8


KEEP = {"kind": "prevent_defeat", "hit_points": 1}
UNIT = {"name": "U", "hp": 3, "vp": 1}
BAD_CARDS = [
    ("window: before_attack_roll\n", "window: before_the_roll\n", 3, "tactics[0].window", "is not a window"),
    ("kind: accuracy", "kind: accuracy_boost", 5, "tactics[0].effects[0].kind", "is not an effect"),
    (
        "kind: accuracy",
        "kind: reroll",
        5,
        "tactics[0].effects[0]",
        "cannot be used in the before_attack_roll",
    ),
    ("amount: 1}", "amount: 1, duration: forever}", 5, "tactics[0].effects[0].duration", "is not a duration"),
    (
        "amount: 1}",
        "amount: 1, per_upgrade: Laser}",
        5,
        "tactics[0].effects[0].per_upgrade",
        "not an Upgrade",
    ),
    ("trigger: own_attack", "trigger: sometimes", 4, "tactics[0].trigger", "is not a trigger"),
    (
        "amount: 1}",
        "amount: 1, hit_points: 2}",
        5,
        "tactics[0].effects[0].hit_points",
        "only a prevent_defeat effect",
    ),
    (
        "kind: accuracy, amount: 1",
        "kind: prevent_defeat, hit_points: 1",
        5,
        "tactics[0].effects[0]",
        "cannot be used in the before_attack_roll",
    ),
    ("    effects", "    colour: red\n    effects", 5, "tactics[0].colour", "unknown key"),
]


@pytest.mark.parametrize(("old", "new", "line", "field", "message"), BAD_CARDS)
def test_a_bad_card_is_one_line_with_file_line_and_field(capsys, tmp_path, old, new, line, field, message):
    card = (
        "tactics:\n  - name: Test Card\n    window: before_attack_roll\n    trigger: own_attack\n"
        "    effects: [{kind: accuracy, amount: 1}]\n"
    )
    assert old in card
    (tmp_path / "cards.yaml").write_text(card.replace(old, new))
    scenario = (
        ROOT
        / "rulecheck_gundam_assemble"
        / "scenarios"
        / "gundam_assemble"
        / "attack_guntank_uphill_barrage.yaml"
    ).read_text()
    (tmp_path / "s.yaml").write_text("cards: [cards.yaml]\n" + scenario)
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"cards.yaml:{line}: {field}: " in err and message in err, err


def _keeper(**effect) -> dict:
    """A card file with one unit whose ongoing ability is this prevent_defeat effect."""
    ability = {"name": "A", "window": "ongoing", "effects": [{**KEEP, **effect}]}
    return {"units": [{**UNIT, "abilities": [ability]}]}


WEAPON = {"name": "W", "tl_cost": 1, "range": 1, "strength": 1, "effects": [KEEP]}
EFFECT = "units[0].abilities[0].effects[0]"


@pytest.mark.parametrize(
    ("card", "field"),
    [
        # a Tactics card belongs to a player, not to the unit it would keep on the board
        ({"tactics": [{"name": "T", "window": "ongoing", "effects": [KEEP]}]}, "tactics[0]: "),
        # a weapon effect applies to attacks with it, not to its unit's defeat
        ({"units": [{**UNIT, "weapons": [WEAPON]}]}, "units[0].weapons[0].effects: "),
        (_keeper(to="targets"), f"{EFFECT}.to: "),  # it keeps its own unit on the board, no other
        (_keeper(hit_points=True), f"{EFFECT}.hit_points: "),
        (_keeper(hit_points=0), f"{EFFECT}.hit_points: "),  # at 0 the unit would still be defeated
        (_keeper(amount=2), f"{EFFECT}.amount: "),  # its number is hit_points
    ],
)
def test_a_prevent_defeat_effect_only_where_it_can_keep_its_unit_on_the_board(card, field):
    with pytest.raises(AbilityError) as exc:
        parse_catalogue(card)
    assert str(exc.value).startswith(field), exc.value


@pytest.mark.parametrize(("trigger", "kept"), [("attacked", False), ("own_attack", True), ("any", True)])
def test_a_card_that_keeps_its_unit_from_defeat_steps_in_only_where_its_trigger_says(trigger, kept):
    """The Holdout's own Overload takes it to 0 hit points as it attacks: a card that steps in
    when the unit is attacked does not help it then; one for its own attacks, or any time, does."""
    card = {
        **UNIT,
        "hp": 4,
        "weapons": [{"name": "Rifle", "tl_cost": 2, "range": 3, "strength": 3}],
        "abilities": [{"name": "Hold", "window": "ongoing", "trigger": trigger, "effects": [KEEP]}],
    }
    cards = parse_catalogue({"units": [card]}, base=bundled_catalogue())
    board = Board(pieces=(Piece("U", "A", (0, 0)), Piece("QZ-82 Sentinel", "B", (2, 0))))
    battle = battle_from_entries(board, {"U": {"side": "A", "hp": 2}, "QZ-82 Sentinel": {"side": "B"}}, cards)
    overload = Response(
        "before_attack_roll", cards.tactics["Hypothetical (Q.39): Overload Harming Its Own Unit"], side="A"
    )
    decl = AttackDeclaration("U", "Rifle", "QZ-82 Sentinel", responses=(overload,))
    dice = ScriptedDice.of(attack=[1, 1, 1, 1, 1]) if kept else ScriptedDice.of()
    result = resolve_attack(battle, decl, dice, RULES)
    unit = result.battle.unit("U")
    assert (unit.in_reserve, unit.hp) == ((False, 1) if kept else (True, 4))


def test_exact_odds_refuse_a_target_whose_card_keeps_it_from_defeat():
    from rulecheck_gundam_assemble.engine.odds import OddsUnsupported, profile_from_attack

    holdout = "Hypothetical (Q.40) Holdout"
    board = Board(pieces=(Piece("Cara's Strider", "A", (0, 0)), Piece(holdout, "B", (2, 0))))
    cards = catalogue_with(
        (
            str(
                ROOT
                / "rulecheck_gundam_assemble"
                / "scenarios"
                / "gundam_assemble"
                / "cards"
                / "faq_q40.yaml"
            ),
        )
    )
    battle = battle_from_entries(board, {"Cara's Strider": {"side": "A"}, holdout: {"side": "B"}}, cards)
    with pytest.raises(OddsUnsupported, match="keeps it on the board"):
        profile_from_attack(battle, AttackDeclaration("Cara's Strider", "Zaku Machine Gun", holdout), RULES)


def test_a_missing_card_file_is_one_line_at_the_cards_key(capsys, tmp_path):
    scenario = (
        ROOT
        / "rulecheck_gundam_assemble"
        / "scenarios"
        / "gundam_assemble"
        / "attack_guntank_uphill_barrage.yaml"
    ).read_text()
    (tmp_path / "s.yaml").write_text("cards: [nowhere.yaml]\n" + scenario)
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(
        "s.yaml:1: cards[0]: no card file 'nowhere.yaml' next to the scenario or in rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/ (bundled)"
    ), err


def test_a_sequence_of_attacks_explains_and_a_bad_later_attack_points_at_its_line(capsys, tmp_path):
    seq = (
        ROOT
        / "rulecheck_gundam_assemble"
        / "scenarios"
        / "gundam_assemble"
        / "attacks_rapid_deployment_turn.yaml"
    )
    assert main(["explain", str(seq), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    paid = [a["tl_cost_paid"] for a in out["outcome"]["attacks"]]
    assert paid == [2, 2, 3]  # 1 less this turn, full price after the turn ends
    text = seq.read_text()
    bad = text.replace(
        '  - end: turn\n  - attacker: "Cara\'s Strider"\n    weapon: Zaku Machine Gun',
        '  - end: turn\n  - attacker: "Cara\'s Strider"\n    weapon: Zaku Bazookaa',
    )
    assert bad != text
    (tmp_path / "s.yaml").write_text(bad)
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    line = bad.splitlines().index("    weapon: Zaku Bazookaa") + 1
    assert f"s.yaml:{line}: attacks[3].weapon: Cara's Strider has no weapon 'Zaku Bazookaa'" in err, err


def test_exact_odds_refuse_what_they_do_not_model_rather_than_answer_wrongly():
    from rulecheck_gundam_assemble.engine.odds import OddsUnsupported, profile_from_attack

    cat = bundled_catalogue()
    board = Board(pieces=(Piece("MT-05B Lash", "A", (0, 0)), Piece("Cara's Strider", "B", (1, 0))))
    battle = battle_from_entries(board, {"MT-05B Lash": {"side": "A"}, "Cara's Strider": {"side": "B"}}, cat)
    # Sniper Sights (ongoing) makes 8s critical; the Heat Rod's Fracture lands After Combat Damage
    for weapon in ("Heat Rod", "Shield Gun"):
        with pytest.raises(OddsUnsupported, match="critical"):
            profile_from_attack(battle, AttackDeclaration("MT-05B Lash", weapon, "Cara's Strider"), RULES)


RETURN_FIRE = (
    ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "attack_gm_return_fire.yaml"
)


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("weapon: Beam Spray Gun}", "choices: [3]}", "attack.responses[0].choices", "as a mapping"),
        ("weapon: Beam Spray Gun}", "responses: {a: 1}}", "attack.responses[0].responses", "as a list"),
        (
            "weapon: Beam Spray Gun}",
            "weapon: Beam Saber}",
            "attack.responses[0].choices",
            "'Beam Saber', not one of",
        ),
        (
            "weapon: Beam Spray Gun}",
            "weapon: Beam Spray Gun, choices: {colour: red}}",
            "attack.responses[0].choices",
            "never asked for",
        ),
        ("nested: [6, 6, 1]", "nested: [6, 6]", "attack.dice.nested", "the nested roll needs 3 d10"),
    ],
)
def test_bad_scripted_inputs_of_an_attack_back_are_one_line(capsys, tmp_path, old, new, field, message):
    text = RETURN_FIRE.read_text()
    assert old in text
    (tmp_path / "s.yaml").write_text(text.replace(old, new))
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f": {field}: " in err and message in err, err


def test_a_scenario_card_file_may_not_redefine_a_bundled_card(capsys, tmp_path):
    (tmp_path / "cards.yaml").write_text("units:\n  - {name: PK-5 Kite, hp: 1, vp: 1}\n")
    (tmp_path / "s.yaml").write_text("cards: [cards.yaml]\n" + RETURN_FIRE.read_text())
    assert main(["explain", str(tmp_path / "s.yaml")]) == 2
    err = capsys.readouterr().err.strip()
    assert "cards.yaml:2: units[0].name: a unit card 'PK-5 Kite' is already in the catalogue" in err, err


# --- properties of the card mechanics --------------------------------------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rulecheck_gundam_assemble.engine.attack_dice import count_crits, score_dice  # noqa: E402

SIDES = RULES.param("attack_die_sides")


@given(
    st.lists(st.integers(1, SIDES), max_size=10),
    st.integers(-6, 6),
    st.frozensets(st.integers(1, SIDES), max_size=4),
)
def test_more_critical_faces_never_cost_a_hit_and_never_make_a_natural_miss_critical(faces, acc, extra):
    base, more = score_dice(faces, acc, RULES), score_dice(faces, acc, RULES, extra)
    assert more.hits >= base.hits and more.crits >= base.crits
    assert more.crits == count_crits(faces, RULES, extra)
    misses = set(RULES.param("natural_miss_faces"))
    assert more.crits == sum(
        1 for f in faces if f not in misses and (f in extra or f in RULES.param("critical_faces"))
    )


@given(st.integers(0, 6), st.integers(0, 3))
def test_ignoring_shields_never_lowers_damage_and_leaves_ignored_shields_active(shields, hits):
    board = Board(pieces=(Piece("MT-05B Lash", "A", (0, 0)), Piece("QZ-82 Sentinel", "B", (1, 0))))
    cat = bundled_catalogue()
    entries = {"MT-05B Lash": {"side": "A"}, "QZ-82 Sentinel": {"side": "B", "shields": shields}}
    battle = battle_from_entries(board, entries, cat)
    faces = [5] * hits + [1] * (3 - hits)
    plain = resolve_attack(
        battle,
        AttackDeclaration("MT-05B Lash", "Heat Rod", "QZ-82 Sentinel"),
        ScriptedDice.of(attack=faces + [1]),
        RULES,
    )
    lance = resolve_attack(
        battle,
        AttackDeclaration("MT-05B Lash", "Piercing Lance", "QZ-82 Sentinel"),
        ScriptedDice.of(attack=faces),
        RULES,
    )
    # same hits (the Heat Rod rolls one more die, a 1); the Lance ignores 1 Shield
    p, q = plain.per_target["QZ-82 Sentinel"], lance.per_target["QZ-82 Sentinel"]
    assert p.hits == q.hits and q.dealt >= p.dealt
    assert q.shields_used <= max(0, shields - 1)
    assert lance.battle.unit("QZ-82 Sentinel").shields >= min(shields, 1)


# --- Python abilities that misbehave: each is one line naming the ability, exit 2 ------------------
#
# A plugin module is written to a temporary folder and registered as the entry point the example's
# card file names (newtype_flash), so `explain` loads it exactly as it loads an installed package.

import signal  # noqa: E402
import textwrap  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from importlib.metadata import EntryPoint  # noqa: E402

from rulecheck_gundam_assemble import card_plugins  # noqa: E402

FLASH = """
from rulecheck_gundam_assemble.engine.python_abilities import CardAbility


class Card(CardAbility):
    window = "after_attack_roll"
    text = "reroll one attack die"

    def resolve(self, play):
        {resolve}
        face = play.choose("die", sorted(set(play.faces)))
        play.reroll([face])
"""
QUICK_LIMIT = 0.5  # seconds: the plugin time limit in these tests, so a card that hangs fails fast


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """``plugin(module_source)``: the example scenario, in a temporary folder, whose card
    ``newtype_flash`` is the class ``Card`` of that module; returns the scenario's path."""
    monkeypatch.setattr(card_plugins, "PLUGIN_TIME_LIMIT", QUICK_LIMIT, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))

    def install(source: str) -> Path:
        module = f"misbehaving_card_{abs(hash(source))}"
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
        entry = EntryPoint("newtype_flash", f"{module}:Card", card_plugins.GROUP)
        monkeypatch.setattr(card_plugins, "python_cards", lambda: card_plugins._Lazy({entry.name: entry}))
        for f in ("attack_newtype_flash.yaml", "cards.yaml"):
            (tmp_path / f).write_text((EXAMPLE / "scenarios" / f).read_text())
        return tmp_path / "attack_newtype_flash.yaml"

    return install


def _explain_in_process(scenario: Path, *args: str) -> tuple[int, str, str]:
    """``rulecheck explain`` in this process under a 10 s timer of its own, as the bad-input corpus
    runs it: the plugin's time limit must work under (and leave alone) a timer already running."""
    from tests.test_bad_inputs import run_in_process

    return run_in_process(["explain", str(scenario), *args])


def _one_line(code: int, err: str) -> str:
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, (code, err)
    return lines[0]


@pytest.mark.parametrize(
    ("resolve", "message"),
    [
        ("while True: pass", f"did not return within {QUICK_LIMIT:g} s"),
        ("time.sleep(60)", f"did not return within {QUICK_LIMIT:g} s"),
        ("sys.exit(0)", "called sys.exit(0)"),
        ("sys.exit('bye')", "called sys.exit('bye')"),
        ("raise KeyboardInterrupt", "raised KeyboardInterrupt itself"),
        ("raise GeneratorExit('odd')", "raised GeneratorExit: odd"),
    ],
)
def test_plugin_code_that_hangs_exits_or_interrupts_in_resolve_is_one_line_naming_the_ability(
    plugin, resolve, message
):
    source = "import sys, time\n" + FLASH.format(resolve=resolve)
    start = time.monotonic()
    code, out, err = _explain_in_process(plugin(source))
    line = _one_line(code, err)
    assert "HX-90 Halo Edge's Newtype Flash: the Python ability 'newtype_flash' " in line, line
    assert message in line, line
    assert "attack_newtype_flash.yaml" in line and out == ""
    assert time.monotonic() - start < 5


@pytest.mark.parametrize(
    ("module_code", "message"),
    [
        ("while True: pass", f"did not return within {QUICK_LIMIT:g} s"),
        ("import sys; sys.exit(0)", "called sys.exit(0)"),
        ("raise KeyboardInterrupt", "raised KeyboardInterrupt itself"),
        ("raise RuntimeError('no licence')", "RuntimeError: no licence"),
    ],
)
def test_plugin_code_that_hangs_exits_or_fails_on_import_is_one_line_at_the_python_key(
    plugin, module_code, message
):
    code, out, err = _explain_in_process(plugin(module_code + "\n" + FLASH.format(resolve="pass")))
    line = _one_line(code, err)
    assert "cards.yaml:16: units[0].abilities[0].python: the entry point newtype_flash = " in line, line
    assert "cannot be loaded" in line and message in line, line


@pytest.mark.parametrize(
    ("init", "message"),
    [
        ("while True: pass", f"making the card did not return within {QUICK_LIMIT:g} s"),
        ("raise RuntimeError('no card')", "making the card failed: RuntimeError: no card"),
        ("raise SystemExit(3)", "making the card called sys.exit(3)"),
    ],
)
def test_a_plugin_card_that_cannot_be_made_is_one_line_at_the_python_key(plugin, init, message):
    source = FLASH.format(resolve="pass") + f"\n    def __init__(self):\n        {init}\n"
    code, out, err = _explain_in_process(plugin(source))
    line = _one_line(code, err)
    assert "cards.yaml:16: units[0].abilities[0].python: " in line and message in line, line


@pytest.mark.parametrize(
    ("describe", "message"),
    [
        ("return 1 / 0", "describe() failed: ZeroDivisionError: division by zero"),
        ("while True: pass", f"describe() did not return within {QUICK_LIMIT:g} s"),
        ("raise SystemExit(0)", "describe() called sys.exit(0)"),
    ],
)
def test_a_plugin_card_whose_describe_fails_is_one_line_naming_the_ability(plugin, describe, message):
    source = FLASH.format(resolve="pass") + f"\n    def describe(self):\n        {describe}\n"
    code, out, err = _explain_in_process(plugin(source))
    line = _one_line(code, err)
    assert "the Python ability 'newtype_flash': " in line and message in line, line


@pytest.mark.parametrize("when", ["on import", "in resolve"])
def test_what_a_plugin_prints_goes_to_stderr_and_explain_json_stays_json(plugin, when):
    shout = "print('card debugging output')"
    source = (shout + "\n" if when == "on import" else "") + FLASH.format(
        resolve=shout if when == "in resolve" else "pass"
    )
    code, out, err = _explain_in_process(plugin(source), "--json")
    assert code == 0, err
    assert json.loads(out)["outcome"]["per_target"]  # the whole of stdout is the JSON ruling
    assert "card debugging output" in err


def test_a_plugin_that_prints_and_then_fails_is_still_one_line(plugin, monkeypatch):
    """What a failing card printed is not shown (the error stays one line), unless RULECHECK_DEBUG
    asks for it."""
    source = FLASH.format(resolve="print('card debugging output'); raise SystemExit(0)")
    path = plugin(source)
    code, out, err = _explain_in_process(path)
    line = _one_line(code, err)
    assert "called sys.exit(0)" in line and "card debugging output" not in err
    monkeypatch.setenv("RULECHECK_DEBUG", "1")
    code, out, err = _explain_in_process(path)
    assert code == 2 and "card debugging output" in err


def test_a_real_ctrl_c_while_a_plugin_runs_is_the_users_interrupt(plugin):
    """A SIGINT (what Ctrl-C sends) during plugin code interrupts the run as usual (exit 130);
    only a KeyboardInterrupt the card raises itself is the card's fault."""
    source = "import os, signal, time\n" + FLASH.format(
        resolve="os.kill(os.getpid(), signal.SIGINT); time.sleep(5)"
    )
    code, out, err = _explain_in_process(plugin(source))
    assert (code, err.strip()) == (130, "rulecheck: interrupted")


# --- the guard itself --------------------------------------------------------------------------------


def _spin():
    while True:
        pass


def test_the_plugin_time_limit_keeps_a_timer_already_running_and_restores_it():
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(time.monotonic()))
    try:
        signal.setitimer(signal.ITIMER_REAL, 3.0)
        with pytest.raises(card_plugins.PluginFault, match="did not return within 0.2 s"):
            card_plugins.run_plugin(_spin, limit=0.2)
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 2.0 < remaining <= 3.0  # the outer timer runs on, neither reset nor lost
        assert signal.getsignal(signal.SIGALRM) is not None and not fired
        # an outer timer due before the plugin's limit still fires on time, inside plugin code
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        start = time.monotonic()
        assert card_plugins.run_plugin(time.sleep, 0.5, limit=2.0) is None
        assert len(fired) == 1 and fired[0] - start < 0.4
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_an_outer_timer_that_fires_in_plugin_code_raises_through_it_as_its_own():
    """A harness's own time limit (test_bad_inputs' TimedOut) ending a run while a card is busy is
    the harness's exception, not a fault of the card."""

    class HarnessTimeUp(BaseException):
        pass

    def time_up(*_):
        raise HarnessTimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(HarnessTimeUp):
            card_plugins.run_plugin(time.sleep, 3, limit=5.0)
        assert signal.getsignal(signal.SIGALRM) is time_up
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_the_plugin_time_limit_off_the_main_thread_abandons_the_call_in_a_daemon_thread():
    outcome = {}

    def run():
        start = time.monotonic()
        try:  # a call that would take 2 s (not for ever: the abandoned thread ends with it)
            card_plugins.run_plugin(time.sleep, 2, limit=0.3)
        except card_plugins.PluginFault as exc:
            outcome["fault"] = str(exc)
        try:
            card_plugins.run_plugin(sys.exit, 4, limit=1.0)
        except card_plugins.PluginFault as exc:
            outcome["exit"] = str(exc)
        outcome["value"] = card_plugins.run_plugin(sum, [1, 2], limit=1.0)
        outcome["took"] = time.monotonic() - start

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(10)
    assert "not called on the main thread" in outcome["fault"]
    assert outcome["exit"] == "called sys.exit(4); a card may not end the run"
    assert outcome["value"] == 3 and outcome["took"] < 3
