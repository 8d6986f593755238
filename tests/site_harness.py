"""Serve the built static site (`make site`, in _site/) and open its pages offline in Chromium.

Shared by tests/site/ and benchmarks/site_latency.py, so it imports nothing from pytest. The
server is a plain static file server on 127.0.0.1; the browser context aborts every request to
any other address and records it, so a test can fail on a page that tried one.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voila_harness import AppPage, free_port

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route, Worker

REPO = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("SHEEPKIT_SITE", REPO / "_site"))
SITE_MISSING = f"{SITE}/index.html not found: build the static site first (make site)"


class _Handler(http.server.SimpleHTTPRequestHandler):
    cache_seconds = 0

    def end_headers(self) -> None:
        if self.cache_seconds:
            self.send_header("Cache-Control", f"public, max-age={self.cache_seconds}")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the tests record what the browser asked for


# Pyodide streams its .wasm: the type must be right.
_Handler.extensions_map = {**_Handler.extensions_map, ".wasm": "application/wasm"}


@contextmanager
def serve_classroom(classes: Path, answers: str = "sheepkit/tables/hello") -> Iterator[str]:
    """The built site on a classroom server (``python -m sheepkit.tables.classroom``, what
    ``make classroom`` runs), keeping its classes and tables in ``classes``; its address once
    ``answers`` answers."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = ["-m", "sheepkit.tables.classroom", "--port", str(port), "--site", str(SITE)]
    process = subprocess.Popen(
        [sys.executable, *command, "--classes", str(classes)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + answers, timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise RuntimeError("the classroom server never answered")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def serve_site(site: Path = SITE, cache_seconds: int = 0) -> Iterator[str]:
    """A static file server for `site` on a free 127.0.0.1 port; yields its base URL."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(SITE_MISSING)
    handler = type("Handler", (_Handler,), {"cache_seconds": cache_seconds})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


# Chromium resolves no host but this one: what Offline(cached=True) relies on to stay offline.
ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


@dataclass
class Offline:
    """A browser context that may load only from `base`; what else was asked is kept.

    By default every other request is aborted by Playwright's routing, which also turns the
    HTTP cache off. With `cached=True` the context keeps its cache (a second visit is a
    second visit): requests are only recorded, and the browser, launched with ONLY_LOOPBACK,
    is what makes them fail."""

    context: BrowserContext
    base: str
    blocked: list[str] = field(default_factory=list)
    worker_console: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, browser: Browser, base: str, *, cached: bool = False) -> Offline:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        return cls.around(context, base, cached=cached)

    @classmethod
    def around(cls, context: BrowserContext, base: str, *, cached: bool = False) -> Offline:
        """An Offline of a context made elsewhere (a browser profile's, say)."""
        offline = cls(context, base)
        if cached:
            context.on("request", lambda request: offline._outside(request.url))
        else:
            context.route("**/*", offline._route)
        return offline

    def _outside(self, url: str) -> bool:
        """True (and kept) if `url` is not the site's."""
        if url.startswith((self.base, "data:", "blob:")):
            return False
        self.blocked.append(url)
        return True

    def _route(self, route: Route) -> None:
        if self._outside(route.request.url):
            route.abort()
        else:
            route.continue_()

    def _on_worker(self, worker: Worker) -> None:
        worker.on("console", lambda m: self.worker_console.append(f"{m.type}: {m.text}"))

    def open(self, path: str, name: str) -> SitePage:
        page = self.context.new_page()
        page.on("worker", self._on_worker)
        site_page = SitePage(page, name, self)
        site_page.started = time.monotonic()
        page.goto(self.base + path, timeout=60_000)
        return site_page

    def close(self) -> None:
        self.context.close()


class SitePage(AppPage):
    """AppPage for a Voici page: the kernel runs in the page (no websocket to watch), so
    "the kernel is idle again" is read from the page: the app stops changing."""

    def __init__(self, page: Page, name: str, offline: Offline) -> None:
        super().__init__(page, name)
        self.offline = offline
        self.started = 0.0

    def problems(self) -> list[str]:
        found = super().problems()
        found += [f"request outside the site: {url}" for url in self.offline.blocked]
        return found

    def wait_ready(self, timeout: float) -> None:
        """The site's pages show their cells as they run (site/build.py,
        SHOW_CELLS_AS_THEY_RUN) and say when the last has."""
        self.wait_for(
            "() => window.__sk.voilaReady() && window.sheepkitCellsRun === true",
            timeout=timeout,
            failing="Voici never finished running the notebook",
        )

    def wait_kernel_idle(self, idles_before: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            now = self.app.evaluate("el => JSON.stringify(window.__sk.state(el))")
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= 0.4:
                return
            self.page.wait_for_timeout(50)

    def report(self) -> str:
        """What to print when a test on this page fails."""
        return "\n".join(
            [
                f"blocked requests: {self.offline.blocked[:20]}",
                f"page errors: {self.page_errors[:10]}",
                f"console errors: {self.console_errors[:20]}",
                "worker console (last 40):",
                *self.offline.worker_console[-40:],
            ]
        )
