"""The bots' pace on a screen: with auto-play on, the session's next bot step after a delay,
so a pupil sees each move; a deal or draw of hidden cards at once. No threads, no widgets.

The delay runs on an injected clock, ``later(seconds, callback)``: by default the running
event loop's ``call_later`` (a kernel's in JupyterLab and Voila), the play page's own timers
on the static site. Outside a running loop (tests, scripts) nothing is scheduled: call the
session's ``step`` or ``run_bots``. Bots play only at the end of the timeline
(``Session.pending``), so browsing never changes history.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from .session import Session


class Handle(Protocol):
    def cancel(self) -> Any: ...


#: Call ``callback`` ``seconds`` from now; a handle that cancels it, or None: no clock runs.
Later = Callable[[float, Callable[[], None]], Handle | None]


def loop_later(seconds: float, callback: Callable[[], None]) -> Handle | None:
    """The running event loop's ``call_later``, or None outside a running loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(seconds, callback)


class Autoplay:
    """One screen's auto-play: ``on``, its ``delay`` in seconds, and ``schedule()``, asked
    after every change shown; ``failed(error)`` hears of a bot that raised (auto-play is then
    off: an exception in a callback would vanish in the event loop)."""

    def __init__(
        self,
        session: Session,
        *,
        on: bool = True,
        delay: float = 0.5,
        failed: Callable[[Exception], None],
        later: Later = loop_later,
    ) -> None:
        self.session = session
        self.on = on
        self.delay = delay
        self.failed = failed
        self.later = later
        self.pending: Handle | None = None  # the step scheduled, if any

    def schedule(self) -> None:
        """Let the session's next bot step (or deal) happen after the delay, if one is due
        and none is scheduled yet."""
        if self.pending is not None:
            return
        # A deal is not a bot's move: it happens at once, with auto-play on or off.
        due = self.session.pending()
        if due is None or (due == "bot" and not self.on):
            return
        self.pending = self.later(0 if due == "deal" else self.delay, self.tick)

    def tick(self) -> None:
        """The timer's step: the bot moves (or the cards are dealt), if that is still due."""
        self.pending = None
        due = self.session.pending()
        if due is None or not (self.on or due == "deal"):
            return
        try:
            self.session.step()
        except Exception as error:  # said on the screen, not lost in the event loop
            self.on = False
            self.failed(error)
