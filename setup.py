"""Build hook: ship the repository's ``conftest.py`` inside the wheel.

Each bundled game's corpus (features, scenarios, overlays, its pytest binding) is package data of
its own package (``rulecheck_gundam_assemble/``, ``rulecheck_multibase/``). What ``build_py``
still copies, to ``rulecheck/bundled/``, is the ``conftest.py`` that registers every step library:
the folder an installed ``rulecheck check`` starts from (see ``rulecheck/locations.py``).
Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CORPUS_GLOBS = ("conftest.py",)


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
