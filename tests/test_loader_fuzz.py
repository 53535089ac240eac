"""Fuzz every loader: whatever the input, it loads, or it fails with the project's one-line input
error (exit 2). Any other exception is a bug, which the CLI reports with exit 3.

Inputs are valid documents with one or two values replaced by hostile ones (huge and negative
numbers, NaN, fractions, words, control characters, lists where a value is expected and the
reverse, renamed keys), plus raw text for the YAML reader and the compact map, and the tables a
feature gives. Under ``CI=true`` the hypothesis profile is derandomized, so a red run reproduces.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulecheck.cli import main
from rulecheck.source_yaml import InputError, LocatedYaml, parse_yaml
from rulecheck_gundam_assemble import ruleset as ga
from rulecheck_gundam_assemble.card_plugins import cards_from_doc
from rulecheck_multibase.ruleset import scenario_from_data
from rules.dice import DiceScriptError
from rules.rulebook import RulebookError

ROOT = Path(__file__).resolve().parent.parent
FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

GA_DOC = yaml.safe_load(
    (
        ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/attack_guntank_uphill_barrage.yaml"
    ).read_text()
)
MB_DOC = yaml.safe_load((ROOT / "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml").read_text())
MAP_DOC = yaml.safe_load(
    (ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/los_oggo_artillery_support.yaml").read_text()
)
GA_CARDS = ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/cards"
BUNDLED_CARDS_DOC = yaml.safe_load(
    (ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble/units.yaml").read_text()
)
OVERLAY_DOC = {
    "ruleset": "multibase",
    "name": "fuzzed",
    "parameters": {"coherency_distance": 1.0, "die_sides": 6},
    "interpretations": {"coherency": "chain"},
}

HOSTILE = st.one_of(
    st.integers(min_value=-(10**15), max_value=10**15),
    st.sampled_from([0, -1, 10**9, 10**12, 2.5, -0.5, float("nan"), float("inf"), True, None]),
    st.text(max_size=12),
    st.sampled_from(["3481", "four", "a\nb", "\x1b[31m", "", "[1, 2]", "-", "~"]),
    st.lists(st.integers(-3, 12), max_size=4),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.sampled_from(["a", "at", "name", "x"]), st.integers(-2, 3), max_size=2),
)


def paths(data, prefix=()):
    """Every path to a value in a document (mapping keys and list indexes)."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from paths(v, (*prefix, i))


@st.composite
def mutated(draw, template: dict):
    """``template`` with one to three values replaced, or a key renamed, or a value removed."""
    doc = copy.deepcopy(template)
    for _ in range(draw(st.integers(1, 3))):
        candidates = [p for p in paths(doc) if p]
        if not candidates:  # everything dropped: an empty document
            break
        path = draw(st.sampled_from(candidates))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "replace", "replace", "rename", "drop"]))
        if action == "replace":
            parent[last] = draw(HOSTILE)
        elif action == "drop":
            del parent[last]
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = parent.pop(last)
        if not isinstance(doc, dict):
            break
    return doc


def run_cli(tmp: Path, text: str, *args: str) -> None:
    path = tmp / "fuzzed.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main([a.format(file=path) for a in args])
    lines = err.getvalue().splitlines()
    assert code in (0, 1, 2), err.getvalue()  # 3 would be a bug in rulecheck
    if code == 2:
        assert len(lines) == 1 and lines[0].startswith("rulecheck: "), err.getvalue()


def dump(doc) -> str:
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@FAST
@given(doc=mutated(GA_DOC))
def test_gundam_assemble_scenarios_and_attacks_load_or_fail_in_one_line(tmp_path, doc):
    run_cli(tmp_path, dump(doc), "explain", "{file}")


@FAST
@given(doc=mutated({k: v for k, v in GA_DOC.items() if k != "attack"}))
def test_gundam_assemble_positions_draw_or_fail_in_one_line(tmp_path, doc):
    run_cli(tmp_path, dump(doc), "los", "{file}", "--from", "QX-40 Bastion", "--to", "Cara's Strider")


@FAST
@given(doc=mutated(GA_DOC))
def test_gundam_assemble_odds_give_odds_or_fail_in_one_line(tmp_path, doc):
    run_cli(tmp_path, dump(doc), "odds", "{file}")


@FAST
@given(doc=mutated(MB_DOC))
def test_multibase_scenarios_load_or_fail_in_one_line(tmp_path, doc):
    run_cli(tmp_path, dump(doc), "explain", "{file}")


@FAST
@given(doc=mutated(MB_DOC))
def test_multibase_odds_and_drawings_work_or_fail_in_one_line(tmp_path, doc):
    text = dump(doc)
    run_cli(tmp_path, text, "odds", "{file}")
    run_cli(tmp_path, text, "draw", "{file}")


@FAST
@given(doc=mutated(OVERLAY_DOC))
def test_overlays_load_or_fail_in_one_line(tmp_path, doc):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(dump(doc), encoding="utf-8")
    scenario = ROOT / "rulecheck_multibase/scenarios/multibase/ranged_volley.yaml"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["explain", str(scenario), "--rules", str(overlay)])
    assert code in (0, 2), err.getvalue()
    assert code == 0 or len(err.getvalue().splitlines()) == 1


@FAST
@given(doc=mutated(BUNDLED_CARDS_DOC))
def test_card_files_load_or_fail_with_an_input_error(doc):
    """The bundled card file (every kind of card, weapon and effect) with values replaced."""
    try:
        cards_from_doc(parse_yaml(dump(doc), "fuzzed.yaml"))
    except InputError as exc:
        assert "\n" not in str(exc)
        assert exc.line and exc.field, f"a card error names its line and field: {exc}"


@FAST
@given(
    case=st.sampled_from(
        [("faq_q40_holdout.yaml", "faq_q40.yaml"), ("attack_sonar_lock_water.yaml", "sonar_lock.yaml")]
    ),
    data=st.data(),
)
def test_a_scenarios_own_card_file_loads_or_fails_in_one_line(tmp_path, case, data):
    """A scenario's own card file (a unit card in its attack; a Tactics card played in it),
    fuzzed, through explain and odds."""
    scenario, cards = case
    doc = data.draw(mutated(yaml.safe_load((GA_CARDS / cards).read_text())))
    (tmp_path / "cards").mkdir(exist_ok=True)
    (tmp_path / "cards" / cards).write_text(dump(doc), encoding="utf-8")
    path = tmp_path / "fuzzed.yaml"
    path.write_text(
        (ROOT / "rulecheck_gundam_assemble/scenarios/gundam_assemble" / scenario).read_text(),
        encoding="utf-8",
    )
    for command in ("explain", "odds"):
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main([command, str(path)])
        assert code in (0, 1, 2), err.getvalue()  # 3 would be a bug in rulecheck
        if code == 2:
            (line,) = err.getvalue().splitlines()
            if f"cards/{cards}" in line:  # the card file's error: at its line and field
                assert re.match(rf"rulecheck: .*cards/{re.escape(cards)}:\d+: \S(?:.*?\S)?: ", line), line


YAML_BITS = st.sampled_from(
    ["ruleset: gundam_assemble\n", "units:\n", "  - ", "{", "}", "[", "]", ": ", "&a ", "*a", "!!", "<<: ",
     "? ", "- ", "\n", "  ", "'", '"', "#", "|\n", ">", "%YAML 1.1\n", "---\n", "...\n", "\t", ",", "\x00"]
)  # fmt: skip


@FAST
@given(text=st.lists(st.one_of(YAML_BITS, st.text(max_size=5)), max_size=30).map("".join))
def test_raw_yaml_text_loads_or_fails_with_an_input_error(text):
    try:
        parse_yaml(text, "fuzzed.yaml")
    except InputError as exc:
        assert "\n" not in str(exc)


MAP_CELLS = st.sampled_from([".", "1", "9", "~", "1~", "-", "G", ".G", "3Z", "x", "~~", "10", "..", "Ω"])


@FAST
@given(
    rows=st.lists(st.lists(MAP_CELLS, min_size=0, max_size=6).map("  ".join), min_size=0, max_size=6),
    indent=st.booleans(),
)
def test_compact_maps_load_or_fail_with_an_input_error(rows, indent):
    text = "\n".join(("  " + r if indent and i % 2 else r) for i, r in enumerate(rows))
    data = {"map": text, "units": [{"name": "G", "side": "A", "mark": "G"}]}
    doc = LocatedYaml("fuzzed.feature", data, {(): 1, ("map",): 1})
    try:
        ga.build_board(doc, data)
    except InputError as exc:
        assert "\n" not in str(exc)


CELL = st.one_of(st.sampled_from(["1", "0", "-1", "2.5", "x", "", "1e400", "nan", "3x", "round 0.5",
                                  "rect 2x1", "rect x", "round", "[1, 2]"]), st.text(max_size=4))  # fmt: skip


@FAST
@given(
    stats=st.fixed_dictionaries({k: CELL for k in ("ranged", "melee", "range", "courage", "save", "wounds")}),
    shape=CELL,
    xy=st.tuples(CELL, CELL, CELL),
)
def test_multibase_feature_tables_load_or_fail_with_an_input_error(stats, shape, xy):
    """The tables of `the multibase units:` / `the multibase bases:`, through the step code."""
    from rulecheck_multibase.steps.attack import MultibaseTable, given_bases, given_units

    table = MultibaseTable()
    header = ["unit", "faction", *stats]
    try:
        given_units(table, [header, ["Alpha", "Red", *stats.values()]])
        given_units(table, [header, ["Bravo", "Blue", "1", "1", "12", "3", "4", "2"]])
        given_bases(table, [["unit", "base", "shape", "x", "y", "facing"], ["Alpha", "a1", shape, *xy]])
        given_bases(table, [["unit", "base", "shape", "x", "y"], ["Bravo", "b1", "round 0.5", "0", "12"]])
        scenario_from_data(
            {
                "ruleset": "multibase",
                "units": table.units,
                "attack": {"kind": "ranged", "attacker": "Alpha", "target": "Bravo"},
            }
        )
    except (InputError, RulebookError, DiceScriptError) as exc:
        assert "\n" not in str(exc)


# --- merge-results ---------------------------------------------------------------------------------


# Made on first use, not at import: every pytest process collects this module (the slow part's
# too, which runs none of its tests), and the two searches cost a second or two of CPU.
@functools.cache
def real_shards() -> dict[str, list[dict]]:
    """Two shards of each kind as the writers make them: explore's from two short real searches,
    mutate's from real mutants and run settings (the verdicts made up: running the corpus for
    each example would take minutes)."""
    from rulecheck.corpus import CorpusRun
    from rulecheck.explore.report import report_json
    from rulecheck.explore.search import explore
    from rulecheck.explore.versions import parse_side
    from rulecheck.mutation import MutantResult, MutationRun, mutants_for, run_settings
    from rules.rulebook import load

    class Args:  # what explore's command line would give
        sides, rev, ruleset, kind, all_interpretations = (
            ["book", "los_corner_touch=counts"],
            None,
            None,
            None,
            False,
        )
        budget, seed, max_positions, shrink, max_groups = 10.0, 0, 15, 1.0, 1

    from rulecheck.explore.report import run_settings as explore_settings

    explores = []
    for k in (1, 2):
        old, new = (
            parse_side("book", "gundam_assemble"),
            parse_side("los_corner_touch=counts", "gundam_assemble"),
        )
        found = explore(old, new, "los", 10.0, k - 1, 1, 15, 1.0)
        explores.append(report_json([found], (k, 2), explore_settings(Args)))
    mutants = mutants_for(load("multibase"))[:4]
    settings_ = run_settings(ROOT, ["multibase"], None, None, len(mutants))
    mutates = []
    for k in (1, 2):
        results = [
            MutantResult(m, 3, ["x.feature:1"] if i % 3 else [])
            for i, m in enumerate(mutants)
            if i % 2 == k - 1
        ]
        run = MutationRun(CorpusRun([], 0), results, [], shard=(k, 2), run=settings_)
        mutates.append({"format": "rulecheck.mutate/1", **run.to_json()})
    return {"explore": explores, "mutate": mutates}


@pytest.fixture(scope="module")
def made_shards() -> dict[str, list[dict]]:
    """The real shards, made before a property test's examples start (their searches run
    hypothesis themselves, which is not to be nested in a running example)."""
    return real_shards()


JSONISH = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(["rulecheck.explore/1", "rulecheck.mutate/1", "explorations", "mutants", "shard"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                ["format", "shard", "run", "explorations", "mutants", "ruleset", "positions", "x"]
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=20,
)


def merge_cli(tmp: Path, texts: list[str], *flags: str) -> int:
    """merge-results on the given file contents: a report (exit 0) or one line (exit 2), within
    ten seconds."""
    import signal

    files = []
    for i, text in enumerate(texts):
        files.append(tmp / f"shard{i}.json")
        files[-1].write_text(text, encoding="utf-8", errors="surrogatepass")

    def too_slow(*_):
        raise AssertionError("merge-results took more than 10 s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.setitimer(signal.ITIMER_REAL, 10)
    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main(["merge-results", *map(str, files), *flags])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    lines = err.getvalue().splitlines()
    assert code in (0, 2), err.getvalue()  # 3 would be a bug in rulecheck
    if code == 2:
        assert len(lines) == 1 and lines[0].startswith("rulecheck: "), err.getvalue()
    return code


def test_the_real_shards_merge(tmp_path, made_shards):
    for shards in made_shards.values():
        assert merge_cli(tmp_path, [json.dumps(s) for s in shards]) == 0
        assert merge_cli(tmp_path, [json.dumps(s) for s in shards], "--json") == 0


@FAST
@given(doc=JSONISH)
def test_any_json_document_merges_or_fails_in_one_line(tmp_path, doc):
    merge_cli(tmp_path, [json.dumps(doc)])


@FAST
@given(text=st.text(max_size=60))
def test_any_text_merges_or_fails_in_one_line(tmp_path, text):
    merge_cli(tmp_path, [text])


@FAST
@given(
    kind=st.sampled_from(["explore", "mutate"]),
    which=st.integers(0, 1),
    data=st.data(),
    as_json=st.booleans(),
)
def test_mutated_real_shards_merge_or_fail_in_one_line(tmp_path, made_shards, kind, which, data, as_json):
    shards = copy.deepcopy(made_shards[kind])
    shards[which] = data.draw(mutated(shards[which]))
    merge_cli(tmp_path, [json.dumps(s) for s in shards], *(["--json"] if as_json else []))
