"""Every game page opens with a "Play the game now" link (issue 26, item 7): the first Tab
stop of the page, it leads past the lesson to the app's title, and the next Tab is in the app."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
GAMES = ["wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race"]


@pytest.mark.parametrize("name", GAMES)
def test_the_play_link_leads_the_keyboard_past_the_lesson(open_app: OpenApp, name: str) -> None:
    app = open_app(name)
    app.wait_for_board()
    page = app.page
    app.wait_for(
        "() => document.getElementById('play')",
        failing="no #play anchor on the app",
    )
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("Tab")
    link = page.evaluate("() => document.activeElement.textContent.trim()")
    assert link == "Play the game now: skip the lesson to the app", link
    page.keyboard.press("Enter")
    app.wait_for(
        "() => document.activeElement && document.activeElement.id === 'play'",
        failing="Enter on the link did not bring focus to the app",
    )
    top = app.app.evaluate("el => el.querySelector('#play').getBoundingClientRect().top")
    assert -2 <= top < page.viewport_size["height"] / 2, f"the app's title is at y={top}"
    page.keyboard.press("Tab")
    assert app.app.evaluate("el => el.contains(document.activeElement)"), "Tab left the app"
    app.assert_healthy()
