"""Voila's page, with its cells in a main landmark and no Font Awesome from a CDN: the project's
share/jupyter replaces Voila's lab/index.html.j2 by the same with exactly those changes
(and underlined links from the first paint)."""

from __future__ import annotations

import re
from pathlib import Path

import voila.paths

REPO = Path(__file__).resolve().parents[1]
OURS = REPO / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"


def voilas_own() -> Path:
    found = [
        Path(p) / "index.html.j2"
        for p in voila.paths.collect_template_paths(["voila"], "lab", root_dirs=None)
        if (Path(p) / "index.html.j2").exists() and Path(p) != OURS.parent
    ]
    assert found, "Voila's own lab/index.html.j2 not found"
    return found[0]


def test_ours_is_voilas_with_a_landmark_and_without_the_cdn() -> None:
    # A Voila upgrade that changes its page fails here: take its new one, with the same two
    # changes (and change the version in our file's comment).
    ours = re.sub(r"\A\{#-.*?-#\}\n", "", OURS.read_text(), flags=re.DOTALL).splitlines()
    theirs = voilas_own().read_text().splitlines()
    removed = [line.strip() for line in theirs if line not in ours]
    added = [line.strip() for line in ours if line not in theirs]
    assert len(removed) == 3 and all("fontawesome" in line for line in removed[:2]), removed
    assert removed[2] == '<div id="rendered_cells" style="display: none">'
    assert added == [
        ".jp-RenderedHTMLCommon a:link:not(.anchor-link), .jp-RenderedHTMLCommon"
        " a:visited:not(.anchor-link) { text-decoration: underline; }",
        '<div id="rendered_cells" role="main" tabindex="0" style="display: none">',
    ]
    links = re.findall(r"(?:href|src)=\"(https?:[^\"]*)", "\n".join(ours))
    assert not links, f"the page would ask another server: {links}"


def test_voila_finds_ours_first_when_the_project_folder_is_on_its_path() -> None:
    roots = [str(REPO / "share" / "jupyter"), *voila.paths._default_root_dirs()]
    paths = voila.paths.collect_template_paths(["voila", "nbconvert"], "lab", root_dirs=roots)
    first = next(Path(p) for p in paths if (Path(p) / "index.html.j2").exists())
    assert first == OURS.parent
