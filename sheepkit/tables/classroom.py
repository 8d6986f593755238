"""A classroom server: the built static site (``make site``) and the table service from one
address, so that pupils' browsers running the apps on Pyodide can play at tables together.

    python -m sheepkit.tables.classroom --host 0.0.0.0 --port 8000 --site _site

(``make classroom HOST=0.0.0.0 PORT=8000``). The site is served at ``/``, the service at
``/sheepkit/tables``, where the site's pages look for it (``table_service_url``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
from pathlib import Path

from tornado import web

from .server import make_service, table_handlers


class SiteFiles(web.StaticFileHandler):
    """The site's files; never cached for long (a rebuilt site shows at the next load)."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


def classroom_app(site: Path) -> web.Application:
    """The site's files and the table service (to be made on the loop that serves it)."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"no built site in {site}/ (index.html is missing): run `make site`")
    service = make_service()
    return web.Application(
        [
            *table_handlers("/", service),
            (r"/(.*)", SiteFiles, {"path": str(site), "default_filename": "index.html"}),
        ]
    )


async def serve(host: str, port: int, site: Path) -> None:
    app = classroom_app(site)
    app.listen(port, host)
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    print(f"Classroom server: the site and its tables on http://{shown}:{port}/ (Ctrl-C stops it)")
    if host in ("", "0.0.0.0"):
        print("  (pupils use this computer's address on the school network, same port)")
    await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0: the school network")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", type=Path, default=Path("_site"), help="the built site")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.host, args.port, args.site))


if __name__ == "__main__":
    main()
