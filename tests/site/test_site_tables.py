"""The static site served by a classroom server (``python -m sheepkit.tables.classroom``, what
``make classroom`` runs): two browser contexts, each its own device running the app on
Pyodide, sit at one Wolf and Sheep table through the browser's own websocket."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from site_harness import Offline, SitePage, serve_classroom

import sheepkit
from sheepkit.drawing import drawing_for

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser
START = 240.0  # a cold Pyodide start on a busy 2-core machine


@pytest.fixture(scope="module")
def classroom() -> Iterator[str]:
    # Its store in a temp folder, not the repository's classes/.
    with serve_classroom(Path(tempfile.mkdtemp(prefix="sheepkit-site-tables-"))) as url:
        yield url


def device(chromium: Browser, url: str, contexts: list[Offline]) -> SitePage:
    offline = Offline.new(chromium, url)
    contexts.append(offline)
    page = offline.open("voici/render/wolf_and_sheep.html", "wolf_and_sheep")
    page.wait_ready(timeout=START)
    page.wait_for_board(timeout=60, playable=False)
    return page


def test_two_devices_on_the_static_site_play_at_one_table(
    chromium: Browser, classroom: str
) -> None:
    contexts: list[Offline] = []
    try:
        host = device(chromium, classroom, contexts)
        host.seat_humans()
        host.app.locator(".sk-table-open").click()
        host.wait_text(".sk-table-code-shown", "^[A-Z2-9]{4}$")
        code = host.app.locator(".sk-table-code-shown").inner_text().strip()
        guest = device(chromium, classroom, contexts)
        guest.app.locator(".sk-table-join").click()
        guest.app.locator(".sk-table-code input").fill(code)
        guest.app.locator(".sk-table-look").click()
        guest.app.locator(".sk-table-sit", has_text="Wolves").click(timeout=60_000)
        guest.wait_text(".sk-table-code-shown", code)
        host.app.locator(".sk-table-start").click()
        host.wait_text(".sk-status", "Your turn")
        # The sheep's first move by the board, on the host's device; the guest's shows it.
        game = sheepkit.load("wolf_and_sheep")
        drawing, state = drawing_for(game), game.new_game()
        move = state.legal_moves()[0]
        canvas = host.app.locator(".sk-board canvas").first
        for square in (move.source, move.target):
            x, y = drawing.centre(square)
            canvas.click(position={"x": x, "y": y})
        guest.wait_text(".sk-log", f"\\({move}\\)")
        guest.wait_text(".sk-status", "Your turn, Wolves")
        for app in (host, guest):
            app.assert_healthy()
    finally:
        for offline in contexts:
            offline.close()
