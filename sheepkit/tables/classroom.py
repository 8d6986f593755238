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
from pathlib import Path

from tornado import web

from ..classes.server import class_handlers, server_store, store_folder, teacher_key
from ..classes.service import ClassService
from .server import kept_tables, make_service, table_handlers


class SiteFiles(web.StaticFileHandler):
    """The site's files; never cached for long (a rebuilt site shows at the next load)."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


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
