"""Steps shared by every ruleset."""
