"""sheepkit.ui.pyodide_comm: on JupyterLite's Pyodide kernel a widget trait set back to None
must reach the page. The kernel and JavaScript's JSON are stood in for here; the real thing
is played in tests/site/test_site.py (Battle Sheep's tile buttons shown again)."""

from __future__ import annotations

import json
import sys
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from sheepkit.ui import pyodide_comm


class JsObject:
    """What JSON.parse would return: a JavaScript object, here its JSON text."""

    def __init__(self, text: str) -> None:
        self.value = json.loads(text)


def to_page(content: Any) -> Any:
    """What the page reads of a message: the kernel's toJs() turns None into undefined,
    and the JSON the page passes the message on as drops those keys; a JS object (made by
    JSON.parse) passes through as it is."""
    if isinstance(content, JsObject):
        return content.value
    if isinstance(content, dict):
        return {k: to_page(v) for k, v in content.items() if v is not None}
    if isinstance(content, list | tuple):
        return [to_page(v) for v in content]
    return content


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> type:
    sent: list[tuple[str, Any, Any]] = []

    class Comm:
        comm_id = "c1"
        sent_messages = sent

        def publish_msg(
            self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None
        ) -> None:
            content = {"data": {} if data is None else data, "comm_id": self.comm_id}
            sent.append((msg_type, to_page(content), buffers))

    package = ModuleType("pyodide_kernel")
    module = ModuleType("pyodide_kernel.comm")
    module.__dict__["Comm"] = Comm
    package.__dict__["comm"] = module
    js = ModuleType("js")
    js.__dict__["JSON"] = SimpleNamespace(parse=JsObject)
    monkeypatch.setitem(sys.modules, "pyodide_kernel", package)
    monkeypatch.setitem(sys.modules, "pyodide_kernel.comm", module)
    monkeypatch.setitem(sys.modules, "js", js)
    return Comm


def test_a_trait_set_back_to_none_reaches_the_page(kernel: type) -> None:
    update = {"method": "update", "state": {"display": None}, "buffer_paths": []}
    kernel().publish_msg("comm_msg", update)
    assert kernel.sent_messages[-1][1]["data"]["state"] == {}  # the bug: the key is lost
    assert pyodide_comm.install()
    kernel().publish_msg("comm_msg", update)
    assert kernel.sent_messages[-1][1]["data"]["state"] == {"display": None}


def test_messages_without_none_or_not_json_are_left_as_they_are(kernel: type) -> None:
    assert pyodide_comm.install()
    assert pyodide_comm.install()  # a second install does not wrap twice
    state = {"method": "update", "state": {"display": "none"}}
    kernel().publish_msg("comm_msg", state, buffers=[b"\x00"])
    assert kernel.sent_messages[-1] == ("comm_msg", {"data": state, "comm_id": "c1"}, [b"\x00"])
    raw = {"state": {"value": b"\x01", "other": None}}  # bytes: no JSON, the kernel converts
    assert pyodide_comm.as_js(raw, JsObject) is raw
    nan = {"state": {"x": float("nan"), "y": None}}  # JSON.parse cannot read NaN
    assert pyodide_comm.as_js(nan, JsObject) is nan


def test_nothing_is_patched_outside_the_pyodide_kernel() -> None:
    assert "pyodide_kernel" not in sys.modules
    assert pyodide_comm.install() is False
