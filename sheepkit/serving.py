"""What the Voila server needs from sheepkit: a kernel websocket that speaks only protocol v1.

Imported by the Voila server process alone (voila.json names the class), never by a kernel or
by Pyodide. jupyter_server answers a client that offers no subprotocol with the older "legacy"
JSON protocol, and there is no setting that refuses it (``kernel_ws_protocol`` only chooses
among the protocols a client offers). Over the legacy protocol, a page that makes ipycanvas
send its binary messages drove the server into a near-endless loop (memory 109 -> 841 MB in
30 s, every other page frozen). Voila's own pages always offer v1, so refusing everything else
costs them nothing.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def offered_protocols(header: str | None) -> list[str]:
    """The subprotocols of a Sec-WebSocket-Protocol header, in the client's order."""
    return [part.strip() for part in (header or "").split(",") if part.strip()]


class V1OnlyConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket connection that refuses, before the upgrade, a client without v1."""

    async def prepare(self) -> None:
        request = self.websocket_handler.request
        offered = offered_protocols(request.headers.get("Sec-WebSocket-Protocol"))
        if V1_PROTOCOL not in offered:
            self.log.warning(
                "Refused a kernel websocket without the %s subprotocol (offered: %s)",
                V1_PROTOCOL,
                offered or "none",
            )
            raise web.HTTPError(400, f"only the {V1_PROTOCOL} kernel protocol is served")
        await super().prepare()
