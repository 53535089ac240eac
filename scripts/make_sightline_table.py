"""Regenerate rules/sightline_table.json, the canonical sightlines the engine ships precomputed.

    python scripts/make_sightline_table.py [--max-distance 48]

Every row is classified with shapely (``rules.hex_sightline.classify_offsets``); the test
``tests/test_sightline_table.py`` re-classifies the shipped file and fails if it differs, so run
this after any change to the lattice (and bump ``LATTICE_VERSION``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.hex_sightline import TABLE_FILE, table_document  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    # 48 covers every pair of a 30x30 rectangular board (the longest offset there is 44).
    parser.add_argument("--max-distance", type=int, default=48)
    args = parser.parse_args()
    text = json.dumps(table_document(args.max_distance), separators=(",", ":")) + "\n"
    # Written beside the target and moved into place, so an interrupted run leaves the old table.
    fd, tmp = tempfile.mkstemp(dir=TABLE_FILE.parent, suffix=".tmp")
    os.chmod(tmp, 0o644)  # mkstemp makes it private; a package file is world-readable
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(tmp, TABLE_FILE)
    print(f"{TABLE_FILE}: {len(text):,} bytes")


if __name__ == "__main__":
    main()
