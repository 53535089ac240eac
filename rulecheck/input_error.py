"""The one-line input error every loader raises, apart from the loaders.

``rulecheck.source_yaml`` (which re-exports both names) reads files through
``rulecheck.input_files``, and ``input_files`` raises this error: with the error here, below both,
neither has to import the other inside a function to dodge a cycle.
"""

from __future__ import annotations

from pathlib import Path


def escape_controls(text: str) -> str:
    """``text`` with control characters shown as escapes, so a message stays one line."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


class InputError(Exception):
    """Bad user input. ``str()`` is the one line the CLI prints: ``file:line: field: message``."""

    def __init__(self, file: str | Path, line: int | None, field: str, message: str):
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        where = f"{self.file}:{line}" if line else self.file
        text = f"{where}: {field}: {message}" if field else f"{where}: {message}"
        super().__init__(escape_controls(text))  # one line, whatever a name or path contains

    def __reduce__(self):
        # Rebuilt from its four parts: a worker process (mutate, explore) sends it to its parent,
        # and Exception's own pickling would call __init__ with the one-line text alone.
        return (type(self), (self.file, self.line, self.field, self.message))
