"""The package's declared dependency bounds are the ones CI tests, and this environment meets them."""

import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def declared() -> dict[str, Requirement]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return {(r := Requirement(text)).name.lower(): r for text in data["project"]["dependencies"]}


def lower_bound_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "ci" / "lower-bounds.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, pin = line.split("==")
            pins[name.strip().lower()] = pin.strip()
    return pins


def test_every_lower_bound_is_the_version_ci_installs():
    pins = lower_bound_pins()
    for name, req in declared().items():
        lows = [s.version for s in req.specifier if s.operator == ">="]
        assert len(lows) == 1, f"{name}: expected one lower bound, got {req.specifier}"
        assert name in pins, f"{name}: expected a pin in ci/lower-bounds.txt, got none"
        assert Version(pins[name]) == Version(lows[0]), f"{name}: declared >={lows[0]}, CI tests {pins[name]}"


def test_installed_versions_meet_the_declared_bounds():
    for name, req in declared().items():
        installed = version(name)
        assert req.specifier.contains(installed, prereleases=True), (
            f"{name}: expected {req.specifier}, got {installed}"
        )


def test_the_wheel_carries_the_corpus():
    # Each game's corpus is package data of its package (pyproject.toml; MANIFEST.in keeps it in
    # the sdist); setup.py copies only conftest.py into rulecheck/bundled/. ci/run-wheel proves it
    # by running the corpus from an installed wheel.
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert {"*.feature", "*.yaml", "*.json"} <= set(config["package-data"]["*"])
    manifest = (ROOT / "MANIFEST.in").read_text()
    for game in ("rulecheck_gundam_assemble", "rulecheck_multibase"):
        assert f"recursive-include {game} *.feature *.yaml *.json" in manifest
        assert any(game.startswith(pattern.rstrip("*")) for pattern in config["packages"]["find"]["include"])
        assert list((ROOT / game).glob("features/*/*.feature")) and list(
            (ROOT / game).glob("scenarios/*/*.yaml")
        )
    assert (
        "include conftest.py" in manifest
        and 'CORPUS_GLOBS = ("conftest.py",)' in (ROOT / "setup.py").read_text()
    )


def test_nothing_in_the_repository_points_outside_it():
    # A user who clones the repository has only the repository: no design note or rules text
    # kept beside it. (The strings are split so this file does not match itself.)
    outside = ("DESIGN" + ".md", "shared" + "/seeds", "../" + "shared")
    # mutants: mutmut's work copy of the project
    skip = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", "mutants"}
    hits = []
    for path in ROOT.rglob("*"):
        if path.is_dir() or skip & set(path.relative_to(ROOT).parts) or path.suffix in (".pyc", ".png"):
            continue
        if path.parts[-2].endswith(".egg-info"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        hits += [f"{path.relative_to(ROOT)}: {o}" for o in outside if o in text]
    assert hits == [], f"expected no pointer outside the repository, got {hits}"
