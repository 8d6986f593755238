"""The Lamb Mimes lesson in the page: the app paints and deals, a hand card is played by
clicking it on the board, a human with nothing to play flips a Pasture card with its button
(positions rigged by loading a record whose deal we chose), and between two human players the
board is hidden behind the pass-the-device curtain. One page load per test: each runs the
whole lesson."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from voila_harness import AppPage

import sheepkit
from sheepkit.games.lamb_mimes.drawing import hand_box
from sheepkit.games.lamb_mimes.rules import KINDS, MIME_DRAW, NUMBER_CARDS, parse_card
from sheepkit.games.lamb_mimes.words import spoken

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
CURTAIN = ".sk-curtain:visible"


def _open(open_app: OpenApp) -> AppPage:
    """The lesson, once its last code cell (the bots' round robin) has shown its button. Voila
    renders cell by cell: until the last cell has run, clicks wait behind the cells still
    running. (In Voila the lesson's analyses wait for their buttons, sheepkit.ui.on_request.)"""
    app = open_app("lamb_mimes")
    app.wait_for_board()
    last = app.page.locator(".sk-run-request", has_text="Play the bots' round robin")
    last.wait_for(timeout=120_000)
    return app


def _wait_until(app: AppPage, done: Callable[[dict], bool], limit: int = 40) -> dict:
    """Wait while the app deals and draws by itself (and bots play) until ``done(state)``."""
    state = app.state()
    for _ in range(limit):
        if done(state):
            return state
        state = app.wait_changed(state)
    raise AssertionError(f"lamb_mimes: still waiting after {limit} changes: {state}")


def test_the_device_is_passed_between_human_players(open_app: OpenApp) -> None:
    app = _open(open_app)
    app.seat_humans()
    _wait_until(app, lambda s: bool(s["moves"]))  # the deal is done: Player 1 decides
    app.click(".sk-move")  # Player 1 plays or flips; then the next human must take the device
    curtain = lambda s: app.app.locator(CURTAIN).count() > 0  # noqa: E731
    # A flipped Pasture card that fits leaves Player 1 to hide a hand card in its spot: still
    # Player 1's turn (CI once drew that path), so Player 1 plays on until the turn passes.
    for _ in range(3):
        state = _wait_until(app, lambda s: curtain(s) or bool(s["moves"]))
        if curtain(state):
            break
        assert "Player 1" in state["status"], state
        app.click(".sk-move")
    _wait_until(app, curtain)
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


FLIPS = [f"Flip Pasture spot {spot}" for spot in range(1, 5)]


def _dealt(hand: list[str]) -> sheepkit.State:
    """A 3-player match dealt so: ``hand`` for Player 1, whose turn it is, on a green-red 6."""
    others = [["5BG", "5GO", "2GO", "3GO", "4GO"], ["1OR", "2OR", "3OR", "4OR", "5OR"]]
    state = sheepkit.load("lamb_mimes", players=3).new_game()
    for cards in zip(hand, *others, strict=True):
        for card in cards:
            state = state.play(f"deal {card}")
    return state.play("start 6GR")


def _load(app: AppPage, state: sheepkit.State, moves: list[str]) -> None:
    """Continue from ``state`` through the app's Save / load panel; wait for Player 1's moves."""
    panel = app.app.get_by_text("Save / load")
    if not app.app.locator(".sk-record textarea").is_visible():
        panel.click()
    app.app.locator(".sk-record textarea").fill(json.dumps(state.record()))
    app.app.locator(".sk-load").click()
    _wait_until(app, lambda s: s["moves"] == moves)


def _log_has(app: AppPage, text: str) -> str:
    app.wait_for(
        "([el, text]) => el.innerText.includes(text)",
        [app.app.locator(".sk-log").element_handle(), text],
        timeout=60,
        failing=f"the log never said {text!r}",
    )
    return app.app.locator(".sk-log").inner_text()


def test_the_board_paints_a_hand_card_is_clicked_and_a_stuck_player_flips(
    open_app: OpenApp,
) -> None:
    app = _open(open_app)
    assert app.board()["painted"] > 0
    assert app.board()["sizes"] == [[760, 520]]
    # The app deals by itself (no Roll clicks in a card game); then it is the human's turn.
    _wait_until(app, lambda s: bool(s["moves"]))
    assert not app.state()["roll"], "a card game offers no Roll button to peek or rig with"
    app.assert_healthy()
    # The hand: only the 7 green/red fits the 6 green/red; it stands up, and a click plays it.
    hand = ["1BO", "2BO", "3BO", "4BR", "7GR"]
    _load(app, _dealt(hand), ["Play 7 green/red"])
    x, y, w, _ = hand_box(len(hand), 4, raised=True)
    before = app.board()["hash"]
    canvas = app.app.locator(".sk-board canvas").last
    # The whole board in view first: ipycanvas focuses the canvas on a mouse press, and the
    # browser then scrolls a partly hidden canvas into view before the click is measured.
    canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
    canvas.click(position={"x": x + w / 2, "y": y + 20})
    app.wait_board_changed(before)
    _log_has(app, "Player 1: Play 7 green/red")
    app.assert_healthy()
    app.screenshot("lamb_mimes-after-a-move")

    # The Pasture flip: nothing in this hand fits, so the only moves are the four flips.
    _load(app, _dealt(["1BO", "2BO", "3BO", "4BR", "1BG"]), FLIPS)
    before = app.board()["hash"]
    app.app.locator(".sk-move", has_text="Flip Pasture spot 1").click()
    log = _log_has(app, "Player 1 turns up ")
    app.wait_board_changed(before)
    # The app's own reveal and draws are folded into one log line: "Player 1 turns up blue
    # Lamb Mime; Player 1 draws a card ×2".
    shown = log.split("Player 1 turns up ", 1)[1].splitlines()[0].split(";")[0].strip()
    card = next(c for c in range(KINDS) if spoken(c) == shown)
    game = sheepkit.load("lamb_mimes", players=3)
    if card >= NUMBER_CARDS:  # a Mime: Player 1 draws its number, it leaves the round
        log = _log_has(app, "Player 2: ")
        # The log lists the newest entry first: Player 1's draws stand between Player 2's
        # first move (above) and the turned-up Mime (on its line, or below it).
        newer, older = log.split(f"Player 1 turns up {shown}", 1)
        since = newer.rsplit("Player 2: ", 1)[1] + older.splitlines()[0]
        draws = sum(int(n or 1) for n in re.findall(r"Player 1 draws a card(?: ×(\d+))?", since))
        assert draws == MIME_DRAW[card - NUMBER_CARDS], log
    elif game.playable(card, parse_card("6GR")):  # it fits: played, and a hand card replaces it
        state = _wait_until(app, lambda s: bool(s["moves"]) and s["moves"][0].startswith("Put"))
        assert all(m.endswith("in the Pasture spot 1") for m in state["moves"]), state
        assert len(state["moves"]) == 5  # any card of the five in the hand
        app.click(".sk-move")
        _log_has(app, f"Player 1: {state['moves'][0]}")
    else:  # no fit: turned back (now known to all), and the turn passes
        log = _log_has(app, "Player 2: ")
        assert "Player 1 draws" not in log and "Player 1: Put" not in log
    app.screenshot("lamb_mimes-after-a-flip")
    app.assert_healthy()
