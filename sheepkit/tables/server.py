"""The table service over websockets, on tornado (the server Voila and Jupyter already run).

``add_table_handlers(web_app, base_url, service)`` serves ``<base_url>sheepkit/tables`` (the
websocket: one device per connection) and ``<base_url>sheepkit/tables/hello`` (a JSON page
that says a service is here, and its limits). ``start_with_voila(voila_app)`` does it for the
Voila server as it starts (``sheepkit.serving`` calls it: no second command) and tells the
kernels it starts where the service is (``SHEEPKIT_TABLES_URL``). ``python -m
sheepkit.tables.classroom`` serves the built static site and the service from one address.
Both keep their tables in the server's store (``kept_tables``: the classes' SQLite file) and
resume them when they start again.

CPython only (tornado); the rest of the package runs on Pyodide too.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tornado import web, websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from ..platform import loopback_url
from .authority import Device, TableKeeper, TableService
from .client import SERVICE_PATH, URL_VARIABLE
from .protocol import MAX_MESSAGE, Error, ProtocolError

log = logging.getLogger(__name__)

#: How often tables whose time is up (idle, a lobby without its host, a game long over) are
#: looked for, in seconds: a small part of the shortest wait (``HOST_GRACE``, 60 s).
IDLE_CHECK = 10
#: Bots think in these threads, so that one bot's long think does not freeze other tables.
BOT_THREADS = 2


def threaded_thinker(executor: ThreadPoolExecutor) -> Callable[..., None]:
    """A ``Thinker`` for the table service: ``work`` runs in ``executor``, ``done`` back on
    the event loop that asked."""
    loop = IOLoop.current()

    def think(work: Callable[[], Hashable], done: Callable[[object], None]) -> None:
        future = executor.submit(work)

        def finished(f: Future[Hashable]) -> None:
            error = f.exception()
            loop.add_callback(done, error if error is not None else f.result())

        future.add_done_callback(finished)

    return think


def make_service(keeper: TableKeeper | None = None, **limits: Any) -> TableService:
    """A table service whose bots think in threads, whose races wait on the event loop for
    the devices' claims, and whose idle tables close (to be made on the event loop it
    serves). With a ``keeper`` (``keeper.StoredTables``) its tables are kept, and those the
    keeper holds already (a restart) are resumed."""
    loop = IOLoop.current()
    service = TableService(
        think=threaded_thinker(ThreadPoolExecutor(BOT_THREADS)),
        later=lambda seconds, callback: loop.call_later(seconds, callback),
        keeper=keeper,
        **limits,
    )
    if service.tables:
        log.info("Resumed %d kept tables: %s", len(service.tables), ", ".join(service.tables))

    def close_idle() -> None:
        service.close_idle()

    PeriodicCallback(close_idle, IDLE_CHECK * 1000).start()
    return service


def kept_tables(folder: Path) -> TableKeeper | None:
    """The keeper of the server's store in ``folder`` (the classes' file, shared with the
    class service), or None, with a log line, where it cannot be opened: the tables then
    work as before, and a restart loses them."""
    from ..classes.server import server_store
    from .keeper import StoredTables

    try:
        return StoredTables(server_store(folder))
    except Exception as error:
        log.warning(
            "Tables are not kept (%s: %s): a restart loses them", type(error).__name__, error
        )
        return None


class TableSocket(websocket.WebSocketHandler):
    """One device's connection."""

    service: TableService
    device: Device | None = None

    def initialize(self, service: TableService) -> None:
        self.service = service

    @property
    def max_message_size(self) -> int:
        # Larger than MAX_MESSAGE, so that a long message gets the protocol's reason (not only
        # a closed connection); far larger ones are cut off by tornado unread.
        return 4 * MAX_MESSAGE

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)  # each message at once (serving.V1OnlyConnection says why)
        try:
            self.device = self.service.connect(self._send, self._drop)
        except ProtocolError as full:
            self.write_message(Error(reason=full.reason).to_json())
            self.close(1013, "the table server is full")

    def on_message(self, message: str | bytes) -> None:
        if self.device is not None:
            self.service.receive(self.device, message)

    def on_close(self) -> None:
        if self.device is not None:
            self.service.disconnect(self.device)
            self.device = None

    def _send(self, text: str) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(text)

    def _drop(self, reason: str) -> None:
        # Its seat went to another connection already, and the service has let the device
        # go; on_close tells it again (harmless), and anything read meanwhile is not acted on.
        self.close(4000, reason[:100])


class HelloHandler(web.RequestHandler):
    """``GET .../hello``: that a table service is here, and its limits."""

    service: TableService

    def initialize(self, service: TableService) -> None:
        self.service = service

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(
            json.dumps(
                {"tables": 1, "open": len(self.service.tables), "limits": self.service.limits()}
            )
        )


def table_handlers(base_url: str, service: TableService) -> list[tuple[str, Any, dict[str, Any]]]:
    path = base_url.rstrip("/") + "/" + SERVICE_PATH
    return [
        (path, TableSocket, {"service": service}),
        (path + "/hello", HelloHandler, {"service": service}),
    ]


def add_table_handlers(web_app: web.Application, base_url: str, service: TableService) -> None:
    """Serve the table service on ``web_app`` under ``base_url``, before any handler the app
    has already (Voila's last one takes every path: tornado tries host rules in order)."""
    web_app.add_handlers(".*$", table_handlers(base_url, service))
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))  # add_handlers put it just before the final wildcard


def kernel_url(ip: str, port: int, base_url: str) -> str:
    """Where a kernel on this machine reaches the table service."""
    return loopback_url(ip, port, base_url, SERVICE_PATH)


def start_with_voila(voila_app: Any) -> TableService:
    """Serve the table service on the Voila server that is starting (its web app made, its
    port chosen) and tell its kernels where it is: they inherit the server's environment."""
    from ..classes.server import voila_folder

    web_app = voila_app.app
    service = make_service(kept_tables(voila_folder(voila_app)))
    add_table_handlers(web_app, voila_app.base_url, service)
    url = kernel_url(voila_app.ip, voila_app.port, voila_app.base_url)
    os.environ[URL_VARIABLE] = url
    log.info("Table service at %s", url)
    return service
