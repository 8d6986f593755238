"""How fast the game apps feel in a browser. A measurement, not a test: it asserts nothing.

For each game notebook, served by Voila and opened in headless Chromium:
  - open -> board: seconds from asking for the page to a painted board canvas (Voila runs the
    whole notebook first, so this includes the notebook's own work; the first open also pays
    for the kernel's cold imports);
  - open -> action: seconds from asking for the page to the first moment a student can act (an
    enabled move button or Roll button for the default seats: Player 1 human, bots elsewhere;
    a card game's deal comes first);
  - click -> pixels: milliseconds from clicking a move button to the board's pixels changing,
    timed inside the page with performance.now() and polled every animation frame (so the
    resolution is one frame, ~17 ms), median and 90th percentile over N clicks.

Run from the repo root:  .venv/bin/python benchmarks/browser_latency.py [--clicks 20] [name ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import (  # the harness lives with the tests, on the path above
    AppPage,
    VoilaServer,
    launch_chromium,
    serve_voila,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CLICK_TIMEOUT_MS = 30_000
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")


def open_game(
    browser: Browser, server: VoilaServer, name: str
) -> tuple[AppPage, float, float | None]:
    started = time.monotonic()
    app = AppPage.open(browser, server, name)
    app.wait_for_board()
    seconds = time.monotonic() - started
    action = None
    while time.monotonic() - started < 120:
        state = app.state()
        if state["moves"] or state["roll"]:
            action = time.monotonic() - started
            break
        app.page.wait_for_timeout(50)
    app.seat_humans()  # every timed click is a human move, not a wait for a bot
    return app, seconds, action


def measure(browser: Browser, server: VoilaServer, name: str, clicks: int) -> dict[str, object]:
    app, first_open, first_action = open_game(browser, server, name)
    opens = [first_open]
    latencies: list[float] = []
    misses = 0
    while len(latencies) < clicks and misses < clicks:
        state = app.state()
        if state["over"]:  # the game ended: start another one in a fresh page
            app.close()
            app, seconds, _ = open_game(browser, server, name)
            opens.append(seconds)
            continue
        if app.app.locator(".sk-curtain:visible").count():  # hot seat: pass the device
            app.click(".sk-curtain")
            continue
        if not state["moves"]:
            if state["roll"]:
                app.click(".sk-roll")
            else:  # a bot is on the move
                app.wait_changed(state)
            continue
        idles = app.kernel_idles
        ms = app.app.evaluate(
            "(el, t) => window.__sk.clickAndTime(el, '.sk-move', t)", CLICK_TIMEOUT_MS
        )
        if ms is None or ms < 0:
            misses += 1  # the click did not change the board (or no button was enabled)
        else:
            latencies.append(float(ms))
        app.wait_kernel_idle(idles)  # start the next click from a quiet app
        app.page.wait_for_timeout(100)
    problems = app.problems()
    app.close()
    return {
        "name": name,
        "first_open": first_open,
        "first_action": first_action,
        "reopen": statistics.median(opens[1:]) if len(opens) > 1 else None,
        "median": statistics.median(latencies) if latencies else None,
        "p90": statistics.quantiles(latencies, n=10)[-1] if len(latencies) >= 2 else None,
        "clicks": len(latencies),
        "misses": misses,
        "problems": len(problems),
    }


def fmt(value: object, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=list(GAMES))
    parser.add_argument("--clicks", type=int, default=20)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with serve_voila() as server, sync_playwright() as playwright:
        print(f"voila answered after {server.startup_seconds:.1f} s")
        browser = launch_chromium(playwright)
        rows = [measure(browser, server, name, args.clicks) for name in args.names]
        browser.close()

    head = ("notebook", "open->board s", "open->action s", "reopen s", "click->pixels ms")
    print(
        f"{head[0]:<20} {head[1]:>14} {head[2]:>15} {head[3]:>9} {head[4]:>17} {'p90 ms':>7}"
        f" {'clicks':>7}"
    )
    for r in rows:
        print(
            f"{r['name']:<20} {fmt(r['first_open'], '.1f'):>14} "
            f"{fmt(r['first_action'], '.1f'):>15} {fmt(r['reopen'], '.1f'):>9} "
            f"{fmt(r['median'], '.0f'):>17} {fmt(r['p90'], '.0f'):>7} {r['clicks']:>7}"
            + (f"  ({r['misses']} clicks left the board unchanged)" if r["misses"] else "")
            + (f"  ({r['problems']} page/kernel errors!)" if r["problems"] else "")
        )


if __name__ == "__main__":
    main()
