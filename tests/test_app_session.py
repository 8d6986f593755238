"""The app as a view of its session: the same games as play_game, records that replay, and the
dead ends a class found after Undo (issue 26)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from app_driver import move_buttons, play_to_the_end, shown_buttons
from event_loop import run_loop
from toy_games import DiceRace

import sheepkit
from sheepkit.core import IllegalMove, SheepkitError, replay
from sheepkit.ui import GameApp

MATCHES = [
    ("wolf_and_sheep", {}, ["Sensible", "Random"]),
    ("shave_a_sheep", {"players": 3}, ["Random", "Sensible", "Random"]),
    ("sheep_race", {"players": 2}, ["Sensible", "Random"]),
    ("lamb_mimes", {"players": 3}, ["Random", "Random", "Sensible"]),
]


@pytest.mark.parametrize(("name", "rules", "bots"), MATCHES)
def test_bots_in_the_app_play_the_play_game_game(name: str, rules: dict, bots: list[str]) -> None:
    """Seats set in the pickers, every move by "Bot: play one move": the record saved is the
    one play_match makes with the same bots and seed (issue 24: one seeding for every loop)."""
    game = sheepkit.load(name, **rules)
    app = GameApp(game, ["Human"] * game.num_players, seed=21, autoplay=False)
    for picker, bot in zip(app.seat_pickers, bots, strict=True):
        picker.value = bot
    clicks = 0
    while not app.state.is_over:
        assert clicks < 5000 and not app.controls.step_button.disabled
        app.controls.step_button.click()
        clicks += 1
    record = json.loads(app.save_record())
    assert record == sheepkit.play_match(name, bots, seed=21, **rules)
    assert record["seats"] == bots and record["seed"] == 21
    final = sheepkit.play_game(game, bots, seed=21)
    assert final.history == app.state.history


@pytest.mark.parametrize(
    ("name", "rules"), [("sheep_race", {"players": 2}), ("lamb_mimes", {"players": 3})]
)
def test_a_game_played_partly_by_humans_replays_from_its_record(name: str, rules: dict) -> None:
    game = sheepkit.load(name, **rules)
    seats = ["Human"] * 2 + ["Sensible"] * (game.num_players - 2)
    app = GameApp(game, seats, seed=5, autoplay=False)
    rng = random.Random(5)
    for _ in range(6):  # a few moves by the humans' buttons, then a human hands over to a bot
        if not app.screen.live.human_decides(app.state):
            app.step()
        elif app.chance_box.layout.display != "none":
            app.roll_button.click()
        elif app.curtain_for is not None:
            app.curtain_button.click()
        else:
            rng.choice(move_buttons(app)).click()
    app.seat_pickers[0].value = "Random"
    assert play_to_the_end(app, rng) > 0
    record = json.loads(app.save_record())
    assert record["seats"][0] == "Random" and record["seed"] == 5
    assert replay(record) == app.state
    again = GameApp(game, ["Human"] * game.num_players)
    again.load_record(json.dumps(record))
    assert again.state == app.state and again.timeline == app.timeline


@pytest.mark.parametrize(
    ("name", "seat_bot"), [("wolf_and_sheep", "Sensible"), ("wolf_and_sheep", "MCTS")]
)
def test_a_seat_turned_bot_after_undo_plays_on(name: str, seat_bot: str) -> None:
    """Issue 26: play a move, Undo, set the seat to move to a bot: it said "thinking…" for
    ever, until "Bot: play one move" was pressed. Auto-play now moves it from there."""

    async def watch() -> GameApp:
        app = GameApp(name, ["Human", "Human"], seed=3, speed_ms=50)
        app.client_ready()  # a browser shows it: auto-play may run
        app.play(app.state.legal_moves()[0])
        app.play(app.state.legal_moves()[0])
        app.undo()
        assert app.cursor == 1 and not app.at_end
        mover = app.state.to_move
        app.seat_pickers[mover].value = seat_bot
        assert "is thinking" in app.status.value
        for _ in range(500):  # until the bot has moved (MCTS takes a while)
            if app.state.ply == 2:
                break
            await asyncio.sleep(0.02)
        return app

    app = run_loop(watch())
    assert app.state.ply == 2 and app.at_end, "the bot never moved after Undo"
    assert "is thinking" not in app.status.value
    assert app.timeline[1].to_move != app.state.to_move


def test_battle_sheep_tile_controls_after_undo() -> None:
    """Issue 26: after Undo in the tile phase the status invited a move, but Rotate tile, Tile
    at and Lay tile were gone; only the board took the move."""
    app = GameApp("battle_sheep", ["Human", "Random"], seed=2, autoplay=False)
    panel = app.panel
    panel.lay_button.click()  # the human's first tile
    app.run_bots()  # the bot's
    assert app.state.ply == 2 and app.screen.live.human_decides(app.state)
    app.undo()
    assert app.cursor == 0 and not app.at_end
    assert "pick a move below" in app.status.value
    assert panel.tile_box.layout.display != "none"
    live = list(shown_buttons(panel))
    assert panel.lay_button in live and panel.rotate_button in live
    assert panel.anchor.options
    panel.rotate_button.click()
    panel.lay_button.click()  # plays from the earlier position, cutting the timeline
    assert app.at_end and app.state.ply == 1 and len(app.timeline) == 2


def test_a_refused_move_or_roll_is_said_in_the_status_line() -> None:
    app = GameApp(DiceRace(), ["Human", "Random"], seed=1, autoplay=False)
    with pytest.raises(IllegalMove, match="not a possible outcome"):
        app.roll("roll 9")
    assert "not a possible outcome" in app.status.value and app.state.ply == 0
    app.roll("roll 1")
    app.play("bank")
    assert app.step() and app.state.to_move == 1  # the bot rolled; now it decides
    with pytest.raises(SheepkitError, match="it is Player 2's turn"):
        app.play(app.state.legal_moves()[0])
    assert "played by the Random bot" in app.status.value and app.state.ply == 3
