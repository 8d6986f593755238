"""The Battle Sheep lesson in the page: a tile follows the pointer, turns and is laid with a
click; then, on a ready field, the flocks are placed and a stack is split by two board clicks.
(The generic app tests of test_apps.py open this lesson too, as one of the other notebooks.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

import sheepkit
from sheepkit.games.battle_sheep import geometry as geo
from sheepkit.games.battle_sheep.drawing import BattleSheepDrawing

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
DRAWING = BattleSheepDrawing()


def _canvas(app: AppPage):  # type: ignore[no-untyped-def]
    return app.app.locator(".sk-board canvas").first


def _log(app: AppPage) -> str:
    return app.app.locator(".sk-log").inner_text()


def test_a_tile_follows_the_pointer_turns_and_is_laid(open_app: OpenApp) -> None:
    app = open_app("battle_sheep")
    app.wait_for_board()
    assert app.board()["sizes"] == [[640, 520]]
    app.seat_humans()
    state = sheepkit.load("battle_sheep").new_game()
    x, y = DRAWING.layout(state).centre(geo.parse_cell("g7"))
    before = app.board()["hash"]
    _canvas(app).hover(position={"x": x, "y": y})
    app.wait_board_changed(before)  # the tile under the pointer is drawn
    pointed = app.board()["hash"]
    app.click(".sk-rotate")
    app.wait_board_changed(pointed)  # ...and turned
    idles = app.kernel_idles
    _canvas(app).click(position={"x": x, "y": y})
    app.wait_kernel_idle(idles)
    app.page.wait_for_function(
        "el => el.innerText.includes('tile g7 r1')",
        arg=app.app.locator(".sk-log").element_handle(),
        timeout=30_000,
    )
    assert "Player 2" in app.state()["status"]
    app.assert_healthy()
    app.screenshot("battle_sheep-placement")
    # One page load for both tests: opening the lesson runs its analysis, which takes a while.
    _flocks_are_placed_and_a_stack_split_by_clicks(app)


def _flocks_are_placed_and_a_stack_split_by_clicks(app: AppPage) -> None:
    app.app.get_by_text("Rules", exact=True).click()
    field = app.app.locator(".sk-rules .widget-dropdown", has_text="Field").locator("select")
    field.select_option(label="Ready field: tight")
    idles = app.kernel_idles
    app.app.locator(".sk-apply-rules").click()
    app.wait_kernel_idle(idles)
    app.page.wait_for_function(
        "el => el.innerText.includes('outer edge')",
        arg=app.app.locator(".sk-bs-help").element_handle(),
        timeout=30_000,
    )
    app.click(".sk-place")
    app.click(".sk-place")
    # The same two starts in Python, to know where Player 1's stack is drawn.
    state = sheepkit.load("battle_sheep", field="tight").new_game()
    state = state.play(state.legal_moves()[0])
    state = state.play(state.legal_moves()[0])
    source = state.history[0].cell
    lay = DRAWING.layout(state)
    idles = app.kernel_idles
    _canvas(app).click(position=dict(zip("xy", lay.centre(source), strict=True)))
    app.wait_kernel_idle(idles)  # the stack is picked (the panel had picked it already)
    assert app.app.locator(".sk-direction").count() >= 1
    targets = DRAWING.selected_moves(state, (source, 8))
    assert targets
    idles = app.kernel_idles
    _canvas(app).click(position=dict(zip("xy", lay.centre(targets[0].target), strict=True)))
    app.wait_kernel_idle(idles)
    app.page.wait_for_function(
        "([el, move]) => el.innerText.includes(move)",
        arg=[app.app.locator(".sk-log").element_handle(), str(targets[0])],
        timeout=30_000,
    )
    assert "Player 2" in app.state()["status"]
    app.assert_healthy()
    app.screenshot("battle_sheep-move")
