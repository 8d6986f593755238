"""The board from the keyboard on the static site (issue 26): in Pyodide as on the Voila
server, the arrow keys move the cursor over Wolf and Sheep's board and Enter plays."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from site_harness import SitePage

pytestmark = pytest.mark.browser

OpenPage = Callable[[str, str], SitePage]
START = 240.0  # a cold Pyodide start on a busy 2-core machine
SAID = "el => (el.querySelector('.sk-live') || {}).textContent || ''"


def press(app: SitePage, key: str) -> str:
    """Press ``key`` on the focused board; what the live region says then."""
    before = app.app.evaluate(SAID)
    app.page.keyboard.press(key)
    app.wait_for(
        "([el, before]) => (el.querySelector('.sk-live') || {}).textContent !== before",
        [app.app.element_handle(), before],
        timeout=60,
        failing=f"nothing was said after {key}",
    )
    return str(app.app.evaluate(SAID)).replace("\u00a0", "").strip()


def test_wolf_and_sheep_is_played_by_the_arrow_keys_and_enter(open_page: OpenPage) -> None:
    app = open_page("voici/render/wolf_and_sheep.html", "wolf_and_sheep")
    app.wait_ready(timeout=START)
    app.wait_for_board(timeout=60)
    app.wait_for(
        "el => el.querySelector('.sk-board canvas[role=application]')",
        app.app.element_handle(),
        failing="the board did not get the application role",
    )
    app.app.locator(".sk-board canvas").first.focus()
    assert press(app, "ArrowRight").startswith("A8")  # the first key shows the cursor
    for _ in range(7):
        press(app, "ArrowDown")
    for _ in range(4):
        heard = press(app, "ArrowRight")
    assert heard.startswith("E1: the sheep"), heard
    assert press(app, "Enter").startswith("E1: the sheep, picked")
    press(app, "ArrowUp")
    heard = press(app, "ArrowLeft")
    assert heard.startswith("D2") and "may go here" in heard, heard
    app.page.keyboard.press("Enter")
    app.wait_for(
        "el => Array.from(el.querySelectorAll('.sk-log li'))"
        ".some(li => /E1-D2/.test(li.textContent))",
        app.app.element_handle(),
        timeout=90,
        failing="Enter on D2 did not play the sheep's step",
    )
    app.assert_healthy()
