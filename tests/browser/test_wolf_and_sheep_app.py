"""Wolf and Sheep in the page: the preferences, the hint button (after the lesson's prediction)
and a rule variant."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]


def test_preferences_hint_and_a_bigger_board(open_app: OpenApp) -> None:
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    before = app.board()["hash"]
    app.app.get_by_text("Light squares", exact=True).click()
    after = app.wait_board_changed(before)["hash"]
    app.app.get_by_text("Dark", exact=True).click()
    app.wait_board_changed(after)

    # The Hint would answer the lesson's prediction: it waits for the pupil's guess.
    hint = app.app.locator(".sk-hint")
    assert hint.is_disabled() and "after your prediction" in hint.inner_text()
    box = app.page.locator(".sk-predict", has_text="Who wins?")
    box.get_by_text("the wolves", exact=True).click()
    box.locator(".sk-run-request", has_text="Solve the game").click()
    box.locator(".sk-predict-result", has_text="You guessed the wolves.").wait_for(timeout=120_000)
    hint.get_by_text("Hint: who wins from here?").wait_for()
    hint.click()
    app.wait_for(
        "el => /win in \\d+ moves/.test(el.querySelector('.sk-hint-text').innerText)",
        app.app.element_handle(),
        timeout=60,
        failing="the hint never said who wins",
    )

    # Rules panel: a 10x10 board with five wolves, as a new game.
    app.app.get_by_text("Rules", exact=True).click()
    board = app.app.locator(".sk-rules .widget-dropdown", has_text="Board size")
    board.locator("select").select_option(label="10x10")
    before = app.board()["hash"]
    app.app.locator(".sk-apply-rules").click()
    app.wait_board_changed(before)
    app.wait_for(
        "el => el.querySelector('.sk-board canvas').width === 474",
        app.app.element_handle(),
        failing="the canvas did not take the 10x10 board's size",
    )
    app.assert_healthy()
    app.screenshot("wolf_and_sheep-preferences")


def test_the_perfect_game_opens_on_request_and_replays(open_app: OpenApp) -> None:
    """The replay is a second app (about 120 widgets): the page makes it when asked, not on
    open, so that a class opening the lesson at once waits for one app per page."""
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    page = app.page
    assert page.locator(".sk-app").count() == 1, "the replay was made before it was asked for"
    page.locator(".sk-run-request", has_text="Show the perfect game").click()
    replay = page.locator(".sk-request-output .sk-app")
    replay.wait_for(timeout=60_000)
    canvas = replay.locator(".sk-board canvas").first.element_handle()
    blank = "c => { const b = document.createElement('canvas'); b.width = c.width;"
    blank += " b.height = c.height; return c.toDataURL() !== b.toDataURL(); }"
    app.wait_for(blank, canvas, failing="the perfect game's board was never drawn")
    before = canvas.evaluate("c => c.toDataURL()")
    replay.locator(".sk-redo").click()
    app.wait_for(
        "([c, before]) => c.toDataURL() !== before",
        [canvas, before],
        failing="Redo did not step the perfect game on",
    )
    app.assert_healthy()


def test_the_solved_game_waits_for_a_guess_then_shows_it_beside_the_result(
    open_app: OpenApp,
) -> None:
    """Predict, then see (sheepkit.ui.predict): no answer and no explanation before the
    guess; a press without a guess is refused; after it, the result beside the guess."""
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    page = app.page
    prediction = page.locator(".sk-predict", has_text="Who wins?")
    prediction.wait_for(timeout=60_000)
    assert "wolves win in 44 moves" not in page.inner_text("body")
    assert "the sheep can only" not in page.inner_text("body").lower()
    button = prediction.locator(".sk-run-request")
    button.click()
    problem = prediction.locator(".sk-predict-problem")
    app.wait_for(
        "e => e.innerText.includes('Pick one answer first')",
        problem.element_handle(),
        failing="a press without a guess was not refused",
    )
    prediction.get_by_text("the wolves", exact=True).click()
    button.click()
    result = prediction.locator(".sk-predict-result")
    app.wait_for(
        "e => e.innerText.includes('The run says')",
        result.element_handle(),
        timeout=60,
        failing="the result never appeared beside the guess",
    )
    assert result.inner_text().strip() == (
        "You guessed the wolves. The run says the wolves win in 44 moves."
    )
    app.wait_for(
        "e => e.innerText.includes('The sheep can only make the game last.')",
        prediction.element_handle(),
        timeout=60,
        failing="the explanation never appeared after the run",
    )
    copy = prediction.locator(".sk-copy-line input[readonly]")
    assert (
        copy.input_value()
        == "Wolf and Sheep | perfect play | 8x8, 4 wolves: the wolves win in 44 moves"
        " | my guess: the wolves"
    )
    app.screenshot("wolf_and_sheep-prediction")
    app.assert_healthy()
