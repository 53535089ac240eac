"""The schemas shipped in rulecheck/schemas and in each game's package are valid JSON Schemas.

``rulecheck.schema_check`` trusts them at run time (checking a schema against its metaschema on
every command start would cost more than validating the scenario), so the check lives here.
"""

from __future__ import annotations

import jsonschema
import pytest

from rulecheck.schema_check import SCHEMA_DIR, schema
from rulecheck_gundam_assemble.layout import LAYOUT as GUNDAM_ASSEMBLE
from rulecheck_multibase.layout import LAYOUT as MULTIBASE

SHIPPED = [
    *sorted(SCHEMA_DIR.glob("*.schema.json")),
    *sorted(GUNDAM_ASSEMBLE.schemas.glob("*.schema.json")),
    *sorted(MULTIBASE.schemas.glob("*.schema.json")),
]


def test_each_game_ships_its_schemas():
    assert {p.name for p in SHIPPED} >= {
        "gundam_assemble.scenario.schema.json",
        "gundam_assemble.cards.schema.json",
        "multibase.scenario.schema.json",
    }


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_each_shipped_schema_is_valid_against_its_metaschema(path):
    s = schema(path)
    jsonschema.validators.validator_for(s).check_schema(s)  # raises SchemaError if not
