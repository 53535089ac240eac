"""The Gundam Assemble attack as steps over one declared state (issue 25, item 4).

Every attribute the steps and the card mixins use is declared on ``AttackState``; each step of the
book's sequence is a module-level function listed in ``SEQUENCE``; ``walk`` makes them in order and
lets a caller look before each one; the exact odds walk the same steps without a subclass."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from rulecheck.source_yaml import InputError
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.engine import (
    attack,
    card_delayed,
    card_dice,
    card_effects,
    card_moves,
    odds,
    responses,
)
from rulecheck_gundam_assemble.engine.attack import (
    SEQUENCE,
    STAGES,
    AttackEnded,
    AttackState,
    resolve_attack,
    stage_of,
    walk,
)
from rulecheck_gundam_assemble.engine.setup import scripted_dice
from rulecheck_gundam_assemble.explain import attack_inputs
from rules.rulebook import load

ROOT = Path(__file__).resolve().parents[1]
GA_SCENARIOS = ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble"
RULES = load("gundam_assemble")
MIXINS = ("ResponseWindows", "CardEffects", "CardMoves", "CardDice", "CardDelayed")
STATE_MODULES = (attack, responses, card_effects, card_moves, card_dice, card_delayed)


def declared() -> set[str]:
    """The attributes AttackState declares for each resolution (annotated once in its class body;
    its ClassVars are the class's, not a resolution's)."""
    return {
        name for name, kind in AttackState.__annotations__.items() if not str(kind).startswith("ClassVar")
    }


def state_uses(source: str) -> list[tuple[str, int, bool]]:
    """(attribute, line, is_set) for every ``self.X`` inside the state's class and its mixins and
    every ``state.X`` inside a function taking the state, in a module's ``source``."""
    found: list[tuple[str, int, bool]] = []

    def scan(node: ast.AST, owner: str) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == owner:
                found.append((sub.attr, sub.lineno, isinstance(sub.ctx, (ast.Store, ast.Del))))

    for top in ast.parse(source).body:
        if isinstance(top, ast.ClassDef) and top.name in ("AttackState", *MIXINS):
            scan(top, "self")
        elif isinstance(top, ast.FunctionDef) and top.args.args and top.args.args[0].arg == "state":
            scan(top, "state")
    return found


def undeclared_sets(source: str) -> list[tuple[str, int]]:
    return sorted(
        {(name, line) for name, line, is_set in state_uses(source) if is_set and name not in declared()}
    )


@pytest.mark.parametrize("module", STATE_MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_every_attribute_a_step_or_mixin_sets_is_declared_on_the_state(module):
    assert not undeclared_sets(inspect.getsource(module)), "set but not declared on AttackState"


@pytest.mark.parametrize("module", (*STATE_MODULES, odds), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_every_attribute_read_off_the_state_is_declared_or_a_method(module):
    unknown = sorted(
        {
            (name, line)
            for name, line, _ in state_uses(inspect.getsource(module))
            if name not in declared() and not hasattr(AttackState, name)
        }
    )
    assert not unknown, f"read but neither declared nor defined on AttackState: {unknown}"


def test_the_check_finds_a_step_or_a_mixin_setting_an_undeclared_attribute():
    step = "def declare(state):\n    state.targets = []\n    state.undeclared_note = 1\n"
    mixin = "class CardDice:\n    def roll_dice(self):\n        self.faces = ()\n        self.spare += 1\n"
    assert undeclared_sets(step) == [("undeclared_note", 3)]
    assert undeclared_sets(mixin) == [("spare", 4)]


def attack_scenarios() -> list[Path]:
    paths = []
    for path in sorted(GA_SCENARIOS.rglob("*.yaml")):
        try:
            scenario = ga.load_scenario(path)
        except InputError:
            continue
        if scenario.attack:
            paths.append(path)
    return paths


def inputs(path: Path):
    """A fresh battle, declaration, rulebook and scripted dice for the scenario file's attack."""
    battle, decl, rules, section = attack_inputs(ga.load_scenario(path), RULES, "resolve")
    return battle, decl, rules, scripted_dice(section.get("dice", []))


def state_for(path: Path) -> AttackState:
    battle, decl, rules, dice = inputs(path)
    return AttackState(battle, decl, dice, rules)


@pytest.mark.parametrize("path", attack_scenarios(), ids=lambda p: p.relative_to(GA_SCENARIOS).as_posix())
def test_a_resolution_holds_exactly_the_declared_attributes(path):
    state = state_for(path)
    try:
        result = walk(state)
    except Exception:  # a scenario that shows an engine error: the state up to it still counts
        result = None
    assert set(vars(state)) == declared()
    if result is not None:  # walking a fresh state is all resolve_attack does
        battle, decl, rules, dice = inputs(path)
        assert resolve_attack(battle, decl, dice, rules) == result


def test_the_state_says_who_owns_it_and_documents_each_attribute():
    doc = " ".join((AttackState.__doc__ or "").split())
    assert "Owned by exactly one resolution" in doc and "nested" in doc
    lines = inspect.getsource(AttackState).splitlines()
    for name in declared():
        at = next(i for i, x in enumerate(lines) if re.match(rf"\s+{name}: ", x))
        # a comment on its line, or a comment above it (one comment may cover a group of two)
        above = [x.strip() for x in lines[max(0, at - 2) : at]]
        assert "#" in lines[at] or any(x.startswith("#") for x in above), f"{name}: declared without a word"


def test_the_sequence_is_the_books_steps_each_a_documented_function_of_the_attack_module():
    names = [step.name for step in SEQUENCE]
    assert len(set(names)) == len(names)
    for step in SEQUENCE:
        assert step.stage in STAGES
        assert step.function.__name__ == step.name and getattr(attack, step.name) is step.function
        assert re.search(r"GA-[A-Z]+-\d", step.function.__doc__ or ""), f"{step.name} names no clause"
    # The book's order: declare before check before pay ... before After Combat Damage.
    firsts = list(dict.fromkeys(step.stage for step in SEQUENCE))
    assert firsts == [s for s in STAGES if s in firsts]
    for wanted in ("declare", "check", "pay", "roll", "disarm", "critical", "damage", "fracture", "defeats"):
        assert wanted in names


def test_the_trace_comes_in_the_order_of_the_sequence():
    state = state_for(GA_SCENARIOS / "attack_guntank_quad_bop.yaml")
    result = walk(state)
    order = {stage: i for i, stage in enumerate(STAGES)}
    stages = [stage_of(e) for e in result.events]
    assert stages == sorted(stages, key=order.__getitem__)
    assert {"declare", "check", "pay", "roll", "damage", "defeat", "end"} <= set(stages)


def test_walk_shows_each_step_before_it_is_made_and_can_stop_there():
    seen = []
    state = state_for(GA_SCENARIOS / "attack_guntank_quad_bop.yaml")
    walk(state, before_step=lambda step, st: seen.append(step.name))
    assert seen == [step.name for step in SEQUENCE]

    def stop_before_damage(step, st):
        if step.name == "damage":
            raise AttackEnded

    stopped = walk(state_for(GA_SCENARIOS / "attack_guntank_quad_bop.yaml"), before_step=stop_before_damage)
    stages = {stage_of(e) for e in stopped.events}
    assert stopped.legal and "damage" not in stages and "roll" in stages
    assert stopped.events[-1].step == "end.attack" and not stopped.per_target


def test_an_attack_that_cannot_be_made_stops_the_walk_after_the_check(tmp_path):
    path = tmp_path / "ally.yaml"
    path.write_text(
        "ruleset: gundam_assemble\ntitle: an ally\nunits:\n"
        "  - {name: PK-5 Kite, side: A, at: [0, 0]}\n"
        "  - {name: QZ-82 Sentinel, side: A, at: [2, 0]}\n"
        "attack:\n  attacker: PK-5 Kite\n  weapon: Beam Spray Gun\n  target: QZ-82 Sentinel\n  dice: []\n"
    )
    seen = []
    result = walk(state_for(path), before_step=lambda step, st: seen.append(step.name))
    assert not result.legal and seen == ["before_attack", "declare", "check"]


def test_the_odds_walk_the_engines_steps_without_a_subclass_or_a_private_name():
    tree = ast.parse(inspect.getsource(odds))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    engine_names = {
        n for n, v in vars(attack).items() if isinstance(v, type) and v.__module__ == attack.__name__
    }
    for cls in classes:
        for base in cls.bases:
            assert not (isinstance(base, ast.Name) and base.id in engine_names), (
                f"{cls.name} subclasses the engine's {base.id}"
            )
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            ("rulecheck_gundam_assemble", "rules")
        ):
            assert not [a.name for a in node.names if a.name.startswith("_")], node.module
    assert "walk(" in inspect.getsource(odds.profile_from_attack)
