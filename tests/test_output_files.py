"""Safe output: nothing a user owns is replaced or removed, and files get ordinary permissions."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.output_files import MARKER, build_dir, write_text
from rulecheck.source_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "rulecheck_multibase" / "scenarios" / "multibase" / "ranged_volley.yaml"
SMALL = ["--tags", "@clause:GA-LOS-3"]  # a few scenarios: enough to build a site quickly


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def site(pages: dict[str, str]):
    def fill(out: Path) -> int:
        for name, text in pages.items():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(text)
        return len(pages)

    return fill


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_docs_into_a_folder_with_user_files_refuses_and_leaves_them_intact(tmp_path, monkeypatch, capsys):
    out = tmp_path / "notes"
    (out / ".git").mkdir(parents=True)
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "my notes.txt").write_text("mine\n")
    before = tree(out)
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "notes", *SMALL]) == 2
    assert main(["docs", "notes", "--force", *SMALL]) == 2  # a git folder: never
    assert main(["docs", ".", *SMALL]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "not built by rulecheck" in err[0] and "git folder" in err[1]
    assert tree(out) == before


def test_docs_with_force_adds_the_site_and_keeps_every_user_file(tmp_path, capsys, umask_022):
    out = tmp_path / "shared"
    out.mkdir()
    (out / "README.txt").write_text("a user's file\n")
    (out / "index.html").write_text("the user's own index\n")
    assert main(["docs", str(out), *SMALL]) == 2
    assert main(["docs", str(out), "--force", *SMALL]) == 0
    assert (out / "README.txt").read_text() == "a user's file\n"
    assert (out / "interpretations.html").is_file() and (out / MARKER).is_file()
    assert stat.S_IMODE((out / "interpretations.html").stat().st_mode) == 0o644


def test_a_rebuild_removes_only_what_rulecheck_wrote(tmp_path, umask_022):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "1", "features/a.html": "a", "features/b.html": "b"}))
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert stat.S_IMODE((out / "features" / "a.html").stat().st_mode) == 0o644
    (out / "features" / "mine.txt").write_text("added by the user")
    (out / "extra.css").write_text("user css")
    build_dir(out, site({"index.html": "2", "features/a.html": "a2"}))
    assert tree(out) == {
        MARKER: (out / MARKER).read_bytes(),
        "extra.css": b"user css",
        "features/a.html": b"a2",
        "features/mine.txt": b"added by the user",
        "index.html": b"2",
    }


def test_a_marker_line_cannot_reach_outside_the_site(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "1"}))
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (out / MARKER).write_text("# rulecheck\n../victim.txt\n/etc/hostname\nindex.html\n")
    build_dir(out, site({"index.html": "2"}))
    assert victim.read_text() == "keep me"


def test_a_failed_build_leaves_the_old_site_and_no_temporary_folder(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "good"}))

    def broken(folder: Path):
        (folder / "index.html").write_text("half")
        raise RuntimeError("the build failed")

    with pytest.raises(RuntimeError):
        build_dir(out, broken)
    assert (out / "index.html").read_text() == "good"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_draw_writes_with_the_umask_and_replaces_only_regular_files(tmp_path, umask_022, capsys):
    out = tmp_path / "pos.svg"
    assert main(["draw", str(SCENARIO), "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o644 and out.read_text().startswith("<svg")
    os.umask(0o077)
    out.chmod(0o640)
    assert main(["draw", str(SCENARIO), "-o", str(out)]) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640  # a replaced file keeps its mode
    fresh = tmp_path / "fresh.svg"
    assert main(["draw", str(SCENARIO), "-o", str(fresh)]) == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600  # a new one follows the umask
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    link = tmp_path / "pipe.svg"
    link.symlink_to(pipe)
    assert main(["draw", str(SCENARIO), "-o", str(link)]) == 2
    assert link.is_symlink() and stat.S_ISFIFO(pipe.stat().st_mode)
    assert "not a regular file" in capsys.readouterr().err


def test_write_text_refuses_a_folder_and_a_missing_parent(tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        write_text(tmp_path, "x")
    with pytest.raises(InputError, match="does not exist"):
        write_text(tmp_path / "no" / "file.svg", "x")
    assert list(tmp_path.iterdir()) == []


def test_svg_is_well_formed_for_names_with_control_characters(tmp_path, capsys):
    import xml.dom.minidom

    text = SCENARIO.read_text().replace("Alpha", '"Al\\x01ph<a>\\x1b&"')
    path = tmp_path / "odd.yaml"
    path.write_text(text)
    out = tmp_path / "odd.svg"
    assert main(["draw", str(path), "-o", str(out)]) == 0, capsys.readouterr().err
    xml.dom.minidom.parse(str(out))  # raises if not well-formed
    assert "Al\\x01ph&lt;a&gt;" in out.read_text()


# --- a rebuild: the old site stays whole until the new one is in ---------------------------------


def test_a_rebuild_never_removes_or_writes_through_a_symlinked_subfolder(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "1", "features/a.html": "a"}))
    users = tmp_path / "users"  # a folder of the user's, swapped in where the site had features/
    users.mkdir()
    (users / "a.html").write_text("the user's own page")
    (users / "notes.txt").write_text("notes")
    shutil.rmtree(out / "features")
    (out / "features").symlink_to(users)
    marker = (out / MARKER).read_bytes()
    with pytest.raises(InputError, match="features: is a symbolic link; refusing to write through it"):
        build_dir(out, site({"index.html": "2", "features/a.html": "a2"}))
    assert tree(users) == {"a.html": b"the user's own page", "notes.txt": b"notes"}
    assert (out / "index.html").read_text() == "1" and (out / MARKER).read_bytes() == marker
    # a site with nothing under features/ is built; the page behind the link is no longer ours
    build_dir(out, site({"index.html": "3"}))
    assert tree(users) == {"a.html": b"the user's own page", "notes.txt": b"notes"}
    assert (out / "features").is_symlink() and (out / "index.html").read_text() == "3"
    assert (out / MARKER).read_text().splitlines()[1:] == ["index.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site", "users"]


def test_a_rebuild_never_removes_a_file_behind_a_deeper_symlink(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "1", "features/ga/a.html": "a"}))
    users = tmp_path / "users"
    users.mkdir()
    (users / "a.html").write_text("mine")
    shutil.rmtree(out / "features" / "ga")
    (out / "features" / "ga").symlink_to(users)
    build_dir(out, site({"index.html": "2"}))
    assert (users / "a.html").read_text() == "mine"
    assert (out / MARKER).read_text().splitlines()[1:] == ["index.html"]


def _failing(monkeypatch, name: str):
    """Make moving a file called ``name``, or removing it from the site, fail as a folder without
    write permission would (tests may run as root, who ignores permissions). Cleaning up the
    temporary folders still works, as it would."""
    for call in ("rename", "replace", "unlink", "remove"):
        real = getattr(os, call)

        def refuse(*args, _real=real, _moves=call in ("rename", "replace"), **kwargs):
            named = [str(a) for a in args[:2]]
            if any(
                a == name or a.endswith("/site/" + name) or (a.endswith("/" + name) and "/site/" in a)
                for a in named
                if _moves or "/site/" in a
            ):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), named[0])
            return _real(*args, **kwargs)

        monkeypatch.setattr(os, call, refuse)


OLD_SITE = {"index.html": "1", "features/a.html": "a", "features/b.html": "b", "extra/z.html": "z"}
NEW_SITE = {"index.html": "2", "features/a.html": "a2", "features/c.html": "c", "more/y.html": "y"}


@pytest.mark.parametrize("stuck", ["c.html", "b.html", "z.html", "y.html", MARKER])
def test_a_rebuild_that_fails_part_way_leaves_the_old_site_exactly(tmp_path, monkeypatch, stuck):
    out = tmp_path / "site"
    build_dir(out, site(OLD_SITE))
    (out / "features" / "mine.txt").write_text("the user's")
    before = tree(out)
    _failing(monkeypatch, stuck)
    with pytest.raises(InputError, match="Permission denied"):
        build_dir(out, site(NEW_SITE))
    monkeypatch.undo()
    assert tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary left beside it
    build_dir(out, site(NEW_SITE))  # and the next build goes through
    assert tree(out) == {
        MARKER: (out / MARKER).read_bytes(),
        "features/a.html": b"a2",
        "features/c.html": b"c",
        "features/mine.txt": b"the user's",
        "index.html": b"2",
        "more/y.html": b"y",
    }
    assert (out / MARKER).read_text().splitlines()[1:] == sorted(NEW_SITE)
    assert not (out / "extra").exists()  # emptied by the removal of the old page


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_subfolder_stops_the_rebuild_before_anything_is_removed(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site(OLD_SITE))
    before = tree(out)
    (out / "extra").chmod(0o555)
    try:
        with pytest.raises(InputError, match="site/extra: cannot write: Permission denied"):
            build_dir(out, site(NEW_SITE))
    finally:
        (out / "extra").chmod(0o755)
    assert tree(out) == before


def test_a_users_file_where_the_new_site_has_a_page_is_kept_without_force(tmp_path):
    out = tmp_path / "site"
    build_dir(out, site({"index.html": "1"}))
    (out / "new.html").write_text("the user's")
    with pytest.raises(InputError, match="new.html: was not written by rulecheck"):
        build_dir(out, site({"index.html": "2", "new.html": "ours"}))
    assert (out / "new.html").read_text() == "the user's" and (out / "index.html").read_text() == "1"
    build_dir(out, site({"index.html": "2", "new.html": "ours"}), force=True)
    assert (out / "new.html").read_text() == "ours"


# --- I/O failures: one line with the file and the reason, exit 2, nothing left behind -----------


def _no_space_for(monkeypatch, name: str) -> None:
    real = Path.write_text

    def write_text(self, *args, **kwargs):
        if self.name == name:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as a write() fails: no file name
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)


@pytest.mark.parametrize("page", ["interpretations.html", "index.html", MARKER])
def test_docs_on_a_full_disk_names_the_page_and_keeps_the_old_site(tmp_path, monkeypatch, capsys, page):
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "site", *SMALL]) == 0
    before = tree(tmp_path / "site")
    capsys.readouterr()
    _no_space_for(monkeypatch, page)
    assert main(["docs", "site", *SMALL]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"rulecheck: site/{page}: cannot write: No space left on device"]
    assert tree(tmp_path / "site") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_file_that_cannot_be_renamed_into_place_is_one_line(tmp_path, monkeypatch, capsys):
    def no_space(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_space)
    out = tmp_path / "pos.svg"
    assert main(["draw", str(SCENARIO), "-o", str(out)]) == 2
    assert capsys.readouterr().err == f"rulecheck: {out}: -o: cannot write: No space left on device\n"
    assert list(tmp_path.iterdir()) == []


def test_an_explore_folder_that_cannot_be_written_is_one_line(tmp_path, monkeypatch, capsys):
    from rulecheck.explore.report import write_output

    _no_space_for(monkeypatch, "explore.json")
    with pytest.raises(InputError, match="out/explore.json: -o: cannot write: No space left on device"):
        write_output(tmp_path / "out", [], {"format": "x"})
    assert list(tmp_path.iterdir()) == []


# --- signals: SIGTERM and SIGHUP remove every temporary and exit 128 + signal --------------------


def _rulecheck(args: list[str], cwd: Path) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("rulecheck")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "rulecheck.cli"]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        command + args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _signal_while_writing(proc: subprocess.Popen, folder: Path, sig: int) -> tuple[int, str]:
    """Wait for the run's temporary (``*.partial``) to appear in ``folder``, then send ``sig``."""
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".partial") for p in folder.iterdir()):
        assert proc.poll() is None, f"finished before it wrote anything: {proc.communicate()}"
        assert time.monotonic() < deadline, "no temporary file appeared"
        time.sleep(0.02)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_a_docs_rebuild_leaves_the_old_site_and_no_temporary(tmp_path, sig):
    assert main(["docs", str(tmp_path / "site"), *SMALL, "-q"]) == 0
    before = tree(tmp_path / "site")
    proc = _rulecheck(["docs", "site", "-q"], tmp_path)  # the whole corpus: seconds of work
    code, err = _signal_while_writing(proc, tmp_path, sig)
    assert code == 128 + sig, err
    assert err == f"rulecheck: stopped by {signal.Signals(sig).name}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert tree(tmp_path / "site") == before


@pytest.mark.parametrize(
    "sig, line", [(signal.SIGTERM, "stopped by SIGTERM"), (signal.SIGINT, "interrupted")]
)
def test_a_signal_during_a_run_with_report_files_leaves_no_report_and_no_temporary(tmp_path, sig, line):
    (tmp_path / "old.xml").write_text("the last report")
    proc = _rulecheck(["check", "-q", "--junit-xml", "old.xml", "--cucumber-json", "new.json"], tmp_path)
    code, err = _signal_while_writing(proc, tmp_path, sig)
    assert code == 128 + sig, err
    assert err.splitlines() == [f"rulecheck: {line}"]  # Ctrl-C inside pytest's run too
    assert tree(tmp_path) == {"old.xml": b"the last report"}


class _FullDisk:
    def write(self, _text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        pass


def test_standard_output_on_a_full_disk_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(["odds", str(SCENARIO)]) == 2
    assert capsys.readouterr().err == "rulecheck: <stdout>: cannot write: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_real_full_disk_under_standard_output_is_one_line_and_exit_2(tmp_path):
    with open("/dev/full", "w") as full:
        exe = Path(sys.executable).with_name("rulecheck")
        command = [str(exe)] if exe.exists() else [sys.executable, "-m", "rulecheck.cli"]
        done = subprocess.run(
            command + ["draw", str(SCENARIO)], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert (done.returncode, done.stderr) == (
        2,
        "rulecheck: <stdout>: cannot write: No space left on device\n",
    )


def test_a_file_the_build_could_not_read_is_named_as_itself_not_as_a_page(tmp_path, monkeypatch, capsys):
    feature = tmp_path / "corpus" / "x.feature"

    def unreadable(_out: Path):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(feature))

    with pytest.raises(PermissionError):
        build_dir(tmp_path / "site", unreadable)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr("rulecheck.docs_site.run_corpus", lambda *a, **k: unreadable(None))
    assert main(["docs", str(tmp_path / "site")]) == 2
    assert capsys.readouterr().err == f"rulecheck: {feature}: Permission denied\n"


def test_a_report_may_not_land_in_the_corpus_of_a_ruleset_that_ships_its_own(tmp_path, monkeypatch):
    """A ruleset package keeps its features outside the project (Skirmish does): they are inputs
    of a corpus run too, found as the runner finds them, through the Ruleset's corpus()."""
    from rulecheck import ruleset_api
    from rulecheck.output_overlap import Output, corpus_inputs, refuse_overlaps
    from rulecheck.ruleset_api import Corpus
    from rulecheck.source_yaml import InputError

    package = tmp_path / "site" / "game" / "features" / "game"
    package.mkdir(parents=True)
    (package / "shoot.feature").write_text("Feature: shooting\n")

    class Game:
        @staticmethod
        def corpus(root):
            return Corpus(features=package, tests=())

    monkeypatch.setattr(ruleset_api, "ruleset_names", lambda: ["game"])
    monkeypatch.setattr(ruleset_api, "ruleset", lambda name: Game)
    with pytest.raises(InputError, match="the game features folder"):
        refuse_overlaps([Output(package / "shoot.feature", "--junit-xml")], corpus_inputs(tmp_path / "proj"))
