"""What a shard's JSON records about the run it is a part of, so ``merge-results`` can tell the
shards of one run from shards of two: the settings given on the command line, the version of
rulecheck, and digests of the rulebooks (and, for mutate, of the corpus) the run read.

Shards run on different machines, so nothing here names a path; the digests are of contents.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from rulecheck import __version__
from rulecheck.input_files import MAX_FEATURE_BYTES, read_input
from rules.limits import MAX_YAML_BYTES
from rules.rulebook import rulebook_path, rulesets


def _digest(files: Iterable[tuple[str, Path]], limit: int) -> str:
    h = hashlib.sha256()
    for name, path in sorted(files):
        data = read_input(path, limit)
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()[:16]


def rulebook_digests() -> dict[str, str]:
    """Each bundled ruleset's rulebook, by the digest of its rulebook.yaml."""
    return {rs: _digest([("rulebook.yaml", rulebook_path(rs))], MAX_YAML_BYTES) for rs in rulesets()}


def corpus_digest(root: Path, names: Iterable[str]) -> str:
    """The features, step definitions, feature test modules and equivalent-mutant lists of
    ``root`` that a mutation run of ``names`` reads."""
    files: list[tuple[str, Path]] = []
    for pattern in ("steps/**/*.py", "tests/test_features_*.py"):
        files += [(str(p.relative_to(root)), p) for p in root.glob(pattern) if p.is_file()]
    for name in names:
        files += [(str(p.relative_to(root)), p) for p in (root / "features" / name).rglob("*.feature")]
        equivalents = root / "rules" / name / "equivalent_mutants.yaml"
        if equivalents.exists():
            files.append((str(equivalents.relative_to(root)), equivalents))
    return _digest(files, max(MAX_FEATURE_BYTES, MAX_YAML_BYTES))


def common() -> dict[str, object]:
    return {"rulecheck": __version__, "rulebooks": rulebook_digests()}
