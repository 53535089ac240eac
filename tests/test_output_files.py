"""Safe output: nothing a user owns is replaced or removed, and files get ordinary permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.output_files import MARKER, build_dir, write_text
from rulecheck.source_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "multibase" / "ranged_volley.yaml"
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
