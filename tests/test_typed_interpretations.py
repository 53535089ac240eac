"""Interpretations are typed: an option that does not exist fails loudly, never as a quiet ``False``.

Two guards (issue 25, item 3):

- at run time, ``Rulebook.interpretation`` refuses an unknown name and hands out an ``Option``,
  which raises ``UnknownOption`` when compared with a name that is not one of its options;
- before anything runs, ``misspelt_options`` reads the source of the engine, the rulesets' glue
  and the steps, and checks every string literal compared with an option read
  (``rules.interpretation("NAME") == "LITERAL"``, or a name bound to such a read) against the
  options NAME declares in its rulebook.
"""

from __future__ import annotations

import ast
import importlib.util
import pickle
import sys
from pathlib import Path

import pytest
import yaml

from rules.rulebook import Option, RulebookError, UnknownOption, load, parse_rulebook, rulesets

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = ROOT / "examples" / "rulecheck-skirmish" / "rulecheck_skirmish"
# Where the engine's decisions are read and compared: the shared library, each game's package, the toolkit's per-ruleset glue,
# the step definitions and the example ruleset's own engine.
SOURCES = (
    ROOT / "rules",
    ROOT / "rulecheck_gundam_assemble",
    ROOT / "rulecheck_multibase",
    ROOT / "rulecheck" / "rulesets",
    ROOT / "steps",
    SKIRMISH,
)


def declared_options() -> dict[str, set[str]]:
    """Interpretation name -> its options, over every rulebook in the repository."""
    books = [load(name) for name in rulesets()]
    books.append(parse_rulebook(yaml.safe_load((SKIRMISH / "rulebook.yaml").read_text(encoding="utf-8"))))
    options: dict[str, set[str]] = {}
    for book in books:
        for name, entry in book.interpretations.items():
            options.setdefault(name, set()).update(entry.options)
    return options


def _option_read(node: ast.AST) -> str | None:
    """NAME when ``node`` is ``<anything>.interpretation("NAME")``."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "interpretation"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def _bound_read(value: ast.AST) -> str | None:
    """NAME when an assignment's value is an option read, or ``read if ... else None``."""
    if isinstance(value, ast.IfExp):
        return _bound_read(value.body) or _bound_read(value.orelse)
    return _option_read(value)


def _literals(node: ast.AST) -> list[ast.Constant]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _scopes(tree: ast.AST) -> dict[ast.AST, list[ast.AST]]:
    """Each function (and the module) with the nodes that belong to it, not to a function nested
    in it: a name bound to an option read is local to its function."""
    owned: dict[ast.AST, list[ast.AST]] = {tree: []}

    def visit(node: ast.AST, scope: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            owned[scope].append(child)
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                owned[child] = []
                visit(child, child)
            else:
                visit(child, scope)

    visit(tree, tree)
    return owned


def misspelt_options(source: str, filename: str, options: dict[str, set[str]]) -> tuple[list[str], int]:
    """The problems in one module's source (``FILE:LINE: ...``) and how many literals were checked.

    A read of an interpretation no rulebook declares is a problem; so is a literal compared with an
    option (directly, or through a local name the read was bound to in the same function) that is
    not one of that interpretation's options."""
    problems: list[str] = []
    checked = 0
    for body in _scopes(ast.parse(source, filename)).values():
        bound = {}
        for node in body:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                name = _bound_read(node.value)
                if name:
                    bound[node.targets[0].id] = name
        for node in body:
            read = _option_read(node)
            if read and read not in options:
                problems.append(f"{filename}:{node.lineno}: no interpretation {read!r} in any rulebook")
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left, *node.comparators]
            reads = [
                _option_read(o) or (bound.get(o.id) if isinstance(o, ast.Name) else None) for o in operands
            ]
            for interpretation in filter(None, reads):
                allowed = options.get(interpretation, set())
                for literal in (c for o in operands for c in _literals(o)):
                    checked += 1
                    if literal.value not in allowed:
                        problems.append(
                            f"{filename}:{literal.lineno}: {literal.value!r} is not an option of "
                            f"{interpretation!r} (its options: {', '.join(sorted(allowed))})"
                        )
    return problems, checked


def _sources() -> list[Path]:
    return sorted(p for folder in SOURCES for p in folder.rglob("*.py"))


# --- the source: every literal compared with an option is one of its options --------------------


def test_every_literal_compared_with_an_option_is_one_of_its_options():
    options = declared_options()
    problems: list[str] = []
    checked = 0
    for path in _sources():
        found, count = misspelt_options(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), options
        )
        problems += found
        checked += count
    assert problems == []
    # The check reaches the engine's comparisons (about 60 today): a rewrite of the reads that the
    # check no longer recognises would make it pass over them, so it must still see most of them.
    assert checked >= 55


def test_a_misspelt_option_in_a_copy_of_an_engine_module_is_found_before_it_runs():
    source = (ROOT / "rulecheck_multibase" / "engine" / "coherency.py").read_text(encoding="utf-8")
    # coherency.py compares both directly (``== "centres"``) and through a bound name (``how``).
    direct = source.replace('== "centres"', '== "centers"', 1)
    through_a_name = source.replace('how == "each_within"', 'how == "each_whithin"', 1)
    assert direct != source and through_a_name != source
    options = declared_options()
    assert misspelt_options(source, "coherency.py", options)[0] == []
    (problem,) = misspelt_options(direct, "coherency.py", options)[0]
    assert "'centers' is not an option of 'coherency_measure'" in problem
    (problem,) = misspelt_options(through_a_name, "coherency.py", options)[0]
    assert "'each_whithin' is not an option of 'coherency'" in problem


def test_a_misspelt_interpretation_name_in_the_source_is_found():
    options = declared_options()
    (problem,) = misspelt_options(
        'def f(rules):\n    return rules.interpretation("coherancy")\n', "m.py", options
    )[0]
    assert problem == "m.py:2: no interpretation 'coherancy' in any rulebook"


def test_a_tuple_of_options_is_checked_item_by_item():
    options = declared_options()
    good = 'def f(rules):\n    return rules.interpretation("coherency") in ("connected", "each_within")\n'
    bad = 'def f(rules):\n    how = rules.interpretation("coherency")\n    return how not in ("connected", "eech")\n'
    assert misspelt_options(good, "m.py", options) == ([], 2)
    problems, checked = misspelt_options(bad, "m.py", options)
    assert (
        checked == 2 and len(problems) == 1 and "'eech'" in problems[0] and problems[0].startswith("m.py:3:")
    )


# --- at run time: the rulebook refuses what it does not declare ----------------------------------


def test_reading_an_unknown_interpretation_raises():
    with pytest.raises(RulebookError, match="interpretations.coherancy: no such interpretation in multibase"):
        load("multibase").interpretation("coherancy")


def test_comparing_an_option_with_a_name_it_does_not_have_raises():
    option = load("multibase").interpretation("coherency")
    assert option == "connected" and option != "each_within"
    assert option in ("connected", "two_neighbours")
    with pytest.raises(UnknownOption, match="no option 'conected' \\(expected one of connected, each_within"):
        _ = option == "conected"
    with pytest.raises(UnknownOption):
        _ = option != "conected"
    with pytest.raises(UnknownOption):
        _ = option in ("conected", "each_within")


def test_an_option_is_still_its_name_to_everything_that_writes_it_out():
    book = load("multibase").with_changes(interpretations={"coherency": "each_within"})
    option = book.interpretation("coherency")
    assert isinstance(option, Option) and option.interpretation == "coherency"
    assert (
        str(option) == "each_within" and f"{option}" == "each_within" and hash(option) == hash("each_within")
    )
    assert {"each_within": 1}[option] == 1
    assert yaml.safe_dump({"how": option}) == "how: each_within\n"
    assert book.cite("coherency") == "coherency=each_within"
    copy = pickle.loads(pickle.dumps(option))  # explore hands results between processes
    assert copy == "each_within" and copy.options == option.options


def test_a_misspelt_option_in_a_monkeypatched_engine_module_fails_when_it_runs(tmp_path):
    # The same engine function, loaded from a copy with one literal misspelt: before, it quietly
    # took the other branch; now the comparison raises and names the interpretation.
    source = (ROOT / "rulecheck_multibase" / "engine" / "coherency.py").read_text(encoding="utf-8")
    copy = tmp_path / "coherency_misspelt.py"
    copy.write_text(source.replace('== "centres"', '== "centers"', 1), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("coherency_misspelt", copy)
    module = importlib.util.module_from_spec(spec)
    sys.modules["coherency_misspelt"] = module
    try:
        spec.loader.exec_module(module)
        rules = load("multibase")
        with pytest.raises(UnknownOption, match="interpretations.coherency_measure: no option 'centers'"):
            module._centres(rules)
    finally:
        del sys.modules["coherency_misspelt"]
