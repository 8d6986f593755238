"""The teachers' pages of the static site (site/teacher_pages.py): the guides, the glossary and
the rules cards open offline, and the lessons' links to them lead there."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from site_harness import SITE, Offline

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("teacher_pages", REPO / "site" / "teacher_pages.py")
assert _SPEC and _SPEC.loader
teacher_pages = importlib.util.module_from_spec(_SPEC)
sys.modules["teacher_pages"] = teacher_pages
_SPEC.loader.exec_module(teacher_pages)

GUIDES = sorted(p.stem for p in (REPO / "docs" / "guides").glob("*.md"))
CARDS = sorted(p.name for p in (REPO / "docs" / "cards").glob("*.html"))
PAGES = [
    "docs/index.html",
    "docs/glossary.html",
    *(f"docs/guides/{name}.html" for name in GUIDES),
    *(f"docs/cards/{name}" for name in CARDS),
]


def test_every_link_of_the_site_into_docs_leads_to_a_page_and_anchor() -> None:
    assert not teacher_pages.check_pages(SITE)


@pytest.mark.parametrize("path", PAGES)
def test_a_teachers_page_opens_offline(offline: Offline, path: str) -> None:
    page = offline.context.new_page()
    try:
        response = page.goto(offline.base + path)
        assert response is not None and response.ok, path
        assert page.locator("h1").count() >= 1
        if "/cards/" in path:
            assert page.locator("svg").count() == 1  # the board picture
        if "/guides/" in path:
            assert page.locator("table").count() >= 1  # the plan, as a table
    finally:
        page.close()
    assert not offline.blocked, f"{path} asked for {offline.blocked}"


@pytest.mark.parametrize(
    ("lesson", "target"),
    [("lamb_mimes", "glossary.html#simulation"), ("sheep_race", "cards/sheep_race.html")],
)
def test_a_lesson_s_link_opens_the_teachers_page(
    offline: Offline, lesson: str, target: str
) -> None:
    rendered = (SITE / "voici" / "render" / f"{lesson}.html").read_text()
    href = f"../../docs/{target}"
    assert f'href="{href}"' in rendered, f"{lesson}'s page has no link to {target}"
    page = offline.context.new_page()
    try:
        # the link as the lesson's page resolves it (voici/render/ is two folders down)
        response = page.goto(offline.base + "voici/render/" + href)
        assert response is not None and response.ok
        anchor = target.partition("#")[2]
        if anchor:
            assert page.locator(f"[id={anchor!r}]").count() == 1
    finally:
        page.close()
    assert not offline.blocked


def test_the_landing_page_links_the_teachers_pages() -> None:
    assert re.search(r"href='docs/index.html'", (SITE / "index.html").read_text())
