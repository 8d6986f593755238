"""One value the browser keeps for the pages of this site, across reloads and weeks: a
pupil's place in a class (its code, name and token) under ``localStorage[key]``.

As ``table_memory`` does for table seats, the page code runs from an image's ``onerror``
(``page_code``): reading puts the stored JSON into a hidden ``Text`` widget and fires an
``input`` event, so that ipywidgets sends it to the kernel; writing sets the HTML widget to
new page code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from .page_code import page_code

#: The longest value read back (a class place is about 100 bytes).
MAX_VALUE = 4_096


class BrowserMemory:
    """The browser's value under ``key``. ``on_read(value)`` is called once the page has read
    it (None when nothing is stored); ``keep`` and ``forget`` write."""

    def __init__(self, key: str, on_read: Callable[[dict[str, Any] | None], None]) -> None:
        self.key = key
        self.on_read = on_read
        self.value: dict[str, Any] | None = None
        self.read = False
        self.inbox = w.Text(layout=w.Layout(display="none"))
        self.mark = f"sk-memory-{self.inbox.model_id[:12]}"
        self.inbox.add_class(self.mark)
        self.inbox.observe(self._received, "value")
        self.script = w.HTML(layout=w.Layout(display="none"))
        self._runs = 0
        self._run(
            "(function(){var n=0;function go(){"
            f"var i=document.querySelector('.{self.mark} input');"
            "if(!i){if(n++<100)setTimeout(go,100);return;}"
            f"var v=null;try{{v=localStorage.getItem({json.dumps(key)});}}catch(e){{}}"
            "i.value=JSON.stringify({value:v});"
            "i.dispatchEvent(new Event('input',{bubbles:true}));}go();})()"
        )

    @property
    def widgets(self) -> tuple[w.Widget, ...]:
        return (self.inbox, self.script)

    def keep(self, value: dict[str, Any]) -> None:
        self.value = dict(value)
        text = json.dumps(value)
        self._run(
            f"try{{localStorage.setItem({json.dumps(self.key)},{json.dumps(text)});}}catch(e){{}}"
        )

    def forget(self) -> None:
        self.value = None
        self._run(f"try{{localStorage.removeItem({json.dumps(self.key)});}}catch(e){{}}")

    def _run(self, code: str) -> None:
        self._runs += 1
        self.script.value = page_code(code, self._runs)

    def _received(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if self.read or not text or len(text) > MAX_VALUE:
            return
        try:
            stored = json.loads(json.loads(text).get("value") or "null")
        except (ValueError, AttributeError, TypeError):
            stored = None
        self.read = True
        self.value = stored if isinstance(stored, dict) else None
        self.on_read(self.value)
