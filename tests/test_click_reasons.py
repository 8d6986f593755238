"""A click on the board that does nothing says why, in the status (issue 26, item 9): a wolf
on the sheep's turn, a Lamb Mimes card that does not fit, the "?" die before the roll."""

from __future__ import annotations

import json

import sheepkit
from sheepkit.games.lamb_mimes.drawing import hand_box
from sheepkit.games.shave_a_sheep.drawing import DIE_BOX
from sheepkit.ui import GameApp


def test_a_wolf_clicked_on_the_sheeps_turn_says_whose_turn_it_is() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"], seed=1)
    drawing = app.drawing
    wolf = app.state.wolves[0]
    app.click_board(*drawing.centre(wolf))
    assert app.selection is None
    assert "There is no piece of yours" in app.message
    assert "the sheep is on E1" in app.status.value
    app.click_board(*drawing.centre(app.state.sheep))  # picking the sheep is no error
    assert app.selection == app.state.sheep and app.message == ""


def test_a_lamb_mimes_card_that_does_not_fit_says_why() -> None:
    # The record of tests/site: Player 1 holds five cards, of which only 7 green/red fits.
    hand = ["1BO", "2BO", "3BO", "4BR", "7GR"]
    others = [["5BG", "5GO", "2GO", "3GO", "4GO"], ["1OR", "2OR", "3OR", "4OR", "5OR"]]
    state = sheepkit.load("lamb_mimes", players=3).new_game()
    for cards in zip(hand, *others, strict=True):
        for card in cards:
            state = state.play(f"deal {card}")
    state = state.play("start 6GR")
    app = GameApp(state.game, seats=["Human", "Sensible", "Sensible"], autoplay=False)
    app.load_record(json.dumps(state.record()))
    x, y, w, _ = hand_box(len(hand), 0, raised=False)  # 1 blue/orange: no match
    app.click_board(x + w / 2, y + 60)
    assert "cannot be played on" in app.message, app.message
    assert app.state.history == state.history  # nothing was played


def test_the_question_mark_die_says_how_to_roll() -> None:
    app = GameApp("shave_a_sheep", seats=["Human", "Human"], seed=1)
    assert app.state.to_move == sheepkit.core.CHANCE  # "Player 1: roll the die"
    x, y, w, h = DIE_BOX
    app.click_board(x + w / 2, y + h / 2)
    assert app.message == "Press Roll, under the status, to roll the die."
