"""Build hook: ship the scenario corpus inside the wheel.

The corpus (``features/``, ``scenarios/``, the feature bindings ``tests/test_features_*.py`` and
the ``conftest.py`` that registers the step libraries) stays at the repository root, where
authors edit it; ``build_py`` copies it to ``rulecheck/bundled/`` so an installed
``rulecheck check`` has it (see ``rulecheck/locations.py``). Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CORPUS_GLOBS = ("conftest.py", "features/**/*.feature", "scenarios/**/*.yaml", "tests/test_features_*.py")


class BuildPyWithCorpus(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout itself
        target = Path(self.build_lib) / "rulecheck" / "bundled"
        for pattern in CORPUS_GLOBS:
            for source in sorted(ROOT.glob(pattern)):
                dest = target / source.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, dest)


setup(cmdclass={"build_py": BuildPyWithCorpus})
