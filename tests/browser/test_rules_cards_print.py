"""The rules cards (docs/cards/*.html) printed by Chromium: one page on A4 and on Letter, with
the board picture on it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

CARDS = Path(__file__).resolve().parents[2] / "docs" / "cards"
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")


def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF Chromium wrote: its page objects (/Type /Page, not /Pages)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("game", GAMES)
def test_a_rules_card_prints_on_one_page(chromium: Browser, game: str, paper: str) -> None:
    page = chromium.new_page()
    try:
        page.goto((CARDS / f"{game}.html").as_uri())
        assert page.locator("main svg").count() == 1  # the board picture
        pdf = page.pdf(format=paper, print_background=True)
    finally:
        page.close()
    assert pdf_pages(pdf) == 1, f"{game}.html prints on {pdf_pages(pdf)} {paper} pages"


def test_pdf_pages_counts_pages_not_the_page_tree() -> None:
    two = b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type /Page >>"
    assert pdf_pages(two) == 2
