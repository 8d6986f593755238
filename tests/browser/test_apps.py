"""The apps as a person meets them: open each notebook in Voila, look, click, finish a game.

Everything goes through the page (Chromium + Voila + a real kernel); nothing here imports
sheepkit. No timing asserts: benchmarks/browser_latency.py measures speed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import GAME_NOTEBOOKS, NOTEBOOKS, AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
WELCOME = "00_welcome"
# Lessons without a game of their own (rule lab, write-your-own-bot...): they must open cleanly.
OTHER_NOTEBOOKS = sorted(
    p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in {WELCOME, *GAME_NOTEBOOKS}
)


def _opens_cleanly(open_app: OpenApp, name: str) -> None:
    assert (NOTEBOOKS / f"{name}.ipynb").is_file(), f"missing notebooks/{name}.ipynb"
    app = open_app(name)
    app.page.wait_for_timeout(1500)  # widget views render after Voila's shell: let them fail
    app.assert_healthy()
    app.screenshot()


def test_welcome_opens(open_app: OpenApp) -> None:
    _opens_cleanly(open_app, WELCOME)


@pytest.mark.parametrize("name", OTHER_NOTEBOOKS)
def test_notebook_opens(open_app: OpenApp, name: str) -> None:
    _opens_cleanly(open_app, name)


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_app_shows_a_painted_board(open_app: OpenApp, name: str) -> None:
    assert (NOTEBOOKS / f"{name}.ipynb").is_file(), f"missing notebooks/{name}.ipynb"
    app = open_app(name)
    app.wait_for_board()
    board = app.board()
    assert board["painted"] > 0, board
    assert app.state()["status"], "the app has no .sk-status text"
    app.assert_healthy()
    app.screenshot()


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_a_move_button_changes_the_board(open_app: OpenApp, name: str) -> None:
    app = open_app(name)
    app.wait_for_board()
    app.seat_humans()  # the first move is then surely ours to click
    state = app.state()
    for _ in range(10):  # a game may open on a chance node: roll until there is a choice
        if state["moves"] or not state["roll"]:
            break
        state = app.click(".sk-roll")
    assert state["moves"], f"no enabled .sk-move button: {state}"
    before = app.board()["hash"]
    app.click(".sk-move")
    app.wait_board_changed(before)
    app.assert_healthy()


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_a_whole_game_can_be_played_in_the_page(open_app: OpenApp, name: str) -> None:
    app = open_app(name)
    app.wait_for_board()
    app.seat_humans()  # every move by click: no bot timing in the loop
    clicks = app.play_to_end()
    state = app.state()
    assert state["over"], state
    assert clicks > 0
    app.assert_healthy()
    app.screenshot(f"{name}-over")


@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_the_bot_answers_by_itself(open_app: OpenApp, name: str) -> None:
    """Default seats: a human against a bot, with auto-play on. After the human's move the
    bot (and its dice) must play without any click, until the human is to act again."""
    app = open_app(name)
    app.wait_for_board()
    state = app.state()
    human_entries = 0
    for _ in range(5):  # a roll, then a move: the human's whole turn
        if state["moves"]:
            app.click(".sk-move")
            human_entries += 1
            break
        assert state["roll"], f"the human has nothing to do at the start: {state}"
        state = app.click(".sk-roll")
        human_entries += 1
    app.wait_for(
        """([el, n]) => {
            const entries = el.querySelectorAll('.sk-log li').length;
            const mine = el.querySelector('.sk-roll:not([disabled])')
                && getComputedStyle(el.querySelector('.sk-roll')).display !== 'none'
                || el.querySelector('.sk-move:not([disabled])');
            return entries > n && mine;
        }""",
        [app.app.element_handle(), human_entries],
        timeout=60,
        failing="the bot did not answer the human's move by itself",
    )
    app.assert_healthy()


def test_clicking_a_board_half_off_the_page_does_not_scroll_it(open_app: OpenApp) -> None:
    """ipycanvas focuses the canvas on mouse-down; without the app's CSS the browser would
    scroll a partly hidden board into view first, and the click would land elsewhere."""
    app = open_app("wolf_and_sheep")
    app.wait_for_board()
    canvas = app.app.locator(".sk-board canvas").first
    # Put the board's top 150 px above the page's top edge, once the lesson stops growing.
    half_off = """async c => {
        const pause = ms => new Promise(r => setTimeout(r, ms));
        let height = -1;
        for (let i = 0; i < 100 && document.body.scrollHeight !== height; i++) {
            height = document.body.scrollHeight;
            await pause(300);
        }
        let s = c.parentElement;
        const scrolls = e => e.scrollHeight > e.clientHeight
            && getComputedStyle(e).overflowY !== "visible";
        while (s && !scrolls(s))
            s = s.parentElement;
        s = s || document.scrollingElement;
        s.style.scrollBehavior = 'auto';
        s.scrollTop += c.getBoundingClientRect().top + 150;
        await pause(300);
        return c.getBoundingClientRect().toJSON();
    }"""
    box = canvas.evaluate(half_off)
    assert box["top"] < 0 < box["bottom"], f"the board is not half off the page: {box}"
    app.page.mouse.click(box["left"] + box["width"] / 2, box["bottom"] - 30)
    app.page.wait_for_timeout(500)
    after = canvas.evaluate("c => c.getBoundingClientRect().top")
    assert after == box["top"], f"the click scrolled the board from {box['top']} to {after}"
    app.assert_healthy()
