"""A classroom server: the built static site (``make site``) and the table service from one
address, so that pupils' browsers running the apps on Pyodide can play at tables together.

    python -m sheepkit.tables.classroom --host 0.0.0.0 --port 8000 --site _site

(``make classroom HOST=0.0.0.0 PORT=8000``). The site is served at ``/``, the table service
at ``/sheepkit/tables``, where the site's pages look for it (``table_service_url``), and the
class service and the teacher's pages at ``/sheepkit/class`` and ``/sheepkit/teacher/``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import mimetypes
import os
import re
from pathlib import Path

from tornado import web

from ..classes.server import class_handlers, server_store, store_folder, teacher_key
from ..classes.service import ClassService
from .server import kept_tables, make_service, table_handlers

#: How long a browser keeps a file whose address changes with its content: a year, unasked.
IMMUTABLE = "public, max-age=31536000, immutable"
#: A content hash or version in a path: webpack's `name.<contenthash>.js` (Voici's and the
#: extensions' bundles) and the build's versioned folders and files (`static/pyodide-<hash>/`,
#: the solved tables' `name.<hash>.json`): at least 8 hex digits between dots, dashes or
#: slashes. Everything else (the pages, their configuration) is asked again at every load.
_HASHED = re.compile(r"(?:^|[/.\-])[0-9a-f]{8,}(?=[/.\-])")
#: The build's precompressed copies (site/build.py, `precompress`), best first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
mimetypes.add_type("application/wasm", ".wasm")  # Pyodide compiles its wasm as it streams in


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (those with q > 0)."""
    found = set()
    for part in header.split(","):
        name, *params = (p.strip() for p in part.split(";"))
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            found.add(name.lower())
    return found


def cache_control(path: str) -> str:
    """The Cache-Control of a site's file (its path under the site)."""
    return IMMUTABLE if _HASHED.search("/" + path) else "no-cache"


class SiteFiles(web.StaticFileHandler):
    """The site's files: a file's precompressed copy (`.br`, `.gz`, made by `make site`) when
    the browser accepts its coding, the hashed files cached for a year, the rest (the pages
    and their configuration) asked again each time, answered 304 while unchanged."""

    _encoding: str | None = None
    _plain: str | None = None  # the file's own path when a compressed copy is sent

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        path = super().validate_absolute_path(root, absolute_path)
        if path is None or not os.path.isfile(path):
            return path
        accepted = accepted_encodings(self.request.headers.get("Accept-Encoding", ""))
        for encoding, suffix in ENCODINGS:
            if encoding in accepted and os.path.isfile(path + suffix):
                self._encoding, self._plain = encoding, path
                self._stat_result = os.stat(path + suffix)  # tornado's size and time: the copy's
                return path + suffix
        return path

    def get_content_type(self) -> str:
        if self._plain is None:
            return super().get_content_type()
        mime_type, _ = mimetypes.guess_type(self._plain)
        return mime_type or "application/octet-stream"

    def compute_etag(self) -> str | None:
        """From the served file's size and time (tornado's own hashes a file once per
        process, so a site rebuilt under a running server would be answered 304)."""
        assert self.absolute_path is not None
        stat = os.stat(self.absolute_path)
        return f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'

    def set_extra_headers(self, path: str) -> None:
        if self._encoding is not None:
            self.set_header("Content-Encoding", self._encoding)
        plain = self._plain or self.absolute_path
        if plain is not None and any(os.path.isfile(plain + s) for _, s in ENCODINGS):
            self.set_header("Vary", "Accept-Encoding")
        self.set_header("Cache-Control", cache_control(path))


def classroom_app(site: Path, classes: Path, key: str) -> web.Application:
    """The site's files, the table service and the class service with the teacher's pages
    (to be made on the loop that serves it). The teacher's page lists the lessons of the
    site's notebooks."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"no built site in {site}/ (index.html is missing): run `make site`")
    store = server_store(classes)  # the classes and the tables, one connection
    service = make_service(kept_tables(classes))
    lessons = next((folder.parent for folder in sorted(site.rglob("00_welcome.ipynb"))), None)
    return web.Application(
        [
            *table_handlers("/", service),
            *class_handlers("/", ClassService(store), key, lessons),
            (r"/(.*)", SiteFiles, {"path": str(site), "default_filename": "index.html"}),
        ]
    )


async def serve(host: str, port: int, site: Path, classes: Path) -> None:
    key = teacher_key()
    app = classroom_app(site, classes, key)
    app.listen(port, host)
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    print(f"Classroom server: the site and its tables on http://{shown}:{port}/ (Ctrl-C stops it)")
    if host in ("", "0.0.0.0"):
        print("  (pupils use this computer's address on the school network, same port)")
    print(f"  Teacher's page: http://{shown}:{port}/sheepkit/teacher/  key: {key}", flush=True)
    print(f"  Classes and open tables kept in {classes.resolve()}", flush=True)
    await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0: the school network")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", type=Path, default=Path("_site"), help="the built site")
    parser.add_argument(
        "--classes",
        type=Path,
        default=None,
        help="the folder of the classes' store (default: CLASSES, else classes/ beside the site)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    classes = args.classes or store_folder(args.site.resolve().parent / "classes")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.host, args.port, args.site, classes))


if __name__ == "__main__":
    main()
