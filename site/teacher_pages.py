"""The teachers' pages of the static site: the teacher's guides (docs/guides/*.md), the
glossary (docs/glossary.md) and the printable rules cards (docs/cards/*.html), under docs/ in
the site as in the repository, with an index at docs/index.html.

Markdown becomes HTML at build time with mistune (already in the site's venv: nbconvert, which
Voici uses, needs it), so a page needs no script and nothing from elsewhere. The lessons link
these pages as files of the repository (``../docs/glossary.md#seed`` from notebooks/): on the
site the lesson pages are voici/render/*.html, two folders down, and the pages are .html, so
``lesson_links`` rewrites those links, and ``check_pages`` fails the build on a link that
leads nowhere.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import mistune

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
#: Where the pages go in the site (as in the repository) and the index of them.
SITE_DOCS = "docs"
INDEX = "docs/index.html"

CSS = """
body { margin: 0 auto; max-width: 46rem; padding: 1.5rem; color: #222;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif }
table { border-collapse: collapse; margin: 0.5rem 0 1rem }
th, td { border: 1px solid #bbb; padding: 0.2rem 0.6rem; text-align: left; vertical-align: top }
code { background: #f2f2f2; padding: 0 0.2rem; border-radius: 3px }
nav { font-size: 0.9rem; margin-bottom: 1rem }
@media print { nav { display: none } }
"""

_MARKDOWN = mistune.create_markdown(plugins=["table"], escape=False)
_MD_LINK = re.compile(r'href="([^":#]+)\.md(#[^"]*)?"')
_LESSON_LINK = re.compile(r'href="\.\./docs/([^"#]+?)(\.md)?(#[^"]*)?"')
_NOTEBOOK_LINK = re.compile(r'href="(?:(?:\.\./)+notebooks/)?([\w-]+)\.ipynb"')


def page(title: str, body: str, up: str) -> str:
    """A whole page: ``up`` is the way back to the docs/ folder ("" or "../")."""
    nav = (
        f'<nav><a href="{up}index.html">Teachers\' pages</a> · '
        f'<a href="{up}../index.html">the apps</a></nav>'
    )
    return (
        "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        f"<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"{nav}\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


def render(markdown: str, depth: int) -> str:
    """Markdown as HTML, with its links to .md pages pointing at their .html pages and its
    links to notebooks at their apps (voici/render/, ``depth`` folders below the site)."""
    body = _MARKDOWN(markdown)
    assert isinstance(body, str)
    body = _MD_LINK.sub(lambda m: f'href="{m[1]}.html{m[2] or ""}"', body)
    apps = "../" * depth + "voici/render/"
    return _NOTEBOOK_LINK.sub(lambda m: f'href="{apps}{m[1]}.html"', body)


def title_of(markdown: str, fallback: str) -> str:
    match = re.search(r"^# (.+)$", markdown, re.M)
    return match.group(1).strip() if match else fallback


def write_pages(out: Path) -> list[str]:
    """Write every teachers' page into the site ``out``; returns their paths in the site."""
    written = []
    docs = out / SITE_DOCS
    (docs / "guides").mkdir(parents=True, exist_ok=True)
    (docs / "cards").mkdir(parents=True, exist_ok=True)
    glossary = (DOCS / "glossary.md").read_text()
    (docs / "glossary.html").write_text(
        page(title_of(glossary, "Glossary"), render(glossary, 1), "")
    )
    written.append(f"{SITE_DOCS}/glossary.html")
    guides = []
    for source in sorted((DOCS / "guides").glob("*.md")):
        text = source.read_text()
        title = title_of(text, source.stem)
        (docs / "guides" / f"{source.stem}.html").write_text(page(title, render(text, 2), "../"))
        guides.append((source.stem, title))
        written.append(f"{SITE_DOCS}/guides/{source.stem}.html")
    cards = []
    for card in sorted((DOCS / "cards").glob("*.html")):
        shutil.copyfile(card, docs / "cards" / card.name)
        match = re.search(r"<title>(.*?)</title>", card.read_text())
        cards.append((card.name, html.unescape(match[1]) if match else card.stem))
        written.append(f"{SITE_DOCS}/cards/{card.name}")
    (out / INDEX).write_text(page("sheepkit: for teachers", index_body(guides, cards), ""))
    written.append(INDEX)
    return written


def index_body(guides: list[tuple[str, str]], cards: list[tuple[str, str]]) -> str:
    guide_items = "".join(
        f'<li><a href="guides/{name}.html">{html.escape(title)}</a></li>' for name, title in guides
    )
    card_items = "".join(
        f'<li><a href="cards/{name}">{html.escape(title)}</a></li>' for name, title in cards
    )
    return (
        "<h1>For teachers</h1>\n"
        "<p>A guide for every lesson: goals, a plan minute by minute, what each run shows, "
        "and the answers to the questions. The glossary explains the lessons' words. "
        "Print a rules card for each table.</p>\n"
        f"<h2>Teacher's guides</h2>\n<ul>{guide_items}</ul>\n"
        '<h2>Words</h2>\n<ul><li><a href="glossary.html">Glossary</a></li></ul>\n'
        f"<h2>Rules cards (one printed page each)</h2>\n<ul>{card_items}</ul>\n"
    )


def lesson_links(page_html: str) -> str:
    """A lesson's Voici page (voici/render/): its links to ../docs/... lead to the site's pages
    (docs/, two folders up), a .md page to its .html page."""

    def relink(match: re.Match[str]) -> str:
        path, markdown, anchor = match[1], match[2], match[3] or ""
        return f'href="../../{SITE_DOCS}/{path}{".html" if markdown else ""}{anchor}"'

    return _LESSON_LINK.sub(relink, page_html)


def check_pages(out: Path) -> list[str]:
    """Problems: a teachers' page missing, or a link that leads to no file or no anchor of the
    site: every relative link of a teachers' page, and a lesson page's links into docs/."""
    problems = []
    for needed in (INDEX, f"{SITE_DOCS}/glossary.html"):
        if not (out / needed).is_file():
            problems.append(f"{needed} is missing")
    docs = (out / SITE_DOCS).resolve()
    pages = [*out.glob("voici/render/*.html"), *(out / SITE_DOCS).rglob("*.html")]
    for source in pages:
        lesson = source.parent.name == "render"
        for target in re.findall(r'href="([^"]+)"', source.read_text(errors="replace")):
            if re.match(r"[a-z]+:|#|//", target):
                continue  # another site (checked by the build's outside_urls), or this page
            path, _, anchor = target.partition("#")
            file = (source.parent / path).resolve()
            if lesson and not file.is_relative_to(docs):
                continue
            where = f"{source.relative_to(out)}: {target}"
            if not file.is_file():
                problems.append(f"{where} leads nowhere")
            elif anchor and f'id="{anchor}"' not in file.read_text(errors="replace"):
                problems.append(f"{where}: no anchor {anchor!r} there")
    return problems
