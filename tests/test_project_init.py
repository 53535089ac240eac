"""`rulecheck init` (issue #26): a project folder of one's own rulings, laid out so that `cd DIR
&& rulecheck check` passes at once; a workflow whose every rulecheck command the parser takes;
and never a file that exists overwritten or changed."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulecheck import project_init
from rulecheck.cli import build_parser, main
from rulecheck.project_config import find_config
from rulecheck.ruleset_api import example_project, ruleset, ruleset_names
from rulecheck.source_yaml import InputError

BUNDLED = ("gundam_assemble", "multibase")


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


def init(cwd: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["init", *args])
    return code, out.getvalue(), err.getvalue()


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", BUNDLED)
def test_after_init_check_in_the_new_folder_passes_with_the_rulesets_example(tmp_path, name):
    code, out, err = init(tmp_path, "proj", "--ruleset", name)
    assert code == 0 and not err
    assert out.splitlines()[-1] == "next: cd proj && rulecheck check"
    done = rulecheck(tmp_path / "proj", "check", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    (only,) = report["rulesets"]
    assert only["ruleset"] == name
    examples = sum(
        text.count("Scenario:")
        for path, text in example_project(ruleset(name)).items()
        if path.endswith(".feature")
    )
    assert only["scenarios"]["passed"] == only["scenarios"]["total"] == examples >= 1


def test_init_lays_out_config_folders_examples_and_workflow_for_every_installed_ruleset(tmp_path):
    code, out, _ = init(tmp_path, "proj")
    assert code == 0
    proj = tmp_path / "proj"
    config = find_config(proj)
    assert config is not None and config.file == proj / "rulecheck.toml"
    assert config.rulesets == tuple(ruleset_names())
    for folder in ("scenarios", "cards", "overlays", *(f"features/{n}" for n in ruleset_names())):
        assert (proj / folder).is_dir(), folder
        assert f"  made  {folder}/" in out.splitlines()
    assert "  wrote .github/workflows/rulecheck.yml" in out.splitlines()
    assert "  wrote features/gundam_assemble/example.feature" in out.splitlines()
    # the Gundam Assemble example names a scenario file of the project's own
    assert (
        'Given the scenario "example_hill.yaml"'
        in (proj / "features/gundam_assemble/example.feature").read_text()
    )
    assert (proj / "scenarios" / "example_hill.yaml").is_file()


def test_init_keeps_every_file_that_exists_and_says_so(tmp_path):
    proj = tmp_path / "proj"
    (proj / "features" / "multibase").mkdir(parents=True)
    mine = proj / "features" / "multibase" / "example.feature"
    mine.write_text("Feature: my own, not to be touched\n")
    (proj / "rulecheck.toml").write_text('rulesets = ["multibase"]\n# mine\n')
    (proj / ".github" / "workflows").mkdir(parents=True)
    (proj / ".github" / "workflows" / "rulecheck.yml").write_text("name: mine\n")
    before = files_under(proj)
    code, out, _ = init(tmp_path, "proj", "--ruleset", "multibase")
    assert code == 0
    after = files_under(proj)
    assert {k: after[k] for k in before} == before
    lines = out.splitlines()
    for kept in ("rulecheck.toml", "features/multibase/example.feature", ".github/workflows/rulecheck.yml"):
        assert f"  kept  {kept} (already there)" in lines
    # run again: everything is kept, nothing is written
    code, out, _ = init(tmp_path, "proj", "--ruleset", "multibase")
    assert code == 0 and files_under(proj) == after
    assert not [line for line in out.splitlines() if line.startswith(("  wrote", "  made"))]


def test_pyproject_gets_a_table_appended_with_every_existing_byte_kept(tmp_path):
    original = b'[project]\r\nname = "club-rulings"  # CRLF, a comment, no final newline\r\n\r\n[tool.ruff]\r\nline-length = 99'
    (tmp_path / "pyproject.toml").write_bytes(original)
    os.chmod(tmp_path / "pyproject.toml", 0o640)
    code, out, err = init(tmp_path, ".", "--pyproject", "--ruleset", "multibase")
    assert code == 0, err
    data = (tmp_path / "pyproject.toml").read_bytes()
    assert data.startswith(original) and data != original
    assert oct((tmp_path / "pyproject.toml").stat().st_mode & 0o777) == oct(0o640)
    config = find_config(tmp_path)
    assert config is not None and config.file.name == "pyproject.toml" and config.rulesets == ("multibase",)
    assert not (tmp_path / "rulecheck.toml").exists()
    assert "  added a [tool.rulecheck] table to pyproject.toml" in out.splitlines()
    assert out.splitlines()[-1] == "next: rulecheck check"
    assert rulecheck(tmp_path, "check").returncode == 0


def test_a_second_pyproject_table_is_refused_and_the_file_left_alone(tmp_path):
    text = '[tool.rulecheck]\nrulesets = ["multibase"]\n'
    (tmp_path / "pyproject.toml").write_text(text)
    code, _, err = init(tmp_path, ".", "--pyproject")
    assert code == 2 and err.strip().endswith("pyproject.toml: tool.rulecheck: a table is here already")
    assert files_under(tmp_path) == {"pyproject.toml": text.encode()}


def test_a_ruleset_without_the_hook_gets_an_empty_features_folder_and_a_note(tmp_path, monkeypatch):
    class Bare:  # a Ruleset with no example_project()
        name = "multibase"

    monkeypatch.setattr(project_init, "ruleset", lambda name: Bare())
    code, out, _ = init(tmp_path, "proj", "--ruleset", "multibase")
    assert code == 0
    assert (
        "  note: multibase: the ruleset has no example; features/multibase/ is left empty" in out.splitlines()
    )
    assert list((tmp_path / "proj" / "features" / "multibase").iterdir()) == []


def test_a_hook_giving_a_path_outside_the_project_folders_is_refused(tmp_path, monkeypatch):
    class Escaping:
        name = "multibase"

        @staticmethod
        def example_project():
            return {"../outside.txt": "x"}

    with pytest.raises(InputError, match="expected a text file under features/multibase/"):
        example_project(Escaping())


def test_a_failure_while_writing_removes_what_init_made_and_nothing_else(tmp_path, monkeypatch):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "notes.txt").write_text("mine\n")
    real = project_init._write_new
    calls = []

    def fail_on_the_third(path, text):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(path))
        real(path, text)

    monkeypatch.setattr(project_init, "_write_new", fail_on_the_third)
    code, out, err = init(tmp_path, "proj")
    assert code == 2 and "No space left on device" in err and not out
    assert files_under(tmp_path) == {"proj/notes.txt": b"mine\n"}
    assert sorted(p.name for p in (tmp_path / "proj").iterdir()) == ["notes.txt"]


# --- the workflow ----------------------------------------------------------------------------


def workflow_commands(text: str) -> list[list[str]]:
    """Every rulecheck command line of the workflow, once per matrix value, as argv."""
    doc = yaml.safe_load(text)
    out = []
    for job in doc["jobs"].values():
        shards = (job.get("strategy") or {}).get("matrix", {}).get("shard") or [None]
        for step in job["steps"]:
            run = step.get("run", "")
            if not run.startswith("rulecheck "):
                continue
            for shard in shards:
                line = run.replace("${{ matrix.shard }}", str(shard))
                argv = shlex.split(line.split(" > ")[0])
                out.append(argv[1:])
    return out


def test_every_rulecheck_command_of_the_workflow_parses_and_check_runs_for_real(tmp_path):
    assert init(tmp_path, "proj", "--ruleset", "multibase")[0] == 0
    proj = tmp_path / "proj"
    text = (proj / ".github" / "workflows" / "rulecheck.yml").read_text()
    commands = workflow_commands(text)
    assert {argv[0] for argv in commands} == {"check", "explore", "mutate", "merge-results"}
    shards = sorted(argv[argv.index("--shard") + 1] for argv in commands if "--shard" in argv)
    assert shards == sorted([f"{k}/4" for k in range(1, 5)] * 2)
    for argv in commands:
        args = build_parser(argv[0]).parse_args(argv)  # exits (fails the test) on an unknown option
        assert args.func is not None
    (check,) = [argv for argv in commands if argv[0] == "check"]
    done = rulecheck(proj, *check)
    assert done.returncode == 0, done.stderr
    assert (proj / "junit.xml").read_text().count("<testcase") == 1
    assert json.loads((proj / "cucumber.json").read_text())[0]["elements"]
    # the reports kept as artifacts are the files check wrote
    (check_job,) = [
        j
        for j in yaml.safe_load(text)["jobs"].values()
        if any("rulecheck check" in s.get("run", "") for s in j["steps"])
    ]
    kept = next(s for s in check_job["steps"] if "upload-artifact" in s.get("uses", ""))["with"][
        "path"
    ].split()
    assert sorted(kept) == ["cucumber.json", "junit.xml"]


def test_the_workflow_installs_the_package_of_each_ruleset_at_its_version(tmp_path):
    from rulecheck import __version__

    text = project_init.workflow_text(["gundam_assemble", "multibase"])
    installs = {
        s["run"]
        for j in yaml.safe_load(text)["jobs"].values()
        for s in j["steps"]
        if s.get("run", "").startswith("pip ")
    }
    assert installs == {f'pip install "rulecheck=={__version__}"'}
