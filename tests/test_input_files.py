"""Every input rulecheck reads goes through ``rulecheck.input_files.read_input``: a pipe, a folder,
a device, a socket, a huge file or bytes that are not UTF-8 are one line, never a hang."""

from __future__ import annotations

import ast
import os
import socket
import threading
from pathlib import Path

import pytest

from rulecheck.input_files import folder_problem, problem_with, read_input, read_input_text
from rulecheck.source_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulecheck"

# Calls that read a file by its name. Only the reader itself may make them.
READING_METHODS = {"read_text", "read_bytes"}
OPENERS = {"open", "fdopen"}  # builtins.open, io.open, os.open, os.fdopen, Path.open, codecs.open
PATH_READERS = {"get_gherkin_document", "getline", "getlines"}  # pytest-bdd's parser, linecache
ALLOWED = {
    ("input_files.py", "open"),
    ("input_files.py", "fdopen"),
    # explore --rev runs Gundam Assemble's evaluator in another revision's checkout, where
    # rulecheck.input_files may differ: it opens the card file catalogue_path() names (the
    # bundled one, or a project's that versions.RevisionWorker has read through read_input).
    ("gundam_assemble_evaluate.py", "open"),
    # The pytest plugin's first look at a regular pyproject.toml (is it a rulecheck project?),
    # before importing anything of rulecheck: pytest loads the plugin in every project, and the
    # config itself is then read through read_input.
    ("project_plugin.py", "open"),
}


def _mode(call: ast.Call) -> str:
    """The mode an open() call gives, if it is a constant ("r" when none is given)."""
    for kw in call.keywords:
        if kw.arg == "mode" and isinstance(kw.value, ast.Constant):
            return str(kw.value.value)
    func = call.func
    on_path = isinstance(func, ast.Attribute) and not (
        isinstance(func.value, ast.Name) and func.value.id in ("io", "codecs", "os")
    )
    position = 0 if on_path else 1  # Path.open(mode) vs open(file, mode)
    if len(call.args) > position and isinstance(call.args[position], ast.Constant):
        return str(call.args[position].value)
    return "r"


def file_reads(source: str) -> list[tuple[int, str]]:
    """(line, name) of every call in ``source`` that opens or reads a file other than for writing."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in READING_METHODS or name in PATH_READERS:
            out.append((node.lineno, name))
        elif name in OPENERS:
            mode = _mode(node)
            is_os_open = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "os"
            if is_os_open and _opens_no_content(node):
                continue
            if is_os_open or not any(c in mode for c in "wax"):
                out.append((node.lineno, name))
    return out


# os.open flags that cannot read a file's content: opened to write, or a folder held open to
# work inside it (output_files walks a built site by folder descriptors, never through a link).
NO_CONTENT_FLAGS = {"O_WRONLY", "O_DIRECTORY", "_DIR_FLAGS"}


def _opens_no_content(call: ast.Call) -> bool:
    flags = call.args[1] if len(call.args) > 1 else None
    names = (
        {
            n.attr if isinstance(n, ast.Attribute) else n.id
            for n in ast.walk(flags)
            if isinstance(n, ast.Attribute | ast.Name)
        }
        if flags
        else set()
    )
    return bool(names & NO_CONTENT_FLAGS) and "O_RDWR" not in names


def test_no_reader_but_the_one_remains_in_rulecheck():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, name in file_reads(path.read_text(encoding="utf-8")):
            if (path.name, name) not in ALLOWED:
                found.append(f"{path.relative_to(ROOT)}:{line}: {name}(")
    assert found == [], "read these through rulecheck.input_files.read_input:\n" + "\n".join(found)


def test_the_reader_check_finds_each_kind_of_read():
    source = (
        "open(p)\nopen(p, 'rb')\nopen(p, 'w')\nPath(p).read_text()\nPath(p).read_bytes()\n"
        "p.open()\np.open('w')\nos.open(p, os.O_RDONLY)\nget_gherkin_document(p)\nio.open(p, mode='r')\n"
        "os.open(p, os.O_WRONLY | os.O_CREAT)\nos.open(d, _DIR_FLAGS)\nos.open(p, os.O_RDWR | os.O_DIRECTORY)\n"
    )
    assert [line for line, _ in file_reads(source)] == [1, 2, 4, 5, 6, 8, 9, 10, 13]


def test_a_named_pipe_is_refused_at_once_without_a_writer(tmp_path):
    fifo = tmp_path / "results.json"
    os.mkfifo(fifo)
    done: list = []

    def read():
        try:
            read_input(fifo, 1000, "a JSON result")
        except InputError as exc:
            done.append(str(exc))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert done == [f"{fifo}: exists and is not a regular file (a named pipe); expected a JSON result"]


def test_a_folder_a_device_and_a_socket_are_named_as_such(tmp_path):
    with pytest.raises(InputError, match="is a folder; expected a card file"):
        read_input(tmp_path, 1000, "a card file")
    with pytest.raises(InputError, match=r"exists and is not a regular file \(a device\)"):
        read_input("/dev/zero", 1000)
    with socket.socket(socket.AF_UNIX) as sock:
        where = tmp_path / "s.sock"
        sock.bind(str(where))
        with pytest.raises(InputError, match=r"exists and is not a regular file \(a socket\)"):
            read_input(where, 1000)
        assert problem_with(where) == "exists and is not a regular file (a socket)"


def test_a_symbolic_link_to_a_file_is_read_and_to_a_device_refused(tmp_path):
    (tmp_path / "a.yaml").write_text("x: 1\n")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "a.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    assert read_input_text(tmp_path / "link.yaml", 100) == "x: 1\n"
    with pytest.raises(InputError, match="a device"):
        read_input(tmp_path / "zero.yaml", 100)
    with pytest.raises(InputError, match="cannot read: Too many levels of symbolic links"):
        read_input(tmp_path / "loop.yaml", 100)


def test_size_utf8_and_names_the_system_cannot_take(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(InputError, match="larger than 100 bytes"):
        read_input(big, 100)
    assert len(read_input(big, 101)) == 101
    latin = tmp_path / "latin.feature"
    latin.write_bytes(b"Feature: x\n\n  caf\xe9\n")
    with pytest.raises(InputError, match=r"latin.feature:3: not UTF-8 text"):
        read_input_text(latin, 100)
    with pytest.raises(InputError, match="no such file"):
        read_input(tmp_path / "nowhere", 100)
    with pytest.raises(InputError, match="cannot read: File name too long"):
        read_input(tmp_path / ("x" * 300), 100)
    with pytest.raises(InputError, match="the name contains a NUL character"):
        read_input("a\0b", 100)


def test_a_project_folder_must_be_a_folder(tmp_path):
    (tmp_path / "f").write_text("")
    os.mkfifo(tmp_path / "p")
    assert folder_problem(tmp_path) is None
    assert folder_problem(tmp_path / "f") == "is not a folder (a file); expected a project folder"
    assert folder_problem(tmp_path / "p") == "is not a folder (a named pipe); expected a project folder"
    assert folder_problem(tmp_path / "nowhere") == "no such folder"
