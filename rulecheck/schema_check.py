"""Validate a located YAML document against a JSON Schema shipped in ``rulecheck/schemas``.

The schema is the documented format (the README points at it) and the validator, in one file.
Each violation becomes a one-line ``InputError`` at the offending field's line.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema

from rulecheck.source_yaml import InputError, LocatedYaml, field_name

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"


@cache
def schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def _validator(name: str) -> jsonschema.protocols.Validator:
    # The shipped schemas are checked against their metaschema by tests/test_schemas.py, not on
    # every start: that check costs a quick command more than validating its scenario does.
    s = schema(name)
    return jsonschema.validators.validator_for(s)(s)


def _describe(error: jsonschema.ValidationError) -> tuple[tuple, str]:
    """The path to point at and a short message, for the validators people trip over."""
    path = tuple(error.absolute_path)
    v, inst = error.validator, error.instance
    if v == "additionalProperties":
        allowed = sorted((error.schema.get("properties") or {}).keys())
        extra = sorted(set(inst) - set(allowed))
        key = extra[0] if extra else "?"
        return (*path, key), f"unknown key {key!r} (expected one of: {', '.join(allowed)})"
    if v == "required":
        missing = [k for k in error.validator_value if k not in inst]
        return path, f"missing required key {missing[0]!r}"
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return path, f"expected {want}, got {type(inst).__name__} {inst!r}"
    if v == "enum":
        return path, f"{inst!r} is not one of: {', '.join(map(str, error.validator_value))}"
    if v in ("minItems", "maxItems") and isinstance(inst, list):
        return path, f"expected {error.validator_value} items for {v}, got {len(inst)}"
    if v == "oneOf" or v == "anyOf":
        best = jsonschema.exceptions.best_match(error.context) if error.context else None
        if best is not None:
            return _describe(best)
    return path, error.message


def validate(doc: LocatedYaml, schema_name: str) -> None:
    """Raise the first violation (in document order) as an ``InputError``."""
    errors = list(_validator(schema_name).iter_errors(doc.data))
    if not errors:
        return
    described = [_describe(e) for e in errors]
    path, message = min(described, key=lambda pm: (doc.line(pm[0]) or 0, len(pm[0])))
    raise InputError(doc.file, doc.line(path), field_name(path), message)
