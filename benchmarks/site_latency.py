"""How fast the static site's apps become usable in Chromium, and how big the site is.

    .venv/bin/python benchmarks/site_latency.py [--apps wolf_and_sheep,...] [--json out.json]
    .venv/bin/python benchmarks/site_latency.py --server classroom [--requests]

With `--server classroom` the site is served by `make classroom`'s server
(sheepkit.tables.classroom: precompressed files, hashed files cached for a year) and each
visit also counts what reached the server: requests, 304s and the bytes of the bodies sent
(compressed as sent; the server's own count, headers left out); `--requests` lists them.

Needs a built site (`make site`). For every game app: a first visit in a new browser profile
(nothing cached), then a second visit in the same profile (the server sends
`Cache-Control: max-age=3600`; the profile also keeps V8's cache of compiled scripts and
WebAssembly, as a pupil's browser does and a private context would not). Each visit times,
from the page's navigation start, the board painted (pixels on its canvas), the first
possible action (a move or roll button enabled and visible: the site shows each cell as it
runs) and the last cell run. In the Sheep Race the first player is drawn by a die, and the
bots before the human bet first: its first action comes up to 2 s after its board. The
server is a plain static server on 127.0.0.1; Chromium resolves no other host, and every
request elsewhere is counted. Targets on a 2-core machine: first visit <= 15 s, second
<= 6 s, site < 80 MB. Bounded: one page at a time, 300 s each.
Each visit also reports the CPU seconds Chromium spent on it (Linux /proc), which a busy
machine changes less than the wall clock; say the load average with the figures.

Each game's play page (`play/<game>.html`, site/play_pages.py) is measured beside its app in
the same run, in a new profile of its own, first and second visit: the board painted (the
page's own mark, `window.sheepkitPlay.painted`, its first replay on the canvas) and the first
possible action; with `--server classroom`, what it cost the server. Issue 36's targets for
it: <= 10 MB cold, painted <= 1.5 s cold and <= 1 s warm, and >= 3x sooner than the app's
board; 30 pupils cold <= 0.3 GB (printed as 30 x the first visit's bytes). `--no-play`
leaves the play pages out. A page whose worker decoded its xz bundle (site/start_python.js)
keeps the decoded parts in IndexedDB 3 s after Python is restored: each visit waits for that
before it closes (as a pupil's page stays open), so a second visit reads them back, and the
worker's own line says where Python came from and how long it took.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from site_harness import ONLY_LOOPBACK, SITE, Offline, serve_site
from voila_harness import PAGE_HELPERS, launch_profile

GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")
TIMEOUT_MS = 300_000

# Resolves with {painted, action, cells} in ms since navigation start (null if not within the
# limit): the board painted, a move or roll button to click, every cell of the lesson run.
MILESTONES = """(limit) => new Promise((resolve) => {
  const out = { painted: null, action: null, cells: null };
  const on = (b) => b && !b.disabled && b.offsetParent !== null;
  const tick = () => {
    const now = performance.now();
    if (out.painted === null && window.__sk.paintedApp() >= 0) out.painted = now;
    if (out.action === null && Array.from(document.querySelectorAll('.sk-app .sk-move, '
        + '.sk-app .sk-roll')).some(on)) out.action = now;
    if (out.cells === null && window.sheepkitCellsRun === true) out.cells = now;
    if (Object.values(out).every((t) => t !== null) || now > limit) resolve(out);
    else setTimeout(tick, 50);
  };
  tick();
})"""


def browser_cpu() -> float:
    """CPU seconds used so far by this process's descendants (Chromium and its helpers),
    those still running and those already reaped: on a shared machine a steadier figure of
    a page's cost than the wall clock."""
    parents: dict[int, list[tuple[int, list[str]]]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        parents.setdefault(int(fields[1]), []).append((int(entry.name), fields))
    ticks, todo = 0, [os.getpid()]
    while todo:
        for child, fields in parents.get(todo.pop(), []):
            ticks += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
            todo.append(child)
    return ticks / os.sysconf("SC_CLK_TCK")


# The same for a play page: its board painted, and a move, roll or list to use.
PLAY_MILESTONES = """(limit) => new Promise((resolve) => {
  const out = { painted: null, action: null, cells: null };
  const on = (b) => b && !b.disabled && b.offsetParent !== null;
  const tick = () => {
    const now = performance.now(), play = window.sheepkitPlay;
    if (out.painted === null && play && play.painted !== null) out.painted = play.painted;
    if (out.action === null && Array.from(document.querySelectorAll('.sk-move, #sk-roll, '
        + '#sk-move-play')).some(on)) out.action = now;
    if ((out.painted !== null && out.action !== null) || now > limit) resolve(out);
    else setTimeout(tick, 20);
  };
  tick();
})"""


class Counted:
    """What reached the classroom server: (status, path, body bytes) per request."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str, int]] = []

    def log(self, handler: Any) -> None:
        length = int(handler._headers.get("Content-Length", 0) or 0)
        self.seen.append((handler.get_status(), handler.request.path, length))

    def summary(self, start: int, end: int | None = None) -> dict[str, Any]:
        seen = self.seen[start:end]
        return {
            "requests": len(seen),
            "not_modified": sum(1 for status, _, _ in seen if status == 304),
            "megabytes": round(sum(n for status, _, n in seen if status == 200) / 1e6, 2),
        }


@contextmanager
def serve_classroom(site: Path, counted: Counted) -> Iterator[str]:
    """`make classroom`'s server (the site, the tables, the classes) on a free port, in a
    thread of its own; yields its base URL."""
    import socket

    from sheepkit.tables.classroom import classroom_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    loop = asyncio.new_event_loop()
    started = threading.Event()
    classes = tempfile.TemporaryDirectory(prefix="sheepkit-classes-")

    def run() -> None:
        asyncio.set_event_loop(loop)
        app = classroom_app(site, Path(classes.name), "key")
        app.settings["log_function"] = counted.log
        app.listen(port, "127.0.0.1")
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(30)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        classes.cleanup()


KEPT_WAIT_MS = 15_000  # how long a visit waits, after its milestones, for IndexedDB's copy


def visit(offline: Offline, name: str, play: bool = False) -> dict[str, Any]:
    """One visit of the game's app (Voici), or of its play page (``play``). A worker that
    decoded its bundle keeps the parts in IndexedDB 3 s after Python is restored (site/
    start_python.js), as a pupil's page stays open: the visit waits for that before it ends
    (its CPU counted only up to the milestones), and says where Python came from."""
    page = offline.context.new_page()
    page.add_init_script(PAGE_HELPERS)
    start = len(offline.worker_console)
    page.on("worker", offline._on_worker)
    cpu = browser_cpu()
    path = f"play/{name}.html" if play else f"voici/render/{name}.html"
    page.goto(f"{offline.base}{path}", timeout=60_000)
    result: dict[str, Any] = page.evaluate(PLAY_MILESTONES if play else MILESTONES, TIMEOUT_MS)
    cpu = browser_cpu() - cpu

    def said() -> list[str]:
        return offline.worker_console[start:]

    if any("restored from" in line and "unpacked" in line for line in said()):
        for _ in range(KEPT_WAIT_MS // 250):
            if any("keep the decoded" in line or "kept the decoded" in line for line in said()):
                break
            page.wait_for_timeout(250)
    restored = [line.split("; ", 1)[-1] for line in said() if "restored from" in line]
    page.close()
    times = {k: (None if v is None else round(v / 1000, 2)) for k, v in result.items()}
    return {**times, "cpu": round(cpu, 1), "python": restored[0] if restored else "no snapshot"}


def site_size(site: Path) -> dict[str, float]:
    """The site's files, its precompressed copies (.gz, .br) left out."""
    files = [p for p in site.rglob("*") if p.is_file()]
    files = [p for p in files if p.suffix not in {".gz", ".br"} or not p.with_suffix("").is_file()]
    return {"megabytes": round(sum(p.stat().st_size for p in files) / 1e6, 1), "files": len(files)}


def measure(
    playwright: Any,
    base: str,
    counted: Counted,
    name: str,
    play: bool,
    requests: bool,
    results: dict[str, Any],
) -> None:
    """A first and a second visit of a game's app (or play page) in a new browser profile:
    the first finds nothing cached, the second has what a pupil's browser keeps. (The offline
    tests' routing would turn the HTTP cache off: here Chromium itself resolves no other
    host.)"""
    classroom = results["server"] == "classroom"
    with tempfile.TemporaryDirectory(prefix="sheepkit-profile-") as profile:
        context = launch_profile(playwright, Path(profile), ONLY_LOOPBACK)
        offline = Offline.around(context, base, cached=True)
        start = len(counted.seen)
        first = visit(offline, name, play)
        middle = len(counted.seen)
        second = visit(offline, name, play)
        offline.close()
    if classroom:
        first["server"] = counted.summary(start, middle)
        second["server"] = counted.summary(middle)
        if requests:
            for label, part in (
                ("first", counted.seen[start:middle]),
                ("second", counted.seen[middle:]),
            ):
                for status, path, length in part:
                    print(f"  {label} {status} {length:>10} {path}")
    kind = "play" if play else "apps"
    results.setdefault(kind, {})[name] = {"first": first, "second": second}
    results["blocked"] = results.get("blocked", 0) + len(offline.blocked)
    label = f"{name} (play)" if play else name
    print(
        f"{label:24} first visit: painted {first['painted']} s, action {first['action']} s,"
        f" cells {first['cells']} s ({first['cpu']} CPU-s) | second visit: painted"
        f" {second['painted']} s, action {second['action']} s, cells {second['cells']} s"
        f" ({second['cpu']} CPU-s)",
        flush=True,
    )
    print(f"{'':24} Python: first {first['python']} | second {second['python']}", flush=True)
    if classroom:
        one, two = first["server"], second["server"]
        print(
            f"{'':24} to the server: first visit {one['megabytes']} MB in"
            f" {one['requests']} requests ({one['not_modified']} answered 304) | second"
            f" visit {two['megabytes']} MB in {two['requests']} requests"
            f" ({two['not_modified']} answered 304)",
            flush=True,
        )
    if play:
        app = results["apps"][name]["first"]
        if app["painted"] and first["painted"]:
            ratio = app["painted"] / first["painted"]
            print(f"{'':24} board painted {ratio:.1f}x sooner than the app's (first visits)")
        if classroom:
            pupils = 30 * first["server"]["megabytes"] / 1000
            print(f"{'':24} 30 pupils cold: {pupils:.2f} GB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default=",".join(GAMES))
    parser.add_argument("--json", type=Path)
    parser.add_argument("--server", choices=("static", "classroom"), default="static")
    parser.add_argument("--requests", action="store_true", help="list what reached the server")
    parser.add_argument(
        "--gzip-only",
        action="store_true",
        help="the classroom server sends no brotli: Chromium offers it on 127.0.0.1, but not"
        " to a plain-http server at a school network's address",
    )
    parser.add_argument("--no-play", action="store_true", help="leave the play pages out")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"site": site_size(SITE), "apps": {}, "server": args.server}
    results["gzip_only"] = args.gzip_only
    print(f"site: {results['site']['megabytes']} MB in {results['site']['files']} files")
    counted = Counted()
    if args.server == "classroom":
        if args.gzip_only:
            from sheepkit.tables import classroom

            classroom.ENCODINGS = tuple(e for e in classroom.ENCODINGS if e[0] != "br")
        serving = serve_classroom(SITE, counted)
    else:
        serving = serve_site(cache_seconds=3600)
    with serving as base, sync_playwright() as playwright:
        for name in args.apps.split(","):
            for play in (False,) if args.no_play else (False, True):
                measure(playwright, base, counted, name, play, args.requests, results)
    print(f"requests outside the site (failed): {results.get('blocked', 0)}")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
