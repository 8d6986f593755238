"""The bots' pace on a screen: with auto-play on, the session's next bot step after a delay,
on the running event loop (a kernel's in JupyterLab and Voila, Pyodide's in a web page), so a
pupil sees each move; a deal or draw of hidden cards at once. No threads, no widgets.

Outside a running loop (tests, scripts) nothing is scheduled: call the session's ``step`` or
``run_bots``. Bots play only at the end of the timeline (``Session.pending``), so browsing
never changes history.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .session import Session


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
    ) -> None:
        self.session = session
        self.on = on
        self.delay = delay
        self.failed = failed
        self.pending: asyncio.TimerHandle | None = None  # the step scheduled, if any

    def schedule(self) -> None:
        """Let the session's next bot step (or deal) happen after the delay, if one is due
        and none is scheduled yet."""
        if self.pending is not None:
            return
        # A deal is not a bot's move: it happens at once, with auto-play on or off.
        due = self.session.pending()
        if due is None or (due == "bot" and not self.on):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.pending = loop.call_later(0 if due == "deal" else self.delay, self.tick)

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
