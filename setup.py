"""The lessons travel in the wheel: pyproject.toml holds the project's metadata; this file only
adds the build step that copies them (sheepkit/lessons/contents.py says which files) from the
repository's top level into the wheel under ``sheepkit/lessons/``, and into the sdist at the
places the repository keeps them. An editable install (``pip install -e``, as the Makefile
makes) copies nothing: ``sheepkit.lessons`` finds them in the clone. docs/serving.md, "Serving a
classroom", says why this way.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
TARGET = Path("sheepkit", "lessons")


def _contents():  # sheepkit/lessons/contents.py alone: building must not import sheepkit
    spec = importlib.util.spec_from_file_location("_lesson_contents", HERE / TARGET / "contents.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lesson_files() -> list[Path]:
    found = _contents().lesson_files(HERE)
    if not any(path.parts[0] == "notebooks" for path in found):
        raise SystemExit(f"no lessons found below {HERE} (notebooks/*.ipynb): a broken checkout?")
    return found


class build_py_with_lessons(build_py):
    """build_py, then the lessons copied into the build's sheepkit/lessons/ (not in editable
    mode). The folders are emptied first: a stale build/ never ships a lesson since removed."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / TARGET
        for folder in {path.parts[0] for path in lesson_files() if len(path.parts) > 1}:
            shutil.rmtree(target / folder, ignore_errors=True)
        for path in lesson_files():
            self.mkpath(str((target / path).parent))
            self.copy_file(str(HERE / path), str(target / path), preserve_mode=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        target = Path(self.build_lib) / TARGET
        return outputs + [str(target / path) for path in lesson_files()]


class sdist_with_lessons(sdist):
    """The sdist holds the lessons where the repository does, so a wheel built from it (as
    ``python -m build`` builds one) has them too."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        lessons = [path.as_posix() for path in lesson_files()]
        super().make_release_tree(base_dir, sorted(set(files) | set(lessons)))


setup(cmdclass={"build_py": build_py_with_lessons, "sdist": sdist_with_lessons})
