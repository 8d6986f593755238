"""The make-a-game lesson in the page: the game the class wrote plays in the app, against the
MCTS hounds and by clicks on its board; its matches wait for the pupil's guess."""

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


def test_the_matches_wait_for_a_guess_then_show_the_result_beside_it(open_app: OpenApp) -> None:
    app = open_app("make_a_game")
    box = app.page.locator(".sk-predict", has_text="Who wins more often?")
    box.wait_for(timeout=120_000)
    assert box.locator(".sk-explanation").count() == 0  # hidden until the run
    button = box.locator(".sk-run-request", has_text="Play the matches")
    button.click()  # no guess yet: nothing runs
    box.locator(".sk-predict-problem", has_text="Pick one answer first.").wait_for()
    box.get_by_text("the hounds", exact=True).click()
    button.click()
    result = box.locator(".sk-predict-result")
    result.get_by_text("You guessed the hounds.", exact=False).wait_for(timeout=120_000)
    assert "The run says the hare won 198 of 200 games (99% [96%, 100%])." in result.inner_text()
    explanation = box.locator(".sk-explanation").first.inner_text()
    assert "the hare nearly always slips through" in explanation
    copied = box.locator(".sk-copy-line input").input_value()
    assert copied.startswith("Hounds and Hare | hare wins | Random hounds v Random hare: 198/200")
