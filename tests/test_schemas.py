"""The scenario schemas shipped in rulecheck/schemas are valid JSON Schemas.

``rulecheck.schema_check`` trusts them at run time (checking a schema against its metaschema on
every command start would cost more than validating the scenario), so the check lives here.
"""

from __future__ import annotations

import jsonschema
import pytest

from rulecheck.schema_check import SCHEMA_DIR, schema


@pytest.mark.parametrize("path", sorted(SCHEMA_DIR.glob("*.schema.json")), ids=lambda p: p.name)
def test_each_shipped_schema_is_valid_against_its_metaschema(path):
    s = schema(path.name.removesuffix(".schema.json"))
    jsonschema.validators.validator_for(s).check_schema(s)  # raises SchemaError if not
