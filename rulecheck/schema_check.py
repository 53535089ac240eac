"""Validate a located YAML document against a JSON Schema shipped in ``rulecheck/schemas``.

The schema is the documented format (docs/scenarios.md points at it) and the validator, in one file.
Each violation becomes a one-line ``InputError`` at the offending field's line.
"""

from __future__ import annotations

import difflib
import json
import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from rulecheck.input_files import read_input_text
from rulecheck.source_yaml import InputError, LocatedYaml, escape_controls, field_name

if TYPE_CHECKING:
    import jsonschema

# jsonschema is imported where a document is first validated, not with this module: its import is
# a tenth of a one-scenario check, which may validate nothing (a scenario of tables alone).

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"


@cache
def schema(name: str | Path) -> dict:
    """A schema shipped here, by name (``explore.result``), or a ruleset's own schema file (a path:
    each game ships its scenario format in its package)."""
    path = name if isinstance(name, Path) else SCHEMA_DIR / f"{name}.schema.json"
    return json.loads(read_input_text(path, 1_000_000, "a JSON Schema"))


# A whole number is an int and nothing else, in every schema: JSON Schema's "integer" takes 4.0
# (and Python's bool is an int), which a loader would silently read as 4 (or 1), and a float such
# as 1000000000.0 slipped past the range checks written for ints.


def _is_whole_number(_checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _validator(name: str | Path) -> jsonschema.protocols.Validator:
    # The shipped schemas are checked against their metaschema by tests/test_schemas.py, not on
    # every start: that check costs a quick command more than validating its scenario does.
    import jsonschema

    s = schema(name)
    cls = jsonschema.validators.validator_for(s)
    checker = cls.TYPE_CHECKER.redefine("integer", _is_whole_number)
    cls = jsonschema.validators.extend(cls, type_checker=checker)
    return cls(s)


def accepts(schema_name: str | Path, data) -> bool:
    """Whether the document is valid under the schema (no error to report: for tests and tools)."""
    return _validator(schema_name).is_valid(data)


_WORDS = {
    "object": "a mapping",
    "dict": "a mapping",
    "array": "a list",
    "list": "a list",
    "string": "text",
    "str": "text",
    "integer": "a whole number",
    "int": "a whole number",
    "number": "a number",
    "float": "a number",
    "boolean": "true or false",
    "bool": "true or false",
    "NoneType": "nothing",
}


def _word(json_type: str) -> str:
    return _WORDS.get(json_type, json_type)


def _describe(error: jsonschema.ValidationError) -> tuple[tuple, str]:
    """The path to point at and a short message, for the validators people trip over."""
    path = tuple(error.absolute_path)
    v, inst = error.validator, error.instance
    if v == "additionalProperties":
        allowed = sorted((error.schema.get("properties") or {}).keys())
        extra = sorted(set(inst) - set(allowed))
        key = extra[0] if extra else "?"
        close = difflib.get_close_matches(str(key), allowed, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return (*path, key), f"unknown key {key!r} ({hint}expected one of: {', '.join(allowed)})"
    if v == "required":
        missing = [k for k in error.validator_value if k not in inst]
        return path, f"missing required key {missing[0]!r}"
    if v == "type":
        want = error.validator_value
        want = " or ".join(map(_word, want)) if isinstance(want, list) else _word(want)
        return path, f"expected {want}, got {_word(type(inst).__name__)} {inst!r}"
    if v == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        if "title" in error.schema:  # what the value names: "'x' is not a window (expected one of: ...)"
            return path, f"{inst!r} is not {error.schema['title']} (expected one of: {allowed})"
        return path, f"{inst!r} is not one of: {allowed}"
    if v in ("minItems", "maxItems") and isinstance(inst, list):
        return path, f"expected {error.validator_value} items for {v}, got {len(inst)}"
    if v in ("oneOf", "anyOf"):
        return _describe_choice(error)
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than"}.get(
            v, "less than"
        )
        return path, f"expected a number {word} {error.validator_value}, got {inst!r}"
    if v == "uniqueItems":
        return path, f"lists the same value twice: {inst!r}"
    if v == "const":
        return path, f"expected {error.validator_value!r}, got {inst!r}"
    if v in ("minLength", "maxLength") and isinstance(inst, str):
        word = "at least" if v == "minLength" else "at most"
        n = error.validator_value
        return path, f"expected text of {word} {n} character{'s' if n != 1 else ''}, got {len(inst)}"
    if v == "not" and set(error.validator_value) == {"required"} and isinstance(inst, dict):
        # keys that exclude each other: point at the second, the one that conflicts with the first
        keys = error.validator_value["required"]
        return (*path, keys[-1]), f"give only one of: {', '.join(keys)}"
    return path, error.message


def _describe_choice(error: jsonschema.ValidationError) -> tuple[tuple, str]:
    """A ``oneOf``/``anyOf`` failure, told as the branch the writer meant.

    The branch meant is the one whose required keys the mapping has (``{width: 0, height: 3}``
    meant the rectangle, so the complaint is about ``width``, not an unknown ``height`` under the
    hexagon); failing that, the branch with the fewest complaints."""
    path = tuple(error.absolute_path)
    branches = error.validator_value
    inst = error.instance
    if not error.context:  # valid under several branches: the keys exclude each other
        keys = [k for b in branches for k in b.get("required", [])]
        return path, f"give only one of: {', '.join(dict.fromkeys(keys))}"
    by_branch: dict[int, list] = {}
    for sub in error.context:
        by_branch.setdefault(sub.schema_path[0], []).append(sub)

    def fit(i: int) -> tuple:
        required = branches[i].get("required", [])
        has = sum(1 for k in required if isinstance(inst, dict) and k in inst)
        return (-(has == len(required) and bool(required)), -has, len(by_branch.get(i, [])))

    meant = min(by_branch, key=fit)
    required = [k for b in branches for k in b.get("required", [])]
    if isinstance(inst, dict) and required and not any(k in inst for k in required):
        options = " / ".join(" and ".join(b.get("required", [])) for b in branches if b.get("required"))
        return path, f"expected one of: {options}"
    import jsonschema

    return _describe(jsonschema.exceptions.best_match(by_branch[meant]))


# Documents already found valid, by schema and repr (YAML and step tables give plain dicts,
# lists, strings and numbers, whose repr tells them apart): a corpus run validates the same
# scenario again for every re-run under another reading, 373 validations of 93 documents.
_KNOWN_VALID: dict[tuple[str, str], None] = {}


def validate(doc: LocatedYaml, schema_name: str | Path) -> None:
    """Raise the first violation (in document order) as an ``InputError``."""
    key = (schema_name, repr(doc.data))
    if key in _KNOWN_VALID:
        return
    errors = list(_validator(schema_name).iter_errors(doc.data))
    if not errors:
        if len(_KNOWN_VALID) >= 4096:
            _KNOWN_VALID.clear()
        _KNOWN_VALID[key] = None
        return
    # A misspelt key shows twice: as a missing required key and as an unknown one. The unknown
    # key is what the writer typed, so it is the one to name.
    unknown_at = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    errors = [e for e in errors if not (e.validator == "required" and tuple(e.absolute_path) in unknown_at)]
    described = [_describe(e) for e in errors]
    path, message = min(described, key=lambda pm: (doc.line(pm[0]) or 0, len(pm[0])))
    raise InputError(doc.file, doc.line(path), field_name(path), message)


# --- JSON documents (results of explore and mutate for merge-results) -------------------------------


class _JsonRefused(ValueError):
    pass


def _no_constant(name: str):
    raise _JsonRefused(f"{name} is not a number JSON allows (expected a finite number)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _JsonRefused(f"{text} is too large for a number (expected a finite number)")
    return value


def _no_duplicates(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise _JsonRefused(f"the key {key!r} is given twice in one object")
        out[key] = value
    return out


def _depth(data) -> int:
    """How deeply lists and objects nest (iteratively: the document may be deep)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in value if isinstance(v, dict | list))
    return deepest


def parse_json(text: str, file: str | Path, max_depth: int) -> object:
    """Strict JSON: NaN and Infinity, numbers too large for a float, a key given twice in one
    object and nesting deeper than ``max_depth`` are refused as one ``InputError``."""
    try:
        data = json.loads(
            text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_no_duplicates
        )
    except _JsonRefused as exc:
        raise InputError(file, None, "", str(exc)) from None
    except json.JSONDecodeError as exc:
        raise InputError(file, exc.lineno, "", f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(file, None, "", f"nested deeper than {max_depth} levels") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise InputError(file, None, "", f"not valid JSON: {escape_controls(str(exc))[:200]}") from None
    if _depth(data) > max_depth:
        raise InputError(file, None, "", f"nested deeper than {max_depth} levels")
    return data


def _is_whole_number(_checker, value) -> bool:
    # JSON Schema counts 3.0 as an integer; a count written as 3.0 is not one rulecheck wrote.
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _strict_validator(name: str) -> jsonschema.protocols.Validator:
    import jsonschema

    s = schema(name)
    base = jsonschema.validators.validator_for(s)
    strict = jsonschema.validators.extend(
        base, type_checker=base.TYPE_CHECKER.redefine("integer", _is_whole_number)
    )
    return strict(s)


def validate_json(data: object, schema_name: str, file: str | Path) -> None:
    """Raise the first violation of a JSON document (no line numbers: the field names the place)."""
    errors = list(_strict_validator(schema_name).iter_errors(data))
    if not errors:
        return
    unknown_at = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    errors = [e for e in errors if not (e.validator == "required" and tuple(e.absolute_path) in unknown_at)]

    def order(pm: tuple) -> tuple:
        return tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in pm[0])

    path, message = min((_describe(e) for e in errors), key=order)
    raise InputError(file, None, field_name(path), escape_controls(message)[:300])
