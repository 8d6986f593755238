"""Lesson modules give numbers and positions without loading a widget library: the pictures
live in each game's ``pictures`` module. Checked in a fresh interpreter, since this test
session has long imported ipywidgets."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

WIDGETS = ("ipywidgets", "ipycanvas", "sheepkit.ui")
GAMES = ["wolf_and_sheep", "battle_sheep", "shave_a_sheep", "lamb_mimes", "sheep_race"]


@pytest.mark.parametrize("game", GAMES)
def test_lesson_imports_no_widgets(game: str) -> None:
    code = (
        "import sys\n"
        f"import sheepkit.games.{game}.lesson\n"
        f"print(sorted(m for m in sys.modules if m.startswith({WIDGETS!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_lesson_source_names_no_widgets(game: str) -> None:
    """Not even inside a function: a widget import there loads them on first call."""
    import importlib

    module = importlib.import_module(f"sheepkit.games.{game}.lesson")
    source = pathlib.Path(module.__file__ or "").read_text(encoding="utf-8")
    for name in ("ipywidgets", "ipycanvas", "...ui", "sheepkit.ui"):
        assert name not in source, f"{game}/lesson.py mentions {name}"
