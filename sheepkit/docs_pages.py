"""The teachers' pages as HTML: the teacher's guides (docs/guides/*.md) and the glossary
(docs/glossary.md) rendered from markdown, each a whole page with the same style, and the index
of them with the printable rules cards (docs/cards/*.html, already HTML).

Shared by the static site (site/teacher_pages.py writes them as .html files) and the Voila
server (sheepkit.docs_server serves them at the .md addresses the lessons link). Markdown
becomes HTML with mistune, which nbconvert needs, so it is there wherever Voila or Voici is;
a page needs no script and nothing from elsewhere.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

import mistune

CSS = """
body { margin: 0 auto; max-width: 46rem; padding: 1.5rem; color: #222;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif }
table { border-collapse: collapse; margin: 0.5rem 0 1rem }
th, td { border: 1px solid #bbb; padding: 0.2rem 0.6rem; text-align: left; vertical-align: top }
code { background: #f2f2f2; padding: 0 0.2rem; border-radius: 3px }
nav { font-size: 0.9rem; margin-bottom: 1rem }
@media print { nav { display: none } }
"""

#: The index's title, on the site and on the Voila server.
INDEX_TITLE = "sheepkit: for teachers"

_MARKDOWN = mistune.create_markdown(plugins=["table"], escape=False)
_MD_LINK = re.compile(r'href="([^":#]+)\.md(#[^"]*)?"')
_NOTEBOOK_LINK = re.compile(r'href="(?:(?:\.\./)+notebooks/)?([\w-]+)\.ipynb"')


def page(title: str, body: str, nav: Sequence[tuple[str, str]]) -> str:
    """A whole page: ``nav`` is its (address, words) links to the other pages."""
    links = " · ".join(
        f'<a href="{href}">{html.escape(words, quote=False)}</a>' for href, words in nav
    )
    return (
        "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"<nav>{links}</nav>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


def nav(up: str, apps: str) -> list[tuple[str, str]]:
    """A page's links for ``page``: to the index (``up`` is the way back to docs/, "" or
    "../") and to the list of apps (``apps``, its address from docs/)."""
    return [(f"{up}index.html", "Teachers' pages"), (f"{up}{apps}", "the apps")]


def render(markdown: str, *, pages: str, apps: str, app_suffix: str) -> str:
    """Markdown as HTML. Its links to .md pages end in ``pages`` (".html" where the pages are
    files, ".md" where they are served at their own addresses) and its links to notebooks
    lead to ``apps`` + name + ``app_suffix``, the lesson's app."""
    body = _MARKDOWN(markdown)
    assert isinstance(body, str)
    body = _MD_LINK.sub(lambda m: f'href="{m[1]}{pages}{m[2] or ""}"', body)
    return _NOTEBOOK_LINK.sub(lambda m: f'href="{apps}{m[1]}{app_suffix}"', body)


def title_of(markdown: str, fallback: str) -> str:
    match = re.search(r"^# (.+)$", markdown, re.M)
    return match.group(1).strip() if match else fallback


def card_title(card_html: str, fallback: str) -> str:
    match = re.search(r"<title>(.*?)</title>", card_html)
    return html.unescape(match[1]) if match else fallback


def index_body(docs: Path, pages: str) -> str:
    """The index of the teachers' pages in the folder ``docs``; a guide's address ends in
    ``pages``, as in render."""
    guide_items = "".join(
        f'<li><a href="guides/{guide.stem}{pages}">'
        f"{html.escape(title_of(guide.read_text(), guide.stem))}</a></li>"
        for guide in sorted((docs / "guides").glob("*.md"))
    )
    card_items = "".join(
        f'<li><a href="cards/{card.name}">'
        f"{html.escape(card_title(card.read_text(), card.stem))}</a></li>"
        for card in sorted((docs / "cards").glob("*.html"))
    )
    return (
        "<h1>For teachers</h1>\n"
        "<p>A guide for every lesson: goals, a plan minute by minute, what each run shows, "
        "and the answers to the questions. The glossary explains the lessons' words. "
        "Print a rules card for each table.</p>\n"
        f"<h2>Teacher's guides</h2>\n<ul>{guide_items}</ul>\n"
        f'<h2>Words</h2>\n<ul><li><a href="glossary{pages}">Glossary</a></li></ul>\n'
        f"<h2>Rules cards (one printed page each)</h2>\n<ul>{card_items}</ul>\n"
    )
