"""Voila's loading screen, still: the project's share/jupyter replaces one part of Voila's
page template (the spinner and the cells' placeholders) by the same without animations."""

from __future__ import annotations

import re
from pathlib import Path

import voila.paths

REPO = Path(__file__).resolve().parents[1]
OURS = REPO / "share" / "jupyter" / "voila" / "templates" / "base" / "spinner.macro.html.j2"


def voilas_own() -> Path:
    found = [
        Path(p) / "spinner.macro.html.j2"
        for p in voila.paths.collect_template_paths(["voila"], "lab", root_dirs=None)
        if (Path(p) / "spinner.macro.html.j2").exists() and Path(p) != OURS.parent
    ]
    assert found, "Voila's own spinner.macro.html.j2 not found"
    return found[0]


def test_ours_is_voilas_without_its_three_animations() -> None:
    # A Voila upgrade that changes its loading screen fails here: take its new one, again
    # without the animations (and change the version in our file's comment).
    ours = re.sub(r"\A\{#-.*?-#\}\n", "", OURS.read_text(), flags=re.DOTALL)
    theirs = voilas_own().read_text()
    removed = [line for line in theirs.splitlines() if line not in ours.splitlines()]
    assert [line.strip() for line in removed] == [
        "animation: rotation 2s infinite linear;",
        "animation: shine-avatar 1.6s infinite linear;",
        "animation: shine-lines 1.6s infinite linear;",
    ]
    assert "animation:" not in ours
    assert ours.splitlines() == [line for line in theirs.splitlines() if line not in removed]


def test_voila_finds_ours_first_when_the_project_folder_is_on_its_path() -> None:
    roots = [str(REPO / "share" / "jupyter"), *voila.paths._default_root_dirs()]
    paths = voila.paths.collect_template_paths(["voila", "nbconvert"], "lab", root_dirs=roots)
    first = next(Path(p) for p in paths if (Path(p) / "spinner.macro.html.j2").exists())
    assert first == OURS.parent
