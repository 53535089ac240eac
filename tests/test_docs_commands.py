"""Every command shown in README.md and docs/*.md is run, and its output compared with what the page
shows, so no example goes stale.

The convention, kept small so a page reads as plain Markdown:

- a fenced block marked ``console`` is run: each line starting ``$ `` is a command, and the lines
  after it, up to the next command or the end of the block, are its expected output (stdout and
  stderr, in the order they came). ``...`` in the expected output matches any run of text,
  newlines included, for what changes from run to run (times, the middle of a long listing);
- a line ``<!-- doctest: slow -->`` just before a block marks its commands slow (explore, mutate,
  the whole corpus end to end): they run with the slow tests, in CI's second step;
- a fenced block marked ``sh`` is shown, not run; only the blocks in ``NOT_RUN`` may be, each
  with the reason. Any other block holding a command line fails the count test.

Commands run through the dev venv's ``rulecheck`` in a temporary folder that links to the
repository's folders (``scenarios``, ``rules``, ...), so relative paths read the bundled files
and whatever a command writes (``-o``, a docs site) lands in the temporary folder.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import tutorial_runner
from tests.tutorial_runner import matches

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Pages run from top to bottom in one empty folder outside the source tree, as a reader follows
# them (tests/tutorial_runner.py; ci/run-wheel runs them with the installed wheel too).
TUTORIALS = [ROOT / "docs" / "tutorial.md"]
RULECHECK = Path(sys.executable).with_name("rulecheck")
SLOW_MARK = "<!-- doctest: slow -->"
# (page, first line of the block): why it is not run. Keep this tiny.
SETUP_FIRST_LINE = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]' && .venv/bin/rulecheck check"
)
NOT_RUN = {
    (
        "README.md",
        "# 1. set up, then run the main job: the bundled scenario corpus, with pass/fail per clause",
    ): ("it creates a virtual environment and installs the package: ci/run-tests runs it, exactly"),
    ("development.md", SETUP_FIRST_LINE): "the README's set-up block again, for developers",
    ("ruleset-guide.md", "pip install ./examples/rulecheck-skirmish"): (
        "it installs the example package: tests/test_skirmish_package.py installs it and runs every "
        "command of the block (test_the_guide_shows_the_commands_the_package_test_runs)"
    ),
}
# A line that shows a command, in any fenced block: a prompt, or a rulecheck / pytest / pip call.
COMMAND_LINE = re.compile(r"^\s*(\$ |(\.venv/bin/)?rulecheck |(\.venv/bin/)?python3? -m |python3 -m venv )")
FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass(frozen=True)
class Shown:
    page: str
    line: int  # 1-based line of the command in the page
    command: str
    expected: str
    slow: bool
    block: int  # line of the opening fence: the commands of one block run in order, in one folder

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.command}"


@dataclass(frozen=True)
class Block:
    page: str
    line: int  # line of the opening fence
    lang: str
    lines: tuple[str, ...]
    slow: bool


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8").splitlines()
    out, i = [], 0
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        start, lang = i, m.group(1)
        j = i + 1
        while j < len(text) and not text[j].startswith("```"):
            j += 1
        before = [t for t in text[:start] if t.strip()]
        slow = bool(before) and before[-1].strip() == SLOW_MARK
        out.append(Block(path.name, start + 1, lang, tuple(text[start + 1 : j]), slow))
        i = j + 1
    return out


def shown_commands() -> list[Shown]:
    out = []
    for page in (p for p in PAGES if p not in TUTORIALS):
        for block in (b for b in blocks(page) if b.lang == "console"):
            starts = [k for k, line in enumerate(block.lines) if line.startswith("$ ")]
            for k, end in zip(starts, [*starts[1:], len(block.lines)], strict=True):
                expected = "\n".join(block.lines[k + 1 : end])
                out.append(
                    Shown(
                        block.page, block.line + 1 + k, block.lines[k][2:], expected, block.slow, block.line
                    )
                )
    return out


def run_shown(shown: Shown, folder: Path) -> str:
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and not (folder / entry.name).exists():
            (folder / entry.name).symlink_to(entry)
    argv = shlex.split(shown.command)
    assert argv[0] == "rulecheck", f"{shown}: a shown command runs rulecheck"
    done = subprocess.run(
        [str(RULECHECK), *argv[1:]],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
        env=_env(),
    )
    assert done.returncode != 3, f"{shown}: internal error\n{done.stdout}"
    return done.stdout


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULECHECK_")}
    env["COLUMNS"] = "100"
    return env


SHOWN = shown_commands()
BLOCKS: dict[tuple[str, int], list[Shown]] = {}
for _shown in SHOWN:
    BLOCKS.setdefault((_shown.page, _shown.block), []).append(_shown)


@pytest.mark.parametrize(
    "commands",
    [
        pytest.param(cmds, id=f"{page}:{line}", marks=[pytest.mark.slow] if cmds[0].slow else [])
        for (page, line), cmds in BLOCKS.items()
    ],
)
def test_a_shown_block_prints_what_the_page_shows(commands: list[Shown], tmp_path: Path):
    """The commands of one console block run in order in one folder, so a block can show a
    second command meeting what the first wrote."""
    for shown in commands:
        actual = run_shown(shown, tmp_path)
        assert matches(shown.expected, actual), (
            f"{shown}\n--- the page shows ---\n{shown.expected}\n--- the command printed ---\n{actual}"
        )
        # A picture the docs show (docs/images/NAME) is the file the shown command writes as NAME.
        argv = shlex.split(shown.command)
        if "-o" in argv and (ROOT / "docs" / "images" / argv[argv.index("-o") + 1]).is_file():
            name = argv[argv.index("-o") + 1]
            assert (tmp_path / name).read_bytes() == (ROOT / "docs" / "images" / name).read_bytes(), (
                f"{shown}: docs/images/{name} is not what the command draws now; copy the new one there"
            )


def test_every_command_shown_in_a_code_block_is_run_or_listed_as_not_run():
    shown_lines = []
    not_run = set()
    for page in PAGES:
        for block in blocks(page):
            lines = [line for line in block.lines if COMMAND_LINE.match(line)]
            if block.lang == "console":
                if page not in TUTORIALS:
                    shown_lines += [line for line in lines if line.startswith("$ ")]
                assert all(line.startswith("$ ") for line in lines), (
                    f"{block.page}:{block.line}: a command in a console block needs its '$ ' prompt"
                )
            elif lines:
                key = (block.page, block.lines[0])
                assert key in NOT_RUN, (
                    f"{block.page}:{block.line}: a {block.lang or 'plain'} block shows a command that no test runs "
                    f"({lines[0].strip()!r}): write it as a console block with '$ ' and its output"
                )
                not_run.add(key)
    assert len(shown_lines) == len(SHOWN)
    # An indented code block (four spaces) would show a command no test sees.
    for page in PAGES:
        in_fence = False
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                in_fence = not in_fence
            elif not in_fence and line.startswith("    ") and COMMAND_LINE.match(line):
                raise AssertionError(f"{page.name}:{n}: a command in an indented block: use a console block")
    assert not_run == set(NOT_RUN), "a block listed as not run is no longer on its page"


def test_the_blocks_not_run_are_the_ones_ci_runs_exactly():
    """The set-up commands are not run here (they install), but CI runs them word for word."""
    ci = (ROOT / "ci" / "run-tests").read_text(encoding="utf-8").splitlines()
    found = 0
    for page in PAGES:
        for block in blocks(page):
            if block.lines and (block.page, block.lines[0]) in NOT_RUN:
                found += 1
                if block.page == "ruleset-guide.md":  # checked against the package's own test instead
                    assert any("pip install -q ./examples/rulecheck-skirmish" in line for line in ci)
                    continue
                for command in (line for line in block.lines if line.strip() and not line.startswith("#")):
                    assert command in ci, f"{block.page} shows {command!r}, which ci/run-tests does not run"
    assert found == len(NOT_RUN)


@pytest.mark.parametrize("key", sorted(NOT_RUN), ids=lambda key: key[0])
def test_a_block_shown_but_not_run_is_reported_as_skipped_with_its_reason(key):
    """So a test run says which shown commands it does not run, and why (pytest -rs)."""
    page = ROOT / key[0] if key[0] == "README.md" else ROOT / "docs" / key[0]
    assert any(b.lines and b.lines[0] == key[1] for b in blocks(page)), f"{key} is no longer on its page"
    pytest.skip(f"{key[0]}: set-up block not run: {NOT_RUN[key]}")


def test_the_doctest_matcher_tells_matching_output_from_other_output():
    assert matches("a\n...\nz", "a\nb\nc\nz")
    assert matches("took ... s", "took 1.5 s")
    assert not matches("a\nz", "a\nb\nz")
    assert not matches("took ... s", "took 1.5 ms!")
    assert matches("x  ", "x")  # trailing spaces do not count


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    out = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path):
    in_code = False
    broken = []
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            continue
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue  # an absolute URL
            path, _, anchor = target.partition("#")
            resolved = (page.parent / path).resolve() if path else page
            if not resolved.exists():
                broken.append(f"{page.name}:{n}: {target}")
            elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
                broken.append(f"{page.name}:{n}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_a_scenario_a_page_shows_is_in_the_corpus_word_for_word():
    """A Gherkin scenario on a page is the corpus's own, so it passes `rulecheck check`."""
    features = [
        *ROOT.glob("rulecheck_*/features/*/*.feature"),  # each bundled game's corpus
        *(ROOT / "examples").glob("*/*/features/*/*.feature"),
    ]
    corpus = "\n".join(p.read_text(encoding="utf-8") for p in sorted(features))
    shown = [
        b
        for page in PAGES
        for b in blocks(page)
        if b.lang == "gherkin" and not (page in TUTORIALS and _written_by_the_tutorial(page, b))
    ]
    assert shown
    for block in shown:
        assert "\n".join(block.lines) in corpus, f"{block.page}:{block.line}: not a scenario of features/"


def _written_by_the_tutorial(page: Path, block: Block) -> bool:
    """A block the tutorial saves as a file of the reader's project: the tutorial run checks it."""
    before = [
        line for line in page.read_text(encoding="utf-8").splitlines()[: block.line - 1] if line.strip()
    ]
    mark = tutorial_runner.MARK.match(before[-1]) if before else None
    return bool(mark) and mark.group(1).startswith("file ")


@pytest.mark.parametrize("page", TUTORIALS, ids=lambda p: p.name)
def test_the_tutorial_runs_from_top_to_bottom_in_an_empty_folder_outside_the_source_tree(page, tmp_path):
    """Every step in order, with the dev install: the files the reader saves, the edits the prose
    asks for, every command with its output. ci/run-wheel runs the same with the wheel."""
    assert not tmp_path.resolve().is_relative_to(ROOT)
    problems = tutorial_runner.run(page, RULECHECK, tmp_path)
    assert not problems, problems[0]
    kinds = {step.kind for step in tutorial_runner.steps(page)}
    assert kinds == {"run", "cd", "file", "replace"}


def test_the_tutorial_runner_fails_on_output_the_page_does_not_show(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ rulecheck --version\nrulecheck 0.0.0-not-this\n```\n")
    (tmp_path / "run").mkdir()
    (problem,) = tutorial_runner.run(page, RULECHECK, tmp_path / "run")
    assert problem.startswith("page.md:2: $ rulecheck --version\n--- the page shows ---")
    page.write_text('<!-- tutorial: replace nothing.txt "a" "b" -->\n')
    assert tutorial_runner.run(page, RULECHECK, tmp_path / "run") == [
        "page.md:1: nothing.txt holds 0 times 'a', not once"
    ]
