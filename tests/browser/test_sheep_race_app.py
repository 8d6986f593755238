"""The Sheep Race lesson in the page: betting by buttons behind pass-the-device curtains, then
a race turn: roll, the selected sheep, pace buttons with distance and cubes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

from sheepkit.games.sheep_race.drawing import HEIGHT, WIDTH

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
CURTAIN = ".sk-curtain:visible"


def test_betting_and_a_race_turn_between_human_players(open_app: OpenApp) -> None:
    app = open_app("sheep_race")
    app.wait_for_board()
    assert app.board()["sizes"][-1] == [WIDTH, HEIGHT]
    app.seat_humans()
    labels: list[str] = []
    curtains = 0
    state = app.state()
    for _ in range(60):
        if app.app.locator(CURTAIN).count():
            curtains += 1
            assert not state["moves"] and not state["roll"], "the curtain hides every action"
            state = app.click(".sk-curtain")
        elif state["roll"]:
            before = app.board()["hash"]
            state = app.click(".sk-roll")
            app.wait_board_changed(before)  # the selected sheep is outlined
            break
        elif state["moves"]:
            labels += state["moves"]
            state = app.click(".sk-move")
        else:
            state = app.wait_changed(state)
    assert any(label.startswith("Visible bet: lane") for label in labels)
    assert any(label.startswith("Hidden bets: lanes") for label in labels)
    assert curtains >= 2
    paces = state["moves"]
    assert paces and all(":" in p for p in paces), paces
    assert any("square" in p or "take back" in p for p in paces)
    assert "choose its pace" not in app.app.locator(".sk-log").inner_text()
    assert "Standings" in app.app.locator(".sk-race-results").inner_text()
    app.screenshot("sheep_race-pace-choice")
    before = app.board()["hash"]
    app.click(".sk-move")
    app.wait_board_changed(before)  # the sheep moved; the device goes to the next player
    assert app.app.locator(CURTAIN).count() == 1
    app.assert_healthy()
