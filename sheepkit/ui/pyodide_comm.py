"""Widget messages that keep their ``None`` values on JupyterLite's Pyodide kernel.

The kernel of the static site (jupyterlite-pyodide-kernel 0.6) hands each comm message to the
page with Pyodide's ``toJs()``, which turns Python's ``None`` into JavaScript's ``undefined``;
the page then passes the message on as JSON, which drops every key whose value is
``undefined``. So a widget trait set *back* to ``None`` never reached the page: a box hidden
with ``layout.display = "none"`` stayed hidden after ``layout.display = None`` (Battle Sheep's
tile buttons, after the bot's answer), and the same for a width, a Dropdown's value... A
real kernel sends JSON ``null``, so Voila and JupyterLab were not affected.

:func:`install` (run by ``sheepkit.ui`` in the browser) wraps the kernel's ``Comm.publish_msg``
so that a message whose content holds a ``None`` goes to the page as a JavaScript object made
by ``JSON.parse``, where ``None`` is ``null``; ``toJs()`` passes such an object through as it
is. Messages without a ``None`` (most of them: the board's drawing commands) are untouched.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

_MARK = "_sheepkit_keeps_none"


def as_js(value: Any, parse: Callable[[str], Any]) -> Any:
    """``value`` as ``parse`` (JavaScript's ``JSON.parse``) makes it from JSON when that JSON
    has a ``null`` in it; otherwise (or if it is no JSON) ``value`` itself."""
    if value is None:
        return value
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return value  # not JSON (bytes, NaN...): leave it to the kernel's own conversion
    return parse(text) if "null" in text else value


def install() -> bool:
    """Wrap the Pyodide kernel's ``Comm.publish_msg`` (once); False where there is no such
    kernel (a normal Python, or Pyodide without JupyterLite's kernel)."""
    try:
        kernel_comm = importlib.import_module("pyodide_kernel.comm")
        js = importlib.import_module("js")
    except ImportError:
        return False
    comm_class = kernel_comm.Comm
    if getattr(comm_class, _MARK, False):
        return True
    original = comm_class.publish_msg
    parse = js.JSON.parse

    def publish_msg(
        self: Any,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> Any:
        return original(self, msg_type, as_js(data, parse), as_js(metadata, parse), buffers, **keys)

    comm_class.publish_msg = publish_msg
    setattr(comm_class, _MARK, True)
    return True
