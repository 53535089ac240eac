"""Run a tutorial page (docs/tutorial.md) from top to bottom, as a reader would, in one empty folder.

Standard library only: ci/run-wheel runs it with the wheel's own ``rulecheck`` in a fresh
folder outside the source tree (``python3 tests/tutorial_runner.py RULECHECK PAGE FOLDER``);
tests/test_docs_commands.py runs it with the dev install. The page's conventions, kept small so
it reads as plain Markdown:

- a ``console`` block is run: each ``$ `` line is a command, the lines after it its expected
  output (stdout and stderr together; ``...`` matches any run of text, newlines included). A
  command is ``rulecheck ...`` or ``cd DIR`` (a folder under the one the tutorial started in);
- ``<!-- tutorial: file PATH -->`` just before a fenced block writes the block's text to PATH,
  as the reader does in an editor;
- ``<!-- tutorial: replace PATH "OLD" "NEW" -->`` changes the one place OLD is in PATH, as the
  reader is told in the prose around it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^```(\S*)\s*$")
MARK = re.compile(r"^<!-- tutorial: (.*) -->\s*$")


def _normal(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


def matches(expected: str, actual: str) -> bool:
    """The page's expected output against what the command printed (``...``: anything)."""
    pattern = ".*?".join(re.escape(part) for part in _normal(expected).split("..."))
    return re.fullmatch(pattern, _normal(actual), re.DOTALL) is not None


@dataclass(frozen=True)
class Step:
    line: int  # 1-based line of the page
    kind: str  # "run", "cd", "file", "replace"
    args: tuple[str, ...]
    expected: str = ""


def steps(page: Path) -> list[Step]:
    """The page's steps, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Step] = []
    pending: tuple[int, list[str]] | None = None  # a file mark waiting for its block
    i = 0
    while i < len(lines):
        mark = MARK.match(lines[i])
        fence = FENCE.match(lines[i])
        if mark:
            words = shlex.split(mark.group(1))
            if words[0] == "file" and len(words) == 2:
                pending = (i + 1, words)
            elif words[0] == "replace" and len(words) == 4:
                out.append(Step(i + 1, "replace", tuple(words[1:])))
            else:
                raise ValueError(f"{page.name}:{i + 1}: unknown tutorial mark {mark.group(1)!r}")
            i += 1
            continue
        if not fence:
            if lines[i].strip() and pending is not None:
                raise ValueError(f"{page.name}:{pending[0]}: a file mark must come just before its block")
            i += 1
            continue
        start, lang = i, fence.group(1)
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[start + 1 : j]
        if pending is not None:
            out.append(Step(pending[0], "file", (pending[1][1], "\n".join(body) + "\n")))
            pending = None
        elif lang == "console":
            starts = [k for k, text in enumerate(body) if text.startswith("$ ")]
            for k, end in zip(starts, [*starts[1:], len(body)], strict=True):
                argv = shlex.split(body[k][2:])
                kind = "cd" if argv[0] == "cd" else "run"
                out.append(Step(start + 2 + k, kind, tuple(argv), "\n".join(body[k + 1 : end])))
        i = j + 1
    return out


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULECHECK_")}
    env["COLUMNS"] = "100"
    return env


def run(page: Path, rulecheck: str | Path, folder: Path) -> list[str]:
    """Every step of the page in ``folder`` (empty); the problems, stopping at the first."""
    top = folder.resolve()
    here = top
    if os.sep in str(rulecheck):  # a path, relative to where the runner started
        rulecheck = Path(rulecheck).absolute()
    for step in steps(page):
        where = f"{page.name}:{step.line}"
        if step.kind == "cd":
            here = (here / step.args[1]).resolve()
            if not here.is_dir() or not here.is_relative_to(top):
                return [f"{where}: cd {step.args[1]}: no such folder under the tutorial's own"]
        elif step.kind == "file":
            target = here / step.args[0]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(step.args[1], encoding="utf-8")
        elif step.kind == "replace":
            path, old, new = here / step.args[0], step.args[1], step.args[2]
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            if text.count(old) != 1:
                return [f"{where}: {step.args[0]} holds {text.count(old)} times {old!r}, not once"]
            path.write_text(text.replace(old, new), encoding="utf-8")
        else:
            if step.args[0] != "rulecheck":
                return [f"{where}: a tutorial command runs rulecheck (or cd), not {step.args[0]!r}"]
            done = subprocess.run(
                [str(rulecheck), *step.args[1:]],
                cwd=here,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=600,
                env=_env(),
            )
            if not matches(step.expected, done.stdout):
                return [
                    f"{where}: $ {shlex.join(step.args)}\n--- the page shows ---\n{step.expected}\n"
                    f"--- the command printed (exit {done.returncode}) ---\n{done.stdout}"
                ]
    return []


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: tutorial_runner.py RULECHECK PAGE FOLDER", file=sys.stderr)
        return 2
    rulecheck, page, folder = argv
    if any(Path(folder).iterdir()):
        print(f"{folder}: the tutorial starts in an empty folder", file=sys.stderr)
        return 2
    problems = run(Path(page), rulecheck, Path(folder))
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{Path(page).name}: every step ran as the page shows ({len(steps(Path(page)))} steps)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
