"""A class opening its app at once: N pages on one Voila server. A measurement, not a test.

Starts a Voila on 127.0.0.1 (the project's voila.json), opens N pages of a game notebook in
headless Chromium all at once, and reports:
  - open -> board: seconds from asking for a page to its game board painted, per page, taken
    inside each page (performance.now() counts from the navigation's start);
  - click -> pixels: milliseconds from clicking a move button to the board's pixels changing,
    a few clicks in every page while all N kernels are alive;
  - memory: resident memory of each kernel (MB) once the pages have painted, and the server's.
Bounded: it gives up on pages not painted after --deadline seconds, closes every page and stops
the server by itself. Loopback only.

With --without-browser K, K of the N pupils are played without a browser (a client that does
what Voila's page asks of the server: the render page, the kernel websocket and the widgets'
state on it, "run the notebook" on the execution websocket) and the other N-K in Chromium: in
a class every pupil's browser runs on their own machine, while here headless Chromium shares
the server's 2 cores (and takes most of them). For those pupils "open -> app" is the time to
the app cell's result reaching them, when a browser would draw it.

Run from the repo root:  .venv/bin/python benchmarks/voila_load.py [--pages 30] [--notebook X]
"Before" figures: --notebooks DIR --config DIR serve another copy of the notebooks and of
voila.json (e.g. extracted with `git archive main notebooks voila.json`).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import threading
import time
import urllib.request
import uuid
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

import psutil
from ipywidgets._version import __control_protocol_version__ as CONTROL_PROTOCOL

from sheepkit.serving import V1_PROTOCOL

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import (
    ARTIFACTS,
    NOTEBOOKS,
    PAINT_WATCH,
    AppPage,
    VoilaServer,
    kernel_id_in,
    kernels,  # the harness lives with the tests, on the path above
    launch_chromium,
    serve_voila,
    v1_frame,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            continue
    return total


def browser_processes() -> list[psutil.Process]:
    me = psutil.Process()
    return [p for p in me.children(recursive=True) if "chrom" in p.name().lower()]


def rss_mb(process: psutil.Process) -> float:
    try:
        return float(process.memory_info().rss) / 2**20
    except psutil.NoSuchProcess:
        return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def open_all(
    browser: Browser, server: VoilaServer, names: list[str], deadline: float
) -> tuple[list[AppPage], list[float | None]]:
    apps = [AppPage.new(browser, name) for name in names]
    for app in apps:
        app.page.add_init_script(PAINT_WATCH)
    for app in apps:  # every request goes out before any page has painted
        app.page.goto(
            f"{server.url}/voila/render/{app.name}.ipynb", wait_until="commit", timeout=120_000
        )
    painted: list[float | None] = [None] * len(apps)
    stop = time.monotonic() + deadline
    while time.monotonic() < stop and any(p is None for p in painted):
        for i, app in enumerate(apps):
            if painted[i] is None:
                ms = app.page.evaluate("() => window.__skPainted ?? null")
                if ms is not None:
                    painted[i] = float(ms) / 1000
        time.sleep(0.25)
    return apps, painted


def clicks(app: AppPage, count: int) -> list[float]:
    app.wait_for_board(timeout=5)
    found: list[float] = []
    for _ in range(count):
        state = app.state()
        if state["over"] or not state["moves"]:
            break
        idles = app.kernel_idles
        ms = app.app.evaluate("(el) => window.__sk.clickAndTime(el, '.sk-move', 30000)")
        if ms is not None and ms >= 0:
            found.append(float(ms))
        app.wait_kernel_idle(idles)
        app.page.wait_for_timeout(300)  # a bot may answer: let it, then click again
    return found


def app_cell(notebook: Path) -> int:
    """The index of the notebook's first cell that opens an app."""
    cells = json.loads(notebook.read_text())["cells"]
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code" and re.search(
            r"\b(play|replay_app)\(", "".join(cell["source"])
        ):
            return index
    raise ValueError(f"{notebook.name} has no app cell")


class PupilWithoutBrowser(threading.Thread):
    """Asks the server what Voila's page asks, and times the app cell's result."""

    def __init__(self, url: str, notebook: Path, started: float) -> None:
        super().__init__(daemon=True)
        self.url, self.notebook, self.started = url, notebook, started
        self.app_seconds: float | None = None
        self.error: str | None = None
        self.done = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        import websocket

        try:
            with urllib.request.urlopen(
                f"{self.url}/voila/render/{self.notebook.name}", timeout=300
            ) as response:
                html = response.read().decode()
            kernel = kernel_id_in(html)
            ws_url = self.url.replace("http", "ws", 1)
            # The page's widget manager: Voila relays the kernel's widget messages to it.
            channels = websocket.create_connection(
                f"{ws_url}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
                subprotocols=[V1_PROTOCOL],
                timeout=300,
            )
            # What the page's widget manager asks first: the state of every widget so far.
            # (A page's cells run from its request and wait for this as the page connects.)
            session, control = uuid.uuid4().hex, uuid.uuid4().hex
            opened = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
            # ipywidgets refuses a control comm that does not give its protocol's version.
            version = {"version": CONTROL_PROTOCOL}
            channels.send_binary(v1_frame("shell", "comm_open", opened, session, version))
            asked = {"comm_id": control, "data": {"method": "request_states"}}
            channels.send_binary(v1_frame("shell", "comm_msg", asked, session))
            threading.Thread(target=self._drain, args=(channels,), daemon=True).start()
            execution = websocket.create_connection(
                f"{ws_url}/voila/execution/{kernel}", timeout=300
            )
            execution.recv()  # "initialized"
            execution.send(json.dumps({"action": "execute", "payload": {"kernel_id": kernel}}))
            wanted = app_cell(self.notebook)
            while self.app_seconds is None:
                message = json.loads(execution.recv())
                if message.get("action") == "execution_error":
                    raise RuntimeError(message["payload"])
                if message["payload"].get("cell_index") == wanted:
                    self.app_seconds = time.monotonic() - self.started
            self.done.set()
            self.stop.wait()
            execution.close()
            channels.close()
            urllib.request.urlopen(  # what the page's beacon asks as it closes
                urllib.request.Request(f"{self.url}/voila/api/shutdown/{kernel}", method="POST"),
                timeout=60,
            ).close()
        except Exception as error:
            self.error = f"{type(error).__name__}: {error}"
            self.done.set()

    def _drain(self, channels: object) -> None:
        with suppress(Exception):
            while not self.stop.is_set():
                channels.recv()  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--notebook", action="append", help="game notebook(s), cycled")
    parser.add_argument("--clicks", type=int, default=3, help="clicks per page")
    parser.add_argument("--deadline", type=float, default=180.0, help="seconds to paint")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS)
    parser.add_argument("--config", type=Path, help="folder whose voila.json to use")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds to wait before opening")
    parser.add_argument("--set", action="append", default=[], help="--Class.trait=value for Voila")
    parser.add_argument(
        "--without-browser", type=int, default=0, help="pupils played without a browser"
    )
    args = parser.parse_args()
    if not 1 <= args.pages <= 40:
        parser.error("--pages must be between 1 and 40 (this is a shared 2-core machine)")
    notebooks = args.notebook or ["wolf_and_sheep"]
    names = [notebooks[i % len(notebooks)] for i in range(args.pages)]
    extra = (f"--Voila.config_file_paths={args.config.resolve()}",) if args.config else ()
    extra += tuple(args.set)

    from playwright.sync_api import sync_playwright

    with (
        serve_voila(args.notebooks, ARTIFACTS / "voila-load.log", extra_args=extra) as server,
        sync_playwright() as playwright,
    ):
        browser = launch_chromium(playwright)
        time.sleep(args.wait)  # e.g. for a preheated kernel pool to fill
        voila = psutil.Process(server.process.pid)
        kernels_before = {k.pid: cpu_seconds([k]) for k in kernels(server)}
        cpu_before = (cpu_seconds([voila]), cpu_seconds(browser_processes()))
        started = time.monotonic()
        pupils = [
            PupilWithoutBrowser(server.url, args.notebooks / f"{name}.ipynb", started)
            for name in names[: args.without_browser]
        ]
        for pupil in pupils:
            pupil.start()
        apps, painted = open_all(browser, server, names[args.without_browser :], args.deadline)
        for pupil in pupils:
            pupil.done.wait(max(1.0, started + args.deadline - time.monotonic()))
        wall = time.monotonic() - started
        # CPU spent while the pages opened (kernels that were already running count from then)
        kernel_cpu = sum(cpu_seconds([k]) - kernels_before.get(k.pid, 0.0) for k in kernels(server))
        server_cpu = cpu_seconds([voila]) - cpu_before[0]
        browser_cpu = cpu_seconds(browser_processes()) - cpu_before[1]
        memory = [rss_mb(k) for k in kernels(server)]
        server_mb = rss_mb(psutil.Process(server.process.pid))
        latencies: list[float] = []
        for app, paint in zip(apps, painted, strict=True):
            if paint is not None:
                latencies += clicks(app, args.clicks)
        problems = sum(len(app.problems()) for app in apps)
        for app in apps:
            app.close()
        for pupil in pupils:
            pupil.stop.set()
        for pupil in pupils:
            pupil.join(60)
        browser.close()

    done = [p for p in painted if p is not None]
    print(f"{args.pages} pages of {', '.join(notebooks)} opened at once (machine shared)")
    if pupils:
        ran = [p.app_seconds for p in pupils if p.app_seconds is not None]
        print(f"  without a browser: {len(pupils)} pupils, app cell run for {len(ran)}")
        if ran:
            print(
                f"  open -> app s: median {statistics.median(ran):.1f}, "
                f"p90 {percentile(ran, 0.9):.1f}, max {max(ran):.1f}"
            )
        for error in sorted({p.error for p in pupils if p.error}):
            print(f"  pupil without a browser failed: {error}")
        print(f"  in Chromium: {len(apps)} pages")
    print(f"  painted: {len(done)} of {len(apps)} within {args.deadline:.0f} s ({wall:.0f} s)")
    if done:
        print(
            f"  open -> board s: median {statistics.median(done):.1f}, "
            f"p90 {percentile(done, 0.9):.1f}, max {max(done):.1f}"
        )
    if latencies:
        print(
            f"  click -> pixels ms ({len(latencies)} clicks): median "
            f"{statistics.median(latencies):.0f}, p90 {percentile(latencies, 0.9):.0f}"
        )
    if memory:
        print(
            f"  kernels: {len(memory)}, RSS MB mean {statistics.mean(memory):.0f}, max "
            f"{max(memory):.0f}, total {sum(memory):.0f}; server {server_mb:.0f} MB"
        )
    print(
        f"  CPU s while opening: kernels {kernel_cpu:.0f}, Voila server {server_cpu:.0f}, "
        f"Chromium {browser_cpu:.0f} (2 cores: {2 * wall:.0f} core-s in {wall:.0f} s)"
    )
    if problems:
        print(f"  {problems} page/kernel errors (see the pages' problems)")


if __name__ == "__main__":
    main()
