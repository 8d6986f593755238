"""A pupil's page's side of a class: ``ClassClient`` keeps what the service last said (the
class joined, the teacher's pacing, the shared spreads, what is saved) and sends the page's
messages through a transport (the table service's: a websocket from a kernel, from Pyodide,
or the service in this process). Stdlib only: it runs on Pyodide too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from ..core.messages import Outbox
from .messages import (
    TO_PUPIL,
    Ended,
    Joined,
    Message,
    MessageError,
    Pace,
    Refused,
    Saved,
    Spread,
    from_dict,
)

Listener = Callable[[Message], None]

#: The pupils' websocket under the server's base URL.
CLASS_PATH = "sheepkit/class"
#: The environment variable that names the class service's websocket for a kernel (the Voila
#: server sets it for the kernels it starts).
URL_VARIABLE = "SHEEPKIT_CLASS_URL"


class Transport(Protocol):
    def send(self, text: str) -> None: ...

    def close(self) -> None: ...


class ClassClient:
    """One page in a class. ``receive(text)`` is what the transport calls with each message;
    ``on(listener)`` hears each message after the client has read it."""

    def __init__(self, connector: Callable[[ClassClient], Any] | None = None) -> None:
        self.transport: Transport | None = None
        #: Makes the connection when the first message is sent (at once, or an awaitable);
        #: None: a transport is given before anything is sent.
        self.connector = connector
        #: Told why, when ``connector`` could not reach the service.
        self.on_unreachable: Callable[[BaseException | None], None] | None = None
        self._outbox = Outbox(self._connect, self._send_text, self._unreachable)
        self.joined: Joined | None = None
        self.pace = Pace()
        self.spreads: dict[str, Spread] = {}
        self.saved: list[Saved] = []
        self.refused: list[Refused] = []
        self.ended: str | None = None
        self.lost: str | None = None
        self._listeners: list[Listener] = []

    def receive(self, text: str) -> None:
        try:
            message = from_dict(json.loads(text), TO_PUPIL)
        except (ValueError, MessageError):
            return  # not the service's: ignored
        if isinstance(message, Joined):
            self.joined, self.ended = message, None
        elif isinstance(message, Pace):
            self.pace = message
        elif isinstance(message, Saved):
            self.saved.append(message)
        elif isinstance(message, Spread):
            self.spreads[f"{message.lesson}/{message.question}"] = message
        elif isinstance(message, Refused):
            self.refused.append(message)
        elif isinstance(message, Ended):
            self.joined, self.ended = None, message.reason
        for listener in tuple(self._listeners):
            listener(message)

    def connection_lost(self, reason: str = "the connection to the class server was lost") -> None:
        self.lost = reason
        self.transport = None
        for listener in tuple(self._listeners):
            listener(Ended(reason=reason))

    def on(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @property
    def connected(self) -> bool:
        return self.transport is not None

    @property
    def waiting(self) -> bool:
        """Whether messages wait for a connection being made."""
        return bool(self._outbox.waiting)

    def send(self, message: Message) -> None:
        """Send ``message``; before a connection is made (a ``connector`` given) it waits for
        the one this first message makes."""
        self._send_text(message.to_json())

    def _send_text(self, text: str) -> None:
        if self.transport is not None:
            self.transport.send(text)
        elif self.connector is None:
            raise ConnectionError("this page has no connection to the class server")
        else:
            self._outbox.put(text)

    def _connect(self) -> Any:
        assert self.connector is not None  # put only when there is one
        return self.connector(self)

    def _unreachable(self, error: BaseException | None) -> None:
        if self.on_unreachable is not None:
            self.on_unreachable(error)

    def disconnect(self) -> None:
        if self.transport is not None:
            self.transport.close()
            self.transport = None


class LocalTransport:
    """A client connected to a ``ClassService`` in this process (tests, one kernel): messages
    both ways are delivered in order, never from inside another delivery."""

    def __init__(self, service: Any, client: ClassClient) -> None:
        self.service = service
        self.client = client
        self.items: list[Callable[[], None]] = []
        self.running = False
        self.link = service.connect(lambda text: self._put(lambda: client.receive(text)))
        client.transport = self

    def _put(self, item: Callable[[], None]) -> None:
        self.items.append(item)
        if self.running:
            return
        self.running = True
        try:
            while self.items:
                self.items.pop(0)()
        finally:
            self.running = False

    def send(self, text: str) -> None:
        link = self.link
        self._put(lambda: self.service.receive(link, text))

    def close(self) -> None:
        self.service.disconnect(self.link)
