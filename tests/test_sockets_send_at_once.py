"""Every websocket on a move's way sends each message at once (TCP_NODELAY): with Nagle's
algorithm, tornado's default, a widget update's later messages waited for the page to
acknowledge the first, up to 40 ms (docs/serving.md, "Sockets that do not wait")."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tables.test_server import serve, until

from sheepkit.serving import V1OnlyConnection
from sheepkit.tables import TableClient
from sheepkit.tables.client import TornadoTransport


class Handler(KernelWebsocketHandler):
    """A kernel websocket handler that only notes what its connection asks of it."""

    asked: list[bool]

    def set_nodelay(self, value: bool) -> None:
        self.asked.append(value)


def test_a_pages_kernel_socket_sends_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    connected: list[Any] = []
    monkeypatch.setattr(
        ZMQChannelsWebsocketConnection, "connect", lambda self: connected.append(self)
    )
    handler = Handler.__new__(Handler)  # (no application or request: only set_nodelay runs)
    handler.asked = []
    connection = V1OnlyConnection.__new__(V1OnlyConnection)
    connection.websocket_handler = handler
    connection.connect()  # (the ZMQ side's own connect is a stand-in here)
    assert handler.asked == [True] and connected == [connection]


def nodelay(sock: socket.socket) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def test_both_ends_of_a_table_socket_send_at_once() -> None:
    async def main() -> None:
        served, server = serve()
        try:
            client = TableClient()
            transport = await TornadoTransport.connect(served.url, client)
            await until(lambda: served.service.connected, "the device connected")
            (device,) = served.service.connected
            table_socket = device.send.__self__  # the TableSocket that sends to it
            assert nodelay(transport.connection.protocol.stream.socket)
            assert nodelay(table_socket.ws_connection.stream.socket)
            client.disconnect()
        finally:
            server.stop()

    asyncio.run(main())
