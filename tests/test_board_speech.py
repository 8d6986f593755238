"""The board in words (the drawing contract's ``describe``, and the app's BoardSpeech): each
game says what the seat in front of the screen may see, and nothing more; the app keeps the
description beside the board and says each new log line, bot replies and the result."""

from __future__ import annotations

import random

import pytest
from toy_games import HighCard

import sheepkit
from sheepkit.core import CHANCE, State, games
from sheepkit.core.words import words_for
from sheepkit.drawing import Frame
from sheepkit.games.lamb_mimes.words import spoken
from sheepkit.ui import GameApp
from sheepkit.ui.page_style import SR_ONLY

pytestmark = pytest.mark.usefixtures("dice_race_and_high_card")


def played(name: str, plies: int, seed: int = 3, **rules: object) -> State:
    state = sheepkit.load(name, **rules).new_game()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng))
        else:
            state = state.play(rng.choice(list(state.legal_moves())))
    return state


@pytest.mark.parametrize("name", ["wolf_and_sheep", "shave_a_sheep", "battle_sheep",
                                  "lamb_mimes", "sheep_race"])  # fmt: skip
def test_every_game_describes_its_board_in_words(name: str) -> None:
    assert name in games()
    for plies in (0, 12, 400):
        state = played(name, plies)
        viewer = 0 if state.game.hidden_information else None
        words = words_for(state.game).describe(Frame(state, viewer))
        assert isinstance(words, str) and len(words.splitlines()) >= 3, words


def test_a_new_game_is_described_by_its_text_board() -> None:
    state = HighCard().new_game()
    rng = random.Random(1)
    while state.to_move == CHANCE:
        state = state.play(state.sample_chance(rng))
    frame = Frame(state, 0)
    assert words_for(state.game).describe(frame) == str(state.view(0))
    assert words_for(state.game).describe(Frame(state, None)) == str(state)


def test_wolf_and_sheep_names_every_piece_by_its_square() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game().play("E1-D2")
    words = words_for(state.game).describe(Frame(state, None))
    assert "The sheep is on D2." in words
    assert "The wolves are on B8, D8, F8, H8." in words
    assert "Last move: E1 to D2." in words
    assert words.splitlines()[-1] == "Wolves to move."


def test_lamb_mimes_says_only_the_viewers_hand() -> None:
    state = played("lamb_mimes", 40, players=3)
    assert not state.is_over
    game = state.game

    mine = words_for(state.game).describe(Frame(state, 0))
    for card in state.hands[0]:
        assert spoken(card) in mine
    others = {card for hand in state.hands[1:] for card in hand} - set(state.hands[0])
    assert others, "the other players hold no cards: nothing is tested"
    for card in others:
        assert spoken(card) not in mine.split("Pasture")[0], f"{spoken(card)} was said"
    assert f"{game.player_name(1)}: {len(state.hands[1])} card" in mine  # how many, not which
    everything = words_for(state.game).describe(Frame(state, None))  # no hidden information to keep
    assert all(spoken(card) in everything for card in others)


def test_battle_sheep_names_each_stack_by_hex_and_owner() -> None:
    state = played("battle_sheep", 60)
    words = words_for(state.game).describe(Frame(state, None))
    from sheepkit.games.battle_sheep import geometry as geo

    assert state.stacks(), "no stacks yet: nothing is tested"
    for cell, _, size in state.stacks():
        assert f"{size} on {geo.name(cell)}" in words
    assert "Player 1 (A) (circles)" in words


def test_the_app_keeps_the_description_beside_the_board_and_shows_it_on_request() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"], seed=1)
    speech = app.speech
    assert speech.name.value == "Wolf and Sheep board"
    assert "The sheep is on E1." in speech.text.value
    assert SR_ONLY in speech.text._dom_classes  # hidden to the eye, read by screen readers
    speech.button.click()
    assert SR_ONLY not in speech.text._dom_classes
    assert "The sheep is on E1." in speech.said  # and read out
    assert speech.button.description == "Hide the description"
    app.play("E1-D2")
    assert "The sheep is on D2." in speech.text.value
    speech.button.click()
    assert SR_ONLY in speech.text._dom_classes


def test_each_move_the_bots_reply_and_the_result_are_said_as_the_log_says_them() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Sensible"], seed=1, autoplay=False)
    speech = app.speech
    assert speech.live.value == ""  # the opening position: nothing was played
    app.play("E1-D2")
    assert speech.said == "Sheep: Sheep E1 → D2 (E1-D2)."
    app.run_bots()
    wolf = app.screen.live.log_entries(app.screen.words, None)[-1][2]
    assert wolf.startswith("Wolves: Wolf") and speech.said == wolf + "."
    app.undo()  # browsing the history plays nothing: nothing new is said
    assert speech.said == wolf + "."
    while not app.state.is_over:
        if app.state.to_move == 0:
            app.play(app.state.legal_moves()[0])
        app.run_bots()
    assert speech.said.endswith(f"Game over. {str(app.state.outcome()).rstrip('.')}.")


def test_nothing_of_the_next_players_hand_is_said_behind_the_curtain() -> None:
    game = sheepkit.load("lamb_mimes", players=2)
    app = GameApp(game, seats=["Human", "Human"], seed=4, autoplay=False)
    app.run_bots()  # the deal
    for _ in range(20):
        if app.curtain_for is not None:
            break
        app.play(app.state.legal_moves()[0])
        app.run_bots()
    assert app.curtain_for is not None, "the device was never passed"
    assert speech_is_only_the_curtain(app)


def speech_is_only_the_curtain(app: GameApp) -> bool:
    name = app.game.player_name(app.curtain_for)
    hidden = f"The board is hidden: pass the device to {name}."
    return (
        app.speech.text.value.count("<div>") == 1
        and hidden in app.speech.text.value
        and (app.speech.said.rstrip("\u00a0") == hidden)
    )


def test_shave_a_sheep_says_each_sheep_in_words() -> None:
    """Its text board's "sheep 0/5 wool ... <- to move" read badly aloud."""
    for plies in (0, 7, 30):
        state = played("shave_a_sheep", plies, players=3)
        words = words_for(state.game).describe(Frame(state, None))
        assert "<-" not in words and "/5" not in words, words
        for p in range(3):
            said = f"Player {p + 1}'s sheep: {state.sheep[p]} of {state.capacity} wool; "
            assert said + f"safe pile: {state.piles[p]}." in words, words
        if not state.is_over:
            assert f"Player {state.turn + 1}'s sheep" in words.split("Their turn.")[0]
        assert words.splitlines()[-1] == str(state).splitlines()[-1]
