"""The teachers' pages of the static site: the teacher's guides (docs/guides/*.md), the
glossary (docs/glossary.md) and the printable rules cards (docs/cards/*.html), under docs/ in
the site as in the repository, with an index at docs/index.html.

Markdown becomes HTML at build time (sheepkit.docs_pages, which the Voila server shares), so a
page needs no script and nothing from elsewhere. The lessons link these pages as files of the
repository (``../docs/glossary.md#seed`` from notebooks/): on the site the lesson pages are
voici/render/*.html, two folders down, and the pages are .html, so ``lesson_links`` rewrites
those links, and ``check_pages`` fails the build on a link that leads nowhere.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The site's venv builds sheepkit's wheel but does not install sheepkit: its source then.
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))

from sheepkit import docs_pages  # noqa: E402 (after the path it may need)

DOCS = REPO / "docs"
#: Where the pages go in the site (as in the repository) and the index of them.
SITE_DOCS = "docs"
INDEX = "docs/index.html"

_LESSON_LINK = re.compile(r'href="\.\./docs/([^"#]+?)(\.md)?(#[^"]*)?"')


def page(title: str, body: str, up: str) -> str:
    """A whole page: ``up`` is the way back to the docs/ folder ("" or "../")."""
    return docs_pages.page(title, body, docs_pages.nav(up, "../index.html"))


def render(markdown: str, depth: int) -> str:
    """Markdown as HTML, with its links to .md pages pointing at their .html pages and its
    links to notebooks at their apps (voici/render/, ``depth`` folders below the site)."""
    apps = "../" * depth + "voici/render/"
    return docs_pages.render(markdown, pages=".html", apps=apps, app_suffix=".html")


def write_pages(out: Path) -> list[str]:
    """Write every teachers' page into the site ``out``; returns their paths in the site."""
    written = []
    docs = out / SITE_DOCS
    (docs / "guides").mkdir(parents=True, exist_ok=True)
    (docs / "cards").mkdir(parents=True, exist_ok=True)
    glossary = (DOCS / "glossary.md").read_text()
    (docs / "glossary.html").write_text(
        page(docs_pages.title_of(glossary, "Glossary"), render(glossary, 1), "")
    )
    written.append(f"{SITE_DOCS}/glossary.html")
    for source in sorted((DOCS / "guides").glob("*.md")):
        text = source.read_text()
        title = docs_pages.title_of(text, source.stem)
        (docs / "guides" / f"{source.stem}.html").write_text(page(title, render(text, 2), "../"))
        written.append(f"{SITE_DOCS}/guides/{source.stem}.html")
    for card in sorted((DOCS / "cards").glob("*.html")):
        shutil.copyfile(card, docs / "cards" / card.name)
        written.append(f"{SITE_DOCS}/cards/{card.name}")
    index = docs_pages.index_body(DOCS, ".html")
    (out / INDEX).write_text(page(docs_pages.INDEX_TITLE, index, ""))
    written.append(INDEX)
    return written


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
