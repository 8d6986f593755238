"""The lessons' links to the teacher's guides, the glossary and the rules cards work on the
Voila server (sheepkit.docs_server): followed from a lesson's page, each leads to its page,
and axe finds nothing on it (tests/axe_check.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urljoin

import pytest
from axe_check import axe_violations, report
from voila_harness import AppPage

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

GUIDE = "../docs/guides/wolf_and_sheep.md"  # the welcome page's link to a lesson's guide


def accessible(page: Page, where: str) -> None:
    found = axe_violations(page)
    assert not found, report(f"{where} ({page.url})", found)


def test_the_lessons_guide_glossary_and_card_links_lead_to_accessible_pages(
    open_app: Callable[[str], AppPage], chromium: Browser
) -> None:
    app = open_app("00_welcome")
    # Every lesson is a page of the same folder (/voila/render/): their links resolve alike.
    lesson_url = app.page.url
    # The guide's link followed by a click, as a teacher would.
    with app.page.expect_navigation() as navigation:
        app.page.locator(f'a[href="{GUIDE}"]').first.click()
    response = navigation.value
    assert response is not None and response.status == 200, app.page.url
    assert app.page.locator("h1").inner_text() == "Teacher's guide: Wolf and Sheep"
    accessible(app.page, "the guide")
    # The guide's own links: its lesson's app, and the index of every page.
    assert app.page.locator('a[href="../../render/wolf_and_sheep.ipynb"]').count() >= 1
    with app.page.expect_navigation():
        app.page.locator('nav a[href="../index.html"]').click()
    assert app.page.locator("h1").inner_text() == "For teachers"
    accessible(app.page, "the index")
    # A lesson's links to a glossary word and to its rules card (wolf_and_sheep's cells).
    page = chromium.new_page()
    try:
        response = page.goto(urljoin(lesson_url, "../docs/glossary.md#ply"))
        assert response is not None and response.status == 200, page.url
        assert page.locator("p:has(#ply) + h2").inner_text() == "Ply"
        accessible(page, "the glossary")
        response = page.goto(urljoin(lesson_url, "../docs/cards/wolf_and_sheep.html"))
        assert response is not None and response.status == 200, page.url
        assert page.locator("h1").inner_text() == "Wolf and Sheep"
        accessible(page, "the rules card")
    finally:
        page.close()


def test_the_welcome_page_leads_to_the_getting_the_class_in_guide(
    open_app: Callable[[str], AppPage],
) -> None:
    app = open_app("00_welcome")
    with app.page.expect_navigation() as navigation:
        app.page.locator('a[href="../docs/guides/getting_the_class_in.md"]').first.click()
    response = navigation.value
    assert response is not None and response.status == 200, app.page.url
    assert app.page.locator("h1").inner_text() == "Getting the class in"
    accessible(app.page, "the guide to getting the class in")
