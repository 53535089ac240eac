"""YAML with line numbers, and the one-line input error every loader raises.

Bad input (a malformed scenario, an unknown unit, a hex off the board) must be reported as one line
naming the file, the line and the field. PyYAML's composed nodes carry their marks, so the loader
keeps a map from each value's path (``("units", 1, "at")``) to its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

PathKey = tuple[Any, ...]


class InputError(Exception):
    """Bad user input. ``str()`` is the one line the CLI prints: ``file:line: field: message``."""

    def __init__(self, file: str | Path, line: int | None, field: str, message: str):
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


def field_name(path: PathKey) -> str:
    """``("units", 1, "at")`` -> ``units[1].at``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


@dataclass(frozen=True)
class LocatedYaml:
    """A parsed YAML document plus the line of every mapping key and sequence item (1-based)."""

    file: str
    data: Any
    lines: Mapping[PathKey, int]
    line_offset: int = 0  # for YAML embedded in another file (a feature's doc string)

    def line(self, path: PathKey) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path] + self.line_offset
            path = path[:-1]
        return self.lines.get((), 1) + self.line_offset

    def error(self, path: PathKey, message: str) -> InputError:
        return InputError(self.file, self.line(path), field_name(path), message)


def _walk(node: yaml.Node, path: PathKey, lines: dict[PathKey, int], file: str) -> Any:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = key_node.value  # keys stay strings: "1" and 1 are the same field to a reader
            if key in out:
                raise InputError(
                    file, key_node.start_mark.line + 1, field_name((*path, key)), "duplicate key"
                )
            lines[(*path, key)] = key_node.start_mark.line + 1
            out[key] = _walk(value_node, (*path, key), lines, file)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(item, (*path, i), lines, file) for i, item in enumerate(node.value)]
    # Scalars: let the safe constructor resolve ints, bools, floats and nulls as usual.
    return yaml.SafeLoader("").construct_object(node, deep=True)


def parse_yaml(text: str, file: str | Path, line_offset: int = 0) -> LocatedYaml:
    file = str(file)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 1 + line_offset) if mark else None
        raise InputError(file, line, "", f"not valid YAML: {exc.problem or exc.context}") from None
    if node is None:
        raise InputError(file, 1 + line_offset, "", "the file is empty")
    lines: dict[PathKey, int] = {}
    data = _walk(node, (), lines, file)
    return LocatedYaml(file, data, lines, line_offset)


def load_yaml(path: str | Path) -> LocatedYaml:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(path, None, "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, None, "", f"cannot read: {exc}") from None
    return parse_yaml(text, path)
