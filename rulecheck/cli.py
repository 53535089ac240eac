"""The ``rulecheck`` command. Argument parsing and output only: no rules logic lives here.

Each subcommand is a module in ``rulecheck.commands`` with ``register(subparsers)``; the parser it
adds sets ``func(args) -> int``. Bad input of any kind ends as one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

# The geometry imports numpy (through shapely), whose OpenBLAS starts a thread per core on import;
# nothing here multiplies matrices, and one thread makes a multibase command about 0.03 s quicker
# and half as costly in CPU. A user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from rulecheck import __version__
from rulecheck.output_files import Terminated, termination_handled
from rulecheck.source_yaml import InputError, escape_controls
from rules.dice import DiceScriptError
from rules.limits import LimitExceeded
from rules.rulebook import RulebookError

# Order here is the order in `rulecheck --help`.
COMMANDS = (
    "init",
    "check",
    "los",
    "explain",
    "report",
    "diff",
    "mutate",
    "explore",
    "merge-results",
    "draw",
    "docs",
    "odds",
    "steps",
)

EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 3  # a bug in rulecheck, not the user's input: see main()


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2) instead of usage plus the error;
    ``--help`` is unchanged. Subcommand parsers inherit the class."""

    def error(self, message: str):
        command = self.prog.removeprefix("rulecheck").strip()
        where = f"{command}: " if command else ""
        line = escape_controls(f"{where}{message} (see {self.prog} --help)")
        self.exit(EXIT_BAD_INPUT, f"rulecheck: {line}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or with only the one named: importing a command's module is
    all its parsing needs, and a quick command (`los`, `explain`, `draw`, `odds`) then never loads
    what another needs (pytest, for the corpus runner)."""
    parser = OneLineParser(
        prog="rulecheck",
        description="Scenario testing and rules compliance for tabletop wargames.",
        epilog='Run "rulecheck COMMAND --help" for what a command does, with examples.',
    )
    parser.add_argument("--version", action="version", version=f"rulecheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        importlib.import_module(f"rulecheck.commands.{name.replace('-', '_')}").register(sub)
    return parser


def _inputs(args) -> str:
    """The files a command was reading, for the one line an unexpected error prints."""
    names = [getattr(args, a, None) for a in ("scenario", "overlay", "out_dir", "output")]
    names += list(getattr(args, "rules", None) or []) + list(getattr(args, "results", None) or [])
    return ", ".join(str(n) for n in names if n) or "(no input file)"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:  # a command's options may list the installed rulesets, and one may fail to load
        parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    except InputError as exc:
        print(f"rulecheck: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        print(
            f"rulecheck: no command given (one of: {', '.join(COMMANDS)}; see rulecheck --help)",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    stdout = sys.stdout
    sys.stdout = _NamedStdout(stdout)
    try:
        with termination_handled():
            return _run(args)
    finally:
        sys.stdout = stdout


class _NamedStdout:
    """Standard output, whose write errors say they were writing it: ``rulecheck check >
    report.txt`` on a full disk is then one line, ``<stdout>: No space left on device``."""

    NAME = "<stdout>"

    def __init__(self, stream):
        self._stream = stream

    def _named(self, call, *args):
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            if exc.filename is None:
                exc.filename = self.NAME
            raise

    def write(self, text: str) -> int:
        return self._named(self._stream.write, text)

    def flush(self) -> None:
        self._named(self._stream.flush)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """After a failed write to standard output, point it at /dev/null, so the interpreter's own
    flush at exit does not print a second error about the same failure."""
    stream = getattr(sys.stdout, "_stream", sys.stdout)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _run(args) -> int:
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # `> file` on a full disk fails here, not silently at exit
        return code
    except Terminated as exc:
        # SIGTERM or SIGHUP (a service stopping, a closed terminal): every temporary file was
        # removed on the way here; exit as a process killed by that signal would.
        if exc.signum == signal.SIGINT:
            print("rulecheck: interrupted", file=sys.stderr)
        else:
            print(f"rulecheck: stopped by {signal.Signals(exc.signum).name}", file=sys.stderr)
        return 128 + exc.signum
    except InputError as exc:
        print(f"rulecheck: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (RulebookError, DiceScriptError, LimitExceeded) as exc:
        print(f"rulecheck: {escape_controls(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `rulecheck ... | head`
        return 0
    except KeyboardInterrupt:
        print("rulecheck: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        if exc.filename is None or os.environ.get("RULECHECK_DEBUG"):
            return _internal_error(args, exc)
        # The file system refused a named file (a full disk, a permission, a vanished file): the
        # user's situation, not a bug. The commands that write name their own outputs before this.
        why = _why(exc)
        if exc.filename == _NamedStdout.NAME:
            _silence_stdout()
            why = f"cannot write: {why}"
        print(f"rulecheck: {escape_controls(f'{exc.filename}: {why}')}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:
        return _internal_error(args, exc)


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _internal_error(args, exc: Exception) -> int:
    """Every bad input is meant to end as an InputError above. Anything else is a bug in
    rulecheck: say so in one line (never a traceback at a user), with its own exit status so it
    is not mistaken for bad input, and keep the traceback one variable away."""
    if os.environ.get("RULECHECK_DEBUG"):
        raise exc
    where = _inputs(args)
    print(
        f"rulecheck: internal error while handling {where}: {type(exc).__name__}: {escape_controls(str(exc))} "
        "(a bug: please report it; RULECHECK_DEBUG=1 shows the traceback)",
        file=sys.stderr,
    )
    return EXIT_INTERNAL_ERROR


if __name__ == "__main__":
    sys.exit(main())
