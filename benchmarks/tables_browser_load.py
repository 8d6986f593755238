"""A move on one device to the other device's page: tables on Voila, with real browsers.

    .venv/bin/python benchmarks/tables_browser_load.py [--tables 15] [--seconds 180]
        [--think 0.5] [--opening 2] [--nice-pages] [--without-browser K]

The whole path behind issue 25's "a move appears on every other device within 300 ms": a
click on a move button in device A's page -> A's Voila kernel -> the table service (in the
Voila server) -> B's kernel -> B's page showing the move in its log. (benchmarks/tables_load.py
measures the table service alone.)

Loopback only and bounded. It serves the notebooks with Voila as `make app` does (voila.json;
the table service starts with the server), but without warm kernels, so that none start
while the tables play. It opens 2 x --tables pages in one headless Chromium, each page in a
browser context of its own (a device: its own storage, its own kernel), setting up at most
--opening tables at once with the panel's buttons: the host seats two humans and opens a
table, the guest types the code and takes the free seat, the host starts. Then every table
plays at once for --seconds: whoever's turn it is waits --think seconds on average (from half
to one and a half times it, at random: with one fixed wait every table clicked at the same
instant, a herd no class makes) and clicks a move button (chosen at random); a finished game's
table is closed by its host and another opened.

Each page notes, with a MutationObserver on its app and Date.now() (one clock for every page
on this machine), when its game log first had each number of lines. A move's latency runs
from its click in A to B's log first holding its line: the DOM has it, and the next frame
paints it. Reported: median, p90, max and moves counted; the mover's own page for comparison;
the Voila server's RSS (the table service included) and the kernels'; the CPU each part used
while playing; the load average; and a markdown row for benchmarks/README.md. Every browser
runs on the server's 2 cores here, where a class's run on the pupils' own devices.

--without-browser K seats K of the tables with devices that do without a browser
(benchmarks/wire_device.py): each asks for its page, connects to its kernel and runs the
notebook as Voila's page does, keeps every widget's state from the kernel's messages and
presses buttons with the messages a page sends, but renders nothing. In a class the pupils'
browsers run on their own devices; this way the server's 2 cores carry what a class's server
does (30 kernels, Voila, the table service) and not 30 pages besides, while the tables left
in Chromium still measure a move from click to the other page. For those devices a move runs
from the click's message to the other device holding the widget update whose log has it.

"Page to page, no rendering" is the server's part of the path: from the click's widget message
leaving A's page to B's page receiving the first widget message after it (Chromium's network
events, on the browser's clock), through A's kernel, the table service and B's kernel, with no
page's rendering in it. --nice-pages runs Chromium at the lowest CPU priority, so that the
kernels and the server come first, as they would with the pages on the pupils' devices.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import datetime
import json
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import (  # the harness lives with the tests, on the path above
    ARTIFACTS,
    NOTEBOOKS,
    PAGE_HELPERS,
    VoilaServer,
    kernels,
    launch_options,
    parse_kernel_frame,
    serve_voila,
)
from voila_load import browser_processes, cpu_seconds, percentile, rss_mb
from wire_device import WireDevice, until

if TYPE_CHECKING:
    from playwright.async_api import Browser, ElementHandle, Locator, Page

# When the app's log first had each number of lines (Date.now(), ms); a shorter log (the table
# closed, a new game) starts the notes again.
LOG_WATCH = r"""
window.__skLog = { lines: 0, at: {} };
window.__skWatch = (app) => {
  const log = window.__skLog;
  const note = () => {
    const lines = app.querySelectorAll('.sk-log li').length;
    if (lines < log.lines) log.at = {};
    if (!(lines in log.at)) log.at[lines] = Date.now();
    log.lines = lines;
  };
  new MutationObserver(note).observe(app, { childList: true, subtree: true, characterData: true });
  note();
};
"""

# What a device shows: its status, whether it is over, the move buttons it may press.
SHOWN = """app => {
  const status = app.querySelector('.sk-status');
  const text = status ? status.innerText : '';
  const moves = Array.from(app.querySelectorAll('.sk-move'))
    .filter(b => b.offsetParent !== null && !b.disabled).length;
  const over = !!app.querySelector('.sk-status.sk-over') || /^Game over/.test(text);
  return { text, moves, over };
}"""

# Click one of the move buttons (pick in [0, 1)); [Date.now() at the click, log lines before].
CLICK = """(app, pick) => {
  const moves = Array.from(app.querySelectorAll('.sk-move'))
    .filter(b => b.offsetParent !== null && !b.disabled);
  if (!moves.length) return null;
  const lines = window.__skLog.lines;
  const at = Date.now();
  moves[Math.floor(pick * moves.length)].click();
  return [at, lines];
}"""

# When the log first held at least ``n`` lines (ms), or null.
SEEN = """n => {
  const at = window.__skLog.at;
  const k = Object.keys(at).map(Number).filter(k => k >= n).sort((a, b) => a - b)[0];
  return k === undefined ? null : at[k];
}"""

# After a sit: "seated" at table ``code``, "refused" (another table's seat), or not yet.
SAT = """([app, code]) => {
  const shown = app.querySelector('.sk-table-code-shown');
  if (shown && shown.innerText.trim() === code) return 'seated';
  const note = app.querySelector('.sk-table-note');
  return !!note && /there is no table/.test(note.innerText) && 'refused';
}"""

# Two seats, every turn a move button: the dice of Shave a Sheep's table would need rolls.
GAME = "wolf_and_sheep"
IDLE = 10  # seconds of the idle CPU probe before the play
WAIT = 60_000  # ms for any one step of a table: a lost move or a stuck page, not a slow one


@dataclass
class Device:
    page: Page
    app: Locator
    element: ElementHandle
    errors: list[str]
    #: Browser-clock times (s) of the widget messages this page sent to its kernel, and of
    #: those it received from it (Chromium's network events: before any rendering).
    sent: list[float] = field(default_factory=list)
    received: list[float] = field(default_factory=list)

    async def shown(self) -> dict[str, Any]:
        result: dict[str, Any] = await self.element.evaluate(SHOWN)
        return result

    async def click(self, selector: str, text: str = "") -> None:
        button = self.app.locator(f"{selector}:visible", has_text=text).first
        await button.click(timeout=WAIT)

    async def text(self, selector: str, pattern: str) -> str:
        shown = self.app.locator(selector, has_text=re.compile(pattern)).first
        await shown.wait_for(timeout=WAIT)
        return str(await shown.inner_text()).strip()


async def open_device(browser: Browser, url: str, game: str) -> Device:
    """A page of ``game`` in a context of its own, its app watched."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.add_init_script(PAGE_HELPERS)
    await page.add_init_script(LOG_WATCH)
    await page.goto(f"{url}/voila/render/{game}.ipynb", timeout=300_000)
    await page.wait_for_function("() => window.__sk.voilaReady()", timeout=300_000, polling=200)
    found = await page.wait_for_function(
        "() => { const i = window.__sk.paintedApp(); return i >= 0 && { index: i }; }",
        timeout=300_000,
        polling=200,
    )
    app = page.locator(".sk-app").nth(int((await found.json_value())["index"]))
    await app.locator(".sk-table-open").wait_for(timeout=WAIT)
    element = await app.element_handle()
    await element.evaluate("el => window.__skWatch(el)")
    device = Device(page, app, element, errors)
    cdp = await context.new_cdp_session(page)

    def frame(into: list[float], params: dict[str, Any]) -> None:
        response = params.get("response", {})
        payload: bytes | str = response.get("payloadData", "")
        if response.get("opcode") == 2:  # binary: base64 in CDP
            payload = base64.b64decode(payload)
        parsed = parse_kernel_frame(payload)
        if parsed is not None and parsed[1].get("msg_type") == "comm_msg":
            into.append(float(params["timestamp"]))

    cdp.on("Network.webSocketFrameSent", lambda params: frame(device.sent, params))
    cdp.on("Network.webSocketFrameReceived", lambda params: frame(device.received, params))
    await cdp.send("Network.enable")
    return device


@dataclass
class Played:
    """What a table of either kind of device measured, and the loop that plays it: whoever's
    turn it is waits, moves (``move``, the kind's own), and a finished game starts again."""

    code: str = field(default="", init=False)
    games: int = field(default=0, init=False)
    #: Each move measured: (the table's code, wall-clock time of the click, ms from the click
    #: to the other device showing it, ms to the mover's own device showing it).
    moves: list[tuple[str, float, float, float]] = field(default_factory=list, init=False)
    lost: int = field(default=0, init=False)  # moves the other device never showed in WAIT
    problem: str = field(default="", init=False)

    @property
    def latencies(self) -> list[float]:
        return [ms for _, _, ms, _ in self.moves]

    @property
    def echoes(self) -> list[float]:
        return [ms for _, _, _, ms in self.moves]

    async def play(self, until: float, think: float, rng: random.Random) -> None:
        while time.time() < until:
            mover = await self.whose_turn()
            if mover is None:
                self.games += 1
                await self.again()
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))  # pupils differ: no herd
            if time.time() >= until:
                return
            await self.move(mover, rng)

    async def whose_turn(self) -> Any:
        raise NotImplementedError

    async def again(self) -> None:
        raise NotImplementedError

    async def move(self, mover: Any, rng: random.Random) -> None:
        raise NotImplementedError


@dataclass
class Table(Played):
    """Two pages in Chromium."""

    host: Device
    guest: Device
    # ms, the click's message leaving A's page -> B's page receiving the first widget
    # message after it (the server's part: kernels, Voila, table service; no rendering)
    wire: list[float] = field(default_factory=list, init=False)

    async def set_up(self) -> None:
        """The host seats humans and opens a table; the guest sits at it; the host starts."""
        host, guest = self.host, self.guest
        for select in await host.app.locator(".sk-seat select").all():
            labels = await select.evaluate("s => Array.from(s.options, o => o.text)")
            current = await select.evaluate("s => s.options[s.selectedIndex]?.text ?? ''")
            human = next((label for label in labels if "human" in label.lower()), None)
            if human is not None and human != current:
                await select.select_option(label=human)
        await host.page.wait_for_timeout(500)  # (the kernel takes the seats before the open)
        await host.click(".sk-table-open")
        # Not the closed table's code, which a loaded page may show a moment longer.
        new = f"^(?!{self.code}$)" if self.code else "^"
        self.code = await host.text(".sk-table-code-shown", new + "[A-Z2-9]{4}$")
        await guest.click(".sk-table-join")
        await guest.app.locator(".sk-table-code input").fill(self.code)
        await self.sit(guest)
        await host.text(".sk-table-seat-list", "a pupil")
        await host.click(".sk-table-start")
        await host.text(".sk-status", "Your|Waiting")

    async def sit(self, guest: Device) -> None:
        """Ask the table for its seats and take the free one. After a table closed, "Join a
        table" first shows the closed table's seats again (the panel keeps its last lobby):
        the buttons shown before the new table's seats came are marked and left alone, and a
        sit that went to the closed table ("there is no table ...") is tried again."""
        await guest.page.wait_for_timeout(300)  # (the closed table's seats, if any, shown)
        for _ in range(3):
            await guest.element.evaluate(
                "app => app.querySelectorAll('.sk-table-sit').forEach(b => b.dataset.stale = 1)"
            )
            await guest.click(".sk-table-look")
            await guest.click(".sk-table-sit:not([data-stale])")
            outcome = await guest.page.wait_for_function(
                SAT, arg=[guest.element, self.code], timeout=WAIT, polling=100
            )
            if await outcome.json_value() == "seated":
                return
        raise TimeoutError(f"the guest could not sit at table {self.code}")

    async def again(self) -> None:
        """The host closes the finished table; the two sit at a new one."""
        await self.host.click(".sk-table-close")
        for device in (self.host, self.guest):
            await device.app.locator(".sk-table-open:visible").wait_for(timeout=WAIT)
        await self.set_up()

    async def photograph(self) -> None:
        """What each device of a table that stopped showed, in test-artifacts/."""
        for name, device in (("host", self.host), ("guest", self.guest)):
            path = ARTIFACTS / f"tables-browser-load-{self.code}-{name}.png"
            with contextlib.suppress(Exception):
                await device.page.screenshot(path=str(path), full_page=True)

    async def whose_turn(self) -> Device | None:
        """The device to move now; None when the game is over."""
        end = time.monotonic() + WAIT / 1000
        while time.monotonic() < end:
            for device in (self.host, self.guest):
                shown = await device.shown()
                if shown["over"]:
                    return None
                if shown["moves"] and "Your turn" in shown["text"]:
                    return device
            await asyncio.sleep(0.1)
        raise TimeoutError(f"table {self.code}: neither device was told it is its turn")

    async def move(self, mover: Device, rng: random.Random) -> None:
        other = self.guest if mover is self.host else self.host
        sent_before = len(mover.sent)
        clicked = await mover.element.evaluate(CLICK, rng.random())
        if clicked is None:
            return
        at, lines = clicked
        try:
            grown = await mover.page.wait_for_function(
                "n => window.__skLog.lines > n && window.__skLog.lines",
                arg=lines,
                timeout=WAIT,
                polling=100,
            )
            wanted = int(await grown.json_value())
            await other.page.wait_for_function(
                "n => window.__skLog.lines >= n", arg=wanted, timeout=WAIT, polling=100
            )
        except Exception:  # playwright's TimeoutError: counted, and the game goes on
            self.lost += 1
            return
        echo = await mover.page.evaluate(SEEN, wanted) - at
        self.moves.append(
            (self.code, at / 1000, await other.page.evaluate(SEEN, wanted) - at, echo)
        )
        if len(mover.sent) > sent_before:
            left = mover.sent[sent_before]
            arrived = next((t for t in other.received if t > left), None)
            if arrived is not None:
                self.wire.append(1000 * (arrived - left))


WIRE_WAIT = WAIT / 1000  # the same, in seconds, for the devices without a browser


@dataclass
class WireTable(Played):
    """A table of two devices without a browser (``wire_device``): the same set-up and play
    as ``Table``'s, by the widgets' messages instead of a page's clicks."""

    host: WireDevice
    guest: WireDevice

    @staticmethod
    def code_shown(device: WireDevice) -> str:
        found = re.search(r"sk-table-code-shown'>([A-Z2-9]{4})<", device.value("sk-table-info"))
        return found.group(1) if found else ""

    async def set_up(self) -> None:
        host, guest = self.host, self.guest
        humans = {}
        for picker in host.all("sk-seat"):
            labels = [str(label) for label in host.models[picker].get("_options_labels", ())]
            humans[picker] = next(i for i, label in enumerate(labels) if "human" in label.lower())
            # Set even where it seems set: the kernel's own first choice may still be coming.
            await host.set(picker, index=humans[picker])
        await host.until(
            lambda: all(host.models[p].get("index") == i for p, i in humans.items()), WIRE_WAIT
        )
        await asyncio.sleep(0.5)  # (the kernel takes the seats before the open)
        await host.click(str(host.find("sk-table-open")))
        old = self.code
        self.code = await host.until(
            lambda: (code := self.code_shown(host)) and code != old and code, WIRE_WAIT
        )
        await guest.click(str(guest.find("sk-table-join")))
        await guest.until(lambda: guest.find("sk-table-code"), WIRE_WAIT)
        await guest.set(str(guest.find("sk-table-code")), value=self.code)
        await self.sit(guest)
        await host.until(lambda: "a pupil" in host.value("sk-table-seat-list"), WIRE_WAIT)
        await host.click(str(host.find("sk-table-start")))
        await host.until(lambda: re.search("Your|Waiting", host.value("sk-status")), WIRE_WAIT)

    async def sit(self, guest: WireDevice) -> None:
        """As ``Table.sit``: the seat buttons shown before the new table's seats came (the
        closed table's) are left alone, and a sit refused is tried again."""
        for _ in range(3):
            stale = set(guest.all("sk-table-sit"))
            await guest.click(str(guest.find("sk-table-look")))
            fresh = await guest.until(
                lambda old=stale: [b for b in guest.all("sk-table-sit") if b not in old],
                WIRE_WAIT,
            )
            await guest.click(fresh[0])
            outcome = await guest.until(
                lambda: (
                    "seated"
                    if self.code_shown(guest) == self.code
                    else "there is no table" in guest.value("sk-table-note") and "refused"
                ),
                WIRE_WAIT,
            )
            if outcome == "seated":
                return
        raise TimeoutError(f"the guest could not sit at table {self.code}")

    async def again(self) -> None:
        await self.host.click(str(self.host.find("sk-table-close")))
        for device in (self.host, self.guest):
            await device.until(lambda d=device: d.all("sk-table-open", visible=True), WIRE_WAIT)
        await self.set_up()

    @staticmethod
    def over(device: WireDevice) -> bool:
        status = device.find("sk-status")
        classes = device.models[status].get("_dom_classes", ()) if status else ()
        return "sk-over" in classes or "Game over" in device.value("sk-status")

    async def whose_turn(self) -> WireDevice | None:
        def turn() -> str | WireDevice | None:
            for device in (self.host, self.guest):
                if self.over(device):
                    return "over"
                if "Your turn" in device.value("sk-status") and device.all("sk-move", True):
                    return device
            return None

        found = await until((self.host, self.guest), turn, WIRE_WAIT)
        return None if found == "over" else found

    async def move(self, mover: WireDevice, rng: random.Random) -> None:
        other = self.guest if mover is self.host else self.host
        buttons = mover.all("sk-move", visible=True)
        if not buttons:
            return
        lines = mover.log_lines
        at = await mover.click(rng.choice(buttons))
        try:
            wanted = await mover.until(partial(mover.log_grew, lines), WIRE_WAIT)
            await other.until(partial(other.log_holds, wanted), WIRE_WAIT)
        except TimeoutError:
            self.lost += 1
            return
        clicked = at - time.monotonic() + time.time()  # (the wall clock, as the pages')
        self.moves.append(
            (
                self.code,
                clicked,
                1000 * (other.log_first_held(wanted) - at),
                1000 * (mover.log_first_held(wanted) - at),
            )
        )


def spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), percentile(values, 0.9), max(values)


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return "median {:.0f}, p90 {:.0f}, max {:.0f}".format(*spread(values))


def cell(values: list[float]) -> str:
    """The same, in a markdown table's cell."""
    return "{:.0f} / {:.0f} / {:.0f}".format(*spread(values)) if values else "-"


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


async def run(args: argparse.Namespace, server: VoilaServer) -> None:
    from playwright.async_api import async_playwright

    url, voila = server.url, psutil.Process(server.process.pid)
    rng = random.Random(args.seed)
    browsers = args.tables - args.without_browser
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**launch_options()) if browsers else None
        opening = asyncio.Semaphore(args.opening)
        began = time.monotonic()

        async def table(in_browser: bool) -> Table | WireTable:
            async with opening:
                made: Table | WireTable
                if in_browser:
                    assert browser is not None
                    host, guest = await asyncio.gather(
                        open_device(browser, url, GAME), open_device(browser, url, GAME)
                    )
                    made = Table(host, guest)
                else:
                    wired = WireDevice(url, GAME), WireDevice(url, GAME)
                    await asyncio.gather(*(device.open() for device in wired))
                    made = WireTable(*wired)
                await made.set_up()
                print(f"  table {made.code} set up at {time.monotonic() - began:.0f} s", flush=True)
                return made

        kinds = [i < browsers for i in range(args.tables)]
        made = await asyncio.gather(
            *(asyncio.wait_for(table(kind), args.setup) for kind in kinds),
            return_exceptions=True,
        )
        tables = [t for t in made if isinstance(t, (Table, WireTable))]
        failures = [f"{type(e).__name__}: {e}" for e in made if isinstance(e, BaseException)]
        setup_seconds = time.monotonic() - began
        print(
            f"{len(tables)} of {args.tables} tables set up in {setup_seconds:.0f} s"
            + "".join(f"\n  failed: {f[:300]}" for f in sorted(set(failures)))
        )
        if not tables:
            if browser is not None:
                await browser.close()
            return

        if args.nice_pages:  # every Chromium process there is now, renderers included
            for process in browser_processes():
                with contextlib.suppress(psutil.Error):
                    process.nice(19)
        # "devices": this process, the devices without a browser (and Playwright's side).
        parts = {
            "kernels": kernels(server),
            "chromium": browser_processes(),
            "devices": [psutil.Process()],
        }
        # What the pages and kernels cost while nobody plays (the pages' own timers, and
        # Playwright's), over IDLE seconds, before the play.
        idle_before = {name: cpu_seconds(p) for name, p in parts.items()}
        await asyncio.sleep(IDLE)
        idle = {name: cpu_seconds(p) - idle_before[name] for name, p in parts.items()}
        load_before = load_average()
        cpu_before = {name: cpu_seconds(p) for name, p in parts.items()}
        voila_before = cpu_seconds([voila])
        started = time.time()
        end = started + args.seconds
        played = await asyncio.gather(
            *(t.play(end, args.think, random.Random(rng.random())) for t in tables),
            return_exceptions=True,
        )
        wall = time.time() - started
        load_after = load_average()
        cpu = {name: cpu_seconds(p) - cpu_before[name] for name, p in parts.items()}
        voila_cpu = cpu_seconds([voila]) - voila_before
        kernel_mb = [rss_mb(k) for k in kernels(server)]
        voila_mb = rss_mb(voila)
        chromium_mb = sum(rss_mb(p) for p in browser_processes())
        paged = [t for t in tables if isinstance(t, Table)]
        page_errors = sum(len(d.errors) for t in paged for d in (t.host, t.guest))
        for t, outcome in zip(tables, played, strict=True):
            if isinstance(outcome, BaseException):
                t.problem = f"{type(outcome).__name__}: {outcome}"
                if isinstance(t, Table):
                    await t.photograph()
        if browser is not None:
            await browser.close()

    latencies = [ms for t in paged for ms in t.latencies]
    echoes = [ms for t in paged for ms in t.echoes]
    wired = [t for t in tables if isinstance(t, WireTable)]
    wire_latencies = [ms for t in wired for ms in t.latencies]
    lost = sum(t.lost for t in tables)
    games = sum(t.games for t in tables)
    devices = 2 * len(tables)
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{devices} devices at {len(tables)} tables of {GAME} on Voila, think "
        f"{args.think} s, {wall:.0f} s of play ({when})"
    )
    print(f"  load average before play {load_before}, after {load_after}")
    moves = len(latencies) + len(wire_latencies)
    print(
        f"  moves: {moves} counted ({moves / wall:.1f}/s), {lost} lost "
        f"(not on the other device within {WAIT // 1000} s), games finished: {games}"
    )
    wire_echoes = [ms for t in wired for ms in t.echoes]
    print(
        f"  {len(wired)} tables of devices without a browser, {len(wire_latencies)} moves, click "
        f"-> the other device holds the move ms: {summary(wire_latencies)}; the mover's own "
        f"device: {summary(wire_echoes)}"
    )
    print(
        f"  {len(paged)} tables in Chromium, {len(latencies)} moves, click -> other device's "
        f"page ms: {summary(latencies)}"
    )
    wire = [ms for t in paged for ms in t.wire]
    print(f"  A's page sends -> B's page receives (no rendering) ms: {summary(wire)}")
    print(f"  click -> mover's own page ms: {summary(echoes)}")
    print(
        f"  RSS MB: Voila server (and table service) {voila_mb:.0f}; kernels "
        f"{len(kernel_mb)}, mean {statistics.mean(kernel_mb or [0]):.0f}, total "
        f"{sum(kernel_mb):.0f}; Chromium total {chromium_mb:.0f}"
    )
    print(
        f"  CPU s while playing: Voila {voila_cpu:.0f}, kernels {cpu['kernels']:.0f}, "
        f"Chromium {cpu['chromium']:.0f}, devices without a browser (and Playwright's side) "
        f"{cpu['devices']:.0f} (2 cores: {2 * wall:.0f} core-s)"
    )
    print(
        f"  CPU s in {IDLE} s with nobody playing, before: kernels {idle['kernels']:.1f}, "
        f"Chromium {idle['chromium']:.1f}"
    )
    if page_errors:
        print(f"  {page_errors} page errors")
    for t in tables:
        if t.problem:
            print(f"  table {t.code} stopped: {t.problem[:300]}")

    # Every move, for a look at when the slow ones came: [kind, table, click's time, ms, ms].
    saved = [[type(t).__name__, *move] for t in tables for move in t.moves]
    (ARTIFACTS / "tables-browser-load-moves.json").write_text(json.dumps(saved))

    print(
        "\n| devices (tables): without a browser + in Chromium | moves | without a browser: "
        "click -> the other holds it, median / p90 / max (ms) | Chromium: click -> other page, "
        "median / p90 / max (ms) | own page, median (ms) | page to page, no rendering, "
        "median / p90 / max (ms) | CPU-s Voila / kernels / Chromium / devices | Voila RSS (MB) "
        "| kernels (MB each) | load average |"
    )
    print(
        f"| {devices} ({len(tables)}): {2 * len(wired)} + {2 * len(paged)} | {moves} "
        f"| {cell(wire_latencies)} | {cell(latencies)} "
        f"| {f'{statistics.median(echoes):.0f}' if echoes else '-'} | {cell(wire)} "
        f"| {voila_cpu:.0f} / {cpu['kernels']:.0f} / {cpu['chromium']:.0f} / {cpu['devices']:.0f} "
        f"| {voila_mb:.0f} | {len(kernel_mb)} x {statistics.mean(kernel_mb or [0]):.0f} "
        f"| {load_before.split()[0]} -> {load_after.split()[0]} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15, help="two-seat tables (2 devices each)")
    parser.add_argument("--seconds", type=float, default=180.0, help="seconds of play")
    parser.add_argument("--think", type=float, default=0.5, help="seconds before each move")
    parser.add_argument("--opening", type=int, default=2, help="tables set up at once")
    parser.add_argument("--setup", type=float, default=900.0, help="seconds a table may take")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--without-browser",
        type=int,
        default=0,
        metavar="K",
        help="K of the tables seat two devices without a browser (benchmarks/wire_device.py)",
    )
    parser.add_argument(
        "--nice-pages",
        action="store_true",
        help="run Chromium at the lowest CPU priority, as if the pages ran on other devices",
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 20:
        parser.error("--tables must be between 1 and 20 (this is a shared 2-core machine)")
    if not 0 <= args.without_browser <= args.tables:
        parser.error("--without-browser must be between 0 and --tables")
    if not 0 < args.seconds <= 900:
        parser.error("--seconds must be more than 0 and at most 900")
    extra = ("--WarmKernelManager.warm_kernels=0",)  # no kernel starts while the tables play
    with serve_voila(NOTEBOOKS, ARTIFACTS / "tables-browser-load.log", extra_args=extra) as server:
        try:
            asyncio.run(run(args, server))
        finally:
            started = kernels(server)
    # Voila shuts its kernels down as it stops; any it left are ours to end.
    for kernel in started:
        with contextlib.suppress(psutil.Error):
            if kernel.is_running():
                kernel.kill()


if __name__ == "__main__":
    main()
