"""The make-a-game lesson in the page: the game the class wrote plays in the app, against the
MCTS hounds and by clicks on its board."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
# The reference drawing's geometry (sheepkit.examples.hounds_and_hare), in canvas pixels:
# point 10 (the hare's start) at (500, 190), point 6 at (390, 190).
HARE_START, POINT_6 = (500, 190), (390, 190)


def _click_board(app: AppPage, x: float, y: float) -> None:
    idles = app.kernel_idles
    app.app.locator(".sk-board canvas").first.click(position={"x": x, "y": y})
    app.wait_kernel_idle(idles)


def test_the_hounds_bot_moves_then_the_hare_is_played_by_clicks(open_app: OpenApp) -> None:
    app = open_app("make_a_game")
    app.wait_for_board(playable=False)
    assert app.board()["painted"] > 0
    # Seats: MCTS hounds, a human hare. The bot moves first, by itself.
    app.wait_for(
        "el => el.querySelectorAll('.sk-log li').length >= 1"
        " && el.querySelector('.sk-move:not([disabled])')",
        app.app.element_handle(),
        timeout=60,
        failing="the MCTS hounds did not move first by themselves",
    )
    before = app.board()["hash"]
    _click_board(app, *HARE_START)  # pick the hare...
    picked = app.wait_board_changed(before)["hash"]
    _click_board(app, *POINT_6)  # ...and put it on point 6
    app.wait_for(
        "el => Array.from(el.querySelectorAll('.sk-log li'))"
        ".some(li => li.innerText.includes('10-6'))",
        app.app.element_handle(),
        timeout=30,
        failing="two clicks on the board did not play the hare's move 10-6",
    )
    app.wait_board_changed(picked)
    app.assert_healthy()
    app.screenshot("make_a_game-clicked")


def test_a_whole_game_of_the_lessons_game_in_the_page(open_app: OpenApp) -> None:
    app = open_app("make_a_game")
    app.wait_for_board()
    app.seat_humans()
    clicks = app.play_to_end()
    assert app.state()["over"] and clicks > 0
    app.assert_healthy()
