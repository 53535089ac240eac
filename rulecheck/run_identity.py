"""What a shard's JSON records about the run it is a part of, so ``merge-results`` can tell the
shards of one run from shards of two: the settings given on the command line, the version of
rulecheck, and digests of the rulebooks (and, for mutate, of the corpus) the run read.

Shards run on different machines, so nothing here names a path; the digests are of contents.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Iterable
from pathlib import Path

from rulecheck import __version__
from rulecheck.corpus import corpora
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
    # Each ruleset's corpus wherever it is kept (a game's package ships its own), named as a
    # project lays it out, so the digest does not depend on where the package is installed.
    for name, corpus in corpora(root, names).items():
        for module in corpus.step_modules:
            spec = importlib.util.find_spec(module)
            if spec is not None and spec.origin:
                files.append((f"steps/{module}.py", Path(spec.origin)))
        files += [(f"tests/{p.name}", p) for p in corpus.tests if p.is_file() and not p.is_relative_to(root)]
        files += [
            (f"features/{name}/{p.relative_to(corpus.features)}", p)
            for p in corpus.features.rglob("*.feature")
        ]
        equivalents = corpus.equivalent_mutants
        if equivalents is not None and equivalents.exists():
            files.append((f"rules/{name}/equivalent_mutants.yaml", equivalents))
    return _digest(files, max(MAX_FEATURE_BYTES, MAX_YAML_BYTES))


def common() -> dict[str, object]:
    return {"rulecheck": __version__, "rulebooks": rulebook_digests()}
