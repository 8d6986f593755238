"""Where sheepkit runs: a normal Python, or Python in a browser tab (Pyodide, WebAssembly).

The static site runs the lessons in the page itself, on Pyodide. There, Python has one
thread and no worker processes, runs the engines about five times slower, and the page
cannot answer a click while Python thinks. Every place that behaves differently there asks
:func:`in_browser`, and nothing else does (DESIGN.md, "Running in the browser", lists them:
the lab plays its games one after another, bots cap their thinking with :func:`browser_cap`,
data files are fetched by :func:`read_data`, a table's transport and address are the page's,
a lesson's work waits for a button as in Voila), so the rest of the library needs no special
cases.
"""

from __future__ import annotations

import contextlib
import json
import sys
from importlib import resources
from pathlib import Path

#: The longest a bot may think over one move in the browser. The page is frozen meanwhile,
#: and a move should come in 2 s at most; the rest of the 2 s goes to drawing the board.
BROWSER_MOVE_SECONDS = 1.5


def in_browser() -> bool:
    """True when this Python runs in a web page (Pyodide reports ``sys.platform`` as
    ``"emscripten"``). Read each time, so tests can pretend to be a browser."""
    return sys.platform == "emscripten"


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


#: Where a page's own path ends and the site's folders begin (Voici pages, JupyterLite, the
#: kernel's worker script under the site's extensions or build folder, the play pages and
#: their worker under static/).
_SITE_FOLDERS = (
    "/voici/", "/lab/", "/notebooks/", "/tree/", "/extensions/", "/build/",
    "/play/", "/static/",  # the play pages (site/play_pages.py) and their worker script
)  # fmt: skip


def site_base(pathname: str) -> str:
    """The site's base path (ending in "/") of a page's (or worker script's) path."""
    cut = [pathname.find(f) for f in _SITE_FOLDERS if f in pathname]
    if cut:
        return pathname[: min(cut) + 1]
    return pathname[: pathname.rfind("/") + 1] or "/"


#: The list, in a package's data folder, of the data files the static site serves beside
#: itself instead of in every page's files (site/build.py writes it): name -> path under the
#: site, with the file's hash in it.
SITE_DATA = "site-data.json"


def read_data(package: str, name: str) -> bytes:
    """A file of a package's data folder (``sheepkit/games/<game>/data/``: the solved
    tables). On a normal Python, the package's file, as ever. On the static site a page's
    Python is given the packages' files without the tables (a page needs one at most, most
    need none): the first read fetches the table from the site, where the browser keeps it,
    and leaves it as the file for the next. OSError when there is no such file."""
    folder = resources.files(package).joinpath("data")
    path = folder.joinpath(name)
    try:
        return path.read_bytes()
    except OSError:
        if not in_browser():
            raise
    try:
        where = json.loads(folder.joinpath(SITE_DATA).read_text())[name]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise FileNotFoundError(f"{package}: no data file {name}") from error
    data = fetch_from_site(str(where))
    with contextlib.suppress(OSError):  # else read again from the browser's cache next time
        Path(str(path)).write_bytes(data)
    return data


def fetch_from_site(where: str) -> bytes:
    """A file of the site this page's Python runs in (its path under the site), as it is:
    a synchronous request from the kernel's worker, answered by the browser's cache once it
    has the file. OSError if the site does not answer with it."""
    import js  # type: ignore[import-not-found]  # only in Pyodide

    url = f"{js.location.origin}{site_base(str(js.location.pathname))}{where}"
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"  # a worker's synchronous request may ask for bytes
    try:
        request.send(None)
    except Exception as error:  # a JavaScript NetworkError
        raise OSError(f"{url}: {error}") from error
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return bytes(request.response.to_bytes())


def loopback_url(ip: str, port: int, base_url: str, path: str) -> str:
    """Where a kernel on this machine reaches a websocket service (``path``) of the server
    listening on ``ip:port``: over the loopback when the server listens on every address."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "::", "localhost") else ip
    if ":" in host:
        host = f"[{host}]"
    return f"ws://{host}:{port}{base_url.rstrip('/')}/{path}"
