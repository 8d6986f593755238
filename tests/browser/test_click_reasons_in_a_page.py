"""In the page: a click on the board that does nothing says why in the status (a wolf clicked
on the sheep's turn)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

import sheepkit
from sheepkit.drawing import drawing_for

pytestmark = pytest.mark.browser


def test_a_wolf_clicked_on_the_sheeps_turn_says_why(open_app: Callable[[str], AppPage]) -> None:
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    state = sheepkit.load("wolf_and_sheep").new_game()
    x, y = drawing_for(state.game).centre(state.wolves[0])
    canvas = app.app.locator(".sk-board canvas").first
    canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
    scale: float = canvas.evaluate("c => c.getBoundingClientRect().width / c.width")
    canvas.click(position={"x": x * scale, "y": y * scale})
    app.wait_for(
        "el => el.querySelector('.sk-status').innerText.includes('no piece of yours')",
        app.app.element_handle(),
        failing="the click on a wolf said nothing",
    )
    app.assert_healthy()
