"""The one way rulecheck writes output files and folders.

Every command that writes (``draw -o``, ``--cucumber-json``, ``--junit-xml``, ``docs``) goes
through here, so the promises hold everywhere:

* a file is written to a temporary file in the target's folder and renamed over the target, so a
  failure never leaves half a file where a good one was;
* a target that exists and is not a regular file (a folder, a device such as ``/dev/null``, a
  symlink to one, a pipe) is refused, never replaced; so is a name ending in a separator (``out/``,
  ``out/.``), which names a folder;
* new files get ``0666 & ~umask`` and new folders ``0777 & ~umask``, and a replaced file keeps
  its mode, as any editor does (``tempfile`` makes 0600/0700, which a web server cannot serve);
* a site folder is built completely beside its target, then swapped in. A folder that is not
  empty is replaced only if rulecheck built it (it holds ``MARKER``), or with ``force``; even then
  only the files rulecheck wrote there are removed, never anything else, never through a
  symbolic link, and a failure at any point of the swap puts the old site back as it was;
* an ``OSError`` while writing (a full disk, a folder without write permission) is one line
  naming the file and the reason, and leaves no temporary behind;
* SIGTERM and SIGHUP unwind like Ctrl-C (``termination_handled``): every temporary is removed on
  the way out.

Every refusal is an ``InputError`` (one line, exit 2). Whether an output is also an input of the
run is ``output_overlap``'s question, asked by each command before it writes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import signal
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


# --- signals -------------------------------------------------------------------------------------

TERMINATING = (signal.SIGTERM, signal.SIGHUP)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class Terminated(KeyboardInterrupt):
    """A signal that ends the run (SIGTERM, SIGHUP, SIGINT). It unwinds like Ctrl-C, so every
    ``finally`` on the way removes its temporary files; the CLI then exits with 128 + signal."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_received: list[int] = []
_previous: dict[int, object] = {}  # the handlers before ours, for a forked worker to keep
_owner: list[int] = []  # the process that installed the handlers


def _on_signal(signum: int, frame) -> None:
    if os.getpid() not in _owner:
        _as_before(signum, frame)  # a forked worker (mutate's pool) acts as it did without us
        return
    _received.append(signum)
    if len(_received) == 1:
        raise Terminated(signum)
    # The cleanup of the first signal is under way. Another signal of a different kind (a
    # terminal closing while a service stops) must not cut it short; the same signal again is a
    # user insisting, and gets the default action at once.
    if signum == _received[0]:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


def _as_before(signum: int, frame) -> None:
    previous = _previous.get(signum, signal.SIG_DFL)
    if callable(previous):
        previous(signum, frame)
    elif previous != signal.SIG_IGN:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


@contextlib.contextmanager
def termination_handled() -> Iterator[None]:
    """While the block runs, SIGTERM, SIGHUP and SIGINT raise ``Terminated``. Outside the main
    thread (where Python cannot set handlers) the signals are left as they are."""
    installed = {}
    try:
        for sig in (*TERMINATING, signal.SIGINT):
            installed[sig] = signal.signal(sig, _on_signal)
    except ValueError:
        pass
    _previous.update(installed)
    _owner[:] = [os.getpid()]
    try:
        yield
    finally:
        for sig, handler in installed.items():
            signal.signal(sig, handler)
        _received.clear()
        _owner.clear()


def raise_if_signalled() -> None:
    """pytest catches a KeyboardInterrupt in a test and returns "interrupted": raise it again
    here if a signal is why, so the run stops as the signal asked."""
    if _received:
        raise Terminated(_received[0])


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold back SIGTERM, SIGHUP and SIGINT for the few renames that swap a site in (or roll it
    back): a signal arriving then is delivered when the swap is complete or undone."""
    held = {*TERMINATING, signal.SIGINT}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# --- files ---------------------------------------------------------------------------------------


def _names_a_folder(text: str) -> bool:
    """``out/``, ``out/.``, ``out/..``: the name ends in a separator, so it means a folder, though
    ``Path`` would quietly drop the separator and write a file."""
    seps = [os.sep] + ([os.altsep] if os.altsep else [])
    last = text
    for sep in seps:
        last = last.rsplit(sep, 1)[-1]
    return last in ("", ".", "..")


def check_file_target(path: str | Path, flag: str = "") -> Path:
    """The absolute target for an output file, or an ``InputError`` if it may not be written."""
    target = Path(path).expanduser().absolute()
    if target.exists() or target.is_symlink():
        try:
            mode = os.stat(target).st_mode  # follows a symlink: judge what it points at
        except OSError as exc:
            if _names_a_folder(str(path)) and exc.errno == errno.ENOTDIR:
                raise InputError(
                    path, None, flag, "names a folder (it ends in a separator); give a file name"
                ) from None
            raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
        if stat.S_ISDIR(mode):
            raise InputError(path, None, flag, "is a folder; give a file name to write")
        if not stat.S_ISREG(mode):
            raise InputError(path, None, flag, "exists and is not a regular file; refusing to replace it")
        if target.is_symlink():
            raise InputError(path, None, flag, "is a symbolic link; refusing to replace it")
    if _names_a_folder(str(path)):
        raise InputError(path, None, flag, "names a folder (it ends in a separator); give a file name")
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
def temporary(where: Path, prefix: str, suffix: str, folder: bool = False) -> Iterator[Path]:
    """A new, private temporary file (or folder) in ``where``, removed when the block ends unless
    the block moved it away. Its name is chosen before it is made, and the removal is armed
    before it exists: a signal at any instant (``tempfile.mkstemp`` returns the name only after
    making the file, a window in which a SIGTERM would leave it behind) leaves nothing."""
    path: Path | None = None
    try:
        while True:
            path = where / f"{prefix}{secrets.token_hex(6)}{suffix}"
            try:
                if folder:
                    os.mkdir(path, 0o700)
                else:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600))
                break
            except FileExistsError:
                path = None  # someone else's: never removed
        yield path
    finally:
        if path is not None:
            if folder:
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)  # only ever our own temporary folder
            else:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)


@contextlib.contextmanager
def pending_file(path: str | Path, flag: str = "") -> Iterator[Path]:
    """A temporary file beside ``path`` (with ordinary permissions) for some other writer, such
    as pytest, to fill; renamed over ``path`` only if the body finishes. An empty result is not
    moved (the writer failed). An ``OSError`` on the way is one line naming ``path``."""
    target = check_file_target(path, flag)
    with contextlib.ExitStack() as stack:
        try:
            tmp = stack.enter_context(temporary(target.parent, f".{target.name}.", ".partial"))
            # a new file gets what the umask allows; a replaced one keeps its mode, as an editor does
            mode = stat.S_IMODE(target.stat().st_mode) if target.is_file() else 0o666 & ~umask()
            os.chmod(tmp, mode)
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
        yield tmp
        if os.path.getsize(tmp) == 0:
            raise InputError(path, None, flag, "nothing was written for this file")
        check_file_target(path, flag)  # it may have changed while the body ran
        try:
            os.replace(tmp, target)
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write: {_why(exc)}") from None


def write_text(path: str | Path, text: str, flag: str = "") -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, with ordinary permissions."""
    with pending_file(path, flag) as tmp:
        try:
            tmp.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write: {_why(exc)}") from None


def write_new(path: Path, text: str) -> None:
    """Write one file of a folder being built (``build_dir``'s ``fill``). An ``OSError`` keeps the
    file's name even when the write, not the open, failed (a full disk), so ``build_dir`` can say
    which file of the site could not be written."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        if exc.filename is None:
            exc.filename = str(path)
        raise


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


def _shown(path: str | Path, tmp: Path, name: object) -> str | None:
    """The name the user knows for a file of a site being built: ``site/x.html``, not the
    temporary folder's ``.site.abc.partial/x.html``; None for a file outside the site (one the
    build was reading)."""
    if not isinstance(name, str):
        return str(path)
    try:
        return str(Path(path) / Path(os.path.abspath(name)).relative_to(tmp))
    except ValueError:
        return None


def build_dir(
    path: str | Path, fill: Callable[[Path], object], force: bool = False, flag: str = ""
) -> object:
    """Build a folder: ``fill(tmp)`` writes it in a temporary folder beside ``path``, which then
    takes ``path``'s place. Returns what ``fill`` returned.

    * ``path`` new or empty: the built folder is renamed into place.
    * ``path`` built by rulecheck before: the files its marker lists are removed, then the new
      files are moved in; anything else a user put there stays. A user's file where the new site
      has one is refused (``force`` replaces it).
    * ``path`` holds other files and ``force``: the new files are moved in over same-named files;
      nothing else is removed.

    The new site is complete before anything of the old one is touched, and the swap either
    finishes or leaves the old site exactly as it was.
    """
    target = check_dir_target(path, force, flag)
    with contextlib.ExitStack() as stack:
        try:
            tmp = stack.enter_context(
                temporary(target.parent, f".{target.name or 'site'}.", ".partial", True)
            )
        except OSError as exc:
            raise InputError(path, None, flag, f"cannot write here: {_why(exc)}") from None
        try:
            result = fill(tmp)
            files = _file_list(tmp)
            write_new(
                tmp / MARKER,
                "# written by rulecheck docs; the files below are its own and are replaced on rebuild\n"
                + "".join(f"{name}\n" for name in files),
            )
            _ordinary_permissions(tmp)
        except OSError as exc:
            where = _shown(path, tmp, exc.filename)
            if where is None:
                raise  # reading an input failed: the CLI names that file and the reason
            raise InputError(where, None, flag, f"cannot write: {_why(exc)}") from None
        target = check_dir_target(path, force, flag)  # it may have changed while fill ran
        with signals_held():
            if not target.exists():
                _rename_into_place(tmp, target, path, flag)
            elif not any(target.iterdir()):
                target.rmdir()
                try:
                    _rename_into_place(tmp, target, path, flag)
                except BaseException:
                    target.mkdir(exist_ok=True)
                    raise
            else:
                _Swap(tmp, target, path, flag, force).run()
    return result


def _rename_into_place(tmp: Path, target: Path, path: str | Path, flag: str) -> None:
    try:
        tmp.rename(target)
    except OSError as exc:
        raise InputError(path, None, flag, f"cannot write the folder: {_why(exc)}") from None


def _ordinary_permissions(folder: Path) -> None:
    mask = umask()
    os.chmod(folder, 0o777 & ~mask)
    for p in folder.rglob("*"):
        os.chmod(p, (0o777 if p.is_dir() else 0o666) & ~mask)


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def _parts(name: str) -> tuple[str, ...] | None:
    """A marker line as path components inside the site, or None if it could reach outside it
    (a marker is data from disk: ``..``, an absolute path, an empty name)."""
    parts = tuple(p for p in name.split("/") if p not in ("", "."))
    if not parts or name.startswith("/") or ".." in parts or "\0" in name:
        return None
    return parts


class _Folders:
    """The folders of one site, opened one component at a time from the site's own folder with
    O_NOFOLLOW: a folder that was swapped for a symbolic link cannot be opened, so nothing is
    ever removed or written through a link, however deep."""

    def __init__(self, root: Path):
        self.fds: dict[tuple[str, ...], int] = {(): os.open(root, _DIR_FLAGS)}

    def get(self, parts: tuple[str, ...]) -> int | None:
        """The open folder, or None if it is missing, a link or not a folder."""
        if parts in self.fds:
            return self.fds[parts]
        parent = self.get(parts[:-1])
        if parent is None:
            return None
        try:
            fd = os.open(parts[-1], _DIR_FLAGS, dir_fd=parent)
        except OSError:
            return None
        self.fds[parts] = fd
        return fd

    def lstat(self, parts: tuple[str, ...]) -> os.stat_result | None:
        parent = self.get(parts[:-1])
        if parent is None:
            return None
        try:
            return os.stat(parts[-1], dir_fd=parent, follow_symlinks=False)
        except OSError:
            return None

    def close(self) -> None:
        for fd in self.fds.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self.fds.clear()


class _Swap:
    """Move a built site into a folder that already holds one, as one undoable step.

    Checked first, before anything moves: every old file to remove is a regular file reached
    through real folders (one behind a link is no longer rulecheck's and stays), every new file's
    folders are real folders or missing, every place taken is a regular file rulecheck owns (or
    ``force``), and every folder touched is writable. Then the old files are moved aside into a
    temporary folder beside the site, the new ones moved in (the marker last), each move noted;
    any failure moves everything back. Only when all is in are the old files deleted."""

    def __init__(self, tmp: Path, target: Path, path: str | Path, flag: str, force: bool):
        self.tmp, self.target, self.path, self.flag, self.force = tmp, target, path, flag, force

    def shown(self, parts: tuple[str, ...]) -> str:
        return str(Path(self.path, *parts))

    def refuse(self, parts: tuple[str, ...], message: str) -> None:
        raise InputError(self.shown(parts), None, self.flag, message)

    def run(self) -> None:
        site = _Folders(self.target)
        built = _Folders(self.tmp)
        try:
            old = self._old_files(site)
            new = [tuple(n.split("/")) for n in _file_list(self.tmp)]
            new.sort(key=lambda parts: parts == (MARKER,))  # the marker last
            self._check_new(site, new, old)
            self._check_writable(site, old, new)
            self._move(site, built, old, new)
        finally:
            site.close()
            built.close()

    def _old_files(self, site: _Folders) -> list[tuple[str, ...]]:
        owned = _made_by_us(self.target)
        if owned is None:
            return []
        old = []
        for name in [*owned, MARKER]:
            parts = _parts(name)
            if parts is None or parts in old:
                continue
            st = site.lstat(parts)
            if st is not None and stat.S_ISREG(st.st_mode):
                old.append(parts)
        return old

    def _check_new(self, site: _Folders, new: list, old: list) -> None:
        owned = set(old)
        for parts in new:
            for k in range(1, len(parts)):
                st = site.lstat(parts[:k])
                if st is None and site.get(parts[: k - 1]) is not None:
                    break  # missing: made when the file moves in
                if st is None or stat.S_ISLNK(st.st_mode):
                    self.refuse(parts[:k], "is a symbolic link; refusing to write through it")
                if not stat.S_ISDIR(st.st_mode):
                    self.refuse(
                        parts[:k], "is not a folder, where rulecheck writes one; refusing to replace it"
                    )
            st = site.lstat(parts)
            if st is None or parts in owned:
                continue
            if stat.S_ISLNK(st.st_mode):
                self.refuse(parts, "is a symbolic link; refusing to replace it")
            if stat.S_ISDIR(st.st_mode):
                self.refuse(parts, "is a folder where rulecheck writes a file; refusing to replace it")
            if not stat.S_ISREG(st.st_mode):
                self.refuse(parts, "exists and is not a regular file; refusing to replace it")
            if not self.force:
                self.refuse(
                    parts,
                    "was not written by rulecheck and the new site has a file here; "
                    "refusing to replace it (--force replaces it)",
                )

    def _check_writable(self, site: _Folders, old: list, new: list) -> None:
        folders = {p[:-1] for p in old} | {p[:-1] for p in new if site.get(p[:-1]) is not None}
        for parts in sorted(folders):
            if parts:
                ok = os.access(parts[-1], os.W_OK | os.X_OK, dir_fd=self.need(site, parts[:-1]))
            else:
                ok = os.access(self.target, os.W_OK | os.X_OK)
            if not ok:
                self.refuse(parts, f"cannot write: {os.strerror(errno.EACCES)}")

    def need(self, folders: _Folders, parts: tuple[str, ...]) -> int:
        """An open folder that must be there (checked before the swap); if it was swapped for a
        link or removed since, stop rather than touch anything through it."""
        fd = folders.get(parts)
        if fd is None:
            self.refuse(parts, "is a symbolic link or is gone; refusing to write through it")
        return fd

    def _move(self, site: _Folders, built: _Folders, old: list, new: list) -> None:
        try:
            aside = Path(
                tempfile.mkdtemp(prefix=f".{self.target.name}.", suffix=".old", dir=self.target.parent)
            )
        except OSError as exc:
            self.refuse((), f"cannot write here: {_why(exc)}")
        aside_fd = os.open(aside, _DIR_FLAGS)
        moved_aside: list[tuple[tuple[str, ...], str]] = []
        moved_in: list[tuple[str, ...]] = []
        made: list[tuple[str, ...]] = []
        replaced = sorted(set(old) | {p for p in new if site.lstat(p) is not None})
        keep_aside = False
        try:
            for i, parts in enumerate(replaced):
                try:
                    os.rename(parts[-1], str(i), src_dir_fd=self.need(site, parts[:-1]), dst_dir_fd=aside_fd)
                except OSError as exc:
                    self.refuse(
                        parts, f"{'cannot replace' if parts in new else 'cannot remove'}: {_why(exc)}"
                    )
                moved_aside.append((parts, str(i)))
            for parts in new:
                for k in range(1, len(parts)):
                    if site.get(parts[:k]) is None:
                        try:
                            os.mkdir(parts[k - 1], 0o777, dir_fd=self.need(site, parts[: k - 1]))
                        except OSError as exc:
                            self.refuse(parts[:k], f"cannot write: {_why(exc)}")
                        made.append(parts[:k])
                        self.need(site, parts[:k])
                try:
                    os.rename(
                        parts[-1],
                        parts[-1],
                        src_dir_fd=self.need(built, parts[:-1]),
                        dst_dir_fd=self.need(site, parts[:-1]),
                    )
                except OSError as exc:
                    self.refuse(parts, f"cannot write: {_why(exc)}")
                moved_in.append(parts)
        except BaseException:
            keep_aside = not self._roll_back(site, built, aside_fd, moved_aside, moved_in, made)
            raise
        finally:
            os.close(aside_fd)
            if not keep_aside:
                shutil.rmtree(aside, ignore_errors=True)
        self._remove_emptied(site, [p for p in old if p not in moved_in])

    def _roll_back(self, site, built, aside_fd, moved_aside, moved_in, made) -> bool:
        """Undo the moves, newest first. False if something could not be put back (the old files
        then stay in the temporary folder beside the site rather than being deleted)."""
        ok = True
        for parts in reversed(moved_in):
            here, back = site.get(parts[:-1]), built.get(parts[:-1])
            try:
                if here is None or back is None:
                    raise FileNotFoundError(parts[-1])
                os.rename(parts[-1], parts[-1], src_dir_fd=here, dst_dir_fd=back)
            except OSError:
                ok = False
        for parts in reversed(made):
            here = site.get(parts[:-1])
            if here is not None:
                with contextlib.suppress(OSError):
                    os.rmdir(parts[-1], dir_fd=here)
        for parts, name in reversed(moved_aside):
            here = site.get(parts[:-1])
            try:
                if here is None:
                    raise FileNotFoundError(parts[-1])
                os.rename(name, parts[-1], src_dir_fd=aside_fd, dst_dir_fd=here)
            except OSError:
                ok = False
        return ok

    def _remove_emptied(self, site: _Folders, removed: list) -> None:
        """Folders the removed files leave empty go too (never through a link: rmdir of a link
        fails, and each folder is reached through its open parent)."""
        folders = sorted({p[:k] for p in removed for k in range(1, len(p))}, key=len, reverse=True)
        for parts in folders:
            parent = site.get(parts[:-1])
            if parent is None:
                continue
            with contextlib.suppress(OSError):
                os.rmdir(parts[-1], dir_fd=parent)
