"""The teachers' pages on the Voila server (sheepkit.docs_server): every link a lesson makes
to ../docs/ gets a page, at the address the link asks for; nothing outside docs/ is served.
(tests/browser/test_docs_pages.py follows a lesson's link in Chromium on the real server.)"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urljoin

import pytest
from tornado import web
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from sheepkit.docs_server import DOCS_URL, docs_page, serve_docs_pages

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
NOTEBOOKS = REPO / "notebooks"
LESSON_PAGE = "/voila/render/lesson.ipynb"  # where Voila shows a lesson


def lesson_links() -> set[str]:
    """Every ../docs/ link in the lessons' markdown."""
    found: set[str] = set()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        for cell in json.loads(notebook.read_text())["cells"]:
            found |= set(re.findall(r"\]\((\.\./docs/[^)\s]+)\)", "".join(cell["source"])))
    return found


def page_for(link: str, base: str = LESSON_PAGE) -> tuple[str | None, str]:
    """The page a link on the page at ``base`` leads to on the server, and its anchor."""
    address, _, anchor = urljoin(base, link).partition("#")
    assert address.startswith(DOCS_URL), f"{link} from {base} leads outside {DOCS_URL}"
    return docs_page(DOCS, address.removeprefix(DOCS_URL)), anchor


def test_the_lessons_link_the_guides_the_glossary_and_the_cards():
    links = lesson_links()
    assert any(link.startswith("../docs/guides/") for link in links)
    assert any(link.startswith("../docs/glossary.md#") for link in links)
    assert any(link.startswith("../docs/cards/") for link in links)


@pytest.mark.parametrize("link", sorted(lesson_links()))
def test_every_lesson_link_to_docs_has_its_page_and_anchor(link):
    found, anchor = page_for(link)
    assert found is not None, f"{link}: no page"
    assert not anchor or f'id="{anchor}"' in found, f"{link}: no anchor {anchor!r}"


def test_a_guide_is_a_whole_page_whose_links_lead_to_pages_and_apps():
    guide = docs_page(DOCS, "guides/battle_sheep.md")
    assert guide is not None
    assert guide.startswith("<!doctype html>") and "<html lang='en'>" in guide
    assert "<title>Teacher&#x27;s guide: Battle Sheep</title>" in guide
    assert "<main>" in guide and "<nav>" in guide and "<table>" in guide
    base = DOCS_URL + "guides/battle_sheep.md"
    links = re.findall(r'href="([^"#]+)', guide)
    assert urljoin(base, "../../render/battle_sheep.ipynb") in {urljoin(base, h) for h in links}
    for href in links:
        target = urljoin(base, href)
        if target.startswith(DOCS_URL):
            assert docs_page(DOCS, target.removeprefix(DOCS_URL)), href
        else:  # a lesson's app, or the list of apps
            assert target in ("/voila/tree", "/voila/render/battle_sheep.ipynb"), href


def test_a_rules_card_is_served_as_it_is_and_the_index_lists_every_page():
    card = DOCS / "cards" / "lamb_mimes.html"
    assert docs_page(DOCS, "cards/lamb_mimes.html") == card.read_text()
    index = docs_page(DOCS, "")
    assert index is not None and index == docs_page(DOCS, "index.html")
    for guide in (DOCS / "guides").glob("*.md"):
        assert f'href="guides/{guide.name}"' in index
    for card in (DOCS / "cards").glob("*.html"):
        assert f'href="cards/{card.name}"' in index
    assert 'href="glossary.md"' in index


@pytest.mark.parametrize(
    "path",
    ["../README.md", "../notebooks/battle_sheep.ipynb", "nothing.md", "guides", "guides/", "x.py"],
)
def test_nothing_but_a_page_inside_docs_is_served(path):
    assert docs_page(DOCS, path) is None


def served(paths: list[str]) -> list[tuple[int, str]]:
    """GET each path from a tornado app to which serve_docs_pages added its handler, as it adds
    it to Voila's (a Voila serving notebooks/, at the server's root)."""

    async def run() -> list[tuple[int, str]]:
        app = web.Application()
        voila = SimpleNamespace(
            root_dir=str(NOTEBOOKS), server_url="/", app=app, log=SimpleNamespace(info=print)
        )
        serve_docs_pages(voila)
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        try:
            client = AsyncHTTPClient()
            answers = []
            for path in paths:
                url = f"http://127.0.0.1:{port}{path}"
                response = await client.fetch(url, raise_error=False)
                answers.append((response.code, response.body.decode()))
            return answers
        finally:
            server.stop()

    return asyncio.run(run())


def test_the_handler_answers_at_the_lessons_addresses_and_404s_the_rest():
    (guide, guide_html), (card, card_html), (missing, _), (outside, _) = served(
        [
            "/voila/docs/guides/wolf_and_sheep.md",
            "/voila/docs/cards/wolf_and_sheep.html",
            "/voila/docs/guides/nothing.md",
            "/voila/docs/%2e%2e/README.md",
        ]
    )
    assert (guide, card, missing, outside) == (200, 200, 404, 404)
    assert guide_html == docs_page(DOCS, "guides/wolf_and_sheep.md")
    assert card_html == (DOCS / "cards" / "wolf_and_sheep.html").read_text()


@pytest.mark.parametrize(
    "path",
    ["\x00", "glossary.md\x00.html", "x" * 5000, "guides/" + "x" * 300 + ".md", "glossary\n.md"],
)
def test_an_odd_address_names_no_page(path):
    """Each was a 500 with a traceback (issue 39): NUL, a name too long for the file system."""
    assert docs_page(DOCS, path) is None


def test_the_handler_answers_odd_addresses_404():
    answers = served(
        ["/voila/docs/%00", "/voila/docs/glossary.md%00.html", "/voila/docs/" + "x" * 5000]
    )
    assert [code for code, _ in answers] == [404, 404, 404]
