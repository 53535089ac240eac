"""The one way rulecheck reads a file it is given (or finds in a project it is pointed at).

Scenario and overlay YAML, card files, feature files, shard results for ``merge-results``, the
equivalent-mutants lists: every input goes through ``read_input``, so each is refused the same
way, as one line and exit 2, when it is not something to read:

* a folder, a named pipe, a device or a socket: the type is checked with ``fstat`` on a
  descriptor opened with ``O_NONBLOCK``, so a pipe nobody writes to cannot hang the run;
* larger than the caller's limit (checked on the size, then on what is read, so a file that
  grows while it is read cannot fill memory);
* not UTF-8 (``read_input_text``), with the line of the first bad byte;
* any other I/O error (permission denied, a name too long, a loop of symbolic links):
  ``PATH: cannot read: <the system's reason>``.

``tests/test_input_files.py`` checks that no other call in rulecheck/ reads a file.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from rulecheck.input_error import InputError

# Limits of the inputs rulecheck reads beside its YAML (``rules.limits.MAX_YAML_BYTES``).
MAX_FEATURE_BYTES = 1_000_000  # one Gherkin feature file (the largest bundled one is ~32 kB)
MAX_RESULT_BYTES = 20_000_000  # one JSON result of explore or mutate for merge-results
MAX_OWN_REPORT_BYTES = 1_000_000_000  # a report this run's pytest wrote (read back to tidy it)
MAX_RESULT_DEPTH = 64  # nested lists and objects in such a result (a real one nests ~8 deep)

# Flags for opening an input: O_NONBLOCK so that opening a named pipe returns at once (and the
# fstat below refuses it) instead of waiting for a writer; O_NOCTTY so that a terminal device
# never becomes the controlling terminal.
_OPEN_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
)


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a plain file"


def not_a_regular_file(mode: int) -> str | None:
    """What is wrong with a file of this ``st_mode`` as an input, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder"
    return f"exists and is not a regular file ({_kind_of(mode)})"


def problem_with(path: str | Path) -> str | None:
    """Why ``path`` cannot be read as an input file, without opening it (so without blocking on
    a pipe); None when it is a regular file. For checks made before the file is read, such as a
    scenario's ``cards:`` list pointing at its card files."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "no such file"
    except (OSError, ValueError) as exc:
        return _cannot_read(exc)
    return not_a_regular_file(st.st_mode)


def folder_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be a project folder (``--root``), or None when it is a folder."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "no such folder"
    except (OSError, ValueError) as exc:
        return _cannot_read(exc)
    if stat.S_ISDIR(st.st_mode):
        return None
    what = "a file" if stat.S_ISREG(st.st_mode) else _kind_of(st.st_mode)
    return f"is not a folder ({what}); expected a project folder"


def _cannot_read(exc: BaseException) -> str:
    if isinstance(exc, ValueError):  # a NUL character in the name: no system call can take it
        return "cannot read: the name contains a NUL character"
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot read: {exc.strerror}"
    return f"cannot read: {exc}"


def read_input(path: str | Path, limit: int, expected: str = "a file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; any problem is one
    ``InputError`` naming the path. ``expected`` names what the file should be ("a YAML file")."""
    fd = -1
    try:
        fd = os.open(path, _OPEN_FLAGS)
        st = os.fstat(fd)
        wrong = not_a_regular_file(st.st_mode)
        if wrong:
            raise InputError(path, None, "", f"{wrong}; expected {expected}")
        if st.st_size > limit:
            raise InputError(path, None, "", f"larger than {limit} bytes")
        with os.fdopen(fd, "rb") as fh:
            fd = -1  # the file object closes it now
            raw = fh.read(limit + 1)
    except FileNotFoundError:
        raise InputError(path, None, "", "no such file") from None
    except IsADirectoryError:  # where a folder cannot even be opened for reading
        raise InputError(path, None, "", f"is a folder; expected {expected}") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, which cannot be opened at all
            raise InputError(
                path, None, "", f"{not_a_regular_file(stat.S_IFSOCK)}; expected {expected}"
            ) from None
        raise InputError(path, None, "", _cannot_read(exc)) from None
    except ValueError as exc:
        raise InputError(path, None, "", _cannot_read(exc)) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > limit:  # it grew while it was read
        raise InputError(path, None, "", f"larger than {limit} bytes")
    return raw


def read_input_text(path: str | Path, limit: int, expected: str = "a text file") -> str:
    """``read_input``, decoded as UTF-8; bytes that are not UTF-8 are refused at their line."""
    raw = read_input(path, limit, expected)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(path, line, "", "not UTF-8 text") from None
