"""The browser's memory of the tables it sits at: a seat's token survives a reload.

The kernel keeps nothing across a page reload (a new page is a new kernel), so the seat token
lives in the browser's ``localStorage`` under ``sheepkit-table-<CODE>``. Without a front-end
extension of its own, sheepkit runs page code the way ``keyboard.py`` does: an HTML widget
holding an image that fails to load runs its ``onerror``. Reading: that code puts the page's
query string (``?table=K7QX`` in a table link) and every stored seat into a hidden ``Text``
widget and fires an ``input`` event, so ipywidgets sends the value to the kernel. Writing: the
kernel sets the HTML widget to new page code (storing or forgetting a seat, and putting the
table's code into the address, so that a reload finds it).

On Voila the kernel also gets the query string in its environment (``QUERY_STRING``, set by
Voila for each page); on the static site only the page code can read it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from .page_code import page_code

PREFIX = "sheepkit-table-"
#: A table code as the service writes it (4 letters of an unambiguous alphabet); the bridge
#: reads a little more loosely and the service decides.
CODE = re.compile(r"^[A-Z2-9]{3,8}$")
# The longest report the page may send (a browser full of old seats is still a few kB).
MAX_REPORT = 16_384


def table_from_query(query: str) -> str | None:
    """The table code of a query string (``table=k7qx`` -> ``K7QX``), or None."""
    values = parse_qs(query.lstrip("?")).get("table", [])
    code = values[0].strip().upper() if values else ""
    return code if CODE.match(code) else None


class TableMemory:
    """One app's bridge to the browser's storage. ``on_report(report)`` is called with
    ``{"query": "?table=...", "seats": {CODE: {"seat": n, "token": "..."}}}`` once the page has
    read them; ``remember`` and ``forget`` write."""

    def __init__(self, on_report: Callable[[dict[str, Any]], None]) -> None:
        self.on_report = on_report
        self.report: dict[str, Any] | None = None
        self.inbox = w.Text(layout=w.Layout(display="none"))
        self.inbox.add_class("sk-table-inbox")
        # One inbox per app: several apps can share a page (a replay under a lesson).
        self.mark = f"sk-table-inbox-{self.inbox.model_id[:12]}"
        self.inbox.add_class(self.mark)
        self.inbox.observe(self._received, "value")
        self.script = w.HTML(layout=w.Layout(display="none"))
        self.script.add_class("sk-table-script")
        self._runs = 0
        self._run(self._read_code())

    @property
    def widgets(self) -> tuple[w.Widget, ...]:
        return (self.inbox, self.script)

    def query(self) -> str:
        """The page's query string: the page's report, or (on Voila, before it) the kernel's
        environment."""
        if self.report is not None:
            return str(self.report.get("query", ""))
        return os.environ.get("QUERY_STRING", "")

    def seat_for(self, code: str) -> dict[str, Any] | None:
        """The seat this browser holds at table ``code`` (``{"seat", "token"}``), if any."""
        seats = (self.report or {}).get("seats", {})
        stored = seats.get(code) if isinstance(seats, dict) else None
        if isinstance(stored, dict) and isinstance(stored.get("token"), str):
            return stored
        return None

    def remember(self, code: str, seat: int, token: str) -> None:
        """Keep the seat in the browser and put the table into the page's address."""
        value = json.dumps({"seat": seat, "token": token})
        if self.report is not None:
            self.report.setdefault("seats", {})[code] = {"seat": seat, "token": token}
        self._run(
            f"try{{localStorage.setItem({json.dumps(PREFIX + code)},{json.dumps(value)});}}"
            "catch(e){}"
            "var u=new window.URL(location.href);"
            f"u.searchParams.set('table',{json.dumps(code)});"
            "history.replaceState(history.state,'',u.toString());"
        )

    def forget(self, code: str) -> None:
        """Drop the browser's seat at ``code`` (the table closed, or refused the token), and
        the table from the page's address."""
        if self.report is not None:
            self.report.get("seats", {}).pop(code, None)
        self._run(
            f"try{{localStorage.removeItem({json.dumps(PREFIX + code)});}}catch(e){{}}"
            "var u=new window.URL(location.href);u.searchParams.delete('table');"
            "history.replaceState(history.state,'',u.toString());"
        )

    def _read_code(self) -> str:
        # Polls until the inbox is in the page: the two widgets are drawn in either order.
        return (
            "(function(){var n=0;function go(){"
            f"var i=document.querySelector('.{self.mark} input');"
            "if(!i){if(n++<100)setTimeout(go,100);return;}"
            "var s={};try{for(var k=0;k<localStorage.length;k++){var key=localStorage.key(k);"
            f"if(key.indexOf({json.dumps(PREFIX)})===0){{try{{s[key.slice({len(PREFIX)})]="
            "JSON.parse(localStorage.getItem(key));}catch(e){}}}}catch(e){}"
            "i.value=JSON.stringify({query:location.search,seats:s});"
            "i.dispatchEvent(new Event('input',{bubbles:true}));}go();})()"
        )

    def _run(self, code: str) -> None:
        # Run as an inline handler, which looks names up on the document first: ``URL`` there
        # is ``document.URL``, hence ``window.URL`` in the code. Each run is new HTML, so the
        # same code (a seat remembered twice) runs again.
        self._runs += 1
        self.script.value = page_code(code, self._runs)

    def _received(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if not text or len(text) > MAX_REPORT:
            return
        try:
            report = json.loads(text)
        except ValueError:
            return
        if not isinstance(report, dict):
            return
        seats = report.get("seats")
        self.report = {
            "query": report.get("query") if isinstance(report.get("query"), str) else "",
            "seats": dict(seats) if isinstance(seats, dict) else {},
        }
        self.on_report(self.report)
