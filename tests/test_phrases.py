"""A step's wording lives in one place, its ruleset's phrase table (``rulecheck.phrases``).

The step definitions are built from it, explore's Gherkin writer writes with it and ``--vacuous``
flips a Then-step to its opposite with it. These tests catch the failure issue #25 describes:
a step renamed in one of the three places and not in the others (explore then writes scenarios
that no longer run, and ``--vacuous`` silently skips the step).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_bdd.steps import step_function_context_registry

from rulecheck import vacuous
from rulecheck.phrases import CommonPhrases, Phrase, PhraseTable, literal_length, then
from rulecheck.ruleset_api import ruleset, step_phrases
from rulecheck_gundam_assemble.phrases import GundamAssemblePhrases
from rulecheck_multibase.phrases import MultibasePhrases

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = ROOT / "examples" / "rulecheck-skirmish"
# The example package, imported from its source folder; the folder leaves sys.path at once, so
# no later test finds the package as an installed distribution (its entry point) through it.
sys.path.insert(0, str(SKIRMISH))
try:
    from rulecheck_skirmish.phrases import SkirmishPhrases
finally:
    sys.path.remove(str(SKIRMISH))

TABLES = {
    "gundam_assemble": GundamAssemblePhrases,
    "multibase": MultibasePhrases,
    "skirmish": SkirmishPhrases,
}
ALL = [(name, p) for name, table in TABLES.items() for p in table.phrases()]
IDS = [f"{name}.{p.name}" for name, p in ALL]

WORD = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,7}", fullmatch=True)
DICE = st.lists(st.integers(1, 10), min_size=1, max_size=4).map(lambda f: ", ".join(map(str, f)))
HEX = st.tuples(st.integers(-9, 9), st.integers(-9, 9)).map(lambda h: f"[{h[0]}, {h[1]}]")
# The fields of the wordings read by a regular expression that takes more than a word.
SHAPED = {
    "faces": DICE,
    "dice": DICE,
    "to": HEX,
    "hex_text": HEX,
    "area": st.lists(HEX, min_size=1, max_size=3).map(", ".join),
    "reach": st.integers(0, 99).map(str),
}


def _values(phrase: Phrase) -> st.SearchStrategy[dict]:
    fields = {}
    for name, spec in phrase.fields.items():
        if spec == "d":
            fields[name] = st.integers(0, 999)
        elif spec == "g":
            fields[name] = st.integers(-800, 800).map(lambda n: n / 8)  # written exactly
        elif phrase.regex is not None and ALTERNATIVES.fullmatch(_group(phrase.regex, name)):
            fields[name] = st.sampled_from(_group(phrase.regex, name).split("|"))
        elif phrase.regex is not None and _group(phrase.regex, name) not in FREE:
            fields[name] = SHAPED[name]
        else:
            fields[name] = WORD
        if phrase.regex is not None and _optional(phrase, name):
            fields[name] = st.none() | fields[name]
    return st.fixed_dictionaries(fields)


# Groups of a regular expression that read any word (the others have a shape: SHAPED).
ALTERNATIVES = re.compile(r"[\w ]*(\|[\w ]*)+")  # before the attack|after attack roll|...
FREE = {".+?", ".+", '[^"]+', r"\w+", r"\S+", "(?:(?! and rolls ).)+"}


def _group(regex: str, field: str) -> str:
    """The pattern of the named group ``field`` (its parentheses balanced)."""
    start = regex.index(f"(?P<{field}>") + len(f"(?P<{field}>")
    depth, i = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(regex[i], 0)
        i += 1
    return regex[start : i - 1]


def _optional(phrase: Phrase, field: str) -> bool:
    from rulecheck.phrases import OPTIONAL

    return any(f"{{{field}" in m.group(1) for m in OPTIONAL.finditer(phrase.pattern))


@pytest.mark.parametrize(("ruleset_name", "phrase"), ALL, ids=IDS)
@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_written_sentence_reads_back_to_the_same_values(ruleset_name, phrase, data):
    values = data.draw(_values(phrase))
    text = phrase.write(**values)
    assert phrase.read(text) == {k: v for k, v in values.items() if v is not None}, text


def _step_contexts() -> list:
    import importlib

    packages = ("steps", "rulecheck_gundam_assemble.steps", "rulecheck_multibase.steps")
    for package in packages:
        for path in sorted((ROOT / package.replace(".", "/")).glob("*.py")):
            if path.stem != "__init__":
                importlib.import_module(f"{package}.{path.stem}")
    importlib.import_module("rulecheck_skirmish.steps")
    return [
        c
        for c in step_function_context_registry.values()
        if c.step_func.__module__.startswith(tuple(f"{p}." for p in packages) + ("rulecheck_skirmish.",))
    ]


def test_every_step_definition_reads_with_a_phrase_of_its_rulesets_table():
    """The step modules take their wording from the tables: each definition's parser is a
    phrase's parser (the same object), so a phrase reworded rewords its step definition."""
    by_module = {
        "steps.common": CommonPhrases,
        "rulecheck_gundam_assemble.steps.attack": GundamAssemblePhrases,
        "rulecheck_gundam_assemble.steps.board": GundamAssemblePhrases,
        "rulecheck_multibase.steps.attack": MultibasePhrases,
        "rulecheck_multibase.steps.mutants": MultibasePhrases,
        "rulecheck_skirmish.steps": SkirmishPhrases,
    }
    contexts = _step_contexts()
    assert {c.step_func.__module__ for c in contexts} == set(by_module)
    for ctx in contexts:
        table = by_module[ctx.step_func.__module__]
        parsers = {id(p.parser) for p in table.phrases()}
        assert id(ctx.parser) in parsers, f"{ctx.step_func.__qualname__}: {ctx.parser.name!r} is in no phrase"


def test_each_ruleset_hands_over_its_table_through_the_optional_hook():
    for name in ("gundam_assemble", "multibase"):
        assert step_phrases(ruleset(name)) == TABLES[name].phrases()
    from rulecheck_skirmish.adapter import RULESET

    assert step_phrases(RULESET) == SkirmishPhrases.phrases()
    assert step_phrases(SimpleNamespace(name="no table")) == []  # the hook is optional


THEN_WITH_OPPOSITE = [(name, p) for name, p in ALL if p.kind == "then" and p.opposite is not None]


@pytest.mark.parametrize(
    ("ruleset_name", "phrase"), THEN_WITH_OPPOSITE, ids=[f"{n}.{p.name}" for n, p in THEN_WITH_OPPOSITE]
)
@settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_vacuous_flips_every_then_phrase_with_an_opposite_to_a_step_that_exists(ruleset_name, phrase, data):
    text = phrase.write(**data.draw(_values(phrase)))
    phrases = TABLES[ruleset_name].phrases()
    # pytest-bdd runs the definition with the most literal text: the flip is that phrase's
    runs = max((p for p in phrases if p.kind == "then" and p.parser.is_matching(text)), key=literal_length)
    step = SimpleNamespace(name=text, datatable=None)
    found = vacuous.perturbations(step, _book(ruleset_name), [], set(), phrases)
    flips = [p.text for p in found if p.kind == "verdict"]
    assert flips == [runs.flipped(text)]
    assert runs.opposite.read(flips[0]) is not None  # a step definition reads the contrary


def _book(name: str):
    from rulecheck_skirmish.adapter import RULESET

    return RULESET.rulebook() if name == "skirmish" else ruleset(name).rulebook()


def test_a_step_outside_every_table_still_gets_a_generic_negation():
    step = SimpleNamespace(name='"Alpha" is not tall', datatable=None)
    book = ruleset("multibase").rulebook()
    flips = [p.text for p in vacuous.perturbations(step, book, [], set(), MultibasePhrases.phrases())]
    assert '"Alpha" is tall' in flips


def test_opposites_are_linked_both_ways_only_where_the_fields_allow():
    class Table(PhraseTable):
        lost = then("the lost bases are {bases}")
        none_lost = then("no base was lost", opposite=lost, fill={"bases": "a1"})
        kept = then("{unit} kept {bases}")
        sure = then("{unit} kept {bases} for sure", opposite=kept)
        broken = then("{unit} broke", opposite=kept)

    assert Table.lost.opposite is Table.none_lost  # linked back: "no base was lost" needs no field
    assert Table.lost.flipped("the lost bases are a2, a3") == "no base was lost"
    assert Table.none_lost.flipped("no base was lost") == "the lost bases are a1"  # filled in
    assert Table.kept.opposite is Table.sure  # the first to name it, whose fields it has
    assert Table.broken.flipped('"X" broke') is None  # "kept" needs bases that "broke" has not
    assert Table.sure.flipped('"X" kept a1 for sure') == '"X" kept a1'


RENAMED = r"""
import json, sys
from rulecheck_multibase.phrases import MultibasePhrases as P
from rulecheck.phrases import Phrase

old = P.then_shaken.pattern
# Reword the phrase in the table, before anything reads it: the step modules, the writer and
# --vacuous must all follow.
P.then_shaken.__init__("then", '"{unit}" bears a Shaken token', opposite=P.then_shaken.opposite)
from pytest_bdd.steps import step_function_context_registry
import rulecheck_multibase.steps.attack
from rulecheck_multibase.gherkin import then_steps
from rulecheck import vacuous
from rulecheck.ruleset_api import ruleset
from types import SimpleNamespace

names = [c.parser.name for c in step_function_context_registry.values()
         if c.step_func.__module__ == "rulecheck_multibase.steps.attack"]
written = then_steps("units.Bravo.shaken", True, {"outcome": {"units": {"Bravo": {"shaken": True}}}})
step = SimpleNamespace(name='"Bravo" has no Shaken token', datatable=None)
flips = [p.text for p in vacuous.perturbations(step, ruleset("multibase").rulebook(), [], set(),
                                               P.phrases()) if p.kind == "verdict"]
print(json.dumps({"old_defined": old in names, "new_defined": P.then_shaken.pattern in names,
                  "written": written, "flips": flips}))
"""


def test_rewording_a_phrase_rewords_the_step_definition_the_writer_and_vacuous_together():
    proc = subprocess.run(
        [sys.executable, "-c", RENAMED], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    found = json.loads(proc.stdout)
    assert found == {
        "old_defined": False,
        "new_defined": True,
        "written": ['"Bravo" bears a Shaken token'],
        "flips": ['"Bravo" bears a Shaken token'],
    }


EXPLORED = [("gundam_assemble", "los"), ("gundam_assemble", "attack"), ("multibase", "attack")]
EXPLORED += [("multibase", "casualties"), ("skirmish", "attack")]


def _game(name: str):
    from rulecheck_skirmish.adapter import RULESET

    return RULESET if name == "skirmish" else ruleset(name)


def _leaves(node, prefix: str = "") -> dict:
    """An outcome's values by their flattened keys (as ``search.differences`` names them)."""
    if isinstance(node, dict) and node:
        out = {}
        for key, value in node.items():
            out.update(_leaves(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: node}


def _steps_of(lines: list[str]) -> list[str]:
    """The step sentences of written lines (not a table row or doc string), keyword dropped."""
    return [line.split(" ", 1)[1] for line in lines if line.startswith(("Given ", "And ", "When "))]


@pytest.mark.parametrize(("ruleset_name", "kind"), EXPLORED, ids=[f"{r}-{k}" for r, k in EXPLORED])
def test_every_sentence_explore_writes_for_a_witness_is_read_by_a_step_definition(ruleset_name, kind):
    """Each value of a ruling asserted (every outcome key as if it differed), on generated
    positions: the Given, When and Then sentences the ruleset's Explorer writes must each be
    read by a step definition of that kind, or the written scenario would not run."""
    from rulecheck.explore.evaluate import evaluate

    contexts = _step_contexts()
    game = _game(ruleset_name)
    explorer, book = game.explore, game.rulebook()
    catalogue = explorer.catalogue()
    written = {"given": set(), "when": set(), "then": set()}

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(position=explorer.positions(kind, None))
    def write(position):
        request = {"ruleset": ruleset_name, "kind": kind, "evaluator": explorer.evaluator(kind)}
        answer = evaluate({**request, "position": position}, catalogue, book)
        if "outcome" not in answer:
            return  # a position the engine refuses or cannot read: no scenario is written for it
        stated = explorer.stated_position(position, answer) or position
        witness = SimpleNamespace(
            position=stated, changes={k: (v, v) for k, v in _leaves(answer["outcome"]).items()}
        )
        steps, givens, when, later = explorer.witness_steps(kind, witness, answer)
        thens, first_thens = explorer.witness_thens(witness, answer, 1)
        written["given"].update(_steps_of(steps) + givens)
        written["when"].update([when, *later])
        written["then"].update(thens + first_thens)

    write()
    assert written["when"] and written["then"]
    for step_kind, sentences in written.items():
        for text in sentences:
            assert any(c.type == step_kind and c.parser.is_matching(text) for c in contexts), (
                f"{step_kind} {text!r}: no step definition reads it"
            )


def test_a_book_of_one_interpretation_is_not_perturbed_into_itself():
    """Skirmish's book has one interpretation: naming it again is no change, so it must not be
    tried (the unchanged step passes, and --vacuous listed it as surviving); its option still is."""
    step = SimpleNamespace(name="the shot's ruling rests on needed_above_top=no_hit", datatable=None)
    found = vacuous.perturbations(step, _book("skirmish"), [], set(), SkirmishPhrases.phrases())
    assert [p.text for p in found if p.kind == "interpretation"] == [
        "the shot's ruling rests on needed_above_top=top_face_hits"
    ]


class _BrokenTable:
    name = "broken"

    def __init__(self, phrases):
        self._phrases = phrases

    def phrases(self):
        if isinstance(self._phrases, Exception):
            raise self._phrases
        return self._phrases


@pytest.mark.parametrize(
    ("given_back", "message"),
    [
        (RuntimeError("no table"), "broken.phrases(): failed: RuntimeError: no table"),
        (["the attack is allowed"], "broken.phrases(): expected rulecheck.phrases.Phrase objects"),
    ],
    ids=["raises", "gives-strings"],
)
def test_a_phrases_hook_that_fails_is_one_line_of_bad_input(given_back, message):
    from rulecheck.source_yaml import InputError

    with pytest.raises(InputError) as caught:
        step_phrases(_BrokenTable(given_back))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_check_vacuous_with_a_broken_phrases_hook_says_so_in_one_line_before_running(monkeypatch, capsys):
    from rulecheck import corpus
    from rulecheck.cli import main

    class Broken:
        def __init__(self, game):
            self._game = game

        def __getattr__(self, attr):
            return getattr(self._game, attr)

        def phrases(self):
            raise RuntimeError("no table")

    real = corpus.ruleset_named
    monkeypatch.setattr(corpus, "ruleset_named", lambda name: Broken(real(name)))
    code = main(["check", "--ruleset", "multibase", "--vacuous", "--no-dependencies"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.splitlines() == [
        "rulecheck: rulecheck.rulesets: multibase.phrases(): failed: RuntimeError: no table"
    ]


def test_explore_writes_the_owners_choice_of_the_card_that_keeps_a_unit_from_defeat():
    from rulecheck_gundam_assemble.gherkin import attack_steps

    attack = {
        "attacker": "Gap Striker",
        "weapon": "Gap Lance",
        "target": "Near Sentry",
        "dice": {"attack": [5, 5, 5]},
        "defeat_prevented_by": {"Near Sentry": "Last Stand"},
    }
    given_steps, _ = attack_steps({"attack": attack}, {"dice_used": {"attack": 3}})
    [choice] = [s for s in given_steps if "keeps it from defeat" in s]
    assert choice == 'the owner of "Near Sentry" keeps it from defeat with "Last Stand"'
    assert GundamAssemblePhrases.defeat_prevented_by.read(choice) == {
        "name": '"Near Sentry"',
        "ability": "Last Stand",
    }
