"""The bad-input corpus: every file in tests/bad_inputs/ is one malformed or hostile input.

Each case file starts with comment lines that say how to run it and what must come out:

    # args: explain {case}                    the command line ({case}: this file, copied into a
                                              temporary folder that is the working directory;
                                              {multibase_scenarios}: that game's bundled scenarios)
    # expect: attack.dice[0]: expected a whole number     a fragment of the one error line
    # setup: mkdir out | file NAME | text NAME LINE | fifo NAME | symlink NAME TARGET | feature-root RULESET
    #        | card-file-of NAME    (NAME: a bundled attack scenario whose card file is this case)
    #        | body NAME            (NAME: this case without its header lines, e.g. a JSON result)
    #        | shard-of NAME K/N [FIELD=JSON ...]   (the body as JSON, as shard K/N, with the
    #                               dotted FIELDs, e.g. run.seed=1 or explorations.0.kind="x", set)
    #        | nested NAME DEPTH    (NAME: a JSON list nested DEPTH deep)
    #        | big NAME BYTES       (NAME: that many spaces)
    #        | hardlink NAME TARGET (made after the case is copied; TARGET may be {case})
    #        | explore-result NAME  (an empty result of `explore --json`, for merge-results)
    #        | bundled-cards NAME   (a copy of rulecheck_gundam_assemble/scenarios/gundam_assemble/cards/NAME, for the case's `cards:`)
    #        | copy NAME PATH       (a bundled file, PATH from the project root, as NAME)

Each case must end with exit status 2, exactly one line on stderr containing the fragment, no
traceback, and nothing written or removed in the temporary folder, within the time limit. The
cases run in-process (``rulecheck.cli.main``) for speed; ``test_the_real_entry_point`` runs a few
through the installed ``rulecheck`` command as well and requires the same exit status, the same
output and the same files from both. A feature in a project of its own that gets as far as pytest
runs through the real command only (see ``needs_its_own_process``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulecheck import json_output
from rulecheck.cli import main
from rulecheck.corpus import check_feature_syntax
from rulecheck.source_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
# The bundled scenario folders a header names ({gundam_assemble_scenarios}/NAME.yaml)
BUNDLED_SCENARIOS = {
    "gundam_assemble_scenarios": ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble",
    "multibase_scenarios": ROOT / "rulecheck_multibase" / "scenarios" / "multibase",
}
CASES = sorted(p for p in (ROOT / "tests" / "bad_inputs").iterdir() if p.is_file())
TIME_LIMIT = 10.0  # seconds per in-process case; a hang or a memory blow-up shows up as a timeout
PROCESS_TIME_LIMIT = 60.0  # a case in its own process also pays for starting Python and pytest


def header(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"args": [], "expect": [], "setup": []}
    for line in path.read_bytes().decode("latin-1").splitlines():
        if not line.startswith("# "):
            break
        key, _, value = line[2:].partition(": ")
        if key in out:
            out[key].append(value)
    assert out["args"] and out["expect"], f"{path.name}: needs '# args:' and '# expect:' lines"
    return out


def body(case: Path) -> bytes:
    """The case without its header comment lines."""
    lines = case.read_bytes().splitlines(keepends=True)
    while lines and lines[0].startswith(b"# "):
        lines.pop(0)
    return b"".join(lines)


def set_up(case: Path, folder: Path, setup: list[str]) -> str:
    """Prepare the working folder; returns the case file's path as the command sees it."""
    name = case.name
    links: list[tuple[str, str]] = []
    for step in setup:
        what, *rest = step.split()
        if what == "mkdir":
            (folder / rest[0]).mkdir(parents=True)
        elif what == "file":
            (folder / rest[0]).write_text("a user's own file\n")
        elif what == "text":  # a one-line file beside the case: the rest of the setup line
            (folder / rest[0]).write_text(" ".join(rest[1:]) + "\n")
        elif what == "fifo":  # not a regular file, like a device, but private to the test
            os.mkfifo(folder / rest[0])
        elif what == "copy":  # a bundled file (PATH from the project root) beside the case
            shutil.copy(ROOT / rest[1], folder / rest[0])
        elif what == "symlink":
            (folder / rest[0]).symlink_to(rest[1])
        elif what == "hardlink":  # needs the case file in place: made last
            links.append((rest[0], rest[1]))
        elif what == "explore-result":
            empty = {"format": json_output.document("explore", {})["format"], "explorations": []}
            (folder / rest[0]).write_text(json.dumps(empty))
        elif what == "bundled-cards":  # a scenario case that uses one of the bundled card files
            shutil.copy(
                ROOT / "rulecheck_gundam_assemble" / "scenarios" / "gundam_assemble" / "cards" / rest[0],
                folder / rest[0],
            )
        elif what == "card-file-of":  # the case is a card file; a scenario next to it reads it
            scenario = (
                ROOT
                / "rulecheck_gundam_assemble"
                / "scenarios"
                / "gundam_assemble"
                / "attack_guntank_uphill_barrage.yaml"
            )
            (folder / rest[0]).write_text(f"cards: [{name}]\n" + scenario.read_text())
        elif what == "feature-root":  # a project of its own holding this one feature
            ruleset = rest[0]
            proj = folder / "proj"
            (proj / "tests").mkdir(parents=True)
            (proj / "features" / ruleset).mkdir(parents=True)
            for f in ("conftest.py", "pyproject.toml"):
                shutil.copy(ROOT / f, proj / f)
            shutil.copytree(ROOT / "steps", proj / "steps", ignore=shutil.ignore_patterns("__pycache__"))
            # the binding of a project laid out by ruleset name (features/<ruleset>/ under the
            # project's bdd_features_base_dir), as the bundled corpus was before each game's package
            binding = f'from pytest_bdd import scenarios\n\nscenarios("{ruleset}")\n'
            (proj / "tests" / f"test_features_{ruleset}.py").write_text(binding)
            name = f"proj/features/{ruleset}/{case.name}"
        elif what == "body":
            (folder / rest[0]).write_bytes(body(case))
        elif what == "shard-of":
            doc = json.loads(body(case))
            doc["shard"] = [int(n) for n in rest[1].split("/")]
            for change in rest[2:]:
                field, _, value = change.partition("=")
                *parents, last = [int(p) if p.isdigit() else p for p in field.split(".")]
                target = doc
                for p in parents:
                    target = target[p]
                target[last] = json.loads(value)
            (folder / rest[0]).write_text(json.dumps(doc, indent=1))
        elif what == "nested":
            depth = int(rest[1])
            (folder / rest[0]).write_text("[" * depth + "]" * depth)
        elif what == "big":
            (folder / rest[0]).write_bytes(b" " * int(rest[1]))
        else:
            raise AssertionError(f"{case.name}: unknown setup {step!r}")
    shutil.copy(case, folder / name)
    for link, target in links:
        os.link(folder / target.format(case=name), folder / link)
    return name


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every file and folder with its size, time and mode (bytecode caches aside: Python writes
    them when the feature-root cases import their copied conftest)."""
    seen = {}
    for p in sorted(folder.rglob("*")):
        if "__pycache__" in p.parts:
            continue
        st = p.lstat()
        seen[str(p.relative_to(folder))] = (st.st_size, st.st_mtime_ns, st.st_mode)
    return seen


class TimedOut(Exception):
    pass


def needs_its_own_process(folder: Path, setup: list[str]) -> bool:
    """A project of its own has its own conftest.py, which cannot be imported next to this one in
    a single process; but the corpus's syntax check, which refuses a broken feature file before
    pytest starts, imports none: a case it refuses runs in-process like the rest."""
    if not any(s.startswith("feature-root") for s in setup):
        return False
    try:
        check_feature_syntax(folder / "proj", None)
    except InputError:
        return False
    return True


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()

    def alarm(*_):
        raise TimedOut(f"no answer within {TIME_LIMIT} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue(), err.getvalue()


def run_command(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    exe = Path(sys.executable).with_name("rulecheck")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "rulecheck.cli"]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        command + argv, cwd=cwd, capture_output=True, text=True, timeout=PROCESS_TIME_LIMIT, env=env
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_bad_input_is_one_line_and_exit_2(case, tmp_path, monkeypatch):
    spec = header(case)
    if "/dev/null" in spec["args"][0] and not stat.S_ISCHR(os.stat("/dev/null").st_mode):
        pytest.skip("/dev/null is not a device on this machine (something replaced it)")
    name = set_up(case, tmp_path, spec["setup"])
    monkeypatch.chdir(tmp_path)
    before = snapshot(tmp_path)
    argv = shlex.split(spec["args"][0].format(case=name, **BUNDLED_SCENARIOS))
    start = time.perf_counter()
    own_process = needs_its_own_process(tmp_path, spec["setup"])
    if own_process:
        code, out, err = run_command(argv, tmp_path)
    else:
        code, out, err = run_in_process(argv)
    elapsed = time.perf_counter() - start
    lines = err.splitlines()
    assert code == 2, f"exit {code}, stderr: {err!r}"
    assert len(lines) == 1, f"expected one stderr line, got {len(lines)}: {err!r}"
    assert "Traceback" not in err + out
    assert lines[0].startswith("rulecheck: "), lines[0]
    for fragment in spec["expect"]:
        assert fragment in lines[0], f"{fragment!r} not in {lines[0]!r}"
    assert snapshot(tmp_path) == before, "the command wrote or removed something"
    assert elapsed < (PROCESS_TIME_LIMIT if own_process else TIME_LIMIT)


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 100


# One of each kind: a hostile YAML file, an output that cannot be written, a usage error, a bad
# value, a feature of a project of its own that its syntax check refuses, and an output that is
# an input of the run.
REAL_ENTRY = [
    "yaml_alias_bomb",
    "draw_output_is_a_pipe",
    "check_unknown_format",
    "die_face_word",
    "feature_gherkin_syntax_error",
    "out_draw_onto_its_scenario_hard_link",
]


@pytest.mark.parametrize("name", REAL_ENTRY)
def test_the_real_entry_point(name, tmp_path, monkeypatch):
    """The same promise through the installed command, in its own process; and the in-process
    run the corpus above relies on gives the same exit status, output and files."""
    (case,) = [c for c in CASES if c.stem == name]
    spec = header(case)
    file = set_up(case, tmp_path, spec["setup"])
    assert not needs_its_own_process(tmp_path, spec["setup"])
    argv = shlex.split(spec["args"][0].format(case=file, **BUNDLED_SCENARIOS))
    before = snapshot(tmp_path)
    code, out, err = run_command(argv, tmp_path)
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert spec["expect"][0] in err
    assert snapshot(tmp_path) == before
    monkeypatch.chdir(tmp_path)
    assert run_in_process(argv) == (code, out, err)
    assert snapshot(tmp_path) == before
