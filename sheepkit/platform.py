"""Where sheepkit runs: a normal Python, or Python in a browser tab (Pyodide, WebAssembly).

The static site runs the lessons in the page itself, on Pyodide. There, Python has one
thread and no worker processes, runs the engines about five times slower, and the page
cannot answer a click while Python thinks. The few places that must behave differently ask
:func:`in_browser` (the lab plays its games one after another; bots cap their thinking with
:func:`browser_cap`), so the rest of the library needs no special cases.
"""

from __future__ import annotations

import sys

#: The longest a bot may think over one move in the browser. The page is frozen meanwhile,
#: and a move should come in 2 s at most; the rest of the 2 s goes to drawing the board.
BROWSER_MOVE_SECONDS = 1.5


def in_browser() -> bool:
    """True when this Python runs in a web page (Pyodide reports ``sys.platform`` as
    ``"emscripten"``). Read each time, so tests can pretend to be a browser."""
    return sys.platform == "emscripten"


#: The answer when sheepkit was imported (for display; code asks :func:`in_browser`).
IN_BROWSER = in_browser()


def browser_cap(seconds: float | None) -> float | None:
    """A bot's time limit for one move: ``seconds`` as given on a normal Python; in the
    browser at most :data:`BROWSER_MOVE_SECONDS`, even for a bot that is otherwise uncapped
    (``None``)."""
    if not in_browser():
        return seconds
    if seconds is None:
        return BROWSER_MOVE_SECONDS
    return min(seconds, BROWSER_MOVE_SECONDS)


def browser_weaker(description: str) -> str:
    """A capped bot's description, with a sentence saying so in the browser (where its
    thinking is cut short, on a Python about five times slower)."""
    if not in_browser():
        return description
    return (
        f"{description} In the browser it thinks for at most {BROWSER_MOVE_SECONDS:g} s a move "
        "and plays weaker than on a server."
    )
