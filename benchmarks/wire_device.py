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
from collections import deque
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
        self._log_id = ""
        #: The app's widgets (comm ids, in the order of their boxes' children), and by CSS
        #: class, kept until a box's children or a widget's classes change.
        self._tree: tuple[list[str], dict[str, list[str]]] | None = None
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
        for comm_id in self._app_tree()[0]:  # what each canvas's view in it says, drawn
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
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id", ""), None)
                self._tree = None

    def _apply(self, comm_id: str, state: dict[str, Any]) -> None:
        self.models.setdefault(comm_id, {}).update(state)
        classes = self.models[comm_id].get("_dom_classes", ())
        if "children" in state or "_dom_classes" in state:
            self._tree = None
        if not self.app and "sk-app" in classes:
            self.app = comm_id
        if not self._log_id and "sk-log" in classes:
            self._log_id = self.find("sk-log") or ""  # the first app's log
        if comm_id == self._log_id:
            self._noted_log()
        self._changed.set()

    def _noted_log(self) -> None:
        lines = str(self.models[self._log_id].get("value", "")).count("<li")
        if lines < self.log_lines:
            self.log_at = {}
        self.log_at.setdefault(lines, time.monotonic())
        self.log_lines = lines

    def log_grew(self, lines: int) -> int:
        """How many lines the log holds once more than ``lines``, else 0."""
        return self.log_lines if self.log_lines > lines else 0

    def log_holds(self, lines: int) -> bool:
        return self.log_lines >= lines

    def log_first_held(self, lines: int) -> float:
        """When (time.monotonic()) the log first held at least ``lines`` lines."""
        return min(at for n, at in self.log_at.items() if n >= lines)

    # ---------------------------------------------------------------- what it shows --
    async def until(self, shown: Callable[[], Any], timeout: float) -> Any:
        """Wait until ``shown()`` is truthy (checked as each message comes); its value."""
        return await until((self,), shown, timeout)

    def _app_tree(self) -> tuple[list[str], dict[str, list[str]]]:
        if self._tree is None:
            members: list[str] = []
            by_class: dict[str, list[str]] = {}
            seen, todo = set(), deque([self.app] if self.app else [])
            while todo:
                comm_id = todo.popleft()
                if comm_id in seen or comm_id not in self.models:
                    continue
                seen.add(comm_id)
                members.append(comm_id)
                state = self.models[comm_id]
                for css_class in state.get("_dom_classes", ()):
                    by_class.setdefault(css_class, []).append(comm_id)
                children = state.get("children") or ()
                todo.extend(c[len(PREFIX) :] for c in children if isinstance(c, str))
            self._tree = members, by_class
        return self._tree

    def all(self, css_class: str, visible: bool = False) -> list[str]:
        """The app's widgets of ``css_class`` (their comm ids), the shown ones if asked."""
        found = self._app_tree()[1].get(css_class, ())
        return [c for c in found if not visible or self.shown(c)]

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
