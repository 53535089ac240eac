"""A project's rulecheck configuration, found as pytest and ruff find theirs.

From the current folder upwards, the first folder holding a ``rulecheck.toml`` (its keys at the
top level) or a ``pyproject.toml`` with a ``[tool.rulecheck]`` table is the project; its folder
is the project root the corpus commands run on. A folder holding both is refused: two configs
would have to agree, and nothing says which wins. Options on the command line beat the config.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rulecheck.input_files import read_input_text
from rulecheck.locations import corpus_root
from rulecheck.ruleset_api import ruleset_names, unknown
from rulecheck.source_yaml import InputError

CONFIG_FILE = "rulecheck.toml"
KEYS = ("rulesets", "features", "scenarios", "cards", "overlays")
# Read and checked, but not yet used by the runner (issue #26): refused rather than ignored.
NOT_YET: tuple[str, ...] = ()
# The project's own folders (relative to the config's folder), searched before the bundled ones;
# a key left out means the folder of that name, if there is one.
FOLDER_KEYS = ("scenarios", "cards", "overlays")
MAX_CONFIG_BYTES = 1_000_000


@dataclass(frozen=True)
class ProjectConfig:
    file: Path
    root: Path
    rulesets: tuple[str, ...] = ()
    folders: tuple[tuple[str, Path], ...] = ()  # (key, folder) for each of FOLDER_KEYS

    def folder(self, key: str) -> Path:
        """The project's folder for ``key`` (one of FOLDER_KEYS): as configured, else its default."""
        return dict(self.folders).get(key, self.root / key)

    # The folder holding the project's feature files, one subfolder per ruleset
    # (``<features>/<ruleset>/**/*.feature``); ``features`` beside the config unless the key says.
    features: Path | None = None

    @property
    def features_folder(self) -> Path:
        return self.features if self.features is not None else self.root / "features"


def find_config(start: Path) -> ProjectConfig | None:
    """The configuration that governs ``start``, or None when no folder up to the file system's
    root has one."""
    start = start.resolve()
    for folder in (start, *start.parents):
        own = folder / CONFIG_FILE
        pyproject = folder / "pyproject.toml"
        # present at all (a folder or a pipe by that name included): the one reader refuses what
        # is not a regular file, rather than the search passing over it to a config further up
        table = _tool_table(pyproject) if _present(pyproject) else None
        if _present(own):
            if table is not None:
                raise InputError(
                    own, None, "", f"{pyproject} also has a [tool.rulecheck] table: keep one of the two"
                )
            return _config(own, folder, _read(own), "")
        if table is not None:
            return _config(pyproject, folder, table, "tool.rulecheck.")
    return None


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()


# Every corpus lookup (``corpora``, the project's files, overlays) asks which project governs a
# folder: a run reads each config file once, and again only when the file changes.
_READ: dict[Path, tuple[tuple[int, int, int], dict]] = {}


def _read(path: Path) -> dict:
    try:
        st = path.stat()
        stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None  # the one reader says what is wrong with it
    cached = _READ.get(path)
    if stamp is not None and cached is not None and cached[0] == stamp:
        return copy.deepcopy(cached[1])
    try:
        data = tomllib.loads(read_input_text(path, MAX_CONFIG_BYTES, "a TOML file"))
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        raise InputError(path, line, "", f"not valid TOML: {str(exc).split(' (at ')[0]}") from None
    if stamp is not None:
        _READ[path] = (stamp, copy.deepcopy(data))
    return data


def _tool_table(pyproject: Path) -> dict | None:
    table = _read(pyproject).get("tool", {})
    found = table.get("rulecheck") if isinstance(table, dict) else None
    if found is not None and not isinstance(found, dict):
        raise InputError(pyproject, None, "tool.rulecheck", "expected a table")
    return found


def _config(file: Path, root: Path, data: dict, prefix: str) -> ProjectConfig:
    for key in data:
        if key not in KEYS:
            close = difflib.get_close_matches(str(key), KEYS, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"expected one of: {', '.join(KEYS)}"
            raise InputError(file, None, f"{prefix}{key}", f"unknown key ({hint})")
    for key in NOT_YET:
        if key in data:
            raise InputError(
                file, None, f"{prefix}{key}", "not supported yet: only 'rulesets' and 'features' are read"
            )
    names = data.get("rulesets", [])
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InputError(file, None, f"{prefix}rulesets", "expected a list of ruleset names")
    for name in names:
        if name not in ruleset_names():
            raise InputError(file, None, f"{prefix}rulesets", unknown(name))
    folders = tuple((key, _folder(file, root, data, prefix, key)) for key in FOLDER_KEYS)
    features = data.get("features")
    if features is not None and (not isinstance(features, str) or not features.strip()):
        raise InputError(file, None, f"{prefix}features", "expected the path of a folder, as a string")
    return ProjectConfig(
        file=file,
        root=root,
        rulesets=tuple(names),
        folders=folders,
        features=(root / features).resolve() if features is not None else None,
    )


def _folder(file: Path, root: Path, data: dict, prefix: str, key: str) -> Path:
    """A folder key's folder: given, it must be a folder (relative to the config's folder)."""
    if key not in data:
        return root / key
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise InputError(file, None, f"{prefix}{key}", "expected a folder, as a path relative to this file")
    folder = root / value
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "no such folder"
        raise InputError(file, None, f"{prefix}{key}", f"{value!r}: {why} (relative to {root})")
    return folder


def project_at(root: Path) -> ProjectConfig | None:
    """The configuration of the project whose folder is ``root``, or None (no config there: the
    bundled corpus, or a folder given with ``--root`` that has none)."""
    config = find_config(root)
    return config if config is not None and config.root == Path(root).resolve() else None


def apply_to_args(args) -> None:
    """Fill ``args.root`` and ``args.ruleset`` from the configuration when the command line left
    them out; with no configuration, the bundled corpus as before."""
    if getattr(args, "root", None) is not None:
        return
    config = _config_of_paths(getattr(args, "paths", None) or []) or find_config(Path.cwd())
    if config is None:
        args.root = corpus_root()
        return
    args.root = config.root
    if not getattr(args, "ruleset", None) and config.rulesets:
        args.ruleset = list(config.rulesets)


def _config_of_paths(texts: list[str]) -> ProjectConfig | None:
    """As pytest finds its rootdir from the paths it is given: the project the path arguments
    lie in (``rulecheck check ../ours/features/x.feature:12`` from outside it), or None when they
    lie in none (the bundled corpus's, or the current folder's project decides). Paths in two
    projects are refused: each runs with its own configuration."""
    import re

    from rulecheck.project_files import project_of  # it reads configs through this module

    found: dict[Path, ProjectConfig] = {}
    for text in texts:
        path = Path(text)
        if not (path.exists() or path.is_symlink()):
            path = Path(re.sub(r":[^:/\\]*$", "", text))  # FILE:LINE
        config = project_of(path.resolve())
        if config is not None:
            found[config.file] = config
    if len(found) > 1:
        first, second = list(found)[:2]
        raise InputError(
            texts[0], None, "", f"the paths lie in two projects ({first} and {second}): run each on its own"
        )
    return next(iter(found.values()), None)
