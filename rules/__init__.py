"""The reference engine: each rulebook as code. No I/O lives here."""
