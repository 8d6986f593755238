"""One Voila app page on a quiet server, open -> board. A measurement, not a test.

Starts a Voila on 127.0.0.1 (the project's voila.json; its warm kernels replaced between
visits, so that every visit gets one) and opens each game notebook --visits times, one page
after another in one headless Chromium with a browser profile of its own (so from the second
visit on, Voila's scripts come from the HTTP cache, already compiled, as for a pupil who opens
a second lesson). For each visit: seconds
from asking for the page to its game board painted with a button to press, timed inside the
page as benchmarks/voila_load.py times it; and any page or kernel error.

Run from the repo root:  .venv/bin/python benchmarks/voila_page.py [--visits 6] [name ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import (  # the harness lives with the tests, on the path above
    PAINT_WATCH,
    AppPage,
    VoilaServer,
    launch_profile,
    serve_voila,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")
DEADLINE = 30.0  # seconds a page may take before the visit counts as failed
REFILL = 8.0  # seconds for the server to replace the warm kernel a visit took


def visit(context: BrowserContext, server: VoilaServer, name: str) -> tuple[float | None, int]:
    """(seconds from asking for the page to its board painted, None if not within DEADLINE;
    the page's and kernel's errors)."""
    app = AppPage(context.new_page(), name)
    app.page.add_init_script(PAINT_WATCH)
    try:
        app.page.goto(f"{server.url}/voila/render/{name}.ipynb", wait_until="commit")
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            painted = app.page.evaluate("() => window.__skPainted ?? null")
            if painted is not None:
                return float(painted) / 1000, len(app.problems())
            app.page.wait_for_timeout(20)
        return None, len(app.problems())
    finally:
        app.close()  # its beacon shuts the page's kernel down


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=list(GAMES))
    parser.add_argument("--visits", type=int, default=6)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    # Two warm kernels, replaced a second after a page took one: every visit gets one.
    warm = ("--WarmKernelManager.warm_kernels=2", "--WarmKernelManager.refill_after=1")
    with (
        serve_voila(extra_args=warm) as server,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory(prefix="sheepkit-profile-") as profile,
    ):
        context = launch_profile(playwright, Path(profile))
        time.sleep(REFILL)
        for name in args.names:
            seconds, problems = [], 0
            for _ in range(args.visits):
                painted, errors = visit(context, server, name)
                seconds.append(painted)
                problems += errors
                time.sleep(REFILL)
            timed = [s for s in seconds if s is not None]
            shown = " ".join("-" if s is None else f"{s:.2f}" for s in seconds)
            summary = f"median {statistics.median(timed):.2f}" if timed else "none painted"
            warning = f"  ({problems} page/kernel errors!)" if problems else ""
            print(f"{name:<16} open -> board s: {shown}   ({summary}){warning}", flush=True)
        context.close()


if __name__ == "__main__":
    main()
