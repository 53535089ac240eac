"""YAML with line numbers, and the one-line input error every loader raises.

Bad input (a malformed scenario, an unknown unit, a hex off the board) must be reported as one line
naming the file, the line and the field. PyYAML's composed nodes carry their marks, so the loader
keeps a map from each value's path (``("units", 1, "at")``) to its line.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulecheck.input_error import InputError, escape_controls  # most of rulecheck imports them from here
from rulecheck.input_files import read_input_text
from rules import limits

PathKey = tuple[Any, ...]


class RefusedChoice(InputError):
    """A scripted choice (a removal, a push) that the rules in force refuse. Under the book it is
    bad input like any other; under a rule overlay (``check --rules``, ``diff``, a ``mutate``
    mutant) the overlay is what refuses it, so the scenario fails instead: the change overturns
    the ruling it scripts."""


# A key that would print as blank space (empty, or with space at either end) is shown quoted in
# brackets, ``units[0][' ']``; any other key stays as written, spaces inside and all.
def _plain_key(key: str) -> bool:
    return bool(key) and key == key.strip()


def field_name(path: PathKey) -> str:
    """``("units", 1, "at")`` -> ``units[1].at``; a blank key -> ``units[0][' ']``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not _plain_key(str(part)):
            out += f"[{str(part)!r}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(document)"


_FIELD_PART = re.compile(r"\[(\d+)\]|\[('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]|\.?([^.\[]+)")


def field_path(field: str) -> PathKey:
    """The inverse of ``field_name``: ``units[2].at`` -> ("units", 2, "at")."""
    path: list = []
    for index, quoted, name in _FIELD_PART.findall(field):
        if index:
            path.append(int(index))
        elif quoted:
            path.append(ast.literal_eval(quoted))
        elif name:
            path.append(name)
    return tuple(path)


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


# The YAML tags a scenario may use (explicitly or implicitly); anything else (`!!python/name`,
# `!!binary`, a custom `!tag`) is refused rather than guessed at.
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq")}


# libyaml when installed (many times faster), PyYAML's pure-Python loader otherwise.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_budget(text: str) -> None:
    """Count aliases and nesting on the event stream, before anything is built: an alias bomb
    or a 5,000-deep list is refused in milliseconds (``rules.limits``)."""
    aliases = depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > limits.MAX_YAML_ALIASES:
                raise _Refused(
                    event.start_mark.line + 1, f"more than {limits.MAX_YAML_ALIASES} aliases (*name)"
                )
        elif isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > limits.MAX_YAML_DEPTH:
                raise _Refused(
                    event.start_mark.line + 1, f"nested deeper than {limits.MAX_YAML_DEPTH} levels"
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


class _Refused(Exception):
    def __init__(self, line: int | None, message: str, field: str = ""):
        super().__init__(message)
        self.line, self.message, self.field = line, message, field


# Scalars are resolved by PyYAML's safe constructor (ints, bools, floats, nulls as usual); one
# instance serves every call (making one per scalar costs more than the whole parse).
_SCALARS = yaml.SafeLoader("")


def _walk(node: yaml.Node, path: PathKey, lines: dict[PathKey, int], budget: list[int], seen: tuple) -> Any:
    line = node.start_mark.line + 1
    budget[0] -= 1
    if budget[0] < 0:
        raise _Refused(line, f"more than {limits.MAX_YAML_NODES} values once aliases are expanded")
    if id(node) in seen:
        raise _Refused(line, "an alias refers to the value that contains it", field_name(path))
    if node.tag not in _PLAIN_TAGS:
        raise _Refused(line, f"YAML tag {escape_controls(node.tag)!r} is not allowed here", field_name(path))
    lines.setdefault(path, line)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Refused(
                    key_node.start_mark.line + 1, "merge keys (<<) are not supported", field_name(path)
                )
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                raise _Refused(
                    key_node.start_mark.line + 1,
                    "a key must be a plain name, not a list or mapping",
                    field_name(path),
                )
            key = key_node.value  # keys stay strings: "1" and 1 are the same field to a reader
            if key in out:
                raise _Refused(key_node.start_mark.line + 1, "duplicate key", field_name((*path, key)))
            lines[(*path, key)] = key_node.start_mark.line + 1
            out[key] = _walk(value_node, (*path, key), lines, budget, (*seen, id(node)))
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _walk(item, (*path, i), lines, budget, (*seen, id(node))) for i, item in enumerate(node.value)
        ]
    # Scalars: let the safe constructor resolve ints, bools, floats and nulls as usual.
    value = _SCALARS.construct_object(node, deep=True)
    if isinstance(value, float) and not math.isfinite(value):
        raise _Refused(line, f"expected a finite number, got {value}", field_name(path))
    return value


def parse_yaml(text: str, file: str | Path, line_offset: int = 0) -> LocatedYaml:
    """Parse one YAML document safely: size, aliases, nesting and tags are limited, and every
    refusal is a one-line ``InputError``."""
    file = str(file)
    if len(text) > limits.MAX_YAML_BYTES:
        raise InputError(file, None, "", f"larger than {limits.MAX_YAML_BYTES} characters")
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1 + line_offset
        raise InputError(file, line, "", "contains a NUL character")
    lines: dict[PathKey, int] = {}
    try:
        _check_budget(text)
        node = yaml.compose(text, Loader=_LOADER)
        if node is None:
            raise InputError(file, 1 + line_offset, "", "the file is empty")
        data = _walk(node, (), lines, [limits.MAX_YAML_NODES], ())
    except _Refused as exc:
        line = exc.line + line_offset if exc.line else None
        raise InputError(file, line, exc.field, exc.message) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = (mark.line + 1 + line_offset) if mark else None
        raise InputError(
            file, line, "", f"not valid YAML: {escape_controls(str(exc.problem or exc.context))}"
        ) from None
    except yaml.YAMLError as exc:  # reader errors: bytes that are not text
        raise InputError(
            file, None, "", f"not valid YAML: {escape_controls(str(exc).splitlines()[0])}"
        ) from None
    except RecursionError:
        raise InputError(file, None, "", f"nested deeper than {limits.MAX_YAML_DEPTH} levels") from None
    return LocatedYaml(file, data, lines, line_offset)


def load_yaml(path: str | Path) -> LocatedYaml:
    """A YAML input file, read through ``input_files.read_input_text`` and parsed safely."""
    return parse_yaml(read_input_text(path, limits.MAX_YAML_BYTES, "a YAML file"), Path(path))
