"""The Lamb Mimes lesson in the page: the app paints, a move changes the board, and between two
human players the board is hidden behind the pass-the-device curtain."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
CURTAIN = ".sk-curtain:visible"


def _wait_until(app: AppPage, done: Callable[[dict], bool], limit: int = 40) -> dict:
    """Wait while the app deals and draws by itself (and bots play) until ``done(state)``."""
    state = app.state()
    for _ in range(limit):
        if done(state):
            return state
        state = app.wait_changed(state)
    raise AssertionError(f"lamb_mimes: still waiting after {limit} changes: {state}")


def test_the_board_paints_and_a_move_changes_it(open_app: OpenApp) -> None:
    app = open_app("lamb_mimes")
    app.wait_for_board()
    assert app.board()["painted"] > 0
    assert app.board()["sizes"] == [[760, 520]]
    app.assert_healthy()
    # The app deals by itself (no Roll clicks in a card game); then it is the human's turn.
    _wait_until(app, lambda s: bool(s["moves"]))
    assert not app.state()["roll"], "a card game offers no Roll button to peek or rig with"
    before = app.board()["hash"]
    app.click(".sk-move")
    app.wait_board_changed(before)
    app.assert_healthy()
    app.screenshot("lamb_mimes-after-a-move")


def test_the_device_is_passed_between_human_players(open_app: OpenApp) -> None:
    app = open_app("lamb_mimes")
    app.wait_for_board()
    app.seat_humans()
    _wait_until(app, lambda s: bool(s["moves"]))  # the deal is done: Player 1 decides
    app.click(".sk-move")  # Player 1 plays or flips; then the next human must take the device
    _wait_until(app, lambda s: app.app.locator(CURTAIN).count() > 0)
    state = app.state()
    assert "Pass the device" in state["status"], state
    assert not state["moves"] and not state["roll"], "the curtain must hide every action"
    log = app.app.locator(".sk-log").inner_text()
    assert log.strip() == "", "the log must be hidden behind the curtain"
    hidden = app.board()["hash"]
    app.screenshot("lamb_mimes-curtain")
    app.click(".sk-curtain")
    app.wait_board_changed(hidden)
    assert app.app.locator(CURTAIN).count() == 0
    assert app.state()["moves"]  # the new player's own decision
    assert "deal " not in app.app.locator(".sk-log").inner_text()  # no card names of the deal
    app.assert_healthy()
