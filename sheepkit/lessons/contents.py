"""Which files of the repository are the lessons that travel in the wheel.

Read by ``setup.py`` (which copies them into the wheel under ``sheepkit/lessons/``) and by
``sheepkit.lessons`` (which finds them installed or in a clone), so it imports nothing but the
standard library and nothing of sheepkit: setup.py loads this file alone.
"""

from __future__ import annotations

from pathlib import Path

#: (folder, glob) below the repository's root: the notebooks, the teacher's guides, the
#: glossary, the rules cards, the rules in our words, Voila's loading screen and the Voila
#: settings. Not notebooks/conftest.py (the tests' alone).
PARTS: tuple[tuple[str, str], ...] = (
    ("notebooks", "*.ipynb"),
    ("docs", "glossary.md"),
    ("docs/guides", "*.md"),
    ("docs/cards", "*.html"),
    ("seeds", "*.md"),
    ("share/jupyter", "**/*"),
    (".", "voila.json"),
)

#: What ``sheepkit lab`` copies for a pupil or a teacher to change (not the server's parts).
EDITABLE = ("notebooks", "docs", "seeds")


def lesson_files(root: Path) -> list[Path]:
    """Every lesson file below ``root`` (a clone's root or the installed lessons' folder), as
    paths relative to it, sorted."""
    found: set[Path] = set()
    for folder, pattern in PARTS:
        for path in (root / folder).glob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                found.add(path.relative_to(root))
    return sorted(found)
