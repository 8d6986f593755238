"""The lessons: the notebooks, the teachers' pages (docs/), the rules in our words (seeds/),
Voila's loading screen (share/jupyter) and the Voila settings (voila.json).

An installed sheepkit holds them in this package's folder, copied there when the wheel is built
(setup.py); a clone, or the editable install the Makefile makes, has them at the repository's
top level. Both keep one layout below :func:`root`, so the lessons' relative links
(``../docs/glossary.md`` from a notebook, ``../../notebooks/<name>.ipynb`` from a guide) work
in either.

>>> from sheepkit import lessons
>>> (lessons.notebooks() / "00_welcome.ipynb").is_file()
True
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from .contents import EDITABLE, PARTS, lesson_files

__all__ = [
    "EDITABLE",
    "PARTS",
    "LessonsMissing",
    "docs",
    "installed",
    "lesson_files",
    "notebooks",
    "root",
    "share_jupyter",
    "voila_config",
]

WELCOME = "00_welcome.ipynb"


class LessonsMissing(FileNotFoundError):
    """Neither this package nor a clone around it holds the lessons."""


def _package_folder() -> Path:
    # A wheel is installed as plain files, so the package's resources are a folder.
    return Path(str(resources.files(__name__)))


def _holds_lessons(folder: Path) -> bool:
    return (folder / "notebooks" / WELCOME).is_file() and (folder / "voila.json").is_file()


def installed() -> bool:
    """True if the lessons come from the installed package, False if from a clone."""
    return _holds_lessons(_package_folder())


def root() -> Path:
    """The folder that holds notebooks/, docs/, seeds/, share/jupyter/ and voila.json: this
    package's folder in an installed sheepkit, else the clone this package sits in."""
    packaged = _package_folder()
    if _holds_lessons(packaged):
        return packaged
    clone = packaged.parents[1]  # <clone>/sheepkit/lessons -> <clone>
    if _holds_lessons(clone):
        return clone
    raise LessonsMissing(
        f"the lessons are not in this sheepkit ({packaged}) nor in a clone around it: "
        'reinstall it with pip install --force-reinstall "sheepkit[app]"'
    )


def notebooks() -> Path:
    """The lessons' notebooks (what ``sheepkit serve`` serves)."""
    return root() / "notebooks"


def docs() -> Path:
    """The teachers' pages: the guides, the glossary, the rules cards."""
    return root() / "docs"


def share_jupyter() -> Path:
    """The Jupyter data folder with Voila's loading screen (for JUPYTER_PATH)."""
    return root() / "share" / "jupyter"


def voila_config() -> dict[str, Any]:
    """The Voila settings of voila.json (docs/serving.md, "Serving a classroom")."""
    config: dict[str, Any] = json.loads((root() / "voila.json").read_text(encoding="utf-8"))
    return config
