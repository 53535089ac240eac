"""The one way rulecheck writes output files and folders.

Every command that writes (``draw -o``, ``--cucumber-json``, ``--junit-xml``, ``docs``) goes
through here, so the promises hold everywhere:

* a file is written to a temporary file in the target's folder and renamed over the target, so a
  failure never leaves half a file where a good one was;
* a target that exists and is not a regular file (a folder, a device such as ``/dev/null``, a
  symlink to one, a pipe) is refused, never replaced;
* new files get ``0666 & ~umask`` and new folders ``0777 & ~umask``, and a replaced file keeps
  its mode, as any editor does (``tempfile`` makes 0600/0700, which a web server cannot serve);
* a site folder is built beside its target and swapped in. A folder that is not empty is replaced
  only if rulecheck built it (it holds ``MARKER``), or with ``force``; even then only the files
  rulecheck wrote there are removed, never anything else.

Every refusal is an ``InputError`` (one line, exit 2).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from rulecheck.input_files import read_input_text
from rulecheck.source_yaml import InputError

# Kept in every folder ``docs`` builds: its presence says rulecheck made the folder, and its lines
# list the files rulecheck wrote there (the only ones a later build may remove).
MARKER = ".rulecheck-site"
MAX_MARKER_BYTES = 10_000_000  # the marker lists every file of a built site, one a line


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _why(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def check_file_target(path: str | Path, flag: str = "") -> Path:
    """The absolute target for an output file, or an ``InputError`` if it may not be written."""
    target = Path(path).expanduser().absolute()
    if target.exists() or target.is_symlink():
        try:
            mode = os.stat(target).st_mode  # follows a symlink: judge what it points at
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
        if stat.S_ISDIR(mode):
            raise InputError(path, None, flag, "is a folder; give a file name to write")
        if not stat.S_ISREG(mode):
            raise InputError(path, None, flag, "exists and is not a regular file; refusing to replace it")
        if target.is_symlink():
            raise InputError(path, None, flag, "is a symbolic link; refusing to replace it")
    _check_parent(target, path, flag)
    return target


def _check_parent(target: Path, path: str | Path, flag: str) -> None:
    """The folder a file or site goes into must exist and be writable (else one line, exit 2)."""
    parent = target.parent
    if not parent.is_dir():
        raise InputError(path, None, flag, f"the folder {str(parent)!r} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(path, None, flag, f"the folder {str(parent)!r} is not writable")


@contextlib.contextmanager
def pending_file(path: str | Path, flag: str = "") -> Iterator[Path]:
    """A temporary file beside ``path`` (with ordinary permissions) for some other writer, such
    as pytest, to fill; renamed over ``path`` only if the body finishes. An empty result is not
    moved (the writer failed)."""
    target = check_file_target(path, flag)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    except OSError as exc:
        raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
    os.close(fd)
    try:
        # a new file gets what the umask allows; a replaced one keeps its mode, as an editor does
        mode = stat.S_IMODE(target.stat().st_mode) if target.is_file() else 0o666 & ~umask()
        os.chmod(tmp, mode)
        yield Path(tmp)
        if os.path.getsize(tmp) == 0:
            raise InputError(path, None, flag, "nothing was written for this file")
        check_file_target(path, flag)  # it may have changed while the body ran
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def write_text(path: str | Path, text: str, flag: str = "") -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, with ordinary permissions."""
    with pending_file(path, flag) as tmp:
        try:
            tmp.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write: {_why(exc)}") from None


# --- folders -------------------------------------------------------------------------------------


def _made_by_us(folder: Path) -> list[str] | None:
    """The files rulecheck wrote into ``folder`` (from its marker), or None if it has no marker."""
    marker = folder / MARKER
    if not marker.is_file() or marker.is_symlink():
        return None
    try:
        lines = read_input_text(marker, MAX_MARKER_BYTES, "rulecheck's marker file").splitlines()
    except InputError:
        return None
    return [line for line in lines[1:] if line and not line.startswith("#")]


def check_dir_target(path: str | Path, force: bool = False, flag: str = "") -> Path:
    """The absolute target for a built folder, or an ``InputError`` if it may not be replaced."""
    target = Path(path).expanduser().absolute()
    if target.is_symlink():
        raise InputError(path, None, flag, "is a symbolic link; refusing to replace it")
    if target.exists():
        if not target.is_dir():
            raise InputError(path, None, flag, "exists and is not a folder; refusing to replace it")
        try:
            entries = list(target.iterdir())
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot read this folder: {_why(exc)}") from None
        if entries and _made_by_us(target) is None and not force:
            raise InputError(
                path,
                None,
                flag,
                f"folder is not empty and was not built by rulecheck (no {MARKER} file); "
                "give an empty or new folder, or --force to write into it",
            )
        special = target in (Path.home().absolute(), Path(target.anchor)) or (target / ".git").exists()
        if special and entries and _made_by_us(target) is None:
            raise InputError(
                path, None, flag, "is a home, root or git folder; refusing to write a site into it"
            )
    _check_parent(target, path, flag)
    return target


def _file_list(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def build_dir(
    path: str | Path, fill: Callable[[Path], object], force: bool = False, flag: str = ""
) -> object:
    """Build a folder: ``fill(tmp)`` writes it in a temporary folder beside ``path``, which then
    takes ``path``'s place. Returns what ``fill`` returned.

    * ``path`` new or empty: the built folder is renamed into place.
    * ``path`` built by rulecheck before: the files its marker lists are removed, then the new
      files are moved in; anything else a user put there stays.
    * ``path`` holds other files and ``force``: the new files are moved in over same-named files;
      nothing else is removed.
    """
    target = check_dir_target(path, force, flag)
    try:
        tmp = Path(
            tempfile.mkdtemp(prefix=f".{target.name or 'site'}.", suffix=".partial", dir=target.parent)
        )
    except OSError as exc:
        raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
    try:
        result = fill(tmp)
        files = _file_list(tmp)
        (tmp / MARKER).write_text(
            "# written by rulecheck docs; the files below are its own and are replaced on rebuild\n"
            + "".join(f"{name}\n" for name in files),
            encoding="utf-8",
        )
        _ordinary_permissions(tmp)
        target = check_dir_target(path, force, flag)  # it may have changed while fill ran
        try:
            if not target.exists():
                tmp.rename(target)
            elif not any(target.iterdir()):
                target.rmdir()
                tmp.rename(target)
            else:
                _merge_into(tmp, target)
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write the folder: {_why(exc)}") from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)  # only ever our own temporary folder
    return result


def _ordinary_permissions(folder: Path) -> None:
    mask = umask()
    os.chmod(folder, 0o777 & ~mask)
    for p in folder.rglob("*"):
        os.chmod(p, (0o777 if p.is_dir() else 0o666) & ~mask)


def _merge_into(tmp: Path, target: Path) -> None:
    """Move the built files into an existing folder: first remove the files rulecheck's own
    marker lists (and folders left empty by that), then move each new file over."""
    for name in _made_by_us(target) or []:
        old = (target / name).absolute()
        # a marker line is data from disk: never follow it outside the folder
        if ".." in Path(name).parts or not old.is_relative_to(target) or old.is_symlink():
            continue
        if old.is_file():
            old.unlink()
            parent = old.parent
            while parent != target and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent
    for src in sorted(tmp.rglob("*")):
        if src.is_dir():
            continue
        dest = target / src.relative_to(tmp)
        if dest.is_dir() and not dest.is_symlink():
            raise InputError(
                dest, None, "", "is a folder where rulecheck writes a file; refusing to replace it"
            )
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dest)
