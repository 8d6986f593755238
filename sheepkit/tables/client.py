"""A device's side of a table: ``TableClient`` keeps the table's last word (the seat it holds,
the snapshot of the game from that seat) and sends the device's messages; a transport
carries them: ``LocalTransport`` (the service in this very process: tests, one kernel),
``TornadoTransport`` (a websocket from a CPython kernel or script) and ``BrowserTransport``
(a websocket from Pyodide, through the browser's own ``WebSocket``).

Stdlib only at import (it runs on Pyodide): tornado and Pyodide's modules are imported
inside the functions that need them.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..core import Game, State, load
from ..core.messages import Outbox
from ..core.views import decode_view
from ..platform import in_browser, site_base
from . import protocol as p


def game_of(message: p.State | p.Lobby) -> Game[Any, Any, Any]:
    """The game a table's snapshot or lobby message is of: its registry key and its rules."""
    return load(message.game, **message.rules)


if TYPE_CHECKING:
    from .authority import Device, TableService

#: The environment variable that names the table service's websocket for a kernel (the Voila
#: server sets it for the kernels it starts).
URL_VARIABLE = "SHEEPKIT_TABLES_URL"
#: The service's path under the server's base URL.
SERVICE_PATH = "sheepkit/tables"

Listener = Callable[[p.Message], None]
#: Gives a client its transport, at once or (a coroutine) soon (a ``TableClient``, or the
#: class's ``ClassClient``: ``connect`` serves both).
Connect = Callable[[Any], Any]


class Transport(Protocol):
    def send(self, text: str) -> None: ...

    def close(self) -> None: ...


class TableClient:
    """One device at a table. ``receive(text)`` is what the transport calls with each message
    from the table; ``on(listener)`` hears every message after the client has read it."""

    def __init__(self, connector: Connect | None = None) -> None:
        self.transport: Transport | None = None
        #: Makes the connection when the first message is sent (``connector(url)``), at
        #: once or (a coroutine) soon; None: a transport is given before anything is sent.
        self.connector = connector
        #: Told why, when ``connector`` could not reach the service (the waiting messages
        #: are dropped).
        self.on_unreachable: Callable[[BaseException | None], None] | None = None
        self._outbox = Outbox(lambda: self._connector()(self), self.send_text, self._unreachable)
        self.snapshot: p.State | None = None  # the table's last word on the game
        self.lobby: p.Lobby | None = None  # the last lobby asked for
        self.seated: p.Seated | None = None  # where this device sits: code, seat, token
        self.record: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.closed: str | None = None  # why the table (or the connection) closed
        self.messages = 0
        self._listeners: list[Listener] = []
        #: Each message the service sends -> what the client keeps of it.
        self._handlers: dict[type[p.Message], Callable[[Any], None]] = {
            p.State: self._state,
            p.Lobby: self._lobby,
            p.Seated: self._seated,
            p.Record: self._record,
            p.Error: self._error,
            p.Closed: self._closed,
            p.Left: self._left,
        }

    # --------------------------------------------------------------------- from the table --
    def receive(self, text: str) -> None:
        try:
            message = p.read_reply(text)
        except p.ProtocolError as error:  # not a message of this sheepkit's table service
            self.errors.append(f"the table sent a message this device cannot read: {error}")
            return
        self.messages += 1
        handler = self._handlers.get(type(message))
        if handler is not None:
            handler(message)
        for listener in tuple(self._listeners):
            listener(message)

    def _state(self, message: p.State) -> None:
        self.snapshot = message

    def _lobby(self, message: p.Lobby) -> None:
        self.lobby = message

    def _seated(self, message: p.Seated) -> None:
        self.seated = message
        self.closed = None

    def _record(self, message: p.Record) -> None:
        self.record = message.record

    def _error(self, message: p.Error) -> None:
        self.errors.append(message.reason)

    def _closed(self, message: p.Closed) -> None:
        self.closed = message.reason
        self.seated = None

    def _left(self, message: p.Left) -> None:  # its connection stays open
        self.seated = self.snapshot = None

    def on(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def connection_lost(self, reason: str = "the connection to the table server was lost") -> None:
        """The transport's connection closed."""
        if self.closed is None:
            self.receive(p.Closed(reason=reason, lost=True).to_json())

    # ----------------------------------------------------------------------- to the table --
    def send(self, message: p.Message) -> None:
        """Send ``message`` (one of ``protocol.OPS``); before a connection is made (a
        ``connector`` given), it waits for the one this first message makes."""
        self.send_text(message.to_json())

    def send_text(self, text: str) -> None:
        """Send ``text`` as it is (a test's malformed message; else use ``send``)."""
        if self.transport is not None:
            self.transport.send(text)
            return
        if self.connector is None:
            raise ConnectionError("this client has no connection to a table server")
        self._outbox.put(text)

    def _connector(self) -> Connect:
        assert self.connector is not None  # put only when there is one
        return self.connector

    def _unreachable(self, error: BaseException | None) -> None:
        if self.on_unreachable is not None:
            self.on_unreachable(error)

    def open(
        self,
        game: str,
        seats: list[str],
        *,
        rules: dict[str, Any] | None = None,
        seat: int = 0,
    ) -> None:
        self.send(p.Open(game=game, rules=rules or {}, seats=seats, seat=seat))

    def look(self, code: str) -> None:
        self.send(p.Look(code=code))

    def sit(self, code: str, seat: int) -> None:
        self.send(p.Sit(code=code, seat=seat))

    def rejoin(self, code: str, token: str) -> None:
        self.send(p.Rejoin(code=code, token=token))

    def move(self, notation: str, ply: int | None = None) -> None:
        """Play ``notation`` on the position at ``ply`` (default: the last seen; the table
        refuses it if that is old)."""
        if ply is None:
            ply = self.snapshot.ply if self.snapshot is not None else 0
        self.send(p.Move(move=notation, ply=ply))

    def roll(self, outcome: str | None = None) -> None:
        self.send(p.Roll(outcome=outcome))

    def claim(self) -> None:
        """Claim the race under way for this seat (the snapshot's ``claim``)."""
        self.send(p.Claim())

    def start(self) -> None:
        self.send(p.Start())

    def set_rules(self, rules: dict[str, Any]) -> None:
        self.send(p.SetRules(rules=rules))

    def set_seat(self, seat: int, who: str) -> None:
        """Have ``seat`` played by ``who``: ``protocol.HUMAN`` or a bot's name."""
        self.send(p.SetSeat(seat=seat, who=who))

    def close_table(self) -> None:
        self.send(p.Close())

    def leave(self) -> None:
        """Give up this device's seat for good (a guest; the host closes the table)."""
        self.send(p.Leave())

    def ask_record(self) -> None:
        self.send(p.AskRecord())

    def ping(self) -> None:
        self.send(p.Ping())

    def disconnect(self) -> None:
        if self.transport is not None:
            self.transport.close()
            self.transport = None

    # --------------------------------------------------------------------------- reading --
    @property
    def code(self) -> str | None:
        return self.seated.code if self.seated else None

    @property
    def seat(self) -> int | None:
        return self.seated.seat if self.seated else None

    @property
    def token(self) -> str | None:
        return self.seated.token if self.seated else None

    def game(self) -> Game[Any, Any, Any] | None:
        """The table's game with its rules, from the last snapshot."""
        return game_of(self.snapshot) if self.snapshot is not None else None

    def state(self) -> State[Any, Any] | None:
        """A full state that draws, with ``viewer=seat``, what this seat may see (for a game
        with hidden information the rest is a random fill that the drawing never shows)."""
        game, snap = self.game(), self.snapshot
        if game is None or snap is None:
            return None
        return decode_view(game, snap.knowledge)


class LocalTransport:
    """A client connected to a ``TableService`` in this process. Messages both ways wait
    in one queue per service and are delivered in order, never from inside another
    delivery (as over a real connection)."""

    def __init__(self, service: TableService, client: TableClient) -> None:
        self.service = service
        self.client = client
        self.queue = _queue_of(service)
        self.device: Device | None = service.connect(self._deliver, self._dropped)
        client.transport = self

    def send(self, text: str) -> None:
        device = self.device
        if device is None:
            raise ConnectionError("this connection is closed")
        self.queue.put(lambda: self.service.receive(device, text))

    def close(self) -> None:
        device, self.device = self.device, None
        if device is not None:
            self.queue.put(lambda: self.service.disconnect(device))

    def _deliver(self, text: str) -> None:
        self.queue.put(lambda: self.client.receive(text))

    def _dropped(self, reason: str) -> None:
        self.close()
        self.queue.put(lambda: self.client.connection_lost(reason))


class _Queue:
    def __init__(self) -> None:
        self.items: deque[Callable[[], None]] = deque()
        self.running = False

    def put(self, item: Callable[[], None]) -> None:
        self.items.append(item)
        if self.running:
            return
        self.running = True
        try:
            while self.items:
                self.items.popleft()()
        finally:
            self.running = False


def _queue_of(service: TableService) -> _Queue:
    queue = getattr(service, "_local_queue", None)
    if queue is None:
        queue = _Queue()
        service._local_queue = queue  # type: ignore[attr-defined]
    return queue


def local_client(service: TableService) -> TableClient:
    """A new client connected to ``service`` in this process."""
    client = TableClient()
    LocalTransport(service, client)
    return client


class TornadoTransport:
    """A websocket to a table server, from CPython (a kernel, a script, the benchmark), on
    the running asyncio loop: ``await TornadoTransport.connect(url, client)``."""

    def __init__(self, connection: Any, client: TableClient) -> None:
        self.connection = connection
        self.client = client
        client.transport = self
        self.reading = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, url: str, client: TableClient) -> TornadoTransport:
        from tornado.websocket import websocket_connect

        connection = await websocket_connect(url, max_message_size=4 * 2**20)
        if connection.protocol is not None:  # each message at once (serving.V1OnlyConnection)
            connection.protocol.set_nodelay(True)
        return cls(connection, client)

    def send(self, text: str) -> None:
        self.connection.write_message(text)

    def close(self) -> None:
        self.connection.close()

    async def _read(self) -> None:
        while True:
            text = await self.connection.read_message()
            if text is None:
                self.client.connection_lost()
                return
            if isinstance(text, str):
                self.client.receive(text)


class BrowserTransport:
    """A websocket from Pyodide, the browser's own ``WebSocket``: messages sent before it
    opens wait for it."""

    def __init__(self, url: str, client: TableClient) -> None:
        import js  # type: ignore[import-not-found]  # Pyodide's window (or worker) scope
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        self.client = client
        self.waiting: list[str] = []
        self.open = False
        self.socket = js.WebSocket.new(url)
        # Kept: a proxy dropped while the socket lives would break its callbacks.
        self.proxies = [
            create_proxy(self._opened),
            create_proxy(lambda event: client.receive(str(event.data))),
            create_proxy(lambda event: client.connection_lost()),
        ]
        for kind, proxy in zip(("open", "message", "close"), self.proxies, strict=True):
            self.socket.addEventListener(kind, proxy)
        client.transport = self

    def _opened(self, event: Any) -> None:
        self.open = True
        for text in self.waiting:
            self.socket.send(text)
        self.waiting.clear()

    def send(self, text: str) -> None:
        if self.open:
            self.socket.send(text)
        else:
            self.waiting.append(text)

    def close(self) -> None:
        self.socket.close()


def connect(url: str, client: Any) -> Any:
    """Connect ``client`` (a ``TableClient``, or any client with ``receive(text)``,
    ``connection_lost()`` and a ``transport``: the class's too) to the websocket at ``url``
    with this interpreter's transport: the browser's ``WebSocket`` in Pyodide (at once), else
    tornado's (a coroutine to await)."""
    if in_browser():
        return BrowserTransport(url, client)
    return TornadoTransport.connect(url, client)


def connector(url: str) -> Connect:
    """A ``Connect`` for ``TableClient(connector=...)``: ``connect(url, client)``."""
    return lambda client: connect(url, client)


def service_connector(url: str | None, hello: str, key: str) -> Connect | None:
    """How to reach the service at ``url``, or None when there is none to reach: no ``url``,
    or (in Pyodide) a site served as plain files, whose ``hello`` page (HTTP) does not answer
    with an object holding ``key`` ("tables", "classes")."""
    if url is None:
        return None
    if in_browser() and not _answers(hello, key):
        return None
    return connector(url)


def _answers(url: str, key: str) -> bool:
    """Whether the page's server answers ``url`` with a hello holding ``key`` (Pyodide)."""
    import json

    from pyodide.http import open_url  # type: ignore[import-not-found]

    try:
        hello = json.loads(open_url(url).read())
    except Exception:  # no page, not JSON, no network: no service, whatever the reason
        return False
    return isinstance(hello, dict) and key in hello


def table_service_url() -> str | None:
    """The table service's websocket URL for this kernel (``service_url``)."""
    return service_url(URL_VARIABLE, SERVICE_PATH)


def service_url(variable: str, path: str) -> str | None:
    """A service's websocket URL for this kernel, or None when there is none to ask: the
    environment's ``variable`` (the Voila server sets it for the kernels it starts), else in
    Pyodide the page's own server's ``path`` (a classroom server serves the site and its
    services together); whether the service answers is ``service_connector``'s question."""
    url = os.environ.get(variable)
    if url:
        return url
    if not in_browser():
        return None
    import js

    location = js.location
    scheme = "wss" if str(location.protocol) == "https:" else "ws"
    return f"{scheme}://{location.host}{site_base(str(location.pathname))}{path}"


def hello_url(url: str) -> str:
    """The service's hello page (HTTP) for its websocket URL."""
    return url.replace("wss://", "https://", 1).replace("ws://", "http://", 1) + "/hello"


__all__ = [
    "SERVICE_PATH",
    "URL_VARIABLE",
    "BrowserTransport",
    "Connect",
    "LocalTransport",
    "TableClient",
    "TornadoTransport",
    "connect",
    "connector",
    "hello_url",
    "local_client",
    "service_connector",
    "service_url",
    "site_base",
    "table_service_url",
]
