"""The contract test: every registered game, checked the same way with no code of its own.

The parameter list is ``sheepkit.games()`` read when the tests are collected, so a game
added to ``sheepkit/games`` (one ``register`` call in its ``__init__.py``) is checked here
at once: ``check_game``, its app played to the end through the app's buttons, its drawing
drawing and reading clicks on every position of a seeded game, its record replaying, and
its drawing and views satisfying the typed protocols of ``sheepkit.core.contract``.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Hashable
from typing import Any

import pytest
from app_driver import play_to_the_end
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.core import CHANCE, Game, State, check_game, replay
from sheepkit.core.contract import BoardDrawing, Frame, PanelHooks, PlayerView
from sheepkit.core.words import words_for
from sheepkit.drawing import drawing_for
from sheepkit.ui import GameApp

GAMES = sheepkit.games()
SEED = 7


def seeded_game(name: str) -> tuple[State[Any, Any], ...]:
    """Every position of one seeded random game of ``name`` (its reference playout)."""
    game = sheepkit.load(name)
    return _seeded_game(type(game), game.rules)  # by class: a name may be registered anew


@functools.cache
def _seeded_game(kind: type[Game[Any, Any, Any]], rules: Any) -> tuple[State[Any, Any], ...]:
    game = kind(rules)
    final = game.random_playout(random.Random(SEED))
    states = [game.new_game()]
    for move in final.history:
        states.append(states[-1].play(move))
    assert states[-1] == final
    return tuple(states)


# -- (a) check_game ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_check_game_passes(name: str) -> None:
    report = check_game(name, games=2, seed=SEED)
    assert report.games == 2 and report.states > 2


# -- (b) the app shell, played through its buttons --------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_app_plays_a_seeded_game_to_the_end_through_its_buttons(name: str) -> None:
    game = sheepkit.load(name)
    seats = ["Human"] + ["Random"] * (game.num_players - 1)
    app = GameApp(game, seats=seats, seed=SEED, autoplay=False)
    assert isinstance(app.drawing, BoardDrawing)
    assert isinstance(app.panel, PanelHooks)
    app.client_ready()  # as a browser would: from now on every change redraws the board
    clicked = play_to_the_end(app, random.Random(SEED))
    assert clicked > 0, "no human move was made by a button"
    assert "sk-over" in app.status._dom_classes
    assert str(app.state.outcome()) in app.status.value
    assert replay(json.loads(app.save_record())) == app.state


# -- (c), (e) the drawing: every position drawn, clicks read as legal moves --------------------
def viewers(state: State[Any, Any]) -> list[int | None]:
    """Whose eyes a position is drawn for: everyone's, and the acting player's when some
    information is hidden."""
    if not state.game.hidden_information:
        return [None]
    acting = state.acting_player
    return [None, acting if acting is not None else 0]


def grid(drawing: BoardDrawing) -> list[tuple[float, float]]:
    step = max(drawing.width, drawing.height) / 24
    return [
        (x * step + step / 2, y * step + step / 2)
        for y in range(int(drawing.height / step))
        for x in range(int(drawing.width / step))
    ]


def check_click(
    state: State[Any, Any], answer: tuple[Any, Hashable | None], where: str
) -> Hashable | None:
    assert isinstance(answer, tuple) and len(answer) == 2, f"click {where} gave {answer!r}"
    _, move = answer
    if move is not None:
        assert state.legal_option(move) is not None, f"click {where}: {move!r} is not legal"
    return move


@pytest.mark.parametrize("name", GAMES)
def test_drawing_draws_every_position_and_reads_clicks_as_legal_moves(name: str) -> None:
    states = seeded_game(name)
    drawing = drawing_for(states[0].game)  # the registered drawing, or the text board
    assert isinstance(drawing, BoardDrawing)
    assert isinstance(drawing.width, int) and isinstance(drawing.height, int)
    assert isinstance(drawing.move_buttons, bool) and isinstance(drawing.preferences, tuple)
    for attribute in drawing.preferences:
        assert hasattr(drawing, attribute), f"preference {attribute} is not an attribute"
    points = grid(drawing)
    deciding = [s for s in states if s.to_move not in (None, CHANCE)]
    sampled = {id(s) for s in deciding[:: max(1, len(deciding) // 10)]}
    moves_by_click = 0
    for state in states:
        for viewer in viewers(state):
            canvas = FakeCanvas()
            drawing.draw(canvas, Frame(state, viewer))
            assert canvas.calls, f"nothing drawn at ply {state.ply}"
        assert isinstance(drawing.takes_clicks(state), bool)
        for move in state.legal_moves():
            label = words_for(state.game).move_label(state, move)
            assert isinstance(label, str) and label, f"no words for {move}"
        if id(state) not in sampled:
            continue
        frame = Frame(state, viewers(state)[-1])
        picked: dict[str, Any] = {}
        for x, y in points:
            selection, move = drawing.click(frame, x, y)
            if check_click(state, (selection, move), f"at ({x:.0f}, {y:.0f})") is not None:
                moves_by_click += 1
            elif selection is not None:
                picked.setdefault(repr(selection), selection)
        for selection in list(picked.values())[:3]:
            marked = tuple(drawing.selected_moves(state, selection))
            assert all(state.legal_option(m) is not None for m in marked), marked
            again = Frame(state, frame.viewer, selection, marked)
            canvas = FakeCanvas()
            drawing.draw(canvas, again)  # a drawn selection, with its moves marked
            for x, y in points:
                if check_click(state, drawing.click(again, x, y), f"after {selection!r}"):
                    moves_by_click += 1
    if any(drawing.takes_clicks(s) for s in deciding):
        assert moves_by_click, "the drawing says it takes clicks, but no click played a move"


# -- (d) records ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_record_of_a_seeded_game_replays_to_an_equal_state(name: str) -> None:
    final = seeded_game(name)[-1]
    record = final.record()
    assert replay(record) == final
    text = json.dumps(record)
    assert replay(json.loads(text)) == final
    assert replay(text) == final
    halfway = seeded_game(name)[len(final.history) // 2]
    assert replay(json.loads(json.dumps(halfway.record()))) == halfway


# -- (e) views ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_views_satisfy_the_player_view_protocol(name: str) -> None:
    states = seeded_game(name)
    rng = random.Random(SEED)
    for state in states[:: max(1, len(states) // 20)]:
        for player in range(state.game.num_players):
            view = state.view(player)
            assert isinstance(view, PlayerView), f"{type(view).__name__} is not a PlayerView"
            assert view.to_move == state.to_move and view.game == state.game
            guess = view.determinize(rng)
            assert isinstance(guess, State) and guess.view(player) == view
