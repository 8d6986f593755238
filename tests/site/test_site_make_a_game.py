"""The make-a-game lesson in the static site (Voici, Pyodide): the game the lesson's cells
write registers, paints its board, and its MCTS hounds answer a move by themselves."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from site_harness import SitePage

pytestmark = pytest.mark.browser

OpenPage = Callable[[str, str], SitePage]
START = 240.0  # a cold Pyodide start on a busy 2-core machine (as in test_site.py)
BOT = 90.0
# The hare may act: an enabled move button once the log has more than n lines.
_HARE_TURN = """([el, n]) => el.querySelectorAll('.sk-log li').length > n
    && !!el.querySelector('.sk-move:not([disabled])')"""


def test_the_lessons_game_plays_in_the_static_site(open_page: OpenPage) -> None:
    app = open_page("voici/render/make_a_game.html", "make_a_game")
    app.wait_ready(timeout=START)
    app.wait_for_board(timeout=60, playable=False)
    assert app.board()["painted"] > 0
    # Seats: MCTS hounds (they move first, by themselves), a human hare.
    app.wait_for(_HARE_TURN, [app.app.element_handle(), 0], BOT, failing="no first hound move")
    before = app.board()["hash"]
    app.click(".sk-move", BOT)  # the hare's move, by its button
    assert app.board()["hash"] != before, "the move button did not change the board"
    app.wait_for(
        _HARE_TURN, [app.app.element_handle(), 2], BOT, failing="the hounds never answered"
    )
    app.assert_healthy()
    app.screenshot("site-make_a_game")
