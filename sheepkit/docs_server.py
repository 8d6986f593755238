"""The teachers' pages on the Voila server, at the addresses the lessons link.

A lesson links a page of the repository relative to notebooks/: ``../docs/glossary.md#seed``,
``../docs/guides/battle_sheep.md``, ``../docs/cards/battle_sheep.html``. Voila shows a lesson
at /voila/render/<name>.ipynb, so the browser asks for /voila/docs/...; Voila itself serves
only the notebooks' folder, and those links led nowhere. DocsPageHandler answers them from the
docs/ folder beside the served folder: a markdown page as a whole HTML page (rendered as the
static site renders it, sheepkit.docs_pages), a rules card as it is, and an index at
/voila/docs/. Links between the pages keep their .md addresses; a link to a lesson leads to
its app.

Imported by the Voila server process alone (sheepkit.serving adds the handler as Voila starts).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado import web

from .docs_pages import INDEX_TITLE, index_body, nav, page, render, title_of

#: Where the pages are served below the server's address: what ``../docs/`` from a lesson's
#: page (/voila/render/<name>.ipynb) leads to.
DOCS_URL = "/voila/docs/"
#: The list of apps (Voila's /voila/tree) from the docs/ folder, for a page's links.
APPS = "../tree"


#: The longest page address under DOCS_URL that can name a page (the longest is a few dozen
#: characters; the file system's own limit for one name is 255 bytes).
MAX_PATH = 255


def docs_page(docs: Path, path: str) -> str | None:
    """The HTML of the page at ``DOCS_URL + path``, from the folder ``docs``; None if there is
    no such page (only .md and .html files inside ``docs`` are pages; an address too long, or
    with a control character such as NUL, names none)."""
    if path in ("", "index.html"):
        return page(INDEX_TITLE, index_body(docs, ".md"), nav("", APPS))
    if len(path) > MAX_PATH or not path.isprintable():
        return None
    try:
        file = (docs / path).resolve()
        if not file.is_relative_to(docs.resolve()) or not file.is_file():
            return None
    except (OSError, ValueError):  # (a name the file system refuses)
        return None
    if file.suffix == ".html":
        return file.read_text()
    if file.suffix != ".md":
        return None
    up = "../" * path.count("/")  # from the page's folder back to docs/
    text = file.read_text()
    body = render(text, pages=".md", apps=f"{up}../render/", app_suffix=".ipynb")
    return page(title_of(text, file.stem), body, nav(up, APPS))


class DocsPageHandler(web.RequestHandler):
    """GET DOCS_URL + path: the teachers' page ``path`` (docs_page), or 404."""

    def initialize(self, docs: Path) -> None:
        self.docs = docs

    def get(self, path: str) -> None:
        found = docs_page(self.docs, path)
        if found is None:
            raise web.HTTPError(404, f"no teachers' page {path!r}")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(found)


def serve_docs_pages(voila: Any) -> None:
    """Add DocsPageHandler to the web application of ``voila`` (a voila.app.Voila: it makes the
    application after the kernel manager, and this runs once its loop runs). The pages come
    from the docs/ folder beside the served notebooks, as the lessons' links say."""
    docs = Path(voila.root_dir).parent / "docs"
    url = url_path_join(voila.server_url, DOCS_URL, "(.*)")
    voila.app.add_handlers(".*$", [(url, DocsPageHandler, {"docs": docs})])
    voila.log.info("Teachers' pages from %s at %s", docs, url)
