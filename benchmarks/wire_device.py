"""A pupil's device without a browser: what a Voila page asks of the server, and no rendering.

A benchmark's stand-in for a device whose browser runs elsewhere (a pupil's own laptop): it
asks for the rendered page (which starts its kernel), opens the kernel's websocket as the
page's widget manager does (the control comm, "send me every widget's state"), has the
notebook run on Voila's execution websocket, and then keeps every widget's state as the
kernel's messages change it. It finds widgets by their CSS classes (``add_class``) inside the
first app, presses buttons and sets values with the messages a page's widgets send. So the
server does all it does for a page (the kernel, Voila's relaying, the table service) while
no page renders on this machine's cores.

Used by tables_browser_load.py (--without-browser). Run alone, it opens one device on a Voila
of its own and says how long the app took to reach it and what it holds.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ipywidgets._version import __control_protocol_version__ as CONTROL_PROTOCOL
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import WebSocketClientConnection, websocket_connect

from sheepkit.serving import V1_PROTOCOL

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import kernel_id_in, parse_kernel_frame, v1_frame

PREFIX = "IPY_MODEL_"


class WireDevice:
    """One device's widgets, as the kernel last said them; ``open`` first."""

    def __init__(self, url: str, notebook: str) -> None:
        self.url, self.notebook = url, notebook
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}  # comm id -> widget state
        self.kernel = ""
        self.app = ""  # the comm id of the first app (its ``sk-app`` box)
        #: When (time.monotonic()) the app's log first held each number of lines; a shorter
        #: log (the table closed, a new game) starts the notes again.
        self.log_at: dict[int, float] = {}
        self.log_lines = 0
        self.messages = 0  # widget messages received
        self._log_id = ""
        self._inside: list[str] | None = None  # the app's widgets, until its tree changes
        self._channels: WebSocketClientConnection | None = None
        self._execution: WebSocketClientConnection | None = None
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ connecting --
    async def open(self, timeout: float = 300) -> None:
        """Ask for the page, connect as its widget manager, run the notebook, and wait for
        the app's table buttons."""
        page = await AsyncHTTPClient().fetch(
            f"{self.url}/voila/render/{self.notebook}.ipynb", request_timeout=timeout
        )
        self.kernel = kernel_id_in(page.body.decode())
        ws = self.url.replace("http", "ws", 1)
        self._channels = await websocket_connect(
            f"{ws}/api/kernels/{self.kernel}/channels?session_id={self.session}",
            subprotocols=[V1_PROTOCOL],
            max_message_size=64 * 1024 * 1024,
        )
        self._channels.protocol.set_nodelay(True)  # as a browser's socket: no Nagle wait
        control = uuid.uuid4().hex
        opened = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        await self._shell("comm_open", opened, {"version": CONTROL_PROTOCOL})
        asked = {"comm_id": control, "data": {"method": "request_states"}}
        await self._shell("comm_msg", asked)
        self._reader = asyncio.ensure_future(self._read())
        self._execution = await websocket_connect(f"{ws}/voila/execution/{self.kernel}")
        await self._execution.read_message()  # "initialized"
        await self._execution.write_message(
            json.dumps({"action": "execute", "payload": {"kernel_id": self.kernel}})
        )
        await self.until(lambda: self.find("sk-table-open") is not None, timeout)
        for comm_id in self._descendants(self.app):  # what each canvas's view says, drawn
            if self.models[comm_id].get("_send_client_ready_event"):
                await self.custom(comm_id, {"event": "client_ready"})

    async def close(self) -> None:
        """Leave as a closing page does: its beacon asks Voila to shut the kernel down."""
        for connection in (self._execution, self._channels):
            if connection is not None:
                connection.close()
        if self._reader is not None:
            self._reader.cancel()
        if self.kernel:
            await AsyncHTTPClient().fetch(
                f"{self.url}/voila/api/shutdown/{self.kernel}",
                method="POST",
                body=b"",
                raise_error=False,
            )

    async def _shell(self, msg_type: str, content: dict[str, Any], meta: Any = None) -> None:
        assert self._channels is not None
        frame = v1_frame("shell", msg_type, content, self.session, meta)
        await self._channels.write_message(frame, binary=True)

    async def _read(self) -> None:
        assert self._channels is not None
        while True:
            payload = await self._channels.read_message()
            if payload is None:
                return
            parsed = parse_kernel_frame(payload)
            if parsed is None or parsed[0] != "iopub":
                continue
            _, header, content = parsed
            kind = header.get("msg_type")
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self._apply(content["comm_id"], content["data"].get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                method = data.get("method")
                if method in ("update", "echo_update"):
                    self._apply(content["comm_id"], data.get("state", {}))
                elif method == "update_states":  # the answer to request_states
                    for comm_id, entry in data.get("states", {}).items():
                        self._apply(comm_id, entry.get("state", {}))
                else:  # a custom message: a canvas's drawing
                    self.messages += 1
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id", ""), None)
                self._inside = None

    def _apply(self, comm_id: str, state: dict[str, Any]) -> None:
        self.messages += 1
        self.models.setdefault(comm_id, {}).update(state)
        if "children" in state or "_dom_classes" in state:
            self._inside = None  # the app's tree changed
        if not self.app and "sk-app" in state.get("_dom_classes", ()):
            self.app = comm_id
        if comm_id == self._log_id or (
            not self._log_id and "sk-log" in self.models[comm_id].get("_dom_classes", ())
        ):
            self._noted_log(comm_id)
        self._changed.set()

    def _noted_log(self, comm_id: str) -> None:
        if not self._log_id:  # the first app's log: the one inside it
            if not self.app or comm_id not in self._descendants(self.app):
                return
            self._log_id = comm_id
        lines = str(self.models[comm_id].get("value", "")).count("<li")
        if lines < self.log_lines:
            self.log_at = {}
        self.log_at.setdefault(lines, time.monotonic())
        self.log_lines = lines

    # ---------------------------------------------------------------- what it shows --
    async def until(self, shown: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``shown()`` is truthy (checked as each message comes); its value."""
        return await until((self,), shown, timeout)

    def _descendants(self, root: str) -> list[str]:
        """``root`` and every widget inside it, in the order of their boxes' children."""
        if root == self.app and self._inside is not None:
            return self._inside
        found, todo = [], [root]
        while todo:
            comm_id = todo.pop(0)
            if comm_id in found or comm_id not in self.models:
                continue
            found.append(comm_id)
            children = self.models[comm_id].get("children") or ()
            todo.extend(c[len(PREFIX) :] for c in children if isinstance(c, str))
        if root == self.app:
            self._inside = found
        return found

    def all(self, css_class: str, visible: bool = False) -> list[str]:
        """The app's widgets of ``css_class`` (their comm ids), the shown ones if asked."""
        if not self.app:
            return []
        return [
            c
            for c in self._descendants(self.app)
            if css_class in self.models[c].get("_dom_classes", ())
            and (not visible or self.shown(c))
        ]

    def find(self, css_class: str) -> str | None:
        found = self.all(css_class)
        return found[0] if found else None

    def shown(self, comm_id: str) -> bool:
        """Not hidden by its own layout (``display: none``) and not disabled."""
        state = self.models[comm_id]
        layout = str(state.get("layout", ""))[len(PREFIX) :]
        return self.models.get(layout, {}).get("display") != "none" and not state.get("disabled")

    def value(self, css_class: str) -> str:
        comm_id = self.find(css_class)
        return "" if comm_id is None else str(self.models[comm_id].get("value", ""))

    # -------------------------------------------------------------------- acting --
    async def click(self, comm_id: str) -> float:
        """Press a button, as its page would; when (time.monotonic()) it was pressed."""
        at = time.monotonic()
        await self.custom(comm_id, {"event": "click"})
        return at

    async def custom(self, comm_id: str, content: dict[str, Any]) -> None:
        """A widget's own message from its page (a click, a canvas's "client ready")."""
        await self._shell(
            "comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": content}}
        )

    async def set(self, comm_id: str, **state: Any) -> None:
        """Change a widget's value as a page's input does (the kernel echoes it back)."""
        content = {
            "comm_id": comm_id,
            "data": {"method": "update", "state": state, "buffer_paths": []},
        }
        await self._shell("comm_msg", content)


async def until(devices: tuple[WireDevice, ...], shown: Callable[[], Any], timeout: float) -> Any:
    """Wait until ``shown()`` is truthy, checked as each message reaches any of ``devices``;
    its value."""
    end = time.monotonic() + timeout
    while True:
        value = shown()
        if value:
            return value
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"{devices[0].kernel[:8]}: not shown within {timeout} s")
        for device in devices:
            device._changed.clear()
        waits = [asyncio.ensure_future(d._changed.wait()) for d in devices]
        await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        for waiting in waits:
            waiting.cancel()


async def one_device(url: str, notebook: str) -> None:
    started = time.monotonic()
    device = WireDevice(url, notebook)
    await device.open()
    await device.until(lambda: device.value("sk-status"), 60)
    print(
        f"{notebook}: the app reached a device without a browser in "
        f"{time.monotonic() - started:.1f} s; {len(device.models)} widgets, "
        f"{len(device.all('sk-move'))} move buttons; status: {device.value('sk-status')}"
    )
    await device.close()


if __name__ == "__main__":
    from voila_harness import ARTIFACTS, NOTEBOOKS, serve_voila

    extra = ("--WarmKernelManager.warm_kernels=0",)
    with serve_voila(NOTEBOOKS, ARTIFACTS / "wire-device.log", extra_args=extra) as server:
        asyncio.run(one_device(server.url, "wolf_and_sheep"))
